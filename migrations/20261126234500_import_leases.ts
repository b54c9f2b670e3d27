import type { Knex } from 'knex';

/**
 * Import leases (issue 18 item 16): a running import is owned by the service instance that runs it
 * (`lease_owner`, host:pid:random) until `lease_expires_at`, which that instance renews while the
 * import runs (src/services/import/import-lease.ts). An instance that dies stops renewing; any live
 * instance then marks the import failed (`data.import.abandoned`). On the embedded store (one
 * process, which holds the data directory) the lease stays empty and a running import found at
 * start-up is failed the same way.
 *
 * Imports left running by a version without leases get ten minutes (an older instance may still be
 * running one during a rolling update), then are failed like any other. One statement per
 * knex.raw (PGlite).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('imports', (t) => {
    t.text('lease_owner');
    t.timestamp('lease_expires_at', { useTz: true });
  });
  await knex.raw(`create index imports_running_lease on imports (lease_expires_at) where state = 'running'`);
  await knex.raw(`update imports set lease_expires_at = now() + interval '10 minutes' where state = 'running'`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists imports_running_lease');
  await knex.schema.alterTable('imports', (t) => {
    t.dropColumn('lease_expires_at');
    t.dropColumn('lease_owner');
  });
}
