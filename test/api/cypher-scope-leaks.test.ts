import request from 'supertest';
import type { TestApp } from '../support/test-app';
import { createTestApp, ADMIN_PASSWORD, testGraphBackend } from '../support/test-app';

/**
 * POST /data/cypher: a restricted reader must not get a hidden property's value out of the graph
 * by any spelling (issue 18 item 8), and LOAD CSV is refused for everyone (item 10). Runs on the
 * harness's backend (testGraphBackend: PostgreSQL, or Neo4j with GAS_TEST_GRAPH_BACKEND=neo4j).
 *
 * The fixture: two Pub nodes joined by a LINK relationship, each with a public name and a secprop
 * whose value starts with SECRET. The reader's group hides secprop on Pub and on LINK, and shows
 * a Pub only with tier "public" (a third Pub, tier "internal", is hidden by that row rule).
 */
let t: TestApp;
let admin: string;
let reader: string;

const cypher = (auth: string, query: string, params: Record<string, unknown> = {}) =>
  request(t.app).post('/data/cypher').set('Authorization', auth).send({ query, params });

beforeAll(async () => {
  t = await createTestApp();
  admin = t.basic('admin', ADMIN_PASSWORD);
  const ids: string[] = [];
  for (const [name, tier] of [
    ['pub1', 'public'],
    ['pub2', 'public'],
    ['pub3', 'internal'],
  ]) {
    const response = await request(t.app)
      .post('/data/nodes')
      .set('Authorization', admin)
      .send({ labels: ['Pub'], properties: { name, tier, secprop: `SECRET_${name}` } });
    expect(response.status).toBe(201);
    ids.push(response.body.id);
  }
  const link = await request(t.app)
    .post('/data/relationships')
    .set('Authorization', admin)
    .send({ type: 'LINK', startNodeId: ids[0], endNodeId: ids[1], properties: { name: 'link', secprop: 'SECRET_link' } });
  expect(link.status).toBe(201);
  const [group] = await t.deps
    .db('groups')
    .insert({
      name: 'No secrets',
      property_security: JSON.stringify({ nodes: { Pub: { disabled: ['secprop'] } }, relationships: { LINK: { disabled: ['secprop'] } } }),
      data_security: JSON.stringify({ rules: [{ label: 'Pub', filter: { property: 'tier', operator: '=', value: 'public' } }] }),
    })
    .returning('id');
  await t.createUser('leaker', { password: 'leaker-password-1', permissions: ['CYPHER_QUERIES'], groupIds: [String(group.id)] });
  reader = t.basic('leaker', 'leaker-password-1');
});
afterAll(async () => {
  await t?.close();
});

/** Every way of reaching a property the scope hides, past the first `.x` of a variable. */
const LEAKS = [
  'MATCH (n:Pub) WITH {a: n} AS m RETURN m.a.secprop',
  'MATCH (n:Pub) WITH {a: {b: n}} AS m RETURN m.a.b.secprop',
  'MATCH ()-[r:LINK]->() WITH {a: r} AS m RETURN m.a.secprop',
  'MATCH (n:Pub) WITH [n] AS l RETURN (l[0]).secprop',
  'MATCH (n:Pub) WITH {l: [n]} AS m RETURN (m.l[0]).secprop',
  'MATCH (n:Pub) RETURN head([n]).secprop',
  'MATCH (n:Pub) UNWIND [n] AS x RETURN x.secprop',
  'MATCH (n:Pub) RETURN [x IN [n] | x.secprop]',
  'MATCH (n:Pub) RETURN (CASE WHEN true THEN n END).secprop',
  "MATCH (n:Pub) RETURN n['secprop']",
  "MATCH (n:Pub) WITH {a: n} AS m RETURN m['a']['secprop']",
  'MATCH (n:Pub) WITH {a: n} AS m RETURN properties(m.a)',
  'MATCH (n:Pub) WITH {a: n} AS m RETURN keys(m.a)',
  'MATCH (n:Pub) WITH {a: n} AS m WITH m.a AS x RETURN x {.*}',
  'MATCH (n:Pub) WITH {a: n} AS m WITH m.a AS x RETURN x {.secprop}',
  'MATCH (n:Pub) WITH {a: n} AS m RETURN m {.a}',
  'MATCH (n:Pub) WITH {a: n} AS m RETURN m',
  'MATCH p = (:Pub)-[:LINK]->(:Pub) RETURN p, nodes(p), relationships(p)',
  'MATCH (n:Pub) WITH collect(n) AS ns RETURN (ns[0]).secprop, [x IN ns | x.secprop]',
  // A type error whose message would show the value.
  'MATCH (n:Pub) WITH {a: n} AS m RETURN toInteger(m.a.secprop)',
  'MATCH (n:Pub) WITH {a: n} AS m RETURN m.a.secprop + 1',
  'MATCH (n:Pub) WITH {a: n} AS m RETURN date(m.a.secprop)',
];

