import request from 'supertest';
import neo4j from 'neo4j-driver';
import { seedGraph } from '../support/seed-graph';
import type { SeedNode, SeedRelationship } from '../support/seed-graph';
import type { TestApp } from '../support/test-app';
import { createTestApp, ADMIN_PASSWORD, testGraphBackend } from '../support/test-app';

/**
 * POST /data/cypher under attack: procedures (issue 7 item 1) and restricted readers (item 3).
 * Runs on Neo4j (GAS_TEST_GRAPH_BACKEND=neo4j, npm run test:neo4j); on PostgreSQL only the refusal
 * of procedures is checked here (restricted readers on PostgreSQL: cypher-postgres.test.ts).
 *
 * The fixture (created by the administrator):
 *   alice -KNOWS-> bob, alice -KNOWS-> agent -KNOWS-> dan, bob -KNOWS-> carol,
 *   bob -SPIES_ON-> alice, alice -WORKS_AT-> acme
 * The restricted user's group: nodes Person or Company only (agent is an Agent), no SPIES_ON;
 * Person.salary and Person.p hidden (alice has a property named p, like a common variable name),
 * WORKS_AT shows only role; a Person is visible only with country CZ (carol is US).
 * So the restricted user sees alice, bob, dan, acme, alice-KNOWS-bob and alice-WORKS_AT-acme.
 */
let t: TestApp;
let admin: string;
let restricted: string;
let reader: string;
const onNeo4j = testGraphBackend === 'neo4j';
const describeNeo4j = onNeo4j ? describe : describe.skip;

const cypher = (auth: string, query: string, params: Record<string, unknown> = {}) =>
  request(t.app).post('/data/cypher').set('Authorization', auth).send({ query, params });

/** Runs a query straight on the test server with the service's own credentials. */
async function direct<T>(query: string, read: (records: Array<{ get(key: string): unknown }>) => T): Promise<T> {
  const { url, username, password } = t.config.graphdb.connector as { url: string; username: string; password: string };
  const driver = neo4j.driver(url, neo4j.auth.basic(username, password));
  try {
    const result = await driver.executeQuery(query);
    return read(result.records);
  } finally {
    await driver.close();
  }
}

const neo4jUsers = () =>
  direct('CALL dbms.security.listUsers() YIELD username RETURN username', (records) => records.map((r) => String(r.get('username'))));

beforeAll(async () => {
  t = await createTestApp();
  admin = t.basic('admin', ADMIN_PASSWORD);
  const nodes: SeedNode[] = [
    ['alice', ['Person'], { name: 'alice', salary: 100, country: 'CZ', p: 'secret' }],
    ['bob', ['Person'], { name: 'bob', salary: 200, country: 'CZ' }],
    ['carol', ['Person'], { name: 'carol', salary: 300, country: 'US' }],
    ['dan', ['Person'], { name: 'dan', country: 'CZ' }],
    ['agent', ['Agent'], { name: 'agent', country: 'CZ', codename: '007' }],
    ['acme', ['Company'], { name: 'acme', revenue: 5 }],
  ];
  const relationships: SeedRelationship[] = [
    ['alice-KNOWS-bob', 'KNOWS', 'alice', 'bob', { since: 2019 }],
    ['alice-KNOWS-agent', 'KNOWS', 'alice', 'agent', { since: 2001 }],
    ['agent-KNOWS-dan', 'KNOWS', 'agent', 'dan', { since: 2002 }],
    ['bob-KNOWS-carol', 'KNOWS', 'bob', 'carol', { since: 2003 }],
    ['bob-SPIES_ON-alice', 'SPIES_ON', 'bob', 'alice', { since: 2004 }],
    ['alice-WORKS_AT-acme', 'WORKS_AT', 'alice', 'acme', { role: 'dev', wage: 50 }],
  ];
  await seedGraph(t, admin, nodes, relationships);
  const [group] = await t.deps
    .db('groups')
    .insert({
      name: 'Czech analysts',
      entity_security: JSON.stringify({
        nodeFilter: { or: [{ label: 'Person' }, { label: 'Company' }] },
        relationshipFilter: { not: { type: 'SPIES_ON' } },
      }),
      property_security: JSON.stringify({
        nodes: { Person: { disabled: ['salary', 'p'] } },
        relationships: { WORKS_AT: { enabled: ['role'] } },
      }),
      data_security: JSON.stringify({ rules: [{ label: 'Person', filter: { property: 'country', operator: '=', value: 'CZ' } }] }),
    })
    .returning('id');
  await t.createUser('restricted', {
    password: 'restricted-password-1',
    permissions: ['CYPHER_QUERIES', 'DATA_MANAGEMENT'],
    groupIds: [String(group.id)],
  });
  await t.createUser('reader', { password: 'reader-password-1', permissions: ['CYPHER_QUERIES', 'READ_ALL_DATA'] });
  restricted = t.basic('restricted', 'restricted-password-1');
  reader = t.basic('reader', 'reader-password-1');
});
afterAll(async () => {
  if (onNeo4j) {
    // Leave the shared test server as it was, whatever a failing run created.
    const users = await neo4jUsers().catch(() => [] as string[]);
    for (const name of users.filter((u) => u.startsWith('intruder')))
      await direct(`CALL dbms.security.deleteUser('${name}')`, () => undefined).catch(() => undefined);
  }
  await t?.close();
});

