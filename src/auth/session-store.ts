import session, { SessionData } from 'express-session';
import type { Knex } from 'knex';

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

  constructor(
    private readonly db: Knex,
    private readonly maxAgeMs: number,
    private readonly touchAfterMs: number,
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
   * One statement per cookie-authenticated request: a fixed SQL text (no query building per
   * request, which showed in profiles of the session hot path).
   */
  override get(sid: string, callback: Callback<SessionData | null>): void {
    this.db
      .raw('select sess from sessions where sid = ? and expires_at > ? limit 1', [sid, new Date()])
      .then((result: unknown) => {
        // pg resolves { rows }, PGlite through knex-pglite the same shape (or the rows themselves).
        const rows = (Array.isArray(result) ? result : (result as { rows?: unknown[] }).rows ?? []) as Array<{ sess: unknown }>;
        const sess = rows[0]?.sess;
        callback(undefined, sess ? ((typeof sess === 'string' ? JSON.parse(sess) : sess) as SessionData) : null);
      }, callback);
  }

  override set(sid: string, sess: SessionData, callback?: Callback): void {
    const userId = (sess as SessionData & { passport?: { user?: string } }).passport?.user ?? null;
    this.db('sessions')
      .insert({ sid, sess: JSON.stringify(sess), expires_at: this.expiry(sess), user_id: userId })
      .onConflict('sid')
      .merge()
      .then(() => callback?.(), (error) => callback?.(error));
  }

  override destroy(sid: string, callback?: Callback): void {
    this.touchedAt.delete(sid);
    this.db('sessions')
      .where('sid', sid)
      .del()
      .then(() => callback?.(), (error) => callback?.(error));
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
      .then(() => callback?.(), (error) => callback?.(error));
  }

  /** Ends every session of a user (password change, disable, delete). */
  async destroyUserSessions(userId: string, exceptSid?: string): Promise<number> {
    const query = this.db('sessions').where('user_id', userId);
    if (exceptSid) query.whereNot('sid', exceptSid);
    return deletedCount(await query.del());
  }

  async prune(): Promise<number> {
    return deletedCount(await this.db('sessions').where('expires_at', '<', new Date()).del());
  }

  close(): void {
    clearInterval(this.pruneTimer);
  }
}
