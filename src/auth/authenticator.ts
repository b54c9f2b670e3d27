import type { Knex } from 'knex';
import type { AppConfig } from '../config';
import type { AuthenticatedUser, AuthMethod } from '../core/authenticated-user';
import { UnauthorizedError } from '../errors';
import { recordAudit } from '../services/audit/audit-service';
import type { CredentialCache, VersionedUser } from './credential-cache';
import { LoginThrottle } from './login-throttle';
import { hashPassword, sha256, verifyPassword } from './passwords';
import { findUserByUsername, loadAuthenticatedUserCached, loadVersionedUser } from './user-loader';

let dummyHash: Promise<string> | undefined;

/**
 * Verifies credentials for all three ways in: the login form, HTTP Basic and API tokens.
 * Password checks are throttled per username and per client address (LoginThrottle.reserve) and
 * failures audited; verified script credentials are cached
 * briefly (see CredentialCache).
 */
/** The columns of api_tokens a token check reads. */
interface ApiTokenRow {
  id: string;
  user_id: string;
  revoked_at: Date | null;
  expires_at: Date | string | null;
}

export class Authenticator {
  readonly throttle: LoginThrottle;

  constructor(
    private readonly db: Knex,
    config: AppConfig,
    private readonly cache: CredentialCache,
  ) {
    this.throttle = new LoginThrottle(db, config.auth.lockout);
  }

  async verifyPassword(username: string, password: string, ip: string, method: AuthMethod): Promise<AuthenticatedUser> {
    if (method !== 'basic') return (await this.checkPassword(username, password, ip, method)).user;
    // One verification per credential at a time; a fresh entry answers without hashing.
    const credential = `${username}\0${password}`;
    const verified = await this.cache.authenticate('basic', credential, () => this.checkPassword(username, password, ip, method));
    if (verified.user) return verified.user;
    const cached = await loadAuthenticatedUserCached(this.db, this.cache, verified.userId);
    if (cached) return cached;
    // The account went away since the credential was verified: verify again (and refuse).
    this.cache.forgetUser(verified.userId);
    return (await this.checkPassword(username, password, ip, method)).user;
  }

  private async checkPassword(username: string, password: string, ip: string, method: AuthMethod): Promise<VersionedUser> {
    // One attempt of the name and of the address is taken before the hash is checked (429 when none
    // is left), so concurrent requests cannot run more checks than the lockout allows.
    const attempt = await this.throttle.reserve(username, ip);
    const row = await findUserByUsername(this.db, username);
    // Hash something even for unknown names, so response time does not reveal which names exist.
    const valid = row
      ? await verifyPassword(password, row.password_hash)
      : await verifyPassword(password, await (dummyHash ??= hashPassword('not-a-password')));
    const actor = { userId: row ? String(row.id) : null, username, ip };
    if (!row || !valid) {
      // The attempt stays counted; it locked the name if it was the last one.
      await recordAudit(this.db, actor, {
        action: 'auth.login.failed',
        targetType: 'user',
        targetId: row?.id ?? null,
        details: { method, reason: 'bad-credentials', locked: attempt.locks },
      });
      throw new UnauthorizedError('Invalid username or password', 'INVALID_CREDENTIALS');
    }
    // The password is right (also for a disabled account, which is refused below): the name's failures are forgotten.
    await this.throttle.succeeded(username, attempt);
    if (!row.enabled || row.deleted) {
      await recordAudit(this.db, actor, {
        action: 'auth.login.failed',
        targetType: 'user',
        targetId: row.id,
        details: { method, reason: row.deleted ? 'deleted' : 'disabled' },
      });
      throw new UnauthorizedError('This account is disabled', 'ACCOUNT_DISABLED');
    }
    const loaded = await loadVersionedUser(this.db, String(row.id));
    if (!loaded) throw new UnauthorizedError('This account is disabled', 'ACCOUNT_DISABLED');
    if (method !== 'basic') {
      await this.db('users').where({ id: row.id }).update({ last_login_at: new Date() });
      await recordAudit(this.db, actor, { action: 'auth.login', targetType: 'user', targetId: row.id, details: { method } });
    }
    // Cached with the version of the row the password was checked against: if the row changed
    // since, a resync sees the difference (credential-invalidation.ts).
    return { user: loaded.user, version: String((row as { credential_version?: string | number }).credential_version ?? '0') };
  }

  async verifyToken(token: string, ip: string): Promise<AuthenticatedUser> {
    const verified = await this.cache.authenticate('token', token, () => this.checkToken(token, ip));
    if (verified.user) return verified.user;
    const cached = await loadAuthenticatedUserCached(this.db, this.cache, verified.userId);
    if (cached) return cached;
    this.cache.forgetUser(verified.userId);
    return (await this.checkToken(token, ip)).user;
  }

  private async checkToken(token: string, ip: string): Promise<VersionedUser> {
    const row = (await this.db('api_tokens').where('token_hash', sha256(token)).first()) as ApiTokenRow | undefined;
    const usable = row && !row.revoked_at && (!row.expires_at || new Date(row.expires_at) > new Date());
    const loaded = usable ? await loadVersionedUser(this.db, String(row.user_id)) : null;
    if (!row || !loaded) {
      await recordAudit(
        this.db,
        { userId: null, username: null, ip },
        { action: 'auth.token.failed', details: { prefix: token.slice(0, 8) } },
      );
      throw new UnauthorizedError('Invalid or revoked API token', 'INVALID_TOKEN');
    }
    await this.db('api_tokens')
      .where('id', row.id)
      .andWhere((q) => {
        q.whereNull('last_used_at').orWhere('last_used_at', '<', new Date(Date.now() - 60_000));
      })
      .update({ last_used_at: new Date() });
    return loaded;
  }
}