test('when the backend is PostgreSQL, then a procedure call is refused with 400 CYPHER_UNSUPPORTED (its Cypher translation has no procedures; reading queries: cypher-postgres.test.ts)', async () => {
  if (onNeo4j) return;
  for (const auth of [reader, restricted]) {
    const response = await cypher(auth, "CALL dbms.security.createUser('intruder', 'intruder-password', false)");
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('CYPHER_UNSUPPORTED');
  }
});

describeNeo4j('procedures (item 1)', () => {
  test('when a reader without Data management calls dbms.security.createUser, deleteUser or changePassword, then 403 CYPHER_PROCEDURE_REFUSED, no Neo4j user is created and the service password still works', async () => {
    const before = await neo4jUsers();
    for (const query of [
      "CALL dbms.security.createUser('intruder', 'intruder-password', false)",
      "MATCH (n) WITH count(n) AS c CALL dbms.security.createUser('intruder2', 'intruder-password', false) RETURN c",
      "CALL `dbms`.`security`.`createUser`('intruder3', 'intruder-password', false) YIELD x RETURN x",
      // The service's own password again: should the check ever fail, the server stays usable.
      `CALL dbms.security.changePassword('${(t.config.graphdb.connector as { password: string }).password}')`,
      "CALL dbms.security.deleteUser('neo4j')",
    ]) {
      const response = await cypher(reader, query);
      expect({ query, status: response.status, code: response.body.code }).toEqual({
        query,
        status: 403,
        code: 'CYPHER_PROCEDURE_REFUSED',
      });
    }
    expect(await neo4jUsers()).toEqual(before);
    // The service's own credentials still work: a direct query and a request through the API.
    expect(await direct('RETURN 1 AS one', (records) => Number(records[0].get('one')))).toBe(1);
    expect((await cypher(reader, 'MATCH (n) RETURN count(n) AS c')).status).toBe(200);
  });

  test('when even an administrator with Data management calls a DBMS procedure, then 403 CYPHER_PROCEDURE_REFUSED', async () => {
    const response = await cypher(admin, "CALL dbms.security.createUser('intruder4', 'intruder-password', false)");
    expect(response.status).toBe(403);
    expect(response.body.code).toBe('CYPHER_PROCEDURE_REFUSED');
    expect(await neo4jUsers()).not.toContain('intruder4');
  });

  test('when an unrestricted reader calls a read procedure, then it runs; a write procedure needs Data management', async () => {
    const labels = await cypher(reader, 'CALL db.labels() YIELD label RETURN label ORDER BY label');
    expect(labels.status).toBe(200);
    expect(labels.body.rows.map((row: string[]) => row[0])).toEqual(expect.arrayContaining(['Agent', 'Company', 'Person']));
    const write = await cypher(reader, "CALL db.createLabel('Intruder')");
    expect(write.status).toBe(403);
    expect(write.body.code).toBe('CYPHER_PROCEDURE_REFUSED');
    const allowed = await cypher(admin, "CALL db.createLabel('Planet')");
    expect(allowed.status).toBe(200);
  });

  test('when a query calls a routine that runs Cypher text or a dbms function, then 403 before it reaches the server', async () => {
    for (const query of [
      'CALL apoc.cypher.run(\'CALL dbms.security.createUser("intruder5", "x", false)\', {})',
      "RETURN apoc.cypher.runFirstColumn('RETURN 1', {}, false) AS x",
    ]) {
      const response = await cypher(admin, query);
      expect(response.status).toBe(403);
      expect(response.body.code).toBe('CYPHER_PROCEDURE_REFUSED');
    }
  });
});

