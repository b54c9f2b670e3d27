import { isIPv6 } from 'node:net';
import type { Knex } from 'knex';
import { AppError, TooManyRequestsError } from '../errors';

export interface LockoutPolicy {
  maxFailures: number;
  windowMs: number;
  durationMs: number;
  /** Failed logins per client address (all usernames) within windowMs before it is refused; 0: no limit. */
  maxFailuresPerAddress?: number;
}

/** A password check that may go ahead: it holds one attempt of its username and one of its address. */
export interface LoginAttempt {
  /** This attempt used the username's last one: if it fails, the account is locked. */
  locks: boolean;
  /** The address key this attempt holds one attempt of ('' when the address limit is off). */
  addressKey: string;
}

/**
 * The key of a client address: IPv4 (also when mapped into IPv6) as is, IPv6 by its /64 prefix, the
 * smallest network a single client usually gets (so a client cannot spray from 2^64 addresses).
 */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return `ip:${mapped[1]}`;
  if (!isIPv6(ip)) return `ip:${ip}`;
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right] : left;
  return `ip:${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/** The interval of a millisecond binding (a binding, never text in the statement). */
const WINDOW = `(CAST(:windowMs AS double precision) * interval '1 millisecond')`;
const DURATION = `(CAST(:durationMs AS double precision) * interval '1 millisecond')`;

function seconds(value: unknown): number {
  return Math.max(1, Math.ceil(Number(value)));
}

/**
 * Counts failed logins per username (case-insensitive) and per client address in the database
 * (table login_failures), so every process of the service sees the same counts.
 *
 * A password check first reserves an attempt (reserve()): one statement per key that counts the
 * attempt and refuses it once the name is locked, so however many requests arrive at once, at most
 * maxFailures password checks run per name before it is locked (the reservation that uses the last
 * attempt locks the name for durationMs right away). A failed check leaves its attempt counted; a
 * successful one clears the name's count (succeeded()). The address limit works the same way without
 * a lock: at most maxFailuresPerAddress failed checks per address within windowMs, reserved after
 * the name (an attempt the address refuses gives the name its attempt back); a success gives its
 * own address attempt back, so signing in to one's own account does not reset a spray. Sign-in
 * (Authenticator) and the password change (ProfileService) check passwords only through reserve();
 * a completed password reset clears the name's count.
 */
export class LoginThrottle {
  constructor(
    private readonly db: Knex,
    private readonly policy: LockoutPolicy,
  ) {}

  private key(username: string): string {
    return `user:${username.toLowerCase()}`;
  }

  private locked(wait: number): TooManyRequestsError {
    return new TooManyRequestsError(`Too many failed logins for this account. Try again in ${Math.ceil(wait / 60)} minute(s).`, wait);
  }

  /**
   * Reserves one attempt for a password check of `username` from `ip`, before the check runs; throws
   * 429 (TOO_MANY_REQUESTS for a locked name, LOGIN_ADDRESS_LIMITED for an address over its limit)
   * when the check must not run. Report a success with succeeded(); a failure keeps both attempts.
   */
  async reserve(username: string, ip: string): Promise<LoginAttempt> {
    // The name first: an attempt at a locked name costs one statement and never counts for its address.
    const name = await this.reserveName(username);
    try {
      return { locks: name.locks, addressKey: await this.reserveAddress(ip) };
    } catch (error) {
      // No password check runs: the name gets its attempt back.
      await this.releaseName(username, name.lockedUntil);
      throw error;
    }
  }

  /** The password was right: the name's failures are forgotten, the address gets its attempt back. */
  async succeeded(username: string, attempt: LoginAttempt): Promise<void> {
    await this.clear(username);
    await this.releaseAddress(attempt.addressKey);
  }

  /**
   * One statement: counts an attempt of the name unless it is locked. `locks`: this attempt used the
   * last one and locked the name (until `lockedUntil`, as PostgreSQL's text of the timestamp).
   */
  private async reserveName(username: string): Promise<{ locks: boolean; lockedUntil: string | null }> {
    const { maxFailures, windowMs, durationMs } = this.policy;
    const key = this.key(username);
    for (let tries = 0; tries < 3; tries++) {
      // `count` is this attempt's number in the window: 1 in a new window (or a first row), else one more.
      const count = `(CASE WHEN f.first_failure_at <= now() - ${WINDOW} THEN 1 ELSE f.failures + 1 END)`;
      const result = await this.db.raw<{ rows: Array<{ locked_until: string | null }> }>(
        `INSERT INTO login_failures AS f (key, failures, first_failure_at, locked_until)
         VALUES (:key, CASE WHEN :maxFailures <= 1 THEN 0 ELSE 1 END, now(),
                 CASE WHEN :maxFailures <= 1 THEN now() + ${DURATION} END)
         ON CONFLICT (key) DO UPDATE SET
           failures = CASE WHEN ${count} >= :maxFailures THEN 0 ELSE ${count} END,
           first_failure_at = CASE WHEN f.first_failure_at <= now() - ${WINDOW} THEN now() ELSE f.first_failure_at END,
           locked_until = CASE WHEN ${count} >= :maxFailures THEN now() + ${DURATION} END
         WHERE f.locked_until IS NULL OR f.locked_until <= now()
         RETURNING CAST(f.locked_until AS text) AS locked_until`,
        { key, maxFailures, windowMs, durationMs },
      );
      const row = result.rows[0];
      if (row) return { locks: row.locked_until !== null, lockedUntil: row.locked_until };
      const lock = await this.db.raw<{ rows: Array<{ wait: string | null }> }>(
        `SELECT extract(epoch FROM locked_until - now()) AS wait FROM login_failures WHERE key = :key AND locked_until > now()`,
        { key },
      );
      const wait = lock.rows[0]?.wait;
      if (wait !== undefined && wait !== null) throw this.locked(seconds(wait));
      // The lock ended between the two statements: reserve again.
    }
    throw this.locked(1);
  }

  /** Gives back an attempt of the name that ran no check (the lock it set, if any, is lifted). */
  private async releaseName(username: string, lockedUntil: string | null): Promise<void> {
    const key = this.key(username);
    if (lockedUntil === null) {
      await this.db.raw(
        `UPDATE login_failures SET failures = failures - 1 WHERE key = :key AND failures > 0 AND (locked_until IS NULL OR locked_until <= now())`,
        { key },
      );
    } else {
      await this.db.raw(
        `UPDATE login_failures SET failures = greatest(CAST(:maxFailures AS integer) - 1, 0), locked_until = NULL WHERE key = :key AND CAST(locked_until AS text) = :lockedUntil`,
        { key, maxFailures: this.policy.maxFailures, lockedUntil },
      );
    }
  }

  /** One statement: counts an attempt of the address unless it has used its failures in the window. */
  private async reserveAddress(ip: string): Promise<string> {
    const max = this.policy.maxFailuresPerAddress ?? 0;
    if (max <= 0 || !ip) return '';
    const key = addressKey(ip);
    const windowMs = this.policy.windowMs;
    const result = await this.db.raw<{ rows: unknown[] }>(
      `INSERT INTO login_failures AS f (key, failures, first_failure_at) VALUES (:key, 1, now())
       ON CONFLICT (key) DO UPDATE SET
         failures = CASE WHEN f.first_failure_at <= now() - ${WINDOW} THEN 1 ELSE f.failures + 1 END,
         first_failure_at = CASE WHEN f.first_failure_at <= now() - ${WINDOW} THEN now() ELSE f.first_failure_at END
       WHERE f.first_failure_at <= now() - ${WINDOW} OR f.failures < :max
       RETURNING f.failures`,
      { key, windowMs, max },
    );
    if (result.rows.length > 0) return key;
    const window = await this.db.raw<{ rows: Array<{ wait: string | null }> }>(
      `SELECT extract(epoch FROM first_failure_at + ${WINDOW} - now()) AS wait FROM login_failures WHERE key = :key`,
      { key, windowMs },
    );
    const wait = seconds(window.rows[0]?.wait ?? 1);
    throw new AppError(
      429,
      'LOGIN_ADDRESS_LIMITED',
      `Too many failed logins from this address. Try again in ${Math.ceil(wait / 60)} minute(s).`,
      { retryAfterSeconds: wait },
    );
  }

  private async releaseAddress(key: string): Promise<void> {
    if (!key) return;
    await this.db('login_failures').where('key', key).where('failures', '>', 0).decrement('failures', 1);
  }

  async clear(username: string): Promise<void> {
    await this.db('login_failures').where('key', this.key(username)).del();
  }
}
