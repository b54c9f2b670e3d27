import request from 'supertest';
import { UNRESTRICTED, type GraphNode, type GraphRelationship } from '../../src/graph/graph-store';
import type { TestApp } from '../support/test-app';
import { createTestApp, ADMIN_PASSWORD, testGraphBackend } from '../support/test-app';
import { emptyGraph } from '../support/graph-helpers';
import { seedGraph } from '../support/seed-graph';

/**
 * Writing clauses of Cypher on the PostgreSQL backend (issue 22): CREATE, MERGE, SET, REMOVE,
 * DELETE, DETACH DELETE through POST /data/cypher, each query one transaction with its cypher.run
 * event, the side effects counted as the openCypher TCK counts them, DATA_SCHEMA and portable
 * values applied, and a restricted writer kept inside their scope (the rules of the REST writes).
 *
 * The restricted writer's group: no node labelled Hid, no HIDREL relationship; a Person is
 * visible only with country CZ; Person.salary hidden.
 */
let t: TestApp;
let admin: string;
let writer: string;
let reader: string;
const ids: Record<string, string> = {};
const onPostgres = testGraphBackend === 'postgres';

const cypher = (auth: string, query: string, params: Record<string, unknown> = {}) =>
  request(t.app).post('/data/cypher').set('Authorization', auth).send({ query, params });

async function ok(auth: string, query: string, params: Record<string, unknown> = {}) {
  const response = await cypher(auth, query, params);
  expect({ query, status: response.status, body: response.status === 200 ? undefined : response.body }).toEqual({
    query,
    status: 200,
    body: undefined,
  });
  return response.body as { columns: string[]; rows: unknown[][]; sideEffects?: Record<string, number> };
}

const none = {
  nodesCreated: 0,
  nodesDeleted: 0,
  relationshipsCreated: 0,
  relationshipsDeleted: 0,
  labelsAdded: 0,
  labelsRemoved: 0,
  propertiesSet: 0,
  propertiesRemoved: 0,
};

async function allNodes(): Promise<GraphNode[]> {
  return (await t.deps.graph.findNodes({ limit: 1000 }, UNRESTRICTED)).items;
}
async function allRelationships(): Promise<GraphRelationship[]> {
  return (await t.deps.graph.findRelationships({ limit: 1000 }, UNRESTRICTED)).items;
}
/** The graph as comparable text: every node and relationship with labels, type and properties. */
async function snapshot(): Promise<string[]> {
  const nodes = await allNodes();
  const rels = await allRelationships();
  return [
    ...nodes.map((n) => `${n.id} ${[...n.labels].sort().join(':')} ${JSON.stringify(n.properties)}`),
    ...rels.map((r) => `${r.id} ${r.type} ${r.startNodeId}->${r.endNodeId} ${JSON.stringify(r.properties)}`),
  ].sort();
}
const runEvents = () => t.deps.db('audit_events').where({ action: 'cypher.run' }).orderBy('id');

beforeAll(async () => {
  t = await createTestApp({ graph: { maxPropertiesPerElement: 6 } });
  admin = t.basic('admin', ADMIN_PASSWORD);
  const [group] = await t.deps
    .db('groups')
    .insert({
      name: 'Cypher writers who cannot see everything',
      entity_security: JSON.stringify({ nodeFilter: { not: { label: 'Hid' } }, relationshipFilter: { not: { type: 'HIDREL' } } }),
      property_security: JSON.stringify({ nodes: { Person: { disabled: ['salary'] } } }),
      data_security: JSON.stringify({ rules: [{ label: 'Person', filter: { property: 'country', operator: '=', value: 'CZ' } }] }),
    })
    .returning('id');
  await t.createUser('cwriter', {
    password: 'cwriter-password-1',
    permissions: ['CYPHER_QUERIES', 'DATA_MANAGEMENT'],
    groupIds: [String(group.id)],
  });
  await t.createUser('creader', { password: 'creader-password-1', permissions: ['CYPHER_QUERIES', 'READ_ALL_DATA'] });
  writer = t.basic('cwriter', 'cwriter-password-1');
  reader = t.basic('creader', 'creader-password-1');
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  await emptyGraph(t);
  await request(t.app).put('/settings/DATA_SCHEMA').set('Authorization', admin).send({ nodes: {}, relationships: {} });
  const graph = await seedGraph(
    t,
    admin,
    [
      ['ann', ['Person'], { name: 'ann', country: 'CZ', salary: 10 }],
      ['ben', ['Person'], { name: 'ben', country: 'CZ' }],
      ['us', ['Person'], { name: 'us', country: 'US' }],
      ['hidden', ['Hid'], { name: 'hidden' }],
    ],
    [
      ['knows', 'KNOWS', 'ann', 'ben', { since: 2001 }],
      ['hidrel', 'HIDREL', 'ann', 'hidden', {}],
    ],
  );
  Object.assign(ids, graph.nodes, graph.relationships);
});

