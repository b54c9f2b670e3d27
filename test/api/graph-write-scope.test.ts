import request from 'supertest';
import { UNRESTRICTED, type GraphNode, type GraphRelationship } from '../../src/graph/graph-store';
import type { TestApp } from '../support/test-app';
import { createTestApp, ADMIN_PASSWORD } from '../support/test-app';
import { emptyGraph } from '../support/graph-helpers';
import { seedGraph } from '../support/seed-graph';
import type { SeedNode } from '../support/seed-graph';

/**
 * Issue 18 items 7 and 20: every write path (REST create / update / bulk update, CSV and GraphML
 * import) keeps a restricted writer inside their AccessScope, and one limit on the properties of an
 * element holds on both backends (runs on the harness backend: GAS_TEST_GRAPH_BACKEND=neo4j too).
 *
 * The writer's group:
 *   entitySecurity: no node labelled Hid, no HIDREL relationship;
 *   dataSecurity: a Person is visible only with country CZ, a KNOWS only with level < 5;
 *   propertySecurity: Person.salary hidden.
 * The limit: graph.maxPropertiesPerElement = 6 in this file.
 */
const MAX = 6;
let t: TestApp;
let admin: string;
let writer: string;
const ids: Record<string, string> = {};

type Method = 'get' | 'post' | 'put' | 'delete';
const call = (method: Method, url: string, auth: string) => request(t.app)[method](url).set('Authorization', auth);

async function allNodes(): Promise<GraphNode[]> {
  return (await t.deps.graph.findNodes({ limit: 1000 }, UNRESTRICTED)).items;
}
async function allRelationships(): Promise<GraphRelationship[]> {
  return (await t.deps.graph.findRelationships({ limit: 1000 }, UNRESTRICTED)).items;
}
async function nodeAsAdmin(id: string): Promise<GraphNode> {
  const response = await call('post', `/data/nodes/${id}`, admin).send({});
  expect(response.status).toBe(200);
  return response.body as GraphNode;
}
const byName = (nodes: GraphNode[], name: string) => nodes.filter((n) => n.properties.name === name);
const manyProperties = (count: number) => Object.fromEntries(Array.from({ length: count }, (_, i) => [`p${i}`, i]));

async function upload(content: string, name: string, auth: string): Promise<string> {
  const response = await request(t.app)
    .post('/data/import/uploadFile')
    .set('Authorization', auth)
    .attach('file', Buffer.from(content, 'utf8'), { filename: name, contentType: 'application/octet-stream' });
  expect(response.status).toBe(201);
  return response.body.files[0].fileId as string;
}
function importFile(body: Record<string, unknown>, auth: string) {
  return request(t.app).post('/data/import/importFile').set('Authorization', auth).send(body);
}

beforeAll(async () => {
  t = await createTestApp({ graph: { maxPropertiesPerElement: MAX } });
  admin = t.basic('admin', ADMIN_PASSWORD);
  const [group] = await t.deps
    .db('groups')
    .insert({
      name: 'Writers who cannot see everything',
      entity_security: JSON.stringify({ nodeFilter: { not: { label: 'Hid' } }, relationshipFilter: { not: { type: 'HIDREL' } } }),
      property_security: JSON.stringify({ nodes: { Person: { disabled: ['salary'] } } }),
      data_security: JSON.stringify({
        rules: [
          { label: 'Person', filter: { property: 'country', operator: '=', value: 'CZ' } },
          { type: 'KNOWS', filter: { property: 'level', operator: '<', value: 5 } },
        ],
      }),
    })
    .returning('id');
  await t.createUser('writer', { password: 'writer-password-1', permissions: ['DATA_MANAGEMENT'], groupIds: [String(group.id)] });
  writer = t.basic('writer', 'writer-password-1');
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await emptyGraph(t);
  const fixture: SeedNode[] = [
    ['ann', ['Person'], { name: 'ann', country: 'CZ', salary: 10 }],
    ['ben', ['Person'], { name: 'ben', country: 'CZ' }],
    ['thing', ['Thing'], { name: 'thing' }],
    ['hidden', ['Hid'], { name: 'hidden' }],
  ];
  const graph = await seedGraph(t, admin, fixture, [['knows', 'KNOWS', 'ann', 'ben', { level: 1 }]]);
  Object.assign(ids, graph.nodes, graph.relationships);
});

