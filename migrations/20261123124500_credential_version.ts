import type { Knex } from 'knex';

/**
 * Credential invalidation across service instances (src/auth/credential-invalidation.ts).
 *
 * Every change to what a signed-in user is (password, account state, name/e-mail/locale, direct
 * permissions, groups, a group's permissions, API tokens) bumps users.credential_version and sends
 * NOTIFY gas_credentials with the affected user ids, from triggers, in the transaction of the
 * change: the notification is delivered when (and only if) the change commits, and no code path
 * (services, CLI, bootstrap, a manual UPDATE) can forget it. Instances LISTEN and drop the users'
 * cached credentials at once; after a lost connection they compare the cached versions.
 * One statement per knex.raw (PGlite runs each raw call as one statement).
 */
const UP: string[] = [
  `alter table users add column credential_version bigint not null default 1`,

  // Bumps the versions (rows locked in id order) and notifies; '*' when the id list would not fit
  // in a notification payload (8000 bytes): every instance then drops its whole cache.
  `create function gas_credentials_changed(p_user_ids bigint[]) returns void
   language plpgsql as $$
   declare
     v_ids bigint[];
     v_payload text;
   begin
     select array_agg(distinct x order by x) into v_ids from unnest(p_user_ids) as u(x) where x is not null;
     if v_ids is null then return; end if;
     perform 1 from users where id = any(v_ids) order by id for no key update;
     update users set credential_version = credential_version + 1 where id = any(v_ids);
     v_payload := array_to_string(v_ids, ',');
     perform pg_notify('gas_credentials', case when length(v_payload) <= 7900 then v_payload else '*' end);
   end $$`,

  // users: the columns a cached signed-in user carries, and the password hash.
  `create function gas_users_credentials_bump() returns trigger
   language plpgsql as $$
   begin
     new.credential_version := old.credential_version + 1;
     perform pg_notify('gas_credentials', new.id::text);
     return new;
   end $$`,
  `create trigger users_credentials_bump
     before update of username, name, email, locale, password_hash, must_change_password, enabled, deleted on users
     for each row when (
       old.username is distinct from new.username or old.name is distinct from new.name or old.email is distinct from new.email
       or old.locale is distinct from new.locale or old.password_hash is distinct from new.password_hash
       or old.must_change_password is distinct from new.must_change_password or old.enabled is distinct from new.enabled
       or old.deleted is distinct from new.deleted)
     execute function gas_users_credentials_bump()`,
  `create function gas_users_credentials_deleted() returns trigger
   language plpgsql as $$
   begin
     perform pg_notify('gas_credentials', old.id::text);
     return old;
   end $$`,
  `create trigger users_credentials_deleted after delete on users for each row execute function gas_users_credentials_deleted()`,

  // user_permissions, user_groups (user_id): statement triggers with transition tables.
  `create function gas_user_links_changed() returns trigger
   language plpgsql as $$
   begin
     if tg_op = 'INSERT' then
       perform gas_credentials_changed(array(select user_id from gas_new_rows));
     elsif tg_op = 'DELETE' then
       perform gas_credentials_changed(array(select user_id from gas_old_rows));
     else
       perform gas_credentials_changed(array(select user_id from gas_old_rows union select user_id from gas_new_rows));
     end if;
     return null;
   end $$`,
  // group_permissions (group_id): every member of the group.
  `create function gas_group_links_changed() returns trigger
   language plpgsql as $$
   begin
     if tg_op = 'INSERT' then
       perform gas_credentials_changed(array(select ug.user_id from user_groups ug where ug.group_id in (select group_id from gas_new_rows)));
     elsif tg_op = 'DELETE' then
       perform gas_credentials_changed(array(select ug.user_id from user_groups ug where ug.group_id in (select group_id from gas_old_rows)));
     else
       perform gas_credentials_changed(array(select ug.user_id from user_groups ug
         where ug.group_id in (select group_id from gas_old_rows union select group_id from gas_new_rows)));
     end if;
     return null;
   end $$`,
  ...['user_permissions', 'user_groups', 'group_permissions'].flatMap((table) => {
    const fn = table === 'group_permissions' ? 'gas_group_links_changed' : 'gas_user_links_changed';
    return [
      `create trigger ${table}_credentials_ins after insert on ${table} referencing new table as gas_new_rows for each statement execute function ${fn}()`,
      `create trigger ${table}_credentials_del after delete on ${table} referencing old table as gas_old_rows for each statement execute function ${fn}()`,
      `create trigger ${table}_credentials_upd after update on ${table} referencing old table as gas_old_rows new table as gas_new_rows for each statement execute function ${fn}()`,
    ];
  }),
  // api_tokens: a revoked, expired-early or deleted token must stop working on every instance
  // (last_used_at updates on every use do not count).
  `create function gas_api_tokens_changed() returns trigger
   language plpgsql as $$
   begin
     if tg_op = 'DELETE' then
       perform gas_credentials_changed(array[old.user_id]);
     else
       perform gas_credentials_changed(array[old.user_id, new.user_id]);
     end if;
     return null;
   end $$`,
  `create trigger api_tokens_credentials_upd after update on api_tokens
     for each row when (
       old.revoked_at is distinct from new.revoked_at or old.expires_at is distinct from new.expires_at
       or old.user_id is distinct from new.user_id or old.token_hash is distinct from new.token_hash)
     execute function gas_api_tokens_changed()`,
  `create trigger api_tokens_credentials_del after delete on api_tokens for each row execute function gas_api_tokens_changed()`,
];

const DOWN: string[] = [
  `drop trigger if exists api_tokens_credentials_del on api_tokens`,
  `drop trigger if exists api_tokens_credentials_upd on api_tokens`,
  `drop function if exists gas_api_tokens_changed()`,
  ...['user_permissions', 'user_groups', 'group_permissions'].flatMap((table) => [
    `drop trigger if exists ${table}_credentials_upd on ${table}`,
    `drop trigger if exists ${table}_credentials_del on ${table}`,
    `drop trigger if exists ${table}_credentials_ins on ${table}`,
  ]),
  `drop function if exists gas_group_links_changed()`,
  `drop function if exists gas_user_links_changed()`,
  `drop trigger if exists users_credentials_deleted on users`,
  `drop function if exists gas_users_credentials_deleted()`,
  `drop trigger if exists users_credentials_bump on users`,
  `drop function if exists gas_users_credentials_bump()`,
  `drop function if exists gas_credentials_changed(bigint[])`,
  `alter table users drop column if exists credential_version`,
];

export async function up(knex: Knex): Promise<void> {
  for (const statement of UP) await knex.raw(statement);
}

export async function down(knex: Knex): Promise<void> {
  for (const statement of DOWN) await knex.raw(statement);
}
