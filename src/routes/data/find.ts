import { Router } from 'express';
import { z } from 'zod';
import type { AppDeps } from '../../core/context';
import { endpoint } from '../../http/endpoint';
import { FIND_DEFAULT_LIMIT, FIND_MAX_LIMIT, NodeFindService } from '../../services/graph/find-service';
import { NodeService } from '../../services/graph/node-service';
import { filterSchema, nodeExample, nodeSchema, propertyListSchema, propertyPatchSchema, sortSchema } from '../schemas/graph';
import { filterCheck, labelListSchema, TAG_NODES } from './shared';

export const nodeSearchFields = {
  filter: filterSchema.optional(),
  text: z.string().max(1000).optional().openapi({ description: 'Fulltext search text (the fulltext index when online, a substring scan otherwise)' }),
  labels: labelListSchema.optional().openapi({ description: 'Only nodes carrying at least one of these labels', example: ['Person'] }),
  properties: propertyListSchema.optional(),
};

const findBody = z.object({
  ...nodeSearchFields,
  sort: sortSchema.optional(),
  skip: z.number().int().min(0).max(1_000_000_000).default(0),
  limit: z.number().int().min(0).max(FIND_MAX_LIMIT).default(FIND_DEFAULT_LIMIT),
});

const bulkBody = z.object({
  filter: filterSchema,
  set: propertyPatchSchema.default({}),
  addLabels: labelListSchema.optional(),
  removeLabels: labelListSchema.optional(),
});

/** POST and PUT /data/nodes/find. Mounted before /data/nodes/{id}. */
export function createFindRouter(_deps: AppDeps): Router {
  const router = Router();

  endpoint(
    router,
    {
      method: 'post', path: '/data/nodes/find', tag: TAG_NODES, access: 'authenticated',
      summary: 'Find nodes',
      description:
        'Finds nodes by a filter tree, fulltext text and labels, sorted and paged (limit at most 1000, default 100). ' +
        '"total" counts every match the user can see; for a text search the count stops at 10,000: when more match, "total" is 10000 and "totalIsLowerBound" is true (show it as "more than 10,000"). Labels or types the filter names must exist among the visible data or in DATA_TYPES (400 UNKNOWN_LABEL / UNKNOWN_TYPE); ' +
        'a malformed filter is 400 INVALID_FILTER.',
      body: {
        schema: findBody,
        example: { filter: { property: 'age', operator: '>=', value: 30 }, labels: ['Person'], sort: [{ property: 'name', direction: 'asc' }], skip: 0, limit: 20, properties: ['name', 'age'] },
      },
      responses: {
        200: {
          description: 'A page of nodes',
          schema: z.object({
            items: z.array(nodeSchema),
            total: z.number().int().openapi({ description: 'Matches the user can see; a lower bound when totalIsLowerBound is true' }),
            totalIsLowerBound: z.boolean().optional().openapi({
              description: 'Present and true when a text search matched more than 10,000 nodes: the count stopped there and "total" is 10000 (more than 10,000 match)',
              example: true,
            }),
            skip: z.number().int(),
            limit: z.number().int(),
          }),
          example: { items: [nodeExample], total: 10000, totalIsLowerBound: true, skip: 0, limit: 20 },
        },
      },
      middleware: [filterCheck],
    },
    ({ ctx, body }) => new NodeFindService(ctx).find(body),
  );

  endpoint(
    router,
    {
      method: 'put', path: '/data/nodes/find', tag: TAG_NODES, access: 'DATA_MANAGEMENT',
      summary: 'Update every node matching a filter',
      description:
        'Applies the property patch "set" (null removes) and label changes to every node matching the filter that the user can see, in one transaction. ' +
        'DATA_SCHEMA rules are checked for every matching label set first (422, nothing changed). Audited as nodes.bulk-update with the filter and the count. Writes stay inside the data access of the user: a hidden label, type or property, or a result the user could not see (a row rule), is 403 GRAPH_WRITE_HIDDEN / PROPERTY_NOT_WRITABLE; more than graph.maxPropertiesPerElement properties on the element is 413 TOO_MANY_PROPERTIES.',
      body: { schema: bulkBody, example: { filter: { and: [{ label: 'Person' }, { property: 'city', operator: '=', value: 'Praha' }] }, set: { city: 'Prague' }, addLabels: ['Czech'] } },
      responses: { 200: { description: 'How many nodes were updated', schema: z.object({ updated: z.number().int() }), example: { updated: 12 } } },
      errors: [422],
      middleware: [filterCheck],
    },
    ({ ctx, body }) => new NodeService(ctx).updateMatching(body.filter, { properties: body.set, addLabels: body.addLabels, removeLabels: body.removeLabels }),
  );

  return router;
}
