import request from 'supertest';
import { seedGraph } from '../support/seed-graph';
import type { SeedNode, SeedRelationship } from '../support/seed-graph';
import type { TestApp } from '../support/test-app';
import { createTestApp, ADMIN_PASSWORD } from '../support/test-app';
import { parseCsv } from '../../src/services/export/csv-writer';

/**
 * The fixture (created by the administrator):
 *
 *   alice -KNOWS-> bob, alice -KNOWS-> agent -KNOWS-> dan, bob -KNOWS-> carol,
 *   bob -SPIES_ON-> alice, alice -WORKS_AT-> acme
 *
 * The group of the restricted user:
 *   entitySecurity: nodes Person or Company only (agent is an Agent), no SPIES_ON relationships;
 *   propertySecurity: Person.salary hidden, WORKS_AT shows only role (wage hidden);
 *   dataSecurity: a Person is visible only with country CZ (carol is US).
 * So the restricted user sees alice, bob, dan, acme, alice-KNOWS-bob and alice-WORKS_AT-acme.
 */
let t: TestApp;
let admin: string;
let restricted: string;
let nobody: string;
let reader: string;
let ids: Record<string, string>;
let rels: Record<string, string>;

type Method = 'get' | 'post' | 'put' | 'delete';
const call = (method: Method, url: string, auth: string) => request(t.app)[method](url).set('Authorization', auth);
const names = (items: Array<{ properties: { name?: string } }>) => items.map((n) => n.properties.name).sort();

beforeAll(async () => {
  t = await createTestApp();
  admin = t.basic('admin', ADMIN_PASSWORD);
  const nodes: SeedNode[] = [
    ['alice', ['Person'], { name: 'alice', salary: 100, country: 'CZ' }],
    ['bob', ['Person'], { name: 'bob', salary: 200, country: 'CZ' }],
    ['carol', ['Person'], { name: 'carol', salary: 300, country: 'US' }],
    ['dan', ['Person'], { name: 'dan', country: 'CZ' }],
    ['agent', ['Agent'], { name: 'agent', country: 'CZ', codename: '007' }],
    ['acme', ['Company'], { name: 'acme', revenue: 5 }],
  ];
  const relationships: SeedRelationship[] = [
    ['aliceKnowsBob', 'KNOWS', 'alice', 'bob', { since: 2019 }],
    ['aliceKnowsAgent', 'KNOWS', 'alice', 'agent', { since: 2001 }],
    ['agentKnowsDan', 'KNOWS', 'agent', 'dan', { since: 2002 }],
    ['bobKnowsCarol', 'KNOWS', 'bob', 'carol', { since: 2003 }],
    ['bobSpiesOnAlice', 'SPIES_ON', 'bob', 'alice', { since: 2004 }],
    ['aliceWorksAtAcme', 'WORKS_AT', 'alice', 'acme', { role: 'dev', wage: 50 }],
  ];
  ({ nodes: ids, relationships: rels } = await seedGraph(t, admin, nodes, relationships));

  const [group] = await t.deps
    .db('groups')
    .insert({
      name: 'Czech analysts',
      entity_security: JSON.stringify({
        nodeFilter: { or: [{ label: 'Person' }, { label: 'Company' }] },
        relationshipFilter: { not: { type: 'SPIES_ON' } },
      }),
      property_security: JSON.stringify({
        nodes: { Person: { disabled: ['salary'] } },
        relationships: { WORKS_AT: { enabled: ['role'] } },
      }),
      data_security: JSON.stringify({ rules: [{ label: 'Person', filter: { property: 'country', operator: '=', value: 'CZ' } }] }),
    })
    .returning('id');
  await t.createUser('restricted', {
    password: 'restricted-password-1',
    permissions: ['EXPORT_DATA', 'CYPHER_QUERIES', 'DATA_MANAGEMENT'],
    groupIds: [String(group.id)],
  });
  await t.createUser('nobody', { password: 'nobody-password-1', permissions: ['EXPORT_DATA'] });
  await t.createUser('reader', { password: 'reader-password-1', permissions: ['READ_ALL_DATA'] });
  restricted = t.basic('restricted', 'restricted-password-1');
  nobody = t.basic('nobody', 'nobody-password-1');
  reader = t.basic('reader', 'reader-password-1');
});
afterAll(async () => {
  await t.close();
});

