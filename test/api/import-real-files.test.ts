import request from 'supertest';
import { IntegralFloat } from '../../src/exact-json';
import type { GraphNode, GraphRelationship } from '../../src/graph/graph-store';
import type { TestApp } from '../support/test-app';
import { createTestApp, ADMIN_PASSWORD } from '../support/test-app';
import { allNodes, allRelationships, emptyGraph, sharedDataset, uploadFiles } from '../support/graph-helpers';

/*
 * The import on files written by other programs (igraph, graphology / Gephi, yFiles for HTML,
 * a spreadsheet from a public repository), read at run time from ../shared/datasets/ (issue 23;
 * see its README for where each file comes from). Nothing of them is copied into this repository.
 */
const dataset = sharedDataset;

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

const nodes = (): Promise<GraphNode[]> => allNodes(t);
const relationships = (): Promise<GraphRelationship[]> => allRelationships(t);
function byGraphmlId(all: GraphNode[]): Map<unknown, GraphNode> {
  return new Map(all.map((n) => [n.properties.id, n]));
}

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

/** Every property value of the graph that is text made of white space only (junk from XML layout). */
function blankValues(elements: Array<{ properties: Record<string, unknown> }>): string[] {
  return elements.flatMap((e) =>
    Object.entries(e.properties)
      .filter(([, v]) => typeof v === 'string' && v.trim() === '')
      .map(([k]) => k),
  );
}

describe('GraphML booleans (igraph-test.graphml)', () => {
  it('when igraph-test.graphml is imported, then all 6 nodes and 7 relationships arrive with 0 rejected rows, 0/1/any case/spaces read as booleans and a default of 1 as true', async () => {
    const fileId = await uploadOne(dataset('graphml/igraph-test.graphml'), 'igraph-test.graphml');
    const response = await importFile({ fileId, mapping: { kind: 'graphml' } });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      state: 'succeeded',
      report: { rowsRead: 13, nodesCreated: 6, relationshipsCreated: 7, rowsRejected: 0, rowsSkipped: 0, rejected: [] },
    });
    const all = byGraphmlId(await nodes());
    expect(all.size).toBe(6);
    // n0: "  true   " (spaces trimmed); n1: no data, so the defaults (yellow, <default>1</default>);
    // n2: 0; n3: only the default; n4: false; n5: fAlSe.
    expect(all.get('n0')!.properties).toMatchObject({ color: 'green', gender: true });
    expect(all.get('n1')!.properties).toEqual({ id: 'n1', color: 'yellow', gender: true });
    expect(all.get('n2')!.properties).toMatchObject({ color: 'blue', gender: false });
    expect(all.get('n3')!.properties).toEqual({ id: 'n3', color: 'red "with entities"', gender: true });
    expect(all.get('n4')!.properties.gender).toBe(false);
    expect(all.get('n5')!.properties).toMatchObject({ color: 'turquoise', gender: false });
    const rels = await relationships();
    expect(rels).toHaveLength(7);
    // weight is a GraphML double: 1 and 2 are floats (IntegralFloat, written 1.0 and 2.0), as on Neo4j.
    const weights = rels
      .map((r) => r.properties.weight)
      .map((w) => (w instanceof IntegralFloat ? `${w.value}.0` : w === undefined ? w : String(w as number)));
    expect(weights.sort()).toEqual(['1.0', '1.0', '1.1', '2.0', undefined, undefined, undefined]);
  });

  it('when xs:boolean values are written 1, 0, TRUE and " False " in a file made from igraph-test.graphml, then they are true, false, true and false', async () => {
    const xml = dataset('graphml/igraph-test.graphml')
      .toString('utf8')
      .replace('<data key="d4">  true   </data>', '<data key="d4">1</data>')
      .replace('<data key="d4">false</data>', '<data key="d4">TRUE</data>')
      .replace('<data key="d4">fAlSe</data>', '<data key="d4"> False </data>');
    const fileId = await uploadOne(Buffer.from(xml), 'booleans.graphml');
    const response = await importFile({ fileId, mapping: { kind: 'graphml' } });
    expect(response.body).toMatchObject({ state: 'succeeded', report: { nodesCreated: 6, rowsRejected: 0 } });
    const all = byGraphmlId(await nodes());
    expect(['n0', 'n2', 'n4', 'n5'].map((id) => all.get(id)!.properties.gender)).toEqual([true, false, true, false]);
  });

  it("when a key's default in a file made from igraph-test.graphml is not a boolean, then it is left out with a warning and no row is rejected", async () => {
    const xml = dataset('graphml/igraph-test.graphml').toString('utf8').replace('<default>1</default>', '<default>yes</default>');
    const fileId = await uploadOne(Buffer.from(xml), 'bad-default.graphml');
    const analysis = await analyze(fileId);
    expect(analysis.body.graphml.warnings).toEqual(
      expect.arrayContaining(['the default of the key d4 (gender), "yes", is not a boolean: left out']),
    );
    const response = await importFile({ fileId, mapping: { kind: 'graphml' } });
    expect(response.body).toMatchObject({ state: 'succeeded', report: { nodesCreated: 6, relationshipsCreated: 7, rowsRejected: 0 } });
    const all = byGraphmlId(await nodes());
    expect(all.get('n1')!.properties).toEqual({ id: 'n1', color: 'yellow' });
    expect(all.get('n2')!.properties.gender).toBe(false);
  });
});