describe('REST writes of a restricted writer', () => {
  test('when the writer creates a node with a label their group hides, then 403 GRAPH_WRITE_HIDDEN names it and nothing is written', async () => {
    for (const labels of [['Hid'], ['Thing', 'Hid']]) {
      const response = await call('post', '/data/nodes', writer).send({ labels, properties: { name: 'sneaky' } });
      expect(response.status).toBe(403);
      expect(response.body).toMatchObject({ code: 'GRAPH_WRITE_HIDDEN', labels: ['Hid'] });
    }
    expect(byName(await allNodes(), 'sneaky')).toEqual([]);
    const allowed = await call('post', '/data/nodes', writer).send({ labels: ['Thing'], properties: { name: 'fine' } });
    expect(allowed.status).toBe(201);
  });

  test('when the writer creates a node their row rule would hide, then 403 names the property and nothing is written', async () => {
    const us = await call('post', '/data/nodes', writer).send({ labels: ['Person'], properties: { name: 'sneaky', country: 'US' } });
    expect(us.status).toBe(403);
    expect(us.body).toMatchObject({ code: 'GRAPH_WRITE_HIDDEN', properties: ['country'] });
    expect(JSON.stringify(us.body)).not.toContain('CZ');
    const without = await call('post', '/data/nodes', writer).send({ labels: ['Person'], properties: { name: 'sneaky' } });
    expect(without.status).toBe(403);
    expect(byName(await allNodes(), 'sneaky')).toEqual([]);
    const allowed = await call('post', '/data/nodes', writer).send({ labels: ['Person'], properties: { name: 'fine', country: 'CZ' } });
    expect(allowed.status).toBe(201);
  });

  test('when the writer updates a node so that it would fall under a hidden rule, then 403 and the node is unchanged', async () => {
    const addHidden = await call('put', `/data/nodes/${ids.ben}`, writer).send({ addLabels: ['Hid'] });
    expect(addHidden.status).toBe(403);
    expect(addHidden.body).toMatchObject({ code: 'GRAPH_WRITE_HIDDEN', labels: ['Hid'] });
    const toUs = await call('put', `/data/nodes/${ids.ben}`, writer).send({ properties: { country: 'US', name: 'benjamin' } });
    expect(toUs.status).toBe(403);
    expect(toUs.body).toMatchObject({ code: 'GRAPH_WRITE_HIDDEN', properties: ['country'] });
    const removeCountry = await call('put', `/data/nodes/${ids.ben}`, writer).send({ properties: { country: null } });
    expect(removeCountry.status).toBe(403);
    expect(await nodeAsAdmin(ids.ben)).toMatchObject({ labels: ['Person'], properties: { name: 'ben', country: 'CZ' } });
    // A change that keeps the node visible passes, including on a node carrying a property hidden from the writer.
    const fine = await call('put', `/data/nodes/${ids.ann}`, writer).send({ properties: { name: 'anna' }, addLabels: ['Employee'] });
    expect(fine.status).toBe(200);
    expect(await nodeAsAdmin(ids.ann)).toMatchObject({ properties: { name: 'anna', country: 'CZ', salary: 10 } });
  });

  test('when the writer bulk-updates nodes so that they would be hidden, then 403 and no node changes', async () => {
    const response = await call('put', '/data/nodes/find', writer).send({ filter: { label: 'Person' }, set: { country: 'US' } });
    expect(response.status).toBe(403);
    expect(response.body).toMatchObject({ code: 'GRAPH_WRITE_HIDDEN', properties: ['country'] });
    const addHidden = await call('put', '/data/nodes/find', writer).send({ filter: { label: 'Thing' }, addLabels: ['Hid'] });
    expect(addHidden.status).toBe(403);
    const nodes = await allNodes();
    expect(nodes.filter((n) => n.properties.country === 'US')).toEqual([]);
    expect(nodes.filter((n) => n.labels.includes('Hid')).map((n) => n.properties.name)).toEqual(['hidden']);
    const fine = await call('put', '/data/nodes/find', writer).send({ filter: { label: 'Person' }, set: { checked: true } });
    expect(fine.body).toEqual({ updated: 2 });
  });

  test('when the writer creates a relationship of a hidden type or one their row rule hides, then 403 GRAPH_WRITE_HIDDEN and nothing is written', async () => {
    const hidden = await call('post', '/data/relationships', writer).send({
      type: 'HIDREL',
      startNodeId: ids.ann,
      endNodeId: ids.thing,
      properties: {},
    });
    expect(hidden.status).toBe(403);
    expect(hidden.body).toMatchObject({ code: 'GRAPH_WRITE_HIDDEN', types: ['HIDREL'] });
    const high = await call('post', '/data/relationships', writer).send({
      type: 'KNOWS',
      startNodeId: ids.ben,
      endNodeId: ids.thing,
      properties: { level: 9 },
    });
    expect(high.status).toBe(403);
    expect(high.body).toMatchObject({ code: 'GRAPH_WRITE_HIDDEN', properties: ['level'] });
    // An end the writer cannot see answers like a missing one.
    const toHidden = await call('post', '/data/relationships', writer).send({
      type: 'LIKES',
      startNodeId: ids.ann,
      endNodeId: ids.hidden,
      properties: {},
    });
    expect(toHidden.status).toBe(404);
    expect((await allRelationships()).map((r) => r.type)).toEqual(['KNOWS']);
    const allowed = await call('post', '/data/relationships', writer).send({
      type: 'KNOWS',
      startNodeId: ids.ben,
      endNodeId: ids.thing,
      properties: { level: 2 },
    });
    expect(allowed.status).toBe(201);
  });

  test('when the writer updates a relationship so that their row rule would hide it, then 403 and it is unchanged', async () => {
    const response = await call('put', `/data/relationships/${ids.knows}`, writer).send({ properties: { level: 7 } });
    expect(response.status).toBe(403);
    expect(response.body).toMatchObject({ code: 'GRAPH_WRITE_HIDDEN', properties: ['level'] });
    const [knows] = await allRelationships();
    expect(knows.properties).toEqual({ level: 1 });
    const fine = await call('put', `/data/relationships/${ids.knows}`, writer).send({ properties: { level: 3 } });
    expect(fine.status).toBe(200);
  });

  test('when the writer is refused, then no audit event claims a write', async () => {
    const before = await t.deps
      .db('audit_events')
      .whereIn('action', ['node.create', 'relationship.create'])
      .count<{ count: string }[]>('* as count');
    await call('post', '/data/nodes', writer).send({ labels: ['Hid'], properties: {} });
    await call('post', '/data/relationships', writer).send({ type: 'HIDREL', startNodeId: ids.ann, endNodeId: ids.ben, properties: {} });
    const after = await t.deps
      .db('audit_events')
      .whereIn('action', ['node.create', 'relationship.create'])
      .count<{ count: string }[]>('* as count');
    expect(Number(after[0].count)).toBe(Number(before[0].count));
  });
});

