import { Router } from 'express';
import { z } from 'zod';
import type { AppDeps } from '../../core/context';
import { endpoint } from '../../http/endpoint';
import { GraphRetrievalService } from '../../services/graph/retrieval-service';
import {
  directionSchema,
  elementIdSchema,
  labelName,
  nodeExample,
  pathExample,
  pathSchema,
  relationshipExample,
  relationshipSchema,
  subgraphExample,
  subgraphSchema,
  typeName,
} from '../schemas/graph';
import { idListSchema, labelListSchema, TAG_RETRIEVAL, typeListSchema } from './shared';

const uidValue = z.union([z.string().max(1000), z.number()]);

const graphBody = z.object({ nodeIds: idListSchema().default([]), relationshipIds: idListSchema().default([]) });
const directBody = z.object({ sourceIds: idListSchema().min(1), targetIds: idListSchema().min(1), types: typeListSchema.optional() });
const indirectBody = z.object({
  nodeIds: idListSchema(1000).min(2),
  maxDepth: z.number().int().min(2).max(6).default(3).openapi({ description: 'Longest path, in relationships (2 to 6, default 3)' }),
  types: typeListSchema.optional(),
  direction: directionSchema.optional(),
  limit: z.number().int().min(1).max(1000).default(100).openapi({ description: 'At most this many paths (default 100)' }),
});
const exploreBody = z.object({
  nodeId: elementIdSchema,
  direction: directionSchema.optional(),
  types: typeListSchema.optional(),
  labels: labelListSchema.optional().openapi({ description: 'Only neighbours carrying one of these labels' }),
  limit: z.number().int().min(1).max(1000).default(100).openapi({ description: 'At most this many neighbours (default 100)' }),
  skip: z.number().int().min(0).max(10_000_000).default(0).openapi({ description: 'Neighbours passed over first, in id order: pages through a node with many neighbours (default 0)' }),
});
const uidBody = z
  .object({
    nodes: z.array(z.object({ label: labelName.optional(), uid: uidValue })).max(1000).optional(),
    relationships: z.array(z.object({ type: typeName.optional(), uid: uidValue })).max(1000).optional(),
    uids: z.array(uidValue).max(1000).optional(),
  })
  .openapi({ description: 'Elements by their DATA_TYPES uid: per label (type) its uid property; without label (type), or in "uids", every configured uid property is tried' });
const shortestBody = z.object({
  nodeIds: idListSchema(1000).openapi({ description: 'Exactly two node ids (anything else: 400 SHORTEST_PATH_NEEDS_TWO_NODES)', example: ['42', '99'] }),
  maxDepth: z.number().int().min(1).max(15).optional().openapi({ description: 'Longest path searched (default 6)' }),
  types: typeListSchema.optional(),
  direction: directionSchema.optional(),
});

const pathsResponse = { description: 'Paths', schema: z.object({ paths: z.array(pathSchema) }), example: { paths: [pathExample] } };
const NOTE =
  'Nodes and relationships the user cannot see are neither returned nor traversed. Labels and types named in the request must exist among the visible data or in DATA_TYPES (else 400 UNKNOWN_LABEL / UNKNOWN_TYPE, the same answer for a hidden name as for an absent one).';

