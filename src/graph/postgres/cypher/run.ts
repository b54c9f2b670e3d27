import type { Knex } from 'knex';
import { AppError, BadRequestError } from '../../../errors';
import { UNRESTRICTED, type CypherOptions, type CypherResult } from '../../graph-store';
import { QueryRunner } from '../runner';
import { ScopeSql } from '../sql-filter';
import { MAX_SQL_CHARS, Sql, SqlTooLargeError } from '../sql';
import { GRAMMAR_NOTE, translateParsed } from './translate';
import { assertNoLoadCsv } from '../../../cypher/refused-clauses';
import { parseUserQuery } from '../../../cypher/parser';
import type { CypherPlanCache } from './plan-cache';
import { runWritingQuery, writingClauses } from './writing';

/** The most bindings one statement may carry (PostgreSQL's wire protocol counts them in 16 bits). */
const MAX_BINDINGS = 65_535;

/**
 * runCypher of the PostgreSQL adapter: the query translated to one SQL statement (translate.ts)
 * with the reader's scope compiled in, run with the statement time limit of every read, and its
 * rows shaped as the Neo4j backend shapes them (nodes { id, labels, properties }, relationships
 * { id, type, startNodeId, endNodeId, properties }). A query with writing clauses runs in its own
 * transaction (writing.ts): only with options.writeCheck and not readOnly, else 403 READ_ONLY_QUERY.
 * With `plans`, a repeated query reuses its parse and its translation (plan-cache.ts).
 */
export async function runCypherOnPostgres(
  knex: Knex,
  query: string,
  params: Record<string, unknown>,
  options: CypherOptions,
  maxDepth = 15,
  plans?: CypherPlanCache,
): Promise<CypherResult> {
  if (typeof query !== 'string' || !query.trim()) throw new BadRequestError('The query is empty', 'CYPHER_ERROR');
  const maxRows = options.maxRows;
  if (!Number.isInteger(maxRows) || maxRows < 0) throw new BadRequestError('maxRows must be a non-negative integer', 'INVALID_QUERY');
  const scope = options.scope ?? UNRESTRICTED;
  const values = params ?? {};
  const parse = () => {
    // Refused for everyone on both backends, before the translation (which would answer
    // unsupported); a text with a plan in the cache passed this check (a lexer scan) already.
    assertNoLoadCsv(query);
    return parseUserQuery(query, GRAMMAR_NOTE);
  };
  const parsed = plans ? await plans.parse(query, parse) : await parse();
  // Writing clauses: one transaction, clause by clause (writing.ts); never a cached plan.
  if (writingClauses(parsed))
    return runWritingQuery(knex, parsed, values, options, maxDepth, mapCypherError, shape).catch((error: unknown) => {
      throw tooComplex(error);
    });
  // The scope is compiled only for a translation (a cached plan has it compiled in).
  const translate = async () => {
    try {
      return translateParsed(parsed, values, new ScopeSql(scope), maxRows, maxDepth);
    } catch (error) {
      throw tooComplex(error);
    }
  };
  const translated = plans ? await plans.plan({ query, params: values, scope, maxRows, maxDepth }, translate) : await translate();
  // PostgreSQL's protocol carries at most 65,535 bindings; beyond, the server drops the statement as
  // a protocol error (08P01, read as "unreachable"). Some nested arithmetic translates that large.
  const bindings = translated.statement.values.length;
  if (bindings > MAX_BINDINGS) {
    throw new BadRequestError(
      `The query is too complex to run on the PostgreSQL backend: its translation needs ${bindings} parameters (at most ${MAX_BINDINGS})`,
      'CYPHER_TOO_COMPLEX',
      { parameters: bindings },
    );
  }
  const runner = new QueryRunner(knex, options.timeoutMs);
  let rows: Array<Record<string, unknown>>;
  try {
    // Its bindings as a copy too, for the same reason (the driver never sees the cached array).
    rows = await runner.rows(new Sql(translated.statement.text, [...translated.statement.values]));
  } catch (error) {
    throw mapCypherError(error);
  }
  const truncated = rows.length > maxRows;
  const out = rows.slice(0, maxRows).map((row) => translated.columns.map((_, i) => shape(row[`v${i}`] ?? null, translated.kinds[i])));
  // A copy: the plan (and its column list) may be cached and shared by other requests.
  return { columns: [...translated.columns], rows: out, truncated };
}

