import type { Knex } from 'knex';

/**
 * Import results and undo (issue 23, items 6 and 8): an import records the ids of what it
 * created (`created`: { nodes, relationships }, null beyond imports.maxUndoElements) and when it
 * was undone. One upload is imported once: a second start while one runs or after one succeeded
 * (and was not undone) is refused by this unique index, so two clicks cannot both get in.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('imports', (t) => {
    t.jsonb('created');
    t.timestamp('undone_at', { useTz: true });
  });
  await knex.raw(
    "create unique index imports_upload_once on imports (upload_id) where upload_id is not null and not dry_run and undone_at is null and state in ('running', 'succeeded')",
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists imports_upload_once');
  await knex.schema.alterTable('imports', (t) => {
    t.dropColumn('created');
    t.dropColumn('undone_at');
  });
}
