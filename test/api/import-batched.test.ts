import request from 'supertest';
import type { TestApp } from '../support/test-app';
import { createTestApp, ADMIN_PASSWORD } from '../support/test-app';
import { allNodes, allRelationships, emptyGraph, sharedDataset, uploadFiles } from '../support/graph-helpers';

/*
 * Issue 23 item 10: the batched import (transaction: "batched") on PostgreSQL, through the API.
 * Every batch (imports.batchRows: 4 here) commits on its own; a failure in a later batch deletes
 * what the committed batches created and reports what could not be undone (merged updates).
 */
let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp({ imports: { batchRows: 4 } });
  admin = t.basic('admin', ADMIN_PASSWORD);
});
afterAll(async () => {
  await t.close();
});
beforeEach(() => emptyGraph(t));

async function upload(content: Buffer | string, name: string): Promise<string> {
  const response = await uploadFiles(t, admin, [[Buffer.from(content), name]]);
  expect(response.status).toBe(201);
  return response.body.files[0].fileId as string;
}
function importFile(body: Record<string, unknown>) {
  return request(t.app).post('/data/import/importFile').set('Authorization', admin).send(body);
}
const people = {
  kind: 'nodes',
  labels: ['Person'],
  mergeKey: { label: 'Person', property: 'id' },
  columns: [{ column: 'id', type: 'integer' }, { column: 'name' }, { column: 'age', type: 'integer' }],
};
async function seedPeople(): Promise<void> {
  const seeded = await importFile({ fileId: await upload('id,name,age\n1,Ann,40\n2,Bob,41\n3,Cy,42\n', 'seed.csv'), mapping: people });
  expect(seeded.body).toMatchObject({ state: 'succeeded', report: { nodesCreated: 3 } });
}
const persons = async () => (await allNodes(t)).map((n) => n.properties).sort((a, b) => Number(a.id) - Number(b.id));

/** Nodes and relationships as comparable values (ids differ between two imports). */
async function graph() {
  const nodes = await allNodes(t);
  const byId = new Map(nodes.map((n) => [String(n.id), n.properties.id]));
  return {
    nodes: nodes.map((n) => JSON.stringify([n.labels, n.properties])).sort(),
    relationships: (await allRelationships(t))
      .map((r) => JSON.stringify([r.type, byId.get(String(r.startNodeId)), byId.get(String(r.endNodeId)), r.properties]))
      .sort(),
  };
}

