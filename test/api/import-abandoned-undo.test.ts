import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import type { TestApp } from '../support/test-app';
import { createTestApp, ADMIN_PASSWORD } from '../support/test-app';
import { allNodes, allRelationships, emptyGraph, sharedDataset, uploadFiles } from '../support/graph-helpers';
import { startImportLeaseReaper } from '../../src/services/import/import-lease';

/*
 * Issue 23 item 10: a batched import whose process died mid-way (kill -9) leaves its committed
 * batches and its side file <dataDir>/imports/<id>-created.jsonl. The lease reaper fails the
 * import (IMPORT_ABANDONED) and then undoes it from the side file, within the importer's scope,
 * audited as data.import.undo, records the outcome on the import and removes the file. The dead
 * process is played by what it leaves: the batches (a real import of Les Misérables), the side
 * file as batch-record.ts writes it (its last line cut short by the crash) and the running row
 * with its lease run out.
 */
let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp({ imports: { leaseMs: 2000 } });
  admin = t.basic('admin', ADMIN_PASSWORD);
});
afterAll(async () => {
  await t.close();
});
beforeEach(() => emptyGraph(t));

async function importFile(content: Buffer | string, name: string, mapping: Record<string, unknown>) {
  const uploaded = await uploadFiles(t, admin, [[Buffer.from(content), name]]);
  expect(uploaded.status).toBe(201);
  return request(t.app)
    .post('/data/import/importFile')
    .set('Authorization', admin)
    .send({ fileId: uploaded.body.files[0].fileId, mapping });
}

/** A running import row as a process killed during it leaves it; its lease ran out `ageMs` ago (negative: still current). */
async function runningImport(ageMs: number): Promise<string> {
  const id = randomUUID();
  const adminId = (await t.deps.db('users').where({ username: 'admin' }).first('id')).id as string;
  await t.deps.db('imports').insert({
    id,
    user_id: adminId,
    file_name: 'big.graphml',
    state: 'running',
    dry_run: false,
    mapping: JSON.stringify({ kind: 'graphml' }),
    progress: JSON.stringify({ rowsDone: 331, rowsTotal: 900, rowsPerSecond: 100 }),
    lease_owner: 'gone-host:4242:deadbeef',
    lease_expires_at: t.deps.db.raw(`now() - (? * interval '1 millisecond')`, [ageMs]),
  });
  return id;
}

function sideFile(id: string, lines: string[]): string {
  const dir = path.join(t.deps.config.dataDir, 'imports');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${id}-created.jsonl`);
  writeFileSync(file, lines.join(''));
  return file;
}
const line = (n: unknown[], r: unknown[], u: unknown[] = []) =>
  `${JSON.stringify({ n: n.map(String), r: r.map(String), u: u.map(String) })}\n`;

it('when the process of a batched import died mid-way, then the reaper deletes what its batches created, records what stays on the import, audits it and removes the side file; a live import is left alone', async () => {
  const seeded = await importFile('id,name\n1,Ann\n2,Bob\n', 'seed.csv', {
    kind: 'nodes',
    labels: ['Person'],
    mergeKey: { label: 'Person', property: 'id' },
    columns: [{ column: 'id', type: 'integer' }, { column: 'name' }],
  });
  expect(seeded.body).toMatchObject({ state: 'succeeded', report: { nodesCreated: 2 } });
  const people = await allNodes(t);
  const ann = people.find((n) => n.properties.name === 'Ann')!;

  // The batches the dead import committed: Les Misérables, as a real import writes it.
  const batches = await importFile(sharedDataset('graphml/graphology-miserables.graphml'), 'big.graphml', { kind: 'graphml' });
  expect(batches.body).toMatchObject({ state: 'succeeded', report: { nodesCreated: 77, relationshipsCreated: 254 } });
  const created = (await allNodes(t)).filter((n) => !n.labels.includes('Person')).map((n) => n.id);
  const relationships = (await allRelationships(t)).map((r) => r.id);
  expect(created).toHaveLength(77);

  const dead = await runningImport(5000);
  const file = sideFile(dead, [line(created.slice(0, 40), []), line(created.slice(40), relationships, [ann.id]), '{"n":["12']);
  const live = await runningImport(-60_000);
  const liveFile = sideFile(live, [line([ann.id], [])]);

  const reaper = startImportLeaseReaper(t.deps);
  try {
    await reaper.first;
  } finally {
    reaper.stop();
  }

  // Only the nodes the import did not create stay, Ann with the update the undo cannot take back.
  expect((await allNodes(t)).map((n) => n.properties.name).sort()).toEqual(['Ann', 'Bob']);
  expect(await allRelationships(t)).toEqual([]);
  expect(existsSync(file)).toBe(false);

  const status = await request(t.app).get(`/data/import/imports/${dead}`).set('Authorization', admin);
  expect(status.status).toBe(200);
  expect(status.body).toMatchObject({
    state: 'failed',
    error: {
      code: 'IMPORT_ABANDONED',
      details: {
        instance: 'gone-host:4242:deadbeef',
        undo: {
          batchesCommitted: 2,
          nodesDeleted: 77,
          relationshipsDeleted: 254,
          nodesUpdated: 1,
          updatedNodeIds: [String(ann.id)],
          nodesLeft: 0,
          relationshipsLeft: 0,
          reasons: [],
        },
      },
    },
  });
  expect(status.body.error.message).toContain(
    'The batched import was undone: 77 node(s) and 254 relationship(s) of 2 committed batch(es) were deleted; not undone: 1 existing node(s)',
  );
  const events = await t.deps.db('audit_events').where({ action: 'data.import.undo', target_id: dead });
  expect(events).toHaveLength(1);
  expect(events[0].details).toMatchObject({
    transaction: 'batched',
    reason: 'IMPORT_ABANDONED',
    undo: { nodesDeleted: 77, relationshipsDeleted: 254, nodesUpdated: 1 },
  });

  // The live import (its lease current) keeps its row and its side file.
  expect((await t.deps.db('imports').where({ id: live }).first('state')).state).toBe('running');
  expect(existsSync(liveFile)).toBe(true);
  await t.deps.db('imports').where({ id: live }).delete();
});
