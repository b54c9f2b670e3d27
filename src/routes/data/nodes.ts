import { Router } from 'express';
import { z } from 'zod';
import type { AppDeps } from '../../core/context';
import { endpoint } from '../../http/endpoint';
import { NodeService } from '../../services/graph/node-service';
import { GraphVocabulary } from '../../services/graph/vocabulary';
import { deletedSchema, idParamsSchema, nodeExample, nodeSchema, propertiesSchema, propertyListSchema, propertyPatchSchema, relationshipExample } from '../schemas/graph';
import { labelListSchema, TAG_NODES } from './shared';

const createBody = z.object({
  labels: labelListSchema.openapi({ example: ['Person'] }),
  properties: propertiesSchema.default({}),
});

const readBody = z.object({ properties: propertyListSchema.optional() }).optional();

const updateBody = z.object({
  properties: propertyPatchSchema.default({}),
  addLabels: labelListSchema.optional(),
  removeLabels: labelListSchema.optional(),
});

/** Node CRUD by id, possible labels and property keys. Mounted after the /data/nodes/find routes. */
export function createNodesRouter(_deps: AppDeps): Router {
  const router = Router();

  endpoint(
    router,
    {
      method: 'get', path: '/data/possiblePropertyKeys', tag: TAG_NODES, access: 'authenticated',
      summary: 'Property names in the graph',
      description: 'Lists the property names existing on nodes and relationships the user can see (hidden properties are not listed).',
      responses: { 200: { description: 'Property names, sorted', schema: z.array(z.string()), example: ['age', 'city', 'name'] } },
    },
    ({ ctx }) => new GraphVocabulary(ctx).propertyKeys(),
  );

  endpoint(
    router,
    {
      method: 'get', path: '/data/nodes/possibleLabels', tag: TAG_NODES, access: 'authenticated',
      summary: 'Possible node labels',
      description: 'Labels of the nodes the user can see, plus the labels listed in the DATA_TYPES setting (without "*") that the user may see.',
      responses: { 200: { description: 'Labels, sorted', schema: z.array(z.string()), example: ['Company', 'Person'] } },
    },
    ({ ctx }) => new GraphVocabulary(ctx).possibleLabels(),
  );

  endpoint(
    router,
    {
      method: 'post', path: '/data/nodes', tag: TAG_NODES, access: 'DATA_MANAGEMENT',
      summary: 'Create a node',
      description: 'Creates a node with the labels and properties. The DATA_SCHEMA setting restricts what may be written (422 DATA_SCHEMA_VIOLATION). Audited as node.create. Writes stay inside the data access of the user: a hidden label, type or property, or a result the user could not see (a row rule), is 403 GRAPH_WRITE_HIDDEN / PROPERTY_NOT_WRITABLE; more than graph.maxPropertiesPerElement properties on the element is 413 TOO_MANY_PROPERTIES.',
      body: { schema: createBody, example: { labels: ['Person'], properties: { name: 'Alice', age: 34 } } },
      responses: { 201: { description: 'The created node', schema: nodeSchema, example: nodeExample } },
      errors: [422],
    },
    ({ ctx, body }) => new NodeService(ctx).create(body),
  );

  endpoint(
    router,
    {
      method: 'post', path: '/data/nodes/{id}', tag: TAG_NODES, access: 'authenticated',
      summary: 'Read a node',
      description: 'Finds the node by id and returns the requested properties (all visible ones when "properties" is absent). A node the user cannot see is answered like a missing one: 404.',
      params: idParamsSchema,
      body: { schema: readBody, example: { properties: ['name'] }, required: false },
      responses: { 200: { description: 'The node', schema: nodeSchema, example: { ...nodeExample, properties: { name: 'Alice' } } } },
    },
    ({ ctx, params, body }) => new NodeService(ctx).get(params.id, body?.properties),
  );

  endpoint(
    router,
    {
      method: 'put', path: '/data/nodes/{id}', tag: TAG_NODES, access: 'DATA_MANAGEMENT',
      summary: 'Update a node',
      description:
        'Applies a property patch (a null value removes the property) and optional label changes. DATA_SCHEMA rules apply (422). Audited as node.update (values of properties the user cannot see are not logged). Writes stay inside the data access of the user: a hidden label, type or property, or a result the user could not see (a row rule), is 403 GRAPH_WRITE_HIDDEN / PROPERTY_NOT_WRITABLE; more than graph.maxPropertiesPerElement properties on the element is 413 TOO_MANY_PROPERTIES.',
      params: idParamsSchema,
      body: { schema: updateBody, example: { properties: { age: 35, nickname: null }, addLabels: ['Employee'], removeLabels: [] } },
      responses: { 200: { description: 'The updated node', schema: nodeSchema, example: { ...nodeExample, labels: ['Person', 'Employee'], properties: { name: 'Alice', age: 35 } } } },
      errors: [422],
    },
    ({ ctx, params, body }) => new NodeService(ctx).update(params.id, body),
  );

  endpoint(
    router,
    {
      method: 'delete', path: '/data/nodes/{id}', tag: TAG_NODES, access: 'DATA_MANAGEMENT',
      summary: 'Delete a node and its relationships',
      description: 'Deletes the node and every relationship attached to it. The answer lists every deleted element. Audited as node.delete.',
      params: idParamsSchema,
      responses: { 200: { description: 'The deleted elements', schema: deletedSchema, example: { nodes: [nodeExample], relationships: [relationshipExample] } } },
    },
    ({ ctx, params }) => new NodeService(ctx).delete(params.id),
  );

  return router;
}
