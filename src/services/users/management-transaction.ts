import type { Knex } from 'knex';
import type { ServiceContext } from '../../core/context';
import { withDb } from '../../core/context';
import { ConflictError } from '../../errors';

// Serialises user and group management writes, so two concurrent changes cannot together remove
// the last administrator.
const MANAGEMENT_LOCK = 847_362_101;

/** Enabled, non-deleted users holding GRANT_ALL_PERMISSIONS directly or through a group. */
export async function countAdministrators(db: Knex): Promise<number> {
  const row: { count: string | number } | undefined = await db('users as u')
    .where('u.enabled', true)
    .andWhere('u.deleted', false)
    // eslint-disable-next-line @typescript-eslint/no-misused-promises -- knex calls the callback with its builder and ignores the return; the builder is thenable, not a promise left floating
    .andWhere((q) =>
      q
        // eslint-disable-next-line @typescript-eslint/no-misused-promises -- knex calls the callback with its builder and ignores the return; the builder is thenable, not a promise left floating
        .whereExists((s) =>
          s
            .select(db.raw('1'))
            .from('user_permissions as up')
            .whereRaw('up.user_id = u.id')
            .andWhere('up.permission_code', 'GRANT_ALL_PERMISSIONS'),
        )
        // eslint-disable-next-line @typescript-eslint/no-misused-promises -- knex calls the callback with its builder and ignores the return; the builder is thenable, not a promise left floating
        .orWhereExists((s) =>
          s
            .select(db.raw('1'))
            .from('user_groups as ug')
            .join('group_permissions as gp', 'gp.group_id', 'ug.group_id')
            .whereRaw('ug.user_id = u.id')
            .andWhere('gp.permission_code', 'GRANT_ALL_PERMISSIONS'),
        ),
    )
    .count<{ count: string | number }[]>('u.id as count')
    .first();
  return Number(row?.count ?? 0);
}

/**
 * Runs a user/group management change in one transaction (the audit event goes in the same one
 * through the ctx handed to `change`) and refuses it with 409 LAST_ADMINISTRATOR when it would
 * leave no enabled holder of GRANT_ALL_PERMISSIONS.
 */
export function managementTransaction<T>(ctx: ServiceContext, change: (trx: ServiceContext) => Promise<T>): Promise<T> {
  return ctx.db.transaction(async (trx) => {
    await trx.raw('select pg_advisory_xact_lock(?)', [MANAGEMENT_LOCK]);
    const before = await countAdministrators(trx);
    const result = await change(withDb(ctx, trx));
    if (before > 0 && (await countAdministrators(trx)) === 0) {
      throw new ConflictError('This change would leave no enabled user holding GRANT_ALL_PERMISSIONS', 'LAST_ADMINISTRATOR');
    }
    return result;
  });
}

/** Added and removed members of a set, for audit details. */
export function diff<T extends string>(before: readonly T[], after: readonly T[]): { added: T[]; removed: T[] } {
  const old = new Set(before);
  const now = new Set(after);
  return { added: [...now].filter((x) => !old.has(x)).sort(), removed: [...old].filter((x) => !now.has(x)).sort() };
}

export function unique<T>(values: readonly T[]): T[] {
  return [...new Set(values)];
}
