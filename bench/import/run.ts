/**
 * node scripts/build-if-needed.mjs && node dist/bench/import/run.js
 *
 * Issue 10: the import through the real API next to the backend's own bulk path, in the same run,
 * on the same server. A BENCH_IMPORT_NODES-row node CSV (1,000,000; id,name,age) and a
 * BENCH_IMPORT_RELS-row relationship CSV (2,000,000; from,to,since, ends matched by Person.id)
 * are generated, then:
 *  - raw (issue 24): each CSV COPYed by the server into an unlogged staging table, then ONE
 *    INSERT ... SELECT (relationships: ends joined through an index on Person's id), in one
 *    transaction (the best PostgreSQL does by hand; rawPostgres);
 *  - API: the service (dist/src/index.js, a child process) on another fresh database: POST
 *    /data/import/uploadFile, POST /data/import/importFile (background), polled until done,
 *    while a reader sends POST /data/nodes/find every 250 ms (its latency is printed).
 * BENCH_IMPORT_ROUNDS (2) rounds on fresh databases, the halves interleaved (raw nodes, API
 * nodes, raw relationships, API relationships; the API first in every other round).
 * Printed per round: rows/s of each, the ratio raw time / API time, the service's peak RSS (VmHWM), the read
 * latency during the load and the load average; then the ratios of all rounds. Smaller runs: BENCH_IMPORT_NODES=100000 BENCH_IMPORT_RELS=200000.
 * PostgreSQL: TEST_DATABASE_URL's server or a private cluster (bench/support/postgres-cluster.ts).
 *
 * With NEO4J_URI (NEO4J_USERNAME, NEO4J_PASSWORD) set, the same on Neo4j, with its own sizes
 * (BENCH_IMPORT_NEO4J_NODES, BENCH_IMPORT_NEO4J_RELS; default 200,000 / 400,000: the import is
 * one transaction, held on the server's heap until the commit): raw = UNWIND batches of 5,000
 * rows sent with the driver, one transaction per batch, with an index on :Person(id) made before
 * the relationships (MATCH both ends by id, CREATE); API = the service on Neo4j (its bulkImport:
 * one transaction, the index made by the import). The database is emptied before each part.
 * Then the batched import on Neo4j at 1,000,000 / 2,000,000 rows (neo4jBatchedPart, issue 23 item 10).
 * BENCH_IMPORT_ONLY=neo4j runs the Neo4j parts alone. THE NEO4J DATABASE IS WIPED: point it at a
 * throw-away server.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, createWriteStream, mkdtempSync, openAsBlob, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import neo4j, { type Driver } from 'neo4j-driver';
import { Client } from 'pg';
import { NODE_FLAGS } from '../../src/runtime-memory';
import { startPostgres } from '../support/postgres-cluster';
import { freePort } from '../support/postgres-cluster';

const NODES = intEnv('BENCH_IMPORT_NODES', 1_000_000);
const RELS = intEnv('BENCH_IMPORT_RELS', 2_000_000);
/** BENCH_IMPORT_ROUNDS (2): the PostgreSQL comparison repeated on fresh databases, the order of the sides alternating. */
const ROUNDS = intEnv('BENCH_IMPORT_ROUNDS', 2);
const ADMIN_PASSWORD = 'bench-admin-password-1';
const loadAverage = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(1))
    .join(' ');
const distRoot = path.resolve(__dirname, '..', '..');

function intEnv(name: string, fallback: number): number {
  const value = process.env[name];
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`${name} must be a positive integer`);
  return n;
}

const now = () => Number(process.hrtime.bigint()) / 1e6;

/** Deterministic pseudo-random ends (xorshift). */
function rng(seed: number): () => number {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 4294967296;
  };
}

async function writeLines(file: string, header: string, count: number, line: (i: number) => string): Promise<void> {
  const out = createWriteStream(file);
  out.write(header + '\n');
  let chunk = '';
  for (let i = 0; i < count; i++) {
    chunk += line(i) + '\n';
    if (chunk.length > 1 << 20) {
      if (!out.write(chunk)) await once(out, 'drain');
      chunk = '';
    }
  }
  out.end(chunk);
  await once(out, 'finish');
}

