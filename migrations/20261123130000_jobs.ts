import type { Knex } from 'knex';

/**
 * Jobs (spec 4.2) and their runs. The run table is also the queue shared by every service
 * instance on this database:
 *  - (job_id, scheduled_for) is unique, so a scheduled tick is enqueued at most once;
 *  - at most one queued or running run per job (partial unique index): a second start is refused;
 *  - instances claim queued runs with FOR UPDATE SKIP LOCKED and hold them by a lease they renew;
 *    a running run whose lease ran out (its instance died) is marked failed by any live instance.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('jobs', (t) => {
    t.bigIncrements('id');
    t.text('name').notNullable();
    t.text('type').notNullable();
    t.text('description').notNullable().defaultTo('');
    t.jsonb('config').notNullable();
    t.text('schedule');
    t.text('time_zone');
    t.boolean('enabled').notNullable().defaultTo(true);
    t.timestamp('next_run_at', { useTz: true });
    // What a type keeps between runs (the alert's previous matches).
    t.jsonb('memory').notNullable().defaultTo('{}');
    t.bigInteger('created_by').references('users.id').onDelete('SET NULL');
    // Runs act with the rights of the user who last saved the configuration.
    t.bigInteger('run_as').references('users.id').onDelete('SET NULL');
    t.timestamps(true, true);
  });
  await knex.raw('create unique index jobs_name_lower_uq on jobs (lower(name))');
  await knex.raw('create index jobs_next_run_idx on jobs (next_run_at) where enabled and next_run_at is not null');

  await knex.schema.createTable('job_runs', (t) => {
    t.bigIncrements('id');
    t.bigInteger('job_id').notNullable().references('jobs.id').onDelete('CASCADE');
    t.text('state').notNullable();
    t.text('trigger').notNullable();
    t.timestamp('scheduled_for', { useTz: true });
    t.bigInteger('requested_by').references('users.id').onDelete('SET NULL');
    t.timestamp('queued_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('started_at', { useTz: true });
    t.timestamp('finished_at', { useTz: true });
    t.text('lease_owner');
    t.timestamp('lease_expires_at', { useTz: true });
    t.boolean('cancel_requested').notNullable().defaultTo(false);
    t.jsonb('counters').notNullable().defaultTo('{}');
    t.jsonb('log').notNullable().defaultTo('[]');
    t.text('error');
    t.jsonb('result');
    t.unique(['job_id', 'scheduled_for']);
    t.index(['job_id', 'id']);
  });
  await knex.raw(
    `alter table job_runs add constraint job_runs_state_check check (state in ('queued', 'running', 'succeeded', 'failed', 'cancelled'))`,
  );
  await knex.raw(`alter table job_runs add constraint job_runs_trigger_check check (trigger in ('schedule', 'manual'))`);
  await knex.raw(`create unique index job_runs_one_active_uq on job_runs (job_id) where state in ('queued', 'running')`);
  await knex.raw(`create index job_runs_active_idx on job_runs (state, id) where state in ('queued', 'running')`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('job_runs');
  await knex.schema.dropTableIfExists('jobs');
}
