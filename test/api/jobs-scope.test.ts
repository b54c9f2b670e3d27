import request from 'supertest';
import { seedGraph } from '../support/seed-graph';
import type { SeedNode } from '../support/seed-graph';
import type { TestApp } from '../support/test-app';
import { createTestApp, ADMIN_PASSWORD } from '../support/test-app';
import { JobScheduler } from '../../src/services/jobs/job-scheduler';

/**
 * Issue 18, item 6: job configurations and results through the reader's rights.
 *
 * The administrator's alert `admin-alert` matches Person and Agent nodes. The restricted job
 * manager `restricted` (JOBS_MANAGEMENT only) is in a group that shows only Person nodes (Agent is
 * a hidden label), only Person rows with country CZ (carol is a hidden row) and hides the Person
 * property `title` (the caption of `titled`, a visible node without a name).
 */
let t: TestApp;
let scheduler: JobScheduler;
let admin: string;
let restricted: string;
let sameGroup: string;
let readAll: string;
let ids: Record<string, string>;

const SECRETS = ['Agent', 'zz-agent-hidden-label', 'zz-carol-hidden-row', 'zz-secret-title', 'country'];
const call = (method: 'get' | 'post' | 'put' | 'delete', url: string, auth: string) =>
  request(t.app)[method](url).set('Authorization', auth);

