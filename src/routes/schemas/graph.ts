import { z } from 'zod';
import { registry } from '../../openapi/registry';
import { TYPED_VALUE_TYPES } from '../../graph/typed-values';
import { filterSchema } from '../../services/security/security-config';

/**
 * JSON shapes of graph elements and the small input schemas shared by the /data routers.
 * Labels, types and property names are plain strings here: the services validate them with
 * assertIdentifier, so a quote or backtick is answered with 400 INVALID_IDENTIFIER (not a generic
 * validation failure).
 */

/** Internal ids: digits (PostgreSQL, Neo4j 4) or Neo4j 5 element ids. */
export const ELEMENT_ID = /^[\w:-]{1,200}$/;

export const elementIdSchema = z
  .string()
  .regex(ELEMENT_ID, 'an element id is 1 to 200 letters, digits, underscores, colons or hyphens')
  .openapi({ description: 'Internal element id (digits, or a Neo4j 5 element id)', example: '42' });

export const idParamsSchema = z.object({ id: elementIdSchema });

const name = (what: string) => z.string().min(1).max(200).openapi({ description: what });
export const labelName = name('Node label');
export const typeName = name('Relationship type');
export const propertyName = name('Property name');

const VALUES_NOTE =
  'Values are PropertyValue: strings, booleans, integers (64-bit and exact, beyond it 400 INTEGER_OUT_OF_RANGE), floats (written with a decimal point: 2.0), ' +
  'temporal values and points as {"$type", "_value"}, or lists holding values of one of these types; ' +
  'maps, nested or mixed lists, null inside a list and text that is not a value of its $type: 400 PROPERTY_VALUE_NOT_PORTABLE';

/** Neo4j's Query API typed JSON for temporal values and points (docs/values.md). */
export const typedValueSchema = registry.register(
  'TypedValue',
  z
    .object({
      $type: z.enum(TYPED_VALUE_TYPES),
      _value: z.string().openapi({ description: "The value's text as Neo4j's toString writes it (ISO 8601; EWKT for points)" }),
    })
    .strict()
    .openapi({
      description:
        'A temporal value or a point: Date 2015-07-21, LocalTime 12:31:14.645876123, Time 12:31:14.645876123+01:00, ' +
        'LocalDateTime 2015-07-21T12:31:14.645876123, OffsetDateTime 2015-07-21T12:31:14.645+01:00 (Z for UTC), ' +
        'ZonedDateTime 2015-07-21T12:31:14.645+01:00[Europe/London], Duration P14DT16H12M, ' +
        'Point SRID=4326;POINT (1.2 3.4) or SRID=4979;POINT Z (1.2 3.4 5.6) (SRIDs 7203, 9157, 4326, 4979). Written back in that canonical text.',
      example: { $type: 'Date', _value: '2015-07-21' },
    }),
);

const TYPED_REF = { $ref: '#/components/schemas/TypedValue' };
const SCALAR_VALUES = [
  { type: 'string' as const },
  { type: 'boolean' as const },
  { type: 'integer' as const, format: 'int64', description: 'An integer: a JSON number without a decimal point or exponent' },
  { type: 'number' as const, format: 'double', description: 'A float: always written with a decimal point or an exponent (2.0)' },
  TYPED_REF,
];

/**
 * One property value, the same wherever one appears in the API. Validated by the services
 * (PROPERTY_VALUE_NOT_PORTABLE names the property and the reason), so the runtime schema takes
 * any JSON and the document states the forms.
 */
export const propertyValueSchema = registry.register(
  'PropertyValue',
  z.unknown().openapi({
    description:
      'A property value: a string, a boolean, an integer, a float (2.0 stays a float), a temporal value or a point (TypedValue), or a list of values of one of these types.',
    anyOf: [...SCALAR_VALUES, { type: 'array' as const, items: { anyOf: SCALAR_VALUES } }],
    example: { $type: 'LocalDateTime', _value: '2015-07-21T12:31:14.645876123' },
  }),
);

export const propertiesSchema = z.record(z.string(), propertyValueSchema).openapi({
  description: `Property values by name. ${VALUES_NOTE}`,
  example: { name: 'Alice', age: 34, score: 2.0, born: { $type: 'Date', _value: '1990-04-01' } },
});
export const propertyPatchSchema = z
  .record(z.string(), z.unknown().openapi({ anyOf: [{ $ref: '#/components/schemas/PropertyValue' }, { type: 'null' as const }] }))
  .openapi({ description: `Properties to set; a null value removes the property. ${VALUES_NOTE}`, example: { age: 35, nickname: null } });

export const nodeExample = { id: '42', labels: ['Person'], properties: { name: 'Alice', age: 34 } };
export const relationshipExample = { id: '7', type: 'KNOWS', startNodeId: '42', endNodeId: '43', properties: { since: 2019 } };

export const nodeSchema = z
  .object({ id: z.string(), labels: z.array(z.string()), properties: propertiesSchema })
  .openapi('Node', { description: 'A graph node; only the properties visible to the user are present', example: nodeExample });

export const relationshipSchema = z
  .object({ id: z.string(), type: z.string(), startNodeId: z.string(), endNodeId: z.string(), properties: propertiesSchema })
  .openapi('Relationship', {
    description: 'A graph relationship; only the properties visible to the user are present',
    example: relationshipExample,
  });

export const pathExample = {
  nodes: [nodeExample, { id: '43', labels: ['Person'], properties: { name: 'Bob' } }],
  relationships: [relationshipExample],
};

export const pathSchema = z
  .object({ nodes: z.array(nodeSchema), relationships: z.array(relationshipSchema) })
  .openapi('Path', { description: 'A path: nodes in order from start to end, and the relationships between them', example: pathExample });

export const subgraphSchema = z.object({ nodes: z.array(nodeSchema), relationships: z.array(relationshipSchema) });
export const subgraphExample = { nodes: pathExample.nodes, relationships: [relationshipExample] };

export const deletedSchema = z
  .object({ nodes: z.array(nodeSchema), relationships: z.array(relationshipSchema) })
  .openapi('DeletedElements', { description: 'Every element the operation deleted (as visible to the user)' });

export const sortSchema = z
  .array(z.object({ property: propertyName, direction: z.enum(['asc', 'desc']).default('asc') }))
  .max(10)
  .openapi({ description: 'Sort keys, first one first; missing values sort last', example: [{ property: 'name', direction: 'asc' }] });

export const propertyListSchema = z
  .array(propertyName)
  .max(1000)
  .openapi({ description: 'Only these properties are returned', example: ['name', 'age'] });

export const directionSchema = z
  .enum(['in', 'out', 'both'])
  .openapi({ description: 'Relationship direction seen from the start node (default both)' });

export { filterSchema };

export const frequencyResultSchema = z
  .object({
    property: z.string(),
    values: z.array(z.object({ value: propertyValueSchema, count: z.number().int() })),
    total: z.number().int().openapi({ description: 'Elements that have the property' }),
    distinct: z.number().int().openapi({ description: 'Distinct values' }),
  })
  .openapi('FrequencyResult', {
    example: {
      property: 'city',
      values: [
        { value: 'Prague', count: 12 },
        { value: 'Brno', count: 5 },
      ],
      total: 17,
      distinct: 2,
    },
  });
