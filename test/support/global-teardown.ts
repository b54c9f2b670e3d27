import knexFactory from 'knex';
import type { PostgresServer } from './postgres-server';

export default async function globalTeardown(): Promise<void> {
  const server = (globalThis as Record<string, unknown>).__GAS_PG__ as PostgresServer | undefined;
  if (!server) return;
  if (process.env.TEST_DATABASE_URL && process.env.GAS_TEST_TEMPLATE) {
    const admin = knexFactory({ client: 'pg', connection: server.adminUrl, pool: { min: 0, max: 1 } });
    try {
      const rows = await admin.raw(`select datname from pg_database where datname like 'gas_t\\_%' or datname = ?`, [process.env.GAS_TEST_TEMPLATE]);
      for (const { datname } of rows.rows as Array<{ datname: string }>) await admin.raw(`drop database if exists "${datname}" with (force)`);
    } finally {
      await admin.destroy();
    }
  }
  await server.stop();
}
