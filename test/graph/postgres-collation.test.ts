import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import knexFactory from 'knex';
import { migrateToLatest } from '../../src/db/migrations';
import type { GraphStore } from '../../src/graph/graph-store';
import { UNRESTRICTED } from '../../src/graph/graph-store';
import { createPostgresGraphStore } from '../../src/graph/postgres';

/**
 * Strings sort, compare and break frequency ties by code point on PostgreSQL whatever the
 * database's collation, as Neo4j (java.lang.String.compareTo) does: run on a database whose
 * default collation is ICU "en" (where 'a' < 'B'). Needs PostgreSQL 15+ built with ICU; elsewhere
 * the test says so and checks nothing.
 */
describe('PostgreSQL graph on a database with a linguistic collation', () => {
  let admin: Knex;
  let knex: Knex | undefined;
  let store: GraphStore;
  let name: string;
  let available = false;

  beforeAll(async () => {
    admin = knexFactory({ client: 'pg', connection: process.env.GAS_TEST_ADMIN_URL, pool: { min: 0, max: 1 } });
    const version = Number((await admin.raw('show server_version_num')).rows[0].server_version_num);
    const icu = (await admin.raw("select 1 from pg_collation where collname = 'en-x-icu'")).rows.length > 0;
    if (version < 150000 || !icu) return;
    name = `gas_t_icu_${randomBytes(6).toString('hex')}`;
    await admin.raw(`create database ${name} template template0 encoding 'UTF8' locale_provider icu icu_locale 'en'`);
    const url = new URL(process.env.GAS_TEST_ADMIN_URL as string);
    url.pathname = `/${name}`;
    knex = knexFactory({ client: 'pg', connection: url.toString(), pool: { min: 0, max: 4 } });
    await migrateToLatest(knex);
    store = createPostgresGraphStore(knex, { queryTimeoutMs: 30000 });
    await store.init();
    available = true;
  });

  afterAll(async () => {
    if (knex) {
      await store.close();
      await knex.destroy();
      await admin.raw(`drop database if exists ${name} with (force)`);
    }
    await admin.destroy();
  });

  it('when strings are sorted, compared and counted, then the order is the code-point order of Neo4j', async () => {
    if (!available) {
      console.warn('PostgreSQL < 15 or without ICU: the collation test checks nothing');
      return;
    }
    // the database really orders linguistically
    expect((await knex!.raw(`select 'a' < 'B' as linguistic`)).rows[0].linguistic).toBe(true);
    for (const s of ['b', 'A', 'a', 'B']) await store.createNode({ labels: ['Col'], properties: { s } }, UNRESTRICTED);
    const sorted = async (direction: 'asc' | 'desc') =>
      (await store.findNodes({ filter: { label: 'Col' }, sort: [{ property: 's', direction }], limit: 10 }, UNRESTRICTED)).items.map(
        (n) => n.properties.s,
      );
    expect(await sorted('asc')).toEqual(['A', 'B', 'a', 'b']);
    expect(await sorted('desc')).toEqual(['b', 'a', 'B', 'A']);
    const below = await store.findNodes({ filter: { property: 's', operator: '<', value: 'a' }, limit: 10 }, UNRESTRICTED);
    expect(below.items.map((n) => n.properties.s).sort()).toEqual(['A', 'B']);
    const frequency = await store.frequency({ target: 'nodes', property: 's' }, UNRESTRICTED);
    expect(frequency.values.map((v) => v.value)).toEqual(['A', 'B', 'a', 'b']);
  });
});
