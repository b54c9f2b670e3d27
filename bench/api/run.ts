/**
 * npm run bench:api
 *
 * Authenticated GET throughput of the real service next to a bare Express 5 JSON handler measured
 * in the same run, on 127.0.0.1 only. Each server is a child process on a free port, and so is the
 * load generator (bench/api/load-client.ts): BENCH_CONNECTIONS (50) keep-alive connections for
 * BENCH_SECONDS (5) per measurement after a 1 s warm-up.
 *
 * - BENCH_REPS (3) repetitions, interleaved: each repetition measures bare, bare on the service's
 *   HTTP server classes, /health, HTTP Basic and the session cookie once, in an order rotated per
 *   repetition; the table shows medians, and the ratio is the median of the per-repetition ratios
 *   (each against the bare figure of the same repetition), so a machine that gets busier during the
 *   run shows as a spread, not a false ratio.
 * - Two baselines: stock bare Express (ratio, CPU ratio: the issue's yardstick) and the same handler
 *   on src/http/http-server.ts (ratio*, CPU ratio*), which spares it the per-request
 *   Object.setPrototypeOf the service no longer pays: the starred ratios are the service's own
 *   middleware and routing against an equally built bare handler.
 * - Next to req/s: the server process's CPU time per request (utime + stime from /proc, Linux),
 *   which depends much less on what else the machine runs than throughput does.
 * - The long run: BENCH_LONG_SECONDS (180; 0 skips), longer than the credential cache's lifetime
 *   (auth.credentialCacheMs, 60 s), HTTP Basic and the session cookie at once (half the
 *   connections each), printed per 5 s window: a collapse (an expiry recomputing scrypt for every
 *   request in flight) shows as a window far below the median, and in the worst latency.
 *   BENCH_LONG_SECONDS=20 is a quick check.
 *
 * Store measured: a PostgreSQL server: DATABASE_URL as given; else a throw-away database on
 * TEST_DATABASE_URL's server (dropped afterwards); else a private throw-away cluster started from the
 * installed server binaries. The embedded PGlite is measured afterwards and reported in its own
 * table (BENCH_PGLITE=0 skips it; no long run). BENCH_LOG_LEVEL (warn) is the service's LOG_LEVEL:
 * at info every request writes a log line. BENCH_PATH replaces the authenticated GET measured
 * (default: /permissions, a handler without a query of its own, so the figure is the cost of
 * authentication and the middleware, as in the yardsticks; /users/info adds a query).
 */
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { readFileSync } from 'node:fs';
import { Client } from 'pg';
import { NODE_FLAGS } from '../../src/runtime-memory';
import type { PostgresServer } from '../support/postgres-cluster';
import { startPostgres } from '../support/postgres-cluster';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const REPS = Number(process.env.BENCH_REPS ?? 3);
const LONG_SECONDS = Number(process.env.BENCH_LONG_SECONDS ?? 180);
const WINDOW_SECONDS = 5;
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
  // The service's node options (src/runtime-memory.ts) for the service and the bare baselines alike.
  const child = spawn(process.execPath, [...NODE_FLAGS, script], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  return new Promise((resolve, reject) => {
    if (!ready) {
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
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
    child.stdout.on('data', onData);
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
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
    const ok = await send(undefined, origin, 'GET', '/health', {}).then(
      (r) => r.status === 200,
      () => false,
    );
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

function send(
  agent: http.Agent | undefined,
  origin: string,
  method: string,
  urlPath: string,
  headers: Record<string, string>,
  body?: string,
): Promise<Response> {
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

interface Store {
  env: NodeJS.ProcessEnv;
  label: string;
  cleanup: () => Promise<void>;
}

/** Where the service keeps its data for this run, and how to clean up. */
async function prepareStore(kind: 'postgres' | 'pglite'): Promise<Store> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'gas-bench-api-'));
  const removeDir = async () => rmSync(dataDir, { recursive: true, force: true });
  if (kind === 'pglite') return { env: { DATA_DIR: dataDir }, label: 'embedded PGlite (temporary DATA_DIR)', cleanup: removeDir };
  if (process.env.DATABASE_URL) {
    return {
      env: { DATA_DIR: dataDir, DATABASE_URL: process.env.DATABASE_URL },
      label: 'PostgreSQL server (DATABASE_URL)',
      cleanup: removeDir,
    };
  }
  let cluster: PostgresServer | undefined;
  const adminUrl = process.env.TEST_DATABASE_URL ?? (cluster = await startPostgres()).adminUrl;
  const name = `gas_bench_${randomBytes(4).toString('hex')}`;
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: url.toString() },
    label: `PostgreSQL server (throw-away database ${name} on ${cluster ? 'a private cluster' : "TEST_DATABASE_URL's server"})`,
    cleanup: async () => {
      const again = new Client({ connectionString: adminUrl });
      await again.connect();
      await again.query(`drop database if exists ${name} with (force)`);
      await again.end();
      await cluster?.stop();
      await removeDir();
    },
  };
}

