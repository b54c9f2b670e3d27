import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import { AppError, BadRequestError, GraphContentionError, GraphTimeoutError, GraphUnavailableError } from '../../errors';
import type { GraphNode, GraphRelationship } from '../graph-store';
import type { Executor, Sql } from './sql';
import { EXACT_JSON_QUERY_OPTIONS } from './json-values';
import { databaseUnavailable } from '../../db/availability';
import type { DirectPoolStats, DirectQuery } from './direct-pool';
import { DirectPool, directSettings, isClientDeadline } from './direct-pool';

/** The most statement texts a runner prepares (named); each pooled connection keeps them until it closes. */
const PREPARED_NAMES = 500;
const POSITIONED_TEXTS = 2000;

/** knex's positionBindings for PostgreSQL: each `?` not escaped by a backslash becomes `$1`, `$2`, ...; `\\?` becomes `?`. */
export function positionBindings(text: string): string {
  let n = 0;
  return text.replace(/(\\*)(\?)/g, (_match, escapes: string) => (escapes.length % 2 ? '?' : `$${++n}`));
}

/** Runs compiled Sql on knex (or a transaction), with the query time limit and error mapping. */
export class QueryRunner {
  private readonly canCancel: boolean;
  /** Statements on the base knex (not a transaction) go to a pooled node-postgres connection directly. */
  private readonly pooled: boolean;
  /** Text -> prepared statement name (bounded: PREPARED_NAMES). */
  private readonly names = new Map<string, string>();
  /** Text with `?` -> text with `$n` (bounded: POSITIONED_TEXTS, then started afresh). */
  private readonly positioned = new Map<string, string>();
  private pool: DirectPool | null = null;
  private closed = false;

  constructor(
    readonly knex: Knex,
    readonly timeoutMs?: number,
    options: { direct?: boolean } = {},
  ) {
    // PGlite (knex-pglite) cannot cancel a running query; node-postgres can.
    this.canCancel = (knex.client as { config?: { client?: unknown } }).config?.client === 'pg';
    // Statements of a transaction stay with knex, which refuses them once it has ended (its
    // connection is back in the pool then); the direct path is for the pool's own statements, on a
    // node-postgres pool of the runner's own (direct-pool.ts), opened at its first statement. Only a
    // runner that lives as long as its store asks for it (`direct`, closed by close()): a runner per
    // call (Cypher, with its own time limit) would open a pool per call.
    this.pooled =
      options.direct === true &&
      this.canCancel &&
      (knex as { isTransaction?: boolean }).isTransaction !== true &&
      directSettings(knex) !== null;
  }

  /** The direct path's pool (PostgreSQL server only), opened at the first statement. */
  private get directPool(): DirectPool {
    this.pool ??= new DirectPool(this.knex, this.timeoutMs);
    return this.pool;
  }

  /** Ends the direct path's pool: running statements are cancelled, none waits (direct-pool.ts). Idempotent. */
  async close(): Promise<void> {
    this.closed = true;
    await this.pool?.close();
  }

  /** The direct path's connections (tests: none may stay lent out). */
  poolStats(): DirectPoolStats | null {
    return this.pool?.stats() ?? null;
  }

  async rows<T = Record<string, unknown>>(query: Sql, executor: Executor = this.knex): Promise<T[]> {
    if (this.pooled && executor === this.knex) return this.direct<T>(query, null);
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
   * plan, which sees labels and property names as constants: sql.ts literal()): for the hot reads
   * and the traversal steps, whose planning (1.4 ms for an explore at 100,000 nodes) cost as much
   * as running them. The name is a hash of the text, so a name always means one text; at most
   * PREPARED_NAMES texts are ever prepared by a runner (each connection keeps its prepared
   * statements for its lifetime), later ones run unnamed. PGlite: rows().
   */
  async prepared<T = Record<string, unknown>>(query: Sql, executor: Executor = this.knex): Promise<T[]> {
    if (!this.canCancel) return this.rows<T>(query, executor);
    let name = this.names.get(query.text);
    if (name === undefined && this.names.size < PREPARED_NAMES) {
      name = `gas_${createHash('sha1').update(query.text).digest('hex').slice(0, 24)}`;
      this.names.set(query.text, name);
    }
    if (this.pooled && executor === this.knex) return this.direct<T>(query, name ?? null);
    let statement = executor
      .raw(query.text, query.values as Knex.RawBinding[])
      .options({ ...EXACT_JSON_QUERY_OPTIONS, ...(name ? { name } : {}) });
    if (this.timeoutMs) statement = statement.timeout(this.timeoutMs, { cancel: this.canCancel });
    try {
      const result = (await statement) as { rows: T[] };
      return result.rows;
    } catch (error) {
      throw mapDatabaseError(error);
    }
  }

  /**
   * A statement on the runner's own node-postgres pool, not through knex.raw (issue 24: knex cost
   * about 0.12 ms per small call, as much as an indexed lookup): the `?` placeholders become `$n`
   * once per text (as knex does: `\\?` stays a literal `?`), the query time limit is the
   * connections' statement_timeout (PostgreSQL ends the statement: GRAPH_TIMEOUT), and knex's
   * 'query' event is still emitted when someone listens (tests and bench:graph read the statements sent).
   */
  private async direct<T>(query: Sql, name: string | null): Promise<T[]> {
    if (this.closed) throw new GraphUnavailableError();
    let text = this.positioned.get(query.text);
    if (text === undefined) {
      text = positionBindings(query.text);
      if (this.positioned.size >= POSITIONED_TEXTS) this.positioned.clear();
      this.positioned.set(query.text, text);
    }
    if (this.knex.listenerCount('query') > 0) this.knex.emit('query', { sql: text, bindings: query.values, method: 'raw' });
    try {
      return await this.directPool.query<T>({
        text,
        values: query.values as unknown[],
        types: EXACT_JSON_QUERY_OPTIONS.types as DirectQuery['types'],
        ...(name ? { name } : {}),
      });
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
  if (e?.code === '57014' || isClientDeadline(error)) return new GraphTimeoutError();
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