describe('find and read by id', () => {
  test('when the restricted user finds nodes, then hidden nodes are in neither the items nor the total, and hidden properties are absent', async () => {
    const response = await call('post', '/data/nodes/find', restricted).send({ limit: 1 });
    expect(response.status).toBe(200);
    expect(response.body.total).toBe(4);
    const all = await call('post', '/data/nodes/find', restricted).send({});
    expect(names(all.body.items)).toEqual(['acme', 'alice', 'bob', 'dan']);
    for (const node of all.body.items) expect(node.properties).not.toHaveProperty('salary');
  });

  test('when the restricted user filters or sorts on a hidden property, then it behaves as absent', async () => {
    const bySalary = await call('post', '/data/nodes/find', restricted).send({ filter: { property: 'salary', operator: '>', value: 0 } });
    expect(bySalary.body).toMatchObject({ items: [], total: 0 });
    const byCountry = await call('post', '/data/nodes/find', restricted).send({
      filter: { property: 'country', operator: '=', value: 'US' },
    });
    expect(byCountry.body.total).toBe(0);
    const sorted = await call('post', '/data/nodes/find', restricted).send({ sort: [{ property: 'salary', direction: 'desc' }] });
    // Every salary reads as missing: the order falls back to the id order (ids need not follow creation order).
    const before = (a: string, b: string) => (/^\d+$/.test(a) && /^\d+$/.test(b) ? BigInt(a) < BigInt(b) : a < b);
    const byId = ['alice', 'bob', 'dan', 'acme'].sort((x, y) => (before(ids[x], ids[y]) ? -1 : 1));
    expect(sorted.body.items.map((n: { properties: { name: string } }) => n.properties.name)).toEqual(byId);
  });

  test('when the restricted user names a hidden label, then the answer equals that for a label that does not exist', async () => {
    const hidden = await call('post', '/data/nodes/find', restricted).send({ filter: { label: 'Agent' } });
    const absent = await call('post', '/data/nodes/find', restricted).send({ filter: { label: 'Martian' } });
    expect(hidden.status).toBe(400);
    expect(hidden.body.code).toBe('UNKNOWN_LABEL');
    expect(absent.body.code).toBe(hidden.body.code);
    const asAdmin = await call('post', '/data/nodes/find', admin).send({ filter: { label: 'Agent' } });
    expect(asAdmin.body.total).toBe(1);
  });

  test('when the restricted user reads hidden elements by id, then 404 like a missing id', async () => {
    for (const url of [
      `/data/nodes/${ids.agent}`,
      `/data/nodes/${ids.carol}`,
      `/data/relationships/${rels.bobSpiesOnAlice}`,
      `/data/relationships/${rels.aliceKnowsAgent}`,
      '/data/nodes/999999999',
    ]) {
      const response = await call('post', url, restricted).send({});
      expect(response.status).toBe(404);
      expect(response.body.code).toBe('NOT_FOUND');
    }
    const alice = await call('post', `/data/nodes/${ids.alice}`, restricted).send({ properties: ['name', 'salary'] });
    expect(alice.body.properties).toEqual({ name: 'alice' });
    const works = await call('post', `/data/relationships/${rels.aliceWorksAtAcme}`, restricted).send({});
    expect(works.body.properties).toEqual({ role: 'dev' });
  });
});

