import type { Knex } from 'knex';
import pg from 'pg';
import { DatabaseBusyError, GraphUnavailableError } from '../../errors';

/** Beyond the server's own statement_timeout, how long the client waits for an answer before it drops the connection. */
const CLIENT_GRACE_MS = 5_000;
/** At close, how long statements still running get after their cancel before their connections are cut. */
const CLOSE_GRACE_MS = 2_000;
const IDLE_MS = 10_000;

export interface DirectQuery {
  text: string;
  values: unknown[];
  name?: string;
  types?: pg.CustomTypesConfig;
}

export interface DirectPoolStats {
  total: number;
  idle: number;
  waiting: number;
  /** Connections lent out by this pool and not given back yet. */
  active: number;
}

interface KnexPgClient {
  config?: { client?: unknown; connection?: unknown; pool?: { max?: number }; acquireConnectionTimeout?: number; searchPath?: unknown };
  connectionSettings?: unknown;
}

/**
 * The connection settings of a knex PostgreSQL client that a pool of its own can reuse, or null when
 * knex does something per connection this pool would not (a search path, settings from a function).
 */
export function directSettings(knex: Knex): { settings: pg.PoolConfig; max: number; acquireMs: number } | null {
  const client = knex.client as KnexPgClient;
  const config = client.config ?? {};
  if (config.client !== 'pg' || config.searchPath) return null;
  const connection = client.connectionSettings ?? config.connection;
  let settings: pg.PoolConfig;
  if (typeof connection === 'string') settings = { connectionString: connection };
  else if (connection && typeof connection === 'object') {
    // knex keeps the password as a property that is not enumerable (out of its logs): a spread would lose it.
    const { password } = connection as pg.PoolConfig;
    settings = { ...(connection as pg.PoolConfig), ...(password !== undefined ? { password } : {}) };
  } else return null;
  return { settings, max: config.pool?.max ?? 10, acquireMs: config.acquireConnectionTimeout ?? 60_000 };
}

/**
 * The graph adapter's own node-postgres pool for its pooled statements (issue 24's direct path: knex
 * cost about 0.12 ms per small call). Safe by construction rather than by bookkeeping:
 * - the query time limit is the connections' own `statement_timeout` (a startup parameter, so no
 *   SET per statement): PostgreSQL ends the statement itself and answers 57014 (GRAPH_TIMEOUT) on the
 *   statement's own connection. A client-side cancel needs another connection, which under load came
 *   after the statement had finished (200 instead of 504), and held the connection until it was done;
 * - every connection lent out is given back in one `finally`, destroyed instead when it may still be
 *   busy (the client-side deadline, a broken socket);
 * - close() refuses new statements, cancels the running ones on the server, cuts what still runs
 *   after a grace, and ends the pool: closing never waits on a statement.
 */
export class DirectPool {
  private readonly pool: pg.Pool;
  private readonly lent = new Set<pg.PoolClient>();
  private closing: Promise<void> | null = null;
  /** Rejects the acquisitions still waiting when close() starts (the ending pool would serve them never). */
  private refuseWaiting: (error: Error) => void = () => undefined;
  private readonly closed = new Promise<never>((_resolve, reject) => (this.refuseWaiting = reject));
  private readonly settings: pg.PoolConfig;

  constructor(knex: Knex, timeoutMs: number | undefined) {
    const found = directSettings(knex);
    if (!found) throw new Error('DirectPool needs a knex client on node-postgres with plain connection settings');
    this.settings = found.settings;
    this.pool = new pg.Pool({
      ...found.settings,
      max: found.max,
      min: 0,
      idleTimeoutMillis: IDLE_MS,
      connectionTimeoutMillis: found.acquireMs,
      // Idle connections do not keep a process alive (scripts and tests that never close the store).
      allowExitOnIdle: true,
      ...(timeoutMs ? { statement_timeout: timeoutMs, query_timeout: timeoutMs + CLIENT_GRACE_MS } : {}),
    });
    // An idle connection that dies (server restart) is dropped by the pool; the next statement opens another.
    this.pool.on('error', () => undefined);
    // A lent connection whose socket ends (cut by close(), or the server gone) emits 'error' besides
    // failing its statement; the pool listens only while the connection is idle, so without this a
    // lent one's 'error' would be unhandled and end the process (seen under CI load: the cancel came
    // after the grace and close() cut the sockets). The statement's own rejection reports it.
    this.pool.on('connect', (client) => client.on('error', () => undefined));
    this.closed.catch(() => undefined);
  }

