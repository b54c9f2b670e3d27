import request from 'supertest';
import { UNRESTRICTED, type GraphNode, type GraphRelationship } from '../../src/graph/graph-store';
import type { TestApp } from '../support/test-app';
import { createTestApp, ADMIN_PASSWORD } from '../support/test-app';
import { localizeDetail } from '../../src/i18n/problems';
import { allNodes, allRelationships, emptyGraph, sharedDataset, tinkerpopWithBrokenWeight, uploadFiles } from '../support/graph-helpers';

/*
 * Issue 23, items 5, 6 and 8: what GraphML keys become (label, property, left out) and which edge
 * key gives the type; half-rejected files (the analysis warns, the result says so, the rejected
 * rows as a file, all-or-nothing); undo of an import and one start per upload. On the real files
 * of ../shared/datasets/ (read at run time, never copied), or on files made from them here.
 */
const dataset = sharedDataset;

let t: TestApp;
let admin: string;

beforeAll(async () => {
  // maxUndoElements 100: TinkerPop's 12 elements can be undone, Les Misérables' 331 cannot.
  t = await createTestApp({ imports: { batchRows: 4, maxUndoElements: 100 } });
  admin = t.basic('admin', ADMIN_PASSWORD);
});
afterAll(async () => {
  await t.close();
});
beforeEach(() => emptyGraph(t));

const nodes = (): Promise<GraphNode[]> => allNodes(t);
const relationships = (): Promise<GraphRelationship[]> => allRelationships(t);
async function uploadOne(content: Buffer, name: string): Promise<string> {
  const response = await uploadFiles(t, admin, [[content, name]]);
  expect(response.status).toBe(201);
  return response.body.files[0].fileId as string;
}
function analyze(fileId: string) {
  return request(t.app).post('/data/import/analyzeFile').set('Authorization', admin).send({ fileId });
}
function importFile(body: Record<string, unknown>) {
  return request(t.app).post('/data/import/importFile').set('Authorization', admin).send(body);
}
function undo(importId: string) {
  return request(t.app).post(`/data/import/imports/${importId}/undo`).set('Authorization', admin).send({});
}

describe('GraphML keys: label, property or left out (graphology-miserables.graphml)', () => {
  it('when Les Misérables is analysed and imported as proposed, then its label key is the property label (not 77 labels) and a text search finds Valjean', async () => {
    const fileId = await uploadOne(dataset('graphml/graphology-miserables.graphml'), 'miserables.graphml');
    const analysis = await analyze(fileId);
    expect(analysis.status).toBe(200);
    const g = analysis.body.graphml;
    // 77 distinct values among 77 nodes: proposed as a property.
    expect(g.mapping.keys).toMatchObject({ label: 'property', edgelabel: 'property', weight: 'property', modularity_class: 'property' });
    expect(g.mapping.typeKey).toBeNull();
    expect(g.labels).toEqual([]);
    expect(g.warnings.join('\n')).toMatch(/the key label \(label\) has 77 distinct values among 77 nodes: proposed as the property label/);
    expect(g.rejections).toEqual({ rows: 0, first: [] });

    const response = await importFile({ fileId, mapping: g.mapping });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      state: 'succeeded',
      report: { nodesCreated: 77, relationshipsCreated: 254, rowsRejected: 0, outcome: 'succeeded' },
    });
    const all = await nodes();
    expect(new Set(all.flatMap((n) => n.labels))).toEqual(new Set(['Node']));
    const found = await request(t.app).post('/data/nodes/find').set('Authorization', admin).send({ text: 'Valjean', limit: 10 });
    expect(found.status).toBe(200);
    expect(found.body.items.map((n: GraphNode) => n.properties.label)).toEqual(['Valjean']);
    const byProperty = await request(t.app)
      .post('/data/nodes/find')
      .set('Authorization', admin)
      .send({ filter: { property: 'label', operator: '=', value: 'Valjean' } });
    expect(byProperty.body.items).toHaveLength(1);
    expect(byProperty.body.items[0].properties).toMatchObject({ id: '11', label: 'Valjean', 'Modularity Class': 1 });
  }, 60000);

  it('when the mapping chooses label for the key label and leaves out the colours, then each character is a label and r, g, b are not imported', async () => {
    const fileId = await uploadOne(dataset('graphml/graphology-miserables.graphml'), 'miserables.graphml');
    const response = await importFile({ fileId, mapping: { kind: 'graphml', keys: { label: 'label', r: 'skip', g: 'skip', b: 'skip' } } });
    expect(response.status).toBe(200);
    const all = await nodes();
    expect(new Set(all.flatMap((n) => n.labels)).size).toBe(77);
    const valjean = all.find((n) => n.labels.includes('Valjean'))!;
    expect(Object.keys(valjean.properties).sort()).toEqual(['Modularity Class', 'id', 'size', 'x', 'y']);
  }, 60000);

  it('when the mapping names a key the file does not declare, or asks an edge key for labels, then it is 400 INVALID_MAPPING and nothing is imported', async () => {
    const fileId = await uploadOne(dataset('graphml/graphology-miserables.graphml'), 'miserables.graphml');
    const unknown = await importFile({ fileId, mapping: { kind: 'graphml', keys: { colour: 'property' } } });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ code: 'INVALID_MAPPING' });
    expect(unknown.body.detail).toMatch(/colour/);
    const edgeLabel = await importFile({ fileId, mapping: { kind: 'graphml', keys: { weight: 'label' } } });
    expect(edgeLabel.status).toBe(400);
    expect(edgeLabel.body.detail).toMatch(/declared for edge, not for nodes/);
    expect(await nodes()).toEqual([]);
  }, 60000);
});

