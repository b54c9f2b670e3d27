import type { Knex } from 'knex';

/** One stored visualization with what a list answer says about it for the session user. */
export interface VisualizationRow {
  id: string;
  ownerId: string;
  ownerUsername: string;
  name: string;
  description: string;
  content: unknown;
  contentVersion: number;
  createdAt: string;
  updatedAt: string;
  hidden: boolean;
  /** Shared with the user directly or through one of the user's groups (the owner excluded). */
  sharedWithMe: boolean;
}

export interface ShareInfo {
  users: Array<{ id: string; username: string }>;
  groups: Array<{ id: string; name: string }>;
}

export type Scope = 'visible' | 'own' | 'shared';

interface RawRow {
  id: string;
  owner_id: string;
  owner_username: string;
  name: string;
  description: string;
  content?: unknown;
  content_version: number;
  created_at: Date | string;
  updated_at: Date | string;
  hidden: boolean;
  shared_with_me: boolean;
}

const iso = (value: Date | string) => new Date(value).toISOString();

/**
 * The visibility rule in one place: a visualization is visible to a user who owns it, to whom it
 * is shared directly, or who is a member (now, read from user_groups) of a group it is shared
 * with; holders of View all visualizations see every one.
 */
export function visualizationQuery(
  db: Knex,
  userId: string,
  options: { scope: Scope; viewAll: boolean; withContent: boolean; id?: string },
): Knex.QueryBuilder {
  const sharedSql =
    '(v.owner_id <> ? and (exists (select 1 from visualization_user_shares vus where vus.visualization_id = v.id and vus.user_id = ?)' +
    ' or exists (select 1 from visualization_group_shares vgs join user_groups ug on ug.group_id = vgs.group_id where vgs.visualization_id = v.id and ug.user_id = ?)))';
  const shared = [userId, userId, userId];

  const query = db('visualizations as v')
    .join('users as u', 'u.id', 'v.owner_id')
    .select(
      'v.id',
      'v.owner_id',
      'u.username as owner_username',
      'v.name',
      'v.description',
      'v.content_version',
      'v.created_at',
      'v.updated_at',
    )
    .select(
      db.raw('exists (select 1 from visualization_hidden vh where vh.visualization_id = v.id and vh.user_id = ?) as hidden', [userId]),
    )
    .select(db.raw(`${sharedSql} as shared_with_me`, shared))
    .orderByRaw('lower(v.name), v.id');
  if (options.withContent) query.select('v.content');
  if (options.id !== undefined) query.where('v.id', options.id);
  if (options.scope === 'own') query.where('v.owner_id', userId);
  else if (options.scope === 'shared') query.whereRaw(sharedSql, shared);
  else if (!options.viewAll)
    query.where((q) => {
      q.where('v.owner_id', userId).orWhereRaw(sharedSql, shared);
    });
  return query;
}

export function toVisualizationRow(row: RawRow): VisualizationRow {
  return {
    id: String(row.id),
    ownerId: String(row.owner_id),
    ownerUsername: row.owner_username,
    name: row.name,
    description: row.description,
    content: row.content,
    contentVersion: Number(row.content_version),
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    hidden: Boolean(row.hidden),
    sharedWithMe: Boolean(row.shared_with_me),
  };
}

export async function loadVisualizations(
  db: Knex,
  userId: string,
  options: { scope: Scope; viewAll: boolean; withContent: boolean },
): Promise<VisualizationRow[]> {
  const rows = (await visualizationQuery(db, userId, options)) as RawRow[];
  return rows.map(toVisualizationRow);
}

/** The visualization when the user may see it, else undefined (absent and invisible alike). */
export async function loadVisibleVisualization(
  db: Knex,
  userId: string,
  id: string,
  viewAll: boolean,
  withContent = true,
): Promise<VisualizationRow | undefined> {
  const row = (await visualizationQuery(db, userId, { scope: 'visible', viewAll, withContent, id }).first()) as RawRow | undefined;
  return row ? toVisualizationRow(row) : undefined;
}

/** Users and groups a visualization is shared with. */
export async function loadShares(db: Knex, ids: string[]): Promise<Map<string, ShareInfo>> {
  const shares = new Map<string, ShareInfo>(ids.map((id) => [id, { users: [], groups: [] }]));
  if (ids.length === 0) return shares;
  // Sequential on purpose: db may be a transaction (one connection).
  const users: Array<{ visualization_id: string; id: string; username: string }> = await db('visualization_user_shares as s')
    .join('users as u', 'u.id', 's.user_id')
    .whereIn('s.visualization_id', ids)
    .orderByRaw('lower(u.username)')
    .select('s.visualization_id', 'u.id', 'u.username');
  const groups: Array<{ visualization_id: string; id: string; name: string }> = await db('visualization_group_shares as s')
    .join('groups as g', 'g.id', 's.group_id')
    .whereIn('s.visualization_id', ids)
    .orderByRaw('lower(g.name)')
    .select('s.visualization_id', 'g.id', 'g.name');
  for (const row of users) shares.get(String(row.visualization_id))?.users.push({ id: String(row.id), username: row.username });
  for (const row of groups) shares.get(String(row.visualization_id))?.groups.push({ id: String(row.id), name: row.name });
  return shares;
}
