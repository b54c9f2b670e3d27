/**
 * npm run bench:cypher
 *
 * The overhead of POST /data/cypher on PostgreSQL for small queries (issue 22, "Overhead"): ms per
 * request of `RETURN 1` and of a small MATCH (one node by property and its KNOWS neighbours),
 * sent one after the other on one keep-alive connection with HTTP Basic, by a reader (CYPHER_QUERIES
 * and READ_ALL_DATA: read-only runs) and by the administrator (DATA_MANAGEMENT: each run is
 * write-capable, so it is audited as cypher.run, an insert and a commit per query):
 *
 * - cold: every request a query text not seen before (`RETURN 1 AS c17`): parse, translation and
 *   statement as for a first run;
 * - warm: the same text and parameters again and again: the parse and plan cache answers
 *   (src/graph/postgres/cypher/plan-cache.ts), only the statement runs;
 * - baseline, measured in the same run: the same translated SQL statement with the same values
 *   sent through knex / node-postgres directly (one round trip, no HTTP), and the ratio of each
 *   figure to it; next to it GET /permissions with the same credentials, the floor of an
 *   authenticated request of the service (HTTP, authentication, middleware; no query).
 *
 * BENCH_REPS (3) interleaved repetitions of BENCH_REQUESTS (300) requests each (BENCH_COLD, 100,
 * for the cold ones), after BENCH_WARMUP (50); medians of the per-repetition means. Data:
 * BENCH_NODES (1,000) Person nodes with 3 KNOWS relationships each, written in SQL.
 *
 * Store: a throw-away database on the PostgreSQL server of TEST_DATABASE_URL (dropped afterwards),
 * else on a private cluster started from the installed server binaries. The service runs as a
 * child process (dist/src/index.js) at LOG_LEVEL warn; BENCH_SERVICE_NODE_ARGS adds node options to
 * it (a CPU profile: '--cpu-prof --cpu-prof-dir=<dir>').
 */
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { NODE_FLAGS } from '../../src/runtime-memory';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import type { Knex } from 'knex';
import knexFactory from 'knex';
import { Client } from 'pg';
import type { PostgresServer } from '../support/postgres-cluster';
import { startPostgres, freePort } from '../support/postgres-cluster';
import { translateCypher } from '../../src/graph/postgres/cypher/translate';
import { ScopeSql } from '../../src/graph/postgres/sql-filter';
import { UNRESTRICTED } from '../../src/graph/graph-store';
import { stopParserWorker } from '../../src/cypher/parser';

const REPS = intEnv('BENCH_REPS', 3);
const REQUESTS = intEnv('BENCH_REQUESTS', 300);
const COLD = intEnv('BENCH_COLD', 100);
const WARMUP = intEnv('BENCH_WARMUP', 50);
const NODES = intEnv('BENCH_NODES', 1000);
const ADMIN_PASSWORD = 'bench-admin-password-1';
const MAX_ROWS = 10_000;