const number = (value: number) => Math.round(value).toLocaleString('en-US');
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** CPU time (user + system) of a process so far, in ms; undefined where /proc is not available. */
function cpuMs(pid: number | undefined): number | undefined {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10; // clock ticks of 10 ms (CLK_TCK 100 on Linux)
  } catch {
    return undefined;
  }
}

interface ClientTarget {
  name: string;
  path: string;
  headers: Record<string, string>;
  connections: number;
}

interface ClientResult {
  name: string;
  requests: number;
  failures: number;
  firstFailure?: string;
  seconds: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  windows: number[];
}

/** Runs the load generator as its own process and returns what it measured. */
function runClient(origin: string, targets: ClientTarget[], seconds: number, warmupSeconds: number): Promise<ClientResult[]> {
  const options = JSON.stringify({ origin, targets, seconds, warmupSeconds, windowSeconds: WINDOW_SECONDS });
  const child = spawn(process.execPath, [path.join(__dirname, 'load-client.js'), options], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => {
      if (code !== 0) return reject(new Error(`load client exited with ${code}: ${err}`));
      resolve(JSON.parse(out.trim().split('\n').pop()!) as ClientResult[]);
    });
  });
}

interface Measurement {
  rps: number;
  cpuUsPerRequest?: number;
  p99Ms: number;
  failures: number;
  firstFailure?: string;
  /** The machine's load average (1 min) when the measurement started and ended. */
  loadStart: number;
  loadEnd: number;
}

/** Issue 11's target for the service's rows: at least 0.40 of the bare handler (CPU ratio, or req/s on a quiet machine). */
const TARGET = 0.4;

async function measure(server: Started, origin: string, target: ClientTarget): Promise<Measurement> {
  const loadStart = os.loadavg()[0];
  await runClient(origin, [target], 1, 0);
  const cpuBefore = cpuMs(server.child.pid);
  const [result] = await runClient(origin, [target], SECONDS, 0);
  const cpuAfter = cpuMs(server.child.pid);
  return {
    rps: result.requests / result.seconds,
    cpuUsPerRequest:
      cpuBefore !== undefined && cpuAfter !== undefined && result.requests ? ((cpuAfter - cpuBefore) * 1000) / result.requests : undefined,
    p99Ms: result.p99Ms,
    failures: result.failures,
    firstFailure: result.firstFailure,
    loadStart,
    loadEnd: os.loadavg()[0],
  };
}

interface Service {
  started: Started;
  origin: string;
  target: string;
  basicHeaders: Record<string, string>;
  cookie: string;
}

async function startService(store: Store, baseEnv: NodeJS.ProcessEnv): Promise<Service> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const started = await startChild(path.join(distRoot, 'src', 'index.js'), {
    ...baseEnv,
    ...store.env,
    HOST: '127.0.0.1',
    PORT: String(port),
    ADMIN_PASSWORD,
    SESSION_SECRET: 'bench-session-secret',
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
  });
  try {
    await waitForHealth(origin, started);
    const basicHeaders = { authorization: `Basic ${Buffer.from(`admin:${ADMIN_PASSWORD}`).toString('base64')}` };
    let target: string | undefined;
    for (const candidate of process.env.BENCH_PATH ? [process.env.BENCH_PATH] : ['/permissions', '/users/info']) {
      if ((await send(undefined, origin, 'GET', candidate, basicHeaders)).status === 200) {
        target = candidate;
        break;
      }
    }
    if (!target) throw new Error('no authenticated GET endpoint answered 200 with HTTP Basic');
    const login = await send(
      undefined,
      origin,
      'POST',
      '/login',
      { 'content-type': 'application/json' },
      JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
    );
    const cookie = String(login.headers['set-cookie'] ?? '').match(/gas\.sid=[^;]+/)?.[0];
    if (login.status !== 200 || !cookie) throw new Error(`POST /login answered ${login.status} ${login.body.slice(0, 200)}`);
    return { started, origin, target, basicHeaders, cookie };
  } catch (error) {
    await stopChild(started);
    throw error;
  }
}

type Kind = 'bare' | 'bareClasses' | 'health' | 'basic' | 'session';
const KINDS: Kind[] = ['bare', 'bareClasses', 'health', 'basic', 'session'];

interface Baselines {
  bare: Started;
  bareClasses: Started;
}

