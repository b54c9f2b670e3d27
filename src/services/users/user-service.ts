import type { ServiceContext, AuthenticatedUser } from '../../core/context';
import type { PermissionCode } from '../../auth/permissions';
import { hashPassword } from '../../auth/passwords';
import { findUserByUsername } from '../../auth/user-loader';
import { ConflictError, UnauthorizedError } from '../../errors';
import { audit } from '../audit/audit-service';
import { resolveGroupRefs } from '../groups/group-queries';
import { PermissionPolicy } from './permission-policy';
import { assertPasswordPolicy } from '../../auth/password-policy';
import { diff, managementTransaction, unique } from './management-transaction';
import { endOpenResetLinks } from '../password-reset/reset-links';
import type { UserView } from './user-queries';
import { loadUserViews, requireManagedUser, requireUserView } from './user-queries';

/** Ends a user's sessions (KnexSessionStore.destroyUserSessions). */
export interface SessionTerminator {
  destroyUserSessions(userId: string, exceptSid?: string): Promise<number>;
}

export interface CreateUserInput {
  username: string;
  name?: string;
  email?: string;
  locale?: string;
  password: string;
  permissions: PermissionCode[];
  groupIds: string[];
}

export interface UpdateUserInput {
  permissions: PermissionCode[];
  groupIds: string[];
  name?: string;
  email?: string;
  locale?: string;
}

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: string }).code === '23505';
}

/**
 * User management (spec 4.3): every write runs in one transaction with its audit event, checks the
 * escalation rules (PermissionPolicy) and drops cached credentials (and sessions where the user
 * must lose access) after the commit.
 */
export class UserService {
  private readonly actor: AuthenticatedUser;
  private readonly policy: PermissionPolicy;

  constructor(
    private readonly ctx: ServiceContext,
    private readonly sessions?: SessionTerminator,
  ) {
    if (!ctx.user) throw new UnauthorizedError();
    this.actor = ctx.user;
    this.policy = new PermissionPolicy(ctx.user);
  }

  list(): Promise<UserView[]> {
    return loadUserViews(this.ctx.db, { deleted: false });
  }

  listDeleted(): Promise<UserView[]> {
    return loadUserViews(this.ctx.db, { deleted: true });
  }

  async info(): Promise<Array<{ id: string; username: string }>> {
    const rows: Array<{ id: string; username: string }> = await this.ctx
      .db('users')
      .where('deleted', false)
      .orderByRaw('lower(username)')
      .select('id', 'username');
    return rows.map((row) => ({ id: String(row.id), username: row.username }));
  }

  /** Users sharing at least one group with the session user, without the session user and deleted users. */
  async related(): Promise<Array<{ id: string; username: string; name: string }>> {
    const db = this.ctx.db;
    const rows: Array<{ id: string; username: string; name: string }> = await db('users as u')
      // eslint-disable-next-line @typescript-eslint/no-misused-promises -- knex calls the callback with its builder and ignores the return; the builder is thenable, not a promise left floating
      .whereExists((q) =>
        q
          .select(db.raw('1'))
          .from('user_groups as theirs')
          .join('user_groups as mine', 'mine.group_id', 'theirs.group_id')
          .whereRaw('theirs.user_id = u.id')
          .andWhere('mine.user_id', this.actor.id),
      )
      .whereNot('u.id', this.actor.id)
      .andWhere('u.deleted', false)
      .orderByRaw('lower(u.username)')
      .select('u.id', 'u.username', 'u.name');
    return rows.map((row) => ({ id: String(row.id), username: row.username, name: row.name }));
  }

  /** The session user's groups. */
  async sessionUserGroups(): Promise<Array<{ id: string; name: string }>> {
    const rows: Array<{
      id: string;
      name: string;
    }> = await this.ctx
      .db('user_groups as ug')
      .join('groups as g', 'g.id', 'ug.group_id')
      .where('ug.user_id', this.actor.id)
      .orderByRaw('lower(g.name)')
      .select('g.id', 'g.name');
    return rows.map((row) => ({ id: String(row.id), name: row.name }));
  }