async function createDatabase(adminUrl: string, name: string): Promise<string> {
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`).catch(() => undefined);
  await admin.end();
}

/**
 * The raw bulk path on a migrated database (the service's tables and indexes), same rows, as a
 * person loads a CSV into PostgreSQL (issue 24: COPY + one INSERT..SELECT, not batched inserts):
 * the file COPYed into an unlogged staging table, then ONE INSERT..SELECT into the graph tables
 * (relationships: ends joined to graph_nodes by the `id` property, through the :Person(id) schema
 * index the service's import creates too, made here before the relationships). The server reads
 * the file itself (COPY FROM a file: the bench's server is on this machine); when it cannot, the
 * rows are sent in 10,000-row batches of INSERT .. SELECT FROM unnest (printed in the report).
 */
async function rawPostgres(url: string, file: string, what: 'nodes' | 'relationships'): Promise<{ ms: number; rows: number; how: string }> {
  const client = new Client({ connectionString: url });
  await client.connect();
  const columns = what === 'nodes' ? 'id bigint, name text, age bigint' : 's bigint, e bigint, since bigint';
  const start = now();
  try {
    await client.query('begin');
    await client.query(`create unlogged table bench_staging (${columns})`);
    let how = 'COPY from the file + one INSERT..SELECT';
    try {
      await client.query('savepoint copy');
      await client.query(`copy bench_staging from '${file.replace(/'/g, "''")}' with (format csv, header true)`);
    } catch (error) {
      await client.query('rollback to savepoint copy');
      how = `batched INSERT..SELECT FROM unnest (COPY refused: ${(error as Error).message})`;
      const rows = readFileSync(file, 'utf8')
        .split('\n')
        .slice(1)
        .filter(Boolean)
        .map((l) => l.split(','));
      for (let i = 0; i < rows.length; i += 10_000) {
        const part = rows.slice(i, i + 10_000);
        await client.query(
          `insert into bench_staging select * from unnest($1::bigint[], $2::${what === 'nodes' ? 'text' : 'bigint'}[], $3::bigint[])`,
          [part.map((r) => r[0]), part.map((r) => r[1]), part.map((r) => r[2])],
        );
      }
    }
    await client.query('analyze bench_staging');
    let inserted;
    if (what === 'nodes') {
      inserted = await client.query(
        `insert into graph_nodes (labels, properties)
         select array['Person'], jsonb_build_object('id', x.id, 'name', x.name, 'age', x.age) from bench_staging x`,
      );
    } else {
      await client.query(`create index if not exists bench_person_id on graph_nodes ((properties -> 'id')) where labels @> '{Person}'`);
      await client.query('analyze graph_nodes');
      inserted = await client.query(
        `insert into graph_relationships (type, start_id, end_id, properties)
         select 'KNOWS', s.id, e.id, jsonb_build_object('since', r.since)
         from bench_staging r
         join graph_nodes s on s.properties -> 'id' = to_jsonb(r.s) and s.labels @> '{Person}'
         join graph_nodes e on e.properties -> 'id' = to_jsonb(r.e) and e.labels @> '{Person}'`,
      );
    }
    await client.query('drop table bench_staging');
    await client.query('commit');
    return { ms: now() - start, rows: inserted.rowCount ?? 0, how };
  } finally {
    await client.end();
  }
}