describe('The relationship type from an edge key (tinkerpop-classic.xml)', () => {
  it('when TinkerPop classic is analysed and imported as proposed, then labelE gives the types and labelV the labels', async () => {
    const fileId = await uploadOne(dataset('graphml/tinkerpop-classic.xml'), 'tinkerpop-classic.xml');
    const analysis = await analyze(fileId);
    expect(analysis.status).toBe(200);
    expect(analysis.body.graphml).toMatchObject({
      labels: ['vertex'],
      relationshipTypes: ['created', 'knows'],
      mapping: { typeKey: 'labelE', keys: { labelV: 'label', name: 'property', weight: 'property' } },
    });
    const response = await importFile({ fileId, mapping: analysis.body.graphml.mapping });
    expect(response.status).toBe(200);
    expect(response.body.report).toMatchObject({ nodesCreated: 6, relationshipsCreated: 6, rowsRejected: 0 });
    const rels = await relationships();
    expect(rels.map((r) => r.type).sort()).toEqual(['created', 'created', 'created', 'created', 'knows', 'knows']);
    expect(rels.every((r) => !('labelE' in r.properties))).toBe(true);
    expect(new Set((await nodes()).flatMap((n) => n.labels))).toEqual(new Set(['vertex']));
  }, 60000);

  it('when the mapping says typeKey null and keeps labelE as a property, then the types are the default and labelE a property', async () => {
    const fileId = await uploadOne(dataset('graphml/tinkerpop-classic.xml'), 'tinkerpop-classic.xml');
    const response = await importFile({
      fileId,
      mapping: { kind: 'graphml', typeKey: null, keys: { labelE: 'property' }, defaultType: 'LINK' },
    });
    expect(response.status).toBe(200);
    const rels = await relationships();
    expect(new Set(rels.map((r) => r.type))).toEqual(new Set(['LINK']));
    expect(rels.map((r) => r.properties.labelE).sort()).toEqual(['created', 'created', 'created', 'created', 'knows', 'knows']);
  }, 60000);
});

