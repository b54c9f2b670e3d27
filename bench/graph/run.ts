/**
 * npm run bench:graph
 *
 * The GraphStore next to hand-written queries doing the same work, in the same run, on the same
 * data: find by property, explore a hub, shortest paths at distance 4 to 6 and frequency
 * statistics, each for an administrator (UNRESTRICTED) and for a restricted user, so the cost of
 * the port and of access control is visible. See bench/README.md.
 *
 * PostgreSQL: a fresh database (dropped afterwards unless BENCH_KEEP=1) on the server of
 * DATABASE_URL or TEST_DATABASE_URL, else on a private cluster started here from the installed
 * server binaries. Data: BENCH_NODES (100,000) Person nodes and BENCH_RELS (300,000) KNOWS
 * relationships with BENCH_HUBS (5) hubs, generated in SQL; BENCH_REPS (30) timed repetitions per
 * figure after BENCH_WARMUP (3). BENCH_IMPORT_NODES (20,000; 0 = skip) nodes and three times as
 * many relationships are then imported through importBatch to time the port's bulk path.
 *
 * Neo4j (only when NEO4J_URI is set, NEO4J_USERNAME / NEO4J_PASSWORD / NEO4J_DATABASE as for the
 * service): THE DATABASE IS EMPTIED, the same data is loaded through the driver, and the Neo4j
 * adapter is measured next to raw Cypher.
 */
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import type { Knex } from 'knex';
import knexFactory from 'knex';
import { migrateToLatest } from '../../src/db/migrations';
import type { AccessScope, GraphId, GraphStore } from '../../src/graph/graph-store';
import { UNRESTRICTED } from '../../src/graph/graph-store';
import { createPostgresGraphStore } from '../../src/graph/postgres';
import type { PostgresServer } from '../support/postgres-cluster';
import { startPostgres } from '../support/postgres-cluster';

let NODES = intEnv('BENCH_NODES', 100_000);
let RELS = intEnv('BENCH_RELS', 300_000);
/** BENCH_SIZES=10000,100000,1000000: one run per size (3 relationships per node), then the growth table. */
const SIZES = (process.env.BENCH_SIZES ?? '').split(',').filter((x) => x.trim() !== '').map((x) => Number(x));
const HUBS = intEnv('BENCH_HUBS', 5);
const HUB_DEGREE = intEnv('BENCH_HUB_DEGREE', 2_000);
const REPS = intEnv('BENCH_REPS', 30);
const WARMUP = intEnv('BENCH_WARMUP', 3);
/** BENCH_WARMUP_MS (500): warm-up calls continue until this much time has passed (see measureBoth). */
const WARMUP_MS = intEnv('BENCH_WARMUP_MS', 500);
const IMPORT_NODES = intEnv('BENCH_IMPORT_NODES', 20_000);
/** BENCH_ROUNDS (1): the whole PostgreSQL measurement repeated on the same data, then a table of the rounds. */
const ROUNDS = Math.max(1, intEnv('BENCH_ROUNDS', 1));
const NEO4J_REPS = Math.max(1, intEnv('BENCH_NEO4J_REPS', REPS));
/** BENCH_ONLY=<regular expression>: measure only the operations whose name matches (e.g. 'shortest|ordinary'). */
const ONLY = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY, 'i') : null;
const wanted = (operation: string) => !ONLY || ONLY.test(operation);
/**
 * BENCH_REUSE_URL=<database URL>: measure on a database kept by an earlier run (BENCH_KEEP=1) with
 * the same BENCH_NODES / BENCH_RELS, instead of creating and loading one (never dropped).
 */
const REUSE_URL = process.env.BENCH_REUSE_URL || '';
const measure = measureBoth;
const CITIES = 200;
/** The service's text search count limit (src/services/graph/find-service.ts TEXT_SEARCH_COUNT_LIMIT). */
const TEXT_COUNT_LIMIT = 10_000;
const SINCE_MIN = 1980;