(onPostgres ? describe : describe.skip)('writing clauses (PostgreSQL)', () => {
  test('when CREATE makes nodes and a relationship, then they are stored, returned and counted as the TCK counts them', async () => {
    const body = await ok(
      admin,
      "CREATE (a:City:Place {name: 'Brno', pop: 380000})-[r:NEAR {km: 200}]->(b:City {name: 'Praha', tags: ['x', 'y']}) RETURN a.name, type(r), b, labels(a)",
    );
    expect(body.columns).toEqual(['a.name', 'type(r)', 'b', 'labels(a)']);
    expect(body.rows).toEqual([
      ['Brno', 'NEAR', { id: expect.any(String), labels: ['City'], properties: { name: 'Praha', tags: ['x', 'y'] } }, ['City', 'Place']],
    ]);
    // Two City nodes add one label name (City) and one Place: the TCK counts label names.
    expect(body.sideEffects).toEqual({ ...none, nodesCreated: 2, relationshipsCreated: 1, labelsAdded: 2, propertiesSet: 5 });
    const brno = (await allNodes()).find((n) => n.properties.name === 'Brno')!;
    const near = (await allRelationships()).find((r) => r.type === 'NEAR')!;
    expect(near).toMatchObject({ startNodeId: brno.id, properties: { km: 200 } });
    // A named path holds what was created, as a MATCH's path would.
    const path = await ok(admin, 'CREATE p = (:Hop {n: 1})-[:NEXT]->(:Hop {n: 2}) RETURN [x IN nodes(p) | x.n] AS ns, length(p) AS l');
    expect(path.rows).toEqual([[[1, 2], 1]]);
    // One row per input row; an integer beyond 2^53 is kept exactly.
    const many = await ok(admin, 'UNWIND $xs AS x CREATE (:Num {v: x}) RETURN count(*) AS c', { xs: [1, 2, 3] });
    expect(many.rows).toEqual([[3]]);
    const big = await request(t.app)
      .post('/data/cypher')
      .set('Authorization', admin)
      .type('json')
      .send('{"query":"CREATE (n:Big {v: $v}) RETURN n.v AS v","params":{"v":9007199254740993}}');
    expect(big.text).toContain('"rows":[[9007199254740993]]');
  });

  test('when MERGE runs twice, then the first run creates (ON CREATE) and the second matches (ON MATCH), row by row', async () => {
    const first = await ok(admin, "MERGE (c:Counter {name: 'hits'}) ON CREATE SET c.n = 1 ON MATCH SET c.n = c.n + 1 RETURN c.n AS n");
    expect(first.rows).toEqual([[1]]);
    expect(first.sideEffects).toEqual({ ...none, nodesCreated: 1, labelsAdded: 1, propertiesSet: 2 });
    const second = await ok(admin, "MERGE (c:Counter {name: 'hits'}) ON CREATE SET c.n = 1 ON MATCH SET c.n = c.n + 1 RETURN c.n AS n");
    expect(second.rows).toEqual([[2]]);
    expect(second.sideEffects).toEqual({ ...none, propertiesSet: 1, propertiesRemoved: 1 });
    // A later row sees what an earlier row created: two equal rows make one node.
    const rows = await ok(admin, 'UNWIND [1, 1, 2] AS x MERGE (n:M {x: x}) RETURN count(*) AS c');
    expect(rows.rows).toEqual([[3]]);
    expect(rows.sideEffects).toMatchObject({ nodesCreated: 2 });
    // A relationship between bound nodes.
    const rel = await ok(admin, "MATCH (a {name: 'ann'}), (b {name: 'ben'}) MERGE (a)-[r:KNOWS]->(b) RETURN r.since AS since");
    expect(rel.rows).toEqual([[2001]]);
    expect(rel.sideEffects).toEqual(none);
  });

  test('when SET and REMOVE change properties and labels, then the element holds the change and each change is counted', async () => {
    const body = await ok(
      admin,
      "MATCH (n {name: 'ann'}) SET n.age = 40, n += {city: 'Brno', country: 'SK'}, n:Boss REMOVE n.salary, n:Person RETURN n",
    );
    expect(body.rows).toEqual([[{ id: ids.ann, labels: ['Boss'], properties: { name: 'ann', age: 40, city: 'Brno', country: 'SK' } }]]);
    // Person still exists on ben: only Boss is a new label name.
    expect(body.sideEffects).toEqual({ ...none, labelsAdded: 1, propertiesSet: 3, propertiesRemoved: 2 });
    const replaced = await ok(admin, "MATCH (n {name: 'ben'}) SET n = {name: 'benjamin'} RETURN properties(n) AS p");
    expect(replaced.rows).toEqual([[{ name: 'benjamin' }]]);
    const rel = await ok(admin, 'MATCH ()-[r:KNOWS]->() SET r.since = null, r.w = 1.5 RETURN properties(r) AS p');
    expect(rel.rows).toEqual([[{ w: 1.5 }]]);
    // Setting a property to a null of an absent value changes nothing.
    expect((await ok(admin, "MATCH (n {name: 'us'}) SET n.none = null")).sideEffects).toEqual(none);
    // Nodes held in a list read before the SET are read as they are after it (TCK List12 [1]).
    const listed = await ok(
      admin,
      "MATCH (n {name: 'us'}) WITH collect(n) AS ns UNWIND ns AS m SET m.tag = 'x' RETURN m.tag AS tag, [x IN ns | x.tag] AS tags",
    );
    expect(listed.rows).toEqual([['x', ['x']]]);
  });

  test('when DELETE meets a node that keeps relationships, then 400 CYPHER_ERROR and nothing is deleted; DETACH DELETE deletes them', async () => {
    const before = await snapshot();
    const refused = await cypher(admin, "MATCH (n {name: 'ann'}) DELETE n");
    expect({ status: refused.status, code: refused.body.code }).toEqual({ status: 400, code: 'CYPHER_ERROR' });
    expect(await snapshot()).toEqual(before);
    // The relationships in the same clause go first.
    // The type of a relationship the query deleted is still answered, as on Neo4j 3.5 (TCK Return2 [14]).
    const both = await ok(admin, "MATCH (n {name: 'ben'})-[r]-() DELETE r, n RETURN type(r) AS type");
    expect(both.sideEffects).toEqual({ ...none, nodesDeleted: 1, relationshipsDeleted: 1, propertiesRemoved: 3 });
    expect(both.rows).toEqual([['KNOWS']]);
    const detach = await ok(admin, "MATCH (n {name: 'ann'})-[r]-() DETACH DELETE n RETURN type(r) AS type");
    expect(detach.sideEffects).toEqual({ ...none, nodesDeleted: 1, relationshipsDeleted: 1, propertiesRemoved: 3 });
    expect(detach.rows).toEqual([['HIDREL']]);
    if (onPostgres) {
      // Reading a property of a node the query deleted is Neo4j's EntityNotFound (TCK Return2 [15]), and nothing stays deleted.
      const gone = await cypher(admin, "MATCH (n {name: 'us'}) DETACH DELETE n RETURN n.name AS name");
      expect({ status: gone.status, code: gone.body.code }).toEqual({ status: 400, code: 'CYPHER_ERROR' });
    }
    expect((await allNodes()).map((n) => n.properties.name).sort()).toEqual(['hidden', 'us']);
    expect(await allRelationships()).toEqual([]);
    // Deleting a null (OPTIONAL MATCH without a match) does nothing.
    expect((await ok(admin, 'OPTIONAL MATCH (n:Nothing) DELETE n')).sideEffects).toEqual(none);
  });

  test('when a writing query fails after it wrote, then nothing of it stays and no event is recorded', async () => {
    const before = await snapshot();
    const events = (await runEvents()).length;
    for (const query of [
      "CREATE (n:Temp {name: 't'}) WITH n MATCH (m {name: 'ann'}) SET m.x = 1 WITH n RETURN 1 / 0 AS boom",
      "MATCH (n {name: 'ben'}) SET n.changed = true WITH n MATCH (m {name: 'ann'}) DELETE m",
      'CREATE (a:Temp) SET a.bad = {nested: 1}',
    ]) {
      const response = await cypher(admin, query);
      expect({ query, status: response.status }).toEqual({ query, status: 400 });
    }
    expect(await snapshot()).toEqual(before);
    expect((await runEvents()).length).toBe(events);
  });

  test('when a writing query commits, then its cypher.run event holds the query and its side effects', async () => {
    await ok(admin, "CREATE (:Audited {name: 'a'})");
    const events = await runEvents();
    expect(events[events.length - 1].details).toMatchObject({
      query: "CREATE (:Audited {name: 'a'})",
      readOnly: false,
      sideEffects: { ...none, nodesCreated: 1, labelsAdded: 1, propertiesSet: 1 },
    });
  });

  test('when a user without Data management writes, then 403 READ_ONLY_QUERY naming the clause and nothing is written', async () => {
    const before = await snapshot();
    for (const [query, clause] of [
      ['CREATE (n:X)', 'CREATE (at 1:1)'],
      ["MATCH (n {name: 'ann'})\nSET n.x = 1", 'SET (at 2:1)'],
      ['MATCH (n) DETACH DELETE n', 'DELETE (at 1:11)'],
      ["MERGE (n:Person {name: 'x'})", 'MERGE (at 1:1)'],
    ]) {
      const response = await cypher(reader, query);
      expect({ query, status: response.status, code: response.body.code }).toEqual({ query, status: 403, code: 'READ_ONLY_QUERY' });
      expect(response.body.detail).toContain(clause);
    }
    expect(await snapshot()).toEqual(before);
  });

  test('when DATA_SCHEMA or the portable values refuse a written value, then the query is refused whole', async () => {
    const schema = await request(t.app)
      .put('/settings/DATA_SCHEMA')
      .set('Authorization', admin)
      .send({ nodes: { Person: { name: { dataType: 'string', mandatory: true } } }, relationships: {} });
    expect(schema.status).toBe(200);
    const before = await snapshot();
    const mandatory = await cypher(admin, "CREATE (:Person {name: 'ok'}) CREATE (:Person {age: 3})");
    expect({ status: mandatory.status, code: mandatory.body.code }).toEqual({ status: 422, code: 'DATA_SCHEMA_VIOLATION' });
    const typed = await cypher(admin, "MATCH (n {name: 'ann'}) SET n.name = 5");
    expect({ status: typed.status, code: typed.body.code }).toEqual({ status: 422, code: 'DATA_SCHEMA_VIOLATION' });
    const map = await cypher(admin, "MATCH (n {name: 'us'}) SET n.m = {a: 1}");
    expect({ status: map.status, code: map.body.code }).toEqual({ status: 400, code: 'PROPERTY_VALUE_NOT_PORTABLE' });
    const mixed = await cypher(admin, "MATCH (n {name: 'us'}) SET n.m = [1, 'a']");
    expect({ status: mixed.status, code: mixed.body.code }).toEqual({ status: 400, code: 'PROPERTY_VALUE_NOT_PORTABLE' });
    const tooMany = await cypher(admin, "MATCH (n {name: 'us'}) SET n += {a: 1, b: 2, c: 3, d: 4, e: 5}");
    expect({ status: tooMany.status, code: tooMany.body.code }).toEqual({ status: 413, code: 'TOO_MANY_PROPERTIES' });
    expect(await snapshot()).toEqual(before);
  });
});