describe('Half-rejected files (TinkerPop classic with its weight key declared boolean)', () => {
  it('when the file is analysed, then the analysis warns that 6 of 12 rows will be rejected, with the first reasons', async () => {
    const fileId = await uploadOne(tinkerpopWithBrokenWeight(), 'tinkerpop-broken.xml');
    const analysis = await analyze(fileId);
    expect(analysis.status).toBe(200);
    expect(analysis.body.graphml.rejections.rows).toBe(6);
    expect(analysis.body.graphml.rejections.first[0]).toBe('edge 7 (line 1): weight: "0.5" is not a boolean');
    expect(analysis.body.graphml.warnings[0]).toMatch(
      /^6 of 12 rows would be rejected \(first: edge 7 \(line 1\): weight: "0\.5" is not a boolean\)/,
    );
  }, 60000);

  it('when it is imported, then the result is succeeded-with-rejected with the reasons, and the rejected rows are a CSV file', async () => {
    const fileId = await uploadOne(tinkerpopWithBrokenWeight(), 'tinkerpop-broken.xml');
    const response = await importFile({ fileId, mapping: (await analyze(fileId)).body.graphml.mapping });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      state: 'succeeded',
      report: { nodesCreated: 6, relationshipsCreated: 0, rowsRejected: 6, outcome: 'succeeded-with-rejected' },
    });
    expect(response.body.report.rejected[0]).toEqual({ row: 7, reason: 'edge 7 (line 1): weight: "0.5" is not a boolean' });
    const csv = await request(t.app).get(`/data/import/imports/${response.body.importId}/rejected.csv`).set('Authorization', admin);
    expect(csv.status).toBe(200);
    const lines = csv.text.trim().split('\r\n');
    expect(lines).toHaveLength(7);
    expect(lines[1]).toBe('7,"edge 7 (line 1): weight: ""0.5"" is not a boolean",1,2');
  }, 60000);

  it('when it is imported all-or-nothing, then it is 422 IMPORT_ROWS_REJECTED with the first reasons and nothing is imported', async () => {
    const fileId = await uploadOne(tinkerpopWithBrokenWeight(), 'tinkerpop-broken.xml');
    const response = await importFile({ fileId, mapping: (await analyze(fileId)).body.graphml.mapping, allOrNothing: true });
    expect(response.status).toBe(422);
    expect(response.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(response.body).toMatchObject({ code: 'IMPORT_ROWS_REJECTED' });
    expect(response.body.rejected[0]).toEqual({ row: 7, reason: 'edge 7 (line 1): weight: "0.5" is not a boolean' });
    expect(response.body.detail).toMatch(/all-or-nothing, so nothing was imported/);
    expect(await nodes()).toEqual([]);
    expect(await relationships()).toEqual([]);
    const row = await t.deps.db('imports').where({ id: response.body.importId }).first();
    expect(row.state).toBe('failed');
    // The same file imports without the option: the upload was not used up by the failed attempt.
    const again = await importFile({ fileId, mapping: { kind: 'graphml', keys: { weight: 'skip' } }, allOrNothing: true });
    expect(again.status).toBe(200);
    expect(again.body.report).toMatchObject({ nodesCreated: 6, relationshipsCreated: 6, rowsRejected: 0, outcome: 'succeeded' });
  }, 60000);
});

describe('Half-rejected tables: a column that stops converting after the rows the types are inferred from', () => {
  it('when a CSV whose score column turns to words after row 1,000 is analysed and imported, then the analysis counts the 500 rows it would reject and the import ends succeeded-with-rejected', async () => {
    const lines = ['id,score', ...Array.from({ length: 1500 }, (_, i) => `${i},${i < 1000 ? i * 3 : i % 2 ? 'high' : 'low'}`)];
    const fileId = await uploadOne(Buffer.from(lines.join('\n'), 'utf8'), 'scores.csv');
    const analysis = await analyze(fileId);
    expect(analysis.status).toBe(200);
    const table = analysis.body.tables[0];
    expect(table.columns.map((c: { type: string }) => c.type)).toEqual(['integer', 'integer']);
    expect(table.rejections.rows).toBe(500);
    expect(table.rejections.first[0]).toBe('row 1002: column score: "low" is not an integer');
    const response = await importFile({ fileId, mapping: table.mapping });
    expect(response.status).toBe(200);
    expect(response.body.report).toMatchObject({ nodesCreated: 1000, rowsRejected: 500, outcome: 'succeeded-with-rejected' });
  }, 60000);
});