function intEnv(name: string, fallback: number): number {
  const value = process.env[name];
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a non-negative integer`);
  return n;
}

const cityName = (i: number) => `City${String(i).padStart(3, '0')}`;
/** Half of the cities (the even ones, so the most frequent, City000, is visible). */
const VISIBLE_CITIES = Array.from({ length: CITIES }, (_, i) => i)
  .filter((i) => i % 2 === 0)
  .map(cityName);

/** The restricted user: Person only, KNOWS only, rows of half the cities, recent relationships, no age. */
const RESTRICTED: AccessScope = {
  unrestricted: false,
  labels: ['Person'],
  types: ['KNOWS'],
  nodeFilter: { property: 'city', operator: 'IN', value: VISIBLE_CITIES },
  relationshipFilter: { property: 'since', operator: '>=', value: SINCE_MIN },
  nodeProperties: { '*': { deny: ['age'] } },
};

type ScopeName = 'admin' | 'restricted';
const SCOPES: Array<[ScopeName, AccessScope]> = [
  ['admin', UNRESTRICTED],
  ['restricted', RESTRICTED],
];

// ---------------------------------------------------------------------------------------------
// timing

interface Figure {
  operation: string;
  scope: ScopeName;
  backend: 'postgres' | 'neo4j';
  port: number[];
  raw: number[];
  note?: string;
  /** The raw statement's plan: its top node and the first scan under it. */
  plan?: string;
}

const now = () => Number(process.hrtime.bigint()) / 1e6;

function quantile(values: number[], q: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (pos - lo);
}

/** Alternates port and raw calls (so drift hits both), after a warm-up of each; which goes first alternates too. */
async function measureBoth(port: (i: number) => Promise<unknown>, rawWork: (i: number) => Promise<unknown>, reps = REPS): Promise<{ port: number[]; raw: number[] }> {
  // Warm-up: WARMUP calls of each, and more until WARMUP_MS have passed, so a sub-millisecond
  // operation is measured with its code compiled by the JIT on both sides (as in a running
  // service), not in the interpreter for the first hundreds of calls.
  const started = now();
  for (let i = 0; i < Math.min(WARMUP, reps) || (now() - started < WARMUP_MS && i < 5000); i++) {
    await port(i);
    await rawWork(i);
  }
  const out = { port: [] as number[], raw: [] as number[] };
  const timed = async (work: (i: number) => Promise<unknown>, i: number, into: number[]) => {
    const t = now();
    await work(i);
    into.push(now() - t);
  };
  for (let i = 0; i < reps; i++) {
    // Both calls of a repetition work on the same item (uid, node, pair): the first to run reads
    // its pages into the buffer cache for the second. The order alternates so that neither side
    // always pays that (port first on even repetitions, raw first on odd ones).
    if (i % 2 === 0) {
      await timed(port, i, out.port);
      await timed(rawWork, i, out.raw);
    } else {
      await timed(rawWork, i, out.raw);
      await timed(port, i, out.port);
    }
  }
  return out;
}

const fmt = (ms: number) => (Number.isNaN(ms) ? '-' : ms < 10 ? ms.toFixed(2) : ms < 100 ? ms.toFixed(1) : ms.toFixed(0));

function printTable(figures: Figure[]): void {
  const header = ['backend', 'operation', 'scope', 'port median ms', 'port p95 ms', 'raw median ms', 'raw p95 ms', 'ratio', 'raw plan (top node > first scan)'];
  const rows = figures.map((f) => {
    const pm = quantile(f.port, 0.5);
    const rm = quantile(f.raw, 0.5);
    return [f.backend, f.operation, f.scope, fmt(pm), fmt(quantile(f.port, 0.95)), fmt(rm), fmt(quantile(f.raw, 0.95)), (pm / rm).toFixed(2) + 'x', f.plan ?? '-'];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const numeric = (i: number) => i >= 3 && i <= 7;
  const line = (cells: string[]) => '| ' + cells.map((c, i) => (numeric(i) ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join(' | ') + ' |';
  console.log(line(header));
  console.log('|' + widths.map((w, i) => (numeric(i) ? '-'.repeat(w + 1) + ':' : '-'.repeat(w + 2))).join('|') + '|');
  for (const r of rows) console.log(line(r));
  for (const f of figures) if (f.note) console.log(`  note (${f.backend} ${f.operation}, ${f.scope}): ${f.note}`);
}

/** Per operation: each round's port and raw medians and ratio, and the median ratio over the rounds. */
function printRounds(rounds: Figure[][]): void {
  const header = ['backend', 'operation', 'scope', ...rounds.map((_, i) => `round ${i + 1} port / raw ms (ratio)`), 'median ratio'];
  const rows = rounds[0].map((f, k) => {
    const ratios: number[] = [];
    const cells = rounds.map((figures) => {
      const g = figures[k];
      const pm = quantile(g.port, 0.5);
      const rm = quantile(g.raw, 0.5);
      ratios.push(pm / rm);
      return `${fmt(pm)} / ${fmt(rm)} (${(pm / rm).toFixed(2)}x)`;
    });
    return [f.backend, f.operation, f.scope, ...cells, quantile(ratios, 0.5).toFixed(2) + 'x'];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => '| ' + cells.map((c, i) => (i >= 3 ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join(' | ') + ' |';
  console.log(`\n${rounds.length} rounds on the same data (BENCH_ROUNDS), medians of ${REPS} repetitions each:`);
  console.log(line(header));
  console.log('|' + widths.map((w, i) => (i >= 3 ? '-'.repeat(w + 1) + ':' : '-'.repeat(w + 2))).join('|') + '|');
  for (const r of rows) console.log(line(r));
}

/** The rounds' samples together (the growth table's figures). */
function mergeRounds(rounds: Figure[][]): Figure[] {
  return rounds[0].map((f, k) => ({ ...f, port: rounds.flatMap((r) => r[k].port), raw: rounds.flatMap((r) => r[k].raw) }));
}

function check(condition: boolean, what: string): void {
  if (!condition) console.warn(`WARNING: port and raw disagree: ${what}`);
}

/** What pg answers for a statement: knex.raw is untyped, so each call names its rows. */
interface RawRows<Row> {
  rows: Row[];
}

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Relation Name'?: string;
  'CTE Name'?: string;
  Plans?: PlanNode[];
}

const SCANS = /Scan$/;
function describePlan(top: PlanNode): string {
  const name = (n: PlanNode) => `${n['Node Type']}${n['Index Name'] ? ` ${n['Index Name']}` : n['Relation Name'] ? ` ${n['Relation Name']}` : n['CTE Name'] ? ` ${n['CTE Name']}` : ''}`;
  const stack = [...(top.Plans ?? [])];
  while (stack.length) {
    const n = stack.shift()!;
    if (SCANS.test(n['Node Type']) && n['Node Type'] !== 'CTE Scan' && n['Node Type'] !== 'WorkTable Scan' && n['Node Type'] !== 'Function Scan') return `${name(top)} > ${name(n)}`;
    stack.unshift(...(n.Plans ?? []));
  }
  return name(top);
}

/** Runs one raw call while recording its statement, then EXPLAINs that statement (same bindings). */
async function rawPlan(knex: Knex, work: () => Promise<unknown>): Promise<string> {
  let last: { sql: string; bindings: unknown[] } | undefined;
  const listener = (q: { sql: string; bindings: unknown[] }) => (last ??= q);
  knex.on('query', listener);
  try {
    await work();
  } finally {
    knex.removeListener('query', listener);
  }
  if (!last) return '-';
  // knex's client is untyped: the pooled pg connection is what it hands out.
  const client = knex.client as { acquireConnection(): Promise<unknown>; releaseConnection(connection: unknown): Promise<void> };
  const connection = (await client.acquireConnection()) as { query(text: string, values: unknown[]): Promise<{ rows: Array<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }> }> };
  try {
    const result = await connection.query(`explain (format json) ${last.sql}`, last.bindings);
    return describePlan(result.rows[0]['QUERY PLAN'][0].Plan);
  } catch (error) {
    return `explain failed: ${(error as Error).message}`;
  } finally {
    await client.releaseConnection(connection);
  }
}

// ---------------------------------------------------------------------------------------------
// PostgreSQL: database, data

interface PgDatabase {
  knex: Knex;
  drop(): Promise<void>;
}

async function openPostgres(): Promise<{ db: PgDatabase; server: PostgresServer | null }> {
  if (REUSE_URL) {
    const knex = knexFactory({ client: 'pg', connection: REUSE_URL, pool: { min: 0, max: 4 } });
    return { db: { knex, drop: () => knex.destroy() }, server: null };
  }
  const given = process.env.DATABASE_URL || process.env.TEST_DATABASE_URL;
  const server = given ? null : await startPostgres();
  const adminUrl = given ?? server!.adminUrl;
  const name = `gas_bench_${randomBytes(5).toString('hex')}`;
  const admin = knexFactory({ client: 'pg', connection: adminUrl, pool: { min: 0, max: 1 } });
  try {
    await admin.raw(`create database ${name}`);
  } finally {
    await admin.destroy();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const knex = knexFactory({ client: 'pg', connection: url.toString(), pool: { min: 0, max: 4 } });
  const drop = async () => {
    await knex.destroy();
    if (process.env.BENCH_KEEP === '1') {
      console.log(`kept database ${url.toString()}`);
      return;
    }
    const again = knexFactory({ client: 'pg', connection: adminUrl, pool: { min: 0, max: 1 } });
    try {
      await again.raw(`drop database if exists ${name} with (force)`);
    } finally {
      await again.destroy();
    }
  };
  return { db: { knex, drop }, server };
}

/** A deterministic pseudo-random number in [0, 1) from an integer expression (SQL; hashint8 returns int4). */
const unit = (expr: string) => `((hashint8((${expr})::bigint)::float8 + 2147483648.0) / 4294967296.0)`;

async function loadPostgres(knex: Knex): Promise<{ nodesMs: number; relsMs: number; analyzeMs: number }> {
  let t = now();
  // Cities skewed: City000 about 17 %, City199 about 0.2 %; hubs live in City000 (visible to both scopes).
  await knex.raw(`
    insert into graph_nodes (id, labels, properties)
    select i, array['Person'], jsonb_build_object(
      'uid', 'p' || i,
      'name', 'Person ' || i,
      'age', 18 + floor(${unit('i * 3 + 1')} * 70)::int,
      'city', case when i <= ${HUBS} then 'City000' else 'City' || lpad(floor(${CITIES} * power(${unit('i * 3 + 2')}, 3))::int::text, 3, '0') end)
    from generate_series(1, ${NODES}) as i`);
  await knex.raw(`select setval(pg_get_serial_sequence('graph_nodes', 'id'), ${NODES})`);
  const nodesMs = now() - t;
  t = now();
  const hubRels = Math.min(RELS, HUBS * HUB_DEGREE);
  // Hub relationships (half outgoing, half incoming), then uniformly random pairs (no self loops).
  await knex.raw(`
    insert into graph_relationships (type, start_id, end_id, properties)
    select 'KNOWS',
      case when j % 2 = 0 then h else o end,
      case when j % 2 = 0 then o else h end,
      jsonb_build_object('since', ${SINCE_MIN - 10} + floor(${unit('j * 7 + 5')} * 45)::int)
    from (
      select j, 1 + (j % ${HUBS}) as h, ${HUBS} + 1 + floor(${unit('j * 7 + 3')} * ${NODES - HUBS})::bigint as o
      from generate_series(1, ${hubRels}) as j
    ) x`);
  await knex.raw(`
    insert into graph_relationships (type, start_id, end_id, properties)
    select 'KNOWS', s, case when e = s then e % ${NODES} + 1 else e end,
      jsonb_build_object('since', ${SINCE_MIN - 10} + floor(${unit('j * 7 + 6')} * 45)::int)
    from (
      select j, 1 + floor(${unit('j * 7 + 1')} * ${NODES})::bigint as s, 1 + floor(${unit('j * 7 + 2')} * ${NODES})::bigint as e
      from generate_series(${hubRels + 1}, ${RELS}) as j
    ) x`);
  const relsMs = now() - t;
  t = now();
  await knex.raw('vacuum analyze graph_nodes');
  await knex.raw('vacuum analyze graph_relationships');
  return { nodesMs, relsMs, analyzeMs: now() - t };
}

// ---------------------------------------------------------------------------------------------
// workload: hubs, uids, pairs at distance 4..6 (breadth-first search in memory, per scope)

interface Graph {
  offsets: Int32Array;
  targets: Int32Array;
  since: Int16Array;
  visible: Uint8Array;
}

async function loadGraph(knex: Knex): Promise<Graph> {
  const nodes = (await knex.raw<RawRows<{ id: number; city: string }>>(`select id::int as id, properties->>'city' as city from graph_nodes`)).rows;
  const visibleCities = new Set(VISIBLE_CITIES);
  const visible = new Uint8Array(NODES + 1);
  for (const n of nodes) if (visibleCities.has(n.city)) visible[n.id] = 1;
  const rels = (
    await knex.raw<RawRows<{ s: number; e: number; since: number }>>(
      `select start_id::int as s, end_id::int as e, (properties->>'since')::int as since from graph_relationships`,
    )
  ).rows;
  const degree = new Int32Array(NODES + 2);
  for (const r of rels) {
    degree[r.s]++;
    degree[r.e]++;
  }
  const offsets = new Int32Array(NODES + 2);
  for (let i = 1; i <= NODES + 1; i++) offsets[i] = offsets[i - 1] + degree[i - 1];
  const fill = offsets.slice();
  const targets = new Int32Array(rels.length * 2);
  const since = new Int16Array(rels.length * 2);
  for (const r of rels) {
    targets[fill[r.s]] = r.e;
    since[fill[r.s]++] = r.since;
    targets[fill[r.e]] = r.s;
    since[fill[r.e]++] = r.since;
  }
  return { offsets, targets, since, visible };
}

function bfs(g: Graph, source: number, restricted: boolean, maxDepth: number): Int8Array {
  const dist = new Int8Array(NODES + 1).fill(-1);
  dist[source] = 0;
  let frontier = [source];
  for (let d = 1; d <= maxDepth && frontier.length > 0; d++) {
    const next: number[] = [];
    for (const u of frontier) {
      for (let k = g.offsets[u]; k < g.offsets[u + 1]; k++) {
        const v = g.targets[k];
        if (dist[v] !== -1) continue;
        if (restricted && (!g.visible[v] || g.since[k] < SINCE_MIN)) continue;
        dist[v] = d;
        next.push(v);
      }
    }
    frontier = next;
  }
  return dist;
}

/** Pairs (by node id) at distance 4, 5 and 6, round robin, from sources that are not hubs. */
function findPairs(g: Graph, restricted: boolean, wanted: number): Array<{ from: number; to: number; distance: number }> {
  const pairs: Array<{ from: number; to: number; distance: number }> = [];
  let seed = restricted ? 7 : 3;
  const rand = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  for (let attempt = 0; attempt < 200 && pairs.length < wanted; attempt++) {
    const source = HUBS + 1 + Math.floor(rand() * (NODES - HUBS));
    if (restricted && !g.visible[source]) continue;
    const dist = bfs(g, source, restricted, 6);
    const byDistance = new Map<number, number[]>();
    for (let v = HUBS + 1; v <= NODES; v++) if (dist[v] >= 4) (byDistance.get(dist[v]) ?? byDistance.set(dist[v], []).get(dist[v])!).push(v);
    const d = 4 + (pairs.length % 3);
    const candidates = byDistance.get(d) ?? byDistance.get(5) ?? byDistance.get(4) ?? byDistance.get(6);
    if (!candidates || candidates.length === 0) continue;
    const to = candidates[Math.floor(rand() * candidates.length)];
    pairs.push({ from: source, to, distance: dist[to] });
  }
  return pairs;
}

interface Workload {
  uids: string[];
  hubs: number[];
  pairs: Record<ScopeName, Array<{ from: number; to: number; distance: number }>>;
}

async function buildWorkload(knex: Knex): Promise<Workload> {
  const g = await loadGraph(knex);
  const uids: string[] = [];
  for (let i = 0; i < 50; i++) {
    // visible to the restricted user too, so both scopes return a row
    let id = 1 + ((i * 7919 + 13) % NODES);
    while (!g.visible[id]) id = (id % NODES) + 1;
    uids.push('p' + id);
  }
  const hubs = Array.from({ length: HUBS }, (_, i) => i + 1);
  return { uids, hubs, pairs: { admin: findPairs(g, false, 12), restricted: findPairs(g, true, 12) } };
}

// ---------------------------------------------------------------------------------------------
// PostgreSQL: the same work by hand

const NODE_JSON = (alias: string, restricted: boolean) =>
  `json_build_object('id', ${alias}.id::text, 'labels', ${alias}.labels, 'properties', ${restricted ? `${alias}.properties - 'age'` : `${alias}.properties`})`;
const REL_JSON = `json_build_object('id', r.id::text, 'type', r.type, 'startNodeId', r.start_id::text, 'endNodeId', r.end_id::text, 'properties', r.properties)`;
/** The restricted user's rules written by hand for this data set. */
const NODE_OK = (alias: string) => `${alias}.labels && '{Person}' and ${alias}.properties->>'city' = any(?::text[])`;
const REL_OK = (alias: string) => `${alias}.type = 'KNOWS' and ${alias}.properties->'since' >= '${SINCE_MIN}'::jsonb`;

/**
 * With the label, the schema index :Person(uid) (a partial expression index) answers; without it,
 * only the GIN index over all properties can, through a containment test.
 */
function rawFind(knex: Knex, restricted: boolean, uid: string, withLabel: boolean): Promise<RawRows<{ id: string; total: string }>> {
  // The matches first (materialised: the index lookup), then sorted: a unique key needs no
  // ORDER BY id LIMIT plan, which at 1M nodes walked the primary key (401 ms).
  const match = withLabel ? `n.labels @> '{Person}' and n.properties->>'uid' = ?` : `n.properties @> jsonb_build_object('uid', ?::text)`;
  if (!restricted) {
    return knex.raw(
      `with m as materialized (select n.id, n.labels, n.properties from graph_nodes n where ${match})
       select m.id::text as id, m.labels, m.properties, count(*) over () as total from m order by m.id limit 100`,
      [uid],
    );
  }
  return knex.raw(
    `with m as materialized (select n.id, n.labels, n.properties from graph_nodes n where ${match} and ${NODE_OK('n')})
     select m.id::text as id, m.labels, m.properties - 'age' as properties, count(*) over () as total from m order by m.id limit 100`,
    [uid, VISIBLE_CITIES],
  );
}

async function rawExplore(knex: Knex, restricted: boolean, hub: number): Promise<{ nodes: number; relationships: number; total: number }> {
  const relOk = restricted ? ` and ${REL_OK('r')}` : '';
  const nodeOk = restricted ? ` and ${NODE_OK('n')}` : '';
  const bindings = restricted ? [hub, hub, hub, VISIBLE_CITIES, hub, VISIBLE_CITIES] : [hub, hub, hub, hub];
  const result = await knex.raw<RawRows<{ total: number; nodes: unknown[] | null; rels: unknown[] | null }>>(
    `with nb as (
       select r.id as rid, r.end_id as dst from graph_relationships r where r.start_id = ?${relOk}
       union all
       select r.id, r.start_id from graph_relationships r where r.end_id = ?${relOk}),
     vis as (select distinct nb.dst from nb${restricted ? ' join graph_nodes n on n.id = nb.dst' : ''} where nb.dst <> ?${nodeOk}),
     picked as (select dst from vis order by dst limit 100)
     select (select count(*) from vis)::int as total,
       (select json_agg(${NODE_JSON('n', restricted)} order by n.id) from graph_nodes n
         where n.id in (select dst from picked union all select ?::bigint)${nodeOk}) as nodes,
       (select json_agg(${REL_JSON} order by r.id) from graph_relationships r
         where r.id in (select rid from nb where dst in (select dst from picked))) as rels`,
    bindings,
  );
  const row = result.rows[0];
  return { nodes: row.nodes?.length ?? 0, relationships: row.rels?.length ?? 0, total: row.total };
}

/**
 * All shortest paths up to 6 hops, the way an expert writes it for PostgreSQL: one recursive
 * statement doing a bidirectional breadth-first search level by level (one row per level with both
 * frontiers and seen sets; the smaller frontier expands through the (start_id, type) / (end_id,
 * type) indexes; seen nodes are a hashed anti-join), the paths enumerated from the level edges in
 * memory, then one statement for their nodes and relationships as JSON. (The walk of 3 hops from
 * each end joined on the meeting node, used before, enumerated every walk and was weaker than the
 * port at 10k/100k.)
 */
async function rawShortest(knex: Knex, restricted: boolean, from: number, to: number): Promise<{ paths: number; length: number }> {
  const relOk = restricted ? ` and ${REL_OK('r')}` : '';
  const step = (front: string) => `
    select r.id as rid, r.start_id as src, r.end_id as dst from graph_relationships r where r.start_id = any(${front})${relOk}
    union all
    select r.id, r.end_id, r.start_id from graph_relationships r where r.end_id = any(${front})${relOk}`;
  const levels = (
    await knex.raw<RawRows<{ side: 'f' | 'b'; rids: string[]; srcs: string[]; dsts: string[]; met: boolean }>>(
      `with recursive bfs(i, fd, bd, ff, bf, fs, bs, side, rids, srcs, dsts, met) as (
         select 0, 0, 0, array[?::bigint], array[?::bigint], array[?::bigint], array[?::bigint], 'x', '{}'::bigint[], '{}'::bigint[], '{}'::bigint[], false
         union all
         select b.i + 1, b.fd + s.f::int, b.bd + (not s.f)::int,
           case when s.f then x.nxt else b.ff end, case when s.f then b.bf else x.nxt end,
           case when s.f then b.fs || x.nxt else b.fs end, case when s.f then b.bs else b.bs || x.nxt end,
           case when s.f then 'f' else 'b' end, x.rids, x.srcs, x.dsts,
           exists (select 1 from unnest(x.nxt) m(id) where m.id in (select unnest(case when s.f then b.bs else b.fs end)))
         from bfs b
         cross join lateral (select cardinality(b.ff) <= cardinality(b.bf) as f) s
         cross join lateral (
           with e as materialized (
             select st.rid, st.src, st.dst from (${step('case when s.f then b.ff else b.bf end')}) st
             ${restricted ? `join graph_nodes n on n.id = st.dst and ${NODE_OK('n')}` : ''}
             where st.dst not in (select unnest(case when s.f then b.fs else b.bs end)))
           select coalesce((select array_agg(rid) from e), '{}') as rids, coalesce((select array_agg(src) from e), '{}') as srcs,
                  coalesce((select array_agg(dst) from e), '{}') as dsts, coalesce((select array_agg(distinct dst) from e), '{}') as nxt) x
         where not b.met and b.fd + b.bd < 6 and cardinality(case when s.f then b.ff else b.bf end) > 0)
       select side, rids::text[] as rids, srcs::text[] as srcs, dsts::text[] as dsts, met from bfs where side <> 'x' order by i`,
      [from, to, from, to, ...(restricted ? [VISIBLE_CITIES] : [])],
    )
  ).rows;
  const last = levels[levels.length - 1];
  if (!last?.met) return { paths: 0, length: -1 };
  const preds = { f: new Map<string, Array<[string, string]>>(), b: new Map<string, Array<[string, string]>>() };
  const seen = { f: new Set([String(from)]), b: new Set([String(to)]) };
  for (const l of levels) {
    l.dsts.forEach((d, k) => {
      seen[l.side].add(d);
      const list = preds[l.side].get(d) ?? preds[l.side].set(d, []).get(d)!;
      list.push([l.rids[k], l.srcs[k]]);
    });
  }
  const halves = (side: 'f' | 'b', node: string, origin: string): Array<{ n: string[]; r: string[] }> =>
    node === origin ? [{ n: [origin], r: [] }] : (preds[side].get(node) ?? []).flatMap(([rid, prev]) => halves(side, prev, origin).map((h) => ({ n: [...h.n, node], r: [...h.r, rid] })));
  const other = last.side === 'f' ? 'b' : 'f';
  const paths: Array<{ n: string[]; r: string[] }> = [];
  for (const m of [...new Set(last.dsts)].filter((d) => seen[other].has(d))) {
    for (const h of halves('f', m, String(from))) for (const t of halves('b', m, String(to))) if (paths.length < 100) paths.push({ n: [...h.n, ...t.n.slice(0, -1).reverse()], r: [...h.r, ...t.r.reverse()] });
  }
  await knex.raw(
    `select (select json_agg(${NODE_JSON('n', restricted)}) from graph_nodes n where n.id = any(?::bigint[])) as nodes,
            (select json_agg(${REL_JSON}) from graph_relationships r where r.id = any(?::bigint[])) as rels`,
    [[...new Set(paths.flatMap((p) => p.n))], [...new Set(paths.flatMap((p) => p.r))]],
  );
  return { paths: paths.length, length: paths[0]?.r.length ?? -1 };
}

/** Text search: candidates through the trigram index over string values, confirmed on the visible strings. */
async function rawText(knex: Knex, restricted: boolean, text: string): Promise<{ items: number; total: number }> {
  const pattern = `%${text}%`;
  const props = restricted ? `n.properties - 'age'` : 'n.properties';
  // The count stops after TEXT_COUNT_LIMIT + 1 matches, as the service's (FindQuery.countLimit).
  const result = await knex.raw<RawRows<{ id: string; total: string }>>(
    `with m as materialized (
       select n.id from graph_nodes n
       where gas_string_values(n.properties) ilike ?${restricted ? ` and ${NODE_OK('n')}` : ''}
         and exists (select 1 from jsonb_each(${props}) kv where jsonb_typeof(kv.value) = 'string' and (kv.value #>> '{}') ilike ?)
       order by n.id limit ${TEXT_COUNT_LIMIT + 1})
     select n.id::text as id, n.labels, ${props} as properties, (select count(*) from m) as total
     from graph_nodes n where n.id in (select id from m order by id limit 20) order by n.id`,
    [pattern, ...(restricted ? [VISIBLE_CITIES] : []), pattern],
  );
  return { items: result.rows.length, total: Math.min(TEXT_COUNT_LIMIT, Number(result.rows[0]?.total ?? 0)) };
}

/** Filtered export: every node of a city, in id order, one statement read to the end. */
async function rawExport(knex: Knex, restricted: boolean, city: string): Promise<number> {
  const result = await knex.raw<RawRows<{ id: string }>>(
    `select n.id::text as id, n.labels, ${restricted ? `n.properties - 'age'` : 'n.properties'} as properties from graph_nodes n
     where n.properties @> jsonb_build_object('city', ?::text)${restricted ? ` and ${NODE_OK('n')}` : ''} order by n.id`,
    [city, ...(restricted ? [VISIBLE_CITIES] : [])],
  );
  return result.rows.length;
}

async function rawFrequency(knex: Knex, restricted: boolean): Promise<{ top: unknown; total: number; distinct: number }> {
  const where = restricted ? ` and ${NODE_OK('n')}` : '';
  const result = await knex.raw<RawRows<{ value: unknown; count: number; total: string; distinct: number }>>(
    `with agg as (select n.properties->'city' as v, count(*) as c from graph_nodes n where n.properties->'city' is not null${where} group by 1)
     select v as value, c::int as count, (sum(c) over ())::bigint as total, (count(*) over ())::int as distinct from agg order by c desc, v limit 20`,
    restricted ? [VISIBLE_CITIES] : [],
  );
  const rows = result.rows;
  return { top: rows[0]?.value, total: Number(rows[0]?.total ?? 0), distinct: rows[0]?.distinct ?? 0 };
}

// ---------------------------------------------------------------------------------------------
// PostgreSQL measurements

/**
 * The raw traversals (explore, shortest paths) run on connections with parallel query off
 * (max_parallel_workers_per_gather = 0), as an expert runs small index walks: at 100,000 nodes the
 * planner gave the raw explore of a hub a Parallel Append of the two relationship scans, whose
 * workers took longer to start than the whole serial walk (raw 9.4 ms against the port's 4.2 ms:
 * a baseline weaker than the product). The port keeps these statements serial itself (gas_serial).
 */
function serialPool(knex: Knex): Knex {
  return knexFactory({
    client: 'pg',
    connection: (knex.client as { config: { connection: unknown } }).config.connection as string,
    pool: {
      min: 0,
      max: 2,
      afterCreate: (connection: { query(text: string, done: (error: Error | null) => void): void }, done: (error: Error | null, connection: unknown) => void) =>
        connection.query('set max_parallel_workers_per_gather = 0', (error) => done(error, connection)),
    },
  });
}

async function benchPostgres(knex: Knex, store: GraphStore, w: Workload, serial: Knex): Promise<Figure[]> {
  const figures: Figure[] = [];
  for (const [scopeName, scope] of SCOPES) {
    const restricted = scopeName === 'restricted';

    for (const withLabel of [true, false]) {
      if (!wanted(withLabel ? 'find Person by uid' : 'find by uid (no label)')) continue;
      const filterFor = (uid: string) =>
        withLabel
          ? { and: [{ label: 'Person' }, { property: 'uid', operator: '=' as const, value: uid }] }
          : { property: 'uid', operator: '=' as const, value: uid };
      const sample = await store.findNodes({ filter: filterFor(w.uids[0]) }, scope);
      const rawSample = await rawFind(knex, restricted, w.uids[0], withLabel);
      check(sample.total === 1 && Number(rawSample.rows[0]?.total) === 1, `find ${w.uids[0]} (${scopeName})`);
      check(restricted === !('age' in (sample.items[0]?.properties ?? {})), `age visibility (${scopeName})`);
      const m = await measure(
        (i) => store.findNodes({ filter: filterFor(w.uids[i % w.uids.length]) }, scope),
        (i) => rawFind(knex, restricted, w.uids[i % w.uids.length], withLabel),
      );
      const plan = await rawPlan(knex, () => rawFind(knex, restricted, w.uids[0], withLabel));
      figures.push({ backend: 'postgres', operation: withLabel ? 'find Person by uid' : 'find by uid (no label)', scope: scopeName, ...m, plan });
    }

    if (wanted('explore hub')) {
      const port = await store.explore({ nodeId: String(w.hubs[0]), limit: 100 }, scope);
      const raw = await rawExplore(serial, restricted, w.hubs[0]);
      check(port.nodes.length === raw.nodes && port.relationships.length === raw.relationships && port.remaining === raw.total - (raw.nodes - 1), `explore hub (${scopeName})`);
      const m = await measure(
        (i) => store.explore({ nodeId: String(w.hubs[i % w.hubs.length]), limit: 100 }, scope),
        (i) => rawExplore(serial, restricted, w.hubs[i % w.hubs.length]),
      );
      const plan = await rawPlan(serial, () => rawExplore(serial, restricted, w.hubs[0]));
      figures.push({ backend: 'postgres', operation: 'explore hub (limit 100)', scope: scopeName, ...m, plan, note: `${raw.total} visible neighbours` });
    }

    if (wanted('shortest paths')) {
      const pairs = w.pairs[scopeName];
      if (pairs.length > 0) {
        for (const p of pairs.slice(0, 3)) {
          const port = await store.shortestPaths(String(p.from), String(p.to), { maxDepth: 6 }, scope);
          const raw = await rawShortest(serial, restricted, p.from, p.to);
          check(port.length === raw.paths && (port[0]?.relationships.length ?? -1) === p.distance && raw.length === p.distance, `shortest ${p.from}-${p.to} (${scopeName})`);
        }
        const m = await measure(
          (i) => store.shortestPaths(String(pairs[i % pairs.length].from), String(pairs[i % pairs.length].to), { maxDepth: 6 }, scope),
          (i) => rawShortest(serial, restricted, pairs[i % pairs.length].from, pairs[i % pairs.length].to),
        );
        const plan = await rawPlan(serial, () => rawShortest(serial, restricted, pairs[0].from, pairs[0].to));
        figures.push({ backend: 'postgres', operation: 'shortest paths (dist 4-6)', scope: scopeName, ...m, plan, note: `distances ${pairs.map((p) => p.distance).join(',')}` });
      }
    }

    if (wanted('explore ordinary node')) {
      // An ordinary node: one of the uids (a few neighbours), not a hub.
      const ids = w.uids.map((u) => Number(u.slice(1)));
      const port = await store.explore({ nodeId: String(ids[0]), limit: 100 }, scope);
      const raw = await rawExplore(serial, restricted, ids[0]);
      check(port.nodes.length === raw.nodes && port.relationships.length === raw.relationships, `explore ordinary (${scopeName})`);
      const m = await measure(
        (i) => store.explore({ nodeId: String(ids[i % ids.length]), limit: 100 }, scope),
        (i) => rawExplore(serial, restricted, ids[i % ids.length]),
      );
      const plan = await rawPlan(serial, () => rawExplore(serial, restricted, ids[0]));
      figures.push({ backend: 'postgres', operation: 'explore ordinary node', scope: scopeName, ...m, plan, note: `${raw.total} visible neighbours of the first` });
    }

    if (wanted('text search')) {
      const texts = w.uids.map((u) => `person ${u.slice(1)}`);
      const port = await store.findNodes({ text: texts[0], limit: 20, countLimit: TEXT_COUNT_LIMIT }, scope);
      const raw = await rawText(knex, restricted, texts[0]);
      check(port.items.length === raw.items && port.total === raw.total, `text search (${scopeName})`);
      const m = await measure(
        (i) => store.findNodes({ text: texts[i % texts.length], limit: 20, countLimit: TEXT_COUNT_LIMIT }, scope),
        (i) => rawText(knex, restricted, texts[i % texts.length]),
      );
      const plan = await rawPlan(knex, () => rawText(knex, restricted, texts[0]));
      figures.push({ backend: 'postgres', operation: 'text search (limit 20)', scope: scopeName, ...m, plan, note: `"${texts[0]}": ${port.totalIsLowerBound ? 'more than ' : ''}${raw.total} matches (counted up to ${TEXT_COUNT_LIMIT}, as the service)` });
    }

    if (wanted('filtered export')) {
      const filter = { property: 'city', operator: '=' as const, value: 'City000' };
      const exportPort = async () => {
        let n = 0;
        for await (const node of store.streamNodes({ filter }, scope)) if (node) n++;
        return n;
      };
      const portRows = await exportPort();
      const rawRows = await rawExport(knex, restricted, 'City000');
      check(portRows === rawRows, `filtered export (${scopeName}): ${portRows} / ${rawRows}`);
      const m = await measure(exportPort, () => rawExport(knex, restricted, 'City000'), Math.min(REPS, 5));
      const plan = await rawPlan(knex, () => rawExport(knex, restricted, 'City000'));
      figures.push({ backend: 'postgres', operation: 'filtered export (city)', scope: scopeName, ...m, plan, note: `${rawRows} rows` });
    }

    if (wanted('frequency of city')) {
      const port = await store.frequency({ target: 'nodes', property: 'city' }, scope);
      const raw = await rawFrequency(knex, restricted);
      check(port.total === raw.total && port.distinct === raw.distinct && port.values[0]?.value === raw.top, `frequency (${scopeName})`);
      const m = await measure(
        () => store.frequency({ target: 'nodes', property: 'city' }, scope),
        () => rawFrequency(knex, restricted),
      );
      const plan = await rawPlan(knex, () => rawFrequency(knex, restricted));
      figures.push({ backend: 'postgres', operation: 'frequency of city', scope: scopeName, ...m, plan, note: `${raw.total} nodes with a city, ${raw.distinct} distinct` });
    }
  }
  return figures;
}

/**
 * Find by uid right after a write-heavy period (issue 11 item 8): BENCH_BULK_NODES (20,000) nodes
 * inserted in batches of 1,000 without a VACUUM, then looked up by uid through the GIN index
 * (no label), port next to raw; the nodes are deleted afterwards.
 */
async function benchAfterBulkWrites(knex: Knex, store: GraphStore): Promise<Figure[]> {
  const bulk = intEnv('BENCH_BULK_NODES', 20_000);
  if (bulk === 0) return [];
  const t = now();
  for (let start = 0; start < bulk; start += 1000) {
    await knex.raw(
      `insert into graph_nodes (labels, properties)
       select array['Bulk'], jsonb_build_object('uid', 'b' || g, 'name', 'Bulk ' || g, 'city', 'City001') from generate_series(?::int, ?::int) g`,
      [start + 1, Math.min(bulk, start + 1000)],
    );
  }
  const insertMs = now() - t;
  const uids = Array.from({ length: 50 }, (_, i) => `b${1 + ((i * 7919) % bulk)}`);
  const filterFor = (uid: string) => ({ property: 'uid', operator: '=' as const, value: uid });
  const sample = await store.findNodes({ filter: filterFor(uids[0]) }, UNRESTRICTED);
  const raw = await rawFind(knex, false, uids[0], false);
  check(sample.total === 1 && Number(raw.rows[0]?.total) === 1, `find ${uids[0]} after bulk writes`);
  const m = await measure(
    (i) => store.findNodes({ filter: filterFor(uids[i % uids.length]) }, UNRESTRICTED),
    (i) => rawFind(knex, false, uids[i % uids.length], false),
  );
  const plan = await rawPlan(knex, () => rawFind(knex, false, uids[0], false));
  await knex.raw(`delete from graph_nodes where labels @> '{Bulk}'`);
  return [{ backend: 'postgres', operation: `find by uid after ${bulk} inserts`, scope: 'admin', ...m, plan, note: `inserted in ${(insertMs / 1000).toFixed(1)} s, no VACUUM in between` }];
}

/** The port's bulk path: importBatch of nodes and relationships (by uid) in batches, next to INSERT ... SELECT. */
async function benchImport(knex: Knex, store: GraphStore): Promise<void> {
  if (IMPORT_NODES === 0) return;
  const batchNodes = 1000;
  const t = now();
  for (let start = 0; start < IMPORT_NODES; start += batchNodes) {
    const count = Math.min(batchNodes, IMPORT_NODES - start);
    const nodes = Array.from({ length: count }, (_, k) => {
      const i = start + k;
      return { key: `k${i}`, labels: ['Imported'], properties: { uid: `i${i}`, name: `Imported ${i}`, age: 20 + (i % 60), city: cityName(i % CITIES) } };
    });
    const relationships = Array.from({ length: count * 3 }, (_, k) => {
      const i = start + Math.floor(k / 3);
      const other = k % 3 === 0 ? { label: 'Person', property: 'uid', value: `p${1 + ((i * 31 + k) % NODES)}` } : { key: `k${start + ((i * 17 + k) % count)}` };
      return { type: 'KNOWS', start: { key: `k${i}` }, end: other, properties: { since: 2000 + (k % 20) } };
    });
    const result = await store.importBatch({ nodes, relationships });
    if (result.unresolved.length > 0) console.warn(`WARNING: ${result.unresolved.length} unresolved relationships in an import batch`);
  }
  const ms = now() - t;
  console.log(
    `importBatch: ${IMPORT_NODES} nodes + ${IMPORT_NODES * 3} relationships (a third resolved by Person uid) in batches of ${batchNodes}: ` +
      `${(ms / 1000).toFixed(1)} s (${Math.round((IMPORT_NODES * 1000) / ms)} nodes/s with their relationships)`,
  );
  await knex.raw(`delete from graph_nodes where labels @> '{Imported}'`);
}

// ---------------------------------------------------------------------------------------------
// Neo4j (optional)

async function benchNeo4j(knex: Knex, w: Workload): Promise<Figure[]> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded only when BENCH_NEO4J_URI is set: the PostgreSQL-only run needs no driver
  const neo4j = require('neo4j-driver') as typeof import('neo4j-driver');
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the Neo4j adapter, loaded only for the optional Neo4j run
  const { createNeo4jGraphStore } = require('../../src/graph/neo4j') as typeof import('../../src/graph/neo4j');
  const url = process.env.NEO4J_URI as string;
  const auth = neo4j.auth.basic(process.env.NEO4J_USERNAME ?? 'neo4j', process.env.NEO4J_PASSWORD ?? '');
  const database = process.env.NEO4J_DATABASE || undefined;
  const driver = neo4j.driver(url, auth, { disableLosslessIntegers: true });
  const store = createNeo4jGraphStore({ url, username: process.env.NEO4J_USERNAME ?? 'neo4j', password: process.env.NEO4J_PASSWORD ?? '', database, queryTimeoutMs: 120_000 });
  const figures: Figure[] = [];
  // BENCH_NEO4J_REPS (BENCH_REPS): the adapter's restricted reads are slow enough at 1M nodes to need fewer.
  const measure = (port: (i: number) => Promise<unknown>, rawWork: (i: number) => Promise<unknown>, reps = NEO4J_REPS) => measureBoth(port, rawWork, Math.min(reps, NEO4J_REPS));
  const run = async (cypher: string, params: Record<string, unknown> = {}) => {
    const session = driver.session({ ...(database ? { database } : {}) });
    try {
      return (await session.run(cypher, params)).records;
    } finally {
      await session.close();
    }
  };
  try {
    await store.init();
    const nodeCount = Number((await run('MATCH (n) RETURN count(n) AS c'))[0].get('c'));
    const relCount = Number((await run('MATCH ()-[r]->() RETURN count(r) AS c'))[0].get('c'));
    // BENCH_NEO4J_REUSE=1: keep what an earlier run loaded when it has the same numbers of nodes
    // and relationships (the data is generated deterministically).
    const reuse = process.env.BENCH_NEO4J_REUSE === '1' && nodeCount === NODES && relCount === RELS;
    if (reuse) console.log(`\nNeo4j at ${url}: reusing the ${NODES} nodes and ${RELS} relationships loaded before (BENCH_NEO4J_REUSE)`);
    else console.log(`\nNeo4j at ${url}: emptying the database and loading the same data ...`);
    for (; !reuse; ) {
      const records = await run('MATCH (n) WITH n LIMIT 10000 DETACH DELETE n RETURN count(*) AS c');
      if (Number(records[0].get('c')) === 0) break;
    }
    let t = now();
    let last = 0;
    for (; !reuse; ) {
      const rows = (
        await knex.raw<RawRows<{ id: number; uid: string; name: string; age: number; city: string }>>(
          `select id::int as id, properties->>'uid' as uid, properties->>'name' as name, (properties->>'age')::int as age, properties->>'city' as city
           from graph_nodes where id > ? order by id limit 10000`,
          [last],
        )
      ).rows;
      if (rows.length === 0) break;
      await run('UNWIND $rows AS row CREATE (n:Person) SET n.uid = row.uid, n.name = row.name, n.age = toInteger(row.age), n.city = row.city', { rows });
      last = rows[rows.length - 1].id;
    }
    const nodesMs = now() - t;
    await store.createIndex({ entity: 'node', token: 'Person', properties: ['uid'] });
    await run('CALL db.awaitIndexes(600)');
    t = now();
    last = 0;
    for (; !reuse; ) {
      const rows = (
        await knex.raw<RawRows<{ id: number; s: string; e: string; since: number }>>(
          `select r.id::int as id, 'p' || r.start_id as s, 'p' || r.end_id as e, (r.properties->>'since')::int as since
           from graph_relationships r where r.id > ? order by r.id limit 10000`,
          [last],
        )
      ).rows;
      if (rows.length === 0) break;
      await run('UNWIND $rows AS row MATCH (a:Person {uid: row.s}) MATCH (b:Person {uid: row.e}) CREATE (a)-[r:KNOWS]->(b) SET r.since = toInteger(row.since)', { rows });
      last = rows[rows.length - 1].id;
    }
    console.log(`loaded into Neo4j: nodes ${(nodesMs / 1000).toFixed(1)} s, relationships ${((now() - t) / 1000).toFixed(1)} s`);

    // Node ids of the adapter, by uid.
    const idOf = new Map<string, GraphId>();
    const lookup = async (uid: string) => {
      if (!idOf.has(uid)) {
        const found = await store.findNodes({ filter: { and: [{ label: 'Person' }, { property: 'uid', operator: '=', value: uid }] } }, UNRESTRICTED);
        idOf.set(uid, found.items[0].id);
      }
      return idOf.get(uid)!;
    };
    for (const h of w.hubs) await lookup('p' + h);
    for (const u of w.uids) await lookup(u);
    for (const s of ['admin', 'restricted'] as ScopeName[]) for (const p of w.pairs[s]) await Promise.all([lookup('p' + p.from), lookup('p' + p.to)]);

    const projection = (v: string, restricted: boolean) => (restricted ? `${v} {.uid, .name, .city}` : `${v} {.*}`);
    for (const [scopeName, scope] of SCOPES) {
      const restricted = scopeName === 'restricted';
      const cities = { cities: VISIBLE_CITIES };
      const nodeOk = (v: string) => (restricted ? ` AND ${v}.city IN $cities` : '');
      const relOk = (v: string) => (restricted ? ` AND ${v}.since >= ${SINCE_MIN}` : '');

      let m = await measure(
        (i) => store.findNodes({ filter: { and: [{ label: 'Person' }, { property: 'uid', operator: '=', value: w.uids[i % w.uids.length] }] } }, scope),
        (i) =>
          run(
            `MATCH (n:Person) WHERE n.uid = $uid${nodeOk('n')} WITH n ORDER BY id(n) WITH collect(${projection('n', restricted)}) AS items ` +
              `RETURN items[0..100] AS items, size(items) AS total`,
            { uid: w.uids[i % w.uids.length], ...cities },
          ),
      );
      figures.push({ backend: 'neo4j', operation: 'find Person by uid', scope: scopeName, ...m });

      m = await measure(
        (i) => lookup('p' + w.hubs[i % w.hubs.length]).then((id) => store.explore({ nodeId: id, limit: 100 }, scope)),
        (i) =>
          run(
            `MATCH (c:Person {uid: $uid}) WHERE true${nodeOk('c')} ` +
              `MATCH (c)-[r${restricted ? ':KNOWS' : ''}]-(m)${restricted ? ` WHERE m:Person${nodeOk('m')}${relOk('r')}` : ''} ` +
              `WITH c, m, collect(r) AS rs ORDER BY id(m) ` +
              `WITH c, collect({m: ${projection('m', restricted)}, rs: rs}) AS all ` +
              `RETURN ${projection('c', restricted)} AS center, all[0..100] AS picked, size(all) AS total`,
            { uid: 'p' + w.hubs[i % w.hubs.length], ...cities },
          ),
      );
      figures.push({ backend: 'neo4j', operation: 'explore hub (limit 100)', scope: scopeName, ...m });

      // The operations added for issue 11, against Neo4j's own queries.
      m = await measure(
        (i) => lookup(w.uids[i % w.uids.length]).then((id) => store.explore({ nodeId: id, limit: 100 }, scope)),
        (i) =>
          run(
            `MATCH (c:Person {uid: $uid}) WHERE true${nodeOk('c')} ` +
              `OPTIONAL MATCH (c)-[r${restricted ? ':KNOWS' : ''}]-(m)${restricted ? ` WHERE m:Person${nodeOk('m')}${relOk('r')}` : ''} ` +
              `WITH c, m, collect(r) AS rs ORDER BY id(m) ` +
              `WITH c, collect(CASE WHEN m IS NULL THEN NULL ELSE {m: ${projection('m', restricted)}, rs: rs} END) AS all ` +
              `RETURN ${projection('c', restricted)} AS center, all[0..100] AS picked, size(all) AS total`,
            { uid: w.uids[i % w.uids.length], ...cities },
          ),
      );
      figures.push({ backend: 'neo4j', operation: 'explore ordinary node', scope: scopeName, ...m });

      const texts = w.uids.map((u) => `person ${u.slice(1)}`);
      const textKeys = restricted ? `['uid', 'name', 'city']` : 'keys(n)';
      m = await measure(
        (i) => store.findNodes({ text: texts[i % texts.length], limit: 20, countLimit: TEXT_COUNT_LIMIT }, scope),
        (i) =>
          run(
            `MATCH (n${restricted ? ':Person' : ''}) WHERE any(k IN ${textKeys} WHERE n[k] =~ $pattern)${nodeOk('n')} ` +
              // Counted up to TEXT_COUNT_LIMIT + 1 matches, as the service counts (countLimit).
              `WITH n ORDER BY id(n) LIMIT ${TEXT_COUNT_LIMIT + 1} WITH collect(${projection('n', restricted)}) AS items RETURN items[0..20] AS items, size(items) AS total`,
            { pattern: `(?isu).*${texts[i % texts.length]}.*`, ...cities },
          ),
      );
      figures.push({ backend: 'neo4j', operation: 'text search (limit 20)', scope: scopeName, ...m, note: 'no fulltext index: the adapter scans, as the raw query' });

      m = await measure(
        async () => {
          let n = 0;
          for await (const node of store.streamNodes({ filter: { property: 'city', operator: '=', value: 'City000' } }, scope)) if (node) n++;
          return n;
        },
        () =>
          run(`MATCH (n${restricted ? ':Person' : ''}) WHERE n.city = $city${nodeOk('n')} WITH n ORDER BY id(n) RETURN ${projection('n', restricted)} AS item`, {
            city: 'City000',
            ...cities,
          }),
        Math.min(REPS, 5),
      );
      figures.push({ backend: 'neo4j', operation: 'filtered export (city)', scope: scopeName, ...m });

      const pairs = w.pairs[scopeName];
      if (pairs.length > 0) {
        m = await measure(
          async (i) => {
            const p = pairs[i % pairs.length];
            return store.shortestPaths(await lookup('p' + p.from), await lookup('p' + p.to), { maxDepth: 6 }, scope);
          },
          (i) => {
            const p = pairs[i % pairs.length];
            const where = restricted
              ? ` WHERE all(x IN nodes(p) WHERE x:Person AND x.city IN $cities) AND all(r IN relationships(p) WHERE r.since >= ${SINCE_MIN})`
              : '';
            return run(
              `MATCH (a:Person {uid: $a}) MATCH (b:Person {uid: $b}) ` +
                `MATCH p = allShortestPaths((a)-[${restricted ? ':KNOWS' : ''}*..6]-(b))${where} ` +
                `WITH p LIMIT 100 RETURN [x IN nodes(p) | ${projection('x', restricted)}] AS nodes, relationships(p) AS rels`,
              { a: 'p' + p.from, b: 'p' + p.to, ...cities },
            );
          },
        );
        figures.push({ backend: 'neo4j', operation: 'shortest paths (dist 4-6)', scope: scopeName, ...m });
      }

      m = await measure(
        () => store.frequency({ target: 'nodes', property: 'city' }, scope),
        () =>
          run(
            `MATCH (n${restricted ? ':Person' : ''}) WHERE n.city IS NOT NULL${nodeOk('n')} WITH n.city AS v, count(*) AS c ` +
              `WITH collect({v: v, c: c}) AS rows, sum(c) AS total, count(*) AS distinct ` +
              `UNWIND rows AS row RETURN row.v AS value, row.c AS count, total, distinct ORDER BY count DESC, value LIMIT 20`,
            cities,
          ),
      );
      figures.push({ backend: 'neo4j', operation: 'frequency of city', scope: scopeName, ...m });
    }
  } finally {
    await store.close();
    await driver.close();
  }
  return figures;
}

// ---------------------------------------------------------------------------------------------

/** One data set of NODES nodes: load, measure, print; returns the figures for the growth table. */
async function runSize(): Promise<Figure[]> {
  console.log(`\n=== ${NODES} nodes, ${RELS} relationships (${HUBS} hubs of about ${HUB_DEGREE}), ${REPS} repetitions after ${WARMUP} warm-up ===`);
  const { db, server } = await openPostgres();
  const all: Figure[] = [];
  try {
    await migrateToLatest(db.knex);
    const version = (await db.knex.raw<RawRows<{ v: string }>>(`select current_setting('server_version') as v`)).rows[0].v;
    const loaded = REUSE_URL ? Number((await db.knex.raw<RawRows<{ c: number }>>('select count(*)::int as c from graph_nodes')).rows[0].c) : 0;
    if (REUSE_URL && loaded !== NODES) throw new Error(`BENCH_REUSE_URL holds ${loaded} nodes, not BENCH_NODES ${NODES}`);
    const load = REUSE_URL ? { nodesMs: 0, relsMs: 0, analyzeMs: 0 } : await loadPostgres(db.knex);
    if (REUSE_URL) console.log(`reusing ${REUSE_URL} (${loaded} nodes)`);
    else console.log(
      `PostgreSQL ${version}: loaded nodes ${(load.nodesMs / 1000).toFixed(1)} s, relationships ${(load.relsMs / 1000).toFixed(1)} s (INSERT ... SELECT generate_series), ` +
        `vacuum analyze ${(load.analyzeMs / 1000).toFixed(1)} s`,
    );
    const store = createPostgresGraphStore(db.knex, { queryTimeoutMs: 120_000 });
    await store.init();
    let t = now();
    const index = await store.createIndex({ entity: 'node', token: 'Person', properties: ['uid'] });
    console.log(`schema index :Person(uid) through the port: ${index.state} in ${((now() - t) / 1000).toFixed(1)} s`);
    t = now();
    const w = await buildWorkload(db.knex);
    console.log(
      `workload: ${w.uids.length} uids, hubs ${w.hubs.join(',')}, pairs admin ${w.pairs.admin.length} / restricted ${w.pairs.restricted.length} (in-memory BFS ${((now() - t) / 1000).toFixed(1)} s)\n`,
    );
    const serial = serialPool(db.knex);
    const rounds: Figure[][] = [];
    try {
      for (let round = 1; round <= ROUNDS; round++) {
        if (ROUNDS > 1) console.log(`round ${round} of ${ROUNDS}:`);
        const figures = await benchPostgres(db.knex, store, w, serial);
        printTable(figures);
        rounds.push(figures);
      }
    } finally {
      await serial.destroy();
    }
    if (ROUNDS > 1) printRounds(rounds);
    const bulk = wanted('find by uid after') ? await benchAfterBulkWrites(db.knex, store) : [];
    if (bulk.length) printTable(bulk);
    all.push(...mergeRounds(rounds), ...bulk);
    if (wanted('importBatch')) await benchImport(db.knex, store);
    await store.close();
    if (process.env.NEO4J_URI) {
      const neo = await benchNeo4j(db.knex, w);
      console.log('');
      printTable(neo);
      all.push(...neo);
    }
  } finally {
    await db.drop();
    await server?.stop();
  }
  return all;
}

/** Port and raw medians per size, so that a cost growing with the data shows at a glance. */
function printGrowth(bySize: Array<{ nodes: number; figures: Figure[] }>): void {
  const keys = [...new Set(bySize.flatMap((s) => s.figures.map((f) => `${f.backend}|${f.operation.replace(/\d+ inserts/, 'N inserts')}|${f.scope}`)))];
  const header = ['backend', 'operation', 'scope', ...bySize.flatMap((s) => [`port ms @${s.nodes}`, `raw ms @${s.nodes}`, `ratio @${s.nodes}`])];
  const rows = keys.map((k) => {
    const [backend, operation, scope] = k.split('|');
    const cells = bySize.flatMap((s) => {
      const f = s.figures.find((x) => `${x.backend}|${x.operation.replace(/\d+ inserts/, 'N inserts')}|${x.scope}` === k);
      if (!f) return ['-', '-', '-'];
      const pm = quantile(f.port, 0.5);
      const rm = quantile(f.raw, 0.5);
      return [fmt(pm), fmt(rm), (pm / rm).toFixed(2) + 'x'];
    });
    return [backend, operation, scope, ...cells];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => '| ' + cells.map((c, i) => (i >= 3 ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join(' | ') + ' |';
  console.log('\ngrowth (medians; BENCH_SIZES):');
  console.log(line(header));
  console.log('|' + widths.map((w, i) => (i >= 3 ? '-'.repeat(w + 1) + ':' : '-'.repeat(w + 2))).join('|') + '|');
  for (const r of rows) console.log(line(r));
}

async function main(): Promise<void> {
  const started = now();
  console.log(`bench:graph: sizes ${SIZES.length ? SIZES.join(', ') : NODES}; load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')} (a busy machine slows port and raw alike: compare ratios)`);
  const bySize: Array<{ nodes: number; figures: Figure[] }> = [];
  for (const size of SIZES.length ? SIZES : [NODES]) {
    if (SIZES.length) {
      NODES = size;
      RELS = size * intEnv('BENCH_RELS_PER_NODE', 3);
    }
    bySize.push({ nodes: NODES, figures: await runSize() });
  }
  if (bySize.length > 1) printGrowth(bySize);
  console.log(`\ndone in ${((now() - started) / 1000).toFixed(0)} s; load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
