import { z } from 'zod';
import '../../openapi/registry';
import { isValidIdentifier } from '../../graph/identifiers';
import { filterSchema } from '../security/security-config';

/**
 * The content of a visualization, format version 1: the working state of the canvas.
 *
 * - nodes / relationships: the elements on the canvas by internal id, with their position and
 *   per-element style. `uid` is computed by the server when the content is saved (the DATA_TYPES
 *   uid property of the element's label or type, when one is defined and visible to the saver),
 *   so an element is found again after a re-import that changed its internal id, and an id that
 *   Neo4j gave to another element after a delete is not taken for the saved element (docs/ids.md).
 *   Labels, types, ends and properties are never stored: every read adds them fresh from the
 *   graph as the reader may see them. Sent with a save (a round trip of a read), they are ignored.
 * - styles: rules by label / type (and optionally a property value); captions: property names
 *   shown per label / type; filters: filter trees of the filter language; selection; view.
 * - appearance: style by the data (colour by a property's categories or numeric range, size by a
 *   numeric property or a metric computed on the canvas, edge width and caption by a property).
 *
 * A new format gets a new version number; readers of older versions convert on read.
 */
export const CONTENT_VERSION = 1;
export const MAX_ELEMENTS = 100_000;

const ELEMENT_ID = /^[A-Za-z0-9_:-]{1,200}$/;
export const elementId = z.string().regex(ELEMENT_ID, 'an element id is 1 to 200 letters, digits, underscores, colons or hyphens');

