import type { Knex } from 'knex';
import knexFactory from 'knex';
import request from 'supertest';
import { UNRESTRICTED } from '../../src/graph/graph-store';
import { createPostgresGraphStore } from '../../src/graph/postgres';
import type { PostgresGraphStore } from '../../src/graph/postgres';
import type { TestDatabase } from '../support/database';
import { createTestDatabase } from '../support/database';
import type { TestApp } from '../support/test-app';
import { ADMIN_PASSWORD, createTestApp } from '../support/test-app';

/**
 * The adapter's pooled statements on its own node-postgres pool (src/graph/postgres/direct-pool.ts):
 * a statement over the time limit is ended by PostgreSQL itself and answered GRAPH_TIMEOUT, no
 * connection stays lent out on any path, and closing the store never waits on a statement.
 *
 * A statement is made slow without timing: another transaction holds an ACCESS EXCLUSIVE lock on
 * graph_nodes, so every read of it waits until the lock is released or its time limit ends it.
 */

type Lock = { release(): Promise<void> };

async function lockGraphNodes(knex: Knex): Promise<Lock> {
  const trx = await knex.transaction();
  await trx.raw('lock table graph_nodes in access exclusive mode');
  return { release: () => trx.rollback().then(() => undefined) };
}

async function until(check: () => boolean | Promise<boolean>, what: string, ms = 30_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`not reached within ${ms} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function settled(store: PostgresGraphStore): boolean {
  const stats = store.directPoolStats();
  return stats !== null && stats.active === 0 && stats.waiting === 0 && stats.idle === stats.total;
}

const findByUid = (store: PostgresGraphStore, uid: string) =>
  store.findNodes({ filter: { and: [{ label: 'Person' }, { property: 'uid', operator: '=', value: uid }] }, limit: 10 }, UNRESTRICTED);

describe('PostgreSQL graph store: the direct pool', () => {
  let db: TestDatabase;
  let store: PostgresGraphStore;

  beforeAll(async () => {
    db = await createTestDatabase();
    await db.knex.raw(
      "insert into graph_nodes (labels, properties) select array['Person'], jsonb_build_object('uid', 'p' || g, 'name', 'person ' || g) from generate_series(1, 200) g",
    );
    store = createPostgresGraphStore(db.knex, { queryTimeoutMs: 500 }) as PostgresGraphStore;
    await store.init();
  });
  afterAll(async () => {
    await store?.close();
    await db?.drop();
  });

  test('when a read waits longer than queryTimeoutMs, then it fails GRAPH_TIMEOUT from the server and its connection is back in the pool', async () => {
    expect((await findByUid(store, 'p7')).items).toHaveLength(1);
    const lock = await lockGraphNodes(db.knex);
    try {
      await expect(findByUid(store, 'p8')).rejects.toMatchObject({ code: 'GRAPH_TIMEOUT' });
    } finally {
      await lock.release();
    }
    expect(settled(store)).toBe(true);
    // The connection that timed out is usable: its prepared statement answers again.
    expect((await findByUid(store, 'p9')).items[0]?.properties.uid).toBe('p9');
  });

  test('when 50 reads run at once, some of them past the time limit, then every connection comes back and none is left waiting', async () => {
    const lock = await lockGraphNodes(db.knex);
    const blocked = Array.from({ length: 10 }, (_, i) =>
      findByUid(store, `p${i + 1}`).then(
        () => 'answered',
        (error: { code?: string }) => error.code,
      ),
    );
    await until(() => (store.directPoolStats()?.active ?? 0) >= 1, 'a blocked read running');
    const outcomes = await Promise.all(blocked);
    await lock.release();
    expect(new Set(outcomes)).toEqual(new Set(['GRAPH_TIMEOUT']));

    const reads = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        i % 2
          ? findByUid(store, `p${i + 1}`).then((page) => page.items.length)
          : store.labels(UNRESTRICTED).then((labels) => (labels.includes('Person') ? 200 : 0)),
      ),
    );
    expect(reads.filter((value, i) => (i % 2 ? value === 1 : value === 200))).toHaveLength(50);
    await until(() => settled(store), 'every connection idle');
    const stats = store.directPoolStats();
    expect(stats?.total).toBeGreaterThan(0);
    expect(stats?.total).toBeLessThanOrEqual(10);
  });

  test('when the store closes while reads wait on a lock, then close returns without waiting for them and they fail', async () => {
    const slow = createPostgresGraphStore(db.knex, { queryTimeoutMs: 120_000 }) as PostgresGraphStore;
    const lock = await lockGraphNodes(db.knex);
    try {
      const reads = Array.from({ length: 5 }, (_, i) =>
        findByUid(slow, `p${i + 1}`).then(
          () => 'answered',
          (error: { code?: string }) => error.code ?? 'failed',
        ),
      );
      await until(() => slow.directPoolStats()?.active === 5, 'five reads running');
      // The lock is held throughout: a close that waited for the statements would wait 120 s.
      await slow.close();
      const outcomes = await Promise.all(reads);
      expect(outcomes.every((code) => code !== 'answered')).toBe(true);
      expect(slow.directPoolStats()).toMatchObject({ total: 0, active: 0 });
      await expect(findByUid(slow, 'p1')).rejects.toMatchObject({ code: 'GRAPH_UNAVAILABLE' });
    } finally {
      await lock.release();
    }
  });
});

describe('the direct pool over HTTP', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ graphdb: { queryTimeoutMs: 500 } });
    await t.deps.db.raw('insert into graph_nodes (labels, properties) values (array[\'Person\'], \'{"uid": "u1"}\')');
  });
  afterAll(async () => {
    await t.close();
  });

  test('when a find waits past graphdb.queryTimeoutMs, then 504 GRAPH_TIMEOUT, and the pool is settled after', async () => {
    const store = t.deps.graph as PostgresGraphStore;
    const lock = await lockGraphNodes(t.deps.db);
    let response: request.Response;
    try {
      response = await request(t.app)
        .post('/data/nodes/find')
        .set('Authorization', t.basic('admin', ADMIN_PASSWORD))
        .send({ filter: { and: [{ label: 'Person' }, { property: 'uid', operator: '=', value: 'u1' }] } });
    } finally {
      await lock.release();
    }
    expect(response.status).toBe(504);
    expect(response.body.code).toBe('GRAPH_TIMEOUT');
    expect(settled(store)).toBe(true);
    const again = await request(t.app)
      .post('/data/nodes/find')
      .set('Authorization', t.basic('admin', ADMIN_PASSWORD))
      .send({ filter: { and: [{ label: 'Person' }, { property: 'uid', operator: '=', value: 'u1' }] } });
    expect(again.status).toBe(200);
    expect(again.body.items).toHaveLength(1);
  });
});

describe('closing the app with the direct pool busy', () => {
  let t: TestApp;
  let closed = false;
  beforeAll(async () => {
    // A time limit longer than any test: only the close can end the statements.
    t = await createTestApp({ graphdb: { queryTimeoutMs: 120_000 } });
    await t.deps.db.raw('insert into graph_nodes (labels, properties) values (array[\'Person\'], \'{"uid": "u1"}\')');
  });
  afterAll(async () => {
    if (!closed) await t.close();
  });

  test('when the app closes while finds are running, then closing does not wait for them', async () => {
    const store = t.deps.graph as PostgresGraphStore;
    // The lock is held on a connection of its own: the app's knex pool is destroyed by the close.
    const other = knexFactory({ client: 'pg', connection: t.config.database.url, pool: { min: 0, max: 1 } });
    const lock = await lockGraphNodes(other);
    try {
      const finds = Array.from({ length: 3 }, () =>
        request(t.app)
          .post('/data/nodes/find')
          .set('Authorization', t.basic('admin', ADMIN_PASSWORD))
          .send({ filter: { and: [{ label: 'Person' }, { property: 'uid', operator: '=', value: 'u1' }] } })
          .then((r) => r.status),
      );
      await until(() => (store.directPoolStats()?.active ?? 0) === 3, 'three finds running');
      closed = true;
      await t.close();
      const statuses = await Promise.all(finds);
      expect(statuses.every((status) => status >= 500)).toBe(true);
    } finally {
      await lock.release();
      await other.destroy();
    }
  });
});
