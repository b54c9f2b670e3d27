import type { Knex } from 'knex';

/**
 * Ends every open password reset link of a user (marks it used), so that a link mailed earlier
 * cannot undo a later decision: called in the transaction that sets the password another way
 * (an administrator, the user's own change, a reset link) and when a newer link is issued.
 * `except` keeps one link open (the newer one). Returns how many links ended.
 */
export async function endOpenResetLinks(
  db: Knex,
  userId: string | number,
  options: { except?: string | number; at?: Date } = {},
): Promise<number> {
  const at = options.at ?? new Date();
  const query = db('password_resets').where('user_id', userId).whereNull('used_at').andWhere('expires_at', '>', at);
  if (options.except !== undefined) query.whereNot('id', options.except);
  // The rows, not an update count: on the embedded store knex answers an update with the driver's raw result.
  const ended = await query.update({ used_at: at }).returning('id');
  return ended.length;
}