describe('retrieval', () => {
  test('when elements are asked for by id, then only the visible ones come back, projected', async () => {
    const response = await call('post', '/data/graph', restricted).send({
      nodeIds: Object.values(ids),
      relationshipIds: Object.values(rels),
    });
    expect(names(response.body.nodes)).toEqual(['acme', 'alice', 'bob', 'dan']);
    expect(response.body.relationships.map((r: { id: string }) => r.id).sort()).toEqual([rels.aliceKnowsBob, rels.aliceWorksAtAcme].sort());
  });

  test('when direct relationships are asked for, then hidden types and relationships to hidden nodes are left out', async () => {
    const response = await call('post', '/data/graph/directRelationships', restricted).send({
      sourceIds: [ids.bob],
      targetIds: [ids.alice, ids.carol],
    });
    expect(response.body.relationships.map((r: { id: string }) => r.id)).toEqual([rels.aliceKnowsBob]);
    const asAdmin = await call('post', '/data/graph/directRelationships', admin).send({
      sourceIds: [ids.bob],
      targetIds: [ids.alice, ids.carol],
    });
    expect(asAdmin.body.relationships).toHaveLength(3);
  });

  test('when a node is explored, then hidden neighbours are in neither the items nor remaining', async () => {
    const response = await call('post', '/data/graph/explore', restricted).send({ nodeId: ids.alice, limit: 1 });
    expect(response.status).toBe(200);
    expect(response.body.nodes).toHaveLength(2);
    expect(response.body.remaining).toBe(1);
    const all = await call('post', '/data/graph/explore', restricted).send({ nodeId: ids.alice });
    expect(names(all.body.nodes)).toEqual(['acme', 'alice', 'bob']);
    expect(all.body.remaining).toBe(0);
    const asAdmin = await call('post', '/data/graph/explore', admin).send({ nodeId: ids.alice, limit: 1 });
    expect(asAdmin.body.remaining).toBe(2);
    const hidden = await call('post', '/data/graph/explore', restricted).send({ nodeId: ids.agent });
    expect(hidden.status).toBe(404);
  });

  test('when the only path between two nodes runs through a hidden node, then no shortest or indirect path is found', async () => {
    const asAdmin = await call('post', '/data/shortestPath', admin).send({ nodeIds: [ids.alice, ids.dan] });
    expect(asAdmin.body.paths).toHaveLength(1);
    const response = await call('post', '/data/shortestPath', restricted).send({ nodeIds: [ids.alice, ids.dan] });
    expect(response.status).toBe(200);
    expect(response.body.paths).toEqual([]);
    const indirect = await call('post', '/data/graph/indirectRelationships', restricted).send({ nodeIds: [ids.alice, ids.dan] });
    expect(indirect.body.paths).toEqual([]);
    const toHidden = await call('post', '/data/shortestPath', restricted).send({ nodeIds: [ids.alice, ids.agent] });
    expect(toHidden.status).toBe(404);
  });
});

describe('statistics and vocabulary', () => {
  test('when values are counted, then hidden nodes, relationships and properties are not counted', async () => {
    const country = await call('get', '/data/stats/frequency/nodes/country', restricted);
    expect(country.body).toEqual({ property: 'country', values: [{ value: 'CZ', count: 3 }], total: 3, distinct: 1 });
    const asAdmin = await call('get', '/data/stats/frequency/nodes/country', admin);
    expect(asAdmin.body).toEqual({
      property: 'country',
      values: [
        { value: 'CZ', count: 4 },
        { value: 'US', count: 1 },
      ],
      total: 5,
      distinct: 2,
    });
    const salary = await call('get', '/data/stats/frequency/salary', restricted);
    expect(salary.body).toMatchObject({ values: [], total: 0, distinct: 0 });
    const since = await call('get', '/data/stats/frequency/relationships/since', restricted);
    expect(since.body).toMatchObject({ values: [{ value: 2019, count: 1 }], total: 1 });
    const wage = await call('get', '/data/stats/frequency/relationships/WORKS_AT/wage', restricted);
    expect(wage.body.total).toBe(0);
  });

  test('when labels, types and property keys are listed, then hidden ones are not', async () => {
    const labels = await call('get', '/data/nodes/possibleLabels', restricted);
    expect(labels.body).toEqual(['Company', 'Person']);
    const types = await call('get', '/data/relationships/possibleTypes', restricted);
    expect(types.body).toEqual(['KNOWS', 'WORKS_AT']);
    const keys = await call('get', '/data/possiblePropertyKeys', restricted);
    expect(keys.body).toEqual(['country', 'name', 'revenue', 'role', 'since']);
  });
});

