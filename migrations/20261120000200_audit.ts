import type { Knex } from 'knex';

/** The audit trail: append-only, each row chained to the previous one by hash. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('audit_events', (t) => {
    t.bigIncrements('id');
    t.timestamp('at', { useTz: true }).notNullable();
    t.bigInteger('user_id');
    t.text('username');
    t.text('ip');
    t.text('action').notNullable();
    t.text('target_type');
    t.text('target_id');
    t.jsonb('details').notNullable().defaultTo('{}');
    t.text('prev_hash').notNullable();
    t.text('hash').notNullable();
    t.index(['at']);
    t.index(['user_id', 'at']);
    t.index(['action', 'at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('audit_events');
}
