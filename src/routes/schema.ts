import { Router } from 'express';
import { z } from 'zod';
import type { AppDeps } from '../core/context';
import { endpoint } from '../http/endpoint';
import { SchemaService } from '../services/settings/schema-service';
import { fulltextConfigSchema } from '../services/settings/fulltext-index';
import {
  fulltextAutomaticSchema,
  fulltextExample,
  fulltextStatusSchema,
  sampleQuery,
  schemaIndexExample,
  schemaIndexInputSchema,
  schemaIndexSchema,
} from './schemas/settings';

/** What the service takes for an index: the route names it through the service, not the graph port. */
type SchemaIndexInput = Parameters<SchemaService['createIndex']>[0];

const indexTag = 'Schema indexes';
const fulltextTag = 'Fulltext index';

function toInput(body: z.infer<typeof schemaIndexInputSchema>): SchemaIndexInput {
  return { entity: body.entity, token: (body.entity === 'node' ? body.label : body.type)!, properties: body.properties };
}

/** Schema indexes (spec 4.12) and the fulltext index over nodes (spec 4.1). */
export function createSchemaRouter(_deps: AppDeps): Router {
  const router = Router();

  // -------------------------------------------------------------------------------------------
  // schema indexes

  endpoint(
    router,
    {
      method: 'get',
      path: '/schema/indexes',
      tag: indexTag,
      access: 'authenticated',
      summary: 'All schema indexes',
      description:
        'Every schema index created through the API: entity, label or type, properties and state (ONLINE, POPULATING, FAILED). ' +
        'Users without Settings management see only indexes on labels, types and properties visible to them.',
      responses: { 200: { description: 'Schema indexes', schema: z.array(schemaIndexSchema), example: [schemaIndexExample] } },
    },
    ({ ctx }) => new SchemaService(ctx).listIndexes(),
  );

  endpoint(
    router,
    {
      method: 'post',
      path: '/schema/indexes',
      tag: indexTag,
      access: 'SETTINGS_MANAGEMENT',
      summary: 'Create a schema index',
      description:
        'Creates an index over nodes of a label (entity "node", label) or relationships of a type (entity "relationship", type) on 1 to 16 properties. ' +
        'Names are validated (quotes, backticks and backslashes: 400). An identical index: 409 INDEX_EXISTS. ' +
        'Relationship indexes need Neo4j 4.3 or later: 501 on older Neo4j. Audited as schema.index.create.',
      body: { schema: schemaIndexInputSchema, example: { entity: 'node', label: 'Person', properties: ['name'] } },
      responses: { 201: { description: 'The created index', schema: schemaIndexSchema, example: schemaIndexExample } },
      errors: [409, 501],
    },
    ({ ctx, body }) => new SchemaService(ctx).createIndex(toInput(body)),
  );

  endpoint(
    router,
    {
      method: 'delete',
      path: '/schema/indexes',
      tag: indexTag,
      access: 'SETTINGS_MANAGEMENT',
      summary: 'Drop a schema index',
      description:
        'Drops the index described by the body (the same form as for creation). No such index: 404 INDEX_NOT_FOUND. Audited as schema.index.drop.',
      body: { schema: schemaIndexInputSchema, example: { entity: 'node', label: 'Person', properties: ['name'] } },
      responses: { 204: { description: 'Dropped' } },
      errors: [404],
    },
    ({ ctx, body }) => new SchemaService(ctx).dropIndex(toInput(body)),
  );

  // -------------------------------------------------------------------------------------------
  // fulltext index over nodes

  endpoint(
    router,
    {
      method: 'post',
      path: '/cfg/indexer/node/configure',
      tag: fulltextTag,
      access: 'SETTINGS_MANAGEMENT',
      summary: 'Configure the fulltext index',
      description:
        'Stores the fulltext index configuration (the FULLTEXT_INDEX setting): the node labels and the properties to index. ' +
        'It takes effect with POST /cfg/indexer/node/create. Audited as fulltext.configure.',
      body: { schema: fulltextConfigSchema, example: fulltextExample },
      responses: { 200: { description: 'The stored configuration', schema: fulltextConfigSchema, example: fulltextExample } },
    },
    ({ ctx, body }) => new SchemaService(ctx).configureFulltext(body),
  );

  endpoint(
    router,
    {
      method: 'post',
      path: '/cfg/indexer/node/status',
      tag: fulltextTag,
      access: 'authenticated',
      summary: 'Fulltext index status',
      description:
        'State (NOT_CREATED, POPULATING with progress 0-100, ONLINE, FAILED with failureMessage) and configuration of the index; ' +
        'when no index exists, the stored configuration. Changes nothing. Users without Settings management see only the labels and properties visible to them.',
      responses: {
        200: {
          description: 'Status',
          schema: fulltextStatusSchema,
          example: { state: 'POPULATING', progress: 42.5, config: fulltextExample },
        },
      },
    },
    ({ ctx }) => new SchemaService(ctx).fulltextStatus(),
  );

  endpoint(
    router,
    {
      method: 'get',
      path: '/cfg/indexer/node/automatic',
      tag: fulltextTag,
      access: 'SETTINGS_MANAGEMENT',
      summary: 'Automatic fulltext configuration',
      description:
        'The string properties found in a sample of the nodes (the first sampleSize, default 1000), per label, and as a configuration: ' +
        'every sampled label that has string properties and every string property. Nothing is stored. Reads the data without access restrictions, hence the permission.',
      query: sampleQuery,
      responses: {
        200: {
          description: 'Automatic configuration',
          schema: fulltextAutomaticSchema,
          example: {
            labels: ['Company', 'Person'],
            properties: ['city', 'name'],
            byLabel: { Company: ['name'], Person: ['city', 'name'] },
          },
        },
      },
    },
    ({ ctx, query }) => new SchemaService(ctx).automaticFulltext(query.sampleSize),
  );

  endpoint(
    router,
    {
      method: 'get',
      path: '/cfg/indexer/node/default',
      tag: fulltextTag,
      access: 'authenticated',
      summary: 'Default fulltext configuration',
      description:
        'The default configuration: no labels and no properties, meaning "not configured" (the default of the FULLTEXT_INDEX setting). ' +
        'It is a constant so that resetting settings never indexes data by accident; an index needs an explicit configuration.',
      responses: { 200: { description: 'Default configuration', schema: fulltextConfigSchema, example: { labels: [], properties: [] } } },
    },
    ({ ctx }) => new SchemaService(ctx).defaultFulltext(),
  );

  endpoint(
    router,
    {
      method: 'post',
      path: '/cfg/indexer/node/drop',
      tag: fulltextTag,
      access: 'SETTINGS_MANAGEMENT',
      summary: 'Drop the fulltext index',
      description: 'Drops the index (searches fall back to a substring scan). The stored configuration stays. Audited as fulltext.drop.',
      responses: {
        200: {
          description: 'Status after the drop',
          schema: fulltextStatusSchema,
          example: { state: 'NOT_CREATED', progress: 0, config: fulltextExample },
        },
      },
    },
    ({ ctx }) => new SchemaService(ctx).dropFulltext(),
  );

  endpoint(
    router,
    {
      method: 'post',
      path: '/cfg/indexer/node/create',
      tag: fulltextTag,
      access: 'SETTINGS_MANAGEMENT',
      summary: 'Create the fulltext index',
      description:
        'Creates (or recreates) the index with the stored configuration and starts reindexing in the background; follow it with POST /cfg/indexer/node/status. ' +
        'Without a configuration (no labels or no properties): 422 FULLTEXT_NOT_CONFIGURED. Audited as fulltext.create.',
      responses: {
        202: {
          description: 'Reindexing started',
          schema: fulltextStatusSchema,
          example: { state: 'POPULATING', progress: 0, config: fulltextExample },
        },
      },
      errors: [422],
    },
    ({ ctx }) => new SchemaService(ctx).createFulltext(),
  );

  return router;
}
