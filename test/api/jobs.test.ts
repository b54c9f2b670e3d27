import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { mkdtempSync, mkdirSync, readFileSync, writeFileSync, existsSync, rmSync } from 'node:fs';
import request from 'supertest';
import type { TestApp } from '../support/test-app';
import { createTestApp, ADMIN_PASSWORD, testGraphBackend } from '../support/test-app';
import type { TestSmtpServer } from '../support/smtp';
import { startSmtpServer } from '../support/smtp';
import { JobScheduler } from '../../src/services/jobs/job-scheduler';
import { parseCsv } from '../../src/services/export/csv-writer';

let t: TestApp;
let smtp: TestSmtpServer;
let scheduler: JobScheduler;
let admin: string;
let exportDir: string;
let importDir: string;

const api = (app: TestApp = t, auth = admin) => ({
  get: (url: string) => request(app.app).get(url).set('Authorization', auth),
  post: (url: string) => request(app.app).post(url).set('Authorization', auth),
  put: (url: string) => request(app.app).put(url).set('Authorization', auth),
  delete: (url: string) => request(app.app).delete(url).set('Authorization', auth),
});

async function waitFor<T>(what: string, probe: () => Promise<T | undefined | null | false>, timeoutMs = 15000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function runsOf(name: string, app: TestApp = t) {
  const response = await api(app).get(`/jobs/${name}/history?limit=200`);
  expect(response.status).toBe(200);
  return response.body as { items: JobRunBody[]; total: number };
}

/** The fields of a run (GET /jobs/{name}/history) the tests read; the response validator checks the rest. */
interface JobRunBody {
  id: string;
  state: string;
  scheduledFor: string;
  log: Array<{ message: string }>;
  counters: Record<string, number>;
  [key: string]: unknown;
}

/** Waits until the newest run of the job is in one of the states. */
async function lastRunIn(name: string, states: string[], app: TestApp = t) {
  return waitFor(`a ${states.join('/')} run of ${name}`, async () => {
    const { items } = await runsOf(name, app);
    return items[0] && states.includes(items[0].state) ? items[0] : undefined;
  });
}

beforeAll(async () => {
  smtp = await startSmtpServer();
  const base = mkdtempSync(path.join(os.tmpdir(), 'gas-jobs-'));
  exportDir = path.join(base, 'export');
  importDir = path.join(base, 'import');
  mkdirSync(importDir, { recursive: true });
  t = await createTestApp({
    mail: { url: smtp.url },
    server: { baseUrl: 'https://gas.example.test' },
    jobs: { tickIntervalMs: 200, leaseMs: 5000, exportDir, importDir, minIntervalMs: 0 },
  });
  admin = t.basic('admin', ADMIN_PASSWORD);
  scheduler = new JobScheduler(t.deps).start();
});
afterAll(async () => {
  await scheduler?.stop();
  await t?.close();
  await smtp?.close();
});

describe('job definitions', () => {
  test('when a job is created, read, listed, updated and deleted, then each answer shows it and each change is audited', async () => {
    const created = await api()
      .post('/jobs')
      .send({
        name: 'crud-export',
        type: 'export',
        description: 'first',
        config: { labels: ['Person'], file: 'crud.csv' },
        schedule: '0 0 2 * * *',
        timeZone: 'Europe/Prague',
      });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'crud-export',
      type: 'export',
      enabled: true,
      schedule: '0 0 2 * * *',
      timeZone: 'Europe/Prague',
      lastRun: null,
      createdBy: { username: 'admin' },
      runAs: { username: 'admin' },
    });
    // 02:00 in Prague is 01:00 or 00:00 UTC, depending on daylight saving.
    expect(new Date(created.body.nextRunAt).getUTCHours()).toBeLessThanOrEqual(1);
    expect(new Date(created.body.nextRunAt).getTime()).toBeGreaterThan(Date.now());

    const read = await api().get('/jobs/CRUD-EXPORT');
    expect(read.status).toBe(200);
    expect(read.body.name).toBe('crud-export');
    const listed = await api().get('/jobs');
    expect(listed.body.map((j: { name: string }) => j.name)).toContain('crud-export');

    const updated = await api().put('/jobs/crud-export').send({ enabled: false, description: 'second' });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ enabled: false, description: 'second', nextRunAt: null, schedule: '0 0 2 * * *' });
    const unscheduled = await api().put('/jobs/crud-export').send({ enabled: true, schedule: null });
    expect(unscheduled.body).toMatchObject({ enabled: true, schedule: null, nextRunAt: null });

    expect((await api().delete('/jobs/crud-export')).status).toBe(204);
    expect((await api().get('/jobs/crud-export')).status).toBe(404);
    const events = await t.deps
      .db('audit_events')
      .where('target_type', 'job')
      .where('target_id', 'crud-export')
      .orderBy('id')
      .pluck('action');
    expect(events).toEqual(['job.create', 'job.update', 'job.update', 'job.delete']);
  });

  test('when a job is named like a fixed route, malformed or taken, then it is refused', async () => {
    const list = await api().post('/jobs').send({ name: 'list', type: 'reindex', config: {} });
    expect(list.status).toBe(400);
    expect(JSON.stringify(list.body.issues)).toMatch(/reserved/);
    expect((await api().post('/jobs').send({ name: 'LIST', type: 'reindex', config: {} })).status).toBe(400);
    expect((await api().post('/jobs').send({ name: 'has space', type: 'reindex', config: {} })).status).toBe(400);
    expect((await api().post('/jobs').send({ name: 'dup', type: 'reindex', config: {} })).status).toBe(201);
    const taken = await api().post('/jobs').send({ name: 'DUP', type: 'reindex', config: {} });
    expect(taken.status).toBe(409);
    expect(taken.body.code).toBe('JOB_NAME_TAKEN');
  });

  test('when a schedule or a time zone is invalid, then the job is refused with the reason in words', async () => {
    const five = await api().post('/jobs').send({ name: 'bad-schedule', type: 'reindex', config: {}, schedule: '*/5 * * * *' });
    expect(five.status).toBe(400);
    expect(five.body.issues).toEqual([expect.objectContaining({ path: 'body.schedule', message: expect.stringMatching(/6 fields/) })]);
    const range = await api().post('/jobs').send({ name: 'bad-schedule', type: 'reindex', config: {}, schedule: '61 * * * * *' });
    expect(range.status).toBe(400);
    expect(range.body.issues[0].message).toMatch(/second/i);
    const never = await api().post('/jobs').send({ name: 'bad-schedule', type: 'reindex', config: {}, schedule: '0 0 0 31 2 *' });
    expect(never.body.issues[0].message).toMatch(/never fires/);
    const zone = await api()
      .post('/jobs')
      .send({ name: 'bad-schedule', type: 'reindex', config: {}, schedule: '0 0 2 * * *', timeZone: 'Mars/Olympus' });
    expect(zone.status).toBe(400);
    expect(zone.body.issues[0]).toMatchObject({ path: 'body.timeZone', message: expect.stringMatching(/not a time zone/) });
    const update = await api().post('/jobs').send({ name: 'good-schedule', type: 'reindex', config: {} });
    expect(update.status).toBe(201);
    expect((await api().put('/jobs/good-schedule').send({ schedule: 'every day' })).status).toBe(400);
  });

  test.each([
    ['cypher', { statements: [] }, 'body.config.statements'],
    ['cypher', { statements: ['RETURN 1'], extra: 1 }, 'body.config'],
    ['import', { file: '../../etc/passwd.csv', mapping: { label: 'Person' } }, 'body.config.file'],
    ['import', { file: 'people.csv', mapping: { label: 'bad label!' } }, 'body.config.mapping.label'],
    ['import', { file: 'people.xlsx', mapping: { label: 'Person' } }, 'body.config.file'],
    ['reindex', { labels: ['Person'] }, 'body.config'],
    ['alert', { labels: ['Person'], recipients: [] }, 'body.config.recipients'],
    ['alert', { labels: ['Person'], recipients: ['not-an-address'] }, 'body.config.recipients.0'],
    ['alert', { recipients: ['a@example.com'] }, 'body.config'],
    ['alert', { labels: ['Person'], cypher: 'MATCH (n) RETURN n', recipients: ['a@example.com'] }, 'body.config'],
    ['alert', { labels: ['Person'], recipients: ['a@example.com'], maxMatches: 5001 }, 'body.config.maxMatches'],
    ['export', { labels: ['Person'], file: 'people.txt' }, 'body.config.file'],
    ['export', { labels: ['Person'], file: '/tmp/people.csv' }, 'body.config.file'],
    ['export', { filter: { property: 'name', operator: 'LIKE', value: 1 }, file: 'people.csv' }, 'body.config.filter'],
  ])('when a %s job has the invalid configuration %j, then it is refused at %s', async (type, config, where) => {
    const response = await api()
      .post('/jobs')
      .send({ name: `invalid-${type}`, type, config });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('VALIDATION_FAILED');
    expect(response.body.issues.map((i: { path: string }) => i.path)).toContain(where);
    expect(response.body.issues.every((i: { message: string }) => i.message.length > 5)).toBe(true);
  });

  test('when a job type is unknown, then it is refused', async () => {
    expect((await api().post('/jobs').send({ name: 'weird', type: 'teleport', config: {} })).status).toBe(400);
  });

  test('when a user lacks Jobs management, then jobs can be neither seen nor changed; a type needs its own permission from the saving user', async () => {
    await t.createUser('no-jobs', { password: 'no-jobs-password-1', permissions: ['EXPORT_DATA'] });
    const outsider = api(t, t.basic('no-jobs', 'no-jobs-password-1'));
    expect((await outsider.get('/jobs')).status).toBe(403);
    expect((await outsider.post('/jobs').send({ name: 'x', type: 'reindex', config: {} })).status).toBe(403);
    expect((await outsider.get('/jobs/list')).status).toBe(403);

    await t.createUser('jobs-only', { password: 'jobs-only-password-1', permissions: ['JOBS_MANAGEMENT'] });
    const jobsOnly = api(t, t.basic('jobs-only', 'jobs-only-password-1'));
    const exportJob = await jobsOnly
      .post('/jobs')
      .send({ name: 'no-export-right', type: 'export', config: { labels: ['Person'], file: 'x.csv' } });
    expect(exportJob.status).toBe(403);
    expect(exportJob.body).toMatchObject({ code: 'PERMISSION_DENIED', permission: 'EXPORT_DATA' });
    // Disabling a job and editing its description need no more than Jobs management and keep the job's user;
    // its schedule is changed only by someone holding the rights it runs with (issue 18, item 6: jobs-scope.test.ts).
    expect(
      (
        await api()
          .post('/jobs')
          .send({ name: 'admins-export', type: 'export', config: { labels: ['Person'], file: 'a.csv' } })
      ).status,
    ).toBe(201);
    const disabled = await jobsOnly.put('/jobs/admins-export').send({ enabled: false, description: 'paused' });
    expect(disabled.status).toBe(200);
    expect(disabled.body).toMatchObject({ enabled: false, description: 'paused', runAs: { username: 'admin' } });
    const rescheduled = await jobsOnly.put('/jobs/admins-export').send({ schedule: '0 0 1 * * *' });
    expect(rescheduled.status).toBe(403);
    expect(rescheduled.body.code).toBe('PERMISSION_DENIED');
    const takeOver = await jobsOnly.put('/jobs/admins-export').send({ config: { labels: ['Person'], file: 'b.csv' } });
    expect(takeOver.status).toBe(403);
    expect(takeOver.body.permission).toBe('EXPORT_DATA');
  });
});