describe('GraphML data for an undeclared key (graphology-miserables_broken.graphml)', () => {
  it('when graphology-miserables_broken.graphml is analysed, then it is 422 naming the key, the node and the line', async () => {
    const fileId = await uploadOne(dataset('graphml/graphology-miserables_broken.graphml'), 'miserables_broken.graphml');
    const response = await analyze(fileId);
    expect(response.status).toBe(422);
    expect(response.body).toMatchObject({ code: 'GRAPHML_UNDECLARED_KEY', key: 'label', element: 'node 11', line: 12 });
    expect(response.body.detail).toMatch(
      /miserables_broken\.graphml, line 12: node 11 has data for the key "label", which the file does not declare/,
    );
  });

  it('when graphology-miserables_broken.graphml is imported, then it is 422 naming the key, the node and the line, and nothing is imported', async () => {
    const fileId = await uploadOne(dataset('graphml/graphology-miserables_broken.graphml'), 'miserables_broken.graphml');
    const response = await importFile({ fileId, mapping: { kind: 'graphml' } });
    expect(response.status).toBe(422);
    expect(response.body).toMatchObject({ code: 'GRAPHML_UNDECLARED_KEY', key: 'label', element: 'node 11', line: 12 });
    expect(response.body.detail).toMatch(/line 12: node 11 has data for the key "label"/);
    expect(await nodes()).toEqual([]);
    const status = await request(t.app).get(`/data/import/imports/${response.body.importId}`).set('Authorization', admin);
    expect(status.body).toMatchObject({ state: 'failed', error: { code: 'GRAPHML_UNDECLARED_KEY' } });
  });
});

