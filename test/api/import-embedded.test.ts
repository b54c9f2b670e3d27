import os from 'node:os';
import path from 'node:path';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import request from 'supertest';
import type { ServiceProcess } from '../startup/service-process';
import { ensureBuilt, startServiceProcess, stopIfRunning } from '../startup/service-process';

/**
 * The import on the embedded store (PGlite, no DATABASE_URL: one connection, which the import's
 * transaction holds while it runs), in the real service process: nodes with a merge key, a
 * re-import that updates, relationships matched by property with a missing end skipped, a dry
 * run, a failed import that leaves nothing, and a background import whose progress is read
 * while it runs.
 */
const ADMIN_PASSWORD = 'embedded-import-admin-password';
const auth = `Basic ${Buffer.from(`admin:${ADMIN_PASSWORD}`).toString('base64')}`;
let base: string;
let service: ServiceProcess | undefined;
let url: string;

beforeAll(async () => {
  ensureBuilt();
  base = mkdtempSync(path.join(os.tmpdir(), 'gas-import-embedded-'));
  const configFile = path.join(base, 'config.json');
  // Two rows per batch: every file here spans several batches of the one transaction.
  writeFileSync(configFile, JSON.stringify({ imports: { batchRows: 2 } }));
  service = startServiceProcess({ DATA_DIR: path.join(base, 'data'), ADMIN_PASSWORD, CONFIG_FILE: configFile });
  url = (await service.waitForLog(/^listening on /)).url as string;
}, 240_000);
afterAll(async () => {
  await stopIfRunning(service);
  rmSync(base, { recursive: true, force: true });
});

async function upload(content: string, name: string): Promise<string> {
  const response = await request(url)
    .post('/data/import/uploadFile')
    .set('Authorization', auth)
    .attach('file', Buffer.from(content), { filename: name, contentType: 'text/csv' });
  expect(response.status).toBe(201);
  return response.body.files[0].fileId as string;
}
function importFile(body: Record<string, unknown>) {
  return request(url).post('/data/import/importFile').set('Authorization', auth).send(body);
}
async function labelled(label: string): Promise<Array<{ id: string; labels: string[]; properties: Record<string, unknown> }>> {
  const response = await request(url)
    .post('/data/nodes/find')
    .set('Authorization', auth)
    .send({ labels: [label], sort: [{ property: 'id', direction: 'asc' }], limit: 100 });
  expect(response.status).toBe(200);
  return response.body.items;
}

/** Nodes whose id property is at least `min` (a label never written would be 400 UNKNOWN_LABEL). */
async function idsFrom(min: number): Promise<unknown[]> {
  const response = await request(url)
    .post('/data/nodes/find')
    .set('Authorization', auth)
    .send({ filter: { property: 'id', operator: '>=', value: min }, limit: 100 });
  expect(response.status).toBe(200);
  return response.body.items;
}

const memberMapping = {
  kind: 'nodes',
  labels: ['Member'],
  mergeKey: { label: 'Member', property: 'id' },
  columns: [{ column: 'id', type: 'integer' }, { column: 'name' }, { column: 'age', type: 'integer' }],
};