describe('imports of a restricted writer', () => {
  test('when the writer imports CSV rows with a hidden label, a hidden row or a hidden type, then those rows are rejected with GRAPH_WRITE_HIDDEN and the rest imported', async () => {
    const nodesFile = await upload('name,labels,country\nok,Person,CZ\nlabel,Hid,CZ\nrow,Person,US\nthing,Thing,\n', 'people.csv', writer);
    const nodes = await importFile(
      { fileId: nodesFile, mapping: { kind: 'nodes', labelColumn: 'labels', columns: [{ column: 'name' }, { column: 'country' }] } },
      writer,
    );
    expect(nodes.status).toBe(200);
    expect(nodes.body).toMatchObject({ state: 'succeeded', report: { rowsRead: 4, nodesCreated: 2, rowsRejected: 2 } });
    const reasons = nodes.body.report.rejected.map((r: { reason: string }) => r.reason);
    expect(reasons).toEqual([expect.stringMatching(/^GRAPH_WRITE_HIDDEN: .*Hid/), expect.stringMatching(/^GRAPH_WRITE_HIDDEN: .*country/)]);
    expect(byName(await allNodes(), 'label')).toEqual([]);
    expect(byName(await allNodes(), 'row')).toEqual([]);

    const relsFile = await upload('from,to,type\nann,ben,LIKES\nann,ben,HIDREL\n', 'rels.csv', writer);
    const rels = await importFile(
      {
        fileId: relsFile,
        mapping: {
          kind: 'relationships',
          typeColumn: 'type',
          start: { column: 'from', label: 'Person', property: 'name' },
          end: { column: 'to', label: 'Person', property: 'name' },
          columns: [],
        },
      },
      writer,
    );
    expect(rels.status).toBe(200);
    expect(rels.body).toMatchObject({
      state: 'succeeded',
      report: {
        relationshipsCreated: 1,
        rowsRejected: 1,
        rejected: [{ row: 3, reason: expect.stringMatching(/^GRAPH_WRITE_HIDDEN: .*HIDREL/) }],
      },
    });
    expect((await allRelationships()).map((r) => r.type).sort()).toEqual(['KNOWS', 'LIKES']);
  });

  test('when the writer imports a GraphML file with hidden labels and types, then those nodes and edges are rejected and the rest imported', async () => {
    const graphml = `<?xml version="1.0" encoding="UTF-8"?>
<graphml xmlns="http://graphml.graphdrawing.org/xmlns">
  <key id="name" for="node" attr.name="name" attr.type="string"/>
  <graph edgedefault="directed">
    <node id="a" labels=":Thing"><data key="name">visible-a</data></node>
    <node id="b" labels=":Thing"><data key="name">visible-b</data></node>
    <node id="h" labels=":Hid"><data key="name">hidden-h</data></node>
    <edge id="e1" source="a" target="b" label="LINKS"/>
    <edge id="e2" source="a" target="b" label="HIDREL"/>
  </graph>
</graphml>
`;
    const fileId = await upload(graphml, 'graph.graphml', writer);
    const response = await importFile({ fileId, mapping: { kind: 'graphml' } }, writer);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ state: 'succeeded', report: { nodesCreated: 2, relationshipsCreated: 1, rowsRejected: 2 } });
    const reasons = response.body.report.rejected.map((r: { reason: string }) => r.reason);
    expect(reasons).toEqual([
      expect.stringMatching(/^node h .*GRAPH_WRITE_HIDDEN: .*Hid/),
      expect.stringMatching(/^edge e2 .*GRAPH_WRITE_HIDDEN: .*HIDREL/),
    ]);
    expect(byName(await allNodes(), 'hidden-h')).toEqual([]);
    expect((await allRelationships()).map((r) => r.type).sort()).toEqual(['KNOWS', 'LINKS']);
  });
});

