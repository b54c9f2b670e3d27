import { hash } from 'node:crypto';
import type { AuthenticatedUser } from '../core/authenticated-user';
import { UnauthorizedError } from '../errors';
import { SessionCache } from './session-cache';

/** A verified user and users.credential_version as it was read with it. */
export interface VersionedUser {
  user: AuthenticatedUser;
  version: string;
}

interface CredentialEntry {
  userId: string;
  version: string;
  expiresAt: number;
}

interface UserEntry extends VersionedUser {
  expiresAt: number;
}

const MAX_ENTRIES = 10000;

/**
 * Short-lived cache of verified script credentials (HTTP Basic, API tokens). Verifying a
 * password hash costs ~30-50 ms of CPU; without this cache scripts get a few dozen requests a
 * second. Keyed by a hash of the credential, never the credential itself.
 *
 * - Single flight: concurrent requests with the same credential await one verification, so an
 *   expired entry costs one hash, not one per request in flight.
 * - Refresh ahead: an entry used in its last `refreshAheadMs` is verified again in the
 *   background while it still answers, so a credential in steady use never expires under load.
 * - Only successes are stored. A wrong password is another key: it can neither evict nor
 *   overwrite the right one; a background refresh that is refused drops its own entry only.
 * - Invalidation: forgetUser / clear (on a change in this process, or a notification from another
 *   instance, see credential-invalidation.ts) also abandon verifications in flight, and a
 *   verification that started before an invalidation is not stored (it may have read the old row).
 *
 * It also keeps the loaded user (permissions, groups) for the same time, so an authenticated
 * request costs no query for who the user is. Entries carry users.credential_version, so an
 * instance that missed notifications can tell which ones are stale (staleUsers/resync).
 */
export class CredentialCache {
  private readonly entries = new Map<string, CredentialEntry>();
  private readonly users = new Map<string, UserEntry>();
  private readonly inflight = new Map<string, Promise<VersionedUser>>();
  private readonly userLoads = new Map<string, Promise<VersionedUser | null>>();
  /** Bumped by every invalidation: work started before it is not stored. */
  private epoch = 0;
  private readonly refreshAheadMs: number;
  /** Credential verifications started (each is one password hash for Basic). */
  verifications = 0;
  /**
   * The session rows of this process (session-cache.ts), here because this object is what the app
   * and the invalidation listener share: the listener turns it on while notifications arrive.
   */
  readonly sessions = new SessionCache();

  constructor(
    private readonly ttlMs: number,
    options: { refreshAheadMs?: number } = {},
  ) {
    this.refreshAheadMs = Math.min(options.refreshAheadMs ?? Math.min(10_000, ttlMs / 4), ttlMs / 2);
  }

  private key(kind: string, credential: string): string {
    // One-shot hash: the same digest as a Hash object fed kind, NUL, credential, without the object.
    return hash('sha256', `${kind}\0${credential}`, 'hex');
  }

  /**
   * The user of a credential, synchronously, when authenticate() would answer it from the cache
   * without any work: a fresh entry outside its refresh-ahead window and the user still cached.
   * Otherwise undefined (the caller then takes the full path, which verifies or refreshes).
   */
  cachedCredential(kind: string, credential: string): AuthenticatedUser | undefined {
    const entry = this.entries.get(this.key(kind, credential));
    if (!entry) return undefined;
    const now = Date.now();
    if (entry.expiresAt - now <= this.refreshAheadMs) return undefined;
    const user = this.users.get(entry.userId);
    return user && user.expiresAt > now ? user.user : undefined;
  }

  /**
   * The user a credential belongs to: from a fresh entry ({ userId }), or from `verify`, run once
   * for all concurrent callers with the same credential ({ userId, user }). `verify` throws for a
   * refused credential; nothing is stored then.
   */
  async authenticate(
    kind: string,
    credential: string,
    verify: () => Promise<VersionedUser>,
  ): Promise<{ userId: string; user?: AuthenticatedUser }> {
    const key = this.key(kind, credential);
    const entry = this.entries.get(key);
    const now = Date.now();
    if (entry && entry.expiresAt > now) {
      if (entry.expiresAt - now <= this.refreshAheadMs && !this.inflight.has(key)) {
        // Still valid: answer now, verify again in the background (failures drop only this entry).
        this.flight(key, verify).catch(() => undefined);
      }
      return { userId: entry.userId };
    }
    if (entry) this.entries.delete(key);
    const verified = await this.flight(key, verify);
    return { userId: verified.user.id, user: verified.user };
  }