  async create(input: CreateUserInput): Promise<UserView> {
    const permissions = unique(input.permissions).sort();
    const groupIds = unique(input.groupIds);
    this.policy.assertCanGrant(permissions);
    this.policy.assertCanAssignGroups(await resolveGroupRefs(this.ctx.db, groupIds));
    assertPasswordPolicy(this.ctx.deps.config, input.password, input.username);
    const passwordHash = await hashPassword(input.password);
    try {
      return await managementTransaction(this.ctx, async (tctx) => {
        const trx = tctx.db;
        if (await findUserByUsername(trx, input.username)) throw usernameTaken(input.username);
        const groups = await resolveGroupRefs(trx, groupIds);
        this.policy.assertCanAssignGroups(groups);
        const [row]: Array<{ id: string }> = await trx('users')
          .insert({
            username: input.username,
            name: input.name ?? '',
            email: input.email ?? '',
            locale: input.locale ?? 'en',
            password_hash: passwordHash,
          })
          .returning('id');
        const id = String(row.id);
        if (permissions.length) await trx('user_permissions').insert(permissions.map((code) => ({ user_id: id, permission_code: code })));
        if (groupIds.length) await trx('user_groups').insert(groupIds.map((groupId) => ({ user_id: id, group_id: groupId })));
        await audit(tctx, {
          action: 'user.create',
          targetType: 'user',
          targetId: id,
          details: { username: input.username, permissions, groupIds: groupIds.sort() },
        });
        return requireUserView(trx, id);
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw usernameTaken(input.username);
      throw error;
    }
  }

  /** Replaces the user's direct permissions and groups; name, email and locale change when given. */
  async update(id: string, input: UpdateUserInput): Promise<UserView> {
    const permissions = unique(input.permissions).sort();
    const groupIds = unique(input.groupIds);
    const view = await managementTransaction(this.ctx, async (tctx) => {
      const trx = tctx.db;
      const target = await requireManagedUser(trx, id);
      this.policy.assertCanManageUser(target);
      this.policy.assertCanGrant(permissions);
      const groups = await resolveGroupRefs(trx, groupIds);
      this.policy.assertCanAssignGroups(groups);
      const before = await requireUserView(trx, id);
      const fields: Record<string, string> = {};
      const changes: Record<string, unknown> = {};
      for (const key of ['name', 'email', 'locale'] as const) {
        const value = input[key];
        if (value !== undefined && value !== before[key]) {
          fields[key] = value;
          changes[key] = { from: before[key], to: value };
        }
      }
      if (Object.keys(fields).length)
        await trx('users')
          .where({ id })
          .update({ ...fields, updated_at: trx.fn.now() });
      const permissionChange = diff(target.permissions, permissions);
      if (permissionChange.added.length || permissionChange.removed.length) {
        changes.permissions = permissionChange;
        await trx('user_permissions').where('user_id', id).del();
        if (permissions.length) await trx('user_permissions').insert(permissions.map((code) => ({ user_id: id, permission_code: code })));
      }
      const groupChange = diff(target.groupIds, groupIds);
      if (groupChange.added.length || groupChange.removed.length) {
        changes.groups = groupChange;
        await this.replaceGroups(trx, id, groupChange);
      }
      await audit(tctx, { action: 'user.update', targetType: 'user', targetId: id, details: { username: target.username, changes } });
      return requireUserView(trx, id);
    });
    this.ctx.deps.credentialCache.forgetUser(id);
    return view;
  }

  async setGroups(id: string, groupIdsInput: string[]): Promise<UserView> {
    const groupIds = unique(groupIdsInput);
    const view = await managementTransaction(this.ctx, async (tctx) => {
      const trx = tctx.db;
      const target = await requireManagedUser(trx, id);
      this.policy.assertCanManageUser(target);
      const groups = await resolveGroupRefs(trx, groupIds);
      this.policy.assertCanAssignGroups(groups);
      const change = diff(target.groupIds, groupIds);
      await this.replaceGroups(trx, id, change);
      await audit(tctx, {
        action: 'user.groups.set',
        targetType: 'user',
        targetId: id,
        details: { username: target.username, groupIds: [...groupIds].sort(), ...change },
      });
      return requireUserView(trx, id);
    });
    this.ctx.deps.credentialCache.forgetUser(id);
    return view;
  }

  private async replaceGroups(trx: ServiceContext['db'], userId: string, change: { added: string[]; removed: string[] }): Promise<void> {
    if (change.removed.length) await trx('user_groups').where('user_id', userId).whereIn('group_id', change.removed).del();
    if (change.added.length) await trx('user_groups').insert(change.added.map((groupId) => ({ user_id: userId, group_id: groupId })));
  }

  /** PUT (true) / DELETE (false) /users/{id}/enabled. */
  setEnabled(id: string, enabled: boolean): Promise<UserView> {
    return this.setFlag(id, 'enabled', enabled);
  }

  /** PUT (true) / DELETE (false) /users/{id}/deleted; DELETE /users/{id} is setDeleted(id, true). */
  setDeleted(id: string, deleted: boolean): Promise<UserView> {
    return this.setFlag(id, 'deleted', deleted);
  }

  private async setFlag(id: string, flag: 'enabled' | 'deleted', value: boolean): Promise<UserView> {
    const losesAccess = (flag === 'enabled' && !value) || (flag === 'deleted' && value);
    if (losesAccess && id === this.actor.id) {
      throw flag === 'enabled'
        ? new ConflictError('You cannot disable your own account', 'CANNOT_DISABLE_SELF')
        : new ConflictError('You cannot delete your own account', 'CANNOT_DELETE_SELF');
    }
    const action = flag === 'enabled' ? (value ? 'user.enable' : 'user.disable') : value ? 'user.delete' : 'user.undelete';
    const view = await managementTransaction(this.ctx, async (tctx) => {
      const trx = tctx.db;
      const target = await requireManagedUser(trx, id);
      this.policy.assertCanManageUser(target);
      if (target[flag] === value) return requireUserView(trx, id);
      await trx('users')
        .where({ id })
        .update({ [flag]: value, updated_at: trx.fn.now() });
      await audit(tctx, { action, targetType: 'user', targetId: id, details: { username: target.username, [flag]: value } });
      return requireUserView(trx, id);
    });
    this.ctx.deps.credentialCache.forgetUser(id);
    if (losesAccess) await this.sessions?.destroyUserSessions(id);
    return view;
  }

  /**
   * An administrator sets the user's password: the policy applies, the user's other sessions end
   * (all of them unless the actor sets their own), cached script credentials are dropped and the
   * user's open password reset links end.
   */
  async setPassword(
    id: string,
    password: string,
    options: { mustChangePassword?: boolean; currentSessionId?: string } = {},
  ): Promise<void> {
    const current = await requireManagedUser(this.ctx.db, id);
    this.policy.assertCanManageUser(current);
    assertPasswordPolicy(this.ctx.deps.config, password, current.username);
    // Hashing is slow: done before the transaction, so the management lock is held briefly.
    const hash = await hashPassword(password);
    const mustChangePassword = options.mustChangePassword ?? false;
    await managementTransaction(this.ctx, async (tctx) => {
      const trx = tctx.db;
      const target = await requireManagedUser(trx, id);
      this.policy.assertCanManageUser(target);
      await trx('users').where({ id }).update({
        password_hash: hash,
        must_change_password: mustChangePassword,
        password_changed_at: trx.fn.now(),
        updated_at: trx.fn.now(),
      });
      const endedResetLinks = await endOpenResetLinks(trx, id);
      await audit(tctx, {
        action: 'user.password.set',
        targetType: 'user',
        targetId: id,
        details: { username: target.username, mustChangePassword, endedResetLinks },
      });
    });
    this.ctx.deps.credentialCache.forgetUser(id);
    await this.sessions?.destroyUserSessions(id, id === this.actor.id ? options.currentSessionId : undefined);
  }
}

function usernameTaken(username: string): ConflictError {
  return new ConflictError(`The username "${username}" is already taken`, 'USERNAME_TAKEN');
}
