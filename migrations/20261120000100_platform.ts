import type { Knex } from 'knex';

/** Users, groups, permissions, API tokens, sessions, settings and password resets. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('users', (t) => {
    t.bigIncrements('id');
    t.text('username').notNullable();
    t.text('name').notNullable().defaultTo('');
    t.text('email').notNullable().defaultTo('');
    t.text('locale').notNullable().defaultTo('en');
    t.text('password_hash').notNullable();
    t.boolean('must_change_password').notNullable().defaultTo(false);
    t.boolean('enabled').notNullable().defaultTo(true);
    t.boolean('deleted').notNullable().defaultTo(false);
    t.timestamp('password_changed_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('last_login_at', { useTz: true });
    t.timestamps(true, true);
  });
  await knex.raw('create unique index users_username_lower_uq on users (lower(username))');

  await knex.schema.createTable('groups', (t) => {
    t.bigIncrements('id');
    t.text('name').notNullable();
    t.text('description').notNullable().defaultTo('');
    t.jsonb('property_security').notNullable().defaultTo('{}');
    t.jsonb('entity_security').notNullable().defaultTo('{}');
    t.jsonb('data_security').notNullable().defaultTo('{}');
    t.timestamps(true, true);
  });
  await knex.raw('create unique index groups_name_lower_uq on groups (lower(name))');

  await knex.schema.createTable('permissions', (t) => {
    t.text('code').primary();
    t.text('name').notNullable();
    t.text('description').notNullable().defaultTo('');
  });
  await knex.schema.createTable('user_permissions', (t) => {
    t.bigInteger('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.text('permission_code').notNullable().references('permissions.code').onDelete('CASCADE');
    t.primary(['user_id', 'permission_code']);
  });
  await knex.schema.createTable('group_permissions', (t) => {
    t.bigInteger('group_id').notNullable().references('groups.id').onDelete('CASCADE');
    t.text('permission_code').notNullable().references('permissions.code').onDelete('CASCADE');
    t.primary(['group_id', 'permission_code']);
  });
  await knex.schema.createTable('user_groups', (t) => {
    t.bigInteger('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.bigInteger('group_id').notNullable().references('groups.id').onDelete('CASCADE');
    t.primary(['user_id', 'group_id']);
    t.index(['group_id']);
  });

  await knex.schema.createTable('api_tokens', (t) => {
    t.bigIncrements('id');
    t.bigInteger('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.text('name').notNullable();
    t.text('token_hash').notNullable().unique();
    t.text('prefix').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('last_used_at', { useTz: true });
    t.timestamp('expires_at', { useTz: true });
    t.timestamp('revoked_at', { useTz: true });
    t.index(['user_id']);
  });

  await knex.schema.createTable('sessions', (t) => {
    t.text('sid').primary();
    t.jsonb('sess').notNullable();
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.bigInteger('user_id');
    t.index(['expires_at']);
    t.index(['user_id']);
  });

  await knex.schema.createTable('login_failures', (t) => {
    t.text('key').primary();
    t.integer('failures').notNullable().defaultTo(0);
    t.timestamp('first_failure_at', { useTz: true }).notNullable();
    t.timestamp('locked_until', { useTz: true });
  });

  await knex.schema.createTable('password_resets', (t) => {
    t.bigIncrements('id');
    t.bigInteger('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.text('token_hash').notNullable().unique();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('used_at', { useTz: true });
  });

  await knex.schema.createTable('settings', (t) => {
    t.text('type').primary();
    t.jsonb('value').notNullable();
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.bigInteger('updated_by');
  });
  await knex.schema.createTable('user_settings', (t) => {
    t.bigInteger('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.text('type').notNullable();
    t.jsonb('value').notNullable();
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['user_id', 'type']);
  });
  await knex.schema.createTable('app_state', (t) => {
    t.text('key').primary();
    t.jsonb('value').notNullable();
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of [
    'app_state',
    'user_settings',
    'settings',
    'password_resets',
    'login_failures',
    'sessions',
    'api_tokens',
    'user_groups',
    'group_permissions',
    'user_permissions',
    'permissions',
    'groups',
    'users',
  ]) {
    await knex.schema.dropTableIfExists(table);
  }
}