test('when CSVs are imported on the embedded store, then nodes, merges and relationships matched by property are in the graph, and a dry run or a failed import leaves nothing', async () => {
  const first = await importFile({
    fileId: await upload('id,name,age\n1,Ann,34\n2,Bob,41\n3,Cyril,28\n', 'members.csv'),
    mapping: memberMapping,
  });
  expect(first.status).toBe(200);
  expect(first.body).toMatchObject({ state: 'succeeded', report: { rowsRead: 3, nodesCreated: 3, nodesUpdated: 0 } });

  const second = await importFile({ fileId: await upload('id,name,age\n1,Ann,35\n4,Dora,50\n', 'members2.csv'), mapping: memberMapping });
  expect(second.body).toMatchObject({ state: 'succeeded', report: { nodesCreated: 1, nodesUpdated: 1 } });
  const members = await labelled('Member');
  expect(members.map((n) => n.properties)).toEqual([
    { id: 1, name: 'Ann', age: 35 },
    { id: 2, name: 'Bob', age: 41 },
    { id: 3, name: 'Cyril', age: 28 },
    { id: 4, name: 'Dora', age: 50 },
  ]);
  const id = new Map(members.map((n) => [n.properties.id, n.id]));

  const rels = await importFile({
    fileId: await upload('from,to,since\n1,2,2019\n2,3,2021\n3,9,2020\n4,1,2022\n', 'likes.csv'),
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
    report: { relationshipsCreated: 3, rowsSkipped: 1, rejected: [{ row: 4, reason: 'start or end node not found' }] },
  });
  const direct = await request(url)
    .post('/data/graph/directRelationships')
    .set('Authorization', auth)
    .send({ sourceIds: [...id.values()], targetIds: [...id.values()], types: ['LIKES'] });
  expect(direct.status).toBe(200);
  const found = (
    direct.body.relationships as Array<{ id: string; startNodeId: string; endNodeId: string; properties: Record<string, unknown> }>
  )
    .filter((r, i, all) => all.findIndex((o) => o.id === r.id) === i)
    .map((r) => [r.startNodeId, r.endNodeId, r.properties.since]);
  expect(found.sort()).toEqual(
    [
      [id.get(1), id.get(2), 2019],
      [id.get(2), id.get(3), 2021],
      [id.get(4), id.get(1), 2022],
    ].sort(),
  );

  const dry = await importFile({
    fileId: await upload('id,name\n10,Dry\n11,Run\n', 'dry.csv'),
    mapping: { kind: 'nodes', labels: ['DryMember'] },
    dryRun: true,
  });
  expect(dry.body).toMatchObject({ state: 'succeeded', dryRun: true, report: { nodesCreated: 2 } });
  expect(await idsFrom(10)).toEqual([]);

  // Two batches are written before line 6 breaks the file: the transaction rolls them back.
  const broken = await importFile({
    fileId: await upload('id,name\n20,a\n21,b\n22,c\n23,d\n24,"e\n', 'broken.csv'),
    mapping: { kind: 'nodes', labels: ['Broken'] },
  });
  expect(broken.status).toBe(400);
  expect(broken.body).toMatchObject({ code: 'CSV_INVALID', line: 6 });
  expect(await idsFrom(10)).toEqual([]);
  // The one connection is free again: the service answers and writes.
  expect(
    (
      await request(url)
        .post('/data/nodes')
        .set('Authorization', auth)
        .send({ labels: ['After'], properties: { id: 1 } })
    ).status,
  ).toBe(201);
}, 120_000);

test('when a background import runs on the embedded store, then its progress is read while it runs and it ends with its report, and ends past the per-value probe match through the key table', async () => {
  const rows = Array.from({ length: 2000 }, (_, i) => `${i},n${i}`).join('\n');
  const started = await importFile({
    fileId: await upload(`id,name\n${rows}\n`, 'many.csv'),
    mapping: { kind: 'nodes', labels: ['Many'], columns: [{ column: 'id', type: 'integer' }, { column: 'name' }] },
    background: true,
  });
  expect(started.status).toBe(202);
  let status = started.body;
  const deadline = Date.now() + 60_000;
  while (status.state === 'running' && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    const polled = await request(url).get(`/data/import/imports/${started.body.importId}`).set('Authorization', auth);
    expect(polled.status).toBe(200);
    status = polled.body;
  }
  expect(status).toMatchObject({
    state: 'succeeded',
    progress: { rowsDone: 2000, rowsTotal: 2000 },
    report: { rowsRead: 2000, nodesCreated: 2000 },
  });
  const count = await request(url)
    .post('/data/nodes/find')
    .set('Authorization', auth)
    .send({ labels: ['Many'], limit: 1 });
  expect(count.body.total).toBe(2000);

  // 2,600 rows, 5,200 ends: past 5,000 matched values the ends are matched through the import's
  // temporary key table (bulk-import.ts), on PGlite too.
  const chain = Array.from({ length: 2600 }, (_, i) => `${i % 2000},${(i + 1) % 2000}`).join('\n');
  const linked = await importFile({
    fileId: await upload(`from,to\n${chain}\n`, 'chain.csv'),
    mapping: {
      kind: 'relationships',
      type: 'NEXT',
      start: { column: 'from', label: 'Many', property: 'id' },
      end: { column: 'to', label: 'Many', property: 'id' },
    },
    background: false,
  });
  expect(linked.body).toMatchObject({ state: 'succeeded', report: { relationshipsCreated: 2600, rowsSkipped: 0 } });
  const first = (
    await request(url)
      .post('/data/nodes/find')
      .set('Authorization', auth)
      .send({ labels: ['Many'], filter: { property: 'id', operator: '=', value: 1999 }, limit: 1 })
  ).body.items[0];
  const zero = (
    await request(url)
      .post('/data/nodes/find')
      .set('Authorization', auth)
      .send({ labels: ['Many'], filter: { property: 'id', operator: '=', value: 0 }, limit: 1 })
  ).body.items[0];
  const last = await request(url)
    .post('/data/graph/directRelationships')
    .set('Authorization', auth)
    .send({ sourceIds: [first.id], targetIds: [zero.id], types: ['NEXT'] });
  expect(last.body.relationships).toHaveLength(1);
  expect(service!.logLines().filter((line) => line.level >= 50)).toEqual([]);
}, 120_000);