/** A translation beyond what one statement can carry: refused as too complex, like too many bindings. */
function tooComplex(error: unknown): unknown {
  if (!(error instanceof SqlTooLargeError)) return error;
  return new BadRequestError(
    `The query is too complex to run on the PostgreSQL backend: its translation would exceed ${MAX_SQL_CHARS} characters`,
    'CYPHER_TOO_COMPLEX',
    { characters: MAX_SQL_CHARS },
  );
}

function mapCypherError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const e = error as { code?: string; message?: string };
  // knex writes "<statement> - <message>": only the database's message is shown.
  const full = String(e?.message ?? '');
  const message = full.includes(' - ') ? full.slice(full.lastIndexOf(' - ') + 3) : full;
  if (e?.code === 'GCY01') return new BadRequestError(message, 'CYPHER_UNSUPPORTED');
  if (e?.code === 'GCY02') return new BadRequestError(message, 'CYPHER_ERROR');
  // Data exceptions (a cast of a string to a number, a division by zero, ...): the query's error.
  if (typeof e?.code === 'string' && e.code.startsWith('22'))
    return new BadRequestError(`The query failed: ${message.slice(0, 500)}`, 'CYPHER_ERROR', { sqlState: e.code });
  // Anything else the database refuses in a translated statement is a shape the translation does
  // not handle: refused, never a wrong answer.
  if (typeof e?.code === 'string' && (e.code.startsWith('42') || e.code.startsWith('0A'))) {
    return new BadRequestError(
      `This query cannot be run by Cypher on the PostgreSQL backend (${message.slice(0, 300)})`,
      'CYPHER_UNSUPPORTED',
      { sqlState: e.code },
    );
  }
  return error;
}

function shapeNode(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  const v = value as { id: string; labels: string[]; properties: Record<string, unknown> };
  return { id: v.id, labels: v.labels, properties: v.properties };
}

function shapeRelationship(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  const v = value as { id: string; type: string; startNodeId: string; endNodeId: string; properties: Record<string, unknown> };
  return { id: v.id, type: v.type, startNodeId: v.startNodeId, endNodeId: v.endNodeId, properties: v.properties };
}

const RELATIONSHIP_KEYS = ['endNodeId', 'id', 'properties', 'startNodeId', 'type'];

/** Relationships inside any value (lists, maps, paths) with their keys in the Neo4j backend's order. */
function deepShape(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(deepShape);
  if (value === null || typeof value !== 'object' || typeof (value as { toJSON?: unknown }).toJSON === 'function') return value;
  const keys = Object.keys(value).sort();
  if (keys.length === RELATIONSHIP_KEYS.length && keys.every((k, i) => k === RELATIONSHIP_KEYS[i])) return shapeRelationship(value);
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) out[k] = deepShape(v);
  return out;
}

/** Keys in the order the Neo4j backend writes them (jsonb orders object keys by length). */
function shape(value: unknown, kind: string): unknown {
  switch (kind) {
    case 'path':
      return value === null || typeof value !== 'object'
        ? value
        : {
            nodes: ((value as { nodes: unknown[] }).nodes ?? []).map(shapeNode),
            relationships: ((value as { relationships: unknown[] }).relationships ?? []).map(shapeRelationship),
          };
    case 'node':
    case 'nodeobj':
      return shapeNode(value);
    case 'relobj':
      return shapeRelationship(value);
    case 'rel':
      return shapeRelationship(value);
    case 'nodes':
      return Array.isArray(value) ? value.map(shapeNode) : value;
    case 'rels':
      return Array.isArray(value) ? value.map(shapeRelationship) : value;
    default:
      return deepShape(value);
  }
}