  private flight(key: string, verify: () => Promise<VersionedUser>): Promise<VersionedUser> {
    const running = this.inflight.get(key);
    if (running) return running;
    const epoch = this.epoch;
    this.verifications += 1;
    const promise: Promise<VersionedUser> = verify()
      .then((verified) => {
        if (this.ttlMs > 0 && this.epoch === epoch) {
          if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
          this.entries.set(key, { userId: verified.user.id, version: verified.version, expiresAt: Date.now() + this.ttlMs });
          this.storeUser(verified);
        }
        return verified;
      })
      .catch((error: unknown) => {
        // Refused now (password changed, account disabled): this credential's entry goes. Other
        // failures (database down, lockout) keep it until it expires.
        if (error instanceof UnauthorizedError && this.epoch === epoch) this.entries.delete(key);
        throw error;
      })
      .finally(() => {
        if (this.inflight.get(key) === promise) this.inflight.delete(key);
      });
    this.inflight.set(key, promise);
    return promise;
  }

  /** The signed-in user, from the cache or from `load` (one load per user at a time). */
  async user(userId: string, load: () => Promise<VersionedUser | null>): Promise<AuthenticatedUser | null> {
    const entry = this.users.get(userId);
    if (entry && entry.expiresAt > Date.now()) return entry.user;
    if (entry) this.users.delete(userId);
    let loading = this.userLoads.get(userId);
    if (!loading) {
      const epoch = this.epoch;
      loading = load()
        .then((loaded) => {
          if (loaded && this.epoch === epoch) this.storeUser(loaded);
          return loaded;
        })
        .finally(() => {
          if (this.userLoads.get(userId) === loading) this.userLoads.delete(userId);
        });
      this.userLoads.set(userId, loading);
    }
    return (await loading)?.user ?? null;
  }

  /** The signed-in user when a fresh entry holds it, synchronously (the session hot path); else undefined. */
  cachedUser(userId: string): AuthenticatedUser | undefined {
    const entry = this.users.get(userId);
    return entry && entry.expiresAt > Date.now() ? entry.user : undefined;
  }

  private storeUser(loaded: VersionedUser): void {
    if (this.ttlMs <= 0) return;
    if (this.users.size >= MAX_ENTRIES) this.users.clear();
    this.users.set(loaded.user.id, { ...loaded, expiresAt: Date.now() + this.ttlMs });
  }

  /** Drops everything cached for these users, and abandons verifications in flight. */
  forgetUsers(userIds: Iterable<string>): void {
    const ids = new Set([...userIds].map(String));
    if (ids.size === 0) return;
    this.invalidate();
    for (const [key, entry] of this.entries) if (ids.has(entry.userId)) this.entries.delete(key);
    for (const id of ids) this.users.delete(id);
  }

  forgetUser(userId: string): void {
    this.forgetUsers([userId]);
  }

  clear(): void {
    this.invalidate();
    this.entries.clear();
    this.users.clear();
  }

  private invalidate(): void {
    this.epoch += 1;
    // Callers arriving from now on start a fresh verification; those already waiting get the
    // answer of the old one (their request was concurrent with the change).
    this.inflight.clear();
    this.userLoads.clear();
  }

  /** The users with something cached, and the credential_version each entry was read with. */
  cachedVersions(): Map<string, Set<string>> {
    const versions = new Map<string, Set<string>>();
    const add = (userId: string, version: string) => {
      if (!versions.has(userId)) versions.set(userId, new Set());
      versions.get(userId)!.add(version);
    };
    for (const entry of this.entries.values()) add(entry.userId, entry.version);
    for (const [userId, entry] of this.users) add(userId, entry.version);
    return versions;
  }

  /**
   * Drops the users whose entries were read at another version than `current` (absent from it:
   * deleted). Returns how many users were dropped.
   */
  resync(current: Map<string, string>): number {
    const stale: string[] = [];
    for (const [userId, versions] of this.cachedVersions()) {
      const now = current.get(userId);
      if (now === undefined || [...versions].some((v) => v !== now)) stale.push(userId);
    }
    this.forgetUsers(stale);
    return stale.length;
  }
}
