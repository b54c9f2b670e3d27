import { Router } from 'express';
import { z } from 'zod';
import type { AppDeps, ServiceContext } from '../core/context';
import { endpoint } from '../http/endpoint';
import { ConflictError, NotFoundError, UnprocessableError } from '../errors';
import { FulltextStatus, SchemaIndexInput, UNRESTRICTED } from '../graph/graph-store';
import { audit } from '../services/audit/audit-service';
import { AUTOMATIC_SAMPLE_SIZE, SettingsService } from '../services/settings/settings-service';
import { fulltextConfigSchema, fulltextIndex, stringPropertiesByLabel } from '../services/settings/fulltext-index';
import {
  fulltextAutomaticSchema,
  fulltextExample,
  fulltextStatusSchema,
  sampleQuery,
  schemaIndexExample,
  schemaIndexInputSchema,
  schemaIndexSchema,
} from './schemas/settings';
import { fulltextStatusVisibleTo, indexesVisibleTo } from '../services/settings/settings-view';
import { reconcileFulltextIndex, recordAppliedFulltext } from '../services/settings/fulltext-reconcile';

const indexTag = 'Schema indexes';
const fulltextTag = 'Fulltext index';

function toInput(body: z.infer<typeof schemaIndexInputSchema>): SchemaIndexInput {
  return { entity: body.entity, token: (body.entity === 'node' ? body.label : body.type)!, properties: body.properties };
}

/**
 * The index status with the stored FULLTEXT_INDEX configuration when the index has none. Reading
 * it first reconciles the graph's index with the service store (fulltext-reconcile.ts).
 */
async function statusWithConfig(ctx: ServiceContext, status?: FulltextStatus): Promise<FulltextStatus> {
  const current = status ?? (await reconcileFulltextIndex({ db: ctx.db, graph: ctx.deps.graph, logger: ctx.deps.logger }));
  if (current.config) return current;
  const stored = await new SettingsService(ctx).get('FULLTEXT_INDEX');
  return { ...current, config: stored };
}