describe('restricted reader (item 8)', () => {
  test('when a hidden property is reached through maps, lists, other spellings or type errors, then its value never appears in the answer (refused or null)', async () => {
    for (const query of LEAKS) {
      const response = await cypher(reader, query);
      expect({ query, status: response.status < 500 }).toEqual({ query, status: true });
      expect({ query, body: JSON.stringify(response.body) }).toEqual({ query, body: expect.not.stringContaining('SECRET') });
      if (response.status === 200 && /keys\(/.test(query)) expect(JSON.stringify(response.body.rows)).not.toContain('secprop');
      if (response.status >= 400) expect(response.body.code).toMatch(/^CYPHER_/);
    }
  });

  test('when a hidden property is used as a filter through a map, then no row is counted by it (refused or no match)', async () => {
    for (const query of [
      "MATCH (n:Pub) WITH {a: n} AS m WHERE m.a.secprop STARTS WITH 'SECRET' RETURN count(*) AS c",
      "MATCH (n:Pub) WITH [n] AS l WHERE (l[0]).secprop STARTS WITH 'SECRET' RETURN count(*) AS c",
      "MATCH (n:Pub) WHERE n['secprop'] STARTS WITH 'SECRET' RETURN count(*) AS c",
      "MATCH ()-[r:LINK]->() WITH {a: r} AS m WHERE m.a.secprop = 'SECRET_link' RETURN count(*) AS c",
    ]) {
      const response = await cypher(reader, query);
      if (response.status === 200) expect({ query, rows: response.body.rows }).toEqual({ query, rows: [[0]] });
      else
        expect({ query, status: response.status, code: response.body.code }).toEqual({
          query,
          status: response.status < 500 ? response.status : 'not 5xx',
          code: expect.stringMatching(/^CYPHER_/),
        });
    }
  });

  test('when the reader reads visible properties of matched elements, then they are answered', async () => {
    const response = await cypher(reader, 'MATCH (a:Pub)-[r:LINK]->(b:Pub) RETURN a.name, r.name, b.name, a.secprop');
    expect(response.status).toBe(200);
    expect(response.body.rows).toEqual([['pub1', 'link', 'pub2', null]]);
  });
});

describe('query errors (item 9)', () => {
  test("when a restricted reader's query fails on the graph database, then the answer shows neither the access rules (the row rule's property) nor the statement the service ran", async () => {
    for (const query of [
      'MATCH (n:Pub) RETURN m',
      'MATCH (n:Pub) RETURN toInteger({a: n.name}) AS x',
      'MATCH (n:Pub) WITH n, 1 AS n RETURN n',
    ]) {
      const response = await cypher(reader, query);
      expect({ query, status: response.status }).toEqual({ query, status: 400 });
      const body = JSON.stringify(response.body);
      expect({ query, body }).toEqual({
        query,
        body: expect.not.stringMatching(/tier|\(line \d|gas[NRPEKL]\d*|scopeLabels|nodeRule|SECRET/),
      });
    }
  });
});

describe('LOAD CSV (item 10)', () => {
  test(`when anyone sends LOAD CSV (${testGraphBackend}), then 403 CYPHER_LOAD_CSV_REFUSED naming it, for the administrator too`, async () => {
    for (const auth of [admin, reader]) {
      for (const query of [
        "LOAD CSV FROM 'file:///etc/passwd' AS line RETURN line",
        "load csv with headers from 'http://127.0.0.1:1/' AS row RETURN row",
      ]) {
        const response = await cypher(auth, query);
        expect({ query, status: response.status, code: response.body.code }).toEqual({
          query,
          status: 403,
          code: 'CYPHER_LOAD_CSV_REFUSED',
        });
        expect(response.body.detail).toContain('LOAD CSV (at 1:1)');
      }
    }
  });
});
