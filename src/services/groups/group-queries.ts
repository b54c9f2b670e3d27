import type { Knex } from 'knex';
import type { PermissionCode } from '../../auth/permissions';
import { isPermissionCode } from '../../auth/permissions';
import { NotFoundError, UnprocessableError } from '../../errors';

export interface GroupView {
  id: string;
  name: string;
  description: string;
  permissions: PermissionCode[];
  userIds: string[];
  users: Array<{ id: string; username: string }>;
  createdAt: string;
}

export interface GroupRef {
  id: string;
  name: string;
  permissions: PermissionCode[];
}

interface GroupRow {
  id: string;
  name: string;
  description: string;
  entity_security: unknown;
  property_security: unknown;
  data_security: unknown;
  created_at: Date;
}

const iso = (value: Date | string) => new Date(value).toISOString();

async function permissionsByGroup(db: Knex, ids: string[]): Promise<Map<string, PermissionCode[]>> {
  const map = new Map<string, PermissionCode[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return map;
  const rows = (await db('group_permissions').whereIn('group_id', ids).orderBy('permission_code')) as Array<{
    group_id: string;
    permission_code: string;
  }>;
  for (const row of rows) if (isPermissionCode(row.permission_code)) map.get(String(row.group_id))?.push(row.permission_code);
  return map;
}

/** Groups with permissions and members, in name order; all groups when ids is absent. */
export async function loadGroupViews(db: Knex, ids?: string[]): Promise<GroupView[]> {
  const query = db('groups').select('id', 'name', 'description', 'created_at').orderByRaw('lower(name)').orderBy('id');
  if (ids) query.whereIn('id', ids);
  const rows = (await query) as GroupRow[];
  const groupIds = rows.map((row) => String(row.id));
  const permissions = await permissionsByGroup(db, groupIds);
  const members: Array<{ group_id: string; id: string; username: string }> = groupIds.length
    ? await db('user_groups as ug')
        .join('users as u', 'u.id', 'ug.user_id')
        .whereIn('ug.group_id', groupIds)
        .orderBy('u.id')
        .select('ug.group_id', 'u.id', 'u.username')
    : [];
  return rows.map((row) => {
    const id = String(row.id);
    const users = members.filter((m) => String(m.group_id) === id).map((m) => ({ id: String(m.id), username: m.username }));
    return {
      id,
      name: row.name,
      description: row.description,
      permissions: permissions.get(id) ?? [],
      userIds: users.map((u) => u.id),
      users,
      createdAt: iso(row.created_at),
    };
  });
}

/** The group or 404 NOT_FOUND. */
export async function requireGroupRow(db: Knex, id: string): Promise<GroupRow> {
  const row = (await db('groups').where({ id }).first()) as GroupRow | undefined;
  if (!row) throw new NotFoundError(`Group ${id}`);
  return row;
}

export async function requireGroupView(db: Knex, id: string): Promise<GroupView> {
  const [view] = await loadGroupViews(db, [id]);
  if (!view) throw new NotFoundError(`Group ${id}`);
  return view;
}

/** Groups referenced from a request body; unknown ids are 422 UNKNOWN_GROUP. */
export async function resolveGroupRefs(db: Knex, ids: readonly string[]): Promise<GroupRef[]> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return [];
  const rows: Array<{ id: string; name: string }> = await db('groups').whereIn('id', wanted).select('id', 'name');
  const found = new Set(rows.map((row) => String(row.id)));
  const unknown = wanted.filter((id) => !found.has(id));
  if (unknown.length) throw new UnprocessableError(`Unknown group ids: ${unknown.join(', ')}`, 'UNKNOWN_GROUP', { ids: unknown });
  const permissions = await permissionsByGroup(db, wanted);
  return rows.map((row) => ({ id: String(row.id), name: row.name, permissions: permissions.get(String(row.id)) ?? [] }));
}

/** Members of a group. */
export async function groupMemberIds(db: Knex, groupId: string): Promise<string[]> {
  return ((await db('user_groups').where('group_id', groupId).pluck('user_id')) as Array<string | number>).map(String);
}