describe('properties per element', () => {
  test('when a node or relationship would have more properties than the limit, then 413 TOO_MANY_PROPERTIES and nothing is written', async () => {
    const node = await call('post', '/data/nodes', admin).send({ labels: ['Thing'], properties: { name: 'big', ...manyProperties(MAX) } });
    expect(node.status).toBe(413);
    expect(node.body).toMatchObject({ code: 'TOO_MANY_PROPERTIES', count: MAX + 1, max: MAX });
    expect(byName(await allNodes(), 'big')).toEqual([]);
    const atLimit = await call('post', '/data/nodes', admin).send({
      labels: ['Thing'],
      properties: { name: 'full', ...manyProperties(MAX - 1) },
    });
    expect(atLimit.status).toBe(201);

    const update = await call('put', `/data/nodes/${atLimit.body.id}`, admin).send({ properties: { one: 'more' } });
    expect(update.status).toBe(413);
    expect(update.body.code).toBe('TOO_MANY_PROPERTIES');
    // Removing one and adding one keeps the count.
    const swap = await call('put', `/data/nodes/${atLimit.body.id}`, admin).send({ properties: { p0: null, one: 'more' } });
    expect(swap.status).toBe(200);

    const bulk = await call('put', '/data/nodes/find', admin).send({ filter: { label: 'Thing' }, set: { extra: 1 } });
    expect(bulk.status).toBe(413);
    expect((await allNodes()).filter((n) => 'extra' in n.properties)).toEqual([]);

    const relationship = await call('post', '/data/relationships', admin).send({
      type: 'LINKS',
      startNodeId: ids.ann,
      endNodeId: ids.ben,
      properties: manyProperties(MAX + 1),
    });
    expect(relationship.status).toBe(413);
    const relationshipUpdate = await call('put', `/data/relationships/${ids.knows}`, admin).send({ properties: manyProperties(MAX) });
    expect(relationshipUpdate.status).toBe(413);
    expect((await allRelationships()).map((r) => r.properties)).toEqual([{ level: 1 }]);
  });

  test('when an imported row has more properties than the limit, then the row is rejected with TOO_MANY_PROPERTIES and the others imported', async () => {
    const columns = Array.from({ length: MAX + 1 }, (_, i) => `c${i}`);
    const full = columns.map(() => 'x').join(',');
    const short = columns.map((_, i) => (i < MAX ? 'y' : '')).join(',');
    const fileId = await upload(`${columns.join(',')}\n${full}\n${short}\n`, 'wide.csv', admin);
    const response = await importFile({ fileId, mapping: { kind: 'nodes', labels: ['Wide'] } }, admin);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      state: 'succeeded',
      report: { nodesCreated: 1, rowsRejected: 1, rejected: [{ row: 2, reason: expect.stringMatching(/^TOO_MANY_PROPERTIES: /) }] },
    });
  });
});
