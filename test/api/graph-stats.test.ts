import request from 'supertest';
import { seedGraph } from '../support/seed-graph';
import type { TestApp } from '../support/test-app';
import { createTestApp, ADMIN_PASSWORD } from '../support/test-app';

/**
 * Nodes: 3 Person in Prague, 2 Person in Brno, 1 Person+Employee in Brno, 1 Company in Prague,
 * 1 Person without a city. Relationships: LIVES_IN city values (2x Prague, 1x Ostrava) and
 * VISITED (1x Prague).
 */
let t: TestApp;
let admin: string;
const call = (url: string, auth = admin) => request(t.app).get(url).set('Authorization', auth);

beforeAll(async () => {
  t = await createTestApp();
  admin = t.basic('admin', ADMIN_PASSWORD);
  await seedGraph(
    t,
    admin,
    [
      ['p0', ['Person'], { city: 'Prague' }],
      ['p1', ['Person'], { city: 'Prague' }],
      ['p2', ['Person'], { city: 'Prague' }],
      ['p3', ['Person'], { city: 'Brno' }],
      ['p4', ['Person'], { city: 'Brno' }],
      ['p5', ['Person', 'Employee'], { city: 'Brno' }],
      ['company', ['Company'], { city: 'Prague' }],
      ['nowhere', ['Person'], { name: 'nowhere' }],
    ],
    [
      ['r01', 'LIVES_IN', 'p0', 'p1', { city: 'Prague' }],
      ['r12', 'LIVES_IN', 'p1', 'p2', { city: 'Prague' }],
      ['r23', 'LIVES_IN', 'p2', 'p3', { city: 'Ostrava' }],
      ['r34', 'VISITED', 'p3', 'p4', { city: 'Prague' }],
    ],
  );
});
afterAll(async () => {
  await t.close();
});

describe('frequency statistics', () => {
  test('when values are counted over nodes, then the most frequent come first with total and distinct', async () => {
    const response = await call('/data/stats/frequency/nodes/city');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      property: 'city',
      values: [
        { value: 'Prague', count: 4 },
        { value: 'Brno', count: 3 },
      ],
      total: 7,
      distinct: 2,
    });
  });

  test('when labels are given (comma-separated), then only nodes carrying all of them are counted', async () => {
    const person = await call('/data/stats/frequency/nodes/Person/city');
    expect(person.body).toEqual({
      property: 'city',
      values: [
        { value: 'Brno', count: 3 },
        { value: 'Prague', count: 3 },
      ],
      total: 6,
      distinct: 2,
    });
    const both = await call('/data/stats/frequency/nodes/Person,Employee/city');
    expect(both.body).toEqual({ property: 'city', values: [{ value: 'Brno', count: 1 }], total: 1, distinct: 1 });
  });

  test('when values are counted over relationships, with and without types, then only those are counted', async () => {
    const all = await call('/data/stats/frequency/relationships/city');
    expect(all.body).toEqual({
      property: 'city',
      values: [
        { value: 'Prague', count: 3 },
        { value: 'Ostrava', count: 1 },
      ],
      total: 4,
      distinct: 2,
    });
    const typed = await call('/data/stats/frequency/relationships/LIVES_IN/city');
    expect(typed.body).toEqual({
      property: 'city',
      values: [
        { value: 'Prague', count: 2 },
        { value: 'Ostrava', count: 1 },
      ],
      total: 3,
      distinct: 2,
    });
  });

  test('when values are counted over everything, then nodes and relationships are counted together', async () => {
    const response = await call('/data/stats/frequency/city');
    expect(response.body).toEqual({
      property: 'city',
      values: [
        { value: 'Prague', count: 7 },
        { value: 'Brno', count: 3 },
        { value: 'Ostrava', count: 1 },
      ],
      total: 11,
      distinct: 3,
    });
  });

  test('when a limit is given, then only that many values come back but total and distinct stay whole', async () => {
    const response = await call('/data/stats/frequency/city?limit=1');
    expect(response.body.values).toEqual([{ value: 'Prague', count: 7 }]);
    expect(response.body.total).toBe(11);
    expect(response.body.distinct).toBe(3);
    expect((await call('/data/stats/frequency/city?limit=1001')).status).toBe(400);
    expect((await call('/data/stats/frequency/city?limit=abc')).status).toBe(400);
  });

  test('when DATA_TYPES allows only some relationship types, then only those are searched', async () => {
    await t.deps
      .db('settings')
      .insert({
        type: 'DATA_TYPES',
        value: JSON.stringify({ nodeLabels: ['*'], relationshipTypes: ['VISITED'], uid: { nodes: {}, relationships: {} } }),
      })
      .onConflict('type')
      .merge();
    try {
      const all = await call('/data/stats/frequency/relationships/city');
      expect(all.body).toEqual({ property: 'city', values: [{ value: 'Prague', count: 1 }], total: 1, distinct: 1 });
      const notAllowed = await call('/data/stats/frequency/relationships/LIVES_IN/city');
      expect(notAllowed.body).toEqual({ property: 'city', values: [], total: 0, distinct: 0 });
    } finally {
      await t.deps.db('settings').where({ type: 'DATA_TYPES' }).delete();
    }
  });

  test('when the property or a label holds a quote or backtick, then 400 INVALID_IDENTIFIER', async () => {
    for (const url of [
      '/data/stats/frequency/nodes/ci%60ty',
      "/data/stats/frequency/nodes/Per'son/city",
      '/data/stats/frequency/relationships/KNOWS%22/city',
    ]) {
      const response = await call(url);
      expect(response.status).toBe(400);
      expect(response.body.code).toBe('INVALID_IDENTIFIER');
    }
  });

  test('when nobody is signed in, then 401', async () => {
    expect((await request(t.app).get('/data/stats/frequency/city')).status).toBe(401);
  });
});
