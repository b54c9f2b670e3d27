import type { ServiceContext } from '../../core/context';
import type { PermissionCode } from '../../auth/permissions';
import { ConflictError, UnauthorizedError } from '../../errors';
import { audit } from '../audit/audit-service';
import { PermissionPolicy } from '../users/permission-policy';
import { diff, managementTransaction, unique } from '../users/management-transaction';
import { resolveManagedUsers } from '../users/user-queries';
import type { GroupView } from './group-queries';
import { loadGroupViews, requireGroupView } from './group-queries';

export interface CreateGroupInput {
  name: string;
  description?: string;
  permissions?: PermissionCode[];
  userIds?: string[];
}

export interface UpdateGroupInput {
  name: string;
  description?: string;
  permissions?: PermissionCode[];
  userIds?: string[];
}

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: string }).code === '23505';
}

function nameTaken(name: string): ConflictError {
  return new ConflictError(`A group named "${name}" already exists`, 'GROUP_NAME_TAKEN');
}

/**
 * Group management (spec 4.11): names unique case-insensitively, escalation rules on permissions
 * and memberships, one transaction per change with its audit event, cached credentials of the
 * affected members dropped after the commit.
 */
export class GroupService {
  private readonly policy: PermissionPolicy;

  constructor(private readonly ctx: ServiceContext) {
    if (!ctx.user) throw new UnauthorizedError();
    this.policy = new PermissionPolicy(ctx.user);
  }

  list(): Promise<GroupView[]> {
    return loadGroupViews(this.ctx.db);
  }

  async info(): Promise<Array<{ id: string; name: string }>> {
    const rows: Array<{ id: string; name: string }> = await this.ctx.db('groups').orderByRaw('lower(name)').select('id', 'name');
    return rows.map((row) => ({ id: String(row.id), name: row.name }));
  }

  private forget(userIds: Iterable<string>): void {
    for (const id of new Set(userIds)) this.ctx.deps.credentialCache.forgetUser(id);
  }

  private async assertNameFree(db: ServiceContext['db'], name: string, exceptId?: string): Promise<void> {
    const query = db('groups').whereRaw('lower(name) = lower(?)', [name]);
    if (exceptId) query.whereNot('id', exceptId);
    if (await query.first('id')) throw nameTaken(name);
  }

  /** Membership changes touch users: each added or removed user must be manageable by the actor. */
  private async assertCanChangeMembers(db: ServiceContext['db'], userIds: string[]): Promise<void> {
    for (const user of await resolveManagedUsers(db, userIds)) this.policy.assertCanManageUser(user);
  }

  async create(input: CreateGroupInput): Promise<{ name: string; id: string }> {
    const permissions = unique(input.permissions ?? []).sort();
    const userIds = unique(input.userIds ?? []);
    this.policy.assertCanGrant(permissions);
    try {
      const created = await managementTransaction(this.ctx, async (tctx) => {
        const trx = tctx.db;
        await this.assertNameFree(trx, input.name);
        await this.assertCanChangeMembers(trx, userIds);
        const [row]: Array<{ id: string; name: string }> = await trx('groups')
          .insert({ name: input.name, description: input.description ?? '' })
          .returning(['id', 'name']);
        const id = String(row.id);
        if (permissions.length) await trx('group_permissions').insert(permissions.map((code) => ({ group_id: id, permission_code: code })));
        if (userIds.length) await trx('user_groups').insert(userIds.map((userId) => ({ user_id: userId, group_id: id })));
        await audit(tctx, {
          action: 'group.create',
          targetType: 'group',
          targetId: id,
          details: { name: input.name, description: input.description ?? '', permissions, userIds: [...userIds].sort() },
        });
        return { name: row.name, id };
      });
      this.forget(userIds);
      return created;
    } catch (error) {
      if (isUniqueViolation(error)) throw nameTaken(input.name);
      throw error;
    }
  }

