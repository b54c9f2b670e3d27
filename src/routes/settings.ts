import { timingSafeEqual } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import { Router } from 'express';
import multer from 'multer';
import { z } from 'zod';
import type { AppDeps } from '../core/context';
import { endpoint } from '../http/endpoint';
import { BadRequestError, ForbiddenError, UnsupportedMediaTypeError } from '../errors';
import { SettingsService } from '../services/settings/settings-service';
import { settingsForUser } from '../services/settings/settings-view';
import { assertSettingType, SETTING_TYPES } from '../services/settings/registry';
import {
  allSettingsExample,
  allSettingsSchema,
  dataTypesExample,
  importBodySchema,
  importResultSchema,
  sampleQuery,
  settingTypeParams,
  settingValueSchema,
} from './schemas/settings';

const tag = 'Settings';
const typeList = SETTING_TYPES.join(', ');

/**
 * GET /settings/default and GET /settings/automatic change every setting although they are GETs
 * (spec 4.12). A browser sends the session cookie on a cross-site top-level GET (SameSite=Lax), so
 * for cookie sessions these need proof that the page itself asked: the X-CSRF-Token header or an
 * X-Requested-With header (which a cross-site navigation cannot set). Basic and token callers
 * carry no ambient authority and need neither.
 */
function sameOriginGet(req: Request, _res: Response, next: NextFunction): void {
  if (req.authMethod !== 'session') return next();
  const expected = req.session?.csrfToken;
  const sent = req.get('x-csrf-token');
  const tokenOk =
    typeof sent === 'string' &&
    typeof expected === 'string' &&
    sent.length === expected.length &&
    timingSafeEqual(Buffer.from(sent), Buffer.from(expected));
  if (tokenOk || req.get('x-requested-with')) return next();
  next(new ForbiddenError('This GET changes settings: send the X-CSRF-Token (or X-Requested-With) header', {}, 'CSRF_TOKEN_INVALID'));
}

function requireMultipart(req: Request, _res: Response, next: NextFunction): void {
  if (!req.is('multipart/form-data'))
    return next(new UnsupportedMediaTypeError('Upload the file as multipart/form-data in the field "file"'));
  next();
}

