import request from 'supertest';
import type { SeedNode, SeedRelationship } from '../support/seed-graph';
import { seedGraph } from '../support/seed-graph';
import type { TestApp } from '../support/test-app';
import { createTestApp, ADMIN_PASSWORD, testGraphBackend } from '../support/test-app';

/**
 * The parse and plan cache of Cypher on PostgreSQL (src/graph/postgres/cypher/plan-cache.ts), over
 * real HTTP on a real database: a repeated query answers as the first run did, parameters and the
 * reader's scope are part of the key (a group security or DATA_TYPES edit between two runs of the
 * same text gives the new scope's answer, never a plan compiled for the old one). The cache holds
 * two plans here (cypher.planCacheSize 2), so the runs also go through evictions.
 */
const describePostgres = testGraphBackend === 'postgres' ? describe : describe.skip;

let t: TestApp;
let admin: string;
let analyst: string;
let groupId: string;

const cypher = (auth: string, query: string, params: Record<string, unknown> = {}) =>
  request(t.app).post('/data/cypher').set('Authorization', auth).send({ query, params });

async function rows(auth: string, query: string, params: Record<string, unknown> = {}): Promise<unknown[][]> {
  const response = await cypher(auth, query, params);
  expect(response.status).toBe(200);
  return response.body.rows as unknown[][];
}

const NAMES = 'MATCH (p:Person) RETURN p.name AS name ORDER BY name';

