import { z } from 'zod';
import { IntegralFloat } from '../../exact-json';
import { isTypedValue } from '../../graph/typed-values';
import type { AutomaticInput, SettingDefinition } from './setting-type';
import { humanize, identifierSchema, nodeValuesByLabel, relationshipValuesByType, titleProperty } from './setting-type';
import { automaticUid } from './data-types';

/**
 * DATA_SCHEMA: how properties are presented and which input restrictions writes through the API
 * must meet (see data-schema-validation.ts). Per label (nodes) and type (relationships), '*' for
 * all of them; a label's own entry wins over '*' for the same property.
 */
export const DATA_TYPES_OF_PROPERTIES = [
  'string',
  'integer',
  'float',
  'boolean',
  'date',
  'datetime',
  'time',
  'duration',
  'point',
  'list',
] as const;
export const PROPERTY_ROLES = ['title', 'subtitle', 'uid', 'description', 'image', 'none'] as const;

const scalar = z.union([z.string().max(10000), z.number(), z.boolean()]);

export const propertySchemaSchema = z
  .object({
    title: z.string().max(200).optional(),
    dataType: z.enum(DATA_TYPES_OF_PROPERTIES),
    role: z.enum(PROPERTY_ROLES).optional(),
    /** Display format (e.g. a date pattern or a number format); not interpreted by the server. */
    format: z.string().max(100).optional(),
    hidden: z.boolean().optional(),
    mandatory: z.boolean().optional(),
    readOnly: z.boolean().optional(),
    allowedValues: z.array(scalar).max(10000).optional(),
    /** Numbers: smallest value; date / datetime: earliest ISO value as a string. */
    min: z.union([z.number(), z.string().max(40)]).optional(),
    max: z.union([z.number(), z.string().max(40)]).optional(),
    maxLength: z.number().int().min(0).optional(),
  })
  .strict()
  .superRefine((p, ctx) => {
    if (p.min !== undefined && p.max !== undefined && typeof p.min === typeof p.max && p.min > p.max) {
      ctx.addIssue({ code: 'custom', path: ['min'], message: 'min is greater than max' });
    }
    for (const bound of ['min', 'max'] as const) {
      const v = p[bound];
      if (v === undefined) continue;
      if ((p.dataType === 'integer' || p.dataType === 'float') && typeof v !== 'number') {
        ctx.addIssue({ code: 'custom', path: [bound], message: `${bound} of a number is a number` });
      }
      if ((p.dataType === 'date' || p.dataType === 'datetime') && (typeof v !== 'string' || Number.isNaN(Date.parse(v)))) {
        ctx.addIssue({ code: 'custom', path: [bound], message: `${bound} of a ${p.dataType} is an ISO date string` });
      }
    }
  })
  .openapi('PropertySchema', {
    description:
      'Presentation (title, role, format, hidden) and input restrictions (mandatory on create, readOnly on update, allowedValues, min / max, maxLength, dataType) of one property.',
    example: { title: 'Name', dataType: 'string', role: 'title', mandatory: true, maxLength: 200 },
  });

export type PropertySchema = z.infer<typeof propertySchemaSchema>;

const propertiesSchema = z.record(identifierSchema('property'), propertySchemaSchema);
const tokenKey = (kind: 'label' | 'relationship type') => z.union([z.literal('*'), identifierSchema(kind)]);

export const dataSchemaSchema = z
  .object({
    nodes: z.record(tokenKey('label'), propertiesSchema).default({}),
    relationships: z.record(tokenKey('relationship type'), propertiesSchema).default({}),
    /** Relationship types whose direction means nothing (drawn without arrows); the import of undirected GraphML adds its types. */
    undirected: z.array(identifierSchema('relationship type')).max(10000).optional(),
  })
  .strict()
  .openapi('DataSchemaSetting', {
    description:
      'Property descriptions per node label and relationship type ("*" = all); undirected: relationship types drawn without arrows.',
    example: {
      nodes: {
        Person: {
          name: { title: 'Name', dataType: 'string', role: 'title', mandatory: true, maxLength: 200 },
          uuid: { title: 'UUID', dataType: 'string', role: 'uid', readOnly: true },
          age: { title: 'Age', dataType: 'integer', min: 0, max: 150 },
          status: { dataType: 'string', allowedValues: ['active', 'retired'] },
        },
      },
      relationships: { KNOWS: { since: { title: 'Since', dataType: 'date' } } },
    },
  });