/** Schema indexes (spec 4.12) and the fulltext index over nodes (spec 4.1). */
export function createSchemaRouter(deps: AppDeps): Router {
  const router = Router();

  // -------------------------------------------------------------------------------------------
  // schema indexes

  endpoint(
    router,
    {
      method: 'get', path: '/schema/indexes', tag: indexTag, access: 'authenticated',
      summary: 'All schema indexes',
      description:
        'Every schema index created through the API: entity, label or type, properties and state (ONLINE, POPULATING, FAILED). ' +
        'Users without Settings management see only indexes on labels, types and properties visible to them.',
      responses: { 200: { description: 'Schema indexes', schema: z.array(schemaIndexSchema), example: [schemaIndexExample] } },
    },
    async ({ ctx }) => indexesVisibleTo(await deps.graph.listIndexes(), await new SettingsService(ctx).visibility()),
  );

  endpoint(
    router,
    {
      method: 'post', path: '/schema/indexes', tag: indexTag, access: 'SETTINGS_MANAGEMENT',
      summary: 'Create a schema index',
      description:
        'Creates an index over nodes of a label (entity "node", label) or relationships of a type (entity "relationship", type) on 1 to 16 properties. ' +
        'Names are validated (quotes, backticks and backslashes: 400). An identical index: 409 INDEX_EXISTS. ' +
        'Relationship indexes need Neo4j 4.3 or later: 501 on older Neo4j. Audited as schema.index.create.',
      body: { schema: schemaIndexInputSchema, example: { entity: 'node', label: 'Person', properties: ['name'] } },
      responses: { 201: { description: 'The created index', schema: schemaIndexSchema, example: schemaIndexExample } },
      errors: [409, 501],
    },
    async ({ ctx, body }) => {
      const input = toInput(body);
      const existing = await deps.graph.listIndexes();
      if (existing.some((i) => i.entity === input.entity && i.token === input.token && JSON.stringify(i.properties) === JSON.stringify(input.properties))) {
        throw new ConflictError('An identical schema index exists', 'INDEX_EXISTS');
      }
      const created = await deps.graph.createIndex(input);
      await audit(ctx, { action: 'schema.index.create', targetType: 'schema-index', targetId: created.name, details: { ...input } });
      return created;
    },
  );

  endpoint(
    router,
    {
      method: 'delete', path: '/schema/indexes', tag: indexTag, access: 'SETTINGS_MANAGEMENT',
      summary: 'Drop a schema index',
      description: 'Drops the index described by the body (the same form as for creation). No such index: 404 INDEX_NOT_FOUND. Audited as schema.index.drop.',
      body: { schema: schemaIndexInputSchema, example: { entity: 'node', label: 'Person', properties: ['name'] } },
      responses: { 204: { description: 'Dropped' } },
      errors: [404],
    },
    async ({ ctx, body }) => {
      const input = toInput(body);
      const dropped = await deps.graph.dropIndex(input);
      if (!dropped) throw new NotFoundError('Schema index', 'INDEX_NOT_FOUND');
      await audit(ctx, { action: 'schema.index.drop', targetType: 'schema-index', targetId: null, details: { ...input } });
    },
  );

  // -------------------------------------------------------------------------------------------
  // fulltext index over nodes

  endpoint(
    router,
    {
      method: 'post', path: '/cfg/indexer/node/configure', tag: fulltextTag, access: 'SETTINGS_MANAGEMENT',
      summary: 'Configure the fulltext index',
      description:
        'Stores the fulltext index configuration (the FULLTEXT_INDEX setting): the node labels and the properties to index. ' +
        'It takes effect with POST /cfg/indexer/node/create. Audited as fulltext.configure.',
      body: { schema: fulltextConfigSchema, example: fulltextExample },
      responses: { 200: { description: 'The stored configuration', schema: fulltextConfigSchema, example: fulltextExample } },
    },
    ({ ctx, body }) => new SettingsService(ctx).put('FULLTEXT_INDEX', body, { auditAction: 'fulltext.configure' }),
  );

  endpoint(
    router,
    {
      method: 'post', path: '/cfg/indexer/node/status', tag: fulltextTag, access: 'authenticated',
      summary: 'Fulltext index status',
      description:
        'State (NOT_CREATED, POPULATING with progress 0-100, ONLINE, FAILED with failureMessage) and configuration of the index; ' +
        'when no index exists, the stored configuration. Changes nothing. Users without Settings management see only the labels and properties visible to them.',
      responses: { 200: { description: 'Status', schema: fulltextStatusSchema, example: { state: 'POPULATING', progress: 42.5, config: fulltextExample } } },
    },
    async ({ ctx }) => fulltextStatusVisibleTo(await statusWithConfig(ctx), await new SettingsService(ctx).visibility()),
  );

  endpoint(
    router,
    {
      method: 'get', path: '/cfg/indexer/node/automatic', tag: fulltextTag, access: 'SETTINGS_MANAGEMENT',
      summary: 'Automatic fulltext configuration',
      description:
        'The string properties found in a sample of the nodes (the first sampleSize, default 1000), per label, and as a configuration: ' +
        'every sampled label that has string properties and every string property. Nothing is stored. Reads the data without access restrictions, hence the permission.',
      query: sampleQuery,
      responses: {
        200: {
          description: 'Automatic configuration',
          schema: fulltextAutomaticSchema,
          example: { labels: ['Company', 'Person'], properties: ['city', 'name'], byLabel: { Company: ['name'], Person: ['city', 'name'] } },
        },
      },
    },
    async ({ query }) => {
      const sample = await deps.graph.sample(query.sampleSize ?? AUTOMATIC_SAMPLE_SIZE, UNRESTRICTED);
      const input = { sample, labels: [], types: [], keys: [] };
      return { ...fulltextIndex.automatic(input), byLabel: stringPropertiesByLabel(input) };
    },
  );

  endpoint(
    router,
    {
      method: 'get', path: '/cfg/indexer/node/default', tag: fulltextTag, access: 'authenticated',
      summary: 'Default fulltext configuration',
      description:
        'The default configuration: no labels and no properties, meaning "not configured" (the default of the FULLTEXT_INDEX setting). ' +
        'It is a constant so that resetting settings never indexes data by accident; an index needs an explicit configuration.',
      responses: { 200: { description: 'Default configuration', schema: fulltextConfigSchema, example: { labels: [], properties: [] } } },
    },
    ({ ctx }) => new SettingsService(ctx).defaultOf('FULLTEXT_INDEX'),
  );

  endpoint(
    router,
    {
      method: 'post', path: '/cfg/indexer/node/drop', tag: fulltextTag, access: 'SETTINGS_MANAGEMENT',
      summary: 'Drop the fulltext index',
      description: 'Drops the index (searches fall back to a substring scan). The stored configuration stays. Audited as fulltext.drop.',
      responses: { 200: { description: 'Status after the drop', schema: fulltextStatusSchema, example: { state: 'NOT_CREATED', progress: 0, config: fulltextExample } } },
    },
    async ({ ctx }) => {
      const before = await deps.graph.fulltextStatus();
      await deps.graph.dropFulltextIndex();
      await recordAppliedFulltext(ctx.db, null);
      await audit(ctx, { action: 'fulltext.drop', targetType: 'fulltext-index', targetId: 'node', details: { previousState: before.state } });
      return statusWithConfig(ctx);
    },
  );

  endpoint(
    router,
    {
      method: 'post', path: '/cfg/indexer/node/create', tag: fulltextTag, access: 'SETTINGS_MANAGEMENT',
      summary: 'Create the fulltext index',
      description:
        'Creates (or recreates) the index with the stored configuration and starts reindexing in the background; follow it with POST /cfg/indexer/node/status. ' +
        'Without a configuration (no labels or no properties): 422 FULLTEXT_NOT_CONFIGURED. Audited as fulltext.create.',
      responses: { 202: { description: 'Reindexing started', schema: fulltextStatusSchema, example: { state: 'POPULATING', progress: 0, config: fulltextExample } } },
      errors: [422],
    },
    async ({ ctx }) => {
      const config = await new SettingsService(ctx).get('FULLTEXT_INDEX');
      if (config.labels.length === 0 || config.properties.length === 0) {
        throw new UnprocessableError('Configure the fulltext index first (POST /cfg/indexer/node/configure with labels and properties)', 'FULLTEXT_NOT_CONFIGURED');
      }
      const status = await deps.graph.createFulltextIndex(config);
      await recordAppliedFulltext(ctx.db, config);
      await audit(ctx, { action: 'fulltext.create', targetType: 'fulltext-index', targetId: 'node', details: { config } });
      return statusWithConfig(ctx, status);
    },
  );

  return router;
}
