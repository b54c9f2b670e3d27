import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import { AppError, BadRequestError, GraphContentionError, GraphTimeoutError, GraphUnavailableError } from '../../errors';
import type { GraphNode, GraphRelationship } from '../graph-store';
import type { Executor, Sql } from './sql';
import { EXACT_JSON_QUERY_OPTIONS } from './json-values';
import { databaseUnavailable } from '../../db/availability';

/** Runs compiled Sql on knex (or a transaction), with the query time limit and error mapping. */
export class QueryRunner {
  private readonly canCancel: boolean;

  constructor(
    readonly knex: Knex,
    readonly timeoutMs?: number,
  ) {
    // PGlite (knex-pglite) cannot cancel a running query; node-postgres can.
    this.canCancel = (knex.client as { config?: { client?: unknown } }).config?.client === 'pg';
  }

  async rows<T = Record<string, unknown>>(query: Sql, executor: Executor = this.knex): Promise<T[]> {
    // Graph properties are jsonb: read with integers beyond 2^53 kept exactly (json-values.ts).
    let statement = executor.raw(query.text, query.values as Knex.RawBinding[]).options(EXACT_JSON_QUERY_OPTIONS);
    if (this.timeoutMs) statement = statement.timeout(this.timeoutMs, { cancel: this.canCancel });
    try {
      const result = (await statement) as { rows: T[] };
      return result.rows;
    } catch (error) {
      throw mapDatabaseError(error);
    }
  }

  /**
   * rows() as a named prepared statement on a PostgreSQL server (node-pg prepares it once per
   * connection, then only binds and executes; after five executions PostgreSQL may keep a generic
   * plan): for the traversal statements, whose planning (1.4 ms for an explore at 100,000 nodes)
   * cost as much as running them. The name is a hash of the text, so a name always means one
   * text; the texts come from a handful of scope shapes, not from values. PGlite: rows().
   */
  async prepared<T = Record<string, unknown>>(query: Sql, executor: Executor = this.knex): Promise<T[]> {
    if (!this.canCancel) return this.rows<T>(query, executor);
    const name = `gas_${createHash('sha1').update(query.text).digest('hex').slice(0, 24)}`;
    let statement = executor.raw(query.text, query.values as Knex.RawBinding[]).options({ ...EXACT_JSON_QUERY_OPTIONS, name });
    if (this.timeoutMs) statement = statement.timeout(this.timeoutMs, { cancel: this.canCancel });
    try {
      const result = (await statement) as { rows: T[] };
      return result.rows;
    } catch (error) {
      throw mapDatabaseError(error);
    }
  }

  async one<T = Record<string, unknown>>(query: Sql, executor: Executor = this.knex): Promise<T | undefined> {
    return (await this.rows<T>(query, executor))[0];
  }
}

export function mapDatabaseError(error: unknown): Error {
  if (error instanceof AppError) return error;
  const e = error as { name?: string; code?: string; message?: string };
  if (e?.name === 'KnexTimeoutError' && /query/i.test(e.message ?? '')) return new GraphTimeoutError();
  if (e?.code === '57014') return new GraphTimeoutError();
  // Deadlock / serialization failure: retried where a write owns its transaction (contention.ts).
  if (e?.code === '40P01' || e?.code === '40001') return new GraphContentionError();
  if (e?.code === '2201B') return new BadRequestError('Invalid regular expression in filter', 'INVALID_FILTER');
  if (e?.code && ['ECONNREFUSED', 'ECONNRESET', 'ENOTFOUND', 'ETIMEDOUT', 'EHOSTUNREACH', '57P01', '57P02', '57P03'].includes(e.code)) {
    return new GraphUnavailableError();
  }
  if (e?.code?.startsWith('08')) return new GraphUnavailableError();
  // Every pooled connection busy for the whole wait (DATABASE_BUSY), a lost connection without a code, ...: 503 with Retry-After.
  const unavailable = databaseUnavailable(error);
  if (unavailable) return unavailable;
  if (e?.name === 'KnexTimeoutError') return new GraphUnavailableError();
  return error instanceof Error ? error : new Error(String(error));
}

export interface NodeRow {
  id: string;
  labels: string[];
  properties: Record<string, unknown>;
}

export interface RelationshipRow {
  id: string;
  type: string;
  start_id: string;
  end_id: string;
  properties: Record<string, unknown>;
}

export function toNode(row: NodeRow): GraphNode {
  return { id: String(row.id), labels: row.labels ?? [], properties: row.properties ?? {} };
}

export function toRelationship(row: RelationshipRow): GraphRelationship {
  return {
    id: String(row.id),
    type: row.type,
    startNodeId: String(row.start_id),
    endNodeId: String(row.end_id),
    properties: row.properties ?? {},
  };
}
