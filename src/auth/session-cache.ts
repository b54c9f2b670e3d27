import { createHash } from 'node:crypto';

/** The key a session is known by in notifications: md5 of the session id, as the trigger computes it. */
export function sessionKey(sid: string): string {
  return createHash('md5').update(sid).digest('hex');
}

interface SessionEntry {
  /** The stored session as JSON text (parsed again for every request: express-session mutates it). */
  text: string;
  userId: string | null;
  /** sessions.expires_at as this process last knew it (ms). */
  expiresAt: number;
  key: string;
}

const MAX_ENTRIES = 20000;

/**
 * In-process copy of session rows, so a cookie-authenticated request costs no query (the session
 * lookup was the one statement of such a request, and about half its CPU with knex and pg).
 *
 * When it may answer (`active`):
 * - embedded store (PGlite): always. The data directory is locked to this process, and every
 *   write to the sessions table goes through KnexSessionStore, which updates this cache first.
 * - PostgreSQL server: only while this instance LISTENs on gas_sessions
 *   (credential-invalidation.ts). A trigger (migration 20261123160000_session_notify) sends the
 *   md5 of the session id in the transaction of every change or deletion of a live session row,
 *   whichever instance or code path made it, so a logout on another instance reaches this cache
 *   milliseconds after it commits. While the listening connection is down the cache is emptied
 *   and not used (every request reads the row again, as without a cache): it never answers from
 *   a copy that might have missed a notification.
 *
 * A read that started before an invalidation is not stored (it may have read the old row): the
 * epoch counts invalidations.
 */
export class SessionCache {
  private readonly entries = new Map<string, SessionEntry>();
  private readonly sidByKey = new Map<string, string>();
  private epochValue = 0;
  private listening = false;

  constructor(private local = false) {}

  /** The embedded store: no other process can change the sessions table. */
  setLocal(local: boolean): void {
    this.local = local;
    if (!this.active) this.clear();
  }

  /** Set by the invalidation listener: true once LISTEN is established, false when the connection is lost. */
  setListening(listening: boolean): void {
    if (listening !== this.listening) this.clear();
    this.listening = listening;
  }

  get active(): boolean {
    return this.local || this.listening;
  }

  get epoch(): number {
    return this.epochValue;
  }

  get size(): number {
    return this.entries.size;
  }

  /** The stored session text when cached and not expired. */
  get(sid: string, now = Date.now()): string | undefined {
    if (!this.active) return undefined;
    const entry = this.entries.get(sid);
    if (!entry) return undefined;
    if (entry.expiresAt <= now) {
      this.drop(sid);
      return undefined;
    }
    return entry.text;
  }

  /** Stores a row read at `epoch` (from `this.epoch` before the read); ignored if anything was invalidated since. */
  put(sid: string, text: string, userId: string | null, expiresAt: number, epoch: number): void {
    if (!this.active || epoch !== this.epochValue || expiresAt <= Date.now()) return;
    if (this.entries.size >= MAX_ENTRIES) this.clear();
    const key = sessionKey(sid);
    this.entries.set(sid, { text, userId, expiresAt, key });
    this.sidByKey.set(key, sid);
  }

  /** A successful expiry refresh of this process (the row's data did not change). */
  extend(sid: string, expiresAt: number): void {
    const entry = this.entries.get(sid);
    if (entry && expiresAt > entry.expiresAt) entry.expiresAt = expiresAt;
  }

  private drop(sid: string): void {
    const entry = this.entries.get(sid);
    if (!entry) return;
    this.entries.delete(sid);
    this.sidByKey.delete(entry.key);
  }

  forget(sid: string): void {
    this.epochValue += 1;
    this.drop(sid);
  }

  /** Notification payload: md5 keys of changed or deleted sessions. */
  forgetKeys(keys: Iterable<string>): void {
    this.epochValue += 1;
    for (const key of keys) {
      const sid = this.sidByKey.get(key);
      if (sid !== undefined) this.drop(sid);
    }
  }

  forgetUser(userId: string): void {
    this.epochValue += 1;
    for (const [sid, entry] of this.entries) if (entry.userId === userId) this.drop(sid);
  }

  clear(): void {
    this.epochValue += 1;
    this.entries.clear();
    this.sidByKey.clear();
  }
}