(onPostgres ? describe : describe.skip)('a restricted writer (PostgreSQL)', () => {
  test('when the writer matches what they cannot see, then nothing is written and the side effects show nothing', async () => {
    const before = await snapshot();
    for (const query of [
      'MATCH (n:Hid) SET n.touched = true',
      "MATCH (n {name: 'us'}) SET n.touched = true",
      'MATCH ()-[r:HIDREL]->() DELETE r',
      "MATCH (n {name: 'hidden'}) DETACH DELETE n",
      "MERGE (n:Person {name: 'ann'}) ON MATCH SET n.seen = true RETURN n.salary AS s",
    ]) {
      const body = await cypher(writer, query);
      if (query.startsWith('MERGE')) {
        // ann is visible: matched, her salary reads null, the write is counted.
        expect(body.body.rows).toEqual([[null]]);
        continue;
      }
      expect({ query, status: body.status, body: body.status === 200 ? body.body.sideEffects : body.body }).toEqual({
        query,
        status: 200,
        body: none,
      });
    }
    const after = await snapshot();
    expect(after.filter((line) => !before.includes(line))).toEqual([expect.stringContaining('"seen":true')]);
  });

  test('when the writer writes a hidden label, type or property, then 403 names only what they wrote and nothing is written', async () => {
    const before = await snapshot();
    const cases: Array<[string, number, string, Record<string, unknown>]> = [
      ['CREATE (:Hid)', 403, 'GRAPH_WRITE_HIDDEN', { labels: ['Hid'] }],
      ["MATCH (a {name: 'ann'}), (b {name: 'ben'}) CREATE (a)-[:HIDREL]->(b)", 403, 'GRAPH_WRITE_HIDDEN', { types: ['HIDREL'] }],
      ["MATCH (n {name: 'ann'}) SET n:Hid", 403, 'GRAPH_WRITE_HIDDEN', { labels: ['Hid'] }],
      // ann has a salary, ben has none: both answers are the same (the writer learns nothing).
      ["MATCH (n {name: 'ann'}) REMOVE n.salary", 403, 'PROPERTY_NOT_WRITABLE', { properties: ['salary'] }],
      ["MATCH (n {name: 'ben'}) REMOVE n.salary", 403, 'PROPERTY_NOT_WRITABLE', { properties: ['salary'] }],
      ["MATCH (n {name: 'ben'}) SET n.salary = 1", 403, 'PROPERTY_NOT_WRITABLE', { properties: ['salary'] }],
      // Setting country so that the row rule would hide the node.
      ["MATCH (n {name: 'ben'}) SET n.country = 'US'", 403, 'GRAPH_WRITE_HIDDEN', { properties: ['country'] }],
      ["CREATE (:Person {name: 'x', country: 'US'})", 403, 'GRAPH_WRITE_HIDDEN', {}],
    ];
    for (const [query, status, code, details] of cases) {
      const response = await cypher(writer, query);
      expect({ query, status: response.status, code: response.body.code }).toEqual({ query, status, code });
      expect(response.body).toMatchObject(details);
    }
    expect(await snapshot()).toEqual(before);
  });

  test('when the writer replaces properties or deletes a node, then what they cannot see is kept or not counted', async () => {
    // SET n = {...} replaces what the writer sees: the hidden salary stays.
    const replaced = await ok(writer, "MATCH (n {name: 'ann'}) SET n = {name: 'ann', country: 'CZ', x: 1} RETURN n");
    expect(replaced.sideEffects).toEqual({ ...none, propertiesSet: 1 });
    const ann = (await allNodes()).find((n) => n.id === ids.ann)!;
    expect(ann.properties).toEqual({ name: 'ann', country: 'CZ', salary: 10, x: 1 });
    // DETACH DELETE of ann takes the hidden HIDREL along (as DELETE /data/nodes/{id}) but counts only KNOWS.
    const deleted = await ok(writer, "MATCH (n {name: 'ann'}) DETACH DELETE n");
    expect(deleted.sideEffects).toEqual({ ...none, nodesDeleted: 1, relationshipsDeleted: 1, propertiesRemoved: 4 });
    // A label name that exists only on nodes the writer cannot see is not counted as removed or added.
    const created = await ok(writer, "CREATE (n:Person {name: 'new', country: 'CZ'}) RETURN n.name");
    expect(created.sideEffects).toEqual({ ...none, nodesCreated: 1, propertiesSet: 2 });
  });
});
