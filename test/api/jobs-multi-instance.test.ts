import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import request from 'supertest';
import type { Knex } from 'knex';
import knexFactory from 'knex';
import pino from 'pino';
import { loadConfig } from '../../src/config';
import { createGraphStore } from '../../src/graph';
import { createMailer } from '../../src/services/mail/mailer';
import { CredentialCache } from '../../src/auth/credential-cache';
import { ensureAdmin, syncPermissions } from '../../src/bootstrap';
import { JobScheduler } from '../../src/services/jobs/job-scheduler';
import type { AppDeps } from '../../src/core/context';
import type { TestDatabase } from '../support/database';
import { createTestDatabase } from '../support/database';
import type { ServiceProcess } from '../startup/service-process';
import { ensureBuilt, startServiceProcess, stopIfRunning } from '../startup/service-process';

/**
 * Two real service processes (node dist/src/index.js, what npm start runs) on ONE PostgreSQL
 * database, each with its own scheduler: a scheduled job runs once per tick, not once per
 * instance; a run whose process is killed is marked failed by the other when its lease runs out.
 */
const LISTENING = /^listening on /;
const ADMIN_PASSWORD = 'multi-instance-admin-password';
const LEASE_MS = 2000;

let database: TestDatabase;
let base: string;
let silentSmtp: net.Server;
const sockets: net.Socket[] = [];
const services: ServiceProcess[] = [];
const urls: string[] = [];
const auth = `Basic ${Buffer.from(`admin:${ADMIN_PASSWORD}`).toString('base64')}`;