describe('CSV exports', () => {
  test('when the restricted user exports found nodes, then the column set (one statement on PostgreSQL) leaves hidden properties out and the rows are the visible matches', async () => {
    const found = await call('post', '/data/nodes/find/export/csv', restricted).send({ filter: { label: 'Person' } });
    expect(found.status).toBe(200);
    const rows = parseCsv(found.text);
    expect(rows[0]).toEqual(['id', 'labels', 'country', 'name']);
    expect(
      rows
        .slice(1)
        .map((r) => r[3])
        .sort(),
    ).toEqual(['alice', 'bob', 'dan']);
    expect(found.text).not.toMatch(/salary|carol|agent/);
  });

  test('when the restricted user exports everything by id, then hidden elements and property columns are left out', async () => {
    const nodes = await call('post', '/data/nodes/export/csv', restricted).send({ ids: Object.values(ids) });
    const rows = parseCsv(nodes.text);
    expect(rows[0]).toEqual(['id', 'labels', 'country', 'name', 'revenue']);
    expect(
      rows
        .slice(1)
        .map((r) => r[3])
        .sort(),
    ).toEqual(['acme', 'alice', 'bob', 'dan']);
    expect(nodes.text).not.toMatch(/salary|007|carol|agent/);

    const relationships = await call('post', '/data/relationships/export/csv', restricted).send({ ids: Object.values(rels) });
    const relRows = parseCsv(relationships.text);
    expect(relRows[0]).toEqual(['id', 'type', 'start', 'end', 'role', 'since']);
    expect(
      relRows
        .slice(1)
        .map((r) => r[0])
        .sort(),
    ).toEqual([rels.aliceKnowsBob, rels.aliceWorksAtAcme].sort());
    expect(relationships.text).not.toMatch(/wage|SPIES_ON/);
  });

  test('when the restricted user exports found nodes, then only visible matches are written', async () => {
    const response = await call('post', '/data/nodes/find/export/csv', restricted).send({
      filter: { property: 'country', operator: 'IN', value: ['CZ', 'US'] },
    });
    const rows = parseCsv(response.text);
    expect(
      rows
        .slice(1)
        .map((r) => r[3])
        .sort(),
    ).toEqual(['alice', 'bob', 'dan']);
  });

  test('when the restricted user asks for a hidden property column, then the column stays empty', async () => {
    const response = await call('post', '/data/nodes/export/csv', restricted).send({ ids: [ids.alice], properties: ['name', 'salary'] });
    expect(parseCsv(response.text)).toEqual([
      ['id', 'labels', 'name', 'salary'],
      [ids.alice, 'Person', 'alice', ''],
    ]);
  });
});

describe('users without a group, and READ_ALL_DATA', () => {
  test('when a user has no group, then nothing is visible anywhere', async () => {
    const find = await call('post', '/data/nodes/find', nobody).send({});
    expect(find.body).toMatchObject({ items: [], total: 0 });
    expect((await call('post', `/data/nodes/${ids.alice}`, nobody).send({})).status).toBe(404);
    expect(
      (await call('post', '/data/graph', nobody).send({ nodeIds: Object.values(ids), relationshipIds: Object.values(rels) })).body,
    ).toEqual({ nodes: [], relationships: [] });
    expect((await call('get', '/data/nodes/possibleLabels', nobody)).body).toEqual([]);
    expect((await call('get', '/data/relationships/possibleTypes', nobody)).body).toEqual([]);
    expect((await call('get', '/data/possiblePropertyKeys', nobody)).body).toEqual([]);
    expect((await call('get', '/data/stats/frequency/country', nobody)).body).toMatchObject({ values: [], total: 0 });
    const csv = await call('post', '/data/nodes/export/csv', nobody).send({ ids: Object.values(ids) });
    expect(parseCsv(csv.text)).toEqual([['id', 'labels']]);
  });

  test('when a user has READ_ALL_DATA, then every node, relationship and property is visible', async () => {
    const find = await call('post', '/data/nodes/find', reader).send({});
    expect(names(find.body.items)).toEqual(['acme', 'agent', 'alice', 'bob', 'carol', 'dan']);
    expect(find.body.items.find((n: { properties: { name: string } }) => n.properties.name === 'alice').properties.salary).toBe(100);
    const graph = await call('post', '/data/graph', reader).send({ relationshipIds: Object.values(rels) });
    expect(graph.body.relationships).toHaveLength(6);
    expect((await call('get', '/data/relationships/possibleTypes', reader)).body).toEqual(['KNOWS', 'SPIES_ON', 'WORKS_AT']);
  });
});