/** BENCH_REPS interleaved repetitions of the five measurements; prints the table. */
async function repetitions(baselines: Baselines, service: Service, title: string): Promise<boolean> {
  const all: Record<Kind, Measurement[]> = { bare: [], bareClasses: [], health: [], basic: [], session: [] };
  for (let rep = 0; rep < REPS; rep++) {
    const order = KINDS.map((_, i) => KINDS[(i + rep) % KINDS.length]);
    for (const kind of order) {
      const m =
        kind === 'bare' || kind === 'bareClasses'
          ? await measure(baselines[kind], baselines[kind].origin, { name: kind, path: '/ping', headers: {}, connections: CONNECTIONS })
          : await measure(service.started, service.origin, {
              name: kind,
              path: kind === 'health' ? '/health' : service.target,
              headers: kind === 'basic' ? service.basicHeaders : kind === 'session' ? { cookie: service.cookie } : {},
              connections: CONNECTIONS,
            });
      all[kind].push(m);
    }
    process.stdout.write(`  repetition ${rep + 1}/${REPS}: ${KINDS.map((k) => `${k} ${number(all[k][rep].rps)}`).join(', ')} req/s\n`);
  }
  const labels: Record<Kind, string> = {
    bare: 'bare Express 5 JSON handler (GET /ping)',
    bareClasses: 'the same on the service HTTP server classes',
    health: 'service GET /health (no authentication)',
    basic: `service GET ${service.target}, HTTP Basic`,
    session: `service GET ${service.target}, session cookie`,
  };
  const anchors: Record<Kind, string> = {
    bare: `${number(ANCHOR_BARE)} (1.00)`,
    bareClasses: '',
    health: '',
    basic: `${number(ANCHORS.basic.rps)} (${(ANCHORS.basic.rps / ANCHOR_BARE).toFixed(2)}) ${ANCHORS.basic.what}`,
    session: `${number(ANCHORS.session.rps)} (${(ANCHORS.session.rps / ANCHOR_BARE).toFixed(2)}) ${ANCHORS.session.what}`,
  };
  console.log('');
  console.log(title);
  console.log(
    `${'measurement'.padEnd(48)} ${'req/s'.padStart(7)} ${'min-max'.padStart(13)} ${'ratio'.padStart(6)} ${'CPU us/req'.padStart(10)} ${'CPU ratio'.padStart(9)} ${'ratio*'.padStart(6)} ${'CPU ratio*'.padStart(10)} ${'p99 ms'.padStart(7)} ${'target'.padStart(7)} ${'within'.padStart(6)} ${'load start > end'.padStart(16)}  yardstick req/s (ratio)`,
  );
  let failed = false;
  const cpuOf = (kind: Kind) =>
    all[kind].every((m) => m.cpuUsPerRequest !== undefined) ? median(all[kind].map((m) => m.cpuUsPerRequest!)) : undefined;
  for (const kind of KINDS) {
    const ms = all[kind];
    const rps = ms.map((m) => m.rps);
    const ratio = median(ms.map((m, i) => m.rps / all.bare[i].rps));
    const ratioClasses = median(ms.map((m, i) => m.rps / all.bareClasses[i].rps));
    const cpu = cpuOf(kind);
    const bareCpu = cpuOf('bare');
    const bareClassesCpu = cpuOf('bareClasses');
    const isService = kind !== 'bare' && kind !== 'bareClasses';
    console.log(
      `${labels[kind].padEnd(48)} ${number(median(rps)).padStart(7)} ${`${number(Math.min(...rps))}-${number(Math.max(...rps))}`.padStart(13)} ${ratio.toFixed(2).padStart(6)} ${(cpu === undefined ? '-' : number(cpu)).padStart(10)} ${(cpu && bareCpu ? (bareCpu / cpu).toFixed(2) : '-').padStart(9)} ${ratioClasses.toFixed(2).padStart(6)} ${(cpu && bareClassesCpu ? (bareClassesCpu / cpu).toFixed(2) : '-').padStart(10)} ${median(
        ms.map((m) => m.p99Ms),
      )
        .toFixed(1)
        .padStart(
          7,
        )} ${isService ? `>= ${TARGET}`.padStart(7) : '-'.padStart(7)} ${(isService ? ((cpu && bareCpu ? bareCpu / cpu : ratio) >= TARGET ? 'yes' : 'NO') : '-').padStart(6)} ${`${ms[0].loadStart.toFixed(1)} > ${ms[ms.length - 1].loadEnd.toFixed(1)}`.padStart(16)}  ${anchors[kind]}`,
    );
    const failures = ms.reduce((sum, m) => sum + m.failures, 0);
    if (failures) {
      failed = true;
      console.log(`warning: ${labels[kind]}: ${failures} failed requests, first: ${ms.find((m) => m.firstFailure)?.firstFailure}`);
    }
  }
  console.log(
    'ratio: median over the repetitions of req/s / bare req/s of the same repetition; CPU ratio: bare CPU per request / this CPU per request (medians)',
  );
  console.log(
    `target: a service row is within when its CPU ratio (else its req/s ratio) to stock bare Express is at least ${TARGET}; load: the 1 min load average at the start of the row's first repetition and the end of its last`,
  );
  console.log(
    'ratio*, CPU ratio*: the same against the bare handler on the service HTTP server classes (no per-request Object.setPrototypeOf, which costs stock Express most of its CPU per request)',
  );
  return !failed;
}

