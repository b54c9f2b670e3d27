import type { Knex } from 'knex';

/**
 * Import (spec 4.7, issue 10): uploaded files waiting for analysis and import, and the imports
 * run from them. An upload belongs to its uploader and expires (imports.uploadTtlMinutes); its
 * content lives under <dataDir>/uploads/<id>. An import keeps its state, progress and report;
 * its rejected rows are a CSV file under <dataDir>/imports/<id>-rejected.csv.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('import_uploads', (t) => {
    t.uuid('id').primary();
    t.bigInteger('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.text('name').notNullable();
    /** csv | xls | xlsx | graphml */
    t.text('type').notNullable();
    t.bigInteger('size').notNullable();
    /** The zip the file came from, when it came from one. */
    t.text('archive');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.index(['user_id']);
    t.index(['expires_at']);
  });
  await knex.schema.createTable('imports', (t) => {
    t.uuid('id').primary();
    t.bigInteger('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.uuid('upload_id');
    t.text('file_name').notNullable();
    /** running | succeeded | failed | cancelled */
    t.text('state').notNullable();
    t.boolean('dry_run').notNullable().defaultTo(false);
    t.boolean('cancel_requested').notNullable().defaultTo(false);
    t.jsonb('mapping').notNullable();
    t.jsonb('progress').notNullable().defaultTo('{}');
    t.jsonb('report');
    t.jsonb('error');
    t.timestamp('started_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('finished_at', { useTz: true });
    t.index(['user_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('imports');
  await knex.schema.dropTableIfExists('import_uploads');
}
