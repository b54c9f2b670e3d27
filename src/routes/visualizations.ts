import { Router, type RequestHandler } from 'express';
import { jsonBody } from '../http/json-body';
import { z } from 'zod';
import type { AppConfig } from '../config';
import type { AppDeps } from '../core/context';
import { endpoint } from '../http/endpoint';
import { VisualizationService } from '../services/visualizations/visualization-service';
import { ImageExportService } from '../services/visualizations/image-export-service';
import {
  CREATE_VISUALIZATION_EXAMPLE,
  PNG_EXAMPLE,
  UPDATE_VISUALIZATION_EXAMPLE,
  VISUALIZATION_EXAMPLE,
  VISUALIZATION_SUMMARY_EXAMPLE,
  createVisualizationBody,
  exportImageBody,
  listQuery,
  shareGroupsBody,
  shareInfoSchema,
  shareUsersBody,
  updateVisualizationBody,
  visualizationInfoBody,
  visualizationSchema,
} from './schemas/visualizations';
import { idParams } from './schemas/users';

const tag = 'Visualizations';
const JSON_TYPES = ['application/json', 'application/*+json'];

/**
 * Visualization contents and exported images may be larger than server.bodyLimitBytes: their own
 * parsers (limits from config.visualizations, plus room for the JSON around them) run before the
 * general one, which then leaves the parsed body alone.
 */
export function visualizationBodyParsers(config: AppConfig): RequestHandler[] {
  const headroom = 64 * 1024;
  const content = Math.max(config.server.bodyLimitBytes, config.visualizations.maxContentBytes + headroom);
  const image = Math.max(config.server.bodyLimitBytes, Math.ceil((config.visualizations.maxImageBytes * 4) / 3) + headroom);
  const contentParser = jsonBody({ limit: content, type: JSON_TYPES });
  const imageParser = jsonBody({ limit: image, type: JSON_TYPES });
  return [
    (req, res, next) =>
      req.path === '/visualizations' || req.path.startsWith('/visualizations/') ? contentParser(req, res, next) : next(),
    (req, res, next) => (req.path === '/visualization/export/image' ? imageParser(req, res, next) : next()),
  ];
}

const listResponse = (description: string) => ({
  200: { description, schema: z.array(visualizationSchema), example: [VISUALIZATION_EXAMPLE] },
});

