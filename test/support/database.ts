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
      // The pool is closed here; the database itself is dropped by the run's global teardown (its name
      // carries the run's template pid). A DROP DATABASE waits for a checkpoint, and under CI load
      // (the TCK writing beside) several suites' drops stalled past jest's 60 s hook limit together.
      // A pooled connection still in use would keep destroy() waiting: after 15 s it is left to the teardown.
      let timer: NodeJS.Timeout | undefined;
      const stuck = await Promise.race([
        knex.destroy().then(() => false),
        new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(true), 15_000))),
      ]);
      clearTimeout(timer);
      if (stuck)
        process.stderr.write(`test database ${name}: a pooled connection was still in use after 15 s; left to the run's teardown\n`);
    },
  };
}