const identifier = (kind: string) => z.string().refine(isValidIdentifier, { message: `invalid ${kind} name` });
const labelOrAll = z.string().refine((name) => name === '*' || isValidIdentifier(name), { message: 'invalid label name' });
const typeOrAll = z.string().refine((name) => name === '*' || isValidIdentifier(name), { message: 'invalid relationship type name' });
const coordinate = z.number().finite().min(-1e9).max(1e9);
/** CSS colours the canvas can paint: #rgb[a], #rrggbb[aa], a colour name, rgb()/rgba()/hsl()/hsla(). */
const color = z
  .string()
  .max(64)
  .regex(/^(#[0-9a-fA-F]{3,8}|[a-zA-Z]{1,32}|(rgb|rgba|hsl|hsla)\([0-9.,%\s]{1,40}\))$/, 'a CSS colour (#rrggbb, a name, rgb(), hsl())');
/** An icon uploaded with POST /icons, by its file name. */
const icon = z
  .string()
  .max(200)
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, 'an icon file name');
const shape = z.enum(['circle', 'square', 'diamond', 'triangle', 'star']);
const scalar = z.union([z.string().max(1000), z.number().finite(), z.boolean(), z.null()]);

const uidValue = z.union([z.string().max(1000), z.number().finite()]);
const nodeUid = z.object({ label: identifier('label'), property: identifier('property'), value: uidValue }).strict();
const relationshipUid = z.object({ type: identifier('relationship type'), property: identifier('property'), value: uidValue }).strict();

const nodeStyle = {
  color: color.optional(),
  size: z.number().finite().min(0).max(1000).optional(),
  icon: icon.optional(),
  shape: shape.optional(),
};
const relationshipStyle = {
  color: color.optional(),
  width: z.number().finite().min(0).max(100).optional(),
  dashed: z.boolean().optional(),
};

export const contentNodeSchema = z.object({
  id: elementId,
  uid: nodeUid.optional(),
  x: coordinate,
  y: coordinate,
  pinned: z.boolean().optional(),
  ...nodeStyle,
});

export const contentRelationshipSchema = z.object({
  id: elementId,
  uid: relationshipUid.optional(),
  ...relationshipStyle,
});

const nodeStyleRule = z
  .object({ label: labelOrAll, property: identifier('property').optional(), value: scalar.optional(), ...nodeStyle })
  .strict();
const relationshipStyleRule = z
  .object({ type: typeOrAll, property: identifier('property').optional(), value: scalar.optional(), ...relationshipStyle })
  .strict();

const captionMap = (keys: z.ZodType<string>) => z.record(keys, z.array(identifier('property')).max(20));

export const contentFilterSchema = z
  .object({
    target: z.enum(['nodes', 'relationships']),
    filter: filterSchema,
    enabled: z.boolean().default(true),
    description: z.string().max(500).optional(),
  })
  .strict();

const styleKey = z.union([
  z.object({ property: identifier('property') }).strict(),
  z.object({ metric: z.enum(['degree', 'pagerank', 'betweenness', 'community', 'component']) }).strict(),
]);
const sizeRange = { min: z.number().finite().min(0).max(1000), max: z.number().finite().min(0).max(1000) };
export const appearanceSchema = z
  .object({
    nodeColor: z
      .object({ mode: z.enum(['categories', 'ranges']), key: styleKey, from: color.optional(), to: color.optional() })
      .strict()
      .optional(),
    nodeSize: z
      .object({ key: styleKey, ...sizeRange })
      .strict()
      .optional(),
    edgeWidth: z
      .object({ property: identifier('property'), ...sizeRange })
      .strict()
      .optional(),
    edgeCaption: z
      .object({ property: identifier('property') })
      .strict()
      .optional(),
  })
  .strict();
export type ContentAppearance = z.infer<typeof appearanceSchema>;

export const visualizationContentSchema = z
  .object({
    version: z.literal(CONTENT_VERSION),
    nodes: z.array(contentNodeSchema).max(MAX_ELEMENTS).default([]),
    relationships: z.array(contentRelationshipSchema).max(MAX_ELEMENTS).default([]),
    styles: z
      .object({ nodes: z.array(nodeStyleRule).max(1000).default([]), relationships: z.array(relationshipStyleRule).max(1000).default([]) })
      .strict()
      .default({ nodes: [], relationships: [] }),
    captions: z
      .object({ nodes: captionMap(labelOrAll).default({}), relationships: captionMap(typeOrAll).default({}) })
      .strict()
      .default({ nodes: {}, relationships: {} }),
    filters: z.array(contentFilterSchema).max(200).default([]),
    appearance: appearanceSchema.optional(),
    selection: z
      .object({ nodes: z.array(elementId).max(MAX_ELEMENTS).default([]), relationships: z.array(elementId).max(MAX_ELEMENTS).default([]) })
      .strict()
      .default({ nodes: [], relationships: [] }),
    view: z
      .object({
        zoom: z.number().finite().positive().max(1e6),
        pan: z.object({ x: coordinate, y: coordinate }).strict(),
        angle: z.number().finite().optional(),
        /** What the viewport showed, in graph coordinates: the workspace shows it whole at any window size. */
        box: z.object({ minX: coordinate, minY: coordinate, maxX: coordinate, maxY: coordinate }).strict().optional(),
      })
      .strict()
      .default({ zoom: 1, pan: { x: 0, y: 0 } }),
  })
  .strict();

export type VisualizationContent = z.infer<typeof visualizationContentSchema>;
export type ContentNode = z.infer<typeof contentNodeSchema>;
export type ContentRelationship = z.infer<typeof contentRelationshipSchema>;
export type ContentFilter = z.infer<typeof contentFilterSchema>;

export function emptyContent(): VisualizationContent {
  return visualizationContentSchema.parse({ version: CONTENT_VERSION });
}

export const CONTENT_EXAMPLE = {
  version: 1,
  nodes: [
    {
      id: '12',
      uid: { label: 'Person', property: 'uuid', value: '4f0c2a8e-7d1b-4c55-9a43-2f1f0f5b8c01' },
      x: 120.5,
      y: -40,
      color: '#1f77b4',
      size: 12,
    },
    { id: '15', x: 260, y: 10, icon: 'company.png', shape: 'square' },
  ],
  relationships: [{ id: '31', color: '#888888', width: 2 }],
  styles: {
    nodes: [{ label: 'Person', property: 'country', value: 'CZ', color: '#d62728' }],
    relationships: [{ type: 'KNOWS', dashed: true }],
  },
  captions: { nodes: { Person: ['name'], Company: ['name', 'city'] }, relationships: { KNOWS: ['since'] } },
  filters: [{ target: 'nodes', filter: { property: 'age', operator: '>=', value: 18 }, enabled: true, description: 'Adults only' }],
  appearance: {
    nodeColor: { mode: 'categories', key: { property: 'country' } },
    nodeSize: { key: { metric: 'pagerank' }, min: 4, max: 20 },
  },
  selection: { nodes: ['12'], relationships: [] },
  view: { zoom: 1.5, pan: { x: 30, y: -12 } },
};
