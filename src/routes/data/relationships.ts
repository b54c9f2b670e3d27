import { Router } from 'express';
import { z } from 'zod';
import type { AppDeps } from '../../core/context';
import { endpoint } from '../../http/endpoint';
import { BadRequestError } from '../../errors';
import { RelationshipService } from '../../services/graph/relationship-service';
import { GraphVocabulary } from '../../services/graph/vocabulary';
import {
  deletedSchema,
  elementIdSchema,
  idParamsSchema,
  propertiesSchema,
  propertyListSchema,
  propertyPatchSchema,
  relationshipExample,
  relationshipSchema,
  typeName,
} from '../schemas/graph';
import { TAG_RELATIONSHIPS } from './shared';

const createBody = z.object({
  type: typeName,
  startNodeId: elementIdSchema,
  endNodeId: elementIdSchema,
  properties: propertiesSchema.default({}),
});

const deleteBody = z.object({ id: elementIdSchema.optional() }).optional();
const deleteQuery = z.object({ id: elementIdSchema.optional() });
const readBody = z.object({ properties: propertyListSchema.optional() }).optional();
const updateBody = z.object({ properties: propertyPatchSchema.default({}) });

/** Relationship CRUD. Mounted before the node routes: DELETE /data/nodes/relationships must win over /data/nodes/{id}. */
export function createRelationshipsRouter(_deps: AppDeps): Router {
  const router = Router();

  endpoint(
    router,
    {
      method: 'get', path: '/data/relationships/possibleTypes', tag: TAG_RELATIONSHIPS, access: 'authenticated',
      summary: 'Possible relationship types',
      description: 'Types of the relationships the user can see, plus the types listed in the DATA_TYPES setting (without "*") that the user may see.',
      responses: { 200: { description: 'Types, sorted', schema: z.array(z.string()), example: ['KNOWS', 'WORKS_AT'] } },
    },
    ({ ctx }) => new GraphVocabulary(ctx).possibleTypes(),
  );

  endpoint(
    router,
    {
      method: 'post', path: '/data/relationships', tag: TAG_RELATIONSHIPS, access: 'DATA_MANAGEMENT',
      summary: 'Create a relationship',
      description:
        'Creates a relationship between two existing nodes. When an end does not exist or is not visible to the user the answer is 404 (the same for both). DATA_SCHEMA rules apply (422). Audited as relationship.create. Writes stay inside the data access of the user: a hidden label, type or property, or a result the user could not see (a row rule), is 403 GRAPH_WRITE_HIDDEN / PROPERTY_NOT_WRITABLE; more than graph.maxPropertiesPerElement properties on the element is 413 TOO_MANY_PROPERTIES.',
      body: { schema: createBody, example: { type: 'KNOWS', startNodeId: '42', endNodeId: '43', properties: { since: 2019 } } },
      responses: { 201: { description: 'The created relationship', schema: relationshipSchema, example: relationshipExample } },
      errors: [404, 422],
    },
    ({ ctx, body }) => new RelationshipService(ctx).create(body),
  );

  endpoint(
    router,
    {
      method: 'delete', path: '/data/nodes/relationships', tag: TAG_RELATIONSHIPS, access: 'DATA_MANAGEMENT',
      summary: 'Delete a relationship',
      description:
        'Deletes one relationship. Its id is given either in the query (?id=7) or in a JSON body {"id": "7"}; when both are given they must agree. ' +
        'The answer lists every deleted element (the relationship). Audited as relationship.delete.',
      query: deleteQuery,
      body: { schema: deleteBody, example: { id: '7' }, required: false },
      responses: { 200: { description: 'The deleted elements', schema: deletedSchema, example: { nodes: [], relationships: [relationshipExample] } } },
      errors: [404],
    },
    ({ ctx, query, body }) => {
      const fromQuery = query.id;
      const fromBody = body?.id;
      if (fromQuery && fromBody && fromQuery !== fromBody) throw new BadRequestError('The id in the query and the id in the body differ', 'AMBIGUOUS_ID');
      const id = fromQuery ?? fromBody;
      if (!id) throw new BadRequestError('Give the relationship id as ?id= or in the body {"id": ...}', 'ID_REQUIRED');
      return new RelationshipService(ctx).delete(id);
    },
  );

  endpoint(
    router,
    {
      method: 'post', path: '/data/relationships/{id}', tag: TAG_RELATIONSHIPS, access: 'authenticated',
      summary: 'Read a relationship',
      description: 'Finds the relationship by id and returns the requested properties (all visible ones when "properties" is absent). Invisible relationships are answered like missing ones: 404.',
      params: idParamsSchema,
      body: { schema: readBody, example: { properties: ['since'] }, required: false },
      responses: { 200: { description: 'The relationship', schema: relationshipSchema, example: relationshipExample } },
    },
    ({ ctx, params, body }) => new RelationshipService(ctx).get(params.id, body?.properties),
  );

  endpoint(
    router,
    {
      method: 'put', path: '/data/relationships/{id}', tag: TAG_RELATIONSHIPS, access: 'DATA_MANAGEMENT',
      summary: 'Update relationship properties',
      description: 'Applies a property patch; a null value removes the property. DATA_SCHEMA rules apply (422). Audited as relationship.update. Writes stay inside the data access of the user: a hidden label, type or property, or a result the user could not see (a row rule), is 403 GRAPH_WRITE_HIDDEN / PROPERTY_NOT_WRITABLE; more than graph.maxPropertiesPerElement properties on the element is 413 TOO_MANY_PROPERTIES.',
      params: idParamsSchema,
      body: { schema: updateBody, example: { properties: { since: 2020, note: null } } },
      responses: { 200: { description: 'The updated relationship', schema: relationshipSchema, example: { ...relationshipExample, properties: { since: 2020 } } } },
      errors: [422],
    },
    ({ ctx, params, body }) => new RelationshipService(ctx).update(params.id, body.properties),
  );

  return router;
}
