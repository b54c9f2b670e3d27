/**
 * npm run bench:api
 *
 * Authenticated GET throughput of the real service next to a bare Express 5 JSON handler measured
 * in the same run, on 127.0.0.1 only. Each server is a child process on a free port; this process
 * is the load generator: BENCH_CONNECTIONS (50) keep-alive connections for BENCH_SECONDS (5) per
 * measurement after a 1 s warm-up, then everything stops by itself.
 *
 * Store: DATABASE_URL as given; else a throw-away database on TEST_DATABASE_URL's server (dropped
 * afterwards); else the embedded PGlite in a temporary DATA_DIR. BENCH_LOG_LEVEL (warn) is the
 * service's LOG_LEVEL: at info every request writes a log line. BENCH_PATH replaces the
 * authenticated GET measured (default: /permissions, a handler without a query of its own, so the
 * figure is the cost of authentication and the middleware, as in the yardsticks; /users/info adds a query).
 */
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { spawn, ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { Client } from 'pg';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const ADMIN_PASSWORD = 'bench-admin-password-1';
const distRoot = path.resolve(__dirname, '..', '..');

// perf-anchors.md (../shared): the same stack's building blocks measured with autocannon, 50 connections.
const ANCHOR_BARE = 11_700;
const ANCHORS = {
  basic: { rps: 11_400, what: 'bare + HTTP Basic with a 60 s verification cache' },
  session: { rps: 4_900, what: 'bare + express-session in PostgreSQL, no per-request expiry update' },
};

interface Started {
  child: ChildProcess;
  origin: string;
  output: () => string;
}

function startChild(script: string, env: NodeJS.ProcessEnv, ready?: RegExp): Promise<Started> {
  const child = spawn(process.execPath, [script], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  return new Promise((resolve, reject) => {
    if (!ready) {
      child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
      return resolve({ child, origin: '', output: () => output });
    }
    const timer = setTimeout(() => fail(new Error('did not start within 180 s')), 180_000);
    const fail = (error: Error) => {
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(new Error(`${path.basename(script)}: ${error.message}\n${output}`));
    };
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = ready.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve({ child, origin: match[1], output: () => output });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => fail(new Error(`exited with ${code}`)));
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** At LOG_LEVEL warn the service does not log where it listens: give it a port and ask /health. */
async function waitForHealth(origin: string, started: Started): Promise<void> {
  for (let waited = 0; waited < 180_000; waited += 250) {
    if (started.child.exitCode !== null) throw new Error(`the service exited with ${started.child.exitCode}\n${started.output()}`);
    const ok = await send(undefined, origin, 'GET', '/health', {}).then((r) => r.status === 200, () => false);
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the service did not answer /health within 180 s\n${started.output()}`);
}

async function stopChild(started: Started | undefined): Promise<void> {
  if (!started || started.child.exitCode !== null) return;
  started.child.removeAllListeners('exit');
  const exited = new Promise((resolve) => started.child.once('exit', resolve));
  started.child.kill('SIGTERM');
  const forced = setTimeout(() => started.child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(forced);
}

interface Response {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

function send(agent: http.Agent | undefined, origin: string, method: string, urlPath: string, headers: Record<string, string>, body?: string): Promise<Response> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${origin}${urlPath}`, { method, agent, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

interface Measurement {
  rps: number;
  requests: number;
  failures: number;
  firstFailure?: string;
}

/** CONNECTIONS loops, each sending the next request when the previous answer has been read. */
async function load(origin: string, urlPath: string, headers: Record<string, string>, seconds: number): Promise<Measurement> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  let requests = 0;
  let failures = 0;
  let firstFailure: string | undefined;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  const loop = async () => {
    while (performance.now() < deadline) {
      try {
        const response = await send(agent, origin, 'GET', urlPath, headers);
        if (response.status === 200) requests++;
        else {
          failures++;
          firstFailure ??= `${response.status} ${response.body.slice(0, 200)}`;
        }
      } catch (error) {
        failures++;
        firstFailure ??= (error as Error).message;
      }
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, loop));
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  return { rps: requests / elapsed, requests, failures, firstFailure };
}

async function measure(origin: string, urlPath: string, headers: Record<string, string> = {}): Promise<Measurement> {
  await load(origin, urlPath, headers, 1);
  return load(origin, urlPath, headers, SECONDS);
}

/** Where the service keeps its data for this run, and how to clean up. */
async function prepareStore(): Promise<{ env: NodeJS.ProcessEnv; label: string; cleanup: () => Promise<void> }> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'gas-bench-api-'));
  const removeDir = async () => rmSync(dataDir, { recursive: true, force: true });
  if (process.env.DATABASE_URL) {
    return { env: { DATA_DIR: dataDir, DATABASE_URL: process.env.DATABASE_URL }, label: 'PostgreSQL server (DATABASE_URL)', cleanup: removeDir };
  }
  if (process.env.TEST_DATABASE_URL) {
    const name = `gas_bench_${randomBytes(4).toString('hex')}`;
    const admin = new Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(process.env.TEST_DATABASE_URL);
    url.pathname = `/${name}`;
    return {
      env: { DATA_DIR: dataDir, DATABASE_URL: url.toString() },
      label: `PostgreSQL server (throw-away database ${name} on TEST_DATABASE_URL)`,
      cleanup: async () => {
        const again = new Client({ connectionString: process.env.TEST_DATABASE_URL });
        await again.connect();
        await again.query(`drop database if exists ${name} with (force)`);
        await again.end();
        await removeDir();
      },
    };
  }
  return { env: { DATA_DIR: dataDir }, label: 'embedded PGlite (temporary DATA_DIR)', cleanup: removeDir };
}

const number = (value: number) => Math.round(value).toLocaleString('en-US');

async function main(): Promise<void> {
  const baseEnv = { PATH: process.env.PATH, HOME: process.env.HOME };
  const store = await prepareStore();
  let bare: Started | undefined;
  let service: Started | undefined;
  try {
    console.log(`bench:api: ${CONNECTIONS} keep-alive connections, ${SECONDS} s per measurement after 1 s warm-up, 127.0.0.1 only; node ${process.version}, ${os.cpus().length} cores`);
    bare = await startChild(path.join(__dirname, 'baseline-server.js'), baseEnv, /listening (\d+)/);
    bare = { ...bare, origin: `http://127.0.0.1:${bare.origin}` };

    console.log(`service store: ${store.label}; starting...`);
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    service = await startChild(path.join(distRoot, 'src', 'index.js'), {
      ...baseEnv,
      ...store.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      ADMIN_PASSWORD,
      SESSION_SECRET: 'bench-session-secret',
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
    });
    await waitForHealth(origin, service);
    const basicHeaders = { authorization: `Basic ${Buffer.from(`admin:${ADMIN_PASSWORD}`).toString('base64')}` };

    let target: string | undefined;
    for (const candidate of process.env.BENCH_PATH ? [process.env.BENCH_PATH] : ['/permissions', '/users/info']) {
      if ((await send(undefined, origin, 'GET', candidate, basicHeaders)).status === 200) {
        target = candidate;
        break;
      }
    }
    if (!target) throw new Error('no authenticated GET endpoint answered 200 with HTTP Basic');

    const login = await send(undefined, origin, 'POST', '/login', { 'content-type': 'application/json' }, JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }));
    const cookie = String(login.headers['set-cookie'] ?? '').match(/gas\.sid=[^;]+/)?.[0];
    if (login.status !== 200 || !cookie) throw new Error(`POST /login answered ${login.status} ${login.body.slice(0, 200)}`);

    // The bare baseline is measured before and after the service (both stay up, idle when not
    // measured), so a machine that gets busier during the run shows as a spread, not a false ratio.
    const bareBefore = await measure(bare.origin, '/ping');
    const health = await measure(origin, '/health');
    const basic = await measure(origin, target, basicHeaders);
    const session = await measure(origin, target, { cookie });
    const bareAfter = await measure(bare.origin, '/ping');
    const baseline: Measurement = {
      rps: (bareBefore.rps + bareAfter.rps) / 2,
      requests: bareBefore.requests + bareAfter.requests,
      failures: bareBefore.failures + bareAfter.failures,
      firstFailure: bareBefore.firstFailure ?? bareAfter.firstFailure,
    };

    const rows: Array<[string, Measurement, string]> = [
      [`bare Express 5 JSON handler (GET /ping; ${number(bareBefore.rps)} before, ${number(bareAfter.rps)} after)`, baseline, `${number(ANCHOR_BARE)} (1.00)`],
      ['service GET /health (no authentication)', health, ''],
      [`service GET ${target}, HTTP Basic`, basic, `${number(ANCHORS.basic.rps)} (${(ANCHORS.basic.rps / ANCHOR_BARE).toFixed(2)}) ${ANCHORS.basic.what}`],
      [`service GET ${target}, session cookie`, session, `${number(ANCHORS.session.rps)} (${(ANCHORS.session.rps / ANCHOR_BARE).toFixed(2)}) ${ANCHORS.session.what}`],
    ];
    console.log('');
    console.log(`${'measurement'.padEnd(64)} ${'req/s'.padStart(8)}  ${'ratio to bare'.padStart(13)}  perf-anchors.md yardstick, req/s (ratio)`);
    for (const [label, m, anchor] of rows) {
      console.log(`${label.padEnd(64)} ${number(m.rps).padStart(8)}  ${(m.rps / baseline.rps).toFixed(2).padStart(13)}  ${anchor}`);
    }
    const failed = rows.filter(([, m]) => m.failures > 0);
    for (const [label, m] of failed) console.log(`warning: ${label}: ${m.failures} failed requests, first: ${m.firstFailure}`);
    if (failed.length) process.exitCode = 1;
  } finally {
    await stopChild(bare);
    await stopChild(service);
    await store.cleanup();
  }
}

main().catch((error: unknown) => {
  console.error(`bench:api failed: ${(error as Error).message}`);
  process.exitCode = 1;
});
