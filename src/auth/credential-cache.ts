import { createHash } from 'node:crypto';
import type { AuthenticatedUser } from '../http/context';

/**
 * Short-lived cache of verified script credentials (HTTP Basic, API tokens). Verifying a
 * password hash costs ~30-50 ms of CPU; without this cache scripts get a few dozen requests a
 * second. Keyed by a hash of the credential, never the credential itself; entries for a user are
 * dropped when the user's password, state or permissions change.
 *
 * It also keeps the loaded user (permissions, groups) for the same time, so an authenticated
 * request costs no query for who the user is. In one process every change drops the entry at
 * once; other processes of a multi-process deployment see a change within the TTL.
 */
export class CredentialCache {
  private readonly entries = new Map<string, { userId: string; expiresAt: number }>();
  private readonly users = new Map<string, { user: AuthenticatedUser; expiresAt: number }>();

  constructor(private readonly ttlMs: number) {}

  private key(kind: string, credential: string): string {
    return createHash('sha256').update(kind).update('\0').update(credential).digest('hex');
  }

  get(kind: string, credential: string): string | undefined {
    if (this.ttlMs <= 0) return undefined;
    const key = this.key(kind, credential);
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt < Date.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.userId;
  }

  set(kind: string, credential: string, userId: string): void {
    if (this.ttlMs <= 0) return;
    if (this.entries.size > 10000) this.entries.clear();
    this.entries.set(this.key(kind, credential), { userId, expiresAt: Date.now() + this.ttlMs });
  }

  getUser(userId: string): AuthenticatedUser | undefined {
    const entry = this.users.get(userId);
    if (!entry) return undefined;
    if (entry.expiresAt < Date.now()) {
      this.users.delete(userId);
      return undefined;
    }
    return entry.user;
  }

  setUser(user: AuthenticatedUser): void {
    if (this.ttlMs <= 0) return;
    if (this.users.size > 10000) this.users.clear();
    this.users.set(user.id, { user, expiresAt: Date.now() + this.ttlMs });
  }

  forgetUser(userId: string): void {
    for (const [key, entry] of this.entries) if (entry.userId === userId) this.entries.delete(key);
    this.users.delete(userId);
  }

  clear(): void {
    this.entries.clear();
    this.users.clear();
  }
}