/** Graph retrieval for visualizations (spec 4.8). */
export function createGraphRouter(_deps: AppDeps): Router {
  const router = Router();

  endpoint(
    router,
    {
      method: 'post', path: '/data/graph', tag: TAG_RETRIEVAL, access: 'authenticated',
      summary: 'Nodes and relationships by id',
      description: `Returns the nodes and relationships with the given internal ids; unknown ids and ids the user cannot see are left out. ${NOTE}`,
      body: { schema: graphBody, example: { nodeIds: ['42', '43'], relationshipIds: ['7'] } },
      responses: { 200: { description: 'The elements found', schema: subgraphSchema, example: subgraphExample } },
    },
    ({ ctx, body }) => new GraphRetrievalService(ctx).elements(body.nodeIds, body.relationshipIds),
  );

  endpoint(
    router,
    {
      method: 'post', path: '/data/graph/directRelationships', tag: TAG_RETRIEVAL, access: 'authenticated',
      summary: 'Direct connections between two node groups',
      description: `Every relationship (any direction) with one end among sourceIds and the other among targetIds. ${NOTE}`,
      body: { schema: directBody, example: { sourceIds: ['42'], targetIds: ['43', '44'], types: ['KNOWS'] } },
      responses: { 200: { description: 'The relationships', schema: z.object({ relationships: z.array(relationshipSchema) }), example: { relationships: [relationshipExample] } } },
    },
    async ({ ctx, body }) => ({ relationships: await new GraphRetrievalService(ctx).direct(body.sourceIds, body.targetIds, body.types) }),
  );

  endpoint(
    router,
    {
      method: 'post', path: '/data/graph/indirectRelationships', tag: TAG_RETRIEVAL, access: 'authenticated',
      summary: 'Indirect connections between nodes',
      description: `Paths of 2 to maxDepth relationships (any direction unless "direction" says otherwise) between any two of the nodes, through other nodes. ${NOTE}`,
      body: { schema: indirectBody, example: { nodeIds: ['42', '99'], maxDepth: 3 } },
      responses: { 200: pathsResponse },
    },
    async ({ ctx, body }) => ({ paths: await new GraphRetrievalService(ctx).indirect(body.nodeIds, body) }),
  );

  endpoint(
    router,
    {
      method: 'post', path: '/data/graph/explore', tag: TAG_RETRIEVAL, access: 'authenticated',
      summary: 'Explore the neighbourhood of a node',
      description: `The node, up to "limit" neighbours (in id order, after "skip" of them) and the relationships to them; "remaining" counts the visible neighbours after this page. 404 when the node is absent or not visible. ${NOTE}`,
      body: { schema: exploreBody, example: { nodeId: '42', direction: 'both', types: ['KNOWS'], limit: 50, skip: 0 } },
      responses: {
        200: {
          description: 'The neighbourhood',
          schema: z.object({ nodes: z.array(z.any()), relationships: z.array(z.any()), remaining: z.number().int() }),
          example: { ...subgraphExample, remaining: 0 },
        },
      },
      errors: [404],
    },
    ({ ctx, body }) => new GraphRetrievalService(ctx).explore(body),
  );

  endpoint(
    router,
    {
      method: 'post', path: '/data/graph/uid', tag: TAG_RETRIEVAL, access: 'authenticated',
      summary: 'Nodes and relationships by uid',
      description:
        'Finds elements by the uid properties defined in the DATA_TYPES setting (uid.nodes: label -> property, uid.relationships: type -> property). ' +
        'A label (type) without a configured uid property is 400 UID_NOT_CONFIGURED. ' + NOTE,
      body: { schema: uidBody, example: { nodes: [{ label: 'Person', uid: 'a1b2c3' }], relationships: [{ type: 'KNOWS', uid: 'r-17' }] } },
      responses: { 200: { description: 'The elements found', schema: subgraphSchema, example: { nodes: [nodeExample], relationships: [relationshipExample] } } },
    },
    ({ ctx, body }) => new GraphRetrievalService(ctx).byUid(body),
  );

  endpoint(
    router,
    {
      method: 'post', path: '/data/shortestPath', tag: TAG_RETRIEVAL, access: 'authenticated',
      summary: 'All shortest paths between two nodes',
      description: `Exactly two node ids (spec 8.1: anything else is 400 SHORTEST_PATH_NEEDS_TWO_NODES); 404 when a node is absent or not visible. An empty list when no path within maxDepth exists. ${NOTE}`,
      body: { schema: shortestBody, example: { nodeIds: ['42', '99'], maxDepth: 6 } },
      responses: { 200: pathsResponse },
      errors: [404],
    },
    async ({ ctx, body }) => ({ paths: await new GraphRetrievalService(ctx).shortestPaths(body.nodeIds, body) }),
  );

  return router;
}
