import type { Knex } from 'knex';

/** Saved visualizations (spec 4.9): content, sharing with users and groups, per-user hidden flag. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('visualizations', (t) => {
    t.bigIncrements('id');
    t.bigInteger('owner_id').notNullable().references('users.id').onDelete('CASCADE');
    t.text('name').notNullable();
    t.text('description').notNullable().defaultTo('');
    t.jsonb('content').notNullable();
    t.integer('content_version').notNullable();
    t.timestamps(true, true);
    t.index(['owner_id']);
  });
  await knex.schema.createTable('visualization_user_shares', (t) => {
    t.bigInteger('visualization_id').notNullable().references('visualizations.id').onDelete('CASCADE');
    t.bigInteger('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['visualization_id', 'user_id']);
    t.index(['user_id']);
  });
  await knex.schema.createTable('visualization_group_shares', (t) => {
    t.bigInteger('visualization_id').notNullable().references('visualizations.id').onDelete('CASCADE');
    t.bigInteger('group_id').notNullable().references('groups.id').onDelete('CASCADE');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['visualization_id', 'group_id']);
    t.index(['group_id']);
  });
  await knex.schema.createTable('visualization_hidden', (t) => {
    t.bigInteger('visualization_id').notNullable().references('visualizations.id').onDelete('CASCADE');
    t.bigInteger('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['visualization_id', 'user_id']);
    t.index(['user_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('visualization_hidden');
  await knex.schema.dropTableIfExists('visualization_group_shares');
  await knex.schema.dropTableIfExists('visualization_user_shares');
  await knex.schema.dropTableIfExists('visualizations');
}
