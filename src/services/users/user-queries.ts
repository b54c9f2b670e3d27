import type { Knex } from 'knex';
import type { PermissionCode } from '../../auth/permissions';
import { isPermissionCode } from '../../auth/permissions';
import type { UserRow } from '../../auth/user-loader';
import { NotFoundError, UnprocessableError } from '../../errors';

export interface UserView {
  id: string;
  username: string;
  name: string;
  email: string;
  locale: string;
  enabled: boolean;
  deleted: boolean;
  mustChangePassword: boolean;
  /** Held directly. */
  permissions: PermissionCode[];
  /** Held directly or through a group. */
  effectivePermissions: PermissionCode[];
  groups: Array<{ id: string; name: string }>;
  createdAt: string;
  lastLoginAt: string | null;
}

/** What the management rules need to know about a target user. */
export interface ManagedUser {
  id: string;
  username: string;
  enabled: boolean;
  deleted: boolean;
  permissions: PermissionCode[];
  groupIds: string[];
  effectivePermissions: PermissionCode[];
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

interface Relations {
  direct: Map<string, PermissionCode[]>;
  groups: Map<string, Array<{ id: string; name: string }>>;
  viaGroups: Map<string, Set<PermissionCode>>;
}

async function relationsOf(db: Knex, userIds: string[]): Promise<Relations> {
  const direct = new Map<string, PermissionCode[]>(userIds.map((id) => [id, []]));
  const groups = new Map<string, Array<{ id: string; name: string }>>(userIds.map((id) => [id, []]));
  const viaGroups = new Map<string, Set<PermissionCode>>(userIds.map((id) => [id, new Set()]));
  if (userIds.length === 0) return { direct, groups, viaGroups };
  // Sequential on purpose: db may be a transaction (one connection).
  const permissionRows = (await db('user_permissions').whereIn('user_id', userIds).orderBy('permission_code')) as Array<{
    user_id: string;
    permission_code: string;
  }>;
  const groupRows: Array<{ user_id: string; id: string; name: string }> = await db('user_groups as ug')
    .join('groups as g', 'g.id', 'ug.group_id')
    .whereIn('ug.user_id', userIds)
    .orderByRaw('lower(g.name)')
    .select('ug.user_id', 'g.id', 'g.name');
  const groupPermissionRows: Array<{ user_id: string; permission_code: string }> = await db('user_groups as ug')
    .join('group_permissions as gp', 'gp.group_id', 'ug.group_id')
    .whereIn('ug.user_id', userIds)
    .select('ug.user_id', 'gp.permission_code');
  for (const row of permissionRows) if (isPermissionCode(row.permission_code)) direct.get(String(row.user_id))?.push(row.permission_code);
  for (const row of groupRows) groups.get(String(row.user_id))?.push({ id: String(row.id), name: row.name });
  for (const row of groupPermissionRows)
    if (isPermissionCode(row.permission_code)) viaGroups.get(String(row.user_id))?.add(row.permission_code);
  return { direct, groups, viaGroups };
}

function effective(relations: Relations, id: string): PermissionCode[] {
  return [...new Set([...(relations.direct.get(id) ?? []), ...(relations.viaGroups.get(id) ?? [])])].sort();
}

/** Users with their relations, in username order. */
export async function loadUserViews(db: Knex, where: { ids?: string[]; deleted?: boolean } = {}): Promise<UserView[]> {
  const query = db('users').orderByRaw('lower(username)').orderBy('id');
  if (where.ids) query.whereIn('id', where.ids);
  if (where.deleted !== undefined) query.where('deleted', where.deleted);
  const rows = (await query) as UserRow[];
  const relations = await relationsOf(
    db,
    rows.map((row) => String(row.id)),
  );
  return rows.map((row) => {
    const id = String(row.id);
    return {
      id,
      username: row.username,
      name: row.name,
      email: row.email,
      locale: row.locale,
      enabled: row.enabled,
      deleted: row.deleted,
      mustChangePassword: row.must_change_password,
      permissions: relations.direct.get(id) ?? [],
      effectivePermissions: effective(relations, id),
      groups: relations.groups.get(id) ?? [],
      createdAt: iso(row.created_at)!,
      lastLoginAt: iso(row.last_login_at),
    };
  });
}

export async function requireUserView(db: Knex, id: string): Promise<UserView> {
  const [view] = await loadUserViews(db, { ids: [id] });
  if (!view) throw new NotFoundError(`User ${id}`);
  return view;
}

/** The user (deleted ones included) or 404 NOT_FOUND. */
export async function requireManagedUser(db: Knex, id: string): Promise<ManagedUser> {
  const view = await requireUserView(db, id);
  return {
    id: view.id,
    username: view.username,
    enabled: view.enabled,
    deleted: view.deleted,
    permissions: view.permissions,
    groupIds: view.groups.map((g) => g.id),
    effectivePermissions: view.effectivePermissions,
  };
}

/** Users referenced from a request body (deleted ones included); unknown ids are 422 UNKNOWN_USER. */
export async function resolveManagedUsers(db: Knex, ids: readonly string[]): Promise<ManagedUser[]> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return [];
  const views = await loadUserViews(db, { ids: wanted });
  const found = new Set(views.map((v) => v.id));
  const unknown = wanted.filter((id) => !found.has(id));
  if (unknown.length) throw new UnprocessableError(`Unknown user ids: ${unknown.join(', ')}`, 'UNKNOWN_USER', { ids: unknown });
  return views.map((view) => ({
    id: view.id,
    username: view.username,
    enabled: view.enabled,
    deleted: view.deleted,
    permissions: view.permissions,
    groupIds: view.groups.map((g) => g.id),
    effectivePermissions: view.effectivePermissions,
  }));
}
