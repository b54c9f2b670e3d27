import { Router } from 'express';
import { z } from 'zod';
import type { AppDeps } from '../core/context';
import { endpoint } from '../http/endpoint';
import { AppearanceService } from '../services/files/appearance-service';
import { IMAGE_SECURITY_HEADERS, sendFile } from '../http/send-file';
import {
  fileNameParams,
  iconInfoSchema,
  iconListSchema,
  iconUploadBody,
  imageInfoSchema,
  imageUploadMiddleware,
  licenseBody,
  licenseSchema,
  logoUploadBody,
  widgetFileParams,
} from './schemas/appearance';

const TAG = 'Appearance';
const BINARY = {
  description: 'The file',
  contentType: 'application/octet-stream',
  schema: z.string().openapi({ type: 'string', format: 'binary' }),
};

/** What GET /widgets/{widgetName}/{fileName} sends: the media types of contentTypeOfName (services/files/content-type.ts). */
const WIDGET_MEDIA_TYPES = [
  'text/javascript',
  'text/css',
  'text/html',
  'application/json',
  'text/plain',
  'text/markdown',
  'text/csv',
  'application/xml',
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/svg+xml',
  'image/x-icon',
  'font/woff',
  'font/woff2',
  'font/ttf',
  'font/otf',
  'application/wasm',
  'application/octet-stream',
];

