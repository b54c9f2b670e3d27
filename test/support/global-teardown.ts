import knexFactory from 'knex';
import type { PostgresServer } from './postgres-server';
import { emptyNeo4jGraph, openEnvironmentNeo4j } from './neo4j-env';

async function emptyNeo4j(): Promise<void> {
  const store = await openEnvironmentNeo4j(60000);
  try {
    await emptyNeo4jGraph(store);
  } finally {
    await store.close();
  }
}

export default async function globalTeardown(): Promise<void> {
  // The run found the Neo4j empty (or was allowed to wipe it): leave it empty, so that the next run's
  // wipe guard (global-setup.ts) lets it in again.
  if (process.env.NEO4J_URI) {
    await emptyNeo4j().catch((error: unknown) => console.warn(`could not empty the Neo4j at ${process.env.NEO4J_URI}: ${String(error)}`));
  }
  const server = (globalThis as Record<string, unknown>).__GAS_PG__ as PostgresServer | undefined;
  if (!server) return;
  if (process.env.TEST_DATABASE_URL && process.env.GAS_TEST_TEMPLATE) {
    const admin = knexFactory({ client: 'pg', connection: server.adminUrl, pool: { min: 0, max: 1 } });
    try {
      // Only this run's databases (test/support/database.ts names them after the template's pid):
      // other runs on the same server keep theirs.
      const run = process.env.GAS_TEST_TEMPLATE.replace(/^gas_template_/, '');
      const rows = await admin.raw(`select datname from pg_database where datname like ? or datname = ?`, [
        `gas\\_t\\_${run}\\_%`,
        process.env.GAS_TEST_TEMPLATE,
      ]);
      for (const { datname } of rows.rows as Array<{ datname: string }>)
        await admin.raw(`drop database if exists "${datname}" with (force)`);
    } finally {
      await admin.destroy();
    }
  }
  await server.stop();
}