describeNeo4j('restricted readers (item 3)', () => {
  const rows = async (query: string, params: Record<string, unknown> = {}) => {
    const response = await cypher(restricted, query, params);
    expect({ query, status: response.status, body: response.status === 200 ? undefined : response.body }).toEqual({
      query,
      status: 200,
      body: undefined,
    });
    return response.body.rows as unknown[][];
  };

  test('when a two-hop or variable-length pattern is counted, then only paths through visible elements count', async () => {
    // Visible: alice-KNOWS->bob and alice-WORKS_AT->acme. Two hops: bob-alice-acme both ways.
    expect(await rows('MATCH (a)-[*2]-(b) RETURN count(*) AS c')).toEqual([[2]]);
    expect(await rows('MATCH (a)-[]-()-[]-(b) RETURN count(*) AS c')).toEqual([[2]]);
    // dan is visible but reached only through agent (hidden label): no row.
    expect(await rows("MATCH (a {name: 'alice'})-[*1..3]-(b) RETURN DISTINCT b.name AS name ORDER BY name")).toEqual([['acme'], ['bob']]);
    expect(await rows("MATCH (a {name: 'dan'})-[*1..4]-(b) RETURN count(b) AS c")).toEqual([[0]]);
  });

  test('when paths are returned with LIMIT, then the limit applies after the scope and no path goes through hidden elements', async () => {
    const paths = await rows('MATCH p=(a)-[*1..3]->(b) RETURN p LIMIT 5');
    expect(paths).toHaveLength(2);
    const names = paths
      .map((row) => (row[0] as { nodes: Array<{ properties: { name: string } }> }).nodes.map((n) => n.properties.name).join('>'))
      .sort();
    expect(names).toEqual(['alice>acme', 'alice>bob']);
    for (const row of paths)
      for (const node of (row[0] as { nodes: Array<{ properties: Record<string, unknown> }> }).nodes)
        expect(node.properties).not.toHaveProperty('salary');
  });

  test('when a variable is named like a hidden property, then the query runs', async () => {
    expect(await rows("MATCH (p:Person) WHERE p.name = 'alice' RETURN p.name")).toEqual([['alice']]);
    expect(await rows('MATCH (n:Person)-[l:KNOWS]->(m) RETURN n.name AS n, m.name AS m')).toEqual([['alice', 'bob']]);
  });

  test("when RETURN * is used, then the columns are the query's own variables, not those the rewrite adds", async () => {
    const response = await cypher(restricted, "MATCH (a {name: 'alice'})-->(b:Person) RETURN *");
    expect(response.status).toBe(200);
    expect(response.body.columns).toEqual(['a', 'b']);
    expect(response.body.rows).toHaveLength(1);
  });

  test('when a hidden property is read, filtered, listed or projected, then it reads as null and is never listed', async () => {
    expect(await rows("MATCH (n:Person {name: 'alice'}) RETURN n.salary, n.p, n.name")).toEqual([[null, null, 'alice']]);
    expect(await rows('MATCH (n:Person) WHERE n.salary > 0 RETURN count(n)')).toEqual([[0]]);
    expect(await rows("MATCH (n:Person {name: 'alice'}) RETURN keys(n) AS k")).toEqual([[expect.not.arrayContaining(['salary', 'p'])]]);
    expect(await rows("MATCH (n:Person {name: 'alice'}) RETURN n {.name, .salary} AS m, exists(n.salary) AS e")).toEqual([
      [{ name: 'alice', salary: null }, false],
    ]);
    expect(await rows('MATCH (:Person)-[r:WORKS_AT]->() RETURN r.role, r.wage')).toEqual([['dev', null]]);
    const [[alice]] = await rows("MATCH (n:Person {name: 'alice'}) RETURN n");
    expect((alice as { properties: Record<string, unknown> }).properties).toEqual({ name: 'alice', country: 'CZ' });
    // Elements inside maps and lists are re-read through the scope as well.
    const [[wrapped]] = await rows("MATCH (n:Person {name: 'alice'})-[r:WORKS_AT]->(c) RETURN {person: n, links: [r]} AS m");
    expect(wrapped).toMatchObject({
      person: { properties: { name: 'alice', country: 'CZ' } },
      links: [{ type: 'WORKS_AT', properties: { role: 'dev' } }],
    });
    expect((wrapped as { person: { properties: object } }).person.properties).not.toHaveProperty('salary');
    expect((wrapped as { links: Array<{ properties: object }> }).links[0].properties).not.toHaveProperty('wage');
  });

  test('when the query names a hidden label, type or node, then it answers as for one that does not exist', async () => {
    expect(await rows('MATCH (n:Agent) RETURN count(n)')).toEqual([[0]]);
    expect(await rows('MATCH ()-[r:SPIES_ON]->() RETURN count(r)')).toEqual([[0]]);
    expect(await rows('MATCH (a:Person) WHERE (a)-->(:Agent) RETURN a.name')).toEqual([]);
    expect(await rows('MATCH (a:Person) WHERE exists((a)-[:KNOWS]->()) RETURN a.name')).toEqual([['alice']]);
    expect(await rows("MATCH (a {name: 'alice'}) OPTIONAL MATCH (a)-[:KNOWS]->(x) RETURN x.name ORDER BY x.name")).toEqual([['bob']]);
    expect(await rows("MATCH (a {name: 'alice'}) RETURN size([(a)-->(x) | x.name]) AS n")).toEqual([[2]]);
    expect(await rows("MATCH (n) WHERE n.codename = '007' RETURN n")).toEqual([]);
  });

  test('when a condition would fail on a hidden element only, then it is never evaluated there (no error reveals it)', async () => {
    // codename exists only on the hidden agent: evaluated there, 1/0 would fail the query.
    expect(await rows("MATCH (n) WHERE 1 / CASE n.codename WHEN '007' THEN 0 ELSE 1 END = 1 RETURN count(*) AS c")).toEqual([[4]]);
    expect(await rows("MATCH (a)-[r]->(b) WHERE 1 / CASE type(r) WHEN 'SPIES_ON' THEN 0 ELSE 1 END = 1 RETURN count(*) AS c")).toEqual([
      [2],
    ]);
  });

  test('when the query uses what cannot be rewritten safely, then 403 CYPHER_RESTRICTED naming the construct and its position', async () => {
    for (const [query, construct] of [
      ['CALL db.labels()', 'CALL db.labels (at 1:1)'],
      ['MATCH (n) RETURN n[$k]', 'Subscript access x[...] (at 1:19)'],
      ['MATCH (n) RETURN properties(n)', 'properties() (at 1:18)'],
      ['MATCH (n) RETURN n {.*}', 'The map projection .*'],
      ["MATCH (a {name: 'alice'}), (b {name: 'dan'}) RETURN shortestPath((a)-[*]-(b))", 'shortestPath'],
      ['MATCH (n) SET n.x = 1', 'SET'],
      ['MATCH (n) RETURN apoc.any.properties(n)', 'apoc.any.properties'],
    ]) {
      const response = await cypher(restricted, query, { k: 'salary' });
      expect({ query, status: response.status, code: response.body.code }).toEqual({ query, status: 403, code: 'CYPHER_RESTRICTED' });
      expect(response.body.detail).toContain(construct);
    }
  });

  test('when the query uses syntax the Cypher 3.5 grammar does not know, then 400 CYPHER_SYNTAX_ERROR with the position', async () => {
    const response = await cypher(restricted, 'CALL { MATCH (n) RETURN n } RETURN n');
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('CYPHER_SYNTAX_ERROR');
    expect(response.body.detail).toMatch(/at 1:\d+/);
  });

  test('when the query would take the grammar too long to read, then 400 CYPHER_TOO_COMPLEX in time and the service keeps answering', async () => {
    const started = Date.now();
    const response = await cypher(restricted, `RETURN ${'CASE WHEN true THEN '.repeat(80)}1${' END'.repeat(80)} AS x`);
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('CYPHER_TOO_COMPLEX');
    expect(Date.now() - started).toBeLessThan(10_000);
    const deep = await cypher(restricted, `RETURN ${'['.repeat(500)}1${']'.repeat(500)} AS x`);
    expect(deep.body.code).toBe('CYPHER_TOO_COMPLEX');
    expect(await rows('MATCH (n:Person) RETURN count(n)')).toEqual([[3]]);
  });

  test('when the query references the parameters that carry the scope, then they are not reachable', async () => {
    const response = await cypher(restricted, 'RETURN $nodeRules0 AS r');
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('CYPHER_PARAMETER_MISSING');
    expect(
      await rows('UNWIND $names AS name MATCH (n {name: name}) RETURN n.name ORDER BY n.name', { names: ['alice', 'agent', 'carol'] }),
    ).toEqual([['alice']]);
  });
});