async function waitFor<T>(what: string, probe: () => Promise<T | undefined | null | false>, timeoutMs = 20000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

beforeAll(async () => {
  ensureBuilt();
  database = await createTestDatabase();
  base = mkdtempSync(path.join(os.tmpdir(), 'gas-jobs-multi-'));
  silentSmtp = net.createServer((socket) => sockets.push(socket));
  await new Promise<void>((resolve) => silentSmtp.listen(0, '127.0.0.1', resolve));
  const configFile = path.join(base, 'config.json');
  writeFileSync(
    configFile,
    JSON.stringify({
      jobs: { tickIntervalMs: 200, leaseMs: LEASE_MS, exportDir: path.join(base, 'export'), minIntervalMs: 0 },
      mail: { url: `smtp://127.0.0.1:${(silentSmtp.address() as net.AddressInfo).port}` },
    }),
  );
  for (const name of ['a', 'b']) {
    const service = startServiceProcess({
      DATA_DIR: path.join(base, name),
      DATABASE_URL: database.url,
      ADMIN_PASSWORD,
      CONFIG_FILE: configFile,
      SESSION_SECRET: 'multi-instance-secret',
    });
    services.push(service);
    urls.push((await service.waitForLog(LISTENING)).url as string);
  }
}, 300_000);

afterAll(async () => {
  for (const service of services) await stopIfRunning(service);
  sockets.forEach((socket) => socket.destroy());
  await new Promise<void>((resolve) => silentSmtp?.close(() => resolve()));
  await database?.drop();
  rmSync(base, { recursive: true, force: true });
});

describe('jobs on several service instances sharing one database', () => {
  test('when two instances tick a one-second schedule, then each scheduled second runs exactly once', async () => {
    const created = await request(urls[0])
      .post('/jobs')
      .set('Authorization', auth)
      .send({ name: 'shared-tick', type: 'export', config: { file: 'tick.csv' }, schedule: '* * * * * *' });
    expect(created.status).toBe(201);
    const db = database.knex;
    const jobId = (await db('jobs').where('name', 'shared-tick').first('id')).id as string;
    await waitFor(
      'six finished scheduled runs',
      async () => Number((await db('job_runs').where({ job_id: jobId, state: 'succeeded' }).count({ n: '*' }))[0].n) >= 6,
    );
    expect((await request(urls[1]).put('/jobs/shared-tick').set('Authorization', auth).send({ enabled: false })).status).toBe(200);
    await waitFor(
      'no active run',
      async () =>
        Number((await db('job_runs').where('job_id', jobId).whereIn('state', ['queued', 'running']).count({ n: '*' }))[0].n) === 0,
    );

    const runs = (await db('job_runs').where('job_id', jobId).orderBy('scheduled_for')) as Array<{
      id: string;
      state: string;
      scheduled_for: Date;
      lease_owner: string;
    }>;
    expect(runs.every((run) => run.state === 'succeeded')).toBe(true);
    const seconds = runs.map((run) => new Date(run.scheduled_for).getTime());
    expect(new Set(seconds).size).toBe(seconds.length);
    // One run per second from the first to the last: none twice, none skipped.
    expect((seconds[seconds.length - 1] - seconds[0]) / 1000 + 1).toBe(seconds.length);
    // Executed once each: every execution of an export is audited as data.export.
    const exports = await db('audit_events')
      .where('action', 'data.export')
      .whereRaw(`details->>'job' = ?`, ['shared-tick'])
      .count({ n: '*' });
    expect(Number(exports[0].n)).toBe(runs.length);
    const owners = new Set(runs.map((run) => run.lease_owner.split(':')[1]));
    for (const pid of owners) expect(services.map((s) => String(s.child.pid))).toContain(pid);
  }, 60_000);

  test('when the process running a job is killed, then the other instance marks the run failed once the lease runs out', async () => {
    const node = await request(urls[0])
      .post('/data/nodes')
      .set('Authorization', auth)
      .send({ labels: ['Watched'], properties: { name: 'w' } });
    expect(node.status).toBe(201);
    const created = await request(urls[0])
      .post('/jobs')
      .set('Authorization', auth)
      .send({ name: 'hanging', type: 'alert', config: { labels: ['Watched'], recipients: ['ops@example.com'] } });
    expect(created.status).toBe(201);
    const started = await request(urls[0]).put('/jobs/hanging/started').set('Authorization', auth);
    expect(started.status).toBe(202);
    const db = database.knex;
    // The mail never gets a greeting: the run stays running until its process dies.
    const running = await waitFor('the run to be running', async () => {
      const row = await db('job_runs').where('id', started.body.id).first();
      return row?.state === 'running' && sockets.length > 0 ? row : undefined;
    });
    const pid = Number(String(running.lease_owner).split(':')[1]);
    const victim = services.find((s) => s.child.pid === pid)!;
    const survivor = services.find((s) => s !== victim)!;
    expect(victim).toBeDefined();
    const killedAt = Date.now();
    victim.child.kill('SIGKILL');
    await victim.exited;

    const failed = await waitFor('the run to be failed', async () => {
      const row = await db('job_runs').where('id', started.body.id).first();
      return row?.state === 'failed' ? row : undefined;
    });
    expect(Date.now() - killedAt).toBeGreaterThanOrEqual(LEASE_MS - 500);
    expect(failed.error).toMatch(/stopped renewing its lease/);
    expect(failed.error).toContain(running.lease_owner);
    expect(failed.finished_at).not.toBeNull();
    const survivorUrl = urls[services.indexOf(survivor)];
    const history = await request(survivorUrl).get('/jobs/hanging/history').set('Authorization', auth);
    expect(history.body.items[0]).toMatchObject({ id: started.body.id, state: 'failed' });
    const audit = await db('audit_events')
      .where({ action: 'job.run.lease-expired', target_id: String(started.body.id) })
      .count({ n: '*' });
    expect(Number(audit[0].n)).toBe(1);
    // The job can be started again on the surviving instance.
    expect((await request(survivorUrl).put('/jobs/hanging/started').set('Authorization', auth)).status).toBe(202);
    await request(survivorUrl).delete('/jobs/hanging/started').set('Authorization', auth);
  }, 60_000);
});

describe('two schedulers ticking at the same instant on one database', () => {
  let shared: TestDatabase;
  const pools: Knex[] = [];
  const schedulers: JobScheduler[] = [];
  const graphs: AppDeps['graph'][] = [];

  beforeAll(async () => {
    shared = await createTestDatabase();
    const logger = pino({ level: 'silent' });
    const config = loadConfig(
      {},
      {
        database: { url: shared.url },
        dataDir: mkdtempSync(path.join(os.tmpdir(), 'gas-jobs-race-')),
        session: { secret: 's' },
        auth: { adminPassword: ADMIN_PASSWORD },
        log: { level: 'silent' },
        jobs: { leaseMs: 10000 },
      },
    );
    await syncPermissions(shared.knex);
    await ensureAdmin(shared.knex, config, logger);
    // Two instances: each its own connection pool, graph store and scheduler (not started: the test ticks them).
    for (let i = 0; i < 2; i++) {
      const db = knexFactory({ client: 'pg', connection: shared.url, pool: { min: 0, max: 4 } });
      pools.push(db);
      const graph = createGraphStore(config, db, logger);
      await graph.init();
      graphs.push(graph);
      const deps: AppDeps = {
        config,
        db,
        graph,
        mailer: createMailer('', config.mail.from, logger),
        logger,
        credentialCache: new CredentialCache(0),
        version: 'test',
      };
      schedulers.push(new JobScheduler(deps));
    }
  });
  afterAll(async () => {
    for (const graph of graphs) await graph.close();
    for (const pool of pools) await pool.destroy();
    await shared?.drop();
  });

  test('when both tick together over and over, then every due run is enqueued once and executed once', async () => {
    const db = shared.knex;
    const adminId = (await db('users').where('username', 'admin').first('id')).id;
    const [{ id: jobId }] = await db('jobs')
      .insert({
        name: 'race',
        type: 'export',
        config: JSON.stringify({ file: 'race.csv' }),
        schedule: '0 0 0 1 1 *',
        enabled: true,
        created_by: adminId,
        run_as: adminId,
      })
      .returning('id');
    const rounds = 15;
    for (let round = 0; round < rounds; round++) {
      // Even rounds: a scheduled run due now, both instances see it in the same instant (enqueue race).
      // Odd rounds: a run already queued (as PUT /jobs/{name}/started leaves it), both claim at once (claim race).
      if (round % 2 === 0)
        await db('jobs')
          .where('id', jobId)
          .update({ next_run_at: new Date(Date.UTC(2020, 0, 1, 0, 0, round)) });
      else await db('job_runs').insert({ job_id: jobId, state: 'queued', trigger: 'manual', requested_by: adminId });
      await Promise.all(schedulers.map((scheduler) => scheduler.tick()));
      await waitFor('the round to finish', async () =>
        schedulers.every((scheduler) => scheduler.runningHere().length === 0) &&
        Number((await db('job_runs').whereIn('state', ['queued', 'running']).count({ n: '*' }))[0].n) === 0
          ? true
          : (await Promise.all(schedulers.map((scheduler) => scheduler.tick())), false),
      );
    }
    const runs = (await db('job_runs').where('job_id', jobId).orderBy('id')) as Array<{
      state: string;
      scheduled_for: Date;
      lease_owner: string;
    }>;
    expect(runs).toHaveLength(rounds);
    expect(runs.every((run) => run.state === 'succeeded')).toBe(true);
    const scheduled = runs.filter((run) => run.scheduled_for !== null);
    expect(scheduled).toHaveLength(Math.ceil(rounds / 2));
    expect(new Set(scheduled.map((run) => new Date(run.scheduled_for).getTime())).size).toBe(scheduled.length);
    const executions = await db('audit_events').where('action', 'data.export').whereRaw(`details->>'job' = ?`, ['race']).count({ n: '*' });
    expect(Number(executions[0].n)).toBe(rounds);
  }, 60_000);
});
