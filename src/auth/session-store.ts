import type { SessionData } from 'express-session';
import session from 'express-session';
import type { Knex } from 'knex';
import { SessionCache } from './session-cache';

type Callback<T = void> = (error?: unknown, value?: T) => void;

/**
 * The number of rows a knex delete removed. knex's pg client resolves a number, the PGlite client
 * (embedded store) the driver's raw result ({ rows, command, affectedRows, rowCount }).
 */
export function deletedCount(result: unknown): number {
  if (typeof result === 'number') return result;
  if (typeof result === 'object' && result !== null) {
    const raw = result as { affectedRows?: unknown; rowCount?: unknown };
    const count = Number(raw.affectedRows ?? raw.rowCount ?? 0);
    return Number.isFinite(count) ? count : 0;
  }
  return 0;
}

/**
 * express-session store in the sessions table. Expiry is refreshed at most every touchAfterMs
 * (a rolling session with a threshold): refreshing on every request halves throughput.
 */
export class KnexSessionStore extends session.Store {
  private readonly pruneTimer: NodeJS.Timeout;
  /** When this process last refreshed each session's expiry: skips the UPDATE within touchAfterMs. */
  private readonly touchedAt = new Map<string, number>();

  /**
   * @param cache the process's session rows (session-cache.ts): answers get() without a query
   *   while it is active (embedded store, or a PostgreSQL server with the invalidation listener up).
   */
  constructor(
    private readonly db: Knex,
    private readonly maxAgeMs: number,
    private readonly touchAfterMs: number,
    readonly cache: SessionCache = new SessionCache(),
  ) {
    super();
    this.pruneTimer = setInterval(() => void this.prune().catch(() => undefined), 15 * 60 * 1000);
    this.pruneTimer.unref();
  }

  private expiry(sess: SessionData): Date {
    const cookieExpires = sess.cookie?.expires ? new Date(sess.cookie.expires) : undefined;
    return cookieExpires ?? new Date(Date.now() + this.maxAgeMs);
  }

  /**
   * From the session cache when it holds the row; otherwise one statement with a fixed SQL text
   * (no query building per request, which showed in profiles of the session hot path).
   */
  override get(sid: string, callback: Callback<SessionData | null>): void {
    const cached = this.cache.get(sid);
    if (cached !== undefined) {
      let sess: SessionData;
      try {
        sess = JSON.parse(cached) as SessionData;
      } catch (error) {
        return callback(error);
      }
      return callback(undefined, sess);
    }
    const epoch = this.cache.epoch;
    this.db
      .raw('select sess::text as sess, expires_at, user_id from sessions where sid = ? and expires_at > ? limit 1', [sid, new Date()])
      .then((result: unknown) => {
        // pg resolves { rows }, PGlite through knex-pglite the same shape (or the rows themselves).
        const rows = (Array.isArray(result) ? result : ((result as { rows?: unknown[] }).rows ?? [])) as Array<{
          sess: unknown;
          expires_at: Date | string;
          user_id: string | number | null;
        }>;
        const row = rows[0];
        if (!row || row.sess === null || row.sess === undefined) return callback(undefined, null);
        const text = typeof row.sess === 'string' ? row.sess : JSON.stringify(row.sess);
        const sess = JSON.parse(text) as SessionData;
        this.cache.put(sid, text, row.user_id === null ? null : String(row.user_id), new Date(row.expires_at).getTime(), epoch);
        callback(undefined, sess);
      })
      .catch((error: unknown) => callback(error));
  }

  override set(sid: string, sess: SessionData, callback?: Callback): void {
    const userId = (sess as SessionData & { passport?: { user?: string } }).passport?.user ?? null;
    // Forgotten before and after the write: a read concurrent with the write is not kept.
    this.cache.forget(sid);
    this.db('sessions')
      .insert({ sid, sess: JSON.stringify(sess), expires_at: this.expiry(sess), user_id: userId })
      .onConflict('sid')
      .merge()
      .then(
        () => {
          this.cache.forget(sid);
          callback?.();
        },
        (error) => callback?.(error),
      );
  }

  override destroy(sid: string, callback?: Callback): void {
    this.touchedAt.delete(sid);
    this.cache.forget(sid);
    this.db('sessions')
      .where('sid', sid)
      .del()
      .then(
        () => {
          this.cache.forget(sid);
          callback?.();
        },
        (error) => callback?.(error),
      );
  }

  override touch(sid: string, sess: SessionData, callback?: Callback): void {
    const now = Date.now();
    if (now - (this.touchedAt.get(sid) ?? 0) < this.touchAfterMs) {
      callback?.();
      return;
    }
    if (this.touchedAt.size > 100000) this.touchedAt.clear();
    this.touchedAt.set(sid, now);
    const expiresAt = this.expiry(sess);
    this.db('sessions')
      .where('sid', sid)
      .andWhere('expires_at', '<', new Date(expiresAt.getTime() - this.touchAfterMs))
      .update({ expires_at: expiresAt })
      .then(
        () => {
          this.cache.extend(sid, expiresAt.getTime());
          callback?.();
        },
        (error) => callback?.(error),
      );
  }

  /** Ends every session of a user (password change, disable, delete). */
  async destroyUserSessions(userId: string, exceptSid?: string): Promise<number> {
    this.cache.forgetUser(String(userId));
    const query = this.db('sessions').where('user_id', userId);
    if (exceptSid) query.whereNot('sid', exceptSid);
    const count = deletedCount(await query.del());
    this.cache.forgetUser(String(userId));
    return count;
  }

  async prune(): Promise<number> {
    return deletedCount(await this.db('sessions').where('expires_at', '<', new Date()).del());
  }

  close(): void {
    clearInterval(this.pruneTimer);
  }
}
