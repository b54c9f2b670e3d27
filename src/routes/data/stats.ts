import { Router } from 'express';
import { z } from 'zod';
import type { AppDeps } from '../../core/context';
import { endpoint } from '../../http/endpoint';
import { commaList, FREQUENCY_DEFAULT_LIMIT, FREQUENCY_MAX_LIMIT, GraphStatsService } from '../../services/graph/stats-service';
import { frequencyResultSchema } from '../schemas/graph';
import { TAG_STATS } from './shared';

const limitQuery = z.object({
  limit: z.coerce.number().int().min(0).max(FREQUENCY_MAX_LIMIT).default(FREQUENCY_DEFAULT_LIMIT).openapi({ description: 'How many of the most frequent values to return (default 20, at most 1000)' }),
});
const propertyParam = z.string().min(1).max(200).openapi({ description: 'Property name', example: 'city' });
const example = { property: 'city', values: [{ value: 'Prague', count: 12 }, { value: 'Brno', count: 5 }], total: 17, distinct: 2 };
const ok = { 200: { description: 'Most frequent values first', schema: frequencyResultSchema, example } };
const NOTE =
  'Only elements and properties visible to the user are counted. "total" counts the elements having the property, "distinct" the distinct values. ' +
  'Most frequent first; equal counts in value order (values of different types: lists, strings, booleans, numbers). ' +
  'Labels and types named in the path must exist among the visible data or in DATA_TYPES (else 400 UNKNOWN_LABEL / UNKNOWN_TYPE, the same answer for a hidden name as for an absent one).';

/**
 * Frequency statistics (spec 4.6). Declared most specific first: /nodes/{labels}/{property}
 * before /nodes/{property} before /{property} (Express matches in order).
 */
export function createStatsRouter(_deps: AppDeps): Router {
  const router = Router();

  endpoint(
    router,
    {
      method: 'get', path: '/data/stats/frequency/nodes/{labels}/{property}', tag: TAG_STATS, access: 'authenticated',
      summary: 'Value frequency over nodes with labels',
      description: `Values of the property on nodes carrying all the given labels (comma-separated). ${NOTE}`,
      params: z.object({ labels: z.string().min(1).max(2000).openapi({ description: 'Comma-separated labels', example: 'Person,Employee' }), property: propertyParam }),
      query: limitQuery,
      responses: ok,
    },
    ({ ctx, params, query }) => new GraphStatsService(ctx).nodes(params.property, commaList(params.labels), query.limit),
  );

  endpoint(
    router,
    {
      method: 'get', path: '/data/stats/frequency/nodes/{property}', tag: TAG_STATS, access: 'authenticated',
      summary: 'Value frequency over nodes',
      description: `Values of the property on all nodes. ${NOTE}`,
      params: z.object({ property: propertyParam }),
      query: limitQuery,
      responses: ok,
    },
    ({ ctx, params, query }) => new GraphStatsService(ctx).nodes(params.property, undefined, query.limit),
  );

  endpoint(
    router,
    {
      method: 'get', path: '/data/stats/frequency/relationships/{types}/{property}', tag: TAG_STATS, access: 'authenticated',
      summary: 'Value frequency over relationships of types',
      description: `Values of the property on relationships of the given types (comma-separated), narrowed to the types the DATA_TYPES setting allows. ${NOTE}`,
      params: z.object({ types: z.string().min(1).max(2000).openapi({ description: 'Comma-separated relationship types', example: 'KNOWS,WORKS_AT' }), property: propertyParam }),
      query: limitQuery,
      responses: ok,
    },
    ({ ctx, params, query }) => new GraphStatsService(ctx).relationships(params.property, commaList(params.types), query.limit),
  );

  endpoint(
    router,
    {
      method: 'get', path: '/data/stats/frequency/relationships/{property}', tag: TAG_STATS, access: 'authenticated',
      summary: 'Value frequency over relationships',
      description: `Values of the property on relationships of every type the DATA_TYPES setting allows. ${NOTE}`,
      params: z.object({ property: propertyParam }),
      query: limitQuery,
      responses: ok,
    },
    ({ ctx, params, query }) => new GraphStatsService(ctx).relationships(params.property, undefined, query.limit),
  );

  endpoint(
    router,
    {
      method: 'get', path: '/data/stats/frequency/{property}', tag: TAG_STATS, access: 'authenticated',
      summary: 'Value frequency over nodes and relationships',
      description: `Values of the property on nodes and relationships counted together. ${NOTE}`,
      params: z.object({ property: propertyParam }),
      query: limitQuery,
      responses: ok,
    },
    ({ ctx, params, query }) => new GraphStatsService(ctx).all(params.property, query.limit),
  );

  return router;
}