  async query<T>(query: DirectQuery): Promise<T[]> {
    if (this.closing) throw new GraphUnavailableError();
    let client: pg.PoolClient;
    const acquiring = this.pool.connect();
    try {
      client = await Promise.race([acquiring, this.closed]);
    } catch (error) {
      // Refused by close(): a connection the pool hands out after all goes straight back.
      acquiring.then(
        (late) => late.release(),
        () => undefined,
      );
      throw acquireError(error);
    }
    this.lent.add(client);
    let broken: Error | undefined;
    try {
      const result = await client.query<T & pg.QueryResultRow>(query);
      return result.rows;
    } catch (error) {
      // An answer from the server (a SQLSTATE) leaves the connection ready for the next statement;
      // anything else (the client's deadline, a lost socket) may leave it mid-statement: destroy it.
      if (!hasSqlState(error)) broken = error instanceof Error ? error : new Error(String(error));
      throw error;
    } finally {
      this.lent.delete(client);
      client.release(broken);
    }
  }

  stats(): DirectPoolStats {
    return { total: this.pool.totalCount, idle: this.pool.idleCount, waiting: this.pool.waitingCount, active: this.lent.size };
  }

  close(): Promise<void> {
    this.closing ??= this.shutdown();
    return this.closing;
  }

  private async shutdown(): Promise<void> {
    this.refuseWaiting(new GraphUnavailableError());
    const ended = this.pool.end();
    const running = [...this.lent];
    if (running.length) {
      await cancelOnServer(this.settings, running).catch(() => undefined);
      let timer: NodeJS.Timeout | undefined;
      const cut = new Promise<void>((resolve) => {
        timer = setTimeout(() => {
          // Still running after the cancel (the server unreachable): the sockets are cut, the statements fail, the pool ends.
          for (const client of this.lent)
            (client as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
          resolve();
        }, CLOSE_GRACE_MS);
        timer.unref();
      });
      await Promise.race([ended, cut]);
      clearTimeout(timer);
    }
    await ended;
  }
}

function hasSqlState(error: unknown): boolean {
  const code = (error as { code?: unknown })?.code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && !code.startsWith('08') && code !== '57P01';
}

/** A wait for a connection of this pool that ran out of time is DATABASE_BUSY, as knex's is. */
function acquireError(error: unknown): unknown {
  const message = (error as { message?: unknown })?.message;
  if (typeof message === 'string' && /timeout exceeded when trying to connect/i.test(message)) return new DatabaseBusyError();
  return error;
}

/** The client-side deadline (statement_timeout plus a grace) passed without an answer: the server did not end it. */
export function isClientDeadline(error: unknown): boolean {
  return error instanceof Error && error.message === 'Query read timeout';
}

/** pg_cancel_backend for each running statement, over one short connection of its own. */
async function cancelOnServer(settings: pg.PoolConfig, clients: pg.PoolClient[]): Promise<void> {
  const pids = clients.map((client) => (client as unknown as { processID?: number }).processID).filter((pid) => typeof pid === 'number');
  if (!pids.length) return;
  const canceller = new pg.Client({ ...settings, connectionTimeoutMillis: CLOSE_GRACE_MS, query_timeout: CLOSE_GRACE_MS });
  try {
    await canceller.connect();
    await canceller.query('select pg_cancel_backend(pid) from unnest($1::int[]) as pid', [pids]);
  } finally {
    await canceller.end().catch(() => undefined);
  }
}
