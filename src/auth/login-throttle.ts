import type { Knex } from 'knex';
import { TooManyRequestsError } from '../errors';

export interface LockoutPolicy {
  maxFailures: number;
  windowMs: number;
  durationMs: number;
}

/**
 * Counts failed logins per username (case-insensitive) in the database, so every process of the
 * service sees the same count. After maxFailures within windowMs the name is locked for
 * durationMs; a success clears the count.
 */
export class LoginThrottle {
  constructor(
    private readonly db: Knex,
    private readonly policy: LockoutPolicy,
  ) {}

  private key(username: string): string {
    return `user:${username.toLowerCase()}`;
  }

  async assertNotLocked(username: string): Promise<void> {
    const row = await this.db('login_failures').where('key', this.key(username)).first();
    const lockedUntil = row?.locked_until ? new Date(row.locked_until) : undefined;
    if (lockedUntil && lockedUntil > new Date()) {
      const seconds = Math.ceil((lockedUntil.getTime() - Date.now()) / 1000);
      throw new TooManyRequestsError(
        `Too many failed logins for this account. Try again in ${Math.ceil(seconds / 60)} minute(s).`,
        seconds,
      );
    }
  }

  /** Records a failure; returns true when this failure locked the account. */
  async recordFailure(username: string): Promise<boolean> {
    const now = new Date();
    const key = this.key(username);
    return this.db.transaction(async (trx) => {
      const row = await trx('login_failures').where('key', key).forUpdate().first();
      const windowStart = new Date(now.getTime() - this.policy.windowMs);
      const fresh = !row || new Date(row.first_failure_at) < windowStart;
      const failures = fresh ? 1 : Number(row.failures) + 1;
      const lockedUntil = failures >= this.policy.maxFailures ? new Date(now.getTime() + this.policy.durationMs) : null;
      await trx('login_failures')
        .insert({ key, failures: lockedUntil ? 0 : failures, first_failure_at: fresh ? now : row.first_failure_at, locked_until: lockedUntil })
        .onConflict('key')
        .merge();
      return lockedUntil !== null;
    });
  }

  async clear(username: string): Promise<void> {
    await this.db('login_failures').where('key', this.key(username)).del();
  }
}
