import { IntegralFloat } from '../../src/exact-json';
import os from 'node:os';
import path from 'node:path';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import request from 'supertest';
import { UNRESTRICTED } from '../../src/graph/graph-store';
import { JobScheduler } from '../../src/services/jobs/job-scheduler';
import type { TestApp } from '../support/test-app';
import { createTestApp, ADMIN_PASSWORD } from '../support/test-app';

/** The import job type runs the import engine of spec 4.7 (issue 10). */
let t: TestApp;
let admin: string;
let scheduler: JobScheduler;
let importDir: string;

beforeAll(async () => {
  importDir = path.join(mkdtempSync(path.join(os.tmpdir(), 'gas-import-job-')), 'import');
  mkdirSync(importDir, { recursive: true });
  t = await createTestApp({ jobs: { tickIntervalMs: 200, leaseMs: 5000, importDir } });
  admin = t.basic('admin', ADMIN_PASSWORD);
  scheduler = new JobScheduler(t.deps).start();
});
afterAll(async () => {
  await scheduler?.stop();
  await t.close();
});

async function finishedRun(name: string): Promise<Record<string, unknown>> {
  const deadline = Date.now() + 15000;
  for (;;) {
    const response = await request(t.app).get(`/jobs/${name}/history?limit=5`).set('Authorization', admin);
    const run = response.body.items?.[0];
    if (run && ['succeeded', 'failed'].includes(run.state)) return run;
    if (Date.now() > deadline) throw new Error(`no finished run of ${name}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

test('when an import job reads a semicolon-separated Windows-1250 CSV with a bad value, then the engine imports the good rows, rejects the bad one in the log and records data.import', async () => {
  const latin2 = Buffer.from([...Buffer.from('name;age\n'), 0x8e, ...Buffer.from('ofie;41\nBob;old\nCyril;7\n')]);
  writeFileSync(path.join(importDir, 'people.csv'), latin2);
  const created = await request(t.app)
    .post('/jobs')
    .set('Authorization', admin)
    .send({
      name: 'engine-import',
      type: 'import',
      config: { file: 'people.csv', mapping: { label: 'JobImported', columns: { name: 'name', age: 'age' }, types: { age: 'number' } } },
    });
  expect(created.status).toBe(201);
  await request(t.app).put('/jobs/engine-import/started').set('Authorization', admin);
  const run = await finishedRun('engine-import');
  expect(run).toMatchObject({ state: 'succeeded', counters: { nodesCreated: 2, rowsRejected: 1 } });
  expect(JSON.stringify(run.log)).toContain('row 3 rejected: column age: \\"old\\" is not a number');
  const nodes = (
    await t.deps.graph.findNodes(
      { filter: { label: 'JobImported' }, limit: 10, sort: [{ property: 'age', direction: 'asc' }] },
      UNRESTRICTED,
    )
  ).items;
  // A job's 'number' column is a FLOAT column (docs/values.md): 7 and 41 are stored as 7.0 and 41.0.
  expect(nodes.map((n) => n.properties)).toEqual([
    { name: 'Cyril', age: new IntegralFloat(7) },
    { name: 'Žofie', age: new IntegralFloat(41) },
  ]);
  expect(await t.deps.db('audit_events').where({ action: 'data.import' }).count({ n: '*' })).toEqual([{ n: '1' }]);
});