describe('the jobs page', () => {
  test('when users open pages, then only those with Jobs management see Jobs in the menu and may open /jobs/list', async () => {
    const adminSession = await t.login('admin', ADMIN_PASSWORD);
    const page = await adminSession.get('/jobs/list');
    expect(page.status).toBe(200);
    expect(page.text).toContain('href="/jobs/list" aria-current="page"');
    expect(page.text).toContain('<script src="/assets/build/jobs.js" defer></script>');
    await t.createUser('menu-plain', { password: 'menu-plain-password-1' });
    const plain = await t.login('menu-plain', 'menu-plain-password-1');
    const start = await plain.get('/');
    expect(start.status).toBe(200);
    expect(start.text).not.toContain('href="/jobs/list"');
    const refused = await plain.get('/jobs/list');
    expect(refused.status).toBe(403);
    expect(refused.headers['content-type']).toMatch(/text\/html/);
  });
});

describe('runs', () => {
  beforeAll(async () => {
    for (const [name, amount] of [
      ['Alice Alert', 20000],
      ['Bob Alert', 500],
      ['Carol Alert', 15000],
    ] as const) {
      const response = await api()
        .post('/data/nodes')
        .send({ labels: ['Payment'], properties: { name, amount } });
      expect(response.status).toBe(201);
    }
  });

  test('when a job has a one-second schedule, then it fires every second and its history lists the runs', async () => {
    const created = await api()
      .post('/jobs')
      .send({ name: 'every-second', type: 'export', config: { labels: ['Payment'], file: 'every-second.csv' }, schedule: '* * * * * *' });
    expect(created.status).toBe(201);
    await waitFor(
      'three scheduled runs',
      async () => (await runsOf('every-second')).items.filter((r) => r.state === 'succeeded').length >= 3,
    );
    expect((await api().put('/jobs/every-second').send({ enabled: false })).status).toBe(200);
    const { items, total } = await runsOf('every-second');
    expect(total).toBeGreaterThanOrEqual(3);
    const done = items.filter((r) => r.state === 'succeeded');
    for (const run of done) {
      expect(run).toMatchObject({ trigger: 'schedule', job: 'every-second', error: null, counters: { rows: 3 } });
      expect(run.log.map((l: { message: string }) => l.message)).toEqual(
        expect.arrayContaining([expect.stringMatching(/^started on /), 'finished']),
      );
      expect(run.durationMs).toBeGreaterThanOrEqual(0);
    }
    const seconds = done.map((r) => new Date(r.scheduledFor).getTime()).sort();
    expect(new Set(seconds).size).toBe(seconds.length);
    for (const at of seconds) expect(at % 1000).toBe(0);
    // History pages.
    const page = await api().get('/jobs/every-second/history?limit=1&offset=1');
    expect(page.body).toMatchObject({ total, offset: 1, limit: 1 });
    expect(page.body.items).toHaveLength(1);
    expect(page.body.items[0].id).toBe(items[1].id);
    const job = await api().get('/jobs/every-second');
    expect(job.body.lastRun.id).toBe(items[0].id);
  });

  test('when an export job runs, then a CSV file with the matching nodes is written to the export directory', async () => {
    const created = await api()
      .post('/jobs')
      .send({
        name: 'big-payments',
        type: 'export',
        config: {
          filter: { property: 'amount', operator: '>', value: 10000 },
          labels: ['Payment'],
          properties: ['name', 'amount'],
          file: 'payments/big.csv',
        },
      });
    expect(created.status).toBe(201);
    const started = await api().put('/jobs/big-payments/started');
    expect(started.status).toBe(202);
    expect(started.body).toMatchObject({ state: expect.stringMatching(/queued|running/), trigger: 'manual', requestedBy: 'admin' });
    const run = await lastRunIn('big-payments', ['succeeded', 'failed']);
    expect(run).toMatchObject({ state: 'succeeded', counters: { rows: 2 }, result: { file: 'payments/big.csv', rows: 2 } });
    const file = path.join(exportDir, 'payments', 'big.csv');
    const rows = parseCsv(readFileSync(file, 'utf8'));
    expect(rows[0]).toEqual(['id', 'labels', 'name', 'amount']);
    expect(
      rows
        .slice(1)
        .map((r) => r[2])
        .sort(),
    ).toEqual(['Alice Alert', 'Carol Alert']);
    expect(rows.slice(1).every((r) => r[1] === 'Payment')).toBe(true);
    expect(existsSync(`${file}.${run.id}.partial`)).toBe(false);
  });

  test('when an alert job runs, then the new matches are mailed with a link, and the next run mails only what is new', async () => {
    smtp.clear();
    const created = await api()
      .post('/jobs')
      .send({
        name: 'big-payment-alert',
        type: 'alert',
        config: {
          filter: { property: 'amount', operator: '>', value: 10000 },
          labels: ['Payment'],
          recipients: ['fraud@example.com', 'boss@example.com'],
          subject: 'Big payments',
        },
      });
    expect(created.status).toBe(201);
    expect((await api().put('/jobs/big-payment-alert/started')).status).toBe(202);
    const first = await smtp.waitFor((m) => m.to.includes('fraud@example.com'));
    expect(first.subject).toBe('Big payments');
    expect(first.text).toContain('Alice Alert');
    expect(first.text).toContain('Carol Alert');
    expect(first.text).not.toContain('Bob Alert');
    const run1 = await lastRunIn('big-payment-alert', ['succeeded', 'failed']);
    expect(run1).toMatchObject({ state: 'succeeded', counters: { matches: 2, newMatches: 2, mailsSent: 2 } });
    expect(first.text).toContain(`https://gas.example.test/jobs/list?job=big-payment-alert&run=${run1.id}`);
    await smtp.waitFor((m) => m.to.includes('boss@example.com'));

    const dave = await api()
      .post('/data/nodes')
      .send({ labels: ['Payment'], properties: { name: 'Dave Alert', amount: 99999 } });
    expect(dave.status).toBe(201);
    smtp.clear();
    expect((await api().put('/jobs/big-payment-alert/started')).status).toBe(202);
    const second = await smtp.waitFor((m) => m.to.includes('fraud@example.com'));
    expect(second.text).toContain('Dave Alert');
    expect(second.text).not.toContain('Alice Alert');
    const run2 = await lastRunIn('big-payment-alert', ['succeeded', 'failed']);
    expect(run2).toMatchObject({
      counters: { matches: 3, newMatches: 1 },
      result: { newMatches: [expect.objectContaining({ id: dave.body.id, caption: 'Dave Alert' })] },
    });

    smtp.clear();
    expect((await api().put('/jobs/big-payment-alert/started')).status).toBe(202);
    const run3 = await lastRunIn('big-payment-alert', ['succeeded', 'failed']);
    expect(run3.id).not.toBe(run2.id);
    expect(run3.counters).toMatchObject({ matches: 3, newMatches: 0 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.messages).toHaveLength(0);
  });

  test('when an alert matches more than its cap, then only the cap is considered and the run says so', async () => {
    expect(
      (
        await api()
          .post('/jobs')
          .send({ name: 'capped-alert', type: 'alert', config: { labels: ['Payment'], recipients: ['cap@example.com'], maxMatches: 2 } })
      ).status,
    ).toBe(201);
    await api().put('/jobs/capped-alert/started');
    const run = await lastRunIn('capped-alert', ['succeeded', 'failed']);
    expect(run).toMatchObject({ state: 'succeeded', counters: { matches: 2, newMatches: 2 } });
    expect(run.log).toEqual(
      expect.arrayContaining([expect.objectContaining({ level: 'warn', message: 'more than 2 matches: only the first 2 are considered' })]),
    );
    const mail = await smtp.waitFor((m) => m.to.includes('cap@example.com'));
    expect(mail.text).toContain('More than 2 nodes matched');
  });

  test('when the user a job runs as is disabled, then its runs fail saying so until someone saves it again', async () => {
    const id = await t.createUser('job-owner', {
      password: 'job-owner-password-1',
      permissions: ['JOBS_MANAGEMENT', 'EXPORT_DATA', 'READ_ALL_DATA'],
    });
    const owner = api(t, t.basic('job-owner', 'job-owner-password-1'));
    expect(
      (await owner.post('/jobs').send({ name: 'owned-export', type: 'export', config: { labels: ['Payment'], file: 'owned.csv' } })).status,
    ).toBe(201);
    await t.deps.db('users').where('id', id).update({ enabled: false });
    await api().put('/jobs/owned-export/started');
    const failed = await lastRunIn('owned-export', ['succeeded', 'failed']);
    expect(failed).toMatchObject({ state: 'failed', error: expect.stringMatching(/disabled, deleted or missing/) });
    const described = await api().put('/jobs/owned-export').send({ description: 'only a description', enabled: true });
    expect(described.body.runAs.username).toBe('job-owner');
    const saved = await api()
      .put('/jobs/owned-export')
      .send({ config: { labels: ['Payment'], file: 'owned.csv' } });
    expect(saved.body.runAs.username).toBe('admin');
    expect(saved.body.createdBy.username).toBe('job-owner');
    await api().put('/jobs/owned-export/started');
    const run = await lastRunIn('owned-export', ['succeeded', 'failed']);
    expect(run.id).not.toBe(failed.id);
    expect(run.state).toBe('succeeded');
  });

  test('when an import job runs, then the CSV rows of the import directory become nodes; a missing file fails the run', async () => {
    writeFileSync(path.join(importDir, 'people.csv'), 'Full name,Age,Ignored\r\nImported One,41,x\r\n"Imported, Two",7,y\r\n');
    const created = await api()
      .post('/jobs')
      .send({
        name: 'people-import',
        type: 'import',
        config: {
          file: 'people.csv',
          mapping: { label: 'Imported', columns: { 'Full name': 'name', Age: 'age' }, types: { age: 'number' } },
        },
      });
    expect(created.status).toBe(201);
    await api().put('/jobs/people-import/started');
    const run = await lastRunIn('people-import', ['succeeded', 'failed']);
    expect(run).toMatchObject({ state: 'succeeded', counters: { nodesCreated: 2 } });
    const found = await api()
      .post('/data/nodes/find')
      .send({ labels: ['Imported'] });
    expect(
      found.body.items
        .map((n: { properties: Record<string, unknown> }) => n.properties)
        .sort((a: { age: number }, b: { age: number }) => a.age - b.age),
    ).toEqual([
      { name: 'Imported, Two', age: 7 },
      { name: 'Imported One', age: 41 },
    ]);

    rmSync(path.join(importDir, 'people.csv'));
    await api().put('/jobs/people-import/started');
    const failed = await lastRunIn('people-import', ['succeeded', 'failed']);
    expect(failed.id).not.toBe(run.id);
    expect(failed).toMatchObject({ state: 'failed', error: expect.stringMatching(/does not exist/) });
  });

  test('when a reindex job runs, then the fulltext index is rebuilt from its configuration and online', async () => {
    expect(
      (
        await api()
          .post('/cfg/indexer/node/configure')
          .send({ labels: ['Payment'], properties: ['name'] })
      ).status,
    ).toBe(200);
    expect((await api().post('/jobs').send({ name: 'reindex', type: 'reindex', config: {} })).status).toBe(201);
    await api().put('/jobs/reindex/started');
    const run = await lastRunIn('reindex', ['succeeded', 'failed']);
    expect(run).toMatchObject({ state: 'succeeded', error: null });
    const status = await api().post('/cfg/indexer/node/status');
    expect(status.body.state).toBe('ONLINE');
  });
});

describe('Cypher jobs and alerts', () => {
  (testGraphBackend === 'neo4j' ? test : test.skip)(
    'when a cypher job runs, then its statements run in order with the rights of the user who saved it',
    async () => {
      const created = await api()
        .post('/jobs')
        .send({
          name: 'mark-reviewed',
          type: 'cypher',
          config: {
            statements: [
              'MATCH (p:Payment) WHERE p.amount > $limit SET p.reviewed = true RETURN p',
              'MATCH (p:Payment {reviewed: true}) RETURN p',
            ],
            parameters: { limit: 10000 },
          },
        });
      expect(created.status).toBe(201);
      await api().put('/jobs/mark-reviewed/started');
      const run = await lastRunIn('mark-reviewed', ['succeeded', 'failed']);
      expect(run).toMatchObject({ state: 'succeeded', counters: { statements: 2 } });
      expect(run.counters.rows).toBeGreaterThanOrEqual(4);
      const found = await api()
        .post('/data/nodes/find')
        .send({ filter: { property: 'reviewed', operator: '=', value: true } });
      expect(found.body.total).toBeGreaterThanOrEqual(2);
      const failing = await api()
        .post('/jobs')
        .send({ name: 'broken-cypher', type: 'cypher', config: { statements: ['MATCH (n RETURN n'] } });
      expect(failing.status).toBe(201);
      await api().put('/jobs/broken-cypher/started');
      expect(await lastRunIn('broken-cypher', ['succeeded', 'failed'])).toMatchObject({ state: 'failed', error: expect.any(String) });
    },
  );

  (testGraphBackend === 'postgres' ? test : test.skip)(
    'when a cypher job runs on the PostgreSQL backend, then reading and writing statements run through the translation and one outside it fails the run naming the clause',
    async () => {
      const created = await api()
        .post('/jobs')
        .send({
          name: 'pg-read',
          type: 'cypher',
          config: {
            statements: ['MATCH (p:Payment) WHERE p.amount > $limit RETURN p.name ORDER BY p.name', 'MATCH (p:Payment) RETURN count(p)'],
            parameters: { limit: 10000 },
          },
        });
      expect(created.status).toBe(201);
      await api().put('/jobs/pg-read/started');
      const run = await lastRunIn('pg-read', ['succeeded', 'failed']);
      // The error of a failed run shows in the diff.
      expect({ state: run.state, error: run.error ?? null }).toEqual({ state: 'succeeded', error: null });
      expect(run).toMatchObject({ state: 'succeeded', counters: { statements: 2 } });
      expect(run.counters.rows).toBeGreaterThanOrEqual(2);
      // A writing statement runs too (issue 22), counted in the run; one outside the subset fails it naming the clause.
      const writing = await api()
        .post('/jobs')
        .send({ name: 'pg-write', type: 'cypher', config: { statements: ['MATCH (p:Payment) SET p.reviewed = true RETURN p'] } });
      expect(writing.status).toBe(201);
      await api().put('/jobs/pg-write/started');
      const wrote = await lastRunIn('pg-write', ['succeeded', 'failed']);
      expect({ state: wrote.state, error: wrote.error ?? null }).toEqual({ state: 'succeeded', error: null });
      const reviewed = await api()
        .post('/data/nodes/find')
        .send({ filter: { property: 'reviewed', operator: '=', value: true } });
      expect(reviewed.body.total).toBeGreaterThan(0);
      expect(wrote.counters).toMatchObject({ statements: 1, propertiesSet: reviewed.body.total });
      const foreach = await api()
        .post('/jobs')
        .send({ name: 'pg-foreach', type: 'cypher', config: { statements: ['MATCH (p:Payment) FOREACH (x IN [1] | SET p.x = x)'] } });
      expect(foreach.status).toBe(201);
      await api().put('/jobs/pg-foreach/started');
      const failed = await lastRunIn('pg-foreach', ['succeeded', 'failed']);
      expect(failed).toMatchObject({ state: 'failed' });
      expect(failed.error).toMatch(/FOREACH/);
    },
  );

  test('when an alert is a Cypher query, then its new matches are mailed', async () => {
    smtp.clear();
    const created = await api()
      .post('/jobs')
      .send({
        name: 'cypher-alert',
        type: 'alert',
        config: { cypher: 'MATCH (p:Payment) WHERE p.amount > 10000 RETURN p', recipients: ['cypher@example.com'] },
      });
    expect(created.status).toBe(201);
    await api().put('/jobs/cypher-alert/started');
    const mail = await smtp.waitFor((m) => m.to.includes('cypher@example.com'));
    expect(mail.text).toContain('Alice Alert');
    expect(mail.text).not.toContain('Bob Alert');
    expect(await lastRunIn('cypher-alert', ['succeeded', 'failed'])).toMatchObject({ state: 'succeeded' });
  });
});

describe('a run that does not finish by itself', () => {
  let stuck: TestApp;
  let silentSmtp: net.Server;
  const sockets: net.Socket[] = [];
  let stuckScheduler: JobScheduler | undefined;

  beforeAll(async () => {
    // An SMTP server that accepts connections and never greets: the alert's mail hangs.
    silentSmtp = net.createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silentSmtp.listen(0, '127.0.0.1', resolve));
    const port = (silentSmtp.address() as net.AddressInfo).port;
    stuck = await createTestApp({ mail: { url: `smtp://127.0.0.1:${port}` }, jobs: { tickIntervalMs: 200, leaseMs: 5000 } });
    const response = await api(stuck)
      .post('/data/nodes')
      .send({ labels: ['Payment'], properties: { name: 'Stuck', amount: 1 } });
    expect(response.status).toBe(201);
    expect(
      (
        await api(stuck)
          .post('/jobs')
          .send({ name: 'hanging-alert', type: 'alert', config: { labels: ['Payment'], recipients: ['x@example.com'] } })
      ).status,
    ).toBe(201);
  });
  afterAll(async () => {
    await stuckScheduler?.stop();
    sockets.forEach((s) => s.destroy());
    await new Promise<void>((resolve) => silentSmtp.close(() => resolve()));
    await stuck?.close();
  });

  test('when a queued run is cancelled before any instance picks it up, then it is cancelled at once', async () => {
    const started = await api(stuck).put('/jobs/hanging-alert/started');
    expect(started.status).toBe(202);
    expect(started.body.state).toBe('queued');
    const cancelled = await api(stuck).delete('/jobs/hanging-alert/started');
    expect(cancelled.status).toBe(202);
    expect(cancelled.body).toMatchObject({ id: started.body.id, state: 'cancelled', cancelRequested: true });
    expect((await api(stuck).delete('/jobs/hanging-alert/started')).status).toBe(409);
  });

  test('when a job is running, then a second start is refused with 409, and cancelling it stops it as cancelled', async () => {
    stuckScheduler = new JobScheduler(stuck.deps).start();
    const started = await api(stuck).put('/jobs/hanging-alert/started');
    expect(started.status).toBe(202);
    await lastRunIn('hanging-alert', ['running'], stuck);
    await waitFor('the mail connection', async () => sockets.length > 0);
    const again = await api(stuck).put('/jobs/hanging-alert/started');
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('JOB_RUNNING');

    const cancel = await api(stuck).delete('/jobs/hanging-alert/started');
    expect(cancel.status).toBe(202);
    expect(cancel.body).toMatchObject({ id: started.body.id, state: 'running', cancelRequested: true });
    const run = await lastRunIn('hanging-alert', ['cancelled', 'failed', 'succeeded'], stuck);
    expect(run).toMatchObject({ id: started.body.id, state: 'cancelled' });
    expect(run.log.map((l: { message: string }) => l.message)).toContain('cancelled');
    expect(stuckScheduler.runningHere()).toEqual([]);
    const audit = await stuck.deps
      .db('audit_events')
      .where('target_type', 'job')
      .where('target_id', 'hanging-alert')
      .orderBy('id')
      .pluck('action');
    expect(audit).toEqual(['job.create', 'job.start', 'job.cancel', 'job.start', 'job.cancel']);
    // A new start is accepted once nothing runs.
    expect((await api(stuck).put('/jobs/hanging-alert/started')).status).toBe(202);
    await api(stuck).delete('/jobs/hanging-alert/started');
    await lastRunIn('hanging-alert', ['cancelled'], stuck);
  });

  test('when the scheduler stops (service shutdown) during a run, then the run is recorded as failed at once', async () => {
    const started = await api(stuck).put('/jobs/hanging-alert/started');
    expect(started.status).toBe(202);
    await lastRunIn('hanging-alert', ['running'], stuck);
    await stuckScheduler!.stop();
    const run = (await runsOf('hanging-alert', stuck)).items[0];
    expect(run).toMatchObject({ id: started.body.id, state: 'failed', error: 'the service instance stopped during the run' });
  });
});