describe('cypher for restricted users', () => {
  // The query is rewritten so every pattern carries the scope (test/api/cypher-security.test.ts has the rest).
  const cypher = (query: string, params: Record<string, unknown> = {}) => call('post', '/data/cypher', restricted).send({ query, params });

  test('when the query names a hidden label, type or property, then it answers as for a name that does not exist', async () => {
    for (const [hidden, absent] of [
      ['MATCH (n:Agent) RETURN n', 'MATCH (n:Martian) RETURN n'],
      ['MATCH ()-[r:SPIES_ON]->() RETURN r', 'MATCH ()-[r:LOVES]->() RETURN r'],
      ['MATCH (n:Person) WHERE n.salary > 10 RETURN n', 'MATCH (n:Person) WHERE n.height > 10 RETURN n'],
      ['MATCH (n) WHERE n.`codename` = $c RETURN n', 'MATCH (n) WHERE n.`alias` = $c RETURN n'],
    ]) {
      const [a, b] = [await cypher(hidden, { c: '007' }), await cypher(absent, { c: '007' })];
      expect(a.status).toBe(200);
      expect(a.body).toEqual(b.body);
      expect(a.body.rows).toEqual([]);
    }
  });

  test("when the query reads properties dynamically or calls procedures, then 403 CYPHER_RESTRICTED naming the construct (on PostgreSQL 400 CYPHER_UNSUPPORTED, and n[key] and properties() read the scope's projection)", async () => {
    for (const [query, construct] of [
      ["MATCH (n) RETURN n['sal' + 'ary']", 'Subscript'],
      ['CALL db.labels()', 'CALL db.labels'],
      ['MATCH (n) RETURN properties(n)', 'properties()'],
    ]) {
      const response = await cypher(query, { k: 'x' });
      if (t.deps.graph.backend === 'postgres') {
        if (construct === 'properties()') {
          // The translation reads properties through the scope: hidden ones are not in the map.
          expect(response.status).toBe(200);
          expect(response.body.rows.length).toBeGreaterThan(0);
          for (const [properties] of response.body.rows as Array<[Record<string, unknown>]>)
            expect(properties).not.toHaveProperty('salary');
          continue;
        }
        if (construct === 'Subscript') {
          // A key named at run time reads the scope's projection too: the hidden salary is null on every node.
          expect(response.status).toBe(200);
          expect(response.body.rows.length).toBeGreaterThan(0);
          expect(response.body.rows.every(([value]: [unknown]) => value === null)).toBe(true);
          continue;
        }
        expect(response.status).toBe(400);
        expect(response.body.code).toBe('CYPHER_UNSUPPORTED');
        continue;
      }
      expect(response.status).toBe(403);
      expect(response.body.code).toBe('CYPHER_RESTRICTED');
      expect(response.body.detail).toContain(construct);
    }
  });

  test('when a harmless query is sent, then both backends answer it within the scope', async () => {
    const response = await cypher('MATCH (n:Person {country: $c})-[r:KNOWS]->(m) WHERE n.name IN ["alice", "bob"] RETURN n, r, m', {
      c: 'CZ',
    });
    expect(response.status).toBe(200);
    // alice-KNOWS->agent (hidden label) and bob-KNOWS->carol (hidden by the row rule) do not match.
    expect(
      response.body.rows.map((row: Array<{ properties: { name?: string } }>) => [row[0].properties.name, row[2].properties.name]),
    ).toEqual([['alice', 'bob']]);
    expect(response.body.rows[0][0].properties).not.toHaveProperty('salary');
  });
});