/** Application settings (spec 4.12). */
export function createSettingsRouter(deps: AppDeps): Router {
  const router = Router();
  const upload = multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: deps.config.uploads.maxBytes, files: 1, fields: 10, parts: 12 },
  }).single('file');

  endpoint(
    router,
    {
      method: 'get',
      path: '/settings',
      tag,
      access: 'authenticated',
      summary: 'All application settings',
      description:
        `Every application setting by type (${typeList}). A type never stored reads as its default. ` +
        'Users without Settings management see them through their data access: labels, types and properties hidden from them are left out.',
      responses: { 200: { description: 'Settings by type', schema: allSettingsSchema, example: allSettingsExample } },
    },
    ({ ctx }) => settingsForUser(ctx),
  );

  endpoint(
    router,
    {
      method: 'get',
      path: '/settings/export',
      tag,
      access: 'SETTINGS_MANAGEMENT',
      summary: 'Export all settings (zip)',
      description:
        'A zip archive settings.zip with one <TYPE>.json file per setting type, ready for POST /settings/import on another instance.',
      responses: {
        200: {
          description: 'The zip archive (attachment settings.zip)',
          contentType: 'application/zip',
          schema: z.string().openapi({ type: 'string', format: 'binary' }),
          example: '(binary zip archive: DATA_TYPES.json, DATA_SCHEMA.json, FULLTEXT_INDEX.json, APPEARANCE.json)',
        },
      },
    },
    async ({ ctx, res }) => {
      const zip = await new SettingsService(ctx).exportZip();
      res
        .status(200)
        .set({
          'Content-Type': 'application/zip',
          'Content-Disposition': 'attachment; filename="settings.zip"',
          'Cache-Control': 'no-store',
        })
        .send(zip);
    },
  );

  endpoint(
    router,
    {
      method: 'post',
      path: '/settings/import',
      tag,
      access: 'SETTINGS_MANAGEMENT',
      summary: 'Import settings from a zip or one file',
      description:
        'multipart/form-data with the field "file": a .zip of <TYPE>.json files (as exported) or a single <TYPE>.json file. ' +
        'Each file name must equal a setting type with the .json suffix (422 SETTINGS_FILE_NAME) and each content must validate (400 VALIDATION_FAILED, 400 INVALID_JSON). ' +
        'All files are imported in one transaction, or none. Zip archives are checked before extraction: too many entries or a total uncompressed size over the limit is 413; ' +
        'entry names with directories, ".." or absolute paths are 400 ZIP_ENTRY_NAME; entries other than .json and uploads other than .zip / .json are 415.',
      body: { schema: importBodySchema, example: { file: '(DATA_TYPES.json)' }, contentType: 'multipart/form-data' },
      responses: {
        200: {
          description: 'The imported setting types',
          schema: importResultSchema,
          example: { imported: ['DATA_TYPES', 'DATA_SCHEMA'] },
        },
      },
      errors: [413, 415, 422],
      middleware: [requireMultipart, upload],
    },
    async ({ ctx, req }) => {
      const file = req.file;
      if (!file) throw new BadRequestError('Upload the file in the multipart field "file"', 'FILE_REQUIRED');
      const imported = await new SettingsService(ctx).importUpload({
        originalname: file.originalname,
        buffer: file.buffer,
        mimetype: file.mimetype,
      });
      return { imported };
    },
  );

  endpoint(
    router,
    {
      method: 'get',
      path: '/settings/default',
      tag,
      access: 'SETTINGS_MANAGEMENT',
      summary: 'Set all settings to their defaults',
      description:
        'A GET that modifies (spec 4.12): stores the default of every setting type and returns all settings. Audited as settings.reset. ' +
        'Cookie sessions must send the X-CSRF-Token or X-Requested-With header (a cross-site link cannot).',
      responses: {
        200: {
          description: 'The settings now stored',
          schema: allSettingsSchema,
          example: {
            DATA_TYPES: { nodeLabels: ['*'], relationshipTypes: ['*'], uid: { nodes: {}, relationships: {} } },
            DATA_SCHEMA: { nodes: {}, relationships: {} },
            FULLTEXT_INDEX: { labels: [], properties: [] },
            APPEARANCE: { nodeCaptions: {}, colors: {}, relationshipColors: {}, icons: {}, sizes: {} },
          },
        },
      },
      middleware: [sameOriginGet],
    },
    ({ ctx }) => new SettingsService(ctx).resetAllToDefault(),
  );

  endpoint(
    router,
    {
      method: 'get',
      path: '/settings/automatic',
      tag,
      access: 'SETTINGS_MANAGEMENT',
      summary: 'Set all settings automatically from a data sample',
      description:
        'A GET that modifies (spec 4.12): computes every setting from a sample of the graph (the first sampleSize nodes and relationships, default 1000, ' +
        'plus the lists of labels, types and property keys), stores them and returns them. Audited as settings.reset. ' +
        'Cookie sessions must send the X-CSRF-Token or X-Requested-With header.',
      query: sampleQuery,
      responses: { 200: { description: 'The settings now stored', schema: allSettingsSchema, example: allSettingsExample } },
      middleware: [sameOriginGet],
    },
    ({ ctx, query }) => new SettingsService(ctx).resetAllToAutomatic(query.sampleSize),
  );

  endpoint(
    router,
    {
      method: 'get',
      path: '/settings/default/{type}',
      tag,
      access: 'authenticated',
      summary: 'Default of one setting',
      description: `The default value of one setting type (${typeList}); nothing is stored.`,
      params: settingTypeParams,
      responses: {
        200: {
          description: 'The default value',
          schema: settingValueSchema,
          example: { nodeLabels: ['*'], relationshipTypes: ['*'], uid: { nodes: {}, relationships: {} } },
        },
      },
    },
    ({ ctx, params }) => new SettingsService(ctx).defaultOf(assertSettingType(params.type)),
  );

  endpoint(
    router,
    {
      method: 'get',
      path: '/settings/automatic/{type}',
      tag,
      access: 'SETTINGS_MANAGEMENT',
      summary: 'Automatic value of one setting',
      description:
        `The value of one setting type (${typeList}) computed from a sample of the graph data (default: the first 1000 nodes and 1000 relationships); nothing is stored. ` +
        'Reads the data without access restrictions, hence the permission.',
      params: settingTypeParams,
      query: sampleQuery,
      responses: { 200: { description: 'The automatic value', schema: settingValueSchema, example: dataTypesExample } },
    },
    ({ ctx, params, query }) => new SettingsService(ctx).automaticOf(assertSettingType(params.type), query.sampleSize),
  );

  endpoint(
    router,
    {
      method: 'put',
      path: '/settings/{type}',
      tag,
      access: 'SETTINGS_MANAGEMENT',
      summary: 'Update one setting',
      description:
        `Replaces the value of one setting type (${typeList}); unknown type: 404 SETTING_TYPE_NOT_FOUND; a value that does not validate: 400 VALIDATION_FAILED with issues ` +
        '(for example DATA_TYPES with an empty nodeLabels list, or a label with quotes or backticks). Audited as settings.update.',
      params: settingTypeParams,
      body: { schema: settingValueSchema, example: dataTypesExample },
      responses: {
        200: { description: 'The stored value (with defaults filled in)', schema: settingValueSchema, example: dataTypesExample },
      },
    },
    ({ ctx, params, body }) => new SettingsService(ctx).put(assertSettingType(params.type), body),
  );

  return router;
}
