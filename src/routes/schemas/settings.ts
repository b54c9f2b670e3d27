import { z } from 'zod';
import '../../openapi/registry';
import { dataTypesSchema } from '../../services/settings/data-types';
import { dataSchemaSchema } from '../../services/settings/data-schema';
import { fulltextConfigSchema } from '../../services/settings/fulltext-index';
import { appearanceSchema } from '../../services/settings/appearance';
import { SETTING_TYPES } from '../../services/settings/registry';
import { isValidIdentifier } from '../../graph/identifiers';

/** Request and response schemas of the settings, schema index and fulltext index endpoints. */

export const dataTypesExample = { nodeLabels: ['*'], relationshipTypes: ['*'], uid: { nodes: { Person: 'uuid' }, relationships: {} } };
export const dataSchemaExample = {
  nodes: {
    Person: {
      name: { title: 'Name', dataType: 'string', role: 'title', mandatory: true, maxLength: 200 },
      uuid: { title: 'UUID', dataType: 'string', role: 'uid', readOnly: true },
      age: { title: 'Age', dataType: 'integer', min: 0, max: 150 },
    },
  },
  relationships: { KNOWS: { since: { title: 'Since', dataType: 'date' } } },
};
export const fulltextExample = { labels: ['Person', 'Company'], properties: ['name', 'description'] };
export const appearanceExample = {
  nodeCaptions: { Person: 'name' },
  colors: { Person: '#4e79a7' },
  relationshipColors: { KNOWS: '#999999' },
  icons: { Company: 'company.png' },
  sizes: { Company: 12 },
};

export const allSettingsExample = {
  DATA_TYPES: dataTypesExample,
  DATA_SCHEMA: dataSchemaExample,
  FULLTEXT_INDEX: fulltextExample,
  APPEARANCE: appearanceExample,
};

export const allSettingsSchema = z
  .object({
    DATA_TYPES: dataTypesSchema,
    DATA_SCHEMA: dataSchemaSchema,
    FULLTEXT_INDEX: fulltextConfigSchema,
    APPEARANCE: appearanceSchema,
  })
  .openapi('ApplicationSettings', { description: 'Every application setting by type.', example: allSettingsExample });

export const settingTypeParams = z.object({
  type: z
    .string()
    .max(64)
    .openapi({
      description: `The setting type: ${SETTING_TYPES.join(', ')}. Another value: 404 SETTING_TYPE_NOT_FOUND.`,
      example: 'DATA_TYPES',
    }),
});

export const settingValueSchema = z.unknown().openapi({
  description:
    'The value of the setting; its shape depends on the type: DataTypesSetting, DataSchemaSetting, FulltextConfig or AppearanceSetting (see the components). ' +
    'Validated against the type: 400 VALIDATION_FAILED with issues.',
  example: dataTypesExample,
});

export const sampleQuery = z.object({
  sampleSize: z.coerce
    .number()
    .int()
    .min(1)
    .max(10000)
    .optional()
    .openapi({ description: 'Nodes and relationships (each) sampled for the automatic variants; default 1000.', example: 1000 }),
});

export const importResultSchema = z
  .object({ imported: z.array(z.string()) })
  .openapi('SettingsImportResult', { example: { imported: ['DATA_TYPES', 'DATA_SCHEMA'] } });

export const importBodySchema = z.object({
  file: z.any().optional().openapi({
    type: 'string',
    format: 'binary',
    description: 'A .zip of <TYPE>.json files (as exported) or one <TYPE>.json file, e.g. DATA_TYPES.json.',
  }),
});

// ---------------------------------------------------------------------------------------------
// schema indexes

const identifier = (kind: string) =>
  z.string().refine((name) => isValidIdentifier(name), {
    message: `invalid ${kind} name: use letters, digits, underscore, space, dot, hyphen or colon (not first)`,
  });

export const schemaIndexInputSchema = z
  .object({
    entity: z.enum(['node', 'relationship']).openapi({ description: 'An index over nodes of a label or relationships of a type.' }),
    label: identifier('label').optional().openapi({ description: 'The label (entity "node").', example: 'Person' }),
    type: identifier('relationship type')
      .optional()
      .openapi({ description: 'The relationship type (entity "relationship").', example: 'KNOWS' }),
    properties: z
      .array(identifier('property'))
      .min(1)
      .max(16)
      .refine((list) => new Set(list).size === list.length, { message: 'a property is listed twice' })
      .openapi({ description: 'Indexed properties, in order (1 to 16).', example: ['name'] }),
  })
  .strict()
  .superRefine((value, ctx) => {
    if (value.entity === 'node' && (!value.label || value.type !== undefined)) {
      ctx.addIssue({ code: 'custom', path: ['label'], message: 'a node index names a label (and no type)' });
    }
    if (value.entity === 'relationship' && (!value.type || value.label !== undefined)) {
      ctx.addIssue({ code: 'custom', path: ['type'], message: 'a relationship index names a type (and no label)' });
    }
  })
  .openapi('SchemaIndexInput', { example: { entity: 'node', label: 'Person', properties: ['name'] } });

export const schemaIndexSchema = z
  .object({
    name: z.string(),
    entity: z.enum(['node', 'relationship']),
    token: z.string().openapi({ description: 'The label (node index) or the type (relationship index).' }),
    properties: z.array(z.string()),
    state: z.enum(['ONLINE', 'POPULATING', 'FAILED']),
  })
  .openapi('SchemaIndex', {
    example: { name: 'gas_idx_node_0123456789abcdef0123', entity: 'node', token: 'Person', properties: ['name'], state: 'ONLINE' },
  });

export const schemaIndexExample = {
  name: 'gas_idx_node_0123456789abcdef0123',
  entity: 'node',
  token: 'Person',
  properties: ['name'],
  state: 'ONLINE',
};

// ---------------------------------------------------------------------------------------------
// fulltext index

export const fulltextStatusSchema = z
  .object({
    state: z.enum(['NOT_CREATED', 'POPULATING', 'ONLINE', 'FAILED']),
    progress: z.number().openapi({ description: 'Population progress, 0 to 100.' }),
    config: fulltextConfigSchema
      .nullable()
      .openapi({ description: 'The configuration of the index, or the stored configuration when no index exists.' }),
    failureMessage: z.string().optional(),
  })
  .openapi('FulltextStatus', { example: { state: 'POPULATING', progress: 42.5, config: fulltextExample } });

export const fulltextAutomaticSchema = z
  .object({
    labels: z.array(z.string()),
    properties: z.array(z.string()),
    byLabel: z.record(z.string(), z.array(z.string())).openapi({ description: 'The string properties sampled per label.' }),
  })
  .openapi('FulltextAutomaticConfig', {
    example: { labels: ['Company', 'Person'], properties: ['city', 'name'], byLabel: { Company: ['name'], Person: ['city', 'name'] } },
  });
