import { Router } from 'express';
import { z } from 'zod';
import type { AppDeps } from '../../core/context';
import { endpoint } from '../../http/endpoint';
import { CypherService } from '../../services/graph/cypher-service';
import { withinCypherLimits } from '../../services/graph/cypher-limits';
import { nodeExample } from '../schemas/graph';
import { TAG_CYPHER } from './shared';

const cypherBody = z.object({
  query: z.string().min(1).max(100_000).openapi({ example: 'MATCH (p:Person) WHERE p.age > $age RETURN p LIMIT 10' }),
  params: z.record(z.string(), z.unknown()).default({}).openapi({ example: { age: 30 } }),
});

const count = z.number().int().min(0);
const sideEffectsSchema = z
  .object({
    nodesCreated: count,
    nodesDeleted: count,
    relationshipsCreated: count,
    relationshipsDeleted: count,
    labelsAdded: count.openapi({ description: 'Label names that no visible node carried before and one carries after (as the openCypher TCK counts +labels)' }),
    labelsRemoved: count.openapi({ description: 'Label names that a visible node carried before and none carries after' }),
    propertiesSet: count.openapi({ description: 'Properties given a new value, those of created elements included' }),
    propertiesRemoved: count.openapi({ description: 'Properties that lost their value (removed, replaced, or on a deleted element)' }),
  })
  .openapi({
    description:
      'Present when the query has writing clauses (PostgreSQL backend): what it changed, counted as the openCypher TCK counts side effects, as far as the writer can see (hidden elements, labels and properties are not counted)',
    example: {
      nodesCreated: 1,
      nodesDeleted: 0,
      relationshipsCreated: 1,
      relationshipsDeleted: 0,
      labelsAdded: 1,
      labelsRemoved: 0,
      propertiesSet: 2,
      propertiesRemoved: 0,
    },
  });

export function createCypherRouter(_deps: AppDeps): Router {
  const router = Router();

  endpoint(
    router,
    {
      method: 'post', path: '/data/cypher', tag: TAG_CYPHER, access: 'CYPHER_QUERIES',
      summary: 'Run a Cypher query',
      description:
        'Runs a Cypher query with parameters, within the configured time limit (504) and row limit ("truncated": true when rows were cut). ' +
        'On the PostgreSQL backend a read subset of Cypher (MATCH, OPTIONAL MATCH, WHERE, WITH, UNWIND, RETURN, ORDER BY, SKIP, LIMIT, aggregation, bounded variable-length patterns, named paths, common functions; docs/cypher-postgres.md) is translated to SQL with the user\'s access rules in every pattern; anything else answers 400 CYPHER_UNSUPPORTED naming the construct and its line:column. ' +
        'Writing clauses on PostgreSQL (CREATE, MERGE with ON CREATE / ON MATCH SET, SET, REMOVE, DELETE, DETACH DELETE) need DATA_MANAGEMENT (else 403 READ_ONLY_QUERY naming the clause); the query runs in one transaction with its cypher.run audit event and answers "sideEffects". ' +
        'Every element written passes the rules of the node and relationship endpoints: the writer\'s access rules (403 GRAPH_WRITE_HIDDEN / PROPERTY_NOT_WRITABLE naming only what the query wrote; what the writer cannot see is never matched, and SET n = {...} keeps hidden properties), DATA_SCHEMA (422 DATA_SCHEMA_VIOLATION), portable values (400 PROPERTY_VALUE_NOT_PORTABLE) and graph.maxPropertiesPerElement (413); any error leaves nothing written. ' +
        'The rest of this description is about the Neo4j backend. ' +
        'LOAD CSV is refused for everyone on both backends (the database server would read its files or fetch a URL): 403 CYPHER_LOAD_CSV_REFUSED with its line:column. ' +
        'Procedures: every procedure the query would call (found in its plan, whatever the syntax) is judged by the mode the server declares: DBMS procedures (user and password administration, configuration) never run, ' +
        'WRITE and SCHEMA procedures only for users with unrestricted access and DATA_MANAGEMENT, and routines that run Cypher given as text (apoc.cypher.*, apoc.periodic.*, ...), that make the server read files or fetch URLs (apoc.load.*) or dbms.* functions are refused: 403 CYPHER_PROCEDURE_REFUSED. ' +
        'Users with unrestricted data access (READ_ALL_DATA and DATA_TYPES "*") run the query as written: read-only unless they also hold DATA_MANAGEMENT (write runs are audited as cypher.run). ' +
        'Everyone else: the query is parsed (Cypher 3.5 grammar; other syntax is 400 CYPHER_SYNTAX_ERROR with the position) and rewritten so every node and relationship pattern, each element of a variable-length pattern included, only matches elements the user may see; ' +
        'a hidden label or type matches nothing, a hidden property reads as null (also in keys(), map projections and exists()), and the query always runs read-only. Counts, aggregates, LIMIT and returned values therefore only ever reflect visible data. ' +
        'Refused with 403 CYPHER_RESTRICTED, naming the construct and its position: CALL and every clause that writes, shortestPath/allShortestPaths, index hints, computed subscripts x[expr], properties() and n {.*} where a property rule applies, functions outside the built-in and temporal ones, ' +
        'and parameter maps in patterns. Where the user has property rules, reading a property (x.p, x {.p}, x {.*}, keys(x), properties(x)) from anything but a node or relationship bound by a MATCH pattern (or passed on by WITH), or a value that holds no node or relationship, is refused with 400 CYPHER_UNSUPPORTED naming the read and its position (a map or list may hold nodes). Variables starting with "gas" are reserved (400 CYPHER_RESERVED_NAME); a parameter the request does not give is 400 CYPHER_PARAMETER_MISSING. ' +
        'Returned nodes, relationships and paths are re-read under the user\'s access rules (hidden labels and properties removed). ' +
        'Limits: at most cypher.maxConcurrentPerUser queries of one user (default 2) and cypher.maxConcurrent of everyone (default database.poolMax - 4) run at once; beyond either 429 CYPHER_CONCURRENCY_LIMIT with Retry-After. ' +
        'A user whose queries were refused as too complex (CYPHER_TOO_COMPLEX) cypher.maxTooComplex times (default 3) within cypher.tooComplexWindowMs (default 60 s) gets 429 CYPHER_TOO_COMPLEX_REPEATED with Retry-After until the oldest refusal leaves that window.',
      body: { schema: cypherBody, example: { query: 'MATCH (p:Person) WHERE p.age > $age RETURN p LIMIT 10', params: { age: 30 } } },
      responses: {
        200: {
          description: 'Columns and rows; graph values as Node, Relationship and Path objects',
          schema: z.object({
            columns: z.array(z.string()),
            rows: z.array(z.array(z.unknown())),
            truncated: z.boolean(),
            sideEffects: sideEffectsSchema.optional(),
          }),
          example: { columns: ['p'], rows: [[nodeExample]], truncated: false },
        },
      },
      errors: [413, 422, 429, 501, 503, 504],
    },
    ({ ctx, body }) => withinCypherLimits(ctx, () => new CypherService(ctx).run(body.query, body.params)),
  );

  return router;
}