function intEnv(name: string, fallback: number): number {
  const value = process.env[name];
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${name} must be a positive integer`);
  return n;
}

interface Case {
  name: string;
  /** The query of the k-th cold request (k < 0: the warm one). */
  query: (k: number) => string;
  params: Record<string, unknown>;
}

const CASES: Case[] = [
  { name: 'RETURN 1', query: (k) => (k < 0 ? 'RETURN 1' : `RETURN 1 AS c${k}`), params: {} },
  {
    name: 'small MATCH (node by uid, its KNOWS neighbours)',
    query: (k) =>
      `MATCH (a:Person {uid: $uid})-[:KNOWS]->(b:Person) RETURN b.name AS ${k < 0 ? 'name' : `name${k}`} ORDER BY b.name LIMIT 10`,
    params: { uid: 'p42' },
  },
];

function send(
  agent: http.Agent,
  origin: string,
  auth: string,
  body: string | undefined,
  url = '/data/cypher',
  method = 'POST',
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> =
      body === undefined ? { authorization: auth } : { authorization: auth, 'content-type': 'application/json' };
    const req = http.request(`${origin}${url}`, { method, agent, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

async function startService(env: NodeJS.ProcessEnv): Promise<{ child: ChildProcess; origin: string }> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const script = path.resolve(__dirname, '..', '..', 'src', 'index.js');
  // BENCH_SERVICE_NODE_ARGS: node options of the service, e.g. '--cpu-prof --cpu-prof-dir=/tmp/prof' (written when it stops).
  const nodeArgs = (process.env.BENCH_SERVICE_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...NODE_FLAGS, ...nodeArgs, script], {
    env: {
      ...process.env,
      ...env,
      HOST: '127.0.0.1',
      PORT: String(port),
      ADMIN_PASSWORD,
      SESSION_SECRET: 'bench-session-secret',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  for (let waited = 0; waited < 180_000; waited += 250) {
    if (child.exitCode !== null) throw new Error(`the service exited with ${child.exitCode}`);
    const ok = await new Promise<boolean>((resolve) => {
      http.get(`${origin}/health`, (res) => resolve(res.statusCode === 200)).on('error', () => resolve(false));
    });
    if (ok) return { child, origin };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill('SIGKILL');
  throw new Error('the service did not answer /health within 180 s');
}

/** Mean ms per call of `call` over `count` calls (called one after the other). */
async function timeEach(count: number, call: (i: number) => Promise<void>): Promise<number> {
  const began = performance.now();
  for (let i = 0; i < count; i++) await call(i);
  return (performance.now() - began) / count;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

async function main(): Promise<void> {
  let cluster: PostgresServer | undefined;
  const adminUrl = process.env.TEST_DATABASE_URL ?? (cluster = await startPostgres()).adminUrl;
  const name = `gas_bench_cypher_${randomBytes(4).toString('hex')}`;
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'gas-bench-cypher-'));
  let service: { child: ChildProcess; origin: string } | undefined;
  let knex: Knex | undefined;
  try {
    service = await startService({ DATABASE_URL: url.toString(), DATA_DIR: dataDir });
    knex = knexFactory({ client: 'pg', connection: url.toString(), pool: { min: 1, max: 1 } });
    await knex.raw(
      `insert into graph_nodes (labels, properties) select array['Person'], jsonb_build_object('uid', 'p' || i, 'name', 'Person ' || i) from generate_series(1, ?::int) i`,
      [NODES],
    );
    await knex.raw(
      `insert into graph_relationships (type, start_id, end_id, properties)
       select 'KNOWS', a.id, m.first + (a.id - m.first + k * 37) % ?::int, '{}'::jsonb
       from graph_nodes a, (select min(id) as first from graph_nodes) m, generate_series(1, 3) k`,
      [NODES],
    );
    await knex.raw('analyze graph_nodes; analyze graph_relationships');

    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
    const adminAuth = basic('admin', ADMIN_PASSWORD);
    const origin = service.origin;
    const created = await send(
      agent,
      origin,
      adminAuth,
      JSON.stringify({ username: 'reader', password: 'bench-reader-password-1', permissions: ['CYPHER_QUERIES', 'READ_ALL_DATA'] }),
      '/users',
    );
    if (created.status !== 201) throw new Error(`POST /users: ${created.status} ${created.text.slice(0, 300)}`);
    const users = [
      { name: 'reader', auth: basic('reader', 'bench-reader-password-1') },
      { name: 'admin (audited)', auth: adminAuth },
    ];

    console.log(
      `POST /data/cypher on PostgreSQL (${NODES} nodes, ${NODES * 3} relationships), ${REPS} repetitions, ms per request (median of the repetitions' means)\n`,
    );
    console.log(
      '| user | query | pg direct (same SQL) | GET /permissions | service warm | ratio warm | service cold | ratio cold | cold / warm |',
    );
    console.log('|---|---|---:|---:|---:|---:|---:|---:|---:|');
    let coldIndex = 0;
    for (const user of users)
      for (const c of CASES) {
        const post = async (query: string, params: Record<string, unknown>) => {
          const answer = await send(agent, origin, user.auth, JSON.stringify({ query, params }));
          if (answer.status !== 200) throw new Error(`POST /data/cypher ${query}: ${answer.status} ${answer.text.slice(0, 300)}`);
        };
        const floor = async () => {
          const answer = await send(agent, origin, user.auth, undefined, '/permissions', 'GET');
          if (answer.status !== 200) throw new Error(`GET /permissions: ${answer.status}`);
        };
        const warmQuery = c.query(-1);
        const translated = await translateCypher(warmQuery, c.params, new ScopeSql(UNRESTRICTED), MAX_ROWS);
        const direct = async () => {
          await knex!.raw(translated.statement.text, translated.statement.values as Knex.RawBinding[]);
        };
        for (let i = 0; i < WARMUP; i++) {
          await direct();
          await post(warmQuery, c.params);
        }
        const figures = { direct: [] as number[], floor: [] as number[], warm: [] as number[], cold: [] as number[] };
        for (let rep = 0; rep < REPS; rep++) {
          // The order rotates per repetition: a machine getting busier shows as spread, not as a ratio.
          const steps: Array<() => Promise<void>> = [
            async () => void figures.direct.push(await timeEach(REQUESTS, direct)),
            async () => void figures.floor.push(await timeEach(REQUESTS, floor)),
            async () => void figures.warm.push(await timeEach(REQUESTS, () => post(warmQuery, c.params))),
            async () => void figures.cold.push(await timeEach(COLD, () => post(c.query(coldIndex++), c.params))),
          ];
          for (let s = 0; s < steps.length; s++) await steps[(s + rep) % steps.length]();
        }
        const d = median(figures.direct);
        const f = median(figures.floor);
        const w = median(figures.warm);
        const k = median(figures.cold);
        console.log(
          `| ${user.name} | ${c.name} | ${d.toFixed(3)} | ${f.toFixed(3)} | ${w.toFixed(3)} | ${(w / d).toFixed(2)} | ${k.toFixed(3)} | ${(k / d).toFixed(2)} | ${(k / w).toFixed(2)} |`,
        );
      }
    agent.destroy();
  } finally {
    await knex?.destroy();
    await stopParserWorker();
    if (service && service.child.exitCode === null) {
      const exited = new Promise((resolve) => service!.child.once('exit', resolve));
      service.child.kill('SIGTERM');
      await exited;
    }
    const again = new Client({ connectionString: adminUrl });
    await again.connect();
    await again.query(`drop database if exists ${name} with (force)`);
    await again.end();
    await cluster?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
