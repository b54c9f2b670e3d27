import path from 'node:path';
import { readFileSync } from 'node:fs';
import AdmZip from 'adm-zip';
import request from 'supertest';
import type { GraphNode, GraphRelationship } from '../../src/graph/graph-store';
import type { TestApp } from '../support/test-app';
import { createTestApp, ADMIN_PASSWORD } from '../support/test-app';
import { allNodes, allRelationships, emptyGraph, uploadFiles } from '../support/graph-helpers';
import { IntegralFloat } from '../../src/exact-json';

const FIXTURES = path.join(__dirname, '..', 'fixtures', 'import');
const fixture = (name: string): Buffer => readFileSync(path.join(FIXTURES, name));

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp({ imports: { batchRows: 2 } });
  admin = t.basic('admin', ADMIN_PASSWORD);
});
afterAll(async () => {
  await t.close();
});
// Runs on the configured backend (GAS_TEST_GRAPH_BACKEND=neo4j: `npm run test:neo4j`).
beforeEach(() => emptyGraph(t));

const nodes = (): Promise<GraphNode[]> => allNodes(t, true);
const relationships = (): Promise<GraphRelationship[]> => allRelationships(t);
const upload = (files: Array<[Buffer, string]>, auth = admin) => uploadFiles(t, auth, files);
async function uploadOne(content: Buffer, name: string): Promise<string> {
  const response = await upload([[content, name]]);
  expect(response.status).toBe(201);
  return response.body.files[0].fileId as string;
}
function importFile(body: Record<string, unknown>, auth = admin) {
  return request(t.app).post('/data/import/importFile').set('Authorization', auth).send(body);
}

const peopleMapping = {
  kind: 'nodes',
  labels: ['Person'],
  mergeKey: { label: 'Person', property: 'id' },
  columns: [
    { column: 'id', type: 'integer' },
    { column: 'name' },
    { column: 'age', type: 'integer' },
    { column: 'born', type: 'date' },
    { column: 'active', type: 'boolean' },
    { column: 'tags', type: 'list', separator: '|' },
  ],
};

const expectedPeople = [
  {
    labels: ['Person'],
    properties: { id: 1, name: 'Ann', age: 34, born: { $type: 'Date', _value: '1990-04-01' }, active: true, tags: ['a', 'b'] },
  },
  {
    labels: ['Person'],
    properties: { id: 2, name: 'Bob', age: 41, born: { $type: 'Date', _value: '1983-11-20' }, active: false, tags: ['c'] },
  },
  { labels: ['Person'], properties: { id: 3, name: 'Cyril', age: 28, born: { $type: 'Date', _value: '1996-02-29' }, active: true } },
];

describe('upload', () => {
  it('when a CSV is uploaded, then it gets a file id that only its uploader can analyse', async () => {
    const response = await upload([[fixture('people.csv'), 'people.csv']]);
    expect(response.status).toBe(201);
    expect(response.body.files).toEqual([expect.objectContaining({ name: 'people.csv', type: 'csv', archive: null })]);
    await t.createUser('other', { password: 'other-password-1', permissions: ['DATA_MANAGEMENT'] });
    const other = await request(t.app)
      .post('/data/import/analyzeFile')
      .set('Authorization', t.basic('other', 'other-password-1'))
      .send({ fileId: response.body.files[0].fileId });
    expect(other.status).toBe(404);
  });

  it('when a user without Data management uploads, then it is 403', async () => {
    await t.createUser('reader', { password: 'reader-password-1' });
    const response = await upload([[fixture('people.csv'), 'people.csv']], t.basic('reader', 'reader-password-1'));
    expect(response.status).toBe(403);
  });

  it('when a zip of several files is uploaded, then each entry gets its own file id and type', async () => {
    const zip = new AdmZip();
    zip.addFile('people.csv', fixture('people.csv'));
    zip.addFile('data/people.xlsx', fixture('people.xlsx'));
    zip.addFile('graph.graphml', fixture('graph.graphml'));
    const response = await upload([[zip.toBuffer(), 'bundle.zip']]);
    expect(response.status).toBe(201);
    expect(response.body.files.map((f: { name: string; type: string; archive: string }) => [f.name, f.type, f.archive]).sort()).toEqual([
      ['graph.graphml', 'graphml', 'bundle.zip'],
      ['people.csv', 'csv', 'bundle.zip'],
      ['people.xlsx', 'xlsx', 'bundle.zip'],
    ]);
  });

  it('when the upload has expired, then the file id is 404', async () => {
    const fileId = await uploadOne(fixture('people.csv'), 'people.csv');
    await t.deps
      .db('import_uploads')
      .where({ id: fileId })
      .update({ expires_at: new Date(Date.now() - 1000) });
    const response = await request(t.app).post('/data/import/analyzeFile').set('Authorization', admin).send({ fileId });
    expect(response.status).toBe(404);
  });
});

