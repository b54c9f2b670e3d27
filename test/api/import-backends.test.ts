import path from 'node:path';
import { readFileSync } from 'node:fs';
import request from 'supertest';
import { UNRESTRICTED, type GraphNode } from '../../src/graph/graph-store';
import type { TestApp } from '../support/test-app';
import { createTestApp, ADMIN_PASSWORD, testGraphBackend } from '../support/test-app';

/** The import on the configured backend (PostgreSQL, or Neo4j with GAS_TEST_GRAPH_BACKEND=neo4j); each test uses its own labels. */
const FIXTURES = path.join(__dirname, '..', 'fixtures', 'import');

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp({ imports: { batchRows: 2 } });
  admin = t.basic('admin', ADMIN_PASSWORD);
});
afterAll(async () => {
  await t.close();
});

async function labelled(label: string): Promise<GraphNode[]> {
  return (await t.deps.graph.findNodes({ filter: { label }, limit: 1000, sort: [{ property: 'name', direction: 'asc' }] }, UNRESTRICTED))
    .items;
}
async function uploadOne(content: Buffer, name: string): Promise<string> {
  const response = await request(t.app).post('/data/import/uploadFile').set('Authorization', admin).attach('file', content, name);
  expect(response.status).toBe(201);
  return response.body.files[0].fileId;
}
function importFile(body: Record<string, unknown>) {
  return request(t.app).post('/data/import/importFile').set('Authorization', admin).send(body);
}

describe(`import on ${testGraphBackend}`, () => {
  it('when node and relationship CSVs are imported, then the nodes carry typed properties and the relationships join the ends matched by property', async () => {
    const people = await uploadOne(Buffer.from('id,name,age\n1,Ann,34\n2,Bob,41\n3,Cyril,28\n'), 'people.csv');
    const imported = await importFile({
      fileId: people,
      mapping: {
        kind: 'nodes',
        labels: ['Member'],
        columns: [{ column: 'id', type: 'integer' }, { column: 'name' }, { column: 'age', type: 'integer' }],
      },
    });
    expect(imported.body).toMatchObject({ state: 'succeeded', report: { nodesCreated: 3 } });
    const nodes = await labelled('Member');
    expect(nodes.map((n) => n.properties)).toEqual([
      { id: 1, name: 'Ann', age: 34 },
      { id: 2, name: 'Bob', age: 41 },
      { id: 3, name: 'Cyril', age: 28 },
    ]);
    const ids = new Map(nodes.map((n) => [n.properties.id, n.id]));

    const knows = await uploadOne(Buffer.from('from,to,since\n1,2,2019\n2,3,2021\n3,7,2020\n'), 'knows.csv');
    const rels = await importFile({
      fileId: knows,
      mapping: {
        kind: 'relationships',
        type: 'LIKES',
        start: { column: 'from', label: 'Member', property: 'id' },
        end: { column: 'to', label: 'Member', property: 'id' },
        columns: [{ column: 'since', type: 'integer' }],
      },
    });
    expect(rels.body).toMatchObject({
      state: 'succeeded',
      report: { relationshipsCreated: 2, rowsSkipped: 1, rejected: [{ row: 4, reason: 'start or end node not found' }] },
    });
    const found = (await t.deps.graph.findRelationships({ filter: { type: 'LIKES' }, limit: 100 }, UNRESTRICTED)).items;
    expect(found.map((r) => [r.startNodeId, r.endNodeId, r.properties]).sort()).toEqual(
      [
        [ids.get(1), ids.get(2), { since: 2019 }],
        [ids.get(2), ids.get(3), { since: 2021 }],
      ].sort(),
    );
  });

  it('when the GraphML file written by networkx is imported, then its nodes and edges are in the graph', async () => {
    const fileId = await uploadOne(readFileSync(path.join(FIXTURES, 'graph.graphml')), 'graph.graphml');
    const response = await importFile({ fileId, mapping: { kind: 'graphml' } });
    expect(response.body).toMatchObject({ state: 'succeeded', report: { nodesCreated: 3, relationshipsCreated: 3 } });
    expect((await labelled('City')).map((n) => n.properties)).toEqual([
      { id: 'b', name: 'Brno', population: 380000 },
      { id: 'a', name: 'Prague', population: 1300000 },
    ]);
    expect(
      (await t.deps.graph.findRelationships({ filter: { type: 'ROAD' }, limit: 10 }, UNRESTRICTED)).items.map((r) => r.properties),
    ).toEqual([{ distance: 205.5 }]);
  });

  it('when a dry run is asked, then nothing is written', async () => {
    const fileId = await uploadOne(Buffer.from('name\nx\ny\n'), 'dry.csv');
    const response = await importFile({ fileId, mapping: { kind: 'nodes', labels: ['DryRun'] }, dryRun: true });
    expect(response.body).toMatchObject({ state: 'succeeded', report: { nodesCreated: 2 } });
    expect(await labelled('DryRun')).toEqual([]);
  });

  it('when an import fails after batches were read, then nothing of it stays', async () => {
    const fileId = await uploadOne(Buffer.from('name\na\nb\nc\nd\n"e\n'), 'broken.csv');
    const response = await importFile({ fileId, mapping: { kind: 'nodes', labels: ['Broken'] } });
    expect(response.status).toBe(400);
    expect(await labelled('Broken')).toEqual([]);
  });
});
