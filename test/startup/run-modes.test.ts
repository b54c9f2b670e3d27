import os from 'node:os';
import path from 'node:path';
import { mkdtempSync, rmSync } from 'node:fs';
import request from 'supertest';
import type { TestDatabase } from '../support/database';
import { createTestDatabase } from '../support/database';
import type { ServiceProcess, LogLine } from './service-process';
import { ensureBuilt, startServiceProcess, stopIfRunning, READY_LINE } from './service-process';

// The built service as `npm start` runs it: a child process per run mode. First starts of the
// embedded store create a PGlite cluster, which takes a while on two cores.
jest.setTimeout(240_000);

const LISTENING = /^listening on http:\/\//;
const GENERATED_PASSWORD = /generated password/;

beforeAll(() => ensureBuilt(), 300_000);

function errorLines(service: ServiceProcess): LogLine[] {
  return service.logLines().filter((line) => line.level >= 50);
}

function basic(username: string, password: string): string {
  return `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;
}

async function expectHealthyAndReady(url: string): Promise<void> {
  const health = await request(url).get('/health');
  expect(health.status).toBe(200);
  expect(health.body).toEqual({ status: 'ok' });
  const ready = await request(url).get('/ready');
  expect(ready.status).toBe(200);
  expect(ready.body).toMatchObject({ status: 'ready', checks: { database: { ok: true }, graph: { ok: true, backend: 'postgres' } } });
}

/** The generated password is in exactly one log line, and it signs the administrator in. */
async function expectGeneratedPasswordLoggedOnce(service: ServiceProcess, url: string): Promise<void> {
  const lines = service.logLines().filter((line) => !line.plain && GENERATED_PASSWORD.test(line.msg));
  expect(lines).toHaveLength(1);
  const password = lines[0].initialPassword;
  expect(password).toEqual(expect.any(String));
  const session = await request(url)
    .get('/session')
    .set('Authorization', basic('admin', password as string));
  expect(session.status).toBe(200);
  expect(session.body).toMatchObject({ authenticated: true, user: { username: 'admin', mustChangePassword: true } });
}

async function stopWithSigterm(service: ServiceProcess): Promise<void> {
  service.child.kill('SIGTERM');
  expect(await service.exited).toBe(0);
  expect(errorLines(service)).toEqual([]);
  expect(service.stderr()).toBe('');
}

describe('embedded run mode (no DATABASE_URL: PGlite under DATA_DIR)', () => {
  let dataDir: string;
  let first: ServiceProcess | undefined;
  let second: ServiceProcess | undefined;
  let restarted: ServiceProcess | undefined;
  let url: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'gas-startup-embedded-'));
    first = startServiceProcess({ DATA_DIR: dataDir });
    url = (await first.waitForLog(LISTENING)).url as string;
  }, 240_000);

  afterAll(async () => {
    for (const service of [first, second, restarted]) await stopIfRunning(service);
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('when started without DATABASE_URL, then it listens on the embedded store and /health and /ready answer 200', async () => {
    expect(first!.logLines().find((line) => LISTENING.test(line.msg))).toMatchObject({ store: 'embedded', graph: 'postgres' });
    await expectHealthyAndReady(url);
    expect(errorLines(first!)).toEqual([]);
  });

  test('when the administrator is created on first start, then the generated password is logged once and signs in', async () => {
    await expectGeneratedPasswordLoggedOnce(first!, url);
  });

  test('when it is ready, then one plain line says where to sign in and where the generated password is', async () => {
    const plain = first!.logLines().filter((line) => line.plain);
    expect(plain.map((line) => line.msg)).toEqual([
      `Graph Analytics Service is ready: sign in at ${url}/login as "admin" with the generated password from the log line "initialPassword" above (you will be asked to change it).`,
    ]);
    expect(plain[0].msg).toMatch(READY_LINE);
  });

  test('when a second process starts on the same DATA_DIR, then it exits 1 saying the directory is in use', async () => {
    second = startServiceProcess({ DATA_DIR: dataDir });
    expect(await second.exited).toBe(1);
    const output = `${second.stdout()}\n${second.stderr()}`;
    expect(output).toContain(`data directory ${dataDir} is in use by another process (pid ${first!.child.pid})`);
    // The first process is unharmed.
    expect((await request(url).get('/ready')).status).toBe(200);
  });

  test('when SIGTERM is sent, then it exits 0 and its log has no error', async () => {
    await stopWithSigterm(first!);
  });

  test('when started again on the same DATA_DIR, then it reuses the store and logs no new password', async () => {
    restarted = startServiceProcess({ DATA_DIR: dataDir });
    const listening = await restarted.waitForLog(LISTENING);
    await expectHealthyAndReady(listening.url as string);
    expect(restarted.logLines().find((line) => /internal store ready/.test(line.msg))).toMatchObject({ migrationsApplied: 0 });
    expect(restarted.logLines().filter((line) => !line.plain && GENERATED_PASSWORD.test(line.msg))).toEqual([]);
    expect(
      restarted
        .logLines()
        .filter((line) => line.plain)
        .map((line) => line.msg),
    ).toEqual([`Graph Analytics Service is ready: sign in at ${listening.url as string}/login.`]);
    await stopWithSigterm(restarted);
  });
});

describe('server run mode (DATABASE_URL: a PostgreSQL server)', () => {
  let database: TestDatabase;
  let dataDir: string;
  let service: ServiceProcess | undefined;
  let url: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'gas-startup-server-'));
    service = startServiceProcess({ DATA_DIR: dataDir, DATABASE_URL: database.url });
    url = (await service.waitForLog(LISTENING)).url as string;
  }, 240_000);

  afterAll(async () => {
    await stopIfRunning(service);
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('when DATABASE_URL is set, then it listens on the server store and /health and /ready answer 200', async () => {
    expect(service!.logLines().find((line) => LISTENING.test(line.msg))).toMatchObject({ store: 'server', graph: 'postgres' });
    await expectHealthyAndReady(url);
    expect(errorLines(service!)).toEqual([]);
  });

  test('when the administrator is created on first start, then the generated password is logged once and signs in', async () => {
    await expectGeneratedPasswordLoggedOnce(service!, url);
  });

  test('when SIGTERM is sent, then it exits 0 and its log has no error', async () => {
    await stopWithSigterm(service!);
  });
});

describe('bad configuration', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'gas-startup-config-'));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  test.each([
    ['PORT=notanumber', { PORT: 'notanumber' }, /^configuration error: invalid configuration value at server\.port: /],
    ['GRAPH_BACKEND=oracle', { GRAPH_BACKEND: 'oracle' }, /^configuration error: invalid configuration value at graphdb\.backend: /],
    ['LOG_LEVEL=loud', { LOG_LEVEL: 'loud' }, /^configuration error: invalid configuration value at log\.level: /],
    [
      'CONFIG_FILE naming a missing file',
      { CONFIG_FILE: '/nonexistent/gas-config.json' },
      /^configuration error: CONFIG_FILE \/nonexistent\/gas-config\.json does not exist$/,
    ],
  ])('when %s, then it exits 1 with one clear line on stderr', async (_name, env, expected) => {
    const service = startServiceProcess({ DATA_DIR: dataDir, ...env });
    expect(await service.exited).toBe(1);
    const lines = service
      .stderr()
      .split('\n')
      .filter((line) => line.trim());
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(expected);
    expect(service.stdout()).toBe('');
  });
});