export type DataSchema = z.infer<typeof dataSchemaSchema>;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATETIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/;

/** The DATA_SCHEMA data type of a typed value (docs/values.md): datetimes with or without a zone are one 'datetime', times likewise. */
export function typedDataType(value: unknown): PropertySchema['dataType'] | undefined {
  if (!isTypedValue(value)) return undefined;
  switch (value.$type) {
    case 'Date':
      return 'date';
    case 'LocalDateTime':
    case 'OffsetDateTime':
    case 'ZonedDateTime':
      return 'datetime';
    case 'Time':
    case 'LocalTime':
      return 'time';
    case 'Duration':
      return 'duration';
    case 'Point':
      return 'point';
  }
}

/** The data type that fits every sampled value (mixed types fall back to string). */
export function inferDataType(values: unknown[]): PropertySchema['dataType'] {
  const present = values.filter((v) => v !== null && v !== undefined);
  if (present.length === 0) return 'string';
  if (present.every((v) => typeof v === 'boolean')) return 'boolean';
  if (present.every((v) => (typeof v === 'number' && Number.isInteger(v)) || typeof v === 'bigint')) return 'integer';
  if (present.every((v) => typeof v === 'number' || typeof v === 'bigint' || v instanceof IntegralFloat)) return 'float';
  const typed = typedDataType(present[0]);
  if (typed && present.every((v) => typedDataType(v) === typed)) return typed;
  if (present.every((v) => Array.isArray(v))) return 'list';
  if (present.every((v) => typeof v === 'string' && DATE.test(v) && !Number.isNaN(Date.parse(v)))) return 'date';
  if (present.every((v) => typeof v === 'string' && DATETIME.test(v) && !Number.isNaN(Date.parse(v)))) return 'datetime';
  return 'string';
}

function roleOf(name: string, uid: string | undefined, title: string | undefined): PropertySchema['role'] | undefined {
  if (name === uid) return 'uid';
  if (name === title) return 'title';
  if (/^(description|summary|abstract|note|notes)$/i.test(name)) return 'description';
  if (/^(image|photo|picture|avatar|icon|logo|thumbnail)(url|_url)?$/i.test(name)) return 'image';
  return undefined;
}

function describe(values: Map<string, unknown[]>, uid: string | undefined): Record<string, PropertySchema> {
  const names = [...values.keys()].sort();
  const title = titleProperty(names.filter((n) => n !== uid));
  const result: Record<string, PropertySchema> = {};
  for (const name of names) {
    const role = roleOf(name, uid, title);
    result[name] = { title: humanize(name), dataType: inferDataType(values.get(name)!), ...(role ? { role } : {}) };
  }
  return result;
}

export const dataSchema: SettingDefinition<typeof dataSchemaSchema> = {
  type: 'DATA_SCHEMA',
  description: 'Property descriptions and input restrictions per node label and relationship type',
  schema: dataSchemaSchema,
  defaultValue: () => ({ nodes: {}, relationships: {} }),
  /**
   * Every property seen in the sample, per label and type: a title made from its name, the data
   * type its values share, and a role (uid from the detected UID property, title from the most
   * name-like property, description / image from conventional names). No input restrictions.
   */
  automatic(input: AutomaticInput) {
    const uid = automaticUid(input);
    const nodes: DataSchema['nodes'] = {};
    for (const [label, values] of nodeValuesByLabel(input.sample)) nodes[label] = describe(values, uid.nodes[label]);
    const relationships: DataSchema['relationships'] = {};
    for (const [type, values] of relationshipValuesByType(input.sample)) relationships[type] = describe(values, uid.relationships[type]);
    return { nodes, relationships };
  },
};
