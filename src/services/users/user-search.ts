import type { Knex } from 'knex';
import type { UserView } from './user-queries';
import { loadUserViews } from './user-queries';

export interface UserSearch {
  /** Part of the username, name or e-mail (case-insensitive); empty = every user. */
  q?: string;
  page: number;
  pageSize: number;
}

export interface UserPage {
  items: UserView[];
  total: number;
  page: number;
  pageSize: number;
}

/** LIKE pattern for "contains", with the pattern characters of the text taken literally. */
function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * One page of the users that are not deleted, in username order, optionally narrowed by a text
 * found in the username, name or e-mail: for the users page with thousands of users.
 */
export async function searchUsers(db: Knex, search: UserSearch): Promise<UserPage> {
  const base = db('users').where('deleted', false);
  const text = search.q?.trim();
  if (text) {
    const pattern = containsPattern(text);
    base.where((b) => {
      b.whereRaw("lower(username) like ? escape '\\'", [pattern])
        .orWhereRaw("lower(name) like ? escape '\\'", [pattern])
        .orWhereRaw("lower(email) like ? escape '\\'", [pattern]);
    });
  }
  const [{ count }]: Array<{ count: string | number }> = await base.clone().count({ count: '*' });
  const rows: Array<{ id: string }> = await base
    .clone()
    .orderByRaw('lower(username)')
    .orderBy('id')
    .offset((search.page - 1) * search.pageSize)
    .limit(search.pageSize)
    .select('id');
  const items = rows.length ? await loadUserViews(db, { ids: rows.map((row) => String(row.id)) }) : [];
  return { items, total: Number(count), page: search.page, pageSize: search.pageSize };
}