describe('analysis', () => {
  it('when a node CSV is analysed, then encoding, dialect, column types, counts, samples and a mapping are reported', async () => {
    const fileId = await uploadOne(fixture('people.csv'), 'people.csv');
    const response = await request(t.app).post('/data/import/analyzeFile').set('Authorization', admin).send({ fileId });
    expect(response.status).toBe(200);
    const [table] = response.body.tables;
    expect(table).toMatchObject({ encoding: 'utf-8', bom: false, delimiter: ',', quote: '"', header: true, rowCount: 3, kind: 'nodes' });
    expect(table.columns.map((c: { name: string; type: string; empty: number }) => [c.name, c.type, c.empty])).toEqual([
      ['id', 'integer', 0],
      ['name', 'string', 0],
      ['age', 'integer', 0],
      ['born', 'date', 0],
      ['active', 'boolean', 0],
      ['tags', 'list', 1],
    ]);
    expect(table.sampleRows[0]).toEqual(['1', 'Ann', '34', '1990-04-01', 'true', 'a|b']);
    expect(table.mapping).toMatchObject({ kind: 'nodes', labels: ['People'], mergeKey: { label: 'People', property: 'id' } });
  });

  it('when a relationship CSV is analysed, then it is guessed as relationships from its from/to columns', async () => {
    const fileId = await uploadOne(fixture('knows.csv'), 'knows.csv');
    const response = await request(t.app).post('/data/import/analyzeFile').set('Authorization', admin).send({ fileId });
    expect(response.body.tables[0]).toMatchObject({
      kind: 'relationships',
      mapping: { kind: 'relationships', start: { column: 'from' }, end: { column: 'to' } },
    });
  });

  it.each([
    ['UTF-8 with BOM', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('name;city\nŽofie;Plzeň\n')]), 'utf-8', true, ';'],
    ['UTF-16 LE', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('name\tcity\nŽofie\tPlzeň\n', 'utf16le')]), 'utf-16le', true, '\t'],
    [
      'UTF-16 BE',
      Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from('name,city\nŽofie,Plzeň\n', 'utf16le').swap16()]),
      'utf-16be',
      true,
      ',',
    ],
    [
      'Windows-1250',
      Buffer.from([
        ...Buffer.from('name;city\n'),
        0x8e,
        ...Buffer.from('ofie;Plze'),
        0xf2,
        0x0a,
        0x8a,
        ...Buffer.from('t'),
        0xec,
        ...Buffer.from('p;'),
        0x8e,
        ...Buffer.from('d'),
        0xe1,
        ...Buffer.from('r\n'),
      ]),
      'windows-1250',
      false,
      ';',
    ],
    [
      'Windows-1252',
      Buffer.from([
        ...Buffer.from('name,city\nFran'),
        0xe7,
        ...Buffer.from('ois,Cura'),
        0xe7,
        0x61,
        0x6f,
        0x0a,
        0x80,
        ...Buffer.from('uro,Sa'),
        0xf1,
        ...Buffer.from('a\n'),
      ]),
      'windows-1252',
      false,
      ',',
    ],
  ])('when a %s CSV is analysed, then its encoding and text are detected', async (_name, content, encoding, bom, delimiter) => {
    const fileId = await uploadOne(content, 'cities.csv');
    const response = await request(t.app).post('/data/import/analyzeFile').set('Authorization', admin).send({ fileId });
    expect(response.status).toBe(200);
    expect(response.body.tables[0]).toMatchObject({ encoding, bom, delimiter });
    if (encoding !== 'windows-1252') expect(response.body.tables[0].sampleRows[0]).toEqual(['Žofie', 'Plzeň']);
    else expect(response.body.tables[0].sampleRows[0]).toEqual(['François', 'Curaçao']);
  });

  it('when an XLSX saved by LibreOffice is analysed, then its sheet is a table with typed columns', async () => {
    const fileId = await uploadOne(fixture('people.xlsx'), 'people.xlsx');
    const response = await request(t.app).post('/data/import/analyzeFile').set('Authorization', admin).send({ fileId });
    expect(response.status).toBe(200);
    expect(response.body.type).toBe('xlsx');
    const [sheet] = response.body.tables;
    expect(sheet).toMatchObject({ name: 'import-sheet', rowCount: 3, formulaCells: { count: 0 } });
    expect(sheet.columns.map((c: { type: string }) => c.type)).toEqual(['integer', 'string', 'integer', 'date', 'boolean', 'list']);
  });

  it('when a GraphML file written by networkx is analysed, then counts, keys, labels and directedness are reported', async () => {
    const fileId = await uploadOne(fixture('graph.graphml'), 'graph.graphml');
    const response = await request(t.app).post('/data/import/analyzeFile').set('Authorization', admin).send({ fileId });
    expect(response.status).toBe(200);
    expect(response.body.graphml).toMatchObject({
      nodeCount: 3,
      edgeCount: 3,
      directed: true,
      parallelEdges: 0,
      labels: ['City', 'Country'],
      relationshipTypes: ['IN', 'ROAD'],
      labelSource: 'label key',
    });
    expect(response.body.graphml.keys).toContainEqual({ id: 'd2', for: 'node', name: 'population', type: 'long' });
  });
});