describe('yFiles for HTML export with ports (igraph-yfiles.graphml)', () => {
  it('when igraph-yfiles.graphml is analysed, then it is read with a warning that its ports are skipped', async () => {
    const fileId = await uploadOne(dataset('graphml/igraph-yfiles.graphml'), 'igraph-yfiles.graphml');
    const response = await analyze(fileId);
    expect(response.status).toBe(200);
    expect(response.body.graphml).toMatchObject({ nodeCount: 4, edgeCount: 4, directed: true, parallelEdges: 1 });
    expect(response.body.graphml.warnings).toEqual(
      expect.arrayContaining([expect.stringMatching(/8 ports \(<port>, first on line 88\) were skipped.*4 edges.*sourceport/)]),
    );
    expect(response.body.graphml.keys).toContainEqual({ id: 'd16', for: 'port', name: 'PortLocationParameter', type: 'string' });
  });

  it('when igraph-yfiles.graphml is imported, then its 4 nodes, parallel edges and self-loop arrive with CDATA text and UTF-8 labels, the ports are skipped with a warning and no property is blank', async () => {
    const fileId = await uploadOne(dataset('graphml/igraph-yfiles.graphml'), 'igraph-yfiles.graphml');
    const response = await importFile({ fileId, mapping: { kind: 'graphml' } });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ state: 'succeeded', report: { nodesCreated: 4, relationshipsCreated: 4, rowsRejected: 0 } });
    expect(response.body.report.warnings).toEqual(expect.arrayContaining([expect.stringMatching(/ports .* were skipped/)]));
    const all = await nodes();
    const byId = byGraphmlId(all);
    expect(byId.get('n0')!.properties).toEqual({
      id: 'n0',
      zOrder: 1,
      Expanded: true,
      description: '<node id="n3">',
      name: 'Top left rounded rectangle',
    });
    expect(byId.get('n1')!.properties.name).toBe('Star');
    expect(byId.get('n2')!.properties.name).toBe('őð中');
    expect(byId.get('n3')!.properties.name).toBe('<p>regular <strong>bold</strong> <em>italic</em></p><p>newline</p>');
    const rels = await relationships();
    const ends = rels
      .map((r) => [all.find((n) => n.id === r.startNodeId)!.properties.id, all.find((n) => n.id === r.endNodeId)!.properties.id])
      .sort();
    expect(ends).toEqual([
      ['n0', 'n1'],
      ['n2', 'n1'],
      ['n2', 'n1'],
      ['n3', 'n3'],
    ]);
    expect(rels.find((r) => r.properties.description === 'this is an edge')).toBeDefined();
    // Item 4: keys for="port" (and yFiles style markup) put no white-space junk on nodes and relationships.
    expect(blankValues(all)).toEqual([]);
    expect(blankValues(rels)).toEqual([]);
    for (const e of [...all, ...rels]) expect(Object.keys(e.properties)).not.toEqual(expect.arrayContaining(['PortLocationParameter']));
    for (const e of [...all, ...rels])
      for (const k of ['PortStyle', 'PortLabels', 'PortViewState', 'NodeStyle', 'NodeGeometry', 'EdgeStyle'])
        expect(e.properties[k]).toBeUndefined();
  });
});

