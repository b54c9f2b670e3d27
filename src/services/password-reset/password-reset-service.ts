import type { Knex } from 'knex';
import { withDb, type ServiceContext } from '../../core/context';
import { AppError, NotFoundError, UnprocessableError } from '../../errors';
import { hashPassword, randomToken, sha256 } from '../../auth/passwords';
import { LoginThrottle } from '../../auth/login-throttle';
import type { KnexSessionStore } from '../../auth/session-store';
import type { UserRow } from '../../auth/user-loader';
import { findUserByUsername } from '../../auth/user-loader';
import { actorOf, audit, recordAudit } from '../audit/audit-service';
import { assertPasswordPolicy } from '../../auth/password-policy';
import { DEFAULT_LOCALE, offeredLocale, translator } from '../../i18n/i18n';
import { endOpenResetLinks } from './reset-links';

/** Reset mails per user and hour; further requests are answered the same way but send nothing. */
export const RESET_MAILS_PER_HOUR = 3;
const TOKEN_FORMAT = /^[A-Za-z0-9_-]{16,200}$/;

export class ResetLinkInvalidError extends AppError {
  constructor() {
    super(410, 'RESET_LINK_INVALID', 'This password reset link is invalid, expired or already used: request a new one');
  }
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
}

interface ValidReset {
  resetId: string;
  user: UserRow;
}

/**
 * The e-mail workflow for forgotten passwords: a random token is mailed as a link, only its
 * SHA-256 is stored, it expires after passwordReset.tokenTtlHours and works once.
 */
export class PasswordResetService {
  constructor(private readonly ctx: ServiceContext) {}

  /**
   * `<linkBase>/passwordReset/<token>`. The base comes from the configuration and the listen
   * address (src/http/link-base-url.ts), never from request headers: a client must not be able to
   * point a victim's mail at its own host.
   */
  private link(linkBase: string, token: string): string {
    return `${linkBase.replace(/\/+$/, '')}/passwordReset/${token}`;
  }

  /** Stores a new link of the user (only its hash); the token is for the mail. */
  private async issue(db: Knex, user: UserRow): Promise<{ token: string; resetId: string }> {
    const token = randomToken();
    const expiresAt = new Date(Date.now() + this.ctx.deps.config.passwordReset.tokenTtlHours * 3_600_000);
    const [row]: Array<{ id: string }> = await db('password_resets')
      .insert({ user_id: user.id, token_hash: sha256(token), expires_at: expiresAt })
      .returning('id');
    return { token, resetId: String(row.id) };
  }

  /** The mail in the recipient's profile locale (English when the stored locale is no longer offered). */
  private async mail(user: UserRow, link: string, byAdministrator: boolean): Promise<void> {
    const { t } = translator(offeredLocale(user.locale) ?? DEFAULT_LOCALE, ['server']);
    const values = {
      name: user.name || user.username,
      username: user.username,
      count: this.ctx.deps.config.passwordReset.tokenTtlHours,
      link,
    };
    const intro = t(byAdministrator ? 'mail.passwordReset.introAdministrator' : 'mail.passwordReset.introSelf', values);
    const html = (key: string) => escapeHtml(t(key, values));
    const text =
      `${t('mail.passwordReset.greeting', values)}\n\n` +
      `${intro}\n` +
      `${t('mail.passwordReset.openWithin', values)}\n\n${link}\n\n` +
      `${t('mail.passwordReset.once', values)}\n`;
    const body =
      `<p>${html('mail.passwordReset.greeting')}</p>` +
      `<p>${escapeHtml(intro)}</p>` +
      `<p>${html('mail.passwordReset.openWithin')}</p><p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>` +
      `<p>${html('mail.passwordReset.once')}</p>`;
    await this.ctx.deps.mailer.send({ to: user.email, subject: t('mail.passwordReset.subject', values), text, html: body });
  }

  /**
   * Public request by username. Whatever the outcome (unknown user, disabled, no e-mail, rate
   * limited), the caller learns nothing: the route answers the same. The mail is sent in the
   * background so the response time does not depend on the outcome either.
   */
  async request(username: string, linkBase: string): Promise<void> {
    const user = await findUserByUsername(this.ctx.db, username);
    const record = (outcome: string) =>
      audit(this.ctx, { action: 'password.reset.requested', targetType: 'user', targetId: user?.id ?? null, details: { outcome } });
    if (!user) return record('unknown-user');
    if (!user.enabled || user.deleted) return record('account-disabled');
    if (!user.email) return record('no-email');
    const [{ recent }]: Array<{ recent: string | number }> = await this.ctx
      .db('password_resets')
      .where('user_id', user.id)
      .andWhere('created_at', '>', new Date(Date.now() - 3_600_000))
      .count({ recent: '*' });
    if (Number(recent) >= RESET_MAILS_PER_HOUR) return record('rate-limited');
    // The newer link ends the user's older open ones, in one transaction with its audit event.
    const token = await this.ctx.db.transaction(async (trx) => {
      const issued = await this.issue(trx, user);
      const endedLinks = await endOpenResetLinks(trx, user.id, { except: issued.resetId });
      await audit(withDb(this.ctx, trx), {
        action: 'password.reset.requested',
        targetType: 'user',
        targetId: user.id,
        details: { outcome: 'mail-sent', endedLinks },
      });
      return issued.token;
    });
    const { logger } = this.ctx.deps;
    void this.mail(user, this.link(linkBase, token), false).catch((error: unknown) => {
      logger.error({ err: error, userId: String(user.id) }, 'password reset mail could not be sent');
    });
  }