async function waitFor<T>(what: string, probe: () => Promise<T | undefined | null | false>, timeoutMs = 15000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function finishedRun(name: string) {
  return waitFor(`a finished run of ${name}`, async () => {
    const { body } = await call('get', `/jobs/${name}/history`, admin);
    return body.items[0] && ['succeeded', 'failed'].includes(body.items[0].state) ? body.items[0] : undefined;
  });
}

/** Neither a hidden label, name, property nor the id of a hidden element (as a value or in "#id") appears anywhere. */
function expectNothingHidden(body: unknown): void {
  const text = JSON.stringify(body);
  for (const secret of SECRETS) expect(text).not.toContain(secret);
  for (const key of ['carol', 'agent']) {
    expect(text).not.toContain(`"${ids[key]}"`);
    expect(text).not.toContain(`#${ids[key]}`);
  }
}

beforeAll(async () => {
  t = await createTestApp({ jobs: { tickIntervalMs: 200, leaseMs: 5000 } });
  admin = t.basic('admin', ADMIN_PASSWORD);
  // Fillers first, so that the ids of the nodes below differ from every user and run id.
  for (let i = 0; i < 30; i++)
    expect((await call('post', '/data/nodes', admin).send({ labels: ['Filler'], properties: { n: i } })).status).toBe(201);
  const nodes: SeedNode[] = [
    ['alice', ['Person'], { name: 'alice-visible', country: 'CZ' }],
    ['carol', ['Person'], { name: 'zz-carol-hidden-row', country: 'US' }],
    ['agent', ['Agent'], { name: 'zz-agent-hidden-label' }],
    ['titled', ['Person'], { title: 'zz-secret-title', country: 'CZ' }],
  ];
  ({ nodes: ids } = await seedGraph(t, admin, nodes));
  const [group] = await t.deps
    .db('groups')
    .insert({
      name: 'Czech people only',
      entity_security: JSON.stringify({ nodeFilter: { label: 'Person' } }),
      property_security: JSON.stringify({ nodes: { Person: { disabled: ['title', 'country'] } } }),
      data_security: JSON.stringify({ rules: [{ label: 'Person', filter: { property: 'country', operator: '=', value: 'CZ' } }] }),
    })
    .returning('id');
  await t.createUser('restricted', { password: 'restricted-password-1', permissions: ['JOBS_MANAGEMENT'], groupIds: [String(group.id)] });
  await t.createUser('same-group', { password: 'same-group-password-1', permissions: ['JOBS_MANAGEMENT'], groupIds: [String(group.id)] });
  await t.createUser('read-all', { password: 'read-all-password-1', permissions: ['JOBS_MANAGEMENT', 'READ_ALL_DATA'] });
  restricted = t.basic('restricted', 'restricted-password-1');
  sameGroup = t.basic('same-group', 'same-group-password-1');
  readAll = t.basic('read-all', 'read-all-password-1');
  scheduler = new JobScheduler(t.deps).start();

  const created = await call('post', '/jobs', admin).send({
    name: 'admin-alert',
    type: 'alert',
    config: { labels: ['Person', 'Agent'], recipients: ['watch@example.com'] },
  });
  expect(created.status).toBe(201);
  expect((await call('put', '/jobs/admin-alert/started', admin)).status).toBe(202);
  expect((await finishedRun('admin-alert')).state).toBe('succeeded');
});
afterAll(async () => {
  await scheduler?.stop();
  await t?.close();
});

describe("an administrator's alert read by a restricted job manager", () => {
  test('when the administrator reads the alert, then its result names the hidden nodes (what the restricted reader must not get)', async () => {
    const job = await call('get', '/jobs/admin-alert', admin);
    expect(job.status).toBe(200);
    expect(job.body.config.labels).toEqual(['Person', 'Agent']);
    const matched = job.body.lastRun.result.newMatches.map((m: { id: string }) => m.id).sort();
    expect(matched).toEqual([ids.alice, ids.carol, ids.agent, ids.titled].sort());
    expect(JSON.stringify(job.body)).toContain('zz-secret-title');
  });

  test('when the restricted manager reads GET /jobs, /jobs/{name} and its history, then no hidden id, label, name or property appears: config and results read {"redacted": true}', async () => {
    const list = await call('get', '/jobs', restricted);
    const one = await call('get', '/jobs/admin-alert', restricted);
    const history = await call('get', '/jobs/admin-alert/history', restricted);
    for (const response of [list, one, history]) {
      expect(response.status).toBe(200);
      expectNothingHidden(response.body);
    }
    expect(one.body).toMatchObject({ name: 'admin-alert', type: 'alert', config: { redacted: true }, runAs: { username: 'admin' } });
    expect(one.body.lastRun).toMatchObject({ state: 'succeeded', result: { redacted: true }, log: [], counters: {} });
    expect(list.body.find((j: { name: string }) => j.name === 'admin-alert').config).toEqual({ redacted: true });
    expect(history.body.total).toBe(1);
    expect(history.body.items[0]).toMatchObject({ state: 'succeeded', result: { redacted: true }, log: [], counters: {} });
  });

  test("when a reader whose access covers the administrator's (Read all data) reads the alert, then he sees it in full", async () => {
    const full = await call('get', '/jobs/admin-alert', readAll);
    expect(full.body.config.labels).toEqual(['Person', 'Agent']);
    expect(full.body.lastRun.result.newMatches).toHaveLength(4);
  });

  test('when the restricted manager starts the alert, then it is refused with JOB_RUN_AS_RIGHTS_REQUIRED and no run is queued', async () => {
    const started = await call('put', '/jobs/admin-alert/started', restricted);
    expect(started.status).toBe(403);
    expect(started.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(started.body.code).toBe('JOB_RUN_AS_RIGHTS_REQUIRED');
    expectNothingHidden(started.body);
    expect((await call('get', '/jobs/admin-alert/history', admin)).body.total).toBe(1);
    const events = await t.deps.db('audit_events').where({ action: 'job.start', target_id: 'admin-alert' }).count({ count: '*' });
    expect(Number(events[0].count)).toBe(1);
  });

  test('when the restricted manager reschedules, enables or reconfigures the alert, then it is refused and nothing changes; disabling it and editing its description are allowed', async () => {
    for (const patch of [
      { schedule: '0 0 3 * * *' },
      { timeZone: 'Europe/Prague' },
      { config: { labels: ['Person'], recipients: ['me@example.com'] } },
      { type: 'alert', config: { labels: ['Person'], recipients: ['me@example.com'] } },
    ]) {
      const refused = await call('put', '/jobs/admin-alert', restricted).send(patch);
      expect(refused.status).toBe(403);
      expect(refused.body.code).toBe('JOB_RUN_AS_RIGHTS_REQUIRED');
    }
    const disabled = await call('put', '/jobs/admin-alert', restricted).send({ enabled: false, description: 'paused by restricted' });
    expect(disabled.status).toBe(200);
    expect(disabled.body).toMatchObject({
      enabled: false,
      description: 'paused by restricted',
      config: { redacted: true },
      runAs: { username: 'admin' },
    });
    expectNothingHidden(disabled.body);
    const enable = await call('put', '/jobs/admin-alert', restricted).send({ enabled: true });
    expect(enable.status).toBe(403);
    const job = await call('get', '/jobs/admin-alert', admin);
    expect(job.body).toMatchObject({
      enabled: false,
      schedule: null,
      timeZone: null,
      config: { labels: ['Person', 'Agent'] },
      runAs: { username: 'admin' },
    });
    expect((await call('put', '/jobs/admin-alert', admin).send({ enabled: true })).status).toBe(200);
  });
});

describe("a restricted manager's own alert", () => {
  test('when the restricted manager runs his own alert, then he and a manager of the same group see its result in full, which holds only what their scope shows', async () => {
    const created = await call('post', '/jobs', restricted).send({
      name: 'own-alert',
      type: 'alert',
      config: { labels: ['Person'], recipients: ['me@example.com'] },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ runAs: { username: 'restricted' }, config: { labels: ['Person'] } });
    expect((await call('put', '/jobs/own-alert/started', restricted)).status).toBe(202);
    await finishedRun('own-alert');
    for (const reader of [restricted, sameGroup]) {
      const job = await call('get', '/jobs/own-alert', reader);
      expect(job.status).toBe(200);
      expect(job.body.lastRun).toMatchObject({ state: 'succeeded', counters: { matches: 2, newMatches: 2 } });
      expect(job.body.lastRun.result.newMatches.map((m: { id: string }) => m.id).sort()).toEqual([ids.alice, ids.titled].sort());
      expectNothingHidden(job.body);
    }
    // The same group's manager holds the rights the job runs with: he may start it.
    expect((await call('put', '/jobs/own-alert/started', sameGroup)).status).toBe(202);
    await finishedRun('own-alert');
  });
});

describe('the minimum schedule interval (jobs.minIntervalMs)', () => {
  test('when a schedule fires more often than once a minute, then create and update are refused with 422 JOB_SCHEDULE_TOO_FREQUENT', async () => {
    for (const schedule of ['* * * * * *', '*/30 * * * * *', '0,30 * * * * *']) {
      const refused = await call('post', '/jobs', admin).send({
        name: 'too-often',
        type: 'alert',
        config: { labels: ['Person'], recipients: ['a@example.com'] },
        schedule,
      });
      expect(refused.status).toBe(422);
      expect(refused.body).toMatchObject({ code: 'JOB_SCHEDULE_TOO_FREQUENT', minIntervalMs: 60000 });
    }
    const minutely = await call('post', '/jobs', admin).send({
      name: 'every-minute',
      type: 'alert',
      config: { labels: ['Person'], recipients: ['a@example.com'] },
      schedule: '0 * * * * *',
    });
    expect(minutely.status).toBe(201);
    const faster = await call('put', '/jobs/every-minute', admin).send({ schedule: '*/10 * * * * *' });
    expect(faster.status).toBe(422);
    expect(faster.body).toMatchObject({ code: 'JOB_SCHEDULE_TOO_FREQUENT', intervalMs: 10000 });
    expect((await call('get', '/jobs/every-minute', admin)).body.schedule).toBe('0 * * * * *');
  });

  test('when jobs.minIntervalMs is raised, then a schedule firing more often than it is refused', async () => {
    t.deps.config.jobs.minIntervalMs = 600_000;
    try {
      const refused = await call('put', '/jobs/every-minute', admin).send({ schedule: '0 */5 * * * *' });
      expect(refused.status).toBe(422);
      expect(refused.body).toMatchObject({ code: 'JOB_SCHEDULE_TOO_FREQUENT', minIntervalMs: 600_000, intervalMs: 300_000 });
      expect((await call('put', '/jobs/every-minute', admin).send({ schedule: '0 */10 * * * *' })).status).toBe(200);
    } finally {
      t.deps.config.jobs.minIntervalMs = 60_000;
    }
  });

  test('when a stored schedule fires more often than the minimum, then the scheduler runs it no more often than the minimum allows', async () => {
    t.deps.config.jobs.minIntervalMs = 0;
    const created = await call('post', '/jobs', admin).send({
      name: 'legacy-often',
      type: 'alert',
      config: { labels: ['Person'], recipients: ['a@example.com'] },
      schedule: '* * * * * *',
    });
    expect(created.status).toBe(201);
    t.deps.config.jobs.minIntervalMs = 2000;
    try {
      const runs = await waitFor(
        'three scheduled runs',
        async () => {
          const { body } = await call('get', '/jobs/legacy-often/history?state=succeeded', admin);
          return body.items.filter((r: { trigger: string }) => r.trigger === 'schedule').length >= 4 ? body.items : undefined;
        },
        20000,
      );
      expect((await call('put', '/jobs/legacy-often', admin).send({ enabled: false })).status).toBe(200);
      // The first run may have been planned before the minimum was raised.
      const times = runs
        .map((r: { scheduledFor: string }) => new Date(r.scheduledFor).getTime())
        .sort((a: number, b: number) => a - b)
        .slice(1);
      for (let i = 1; i < times.length; i++) expect(times[i] - times[i - 1]).toBeGreaterThanOrEqual(2000);
    } finally {
      t.deps.config.jobs.minIntervalMs = 60_000;
    }
  });
});