describe('writes under a restricted scope', () => {
  test('when the restricted user writes to hidden elements, then 404 and nothing changes', async () => {
    expect((await call('put', `/data/nodes/${ids.agent}`, restricted).send({ properties: { name: 'x' } })).status).toBe(404);
    expect((await call('delete', `/data/nodes/${ids.carol}`, restricted)).status).toBe(404);
    expect((await call('put', `/data/relationships/${rels.bobSpiesOnAlice}`, restricted).send({ properties: { since: 1 } })).status).toBe(
      404,
    );
    expect((await call('delete', `/data/nodes/relationships?id=${rels.bobSpiesOnAlice}`, restricted)).status).toBe(404);
    const toHidden = await call('post', '/data/relationships', restricted).send({
      type: 'KNOWS',
      startNodeId: ids.alice,
      endNodeId: ids.agent,
      properties: {},
    });
    expect(toHidden.status).toBe(404);
    const agent = await call('post', `/data/nodes/${ids.agent}`, admin).send({});
    expect(agent.body.properties.name).toBe('agent');
    const spies = await call('post', `/data/relationships/${rels.bobSpiesOnAlice}`, admin).send({});
    expect(spies.status).toBe(200);
  });

  test('when the restricted user bulk-updates, then only visible matches change', async () => {
    const response = await call('put', '/data/nodes/find', restricted).send({
      filter: { property: 'country', operator: 'IS NOT NULL' },
      set: { reviewed: true },
    });
    expect(response.body).toEqual({ updated: 3 });
    const reviewed = await call('post', '/data/nodes/find', admin).send({ filter: { property: 'reviewed', operator: '=', value: true } });
    expect(names(reviewed.body.items)).toEqual(['alice', 'bob', 'dan']);
  });

  test('when the restricted user writes a property hidden from them, then 403 PROPERTY_NOT_WRITABLE and nothing changes', async () => {
    const update = await call('put', `/data/nodes/${ids.bob}`, restricted).send({ properties: { salary: 98765, name: 'bobby' } });
    expect(update.status).toBe(403);
    expect(update.body).toMatchObject({ code: 'PROPERTY_NOT_WRITABLE', properties: ['salary'] });
    const removal = await call('put', `/data/nodes/${ids.bob}`, restricted).send({ properties: { salary: null } });
    expect(removal.status).toBe(403);
    const create = await call('post', '/data/nodes', restricted).send({
      labels: ['Person'],
      properties: { name: 'eve', country: 'CZ', salary: 1 },
    });
    expect(create.status).toBe(403);
    const relationship = await call('put', `/data/relationships/${rels.aliceWorksAtAcme}`, restricted).send({ properties: { wage: 0 } });
    expect(relationship.status).toBe(403);
    const bulk = await call('put', '/data/nodes/find', restricted).send({ filter: { label: 'Person' }, set: { salary: 0 } });
    expect(bulk.status).toBe(403);
    const bob = await call('post', `/data/nodes/${ids.bob}`, admin).send({});
    expect(bob.body.properties).toMatchObject({ name: 'bob', salary: 200 });
    const works = await call('post', `/data/relationships/${rels.aliceWorksAtAcme}`, admin).send({});
    expect(works.body.properties.wage).toBe(50);
  });

  test('when the restricted user filters a bulk update on a hidden property, then the audit event does not carry the value', async () => {
    const renamed = await call('put', `/data/nodes/${ids.bob}`, restricted).send({ properties: { name: 'bobby' } });
    expect(renamed.status).toBe(200);
    const [event] = await t.deps.db('audit_events').where({ action: 'node.update', target_id: ids.bob }).orderBy('id', 'desc').limit(1);
    expect(event.details).toMatchObject({ properties: { name: 'bobby' }, hiddenProperties: 0 });
    await call('put', '/data/nodes/find', restricted).send({
      filter: { property: 'salary', operator: '=', value: 4242 },
      set: { note: 'x' },
    });
    const [bulk] = await t.deps.db('audit_events').where({ action: 'nodes.bulk-update' }).orderBy('id', 'desc').limit(1);
    expect(JSON.stringify(bulk.details)).not.toMatch(/4242/);
  });

  test('when the restricted user deletes a node, then relationships hidden from them are not listed', async () => {
    const deleted = await call('delete', `/data/nodes/${ids.dan}`, restricted);
    expect(deleted.status).toBe(200);
    expect(deleted.body.nodes.map((n: { id: string }) => n.id)).toEqual([ids.dan]);
    // The relationship agent -> dan went with dan, but the user cannot see it: it is not listed.
    expect(deleted.body.relationships).toEqual([]);
  });
});