function startService(env: NodeJS.ProcessEnv): Promise<{ child: ChildProcess; origin: string }> {
  return freePort().then(
    (port) =>
      new Promise((resolve, reject) => {
        const child = spawn(process.execPath, [...NODE_FLAGS, path.join(distRoot, 'src', 'index.js')], {
          env: {
            ...process.env,
            ...env,
            HOST: '127.0.0.1',
            PORT: String(port),
            ADMIN_PASSWORD,
            SESSION_SECRET: 'bench-session-secret',
            LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
          },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        let output = '';
        child.stdout.on('data', (c: Buffer) => (output += c.toString()));
        child.stderr.on('data', (c: Buffer) => (output += c.toString()));
        const origin = `http://127.0.0.1:${port}`;
        const deadline = Date.now() + 180_000;
        const poll = async (): Promise<void> => {
          if (child.exitCode !== null) return reject(new Error(`the service exited:\n${output}`));
          if (Date.now() > deadline) return reject(new Error(`the service did not start:\n${output}`));
          const ok = await fetch(`${origin}/ready`).then(
            (r) => r.ok,
            () => false,
          );
          if (ok) resolve({ child, origin });
          else setTimeout(() => void poll(), 250);
        };
        void poll();
      }),
  );
}

function peakRssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

async function apiImport(
  origin: string,
  auth: string,
  file: string,
  mapping: unknown,
  reads: number[],
  transaction?: 'batched',
): Promise<{ ms: number; report: Record<string, number> }> {
  const form = new FormData();
  form.append('file', await openAsBlob(file), path.basename(file));
  const start = now();
  const uploaded = await fetch(`${origin}/data/import/uploadFile`, { method: 'POST', headers: { authorization: auth }, body: form });
  if (uploaded.status !== 201) throw new Error(`upload: ${uploaded.status} ${await uploaded.text()}`);
  const fileId = ((await uploaded.json()) as { files: Array<{ fileId: string }> }).files[0].fileId;
  const started = await fetch(`${origin}/data/import/importFile`, {
    method: 'POST',
    headers: { authorization: auth, 'content-type': 'application/json' },
    body: JSON.stringify({ fileId, mapping, background: true, ...(transaction ? { transaction } : {}) }),
  });
  let status = (await started.json()) as { importId: string; state: string; report: Record<string, number>; error: unknown };
  if (started.status >= 300) throw new Error(`import: ${started.status} ${JSON.stringify(status)}`);
  let reading = true;
  const reader = (async () => {
    while (reading) {
      const t0 = now();
      const r = await fetch(`${origin}/data/nodes/find`, {
        method: 'POST',
        headers: { authorization: auth, 'content-type': 'application/json' },
        body: JSON.stringify({ filter: { property: 'id', operator: '=', value: 42 }, limit: 1 }),
      });
      await r.arrayBuffer();
      reads.push(now() - t0);
      await new Promise((res) => setTimeout(res, 250));
    }
  })();
  while (status.state === 'running') {
    await new Promise((res) => setTimeout(res, 500));
    status = (await (
      await fetch(`${origin}/data/import/imports/${status.importId}`, { headers: { authorization: auth } })
    ).json()) as typeof status;
  }
  reading = false;
  await reader;
  if (status.state !== 'succeeded') throw new Error(`import ${status.state}: ${JSON.stringify(status.error)}`);
  return { ms: now() - start, report: status.report };
}

function pct(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** Empties the Neo4j database in small transactions and drops its property indexes. */
async function wipeNeo4j(driver: Driver): Promise<void> {
  const session = driver.session();
  try {
    for (;;) {
      const result = await session.run('MATCH (n) WITH n LIMIT 5000 DETACH DELETE n RETURN count(*) AS c');
      if (Number(result.records[0].get('c')) === 0) break;
    }
    for (const r of (await session.run('CALL db.indexes()')).records) {
      const type = String(r.get('type'));
      const [label] = r.get('tokenNames') as string[];
      const [property] = r.get('properties') as string[];
      if (type === 'node_label_property') await session.run(`DROP INDEX ON :\`${label}\`(\`${property}\`)`);
    }
  } finally {
    await session.close();
  }
}

/** The raw Neo4j path: UNWIND batches with the driver, one transaction per batch. */
async function rawNeo4j(driver: Driver, nodesFile: string, relsFile: string): Promise<{ nodesMs: number; relsMs: number; rels: number }> {
  const read = (file: string) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .slice(1)
      .filter(Boolean)
      .map((l) => l.split(','));
  const session = driver.session();
  try {
    const nodeRows = read(nodesFile);
    let start = now();
    for (let i = 0; i < nodeRows.length; i += 5000) {
      const rows = nodeRows.slice(i, i + 5000).map((r) => ({ id: neo4j.int(r[0]), name: r[1], age: neo4j.int(r[2]) }));
      await session.executeWrite((tx) => tx.run('UNWIND $rows AS row CREATE (n:Person) SET n = row', { rows }));
    }
    const nodesMs = now() - start;
    const relRows = read(relsFile);
    start = now();
    await session.run('CREATE INDEX ON :Person(id)');
    await session.run('CALL db.awaitIndexes(600)');
    let rels = 0;
    for (let i = 0; i < relRows.length; i += 5000) {
      const rows = relRows.slice(i, i + 5000).map((r) => ({ s: neo4j.int(r[0]), e: neo4j.int(r[1]), since: neo4j.int(r[2]) }));
      const result = await session.executeWrite((tx) =>
        tx.run(
          'UNWIND $rows AS row MATCH (a:Person) WHERE a.id = row.s MATCH (b:Person) WHERE b.id = row.e CREATE (a)-[r:KNOWS]->(b) SET r.since = row.since RETURN count(r) AS c',
          { rows },
        ),
      );
      rels += Number(result.records[0].get('c'));
    }
    return { nodesMs, relsMs: now() - start, rels };
  } finally {
    await session.close();
  }
}

const nodesMapping = {
  kind: 'nodes',
  labels: ['Person'],
  columns: [{ column: 'id', type: 'integer' }, { column: 'name' }, { column: 'age', type: 'integer' }],
};
const relsMapping = {
  kind: 'relationships',
  type: 'KNOWS',
  start: { column: 'from', label: 'Person', property: 'id', type: 'integer' },
  end: { column: 'to', label: 'Person', property: 'id', type: 'integer' },
  columns: [{ column: 'since', type: 'integer' }],
};

function report(
  title: string,
  nodeRows: number,
  relRows: number,
  r: { nodesMs: number; relsMs: number; rels: number },
  nodes: { ms: number },
  rels: { ms: number; report: Record<string, number> },
  rss: number,
  reads: number[],
): string[] {
  const rate = (rows: number, ms: number) => Math.round((rows * 1000) / ms);
  return [
    `${title}: ${nodeRows} node rows, ${relRows} relationship rows`,
    `nodes          raw ${rate(nodeRows, r.nodesMs)} rows/s (${Math.round(r.nodesMs)} ms)   API ${rate(nodeRows, nodes.ms)} rows/s (${Math.round(nodes.ms)} ms, upload included)   ratio ${(r.nodesMs / nodes.ms).toFixed(2)}`,
    `relationships  raw ${rate(relRows, r.relsMs)} rows/s (${Math.round(r.relsMs)} ms, ${r.rels} created)   API ${rate(relRows, rels.ms)} rows/s (${Math.round(rels.ms)} ms, ${rels.report.relationshipsCreated} created)   ratio ${(r.relsMs / rels.ms).toFixed(2)}`,
    `service peak RSS (VmHWM) ${rss} MB`,
    `read during the load (POST /data/nodes/find, ${reads.length} reads): p50 ${pct(reads, 50).toFixed(1)} ms, p95 ${pct(reads, 95).toFixed(1)} ms, max ${Math.max(0, ...reads).toFixed(1)} ms`,
  ];
}

/** The Neo4j part (NEO4J_URI set): its own files and sizes, the service on Neo4j with its own (throw-away) PostgreSQL database. */
async function neo4jPart(dir: string, adminUrl: string): Promise<string[]> {
  const nodeRows = intEnv('BENCH_IMPORT_NEO4J_NODES', 200_000);
  const relRows = intEnv('BENCH_IMPORT_NEO4J_RELS', 400_000);
  const nodesFile = path.join(dir, 'neo4j-people.csv');
  const relsFile = path.join(dir, 'neo4j-knows.csv');
  const random = rng(7);
  await writeLines(nodesFile, 'id,name,age', nodeRows, (i) => `${i},Person ${i},${18 + (i % 70)}`);
  await writeLines(
    relsFile,
    'from,to,since',
    relRows,
    () => `${Math.floor(random() * nodeRows)},${Math.floor(random() * nodeRows)},${1980 + Math.floor(random() * 45)}`,
  );
  const driver = neo4j.driver(
    process.env.NEO4J_URI as string,
    neo4j.auth.basic(process.env.NEO4J_USERNAME ?? 'neo4j', process.env.NEO4J_PASSWORD ?? ''),
  );
  const db = `bench_import_neo4j_${randomBytes(4).toString('hex')}`;
  let service: { child: ChildProcess; origin: string } | undefined;
  try {
    await wipeNeo4j(driver);
    const r = await rawNeo4j(driver, nodesFile, relsFile);
    await wipeNeo4j(driver);
    const url = await createDatabase(adminUrl, db);
    service = await startService({ DATABASE_URL: url, DATA_DIR: path.join(dir, 'neo4j-data'), GRAPH_BACKEND: 'neo4j' });
    const auth = `Basic ${Buffer.from(`admin:${ADMIN_PASSWORD}`).toString('base64')}`;
    const reads: number[] = [];
    const nodes = await apiImport(service.origin, auth, nodesFile, nodesMapping, reads);
    const rels = await apiImport(service.origin, auth, relsFile, relsMapping, reads);
    return report('import benchmark (Neo4j)', nodeRows, relRows, r, nodes, rels, peakRssMb(service.child.pid!), reads);
  } finally {
    if (service) {
      service.child.kill('SIGTERM');
      await once(service.child, 'exit').catch(() => undefined);
    }
    await wipeNeo4j(driver).catch(() => undefined);
    await driver.close();
    await dropDatabase(adminUrl, db);
  }
}

/**
 * Issue 23 item 10: the batched import on Neo4j (transaction "batched", a transaction per batch)
 * at BENCH_IMPORT_NEO4J_BATCHED_NODES / _RELS rows (1,000,000 / 2,000,000: more than one
 * transaction fits in a 2 GB heap), through the API of a fresh service, whose peak RSS must stay
 * under 300 MB.
 */
async function neo4jBatchedPart(dir: string, adminUrl: string): Promise<string[]> {
  const nodeRows = intEnv('BENCH_IMPORT_NEO4J_BATCHED_NODES', 1_000_000);
  const relRows = intEnv('BENCH_IMPORT_NEO4J_BATCHED_RELS', 2_000_000);
  const nodesFile = path.join(dir, 'neo4j-batched-people.csv');
  const relsFile = path.join(dir, 'neo4j-batched-knows.csv');
  const random = rng(11);
  await writeLines(nodesFile, 'id,name,age', nodeRows, (i) => `${i},Person ${i},${18 + (i % 70)}`);
  await writeLines(
    relsFile,
    'from,to,since',
    relRows,
    () => `${Math.floor(random() * nodeRows)},${Math.floor(random() * nodeRows)},${1980 + Math.floor(random() * 45)}`,
  );
  const driver = neo4j.driver(
    process.env.NEO4J_URI as string,
    neo4j.auth.basic(process.env.NEO4J_USERNAME ?? 'neo4j', process.env.NEO4J_PASSWORD ?? ''),
  );
  const db = `bench_import_neo4j_batched_${randomBytes(4).toString('hex')}`;
  let service: { child: ChildProcess; origin: string } | undefined;
  try {
    await wipeNeo4j(driver);
    const url = await createDatabase(adminUrl, db);
    service = await startService({ DATABASE_URL: url, DATA_DIR: path.join(dir, 'neo4j-batched-data'), GRAPH_BACKEND: 'neo4j' });
    const auth = `Basic ${Buffer.from(`admin:${ADMIN_PASSWORD}`).toString('base64')}`;
    const reads: number[] = [];
    const nodes = await apiImport(service.origin, auth, nodesFile, nodesMapping, reads, 'batched');
    const rels = await apiImport(service.origin, auth, relsFile, relsMapping, reads, 'batched');
    const rss = peakRssMb(service.child.pid!);
    const rate = (rows: number, ms: number) => Math.round((rows * 1000) / ms);
    return [
      `batched import (Neo4j, transaction "batched"): ${nodeRows} node rows, ${relRows} relationship rows`,
      `nodes          API ${rate(nodeRows, nodes.ms)} rows/s (${Math.round(nodes.ms)} ms, ${nodes.report.nodesCreated} created)`,
      `relationships  API ${rate(relRows, rels.ms)} rows/s (${Math.round(rels.ms)} ms, ${rels.report.relationshipsCreated} created)`,
      `service peak RSS (VmHWM) ${rss} MB (bound 300 MB: ${rss < 300 ? 'within' : 'EXCEEDED'})`,
      `read during the load (${reads.length} reads): p50 ${pct(reads, 50).toFixed(1)} ms, p95 ${pct(reads, 95).toFixed(1)} ms`,
    ];
  } finally {
    if (service) {
      service.child.kill('SIGTERM');
      await once(service.child, 'exit').catch(() => undefined);
    }
    await wipeNeo4j(driver).catch(() => undefined);
    await driver.close();
    await dropDatabase(adminUrl, db);
  }
}

async function main(): Promise<void> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'gas-bench-import-'));
  // The server COPYs the CSV files itself (rawPostgres): it runs as another user.
  chmodSync(dir, 0o755);
  const nodesFile = path.join(dir, 'people.csv');
  const relsFile = path.join(dir, 'knows.csv');
  const random = rng(42);
  await writeLines(nodesFile, 'id,name,age', NODES, (i) => `${i},Person ${i},${18 + (i % 70)}`);
  await writeLines(
    relsFile,
    'from,to,since',
    RELS,
    () => `${Math.floor(random() * NODES)},${Math.floor(random() * NODES)},${1980 + Math.floor(random() * 45)}`,
  );
  const cluster = await startPostgres();
  const suffix = randomBytes(4).toString('hex');
  const rawDb = `bench_import_raw_${suffix}`;
  const apiDb = `bench_import_api_${suffix}`;
  let service: { child: ChildProcess; origin: string } | undefined;
  try {
    if (process.env.BENCH_IMPORT_ONLY === 'neo4j') {
      console.log((await neo4jPart(dir, cluster.adminUrl)).join('\n'));
      console.log((await neo4jBatchedPart(dir, cluster.adminUrl)).join('\n'));
      return;
    }
    // Each round: a fresh database for each side (the service migrates its database at start; the
    // raw one gets the same schema from a service started and stopped on it), the halves
    // interleaved (raw nodes, API nodes, raw relationships, API relationships; every other round
    // the API first), so that both meet the same load on a shared machine.
    const auth = `Basic ${Buffer.from(`admin:${ADMIN_PASSWORD}`).toString('base64')}`;
    const ratios: Array<{ nodes: number; rels: number; rss: number; load: string }> = [];
    for (let round = 0; round < ROUNDS; round++) {
      const rawUrl = await createDatabase(cluster.adminUrl, `${rawDb}_${round}`);
      const apiUrl = await createDatabase(cluster.adminUrl, `${apiDb}_${round}`);
      const migrator = await startService({
        DATABASE_URL: rawUrl,
        DATA_DIR: path.join(dir, `raw-data-${round}`),
        GRAPH_BACKEND: 'postgres',
      });
      migrator.child.kill('SIGTERM');
      await once(migrator.child, 'exit');
      service = await startService({ DATABASE_URL: apiUrl, DATA_DIR: path.join(dir, `api-data-${round}`), GRAPH_BACKEND: 'postgres' });
      const load = loadAverage();
      const reads: number[] = [];
      const apiFirst = round % 2 === 1;
      const pair = async <R, A>(rawSide: () => Promise<R>, apiSide: () => Promise<A>): Promise<[R, A]> => {
        if (!apiFirst) {
          const r = await rawSide();
          return [r, await apiSide()];
        }
        const a = await apiSide();
        return [await rawSide(), a];
      };
      const [rawNodes, nodes] = await pair(
        () => rawPostgres(rawUrl, nodesFile, 'nodes'),
        () => apiImport(service!.origin, auth, nodesFile, nodesMapping, reads),
      );
      const [rawRels, rels] = await pair(
        () => rawPostgres(rawUrl, relsFile, 'relationships'),
        () => apiImport(service!.origin, auth, relsFile, relsMapping, reads),
      );
      const r = { nodesMs: rawNodes.ms, relsMs: rawRels.ms, rels: rawRels.rows };
      const rss = peakRssMb(service.child.pid!);
      service.child.kill('SIGTERM');
      await once(service.child, 'exit').catch(() => undefined);
      service = undefined;
      const lines = report(
        `import benchmark (PostgreSQL), round ${round + 1} of ${ROUNDS} (${apiFirst ? 'API first' : 'raw first'}; raw: ${rawRels.how}; load ${load} > ${loadAverage()})`,
        NODES,
        RELS,
        r,
        nodes,
        rels,
        rss,
        reads,
      );
      console.log(lines.join('\n'));
      ratios.push({ nodes: r.nodesMs / nodes.ms, rels: r.relsMs / rels.ms, rss, load });
      if (!process.env.BENCH_KEEP) {
        await dropDatabase(cluster.adminUrl, `${rawDb}_${round}`);
        await dropDatabase(cluster.adminUrl, `${apiDb}_${round}`);
      }
    }
    const median = (xs: number[]) => {
      const sorted = [...xs].sort((a, b) => a - b);
      const mid = Math.floor(sorted.length / 2);
      return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
    };
    console.log(
      `\nimport (PostgreSQL) over ${ROUNDS} rounds, API rows/s as a share of raw (target >= 0.5): ` +
        `nodes ${ratios.map((x) => x.nodes.toFixed(2)).join(', ')} (median ${median(ratios.map((x) => x.nodes)).toFixed(2)}); ` +
        `relationships ${ratios.map((x) => x.rels.toFixed(2)).join(', ')} (median ${median(ratios.map((x) => x.rels)).toFixed(2)}); ` +
        `peak RSS ${ratios.map((x) => x.rss).join(', ')} MB (bound 300 MB); load at each round's start ${ratios.map((x) => x.load).join(' / ')}`,
    );
    if (process.env.NEO4J_URI) {
      console.log((await neo4jPart(dir, cluster.adminUrl)).join('\n'));
      console.log((await neo4jBatchedPart(dir, cluster.adminUrl)).join('\n'));
    }
  } finally {
    if (service) {
      service.child.kill('SIGTERM');
      await once(service.child, 'exit').catch(() => undefined);
    }
    await cluster.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