describe('Undo of an import, and one start per upload', () => {
  it('when an import is undone, then what it created is gone, the undo is audited, a second undo is 409, and the file can be imported again', async () => {
    await t.deps.graph.createNode({ labels: ['Other'], properties: { name: 'kept' } }, UNRESTRICTED);
    const fileId = await uploadOne(dataset('graphml/tinkerpop-classic.xml'), 'tinkerpop-classic.xml');
    const done = await importFile({ fileId, mapping: { kind: 'graphml' } });
    expect(done.status).toBe(200);
    expect(done.body.undo).toEqual({ possible: true, reason: null, undoneAt: null });
    expect(done.body.createdNodeIds).toHaveLength(6);
    expect((await nodes()).length).toBe(7);

    const undone = await undo(done.body.importId);
    expect(undone.status).toBe(200);
    expect(undone.body.undo).toMatchObject({ possible: false, reason: 'The import was undone already' });
    expect(undone.body.undo.undoneAt).toEqual(expect.any(String));
    expect(undone.body.createdNodeIds).toEqual([]);
    expect((await nodes()).map((n) => n.properties.name)).toEqual(['kept']);
    expect(await relationships()).toEqual([]);
    const events = await t.deps.db('audit_events').where({ action: 'data.import.undo', target_id: done.body.importId });
    expect(events).toHaveLength(1);
    expect(events[0].details).toMatchObject({ nodesCreated: 6, relationshipsCreated: 6, nodesDeleted: 6, relationshipsDeleted: 6 });

    const twice = await undo(done.body.importId);
    expect(twice.status).toBe(409);
    expect(twice.body).toMatchObject({ code: 'IMPORT_NOT_UNDOABLE' });
    const again = await importFile({ fileId, mapping: { kind: 'graphml' } });
    expect(again.status).toBe(200);
    expect((await nodes()).length).toBe(7);
  }, 60000);

  it('when a relationship made after the import is attached to an imported node, then undo is 409 UNDO_CONFLICT and nothing is deleted', async () => {
    const fileId = await uploadOne(dataset('graphml/tinkerpop-classic.xml'), 'tinkerpop-classic.xml');
    const done = await importFile({ fileId, mapping: { kind: 'graphml' } });
    const other = await t.deps.graph.createNode({ labels: ['Other'], properties: {} }, UNRESTRICTED);
    await t.deps.graph.createRelationship(
      { type: 'LATER', startNodeId: other.id, endNodeId: done.body.createdNodeIds[0], properties: {} },
      UNRESTRICTED,
    );
    const refused = await undo(done.body.importId);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'UNDO_CONFLICT' });
    expect((await nodes()).length).toBe(7);
    expect((await relationships()).length).toBe(7);
    expect(await t.deps.db('audit_events').where({ action: 'data.import.undo', target_id: done.body.importId })).toEqual([]);
    const status = await request(t.app).get(`/data/import/imports/${done.body.importId}`).set('Authorization', admin);
    expect(status.body.undo.possible).toBe(true);
  }, 60000);

  it('when an import created more elements than imports.maxUndoElements, then it says it cannot be undone and undo is 409', async () => {
    const fileId = await uploadOne(dataset('graphml/graphology-miserables.graphml'), 'miserables.graphml');
    const done = await importFile({ fileId, mapping: { kind: 'graphml' } });
    expect(done.status).toBe(200);
    expect(done.body.undo.possible).toBe(false);
    expect(done.body.undo.reason).toMatch(/more than 100 nodes and relationships/);
    const refused = await undo(done.body.importId);
    expect(refused.status).toBe(409);
    expect((await nodes()).length).toBe(77);
  }, 60000);

  it('when the same analysed upload is started a second time, after or while the first runs, then it is 409 IMPORT_ALREADY_STARTED and nothing is duplicated', async () => {
    const fileId = await uploadOne(dataset('graphml/tinkerpop-classic.xml'), 'tinkerpop-classic.xml');
    // A dry run does not use the upload up.
    expect((await importFile({ fileId, mapping: { kind: 'graphml' }, dryRun: true })).status).toBe(200);
    const first = await importFile({ fileId, mapping: { kind: 'graphml' } });
    expect(first.status).toBe(200);
    const second = await importFile({ fileId, mapping: { kind: 'graphml' } });
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({ code: 'IMPORT_ALREADY_STARTED', importId: first.body.importId, state: 'succeeded' });
    expect((await nodes()).length).toBe(6);

    // Two clicks at once: one import, one 409.
    const other = await uploadOne(dataset('graphml/tinkerpop-classic.xml'), 'tinkerpop-classic.xml');
    const both = await Promise.all([
      importFile({ fileId: other, mapping: { kind: 'graphml' } }),
      importFile({ fileId: other, mapping: { kind: 'graphml' } }),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    expect((await nodes()).length).toBe(12);
  }, 60000);
});

