import { z } from 'zod';
import { isValidIdentifier } from '../../graph/identifiers';
import { ENCODINGS } from './csv-source';

export const COLUMN_TYPES = ['integer', 'float', 'boolean', 'date', 'datetime', 'string', 'list'] as const;

const identifier = (what: string) => z.string().refine((v) => isValidIdentifier(v), { message: `not a valid ${what} name` });

const columnSchema = z
  .object({
    /** The header text (or column1, column2, ... without a header row). */
    column: z.string().min(1).max(500),
    /** Property name; absent = the column name. */
    property: identifier('property').optional(),
    type: z.enum(COLUMN_TYPES).optional(),
    /** List separator (type list); default |. */
    separator: z.string().min(1).max(5).optional(),
    skip: z.boolean().optional(),
  })
  .strict();

const tableOptions = {
  /** Sheet of a spreadsheet; absent = the first sheet. */
  sheet: z.string().max(200).optional(),
  encoding: z.enum(ENCODINGS).optional(),
  delimiter: z.enum([',', ';', '\t', '|']).optional(),
  quote: z.enum(['"', "'"]).optional(),
  /** The first row names the columns (default true). */
  header: z.boolean().optional(),
  /** Columns to import and how; absent = every column as a string property under its own name. */
  columns: z.array(columnSchema).max(1000).optional(),
  /** Spreadsheet formula cells: refused (default) or imported as their last computed values. */
  formulas: z.enum(['refuse', 'values']).optional(),
};

const endSchema = z
  .object({
    column: z.string().min(1).max(500),
    label: identifier('label'),
    property: identifier('property'),
    /** How the cell converts before matching (default: integer when it reads as one, else string). */
    type: z.enum(['auto', 'integer', 'float', 'string']).optional(),
  })
  .strict();

const mergeKeySchema = z.object({ label: identifier('label'), property: identifier('property') }).strict();

export const nodesMappingSchema = z
  .object({
    kind: z.literal('nodes'),
    ...tableOptions,
    labels: z.array(identifier('label')).max(20).optional(),
    /** A column holding labels (several separated by : ; | or ,). */
    labelColumn: z.string().min(1).max(500).optional(),
    /** Match existing nodes (label + property) and update them instead of creating duplicates. */
    mergeKey: mergeKeySchema.optional(),
  })
  .strict();

export const relationshipsMappingSchema = z
  .object({
    kind: z.literal('relationships'),
    ...tableOptions,
    type: identifier('relationship type').optional(),
    typeColumn: z.string().min(1).max(500).optional(),
    start: endSchema,
    end: endSchema,
    /** An end that matches no node: skip the row and report it (default), or create the node. */
    missingEnds: z.enum(['skip', 'create']).optional(),
  })
  .strict();

export const graphmlMappingSchema = z
  .object({
    kind: z.literal('graphml'),
    /** Label of nodes without one (no labels attribute, no label key). */
    defaultLabel: identifier('label').optional(),
    /** Type of edges without one (no label attribute, no type key). */
    defaultType: identifier('relationship type').optional(),
    /** Property receiving the GraphML node id (null: not kept). Default id. */
    idProperty: identifier('property').nullable().optional(),
    mergeKey: mergeKeySchema.optional(),
    /**
     * What each key (by its id) becomes: `label` (node keys: the value, split at : ; | or ,, gives
     * the node's labels), `property` (under the key's name) or `skip` (left out). Keys not named
     * keep the default: a node key named label/labels gives labels, any other a property.
     */
    keys: z.record(z.string().min(1).max(500), z.enum(['label', 'property', 'skip'])).optional(),
    /** The edge key (by id) whose value is the relationship type (TinkerPop's labelE); null: none (the label attribute or defaultType). */
    typeKey: z.string().min(1).max(500).nullable().optional(),
  })
  .strict();

export const mappingSchema = z.discriminatedUnion('kind', [nodesMappingSchema, relationshipsMappingSchema, graphmlMappingSchema]);

export type NodesMapping = z.infer<typeof nodesMappingSchema>;
export type RelationshipsMapping = z.infer<typeof relationshipsMappingSchema>;
export type GraphmlMapping = z.infer<typeof graphmlMappingSchema>;
export type ImportMapping = z.infer<typeof mappingSchema>;