describePostgres('Cypher plan cache on PostgreSQL', () => {
  beforeAll(async () => {
    t = await createTestApp({ cypher: { planCacheSize: 2 } });
    admin = t.basic('admin', ADMIN_PASSWORD);
    const nodes: SeedNode[] = [
      ['alice', ['Person'], { name: 'alice', country: 'CZ', age: 30 }],
      ['bob', ['Person'], { name: 'bob', country: 'CZ', age: 40 }],
      ['carol', ['Person'], { name: 'carol', country: 'US', age: 50 }],
      ['acme', ['Company'], { name: 'acme' }],
    ];
    const relationships: SeedRelationship[] = [
      ['alice-KNOWS-bob', 'KNOWS', 'alice', 'bob', { since: 2019 }],
      ['bob-KNOWS-carol', 'KNOWS', 'bob', 'carol', { since: 2020 }],
      ['alice-WORKS_AT-acme', 'WORKS_AT', 'alice', 'acme', {}],
    ];
    await seedGraph(t, admin, nodes, relationships);
    const group = await request(t.app).post('/groups').set('Authorization', admin).send({ name: 'Analysts' });
    expect(group.status).toBe(201);
    groupId = String(group.body.id);
    await t.createUser('analyst', { password: 'analyst-password-1', permissions: ['CYPHER_QUERIES'], groupIds: [groupId] });
    analyst = t.basic('analyst', 'analyst-password-1');
  });
  afterAll(async () => {
    await t?.close();
  });

  test('when the same queries run again, in turns that evict each other, then every run answers as the first did', async () => {
    const queries: Array<[string, Record<string, unknown>]> = [
      ['RETURN 1 AS one', {}],
      ['MATCH (a:Person)-[:KNOWS]->(b) WHERE a.country = $country RETURN a.name, b.name ORDER BY a.name', { country: 'CZ' }],
      [NAMES, {}],
    ];
    const first = [];
    for (const [query, params] of queries) first.push(await cypher(admin, query, params));
    expect(first.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(first[0].body.rows).toEqual([[1]]);
    expect(first[1].body.rows).toEqual([
      ['alice', 'bob'],
      ['bob', 'carol'],
    ]);
    expect(first[2].body.rows).toEqual([['alice'], ['bob'], ['carol']]);
    // Each query twice in a row (the second from the cache), then all in turn (three plans, two kept).
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < queries.length; i++) {
        for (let k = 0; k < 2; k++) {
          const again = await cypher(admin, queries[i][0], queries[i][1]);
          expect(again.status).toBe(200);
          expect(again.body).toEqual(first[i].body);
        }
      }
    }
  });

  test('when the same text runs with other parameter values or types, then each run answers for its own parameters', async () => {
    const query = 'MATCH (p:Person) WHERE p.country = $country OR p.age = $age RETURN p.name ORDER BY p.name';
    expect(await rows(admin, query, { country: 'CZ', age: null })).toEqual([['alice'], ['bob']]);
    expect(await rows(admin, query, { country: 'US', age: null })).toEqual([['carol']]);
    expect(await rows(admin, query, { country: null, age: 30 })).toEqual([['alice']]);
    // 30 and '30' are other values for Cypher: the string matches nothing.
    expect(await rows(admin, query, { country: null, age: '30' })).toEqual([]);
    expect(await rows(admin, query, { country: 'CZ', age: null })).toEqual([['alice'], ['bob']]);
    // A parameter that must be an integer: checked for each value, not once for the text.
    const limited = 'MATCH (p:Person) RETURN p.name ORDER BY p.name LIMIT $n';
    expect(await rows(admin, limited, { n: 1 })).toEqual([['alice']]);
    expect(await rows(admin, limited, { n: 2 })).toEqual([['alice'], ['bob']]);
    const refused = await cypher(admin, limited, { n: 'two' });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('CYPHER_ERROR');
    const missing = await cypher(admin, limited, {});
    expect(missing.status).toBe(400);
    expect(missing.body.code).toBe('CYPHER_PARAMETER_MISSING');
  });

  test("when a reader's group security changes between two runs of the same query, then the second run answers with the new scope", async () => {
    const setRows = async (country: string) => {
      const saved = await request(t.app)
        .put(`/groups/${groupId}/dataSecurity`)
        .set('Authorization', admin)
        .send({ rules: [{ label: 'Person', filter: { property: 'country', operator: '=', value: country } }] });
      expect(saved.status).toBe(200);
    };
    await setRows('CZ');
    expect(await rows(analyst, NAMES)).toEqual([['alice'], ['bob']]);
    expect(await rows(analyst, NAMES)).toEqual([['alice'], ['bob']]);
    await setRows('US');
    expect(await rows(analyst, NAMES)).toEqual([['carol']]);

    // A property hidden afterwards reads null in the same query.
    const hide = await request(t.app)
      .post(`/groups/${groupId}/propertySecurity`)
      .set('Authorization', admin)
      .send({ nodes: { Person: { disabled: ['name'] } } });
    expect(hide.status).toBe(200);
    expect(await rows(analyst, NAMES)).toEqual([[null]]);
    const show = await request(t.app).post(`/groups/${groupId}/propertySecurity`).set('Authorization', admin).send({});
    expect(show.status).toBe(200);
    expect(await rows(analyst, NAMES)).toEqual([['carol']]);
  });

  test('when DATA_TYPES leaves a relationship type out between two runs of the same query, then the second run no longer matches it', async () => {
    const query = 'MATCH (a)-[r]->(b) RETURN type(r) AS t, count(*) AS n ORDER BY t';
    expect(await rows(admin, query)).toEqual([
      ['KNOWS', 2],
      ['WORKS_AT', 1],
    ]);
    const all = await request(t.app).get('/settings').set('Authorization', admin);
    expect(all.status).toBe(200);
    const before = all.body.DATA_TYPES as Record<string, unknown>;
    try {
      const narrowed = await request(t.app)
        .put('/settings/DATA_TYPES')
        .set('Authorization', admin)
        .send({ ...before, relationshipTypes: ['KNOWS'] });
      expect(narrowed.status).toBe(200);
      expect(await rows(admin, query)).toEqual([['KNOWS', 2]]);
    } finally {
      const restored = await request(t.app).put('/settings/DATA_TYPES').set('Authorization', admin).send(before);
      expect(restored.status).toBe(200);
    }
    expect(await rows(admin, query)).toEqual([
      ['KNOWS', 2],
      ['WORKS_AT', 1],
    ]);
  });
});
