import { z } from 'zod';
import '../../openapi/registry';
import { CONTENT_EXAMPLE, visualizationContentSchema } from '../../services/visualizations/content-schema';
import { propertyValueSchema } from './graph';
import { idSchema } from './users';

const name = z.string().trim().min(1).max(200);
const description = z.string().max(5000);
const idList = z.array(idSchema).max(10000);

export const visualizationContentBody = visualizationContentSchema.openapi('VisualizationContent', {
  description:
    'The working state of the canvas, format version 1: elements by internal id with position and style (uid is computed by the server from DATA_TYPES), ' +
    'style rules and captions by label / type, filters (filter language), selection, and the view (zoom, pan). Labels, types, ends and properties are not stored: ' +
    'every read adds them fresh as the reader may see them (sent with a save, they are ignored). At most visualizations.maxContentBytes as JSON (413).',
  example: CONTENT_EXAMPLE,
});

const shareInfoSchema = z
  .object({
    users: z.array(z.object({ id: z.string(), username: z.string() })),
    groups: z.array(z.object({ id: z.string(), name: z.string() })),
  })
  .openapi('VisualizationShares', { example: { users: [{ id: '43', username: 'pdvorak' }], groups: [{ id: '3', name: 'Analysts' }] } });

const readNode = z.looseObject({
  id: z.string(),
  labels: z.array(z.string()),
  properties: z.record(z.string(), propertyValueSchema),
  x: z.number(),
  y: z.number(),
});
const readRelationship = z.looseObject({
  id: z.string(),
  type: z.string(),
  startNodeId: z.string(),
  endNodeId: z.string(),
  properties: z.record(z.string(), propertyValueSchema),
});

const readContentSchema = z
  .looseObject({ version: z.number(), nodes: z.array(readNode), relationships: z.array(readRelationship) })
  .openapi('VisualizationReadContent', {
    description:
      'The stored content as the reader may see it: elements the reader cannot see are left out, deleted ones dropped (and counted in "deleted"), ' +
      'labels / type / ends / properties read fresh from the graph, styles, captions and filters naming hidden labels, types or properties left out.',
  });

const READ_CONTENT_EXAMPLE = {
  ...CONTENT_EXAMPLE,
  nodes: [
    {
      ...CONTENT_EXAMPLE.nodes[0],
      labels: ['Person'],
      properties: { name: 'Jana Nováková', uuid: '4f0c2a8e-7d1b-4c55-9a43-2f1f0f5b8c01', country: 'CZ' },
    },
    { ...CONTENT_EXAMPLE.nodes[1], labels: ['Company'], properties: { name: 'Acme', city: 'Brno' } },
  ],
  relationships: [
    { ...CONTENT_EXAMPLE.relationships[0], type: 'WORKS_AT', startNodeId: '12', endNodeId: '15', properties: { role: 'analyst' } },
  ],
};

const base = {
  id: z.string(),
  name: z.string(),
  description: z.string(),
  owner: z.object({ id: z.string(), username: z.string() }),
  hidden: z.boolean().openapi({ description: 'Hidden for the session user' }),
  own: z.boolean().openapi({ description: 'The session user owns it' }),
  sharedWithMe: z.boolean().openapi({ description: 'Shared with the session user directly or through a group' }),
  sharedWith: shareInfoSchema.optional().openapi({ description: 'Told to the owner only' }),
  contentVersion: z.number().int(),
  createdAt: z.string().openapi({ format: 'date-time' }),
  updatedAt: z.string().openapi({ format: 'date-time' }),
};

export const VISUALIZATION_SUMMARY_EXAMPLE = {
  id: '7',
  name: 'Acme employees',
  description: 'Who works at Acme and whom they know',
  owner: { id: '42', username: 'jnovak' },
  hidden: false,
  own: true,
  sharedWithMe: false,
  sharedWith: { users: [{ id: '43', username: 'pdvorak' }], groups: [{ id: '3', name: 'Analysts' }] },
  contentVersion: 1,
  createdAt: '2026-11-20T09:15:00.000Z',
  updatedAt: '2026-11-21T10:02:31.000Z',
};

export const VISUALIZATION_EXAMPLE = {
  ...VISUALIZATION_SUMMARY_EXAMPLE,
  content: READ_CONTENT_EXAMPLE,
  deleted: { nodes: 1, relationships: 2 },
};

export const visualizationSchema = z
  .object({
    ...base,
    content: readContentSchema.optional().openapi({ description: 'Absent when the list was asked for without content' }),
    deleted: z.object({ nodes: z.number().int(), relationships: z.number().int() }).optional().openapi({
      description:
        'Elements of the stored content that no longer exist in the graph. Elements hidden from the reader are left out silently and not counted.',
    }),
  })
  .openapi('Visualization', { example: VISUALIZATION_EXAMPLE });

export const createVisualizationBody = z
  .object({ name, description: description.optional(), content: visualizationContentBody.optional() })
  .strict()
  .openapi('VisualizationCreate', { description: 'Without content the visualization starts empty.' });

export const CREATE_VISUALIZATION_EXAMPLE = {
  name: 'Acme employees',
  description: 'Who works at Acme and whom they know',
  content: CONTENT_EXAMPLE,
};

export const updateVisualizationBody = z
  .object({
    content: visualizationContentBody,
    name: name.optional(),
    description: description.optional(),
    owner: z.object({ id: z.string() }).loose().optional(),
    ownerId: z.string().optional(),
  })
  .loose()
  .openapi('VisualizationUpdate', {
    description:
      'The new content, and name / description when given. A read answer may be sent back as it is: other fields are ignored, but an owner ' +
      '(owner.id or ownerId) other than the current one is refused with 403 OWNER_CHANGE_REFUSED.',
  });

export const UPDATE_VISUALIZATION_EXAMPLE = { content: CONTENT_EXAMPLE, name: 'Acme employees (2026)' };

export const visualizationInfoBody = z.object({ name, description: description.optional() }).strict().openapi('VisualizationInfo');

export const shareUsersBody = z.object({ userIds: idList }).strict().openapi('VisualizationShareUsers');
export const shareGroupsBody = z.object({ groupIds: idList }).strict().openapi('VisualizationShareGroups');
export { shareInfoSchema };

export const listQuery = z.object({
  content: z
    .enum(['true', 'false'])
    .default('true')
    .transform((value) => value === 'true')
    .openapi({
      param: { name: 'content', in: 'query' },
      description: 'false leaves the content out (summaries for list pages); default true',
      example: 'false',
    }),
});

export const exportImageBody = z
  .object({
    image: z
      .string()
      .min(1)
      .openapi({ description: 'Base64 PNG or SVG: a data URL (data:image/png;base64,...) or plain Base64 with format' }),
    format: z.enum(['png', 'svg']).optional().openapi({ description: 'Needed for plain Base64; must agree with a data URL' }),
    fileName: z.string().max(300).optional().openapi({ description: 'The download name; made safe, the extension follows the format' }),
  })
  .strict()
  .openapi('VisualizationImageExport');

/** A real 1x1 PNG (the example of the export endpoint). */
export const PNG_EXAMPLE =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
