import request from 'supertest';
import type { TestApp } from '../support/test-app';
import { createTestApp, ADMIN_PASSWORD, testGraphBackend } from '../support/test-app';
import { TEXT_SEARCH_COUNT_LIMIT } from '../../src/services/graph/find-service';
import { UNRESTRICTED } from '../../src/graph/graph-store';

// The PostgreSQL graph lives in the test database: the nodes are inserted in one statement.
const describePostgres = testGraphBackend === 'postgres' ? describe : describe.skip;

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = t.basic('admin', ADMIN_PASSWORD);
  if (testGraphBackend !== 'postgres') return;
  await t.database.knex.raw(
    `insert into graph_nodes (labels, properties)
     select array['Word'], jsonb_build_object('name', case when g <= ? then 'common word ' || g else 'rare ' || g end)
     from generate_series(1, ?) g`,
    [TEXT_SEARCH_COUNT_LIMIT + 5, TEXT_SEARCH_COUNT_LIMIT + 20],
  );
  await t.database.knex.raw('analyze graph_nodes');
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describePostgres('bounded count of a text search', () => {
  test('when a text search matches more than 10,000 nodes, then total is 10000 with totalIsLowerBound true, and the page is the first of all matches', async () => {
    const response = await request(t.app).post('/data/nodes/find').set('Authorization', admin).send({ text: 'common word', limit: 20 });
    expect(response.status).toBe(200);
    expect(response.body.total).toBe(TEXT_SEARCH_COUNT_LIMIT);
    expect(response.body.totalIsLowerBound).toBe(true);
    expect(response.body.items).toHaveLength(20);
  });

  test('when a text search matches fewer, then total is exact and totalIsLowerBound is absent', async () => {
    const response = await request(t.app).post('/data/nodes/find').set('Authorization', admin).send({ text: 'rare', limit: 5 });
    expect(response.status).toBe(200);
    expect(response.body.total).toBe(15);
    expect(response.body).not.toHaveProperty('totalIsLowerBound');
  });

  test('when a find has no text, then the total is counted exactly, beyond 10,000 too', async () => {
    const response = await request(t.app)
      .post('/data/nodes/find')
      .set('Authorization', admin)
      .send({ labels: ['Word'], limit: 1 });
    expect(response.status).toBe(200);
    expect(response.body.total).toBe(TEXT_SEARCH_COUNT_LIMIT + 20);
    expect(response.body).not.toHaveProperty('totalIsLowerBound');
  });

  test('when a text search with a count limit is repeated, then it is one statement: page and bounded count together, the index state remembered', async () => {
    const search = () => t.deps.graph.findNodes({ text: 'common word', limit: 20, countLimit: TEXT_SEARCH_COUNT_LIMIT }, UNRESTRICTED);
    await search();
    // The index state is remembered for a second: on a loaded machine the search before may have
    // taken longer, so the pair is tried up to three times; a state read on every search fails all three.
    let statements: string[] = [];
    for (let attempt = 0; attempt < 3; attempt++) {
      statements = [];
      const onQuery = (q: { sql: string }) => statements.push(q.sql);
      t.database.knex.on('query', onQuery);
      try {
        const result = await search();
        expect(result).toMatchObject({ total: TEXT_SEARCH_COUNT_LIMIT, totalIsLowerBound: true });
        expect(result.items.map((n) => n.properties.name)).toEqual(Array.from({ length: 20 }, (_, i) => `common word ${i + 1}`));
      } finally {
        t.database.knex.removeListener('query', onQuery);
      }
      if (statements.filter((q) => /graph_/.test(q)).length === 1) break;
    }
    expect(statements.filter((q) => /graph_/.test(q))).toHaveLength(1);
  });

  test('when the port is asked for countLimit, then it counts up to it: more matches give the bound and the flag, as many give the exact count', async () => {
    const more = await t.deps.graph.findNodes({ text: 'rare', limit: 2, countLimit: 10 }, UNRESTRICTED);
    expect(more).toMatchObject({ total: 10, totalIsLowerBound: true });
    expect(more.items).toHaveLength(2);
    const exact = await t.deps.graph.findNodes({ text: 'rare', limit: 2, countLimit: 15 }, UNRESTRICTED);
    expect(exact.total).toBe(15);
    expect(exact.totalIsLowerBound).toBeUndefined();
  });
});
