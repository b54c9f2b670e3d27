import type { ServiceContext, AuthenticatedUser } from '../../core/context';
import { withDb } from '../../core/context';
import { NotFoundError, UnprocessableError } from '../../errors';
import { hashPassword, verifyPassword } from '../../auth/passwords';
import { LoginThrottle } from '../../auth/login-throttle';
import type { KnexSessionStore } from '../../auth/session-store';
import type { UserRow } from '../../auth/user-loader';
import { audit } from '../audit/audit-service';
import { assertPasswordPolicy } from '../../auth/password-policy';
import { endOpenResetLinks } from '../password-reset/reset-links';
import type { LocaleCode } from './locales';

export interface Profile {
  id: string;
  username: string;
  name: string;
  email: string;
  locale: string;
  mustChangePassword: boolean;
  permissions: string[];
  groupIds: string[];
  passwordChangedAt: string;
  lastLoginAt: string | null;
  createdAt: string;
}

export interface ProfileUpdate {
  name: string;
  email: string;
  locale: LocaleCode;
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** The session user's own account: profile fields and password. */
export class ProfileService {
  private readonly user: AuthenticatedUser;

  constructor(private readonly ctx: ServiceContext) {
    if (!ctx.user) throw new Error('ProfileService needs a signed-in user');
    this.user = ctx.user;
  }

  private async row(): Promise<UserRow> {
    const row = (await this.ctx.db('users').where({ id: this.user.id, deleted: false }).first()) as UserRow | undefined;
    if (!row) throw new NotFoundError('User');
    return row;
  }

  async get(): Promise<Profile> {
    const row = await this.row();
    return {
      id: String(row.id),
      username: row.username,
      name: row.name,
      email: row.email,
      locale: row.locale,
      mustChangePassword: row.must_change_password,
      permissions: [...this.user.permissions].sort(),
      groupIds: [...this.user.groupIds],
      passwordChangedAt: iso(row.password_changed_at) as string,
      lastLoginAt: iso(row.last_login_at),
      createdAt: iso(row.created_at) as string,
    };
  }

  async update(update: ProfileUpdate): Promise<Profile> {
    await this.ctx.db.transaction(async (trx) => {
      const before = (await trx('users').where({ id: this.user.id }).forUpdate().first()) as UserRow | undefined;
      if (!before) throw new NotFoundError('User');
      const changed = (['name', 'email', 'locale'] as const).filter((field) => before[field] !== update[field]);
      if (changed.length === 0) return;
      await trx('users')
        .where({ id: this.user.id })
        .update({ name: update.name, email: update.email, locale: update.locale, updated_at: new Date() });
      await audit(withDb(this.ctx, trx), { action: 'profile.update', targetType: 'user', targetId: this.user.id, details: { changed } });
    });
    // The cached signed-in user carries name, e-mail and locale.
    this.ctx.deps.credentialCache.forgetUser(this.user.id);
    return this.get();
  }

  /**
   * Changes the user's own password after checking the current one (wrong: 422
   * CURRENT_PASSWORD_INVALID, counted like a failed login). Clears must_change_password, ends the
   * user's other sessions and open password reset links and drops cached script credentials.
   */
  async changePassword(
    currentPassword: string,
    newPassword: string,
    sessions: KnexSessionStore,
    keepSessionId?: string,
  ): Promise<{ endedSessions: number }> {
    const { config, credentialCache } = this.ctx.deps;
    const throttle = new LoginThrottle(this.ctx.db, config.auth.lockout);
    // An attempt is reserved before the check, as for a login: parallel guesses get no more checks than the lockout allows.
    const attempt = await throttle.reserve(this.user.username, this.ctx.ip);
    const row = await this.row();
    if (!(await verifyPassword(currentPassword, row.password_hash))) {
      await audit(this.ctx, {
        action: 'profile.password.change.failed',
        targetType: 'user',
        targetId: this.user.id,
        details: { reason: 'current-password-invalid', locked: attempt.locks },
      });
      throw new UnprocessableError('The current password is not correct', 'CURRENT_PASSWORD_INVALID');
    }
    // The current password is right: the failures are forgotten (also when the new one is refused below).
    await throttle.succeeded(this.user.username, attempt);
    assertPasswordPolicy(config, newPassword, row.username);
    if (newPassword === currentPassword)
      throw new UnprocessableError('The new password must differ from the current one', 'PASSWORD_POLICY', { rule: 'unchanged' });
    const hash = await hashPassword(newPassword);
    await this.ctx.db.transaction(async (trx) => {
      await trx('users')
        .where({ id: this.user.id })
        .update({ password_hash: hash, must_change_password: false, password_changed_at: new Date(), updated_at: new Date() });
      const endedResetLinks = await endOpenResetLinks(trx, this.user.id);
      await audit(withDb(this.ctx, trx), {
        action: 'profile.password.change',
        targetType: 'user',
        targetId: this.user.id,
        details: { wasRequired: row.must_change_password, endedResetLinks },
      });
    });
    const endedSessions = await sessions.destroyUserSessions(this.user.id, keepSessionId);
    credentialCache.forgetUser(this.user.id);
    return { endedSessions };
  }
}
