import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import knexFactory from 'knex';
import { migrateToLatest } from '../../../src/db/migrations';
import type { GraphStore } from '../../../src/graph/graph-store';
import { createPostgresGraphStore } from '../../../src/graph/postgres';

export interface ThrowawayGraphDatabase {
  knex: Knex;
  store: GraphStore;
  /** Closes the store and the pool and drops the database. */
  drop(): Promise<void>;
}

/**
 * A database of its own on the test server (GAS_TEST_ADMIN_URL), migrated, with the PostgreSQL
 * graph store on it: for tests that read plans and statistics, which other tests' rows would move.
 */
export async function throwawayGraphDatabase(prefix: string, poolMax = 2): Promise<ThrowawayGraphDatabase> {
  const admin = knexFactory({ client: 'pg', connection: process.env.GAS_TEST_ADMIN_URL, pool: { min: 0, max: 1 } });
  const name = `gas_t_${prefix}_${randomBytes(6).toString('hex')}`;
  await admin.raw(`create database ${name}`);
  const url = new URL(process.env.GAS_TEST_ADMIN_URL as string);
  url.pathname = `/${name}`;
  const knex = knexFactory({ client: 'pg', connection: url.toString(), pool: { min: 0, max: poolMax } });
  await migrateToLatest(knex);
  const store = createPostgresGraphStore(knex, { queryTimeoutMs: 30000 });
  await store.init();
  return {
    knex,
    store,
    async drop() {
      await store.close();
      await knex.destroy();
      await admin.raw(`drop database if exists ${name} with (force)`);
      await admin.destroy();
    },
  };
}
