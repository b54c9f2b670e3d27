import type { Knex } from 'knex';
import type { AuthenticatedUser } from '../core/authenticated-user';
import type { PermissionCode } from './permissions';
import { isPermissionCode } from './permissions';
import type { CredentialCache, VersionedUser } from './credential-cache';

export interface UserRow {
  id: string;
  username: string;
  name: string;
  email: string;
  locale: string;
  password_hash: string;
  must_change_password: boolean;
  enabled: boolean;
  deleted: boolean;
  password_changed_at: Date;
  last_login_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

/** Permissions held directly plus those of every group the user belongs to. */
export async function effectivePermissions(db: Knex, userId: string): Promise<PermissionCode[]> {
  const rows = (await db
    .select('permission_code')
    .from('user_permissions')
    .where('user_id', userId)
    .union((q) => {
      q.select('gp.permission_code')
        .from('group_permissions as gp')
        .join('user_groups as ug', 'ug.group_id', 'gp.group_id')
        .where('ug.user_id', userId);
    })) as Array<{
    permission_code: string;
  }>;
  return rows
    .map((r) => r.permission_code)
    .filter(isPermissionCode)
    .sort();
}

export function findUserByUsername(db: Knex, username: string): Promise<UserRow | undefined> {
  return db('users').whereRaw('lower(username) = lower(?)', [username]).first();
}

/** The signed-in user as requests see it, or null when the account is missing, disabled or deleted. */
export async function loadAuthenticatedUser(db: Knex, userId: string): Promise<AuthenticatedUser | null> {
  return (await loadVersionedUser(db, userId))?.user ?? null;
}

/**
 * loadAuthenticatedUser with users.credential_version as read in the same row, for the
 * credential cache (see credential-invalidation.ts).
 */
export async function loadVersionedUser(db: Knex, userId: string): Promise<VersionedUser | null> {
  if (!/^\d+$/.test(userId)) return null;
  const row = (await db('users').where({ id: userId }).first()) as (UserRow & { credential_version?: string | number }) | undefined;
  if (!row || !row.enabled || row.deleted) return null;
  const [permissions, groups] = await Promise.all([
    effectivePermissions(db, row.id),
    db('user_groups').where('user_id', row.id).pluck('group_id') as Promise<string[]>,
  ]);
  return {
    user: {
      id: String(row.id),
      username: row.username,
      name: row.name,
      email: row.email,
      locale: row.locale,
      mustChangePassword: row.must_change_password,
      permissions: new Set(permissions),
      groupIds: groups.map(String),
    },
    version: String(row.credential_version ?? '0'),
  };
}

/** loadAuthenticatedUser through the cache: no query while the user's entry is fresh. */
export function loadAuthenticatedUserCached(db: Knex, cache: CredentialCache, userId: string): Promise<AuthenticatedUser | null> {
  return cache.user(userId, () => loadVersionedUser(db, userId));
}