describe('Batched import (transaction: "batched")', () => {
  it('when graphology-miserables.graphml is imported batched, then the graph and the report equal the single-transaction import', async () => {
    const file = sharedDataset('graphml/graphology-miserables.graphml');
    const single = await importFile({ fileId: await upload(file, 'single.graphml'), mapping: { kind: 'graphml' } });
    expect(single.body).toMatchObject({ state: 'succeeded', report: { nodesCreated: 77, relationshipsCreated: 254 } });
    const expected = await graph();
    await emptyGraph(t);
    const batched = await importFile({
      fileId: await upload(file, 'batched.graphml'),
      mapping: { kind: 'graphml' },
      transaction: 'batched',
    });
    expect(batched.status).toBe(200);
    expect(batched.body).toMatchObject({
      state: 'succeeded',
      report: { nodesCreated: 77, relationshipsCreated: 254, rowsRejected: 0, outcome: 'succeeded' },
      undo: { possible: true },
    });
    expect(await graph()).toEqual(expected);
    expect(batched.body.report).toEqual({
      ...single.body.report,
      fileId: batched.body.report.fileId,
      fileName: 'batched.graphml',
      durationMs: batched.body.report.durationMs,
    });
  });

  it('when a batched node import fails at batch 3 (all-or-nothing, a bad integer), then the nodes it created are deleted and the 422 reports the 2 merged updates it could not undo', async () => {
    await seedPeople();
    // Batch 1: ids 1, 2 (merged: updated), 10, 11; batch 2: 12-15; batch 3: 16-19; batch 4: 20 has
    // age "old". Batch 4 is read while batch 3 is written (read-ahead): its rejected row fails batch 3
    // (all-or-nothing), so batches 1 and 2 are the committed ones.
    const csv = `id,name,age\n1,Ann B,50\n2,Bob B,51\n${[10, 11, 12, 13, 14, 15, 16, 17, 18, 19].map((id) => `${id},P${id},${id}`).join('\n')}\n20,Jo,old\n21,Kim,27\n`;
    const response = await importFile({
      fileId: await upload(csv, 'people.csv'),
      mapping: people,
      allOrNothing: true,
      transaction: 'batched',
    });
    expect(response.status).toBe(422);
    expect(response.body).toMatchObject({
      code: 'IMPORT_ROWS_REJECTED',
      detail: expect.stringMatching(
        /The batched import was undone: 6 node\(s\) and 0 relationship\(s\) of 2 committed batch\(es\) were deleted; not undone: 2 existing node\(s\) it updated through the merge key keep the update/,
      ),
      undo: {
        batchesCommitted: 2,
        nodesDeleted: 6,
        relationshipsDeleted: 0,
        nodesUpdated: 2,
        nodesLeft: 0,
        relationshipsLeft: 0,
        reasons: [],
      },
    });
    expect(response.body.undo.updatedNodeIds).toHaveLength(2);
    expect(await persons()).toEqual([
      { id: 1, name: 'Ann B', age: 50 },
      { id: 2, name: 'Bob B', age: 51 },
      { id: 3, name: 'Cy', age: 42 },
    ]);
    const status = await request(t.app).get(`/data/import/imports/${response.body.importId}`).set('Authorization', admin);
    expect(status.body).toMatchObject({
      state: 'failed',
      report: { nodesCreated: 0, nodesUpdated: 2, relationshipsCreated: 0 },
      error: { code: 'IMPORT_ROWS_REJECTED', details: { undo: { nodesDeleted: 6 } } },
    });
    const events = await t.deps.db('audit_events').where({ action: 'data.import.fail', target_id: response.body.importId });
    expect(events).toHaveLength(1);
  });

  it('when a batched relationship import that creates missing ends fails at batch 3, then its relationships and created end nodes are deleted and the seeded nodes stay as they were', async () => {
    await seedPeople();
    // Batches 1 and 2 create 8 relationships and the ends 4, 5, 6 and 7; batch 3 (the end 8) fails
    // with the rejected row of batch 4, read while it is written.
    const rows = [
      'from,to,since',
      '1,2,2001',
      '2,3,2002',
      '3,4,2003',
      '4,5,2004',
      '5,6,2005',
      '6,7,2006',
      '7,1,2007',
      '1,3,2008',
      '3,8,2009',
      '8,1,2010',
      '2,2,2011',
      '1,1,2012',
      '2,9,soon',
      '3,1,2014',
    ];
    const mapping = {
      kind: 'relationships',
      type: 'KNOWS',
      missingEnds: 'create',
      start: { column: 'from', label: 'Person', property: 'id', type: 'integer' },
      end: { column: 'to', label: 'Person', property: 'id', type: 'integer' },
      columns: [{ column: 'since', type: 'integer' }],
    };
    const response = await importFile({
      fileId: await upload(`${rows.join('\n')}\n`, 'knows.csv'),
      mapping,
      allOrNothing: true,
      transaction: 'batched',
    });
    expect(response.status).toBe(422);
    expect(response.body).toMatchObject({
      code: 'IMPORT_ROWS_REJECTED',
      undo: { batchesCommitted: 2, nodesDeleted: 4, relationshipsDeleted: 8, nodesUpdated: 0, nodesLeft: 0, relationshipsLeft: 0 },
    });
    expect(await persons()).toEqual([
      { id: 1, name: 'Ann', age: 40 },
      { id: 2, name: 'Bob', age: 41 },
      { id: 3, name: 'Cy', age: 42 },
    ]);
    expect(await allRelationships(t)).toEqual([]);
  });

  it('when a batched import is a dry run, then it counts as one and writes nothing', async () => {
    const response = await importFile({
      fileId: await upload('id,name,age\n1,Ann,40\n2,Bob,41\n3,Cy,42\n4,Di,43\n5,Ed,44\n', 'dry.csv'),
      mapping: people,
      dryRun: true,
      transaction: 'batched',
    });
    expect(response.body).toMatchObject({ state: 'succeeded', dryRun: true, report: { nodesCreated: 5 } });
    expect(await allNodes(t)).toEqual([]);
  });
});