describe('keys apply only to the elements they are declared for', () => {
  it('when igraph-test.graphml puts a for="graph" key on a node, then it is not a node property and the analysis and the result warn about it', async () => {
    const fileId = await uploadOne(dataset('graphml/igraph-test.graphml'), 'igraph-test.graphml');
    const analysis = await analyze(fileId);
    expect(analysis.status).toBe(200);
    const warning = /the key d3 \(unused\) is declared for graph but used on node n0 \(line 20\): left out/;
    expect(analysis.body.graphml.warnings).toEqual(expect.arrayContaining([expect.stringMatching(warning)]));
    const response = await importFile({ fileId, mapping: { kind: 'graphml' } });
    expect(response.body.report.warnings).toEqual(expect.arrayContaining([expect.stringMatching(warning)]));
    const n0 = byGraphmlId(await nodes()).get('n0')!;
    expect(n0.properties).toEqual({ id: 'n0', color: 'green', gender: true });
  });

  it('when a file made from graphology-attributes.graphml declares a key for="all" and uses a for="edge" key on a node, then the first applies to nodes and relationships and the second only to relationships', async () => {
    const xml = dataset('graphml/graphology-attributes.graphml')
      .toString('utf8')
      .replace('<key id="d0" for="node"', '<key id="d0" for="all"')
      .replace('<node id="n1"/>', '<node id="n1"><data key="d1">3.5</data></node>');
    const fileId = await uploadOne(Buffer.from(xml), 'attributes-all.graphml');
    const analysis = await analyze(fileId);
    expect(analysis.body.graphml.warnings).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/the key d1 \(weight\) is declared for edge but used on node n1 \(line \d+\): left out/),
      ]),
    );
    const response = await importFile({ fileId, mapping: { kind: 'graphml' } });
    expect(response.body).toMatchObject({ state: 'succeeded', report: { nodesCreated: 6, relationshipsCreated: 7, rowsRejected: 0 } });
    const all = byGraphmlId(await nodes());
    expect(all.get('n1')!.properties).toEqual({ id: 'n1', color: 'yellow' });
    const rels = await relationships();
    // for="all": the default colour is on every relationship too; for="edge": weights only there.
    expect(rels.map((r) => r.properties.color)).toEqual(new Array(7).fill('yellow'));
    expect(rels.filter((r) => r.properties.weight !== undefined)).toHaveLength(4);
  });

  it('when igraph-yfiles.graphml without its ports is imported, then its for="port" keys and style markup put no property on nodes or relationships', async () => {
    // The file as the issue measured it: the same export with the <port> elements and port ends removed.
    const xml = dataset('graphml/igraph-yfiles.graphml')
      .toString('utf8')
      .replace(/<port name="[^"]*"\/>/g, '')
      .replace(/<port name="[^"]*">[\s\S]*?<\/port>/g, '')
      .replace(/ (source|target)port="[^"]*"/g, '');
    expect(xml).not.toMatch(/<port|sourceport|targetport/);
    const fileId = await uploadOne(Buffer.from(xml), 'yfiles-without-ports.graphml');
    const response = await importFile({ fileId, mapping: { kind: 'graphml' } });
    expect(response.body).toMatchObject({ state: 'succeeded', report: { nodesCreated: 4, relationshipsCreated: 4, rowsRejected: 0 } });
    const all = await nodes();
    const rels = await relationships();
    for (const e of [...all, ...rels]) {
      expect(Object.keys(e.properties).filter((k) => /^Port|Style$|Geometry$|ViewState$|Labels$/.test(k))).toEqual([]);
    }
    expect(blankValues(all)).toEqual([]);
    expect(blankValues(rels)).toEqual([]);
  });

  it('when graphology-attributes.graphml is imported as it is, then node keys stay on nodes and edge keys on relationships', async () => {
    const fileId = await uploadOne(dataset('graphml/graphology-attributes.graphml'), 'attributes.graphml');
    const response = await importFile({ fileId, mapping: { kind: 'graphml' } });
    expect(response.body).toMatchObject({ state: 'succeeded', report: { nodesCreated: 6, relationshipsCreated: 7 } });
    for (const r of await relationships()) expect(r.properties.color).toBeUndefined();
    for (const n of await nodes()) expect(n.properties.weight).toBeUndefined();
  });
});

describe('XLSX progress (lencek6-nodes.xlsx)', () => {
  it('when lencek6-nodes.xlsx is imported, then the progress total, when given, is its 51 data rows and rows done never exceed it', async () => {
    const fileId = await uploadOne(dataset('xlsx/lencek6-nodes.xlsx'), 'lencek6-nodes.xlsx');
    const analysis = await analyze(fileId);
    expect(analysis.status).toBe(200);
    const [sheet] = analysis.body.tables;
    expect(sheet.rowCount).toBe(51);
    const started = await importFile({ fileId, mapping: { ...sheet.mapping, mergeKey: undefined }, background: true });
    expect(started.status).toBe(202);
    const seen = [started.body.progress];
    let status = started.body;
    const deadline = Date.now() + 30000;
    while (status.state === 'running' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      status = (await request(t.app).get(`/data/import/imports/${started.body.importId}`).set('Authorization', admin)).body;
      seen.push(status.progress);
    }
    expect(status).toMatchObject({ state: 'succeeded', report: { rowsRead: 51, nodesCreated: 51 } });
    for (const progress of seen) {
      if (progress.rowsTotal !== null) {
        expect(progress.rowsTotal).toBe(51);
        expect(progress.rowsDone).toBeLessThanOrEqual(progress.rowsTotal);
      }
    }
    expect(status.progress).toMatchObject({ rowsDone: 51, rowsTotal: 51 });
  });
});
