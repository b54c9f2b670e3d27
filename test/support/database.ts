import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import knexFactory from 'knex';

/** A fresh, migrated PostgreSQL database for one test file, copied from the global template. */
export interface TestDatabase {
  url: string;
  knex: Knex;
  drop(): Promise<void>;
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const adminUrl = process.env.GAS_TEST_ADMIN_URL;
  const template = process.env.GAS_TEST_TEMPLATE;
  if (!adminUrl || !template) throw new Error('test/support/global-setup.ts did not run');
  // Named after the run (its template's pid), so a run's teardown drops only its own databases when
  // several runs share one server (TEST_DATABASE_URL).
  const name = `gas_t_${template.replace(/^gas_template_/, '')}_${randomBytes(6).toString('hex')}`;
  const admin = knexFactory({ client: 'pg', connection: adminUrl, pool: { min: 0, max: 1 } });
  try {
    await admin.raw(`create database ${name} template ${template}`);
  } finally {
    await admin.destroy();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const knex = knexFactory({ client: 'pg', connection: url.toString(), pool: { min: 0, max: 10 } });
  return {
    url: url.toString(),
    knex,
    drop: async () => {
      await knex.destroy();
      const again = knexFactory({ client: 'pg', connection: adminUrl, pool: { min: 0, max: 1 } });
      try {
        await again.raw(`drop database if exists ${name} with (force)`);
      } finally {
        await again.destroy();
      }
    },
  };
}
