import os from 'node:os';
import path from 'node:path';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import request from 'supertest';
import type { ServiceProcess } from '../startup/service-process';
import { ensureBuilt, startServiceProcess, stopIfRunning } from '../startup/service-process';

/**
 * The scheduler on the embedded store (PGlite, one connection): the same row-locked queue
 * (FOR UPDATE SKIP LOCKED, leases) as on a PostgreSQL server, in the real service process.
 */
const ADMIN_PASSWORD = 'embedded-jobs-admin-password';
const auth = `Basic ${Buffer.from(`admin:${ADMIN_PASSWORD}`).toString('base64')}`;
let base: string;
let service: ServiceProcess | undefined;
let url: string;

beforeAll(async () => {
  ensureBuilt();
  base = mkdtempSync(path.join(os.tmpdir(), 'gas-jobs-embedded-'));
  const configFile = path.join(base, 'config.json');
  writeFileSync(configFile, JSON.stringify({ jobs: { tickIntervalMs: 200, exportDir: path.join(base, 'export'), minIntervalMs: 0 } }));
  service = startServiceProcess({ DATA_DIR: path.join(base, 'data'), ADMIN_PASSWORD, CONFIG_FILE: configFile });
  url = (await service.waitForLog(/^listening on /)).url as string;
}, 240_000);
afterAll(async () => {
  await stopIfRunning(service);
  rmSync(base, { recursive: true, force: true });
});

test('when the service runs on the embedded store, then a one-second schedule fires and a job started by hand runs', async () => {
  expect(
    (
      await request(url)
        .post('/data/nodes')
        .set('Authorization', auth)
        .send({ labels: ['Thing'], properties: { name: 'embedded' } })
    ).status,
  ).toBe(201);
  const created = await request(url)
    .post('/jobs')
    .set('Authorization', auth)
    .send({ name: 'embedded-tick', type: 'export', config: { file: 'things.csv' }, schedule: '* * * * * *' });
  expect(created.status).toBe(201);
  const deadline = Date.now() + 20000;
  let history: { items: Array<{ state: string; trigger: string }> } = { items: [] };
  while (Date.now() < deadline) {
    history = (await request(url).get('/jobs/embedded-tick/history').set('Authorization', auth)).body;
    if (history.items.filter((run) => run.state === 'succeeded').length >= 2) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  expect(history.items.filter((run) => run.state === 'succeeded' && run.trigger === 'schedule').length).toBeGreaterThanOrEqual(2);
  expect((await request(url).put('/jobs/embedded-tick').set('Authorization', auth).send({ enabled: false })).status).toBe(200);
  expect(readFileSync(path.join(base, 'export', 'things.csv'), 'utf8')).toContain('embedded');
  const started = await request(url).put('/jobs/embedded-tick/started').set('Authorization', auth);
  expect(started.status).toBe(202);
  let manual: { state?: string } = {};
  while (Date.now() < deadline + 10000 && manual.state !== 'succeeded') {
    manual = (await request(url).get('/jobs/embedded-tick/history?limit=1').set('Authorization', auth)).body.items[0];
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  expect(manual).toMatchObject({ id: started.body.id, state: 'succeeded', trigger: 'manual' });
  expect(service!.logLines().filter((line) => line.level >= 50)).toEqual([]);
}, 60_000);