export function createAppearanceRouter(deps: AppDeps): Router {
  const router = Router();
  const uploads = () => imageUploadMiddleware(deps.config.uploads.maxIconBytes);

  endpoint(
    router,
    {
      method: 'get',
      path: '/logo',
      tag: TAG,
      access: 'public',
      summary: 'Application logo',
      description:
        'The custom logo uploaded with PUT /logo (PNG, SVG, JPEG, GIF or WebP), or the built-in SVG logo when there is none. Served with X-Content-Type-Options: nosniff and a sandboxing Content-Security-Policy.',
      responses: { 200: { ...BINARY, description: 'The logo image (Content-Type image/png, image/svg+xml, ...)', contentType: 'image/*' } },
    },
    async ({ ctx, res }) => {
      const service = new AppearanceService(ctx);
      const custom = await service.customLogo();
      res.set('Cache-Control', 'no-cache');
      if (custom) return sendFile(res, custom, IMAGE_SECURITY_HEADERS);
      const fallback = service.defaultLogo();
      res
        .status(200)
        .set({ 'Content-Type': fallback.contentType, ...IMAGE_SECURITY_HEADERS })
        .send(Buffer.from(fallback.body, 'utf8'));
    },
  );

  endpoint(
    router,
    {
      method: 'put',
      path: '/logo',
      tag: TAG,
      access: 'SETTINGS_MANAGEMENT',
      summary: 'Replace the logo',
      description:
        'Uploads a new logo as multipart/form-data in the field "file". The type is checked by content: PNG, JPEG, GIF or WebP by their magic bytes, or SVG text without scripts, ' +
        'event handlers or external references; anything else is 415. Larger than uploads.maxIconBytes is 413. Audited as logo.update.',
      body: { schema: logoUploadBody, example: { file: '(binary image)' }, contentType: 'multipart/form-data' },
      middleware: uploads(),
      responses: { 200: { description: 'Stored', schema: imageInfoSchema, example: { contentType: 'image/png', bytes: 18234 } } },
      errors: [507],
    },
    ({ ctx, body }) => new AppearanceService(ctx).setLogo(body.file),
  );

  endpoint(
    router,
    {
      method: 'delete',
      path: '/logo',
      tag: TAG,
      access: 'SETTINGS_MANAGEMENT',
      summary: 'Restore the default logo',
      description: 'Removes the custom logo so the built-in one is served again. Audited as logo.update when a custom logo existed.',
      responses: { 204: { description: 'The default logo applies' } },
    },
    async ({ ctx }) => {
      await new AppearanceService(ctx).resetLogo();
    },
  );

  endpoint(
    router,
    {
      method: 'get',
      path: '/icons',
      tag: TAG,
      access: 'authenticated',
      summary: 'Custom icon names',
      description: 'The file names of all custom icons (images in <dataDir>/icons), sorted.',
      responses: { 200: { description: 'Icon file names', schema: iconListSchema, example: ['factory.png', 'warehouse.svg'] } },
    },
    ({ ctx }) => new AppearanceService(ctx).listIcons(),
  );

  endpoint(
    router,
    {
      method: 'get',
      path: '/icons/{fileName}',
      tag: TAG,
      access: 'authenticated',
      summary: 'One custom icon',
      description:
        'The icon file with its image Content-Type and X-Content-Type-Options: nosniff. Names outside the file-name rule (path traversal, separators) are 400 INVALID_FILE_NAME; unknown names 404.',
      params: fileNameParams,
      responses: { 200: { ...BINARY, description: 'The icon image', contentType: 'image/*' } },
    },
    async ({ ctx, params, res }) => {
      const icon = await new AppearanceService(ctx).icon(params.fileName);
      res.set('Cache-Control', 'private, max-age=300');
      await sendFile(res, icon, IMAGE_SECURITY_HEADERS);
    },
  );

  endpoint(
    router,
    {
      method: 'post',
      path: '/icons',
      tag: TAG,
      access: 'SETTINGS_MANAGEMENT',
      summary: 'Upload a custom icon',
      description:
        'Stores an icon from the multipart field "file" under the name in the field "name" (or the uploaded file name); an icon of that name is replaced. ' +
        "The content must be an accepted image (415 otherwise) whose type matches the name's extension; larger than uploads.maxIconBytes is 413. Audited as icon.create.",
      body: { schema: iconUploadBody, example: { file: '(binary image)', name: 'warehouse.svg' }, contentType: 'multipart/form-data' },
      middleware: uploads(),
      responses: {
        201: {
          description: 'Stored',
          schema: iconInfoSchema,
          example: { name: 'warehouse.svg', contentType: 'image/svg+xml', bytes: 912, replaced: false },
        },
      },
      errors: [507],
    },
    ({ ctx, body }) => new AppearanceService(ctx).createIcon(body.name ?? body.file.originalname ?? '', body.file),
  );

  endpoint(
    router,
    {
      method: 'delete',
      path: '/icons/{fileName}',
      tag: TAG,
      access: 'SETTINGS_MANAGEMENT',
      summary: 'Delete a custom icon',
      description: 'Removes the icon file. Unknown names are 404. Audited as icon.delete.',
      params: fileNameParams,
      responses: { 204: { description: 'Deleted' } },
    },
    async ({ ctx, params }) => {
      await new AppearanceService(ctx).deleteIcon(params.fileName);
    },
  );

  endpoint(
    router,
    {
      method: 'get',
      path: '/widgets/{widgetName}/{fileName}',
      tag: TAG,
      access: 'authenticated',
      summary: 'External widget file',
      description:
        'A file of an external widget, from <dataDir>/widgets/<widgetName>/<fileName>, with a Content-Type by extension and X-Content-Type-Options: nosniff. Sub-folders are not addressable.',
      params: widgetFileParams,
      responses: {
        200: {
          ...BINARY,
          contentType: WIDGET_MEDIA_TYPES,
          description: 'The widget file, with the Content-Type of its extension (application/octet-stream when unknown)',
        },
      },
    },
    async ({ ctx, params, res }) => {
      const file = await new AppearanceService(ctx).widgetFile(params.widgetName, params.fileName);
      res.set('Cache-Control', 'private, max-age=300');
      await sendFile(res, file);
    },
  );

  endpoint(
    router,
    {
      method: 'get',
      path: '/license',
      tag: TAG,
      access: 'authenticated',
      summary: 'License',
      description: 'The stored license text and when it was last changed; both null before the first PUT /license.',
      responses: {
        200: {
          description: 'License',
          schema: licenseSchema,
          example: {
            license: '-----BEGIN LICENSE-----\nCustomer: Example Ltd\n-----END LICENSE-----',
            updatedAt: '2026-11-20T10:00:00.000Z',
          },
        },
      },
    },
    ({ ctx }) => new AppearanceService(ctx).license(),
  );

  endpoint(
    router,
    {
      method: 'put',
      path: '/license',
      tag: TAG,
      access: 'SETTINGS_MANAGEMENT',
      summary: 'Update the license',
      description:
        'Replaces the license text (at most 64 KiB as UTF-8; larger is 413). Audited as license.update with the size and SHA-256 of the text.',
      body: { schema: licenseBody, example: { license: '-----BEGIN LICENSE-----\nCustomer: Example Ltd\n-----END LICENSE-----' } },
      responses: {
        200: {
          description: 'Stored',
          schema: licenseSchema,
          example: {
            license: '-----BEGIN LICENSE-----\nCustomer: Example Ltd\n-----END LICENSE-----',
            updatedAt: '2026-11-20T10:00:00.000Z',
          },
        },
      },
    },
    ({ ctx, body }) => new AppearanceService(ctx).setLicense(body.license),
  );

  return router;
}
