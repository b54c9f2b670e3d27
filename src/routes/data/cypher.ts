import { Router } from 'express';
import { z } from 'zod';
import type { AppDeps } from '../../http/context';
import { endpoint } from '../../http/endpoint';
import { CypherService } from '../../services/graph/cypher-service';
import { nodeExample } from '../schemas/graph';
import { TAG_CYPHER } from './shared';

const cypherBody = z.object({
  query: z.string().min(1).max(100_000).openapi({ example: 'MATCH (p:Person) WHERE p.age > $age RETURN p LIMIT 10' }),
  params: z.record(z.string(), z.unknown()).default({}).openapi({ example: { age: 30 } }),
});

export function createCypherRouter(_deps: AppDeps): Router {
  const router = Router();

  endpoint(
    router,
    {
      method: 'post', path: '/data/cypher', tag: TAG_CYPHER, access: 'CYPHER_QUERIES',
      summary: 'Run a Cypher query',
      description:
        'Runs a Cypher query with parameters on the Neo4j backend (the PostgreSQL backend answers 501 CYPHER_NOT_SUPPORTED), within the configured time limit (504) and row limit ("truncated": true when rows were cut). ' +
        'Users with unrestricted data access (READ_ALL_DATA and DATA_TYPES "*") run it as written: read-only unless they also hold DATA_MANAGEMENT (write runs are audited as cypher.run). ' +
        'Everyone else: the query always runs read-only; it is refused with 403 CYPHER_RESTRICTED when its text or parameters name a label, relationship type or property hidden from the user, ' +
        'or when it uses CALL, apoc.*, subscripts (x[...]) or properties()/keys()/labels()/type()/id()/elementId(); only nodes, relationships and paths (and lists of them) may be returned ' +
        '(any other value, such as a count or a property value, is 403 CYPHER_RESTRICTED); every returned element is re-read under the user\'s access rules, so hidden properties are removed and ' +
        'rows holding an element the user cannot see are left out. Hidden names are those visible to the user nowhere plus those listed as disabled in a property rule. ' +
        'A pattern may still match through elements the user cannot see (so which visible elements come back can depend on hidden data); hidden values, names and counts are never returned.',
      body: { schema: cypherBody, example: { query: 'MATCH (p:Person) WHERE p.age > $age RETURN p LIMIT 10', params: { age: 30 } } },
      responses: {
        200: {
          description: 'Columns and rows; graph values as Node, Relationship and Path objects',
          schema: z.object({ columns: z.array(z.string()), rows: z.array(z.array(z.unknown())), truncated: z.boolean() }),
          example: { columns: ['p'], rows: [[nodeExample]], truncated: false },
        },
      },
      errors: [501, 503, 504],
    },
    ({ ctx, body }) => new CypherService(ctx).run(body.query, body.params),
  );

  return router;
}