describe("Undo within the importer's scope", () => {
  it('when a node of the import is hidden from its importer since, then undo leaves it (and refuses while an import relationship the importer cannot see hangs on a node), and nobody else can undo the import', async () => {
    const [group] = await t.deps
      .db('groups')
      .insert({ name: 'Importers who cannot see Hid', entity_security: JSON.stringify({ nodeFilter: { not: { label: 'Hid' } } }) })
      .returning('id');
    await t.createUser('importer', { password: 'importer-password-1', permissions: ['DATA_MANAGEMENT'], groupIds: [String(group.id)] });
    const importer = t.basic('importer', 'importer-password-1');
    const upload = await request(t.app)
      .post('/data/import/uploadFile')
      .set('Authorization', importer)
      .attach('file', dataset('graphml/tinkerpop-classic.xml'), { filename: 'tinkerpop-classic.xml', contentType: 'application/xml' });
    const done = await request(t.app)
      .post('/data/import/importFile')
      .set('Authorization', importer)
      .send({ fileId: upload.body.files[0].fileId, mapping: { kind: 'graphml' } });
    expect(done.status).toBe(200);
    expect(done.body.report).toMatchObject({ nodesCreated: 6, relationshipsCreated: 6 });

    // The import belongs to its importer: the administrator cannot even see it.
    expect((await undo(done.body.importId)).status).toBe(404);

    // vadas (GraphML node 2) becomes Hid: the importer no longer sees it, nor the edge 1 -> 2 (knows).
    const vadas = (await nodes()).find((n) => n.properties.id === '2')!;
    await t.deps.graph.updateNode(vadas.id, { addLabels: ['Hid'] }, UNRESTRICTED);
    const blocked = await request(t.app).post(`/data/import/imports/${done.body.importId}/undo`).set('Authorization', importer).send({});
    expect(blocked.status).toBe(409);
    expect(blocked.body.code).toBe('UNDO_CONFLICT');
    expect((await nodes()).length).toBe(6);
    expect((await relationships()).length).toBe(6);

    // Once that edge is gone, undo deletes everything the importer sees, and leaves vadas.
    const toVadas = (await relationships()).find((r) => r.endNodeId === vadas.id)!;
    await t.deps.graph.deleteRelationship(toVadas.id, UNRESTRICTED);
    const undone = await request(t.app).post(`/data/import/imports/${done.body.importId}/undo`).set('Authorization', importer).send({});
    expect(undone.status).toBe(200);
    expect((await nodes()).map((n) => n.properties.name)).toEqual(['vadas']);
    expect(await relationships()).toEqual([]);
    const [event] = await t.deps.db('audit_events').where({ action: 'data.import.undo', target_id: done.body.importId });
    expect(event.details).toMatchObject({ nodesCreated: 6, relationshipsCreated: 6, nodesDeleted: 5, relationshipsDeleted: 5 });
  }, 60000);
});

