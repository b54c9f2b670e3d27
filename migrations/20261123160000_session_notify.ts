import type { Knex } from 'knex';

/**
 * Session cache invalidation across service instances (src/auth/session-cache.ts).
 *
 * Every change of a live session row's data (login, logout, a new CSRF token, a regenerated
 * session) and every deletion of a live row (logout, password change, disable, delete) sends
 * NOTIFY gas_sessions with md5(sid), from a trigger in the transaction of the change: instances
 * that cache session rows drop that one when the change commits, whichever instance or code path
 * made it. A refresh of the expiry alone (expires_at) and the pruning of expired rows notify
 * nobody: a cached copy with an older expiry is only read again sooner, and an expired row is
 * refused by every cache anyway. The payload is the hash, not the session id.
 * One statement per knex.raw (PGlite runs each raw call as one statement).
 */
const UP: string[] = [
  `create function gas_sessions_changed() returns trigger
   language plpgsql as $$
   begin
     if tg_op = 'DELETE' then
       if old.expires_at > now() then perform pg_notify('gas_sessions', md5(old.sid)); end if;
       return old;
     end if;
     if new.sess is distinct from old.sess or new.user_id is distinct from old.user_id or new.sid is distinct from old.sid then
       perform pg_notify('gas_sessions', md5(old.sid));
     end if;
     return new;
   end $$`,
  `create trigger sessions_changed after update or delete on sessions for each row execute function gas_sessions_changed()`,
];

const DOWN: string[] = [`drop trigger if exists sessions_changed on sessions`, `drop function if exists gas_sessions_changed()`];

export async function up(knex: Knex): Promise<void> {
  for (const statement of UP) await knex.raw(statement);
}

export async function down(knex: Knex): Promise<void> {
  for (const statement of DOWN) await knex.raw(statement);
}