  /** An administrator sends the reset mail to a user (PUT /users/{id}/reset-password). */
  async sendForUser(userId: string, linkBase: string): Promise<{ email: string }> {
    const user = (await this.ctx.db('users').where({ id: userId, deleted: false }).first()) as UserRow | undefined;
    if (!user) throw new NotFoundError(`User ${userId}`);
    if (!user.enabled) throw new UnprocessableError('The user is disabled; enable the account first', 'ACCOUNT_DISABLED');
    if (!user.email) throw new UnprocessableError('The user has no e-mail address to send the link to', 'NO_EMAIL');
    const { token, resetId } = await this.issue(this.ctx.db, user);
    try {
      await this.mail(user, this.link(linkBase, token), true);
    } catch (error) {
      await this.ctx.db('password_resets').where('id', resetId).update({ used_at: new Date() });
      this.ctx.deps.logger.error({ err: error, userId }, 'password reset mail could not be sent');
      throw new AppError(502, 'MAIL_FAILED', 'The mail server did not accept the message');
    }
    // Once the new link is on its way, it ends the user's older open ones (a failed mail leaves them).
    await this.ctx.db.transaction(async (trx) => {
      const endedLinks = await endOpenResetLinks(trx, user.id, { except: resetId });
      await audit(withDb(this.ctx, trx), {
        action: 'user.password.reset-mail',
        targetType: 'user',
        targetId: user.id,
        details: { username: user.username, endedLinks },
      });
    });
    return { email: user.email };
  }

  private async findValid(token: string): Promise<ValidReset | undefined> {
    if (!TOKEN_FORMAT.test(token)) return undefined;
    const row: (UserRow & { reset_id: string }) | undefined = await this.ctx
      .db('password_resets as r')
      .join('users as u', 'u.id', 'r.user_id')
      .where('r.token_hash', sha256(token))
      .whereNull('r.used_at')
      .andWhere('r.expires_at', '>', new Date())
      .andWhere('u.enabled', true)
      .andWhere('u.deleted', false)
      .first('r.id as reset_id', 'u.*');
    if (!row) return undefined;
    const { reset_id: resetId, ...user } = row;
    return { resetId: String(resetId), user };
  }

  async isValid(token: string): Promise<boolean> {
    return (await this.findValid(token)) !== undefined;
  }

  /**
   * Sets the new password through a link: once only (410 RESET_LINK_INVALID for unknown,
   * expired or used links), with the password policy (422). Clears must_change_password, voids
   * the user's other open links, ends all the user's sessions and drops cached credentials.
   */
  async perform(token: string, password: string, sessions: KnexSessionStore): Promise<{ username: string }> {
    const found = await this.findValid(token);
    if (!found) throw new ResetLinkInvalidError();
    const { user } = found;
    assertPasswordPolicy(this.ctx.deps.config, password, user.username);
    const hash = await hashPassword(password);
    const actor = { ...actorOf(this.ctx), userId: String(user.id), username: user.username };
    await this.ctx.db.transaction(async (trx) => {
      const now = new Date();
      // The rows claimed, not an update count: on the embedded store knex answers an update with the driver's raw result.
      const claimed = await trx('password_resets')
        .where('id', found.resetId)
        .whereNull('used_at')
        .andWhere('expires_at', '>', now)
        .update({ used_at: now })
        .returning('id');
      if (claimed.length === 0) throw new ResetLinkInvalidError();
      await endOpenResetLinks(trx, user.id, { at: now });
      await trx('users')
        .where('id', user.id)
        .update({ password_hash: hash, must_change_password: false, password_changed_at: now, updated_at: now });
      await recordAudit(trx, actor, { action: 'password.reset.performed', targetType: 'user', targetId: user.id });
    });
    await sessions.destroyUserSessions(String(user.id));
    this.ctx.deps.credentialCache.forgetUser(String(user.id));
    await new LoginThrottle(this.ctx.db, this.ctx.deps.config.auth.lockout).clear(user.username);
    return { username: user.username };
  }
}