describe('import', () => {
  it('when a node CSV is imported with a merge key, then every row is a node with typed properties, and a re-import updates them', async () => {
    const fileId = await uploadOne(fixture('people.csv'), 'people.csv');
    const first = await importFile({ fileId, mapping: peopleMapping });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ state: 'succeeded', report: { rowsRead: 3, nodesCreated: 3, nodesUpdated: 0, rowsRejected: 0 } });
    expect((await nodes()).map(({ labels, properties }) => ({ labels, properties }))).toEqual(expectedPeople);

    const changed = await uploadOne(Buffer.from('id,name,age\n1,Ann,35\n4,Dora,50\n'), 'people2.csv');
    const second = await importFile({
      fileId: changed,
      mapping: { ...peopleMapping, columns: [{ column: 'id', type: 'integer' }, { column: 'name' }, { column: 'age', type: 'integer' }] },
    });
    expect(second.body.report).toMatchObject({ nodesCreated: 1, nodesUpdated: 1 });
    const after = await nodes();
    expect(after).toHaveLength(4);
    expect(after.find((n) => n.properties.name === 'Ann')!.properties).toMatchObject({
      id: 1,
      age: 35,
      born: { $type: 'Date', _value: '1990-04-01' },
    });
    const events = await t.deps.db('audit_events').where({ action: 'data.import' }).orderBy('id');
    expect(events).toHaveLength(2);
    expect(events[0].details).toMatchObject({ file: 'people.csv', rowsRead: 3, nodesCreated: 3, durationMs: expect.any(Number) });
  });

  it('when a relationship CSV is imported with ends matched by a property, then relationships join the right nodes and a missing end is skipped and reported', async () => {
    await importFile({ fileId: await uploadOne(fixture('people.csv'), 'people.csv'), mapping: peopleMapping });
    const people = new Map((await nodes()).map((n) => [n.properties.id, n.id]));
    const fileId = await uploadOne(fixture('knows.csv'), 'knows.csv');
    const response = await importFile({
      fileId,
      mapping: {
        kind: 'relationships',
        type: 'KNOWS',
        start: { column: 'from', label: 'Person', property: 'id' },
        end: { column: 'to', label: 'Person', property: 'id' },
        columns: [
          { column: 'since', type: 'integer' },
          { column: 'weight', type: 'float' },
        ],
      },
    });
    expect(response.body).toMatchObject({
      state: 'succeeded',
      report: { rowsRead: 4, relationshipsCreated: 3, rowsSkipped: 1, rejected: [{ row: 5, reason: 'start or end node not found' }] },
    });
    const rels = (await relationships()).map((r) => [r.type, r.startNodeId, r.endNodeId, r.properties]);
    expect(rels).toEqual(
      expect.arrayContaining([
        ['KNOWS', people.get(1), people.get(2), { since: 2019, weight: 0.5 }],
        ['KNOWS', people.get(2), people.get(3), { since: 2021, weight: 1.5 }],
        ['KNOWS', people.get(3), people.get(1), { since: 2020, weight: new IntegralFloat(2) }],
      ]),
    );
    expect(rels).toHaveLength(3);
    const csv = await request(t.app).get(`/data/import/imports/${response.body.importId}/rejected.csv`).set('Authorization', admin);
    expect(csv.status).toBe(200);
    expect(csv.text).toBe('row,reason,values\r\n5,start or end node not found,1,9,2018,1\r\n');
  });

  it('when missing ends are to be created, then the missing node is created once', async () => {
    const fileId = await uploadOne(Buffer.from('from,to\n1,2\n2,1\n1,3\n'), 'knows.csv');
    const response = await importFile({
      fileId,
      mapping: {
        kind: 'relationships',
        type: 'KNOWS',
        start: { column: 'from', label: 'Person', property: 'id' },
        end: { column: 'to', label: 'Person', property: 'id' },
        missingEnds: 'create',
      },
    });
    expect(response.body.report).toMatchObject({ nodesCreated: 3, relationshipsCreated: 3, rowsSkipped: 0 });
    expect((await nodes()).map((n) => n.properties.id).sort()).toEqual([1, 2, 3]);
  });

  it.each([['people.xlsx'], ['people.xls']])(
    "when %s saved by LibreOffice is imported, then its rows are nodes like the CSV's",
    async (name) => {
      const fileId = await uploadOne(fixture(name), name);
      const response = await importFile({ fileId, mapping: peopleMapping });
      expect(response.body).toMatchObject({ state: 'succeeded', report: { nodesCreated: 3 } });
      expect((await nodes()).map(({ labels, properties }) => ({ labels, properties }))).toEqual(expectedPeople);
    },
  );

  it('when a GraphML file written by networkx is imported, then its nodes, labels, typed properties and edges are in the graph', async () => {
    const fileId = await uploadOne(fixture('graph.graphml'), 'graph.graphml');
    const response = await importFile({ fileId, mapping: { kind: 'graphml' } });
    expect(response.body).toMatchObject({ state: 'succeeded', report: { nodesCreated: 3, relationshipsCreated: 3 } });
    const all = await nodes();
    expect(all.map(({ labels, properties }) => ({ labels, properties }))).toEqual([
      { labels: ['City'], properties: { id: 'b', name: 'Brno', population: 380000 } },
      { labels: ['Country'], properties: { id: 'c', name: 'Czechia', population: 10500000, member: true } },
      { labels: ['City'], properties: { id: 'a', name: 'Prague', population: 1300000 } },
    ]);
    const byId = new Map(all.map((n) => [n.properties.id, n.id]));
    expect((await relationships()).map((r) => [r.type, r.startNodeId, r.endNodeId, r.properties])).toEqual(
      expect.arrayContaining([
        ['IN', byId.get('a'), byId.get('c'), { distance: new IntegralFloat(0) }],
        ['IN', byId.get('b'), byId.get('c'), { distance: new IntegralFloat(0) }],
        ['ROAD', byId.get('a'), byId.get('b'), { distance: 205.5 }],
      ]),
    );
  });

  it('when every file of a zip is imported, then each lands in the graph', async () => {
    const zip = new AdmZip();
    zip.addFile('people.csv', fixture('people.csv'));
    zip.addFile('graph.graphml', fixture('graph.graphml'));
    const files: Array<{ fileId: string; type: string }> = (await upload([[zip.toBuffer(), 'bundle.zip']])).body.files;
    for (const file of files) {
      const response = await importFile({ fileId: file.fileId, mapping: file.type === 'csv' ? peopleMapping : { kind: 'graphml' } });
      expect(response.body.state).toBe('succeeded');
    }
    expect(await nodes()).toHaveLength(6);
  });

  it('when a dry run is asked, then the counts are reported and nothing is written', async () => {
    const fileId = await uploadOne(fixture('people.csv'), 'people.csv');
    const response = await importFile({ fileId, mapping: peopleMapping, dryRun: true });
    expect(response.body).toMatchObject({ state: 'succeeded', dryRun: true, report: { nodesCreated: 3, dryRun: true } });
    expect(await nodes()).toEqual([]);
    expect(await t.deps.db('audit_events').where({ action: 'data.import' }).whereRaw("details->>'fileId' = ?", [fileId])).toEqual([]);
  });

  it('when rows do not convert, then they are rejected with reasons and the others imported', async () => {
    const fileId = await uploadOne(Buffer.from('id,name,age\n1,Ann,34\n2,Bob,old\nx,Cyril,3\n'), 'people.csv');
    const response = await importFile({
      fileId,
      mapping: {
        kind: 'nodes',
        labels: ['Person'],
        columns: [{ column: 'id', type: 'integer' }, { column: 'name' }, { column: 'age', type: 'integer' }],
      },
    });
    expect(response.body.report).toMatchObject({
      nodesCreated: 1,
      rowsRejected: 2,
      rejected: [
        { row: 3, reason: 'column age: "old" is not an integer' },
        { row: 4, reason: 'column id: "x" is not an integer' },
      ],
    });
    const csv = await request(t.app).get(`/data/import/imports/${response.body.importId}/rejected.csv`).set('Authorization', admin);
    expect(csv.text).toContain('3,"column age: ""old"" is not an integer",2,Bob,old');
  });

  it('when a row breaks a DATA_SCHEMA restriction, then it is rejected naming the rule', async () => {
    const schema = {
      nodes: { Person: { age: { dataType: 'integer', min: 0, max: 150 }, name: { dataType: 'string', mandatory: true } } },
      relationships: {},
    };
    const put = await request(t.app).put('/settings/DATA_SCHEMA').set('Authorization', admin).send(schema);
    expect(put.status).toBeLessThan(300);
    try {
      const fileId = await uploadOne(Buffer.from('id,name,age\n1,Ann,34\n2,Bob,200\n3,,20\n'), 'people.csv');
      const response = await importFile({
        fileId,
        mapping: {
          kind: 'nodes',
          labels: ['Person'],
          columns: [{ column: 'id', type: 'integer' }, { column: 'name' }, { column: 'age', type: 'integer' }],
        },
      });
      expect(response.body.report.rowsRejected).toBe(2);
      expect(response.body.report.rejected[0].reason).toMatch(/^DATA_SCHEMA: age must be at most 150/);
      expect(response.body.report.rejected[1].reason).toMatch(/^DATA_SCHEMA: name is mandatory/);
    } finally {
      await request(t.app).put('/settings/DATA_SCHEMA').set('Authorization', admin).send({ nodes: {}, relationships: {} });
    }
  });

  it('when an import fails after batches were written, then nothing of it stays', async () => {
    // batchRows is 2: the first two batches are written before line 6 breaks the file.
    const fileId = await uploadOne(Buffer.from('id,name\n1,a\n2,b\n3,c\n4,d\n5,"e\n'), 'broken.csv');
    const response = await importFile({ fileId, mapping: { kind: 'nodes', labels: ['Person'] } });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'CSV_INVALID', line: 6, importId: expect.any(String) });
    expect(response.body.detail).toMatch(/broken\.csv, line 6: a quote that is never closed/);
    expect(await nodes()).toEqual([]);
    const status = await request(t.app).get(`/data/import/imports/${response.body.importId}`).set('Authorization', admin);
    expect(status.body).toMatchObject({ state: 'failed', error: { code: 'CSV_INVALID' }, report: { nodesCreated: 0 } });
  });

  it('when a background import is cancelled, then it ends cancelled and nothing of it stays', async () => {
    const rows = Array.from({ length: 3000 }, (_, i) => `${i},n${i}`).join('\n');
    const fileId = await uploadOne(Buffer.from(`id,name\n${rows}\n`), 'many.csv');
    const started = await importFile({ fileId, mapping: { kind: 'nodes', labels: ['Person'] }, background: true });
    expect(started.status).toBe(202);
    expect(started.body.state).toBe('running');
    const cancelled = await request(t.app).delete(`/data/import/imports/${started.body.importId}`).set('Authorization', admin);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.state).toBe('cancelled');
    expect(await nodes()).toEqual([]);
  });

  it('when a background import finishes, then GET reports progress and the report', async () => {
    const fileId = await uploadOne(fixture('people.csv'), 'people.csv');
    const started = await importFile({ fileId, mapping: peopleMapping, background: true });
    expect(started.status).toBe(202);
    let status = started.body;
    for (let i = 0; i < 100 && status.state === 'running'; i++) {
      await new Promise((r) => setTimeout(r, 50));
      status = (await request(t.app).get(`/data/import/imports/${started.body.importId}`).set('Authorization', admin)).body;
    }
    expect(status).toMatchObject({ state: 'succeeded', progress: { rowsDone: 3, rowsTotal: 3 }, report: { nodesCreated: 3 } });
  });
});