/** HTTP Basic and the session cookie at once for LONG_SECONDS, per 5 s window. */
async function longRun(service: Service): Promise<boolean> {
  const half = Math.max(1, Math.floor(CONNECTIONS / 2));
  console.log('');
  console.log(
    `long run: ${LONG_SECONDS} s (credential cache lifetime 60 s by default), HTTP Basic and session cookie at once, ${half} connections each, req/s per ${WINDOW_SECONDS} s window`,
  );
  const results = await runClient(
    service.origin,
    [
      { name: 'HTTP Basic', path: service.target, headers: service.basicHeaders, connections: half },
      { name: 'session cookie', path: service.target, headers: { cookie: service.cookie }, connections: half },
    ],
    LONG_SECONDS,
    1,
  );
  let ok = true;
  for (const r of results) {
    const med = median(r.windows);
    const min = Math.min(...r.windows);
    const collapsed = r.windows.map((w, i) => ({ w, i })).filter(({ w }) => w < med * 0.5);
    console.log(
      `${r.name.padEnd(16)} mean ${number(r.requests / r.seconds)} req/s; windows min ${number(min)} / median ${number(med)} / max ${number(Math.max(...r.windows))}; latency p50 ${r.p50Ms.toFixed(1)} ms, p99 ${r.p99Ms.toFixed(1)} ms, max ${r.maxMs.toFixed(0)} ms; failures ${r.failures}`,
    );
    console.log(`  windows: ${r.windows.map((w) => number(w)).join(' ')}`);
    if (collapsed.length)
      console.log(
        `  below half the median: windows ${collapsed.map(({ i }) => `${i * WINDOW_SECONDS}-${(i + 1) * WINDOW_SECONDS} s`).join(', ')}`,
      );
    if (r.failures) ok = false;
  }
  return ok;
}

async function main(): Promise<void> {
  const baseEnv = { PATH: process.env.PATH, HOME: process.env.HOME };
  let bare: Started | undefined;
  let bareClasses: Started | undefined;
  let ok = true;
  console.log(
    `bench:api: ${CONNECTIONS} keep-alive connections from a separate load process, ${REPS} interleaved repetitions of ${SECONDS} s per measurement after 1 s warm-up, 127.0.0.1 only; node ${process.version}, ${os.cpus().length} cores, load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  try {
    bare = await startChild(path.join(__dirname, 'baseline-server.js'), baseEnv, /listening (\d+)/);
    bare = { ...bare, origin: `http://127.0.0.1:${bare.origin}` };
    bareClasses = await startChild(path.join(__dirname, 'baseline-server.js'), { ...baseEnv, BASELINE_CLASSES: '1' }, /listening (\d+)/);
    bareClasses = { ...bareClasses, origin: `http://127.0.0.1:${bareClasses.origin}` };
    for (const kind of process.env.BENCH_PGLITE === '0' ? (['postgres'] as const) : (['postgres', 'pglite'] as const)) {
      const store = await prepareStore(kind);
      let service: Service | undefined;
      try {
        console.log(`\nservice store: ${store.label}; starting...`);
        service = await startService(store, baseEnv);
        ok = (await repetitions({ bare, bareClasses }, service, `${store.label}: medians of ${REPS} repetitions`)) && ok;
        if (kind === 'postgres' && LONG_SECONDS > 0) ok = (await longRun(service)) && ok;
      } finally {
        if (service) await stopChild(service.started);
        await store.cleanup();
      }
    }
    console.log(
      `\nload average at the end: ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')} (other work on the machine lowers every req/s; compare ratios and CPU per request)`,
    );
    if (!ok) process.exitCode = 1;
  } finally {
    await stopChild(bare);
    await stopChild(bareClasses);
  }
}

main().catch((error: unknown) => {
  console.error(`bench:api failed: ${(error as Error).message}`);
  process.exitCode = 1;
});