describe('settings seen by a restricted user', () => {
  test('when the restricted user reads the settings, then hidden labels, types and properties are left out', async () => {
    const schema = {
      nodes: { Person: { name: { dataType: 'string' }, salary: { dataType: 'integer' } }, Agent: { codename: { dataType: 'string' } } },
      relationships: {
        WORKS_AT: { role: { dataType: 'string' }, wage: { dataType: 'integer' } },
        SPIES_ON: { since: { dataType: 'integer' } },
      },
    };
    const stored = await call('put', '/settings/DATA_SCHEMA', admin).send(schema);
    expect(stored.status).toBe(200);
    const appearance = await call('put', '/settings/APPEARANCE', admin).send({
      nodeCaptions: { Agent: 'codename', Person: 'name' },
      colors: { Agent: '#000000' },
      relationshipColors: { SPIES_ON: 'red' },
    });
    expect(appearance.status).toBe(200);

    const seen = await call('get', '/settings', restricted);
    expect(seen.status).toBe(200);
    expect(Object.keys(seen.body.DATA_SCHEMA.nodes)).toEqual(['Person']);
    expect(Object.keys(seen.body.DATA_SCHEMA.nodes.Person)).toEqual(['name']);
    expect(Object.keys(seen.body.DATA_SCHEMA.relationships)).toEqual(['WORKS_AT']);
    expect(Object.keys(seen.body.DATA_SCHEMA.relationships.WORKS_AT)).toEqual(['role']);
    expect(seen.body.APPEARANCE.nodeCaptions).toEqual({ Person: 'name' });
    expect(seen.body.APPEARANCE.colors).toEqual({});
    expect(seen.body.APPEARANCE.relationshipColors).toEqual({});
    expect(JSON.stringify(seen.body)).not.toMatch(/Agent|codename|salary|SPIES_ON|wage/);

    const full = await call('get', '/settings', admin);
    expect(Object.keys(full.body.DATA_SCHEMA.nodes).sort()).toEqual(['Agent', 'Person']);
  });
});

describe('indexes seen by a restricted user', () => {
  test('when the restricted user lists schema indexes and the fulltext status, then hidden labels and properties are left out', async () => {
    for (const body of [
      { entity: 'node', label: 'Agent', properties: ['codename'] },
      { entity: 'node', label: 'Person', properties: ['salary'] },
      { entity: 'node', label: 'Person', properties: ['name'] },
    ]) {
      expect((await call('post', '/schema/indexes', admin).send(body)).status).toBe(201);
    }
    const configured = await call('post', '/cfg/indexer/node/configure', admin).send({
      labels: ['Person', 'Agent'],
      properties: ['name', 'salary', 'codename'],
    });
    expect(configured.status).toBeLessThan(300);

    const indexes = await call('get', '/schema/indexes', restricted);
    expect(indexes.status).toBe(200);
    expect(indexes.body.map((i: { token: string; properties: string[] }) => `${i.token}.${i.properties.join(',')}`)).toEqual([
      'Person.name',
    ]);
    const status = await call('post', '/cfg/indexer/node/status', restricted).send({});
    expect(status.body.config).toEqual({ labels: ['Person'], properties: ['name'] });

    const all = await call('get', '/schema/indexes', admin);
    expect(all.body).toHaveLength(3);
  });
});
