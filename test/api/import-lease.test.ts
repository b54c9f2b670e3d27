import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import request from 'supertest';
import type { TestApp } from '../support/test-app';
import { createTestApp, ADMIN_PASSWORD, testGraphBackend } from '../support/test-app';
import type { ServiceProcess } from '../startup/service-process';
import { ensureBuilt, startServiceProcess, stopIfRunning } from '../startup/service-process';
import { startImportLeaseReaper } from '../../src/services/import/import-lease';

/**
 * Issue 18 item 16: an import whose service instance dies stays `running` no more. A second
 * service instance (the built service as a process, `node dist/src/index.js`) on the same
 * database runs a large import and is killed with SIGKILL during it; the first instance (the
 * test app) then reports the import failed once its lease runs out, with a data.import.abandoned
 * event, and a cancel of it answers that it failed instead of waiting for nobody.
 */
jest.setTimeout(240_000);

const LEASE_MS = 2000;
const LISTENING = /^listening on /;
const ROWS = 500_000;

let t: TestApp;
let admin: string;
let base: string;
let second: ServiceProcess | undefined;
let secondUrl: string;

async function waitFor<T>(what: string, probe: () => Promise<T | undefined | null | false>, timeoutMs = 30_000, everyMs = 100): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

/** The graph's environment for the process: the backend this run tests. */
function graphEnv(): Record<string, string> {
  if (testGraphBackend !== 'neo4j') return {};
  const env: Record<string, string> = { GRAPH_BACKEND: 'neo4j' };
  for (const name of ['NEO4J_URI', 'NEO4J_USERNAME', 'NEO4J_PASSWORD', 'NEO4J_DATABASE'])
    if (process.env[name]) env[name] = process.env[name]!;
  return env;
}

async function auditCount(action: string, importId: string): Promise<number> {
  return Number((await t.deps.db('audit_events').where({ action, target_id: importId }).count({ n: '*' }))[0].n);
}

/** An import row as an instance that died during the import leaves it: running, its lease run out (or still current). */
async function leftByAnInstance(leaseOffsetMs: number, owner = 'gone-host:4242:deadbeef'): Promise<string> {
  const id = randomUUID();
  const adminId = (await t.deps.db('users').where({ username: 'admin' }).first('id')).id as string;
  await t.deps.db('imports').insert({
    id,
    user_id: adminId,
    file_name: 'big.csv',
    state: 'running',
    dry_run: false,
    mapping: JSON.stringify({ kind: 'nodes', labels: ['Crashed'] }),
    progress: JSON.stringify({ rowsDone: 120000, rowsTotal: 400000, rowsPerSecond: 9000 }),
    lease_owner: owner,
    lease_expires_at: t.deps.db.raw(`now() + (? * interval '1 millisecond')`, [leaseOffsetMs]),
  });
  return id;
}

beforeAll(async () => {
  ensureBuilt();
  t = await createTestApp({ imports: { leaseMs: LEASE_MS } });
  admin = t.basic('admin', ADMIN_PASSWORD);
  base = mkdtempSync(path.join(os.tmpdir(), 'gas-import-lease-'));
  const configFile = path.join(base, 'config.json');
  writeFileSync(configFile, JSON.stringify({ imports: { leaseMs: LEASE_MS } }));
  second = startServiceProcess({
    DATA_DIR: path.join(base, 'second'),
    DATABASE_URL: t.database.url,
    ADMIN_PASSWORD,
    CONFIG_FILE: configFile,
    SESSION_SECRET: 'import-lease-secret',
    ...graphEnv(),
  });
  secondUrl = (await second.waitForLog(LISTENING)).url as string;
}, 300_000);

afterAll(async () => {
  await stopIfRunning(second);
  await t?.close();
  if (base) rmSync(base, { recursive: true, force: true });
});