  /** Renames and describes the group; permissions and members are replaced when given. */
  async update(id: string, input: UpdateGroupInput): Promise<GroupView> {
    const affected = new Set<string>();
    try {
      const view = await managementTransaction(this.ctx, async (tctx) => {
        const trx = tctx.db;
        const group = await requireGroupView(trx, id);
        this.policy.assertCanManageGroup(group);
        const changes: Record<string, unknown> = {};
        if (input.name !== group.name) {
          await this.assertNameFree(trx, input.name, id);
          changes.name = { from: group.name, to: input.name };
        }
        if (input.description !== undefined && input.description !== group.description)
          changes.description = { from: group.description, to: input.description };
        if (changes.name || changes.description) {
          await trx('groups')
            .where({ id })
            .update({ name: input.name, description: input.description ?? group.description, updated_at: trx.fn.now() });
        }
        if (input.permissions) {
          const change = await this.replacePermissions(trx, group, input.permissions);
          if (change) {
            changes.permissions = change;
            for (const userId of group.userIds) affected.add(userId);
          }
        }
        if (input.userIds) {
          const change = await this.replaceMembers(trx, group, input.userIds);
          if (change) {
            changes.users = change;
            for (const userId of [...change.added, ...change.removed]) affected.add(userId);
          }
        }
        await audit(tctx, { action: 'group.update', targetType: 'group', targetId: id, details: { name: input.name, changes } });
        return requireGroupView(trx, id);
      });
      this.forget(affected);
      return view;
    } catch (error) {
      if (isUniqueViolation(error)) throw nameTaken(input.name);
      throw error;
    }
  }

  /** Deletes the group and its permission and user assignments. */
  async remove(id: string): Promise<void> {
    const members = await managementTransaction(this.ctx, async (tctx) => {
      const trx = tctx.db;
      const group = await requireGroupView(trx, id);
      this.policy.assertCanManageGroup(group);
      await trx('groups').where({ id }).del();
      await audit(tctx, {
        action: 'group.delete',
        targetType: 'group',
        targetId: id,
        details: { name: group.name, permissions: group.permissions, userIds: group.userIds },
      });
      return group.userIds;
    });
    this.forget(members);
  }

  /** POST /groups/permissions: replaces the group's application permissions. */
  async setPermissions(id: string, permissions: PermissionCode[]): Promise<GroupView> {
    let members: string[] = [];
    const view = await managementTransaction(this.ctx, async (tctx) => {
      const trx = tctx.db;
      const group = await requireGroupView(trx, id);
      this.policy.assertCanManageGroup(group);
      const change = (await this.replacePermissions(trx, group, permissions)) ?? { added: [], removed: [] };
      await audit(tctx, {
        action: 'group.permissions.set',
        targetType: 'group',
        targetId: id,
        details: { name: group.name, permissions: unique(permissions).sort(), ...change },
      });
      members = group.userIds;
      return requireGroupView(trx, id);
    });
    this.forget(members);
    return view;
  }

  /** PUT /groups/{id}/users: replaces the group's members. */
  async setUsers(id: string, userIds: string[]): Promise<GroupView> {
    let changed: string[] = [];
    const view = await managementTransaction(this.ctx, async (tctx) => {
      const trx = tctx.db;
      const group = await requireGroupView(trx, id);
      this.policy.assertCanManageGroup(group);
      const change = (await this.replaceMembers(trx, group, userIds)) ?? { added: [], removed: [] };
      await audit(tctx, {
        action: 'group.users.set',
        targetType: 'group',
        targetId: id,
        details: { name: group.name, userIds: unique(userIds).sort(), ...change },
      });
      changed = [...change.added, ...change.removed];
      return requireGroupView(trx, id);
    });
    this.forget(changed);
    return view;
  }

  private async replacePermissions(trx: ServiceContext['db'], group: GroupView, wanted: PermissionCode[]) {
    const permissions = unique(wanted).sort();
    this.policy.assertCanGrant(permissions);
    const change = diff(group.permissions, permissions);
    if (!change.added.length && !change.removed.length) return undefined;
    if (change.removed.length) await trx('group_permissions').where('group_id', group.id).whereIn('permission_code', change.removed).del();
    if (change.added.length)
      await trx('group_permissions').insert(change.added.map((code) => ({ group_id: group.id, permission_code: code })));
    return change;
  }

  private async replaceMembers(trx: ServiceContext['db'], group: GroupView, wanted: string[]) {
    const userIds = unique(wanted);
    await resolveManagedUsers(trx, userIds); // unknown ids: 422 UNKNOWN_USER
    const change = diff(group.userIds, userIds);
    if (!change.added.length && !change.removed.length) return undefined;
    await this.assertCanChangeMembers(trx, [...change.added, ...change.removed]);
    if (change.removed.length) await trx('user_groups').where('group_id', group.id).whereIn('user_id', change.removed).del();
    if (change.added.length) await trx('user_groups').insert(change.added.map((userId) => ({ user_id: userId, group_id: group.id })));
    return change;
  }
}