/** Visualizations (spec 4.9). /visualizations/own and /share are declared before /visualizations/{id}; ids are numeric. */
export function createVisualizationsRouter(deps: AppDeps): Router {
  void deps;
  const router = Router();

  endpoint(
    router,
    {
      method: 'get',
      path: '/visualizations',
      tag,
      access: 'authenticated',
      summary: 'Visualizations of the session user',
      description:
        'Every visualization owned by, directly shared with, or shared through a group with the session user (all of them with VIEW_ALL_VISUALIZATIONS), ' +
        'each described as GET /visualizations/{id} describes one: owner, whether it is hidden for this user, and the content after postprocessing. ' +
        'content=false leaves the content out. Hidden ones are listed too, with hidden true.',
      query: listQuery,
      responses: listResponse('Visualizations in name order'),
    },
    ({ ctx, query }) => new VisualizationService(ctx).list('visible', query.content),
  );

  endpoint(
    router,
    {
      method: 'post',
      path: '/visualizations',
      tag,
      access: 'authenticated',
      summary: 'Create a visualization',
      description:
        'Creates a visualization owned by the session user. Elements the user cannot see are left out of the stored content; each element gets its DATA_TYPES uid. ' +
        'Content larger than visualizations.maxContentBytes is 413. Audited as visualization.create.',
      body: { schema: createVisualizationBody, example: CREATE_VISUALIZATION_EXAMPLE },
      responses: {
        201: {
          description: 'The created visualization, as GET /visualizations/{id} answers',
          schema: visualizationSchema,
          example: { ...VISUALIZATION_EXAMPLE, sharedWith: { users: [], groups: [] }, deleted: { nodes: 0, relationships: 0 } },
        },
      },
    },
    ({ ctx, body }) => new VisualizationService(ctx).create(body),
  );

  endpoint(
    router,
    {
      method: 'get',
      path: '/visualizations/own',
      tag,
      access: 'authenticated',
      summary: 'Visualizations owned by the session user',
      description: 'As GET /visualizations, limited to the ones the session user owns.',
      query: listQuery,
      responses: listResponse('Own visualizations in name order'),
    },
    ({ ctx, query }) => new VisualizationService(ctx).list('own', query.content),
  );

  endpoint(
    router,
    {
      method: 'get',
      path: '/visualizations/share',
      tag,
      access: 'authenticated',
      summary: 'Visualizations shared with the session user',
      description:
        "As GET /visualizations, limited to the ones shared with the session user directly or through one of the user's groups (not the own ones).",
      query: listQuery,
      responses: {
        200: {
          description: 'Shared visualizations in name order',
          schema: z.array(visualizationSchema),
          example: [{ ...VISUALIZATION_EXAMPLE, own: false, sharedWithMe: true, sharedWith: undefined }],
        },
      },
    },
    ({ ctx, query }) => new VisualizationService(ctx).list('shared', query.content),
  );

  endpoint(
    router,
    {
      method: 'get',
      path: '/visualizations/{id}',
      tag,
      access: 'authenticated',
      summary: 'A visualization',
      description:
        'The visualization when the session user owns it, it is shared with the user directly or through a group, or the user holds VIEW_ALL_VISUALIZATIONS; ' +
        'else 404 as for an id that does not exist. The content is postprocessed for the reader: elements and properties the reader may not see are left out, ' +
        'labels and properties are read fresh, deleted elements are dropped and counted in "deleted". An element saved with a DATA_TYPES uid is found by it under its current id; ' +
        'an id now held by an element with another uid or none (Neo4j reuses the ids of deleted elements) is not shown and counts as deleted (docs/ids.md). Audited as visualization.access.',
      params: idParams,
      responses: { 200: { description: 'The visualization', schema: visualizationSchema, example: VISUALIZATION_EXAMPLE } },
    },
    ({ ctx, params }) => new VisualizationService(ctx).get(params.id),
  );

  endpoint(
    router,
    {
      method: 'put',
      path: '/visualizations/{id}',
      tag,
      access: 'authenticated',
      summary: 'Update a visualization',
      description:
        'Replaces the content (and name / description when given). Owner only (403 NOT_VISUALIZATION_OWNER for others who see it); changing the owner is refused ' +
        '(403 OWNER_CHANGE_REFUSED). Same content rules as creation. Audited as visualization.update.',
      params: idParams,
      body: { schema: updateVisualizationBody, example: UPDATE_VISUALIZATION_EXAMPLE },
      responses: { 200: { description: 'The updated visualization', schema: visualizationSchema, example: VISUALIZATION_EXAMPLE } },
    },
    ({ ctx, params, body }) =>
      new VisualizationService(ctx).update(params.id, {
        content: body.content,
        name: body.name,
        description: body.description,
        ownerId: body.ownerId ?? body.owner?.id,
      }),
  );

  endpoint(
    router,
    {
      method: 'delete',
      path: '/visualizations/{id}',
      tag,
      access: 'authenticated',
      summary: 'Delete a visualization',
      description:
        'Deletes a visualization owned by the session user, with its shares and hidden flags. Others who see it get 403 NOT_VISUALIZATION_OWNER. Audited as visualization.delete.',
      params: idParams,
      responses: { 204: { description: 'Deleted' } },
    },
    async ({ ctx, params }) => {
      await new VisualizationService(ctx).remove(params.id);
    },
  );

  endpoint(
    router,
    {
      method: 'put',
      path: '/visualizations/{id}/hidden',
      tag,
      access: 'authenticated',
      summary: 'Hide a visualization for the session user',
      description:
        'Hides a visualization the session user can see, for this user only (other users are unaffected). Idempotent. Audited as visualization.hide.',
      params: idParams,
      responses: { 204: { description: 'Hidden for the session user' } },
    },
    async ({ ctx, params }) => {
      await new VisualizationService(ctx).setHidden(params.id, true);
    },
  );

  endpoint(
    router,
    {
      method: 'delete',
      path: '/visualizations/{id}/hidden',
      tag,
      access: 'authenticated',
      summary: 'Unhide a visualization for the session user',
      description: 'Shows a hidden visualization again, for the session user only. Idempotent. Audited as visualization.unhide.',
      params: idParams,
      responses: { 204: { description: 'Visible again for the session user' } },
    },
    async ({ ctx, params }) => {
      await new VisualizationService(ctx).setHidden(params.id, false);
    },
  );

  endpoint(
    router,
    {
      method: 'put',
      path: '/visualizations/{id}/info',
      tag,
      access: 'authenticated',
      summary: 'Rename and describe a visualization',
      description: 'Updates name and description (kept when absent). Owner only. Audited as visualization.info.update.',
      params: idParams,
      body: { schema: visualizationInfoBody, example: { name: 'Acme employees (2026)', description: 'Updated after the March import' } },
      responses: {
        200: {
          description: 'The visualization without content',
          schema: visualizationSchema,
          example: { ...VISUALIZATION_SUMMARY_EXAMPLE, name: 'Acme employees (2026)', description: 'Updated after the March import' },
        },
      },
    },
    ({ ctx, params, body }) => new VisualizationService(ctx).setInfo(params.id, body),
  );

  endpoint(
    router,
    {
      method: 'put',
      path: '/visualizations/{id}/users',
      tag,
      access: 'SHARE_VISUALIZATION',
      summary: 'Share a visualization with users',
      description:
        'Replaces the users the visualization is shared with. Owner only. Users newly added must share a group with the owner unless the owner holds ' +
        'SHARE_VISUALIZATION_WITH_EVERYONE (403 SHARE_BEYOND_GROUPS); unknown or deleted users are 422 UNKNOWN_USER; the owner in the list is ignored. ' +
        'Audited as visualization.share.users with the usernames added and removed.',
      params: idParams,
      body: { schema: shareUsersBody, example: { userIds: ['43', '44'] } },
      responses: {
        200: {
          description: 'Who it is shared with now',
          schema: shareInfoSchema,
          example: {
            users: [
              { id: '43', username: 'pdvorak' },
              { id: '44', username: 'mcerna' },
            ],
            groups: [{ id: '3', name: 'Analysts' }],
          },
        },
      },
      errors: [422],
    },
    ({ ctx, params, body }) => new VisualizationService(ctx).shareWithUsers(params.id, body.userIds),
  );

  endpoint(
    router,
    {
      method: 'put',
      path: '/visualizations/{id}/groups',
      tag,
      access: 'SHARE_VISUALIZATION',
      summary: 'Share a visualization with groups',
      description:
        "Replaces the groups the visualization is shared with. Owner only. Groups newly added must be the owner's own groups unless the owner holds " +
        'SHARE_VISUALIZATION_WITH_EVERYONE (403 SHARE_BEYOND_GROUPS); unknown groups are 422 UNKNOWN_GROUP. Audited as visualization.share.groups with the group names.',
      params: idParams,
      body: { schema: shareGroupsBody, example: { groupIds: ['3'] } },
      responses: {
        200: {
          description: 'Who it is shared with now',
          schema: shareInfoSchema,
          example: { users: [{ id: '43', username: 'pdvorak' }], groups: [{ id: '3', name: 'Analysts' }] },
        },
      },
      errors: [422],
    },
    ({ ctx, params, body }) => new VisualizationService(ctx).shareWithGroups(params.id, body.groupIds),
  );

  endpoint(
    router,
    {
      method: 'post',
      path: '/visualization/export/image',
      tag,
      access: 'EXPORT_DATA',
      summary: 'Download an image of a visualization',
      description:
        'Takes a Base64 PNG or SVG (a data URL or plain Base64 with format) and returns it as a download (Content-Disposition: attachment with a safe file name). ' +
        'The image is checked to really be one: a PNG by its signature and chunk structure (IHDR first, CRCs, IEND), an SVG by parsing it and refusing scripts, ' +
        'event handler attributes, javascript: URLs, foreignObject and external references (415). Larger than visualizations.maxImageBytes is 413. ' +
        'SVG is served with a Content-Security-Policy that blocks scripts, and X-Content-Type-Options: nosniff. Audited as visualization.export.image.',
      body: { schema: exportImageBody, example: { image: PNG_EXAMPLE, fileName: 'Acme employees' } },
      responses: {
        200: {
          description: 'The image as a download (image/png or image/svg+xml)',
          contentType: 'image/*',
          schema: z.string().openapi({ type: 'string', format: 'binary' }),
          example: '(binary PNG)',
        },
      },
      errors: [415],
    },
    async ({ ctx, body, res }) => {
      const download = await new ImageExportService(ctx).prepare(body);
      res.status(200).set(download.headers).send(download.bytes);
    },
  );

  return router;
}