describe('an import whose service instance dies', () => {
  test('when the process running a large import is killed with SIGKILL, then the other instance reports it failed within the lease time, audits data.import.abandoned, wrote nothing, and a cancel answers it failed', async () => {
    const lines = ['id,name'];
    for (let i = 1; i <= ROWS; i++) lines.push(`${i},crashed node ${i}`);
    const csv = Buffer.from(`${lines.join('\n')}\n`);
    const uploaded = await request(secondUrl)
      .post('/data/import/uploadFile')
      .set('Authorization', admin)
      .attach('file', csv, { filename: 'big.csv', contentType: 'text/csv' });
    expect(uploaded.status).toBe(201);
    const mapping = { kind: 'nodes', labels: ['Crashed'], columns: [{ column: 'id', type: 'integer' }, { column: 'name' }] };
    const started = await request(secondUrl)
      .post('/data/import/importFile')
      .set('Authorization', admin)
      .send({ fileId: uploaded.body.files[0].fileId, mapping, background: true });
    expect(started.status).toBe(202);
    const importId = started.body.importId as string;
    const startedAt = Date.now();
    const row = (await t.deps.db('imports').where({ id: importId }).first()) as { lease_owner: string };
    expect(row.lease_owner.split(':')[1]).toBe(String(second!.child.pid));

    // While the process lives, its lease is renewed: read by the first instance for longer than a
    // lease, the import stays running (and makes progress).
    const status = () => request(t.app).get(`/data/import/imports/${importId}`).set('Authorization', admin);
    let progressed = 0;
    while (Date.now() - startedAt < LEASE_MS * 1.5 || progressed === 0) {
      const running = await status();
      expect(running.status).toBe(200);
      expect(running.body).toMatchObject({ state: 'running', error: null });
      progressed = running.body.progress.rowsDone as number;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(progressed).toBeLessThan(ROWS);

    const killedAt = Date.now();
    second!.child.kill('SIGKILL');
    await second!.exited;

    const failed = await waitFor('the import to be failed', async () => {
      const response = await status();
      return response.body.state !== 'running' ? response : undefined;
    });
    const after = Date.now() - killedAt;
    expect(after).toBeLessThan(LEASE_MS * 2 + 1000);
    expect(failed.status).toBe(200);
    expect(failed.body).toMatchObject({ importId, state: 'failed', report: null, error: { code: 'IMPORT_ABANDONED' } });
    expect(failed.body.error.message).toContain('The service instance running this import');
    expect(failed.body.error.message).toContain(row.lease_owner);
    expect(failed.body.error.message).toContain('nothing of it was written');
    expect(failed.body.finishedAt).not.toBeNull();
    expect(await auditCount('data.import.abandoned', importId)).toBe(1);
    const event = await t.deps.db('audit_events').where({ action: 'data.import.abandoned', target_id: importId }).first();
    expect(event.user_id).toBeNull();
    expect(event.details).toMatchObject({ file: 'big.csv', owner: row.lease_owner, dryRun: false });

    // The killed process's transaction was rolled back by the database: nothing of the import is in the graph.
    if (t.deps.graph.backend === 'postgres') {
      expect(Number((await t.deps.db('graph_nodes').whereRaw(`'Crashed' = any(labels)`).count({ n: '*' }))[0].n)).toBe(0);
    }
    const found = await request(t.app).post('/data/nodes/find').set('Authorization', admin).send({ limit: 1 });
    expect(found.status).toBe(200);
    expect(found.body.total).toBe(0);

    // Cancelling it answers that it failed (it is no longer running); nothing is requested of a dead instance.
    const cancelled = await request(t.app).delete(`/data/import/imports/${importId}`).set('Authorization', admin);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ importId, state: 'failed', error: { code: 'IMPORT_ABANDONED' } });
    expect(await auditCount('data.import.cancel-request', importId)).toBe(0);
    expect(await auditCount('data.import.abandoned', importId)).toBe(1);
  });
});

describe('an import row left with a lease that ran out', () => {
  test('when an import whose lease ran out is cancelled, then the answer is failed with IMPORT_ABANDONED, audited once, and reading it again changes nothing', async () => {
    const id = await leftByAnInstance(-1000);
    const cancelled = await request(t.app).delete(`/data/import/imports/${id}`).set('Authorization', admin);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({
      importId: id,
      state: 'failed',
      error: { code: 'IMPORT_ABANDONED', details: { instance: 'gone-host:4242:deadbeef' } },
    });
    expect(cancelled.body.error.message).toBe(
      'The service instance running this import (gone-host:4242:deadbeef) stopped before the import finished; nothing of it was written. Start the import again.',
    );
    expect(await auditCount('data.import.abandoned', id)).toBe(1);
    expect(await auditCount('data.import.cancel-request', id)).toBe(0);
    const read = await request(t.app).get(`/data/import/imports/${id}`).set('Authorization', admin);
    expect(read.body).toMatchObject({ state: 'failed', error: { code: 'IMPORT_ABANDONED' } });
    expect(await auditCount('data.import.abandoned', id)).toBe(1);
    expect((await t.deps.db('imports').where({ id }).first('lease_expires_at')).lease_expires_at).toBeNull();
  });

  test('when an import of a live instance (lease current) is read and cancelled, then it stays running with the cancel requested, and fails once its lease runs out', async () => {
    const id = await leftByAnInstance(60_000, 'live-host:77:cafebabe');
    const read = await request(t.app).get(`/data/import/imports/${id}`).set('Authorization', admin);
    expect(read.body).toMatchObject({ state: 'running', error: null });
    const cancelled = await request(t.app).delete(`/data/import/imports/${id}`).set('Authorization', admin);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ state: 'running' });
    expect((await t.deps.db('imports').where({ id }).first('cancel_requested')).cancel_requested).toBe(true);
    expect(await auditCount('data.import.abandoned', id)).toBe(0);

    // The instance dies before it sees the request: its lease runs out.
    await t.deps
      .db('imports')
      .where({ id })
      .update({ lease_expires_at: t.deps.db.raw(`now() - interval '1 second'`) });
    const after = await request(t.app).get(`/data/import/imports/${id}`).set('Authorization', admin);
    expect(after.body).toMatchObject({
      state: 'failed',
      error: { code: 'IMPORT_ABANDONED', details: { instance: 'live-host:77:cafebabe' } },
    });
    expect(await auditCount('data.import.abandoned', id)).toBe(1);
  });

  test('when an instance starts and then keeps running, then it fails abandoned imports at start-up and every half lease without anyone reading them, and leaves live ones alone', async () => {
    const atStart = await leftByAnInstance(-5000);
    const live = await leftByAnInstance(60_000, 'live-host:78:cafebabe');
    const reaper = startImportLeaseReaper(t.deps);
    try {
      await reaper.first;
      expect((await t.deps.db('imports').where({ id: atStart }).first('state')).state).toBe('failed');
      expect(await auditCount('data.import.abandoned', atStart)).toBe(1);

      const later = await leftByAnInstance(300);
      const failedAt = await waitFor(
        'the later import to be failed by the sweep',
        async () => {
          const row = await t.deps.db('imports').where({ id: later }).first('state', 'finished_at');
          return row.state === 'failed' ? row.finished_at : undefined;
        },
        LEASE_MS * 4,
      );
      expect(failedAt).toBeInstanceOf(Date);
      expect(await auditCount('data.import.abandoned', later)).toBe(1);
      expect((await t.deps.db('imports').where({ id: live }).first('state')).state).toBe('running');
      expect(await auditCount('data.import.abandoned', live)).toBe(0);
    } finally {
      reaper.stop();
    }
  });
});