describe("The refusals in the reader's language", () => {
  it('when an imported upload is started again and a blocked import is undone, then their details have German and Czech templates in the server catalog', async () => {
    const fileId = await uploadOne(dataset('graphml/tinkerpop-classic.xml'), 'tinkerpop-classic.xml');
    const done = await importFile({ fileId, mapping: { kind: 'graphml' } });
    const again = await importFile({ fileId, mapping: { kind: 'graphml' } });
    expect(again.status).toBe(409);
    expect(localizeDetail('IMPORT_ALREADY_STARTED', again.body.detail, 'de')).toBe(
      'Diese Datei wurde bereits importiert; machen Sie diesen Import rückgängig, um sie erneut zu importieren',
    );
    const other = await t.deps.graph.createNode({ labels: ['Other'], properties: {} }, UNRESTRICTED);
    await t.deps.graph.createRelationship(
      { type: 'LATER', startNodeId: other.id, endNodeId: done.body.createdNodeIds[0], properties: {} },
      UNRESTRICTED,
    );
    const refused = await undo(done.body.importId);
    expect(refused.status).toBe(409);
    expect(localizeDetail('UNDO_CONFLICT', refused.body.detail, 'cs')).toMatch(
      /^Import nelze vrátit zpět: k uzlům, které vytvořil, jsou připojeny vztahy \(1\)/,
    );
    const rejected = await importFile({
      fileId: await uploadOne(tinkerpopWithBrokenWeight(), 'broken.xml'),
      mapping: { kind: 'graphml' },
      allOrNothing: true,
    });
    expect(rejected.status).toBe(422);
    expect(localizeDetail('IMPORT_ROWS_REJECTED', rejected.body.detail, 'de')).toMatch(
      /^Zeilen wurden abgewiesen \(6 abgewiesen, 0 übersprungen/,
    );
  }, 60000);
});

describe('Undo of a relationships CSV whose ends are matched in one statement (PostgreSQL key tables)', () => {
  let big: TestApp;
  beforeAll(async () => {
    big = await createTestApp();
  });
  afterAll(async () => {
    await big.close();
  });

  it('when 3,000 relationships between 100 people are imported and both imports are undone in turn, then each undo removes exactly what its import created', async () => {
    const auth = big.basic('admin', ADMIN_PASSWORD);
    const send = async (name: string, text: string, mapping: Record<string, unknown>) => {
      const upload = await request(big.app)
        .post('/data/import/uploadFile')
        .set('Authorization', auth)
        .attach('file', Buffer.from(text, 'utf8'), { filename: name, contentType: 'text/csv' });
      expect(upload.status).toBe(201);
      return request(big.app)
        .post('/data/import/importFile')
        .set('Authorization', auth)
        .send({ fileId: upload.body.files[0].fileId, mapping, background: false });
    };
    const people = ['id,name', ...Array.from({ length: 100 }, (_, i) => `${i},person ${i}`)].join('\n');
    const nodesDone = await send('people.csv', people, {
      kind: 'nodes',
      labels: ['Person'],
      columns: [{ column: 'id', type: 'integer' }, { column: 'name' }],
    });
    expect(nodesDone.status).toBe(200);
    // 3,000 rows, ends by Person.id: more than 5,000 values, so the key table path (one INSERT per batch) runs.
    const knows = ['from,to', ...Array.from({ length: 3000 }, (_, i) => `${i % 100},${(i * 7 + 3) % 100}`)].join('\n');
    const relsDone = await send('knows.csv', knows, {
      kind: 'relationships',
      type: 'KNOWS',
      start: { column: 'from', label: 'Person', property: 'id' },
      end: { column: 'to', label: 'Person', property: 'id' },
    });
    expect(relsDone.status).toBe(200);
    expect(relsDone.body.report).toMatchObject({ relationshipsCreated: 3000, rowsSkipped: 0 });
    expect(relsDone.body.undo.possible).toBe(true);
    const count = async (table: string) => Number((await big.deps.db(table).count({ n: '*' }))[0].n);
    expect(await count('graph_relationships')).toBe(3000);

    // The nodes import cannot be undone while the relationships of the other import hang on its nodes.
    const blocked = await request(big.app).post(`/data/import/imports/${nodesDone.body.importId}/undo`).set('Authorization', auth).send({});
    expect(blocked.status).toBe(409);
    expect(blocked.body.code).toBe('UNDO_CONFLICT');

    const relsUndone = await request(big.app)
      .post(`/data/import/imports/${relsDone.body.importId}/undo`)
      .set('Authorization', auth)
      .send({});
    expect(relsUndone.status).toBe(200);
    expect(await count('graph_relationships')).toBe(0);
    expect(await count('graph_nodes')).toBe(100);
    const nodesUndone = await request(big.app)
      .post(`/data/import/imports/${nodesDone.body.importId}/undo`)
      .set('Authorization', auth)
      .send({});
    expect(nodesUndone.status).toBe(200);
    expect(await count('graph_nodes')).toBe(0);
    const events = await big.deps.db('audit_events').where({ action: 'data.import.undo' }).orderBy('id');
    expect(events.map((e) => [e.details.nodesDeleted, e.details.relationshipsDeleted])).toEqual([
      [0, 3000],
      [100, 0],
    ]);
  }, 120000);
});
