import { createHash } from 'node:crypto';

/**
 * Short-lived cache of verified script credentials (HTTP Basic, API tokens). Verifying a
 * password hash costs ~30-50 ms of CPU; without this cache scripts get a few dozen requests a
 * second. Keyed by a hash of the credential, never the credential itself; entries for a user are
 * dropped when the user's password, state or permissions change.
 */
export class CredentialCache {
  private readonly entries = new Map<string, { userId: string; expiresAt: number }>();

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

  forgetUser(userId: string): void {
    for (const [key, entry] of this.entries) if (entry.userId === userId) this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }
}
