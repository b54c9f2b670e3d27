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
import type { Figure, ScopeName, Workload } from './figures';
import { fmt, intEnv, measureBoth, mergeRounds, now, printRounds, printTable, quantile } from './figures';
import type { PgBench } from './postgres-figures';
import { benchAfterBulkWrites, benchHttpExport, benchPostgres } from './postgres-figures';
import { RawPg } from './raw-pg';

let NODES = intEnv('BENCH_NODES', 100_000);
let RELS = intEnv('BENCH_RELS', 300_000);
/** BENCH_SIZES=10000,100000,1000000: one run per size (3 relationships per node), then the growth table. */
const SIZES = (process.env.BENCH_SIZES ?? '')
  .split(',')
  .filter((x) => x.trim() !== '')
  .map((x) => Number(x));
const HUBS = intEnv('BENCH_HUBS', 5);
const HUB_DEGREE = intEnv('BENCH_HUB_DEGREE', 2_000);
const REPS = intEnv('BENCH_REPS', 30);
const WARMUP = intEnv('BENCH_WARMUP', 3);
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
const CITIES = 200;
/** The service's text search count limit (src/services/graph/find-service.ts TEXT_SEARCH_COUNT_LIMIT). */
const TEXT_COUNT_LIMIT = 10_000;
const SINCE_MIN = 1980;

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

const SCOPES: Array<[ScopeName, AccessScope]> = [
  ['admin', UNRESTRICTED],
  ['restricted', RESTRICTED],
];

/** What pg answers for a statement: knex.raw is untyped, so each call names its rows. */
interface RawRows<Row> {
  rows: Row[];
}

// ---------------------------------------------------------------------------------------------
// PostgreSQL: database, data

interface PgDatabase {
  knex: Knex;
  url: string;
  drop(): Promise<void>;
}

async function openPostgres(): Promise<{ db: PgDatabase; server: PostgresServer | null }> {
  if (REUSE_URL) {
    const knex = knexFactory({ client: 'pg', connection: REUSE_URL, pool: { min: 0, max: 4 } });
    return { db: { knex, url: REUSE_URL, drop: () => knex.destroy() }, server: null };
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
  return { db: { knex, url: url.toString(), drop }, server };
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
  const nodes = (
    await knex.raw<RawRows<{ id: number; city: string }>>(`select id::int as id, properties->>'city' as city from graph_nodes`)
  ).rows;
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
    for (let v = HUBS + 1; v <= NODES; v++)
      if (dist[v] >= 4) (byDistance.get(dist[v]) ?? byDistance.set(dist[v], []).get(dist[v])!).push(v);
    const d = 4 + (pairs.length % 3);
    const candidates = byDistance.get(d) ?? byDistance.get(5) ?? byDistance.get(4) ?? byDistance.get(6);
    if (!candidates || candidates.length === 0) continue;
    const to = candidates[Math.floor(rand() * candidates.length)];
    pairs.push({ from: source, to, distance: dist[to] });
  }
  return pairs;
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

/** The port's bulk path: importBatch of nodes and relationships (by uid) in batches, next to INSERT ... SELECT. */
async function benchImport(knex: Knex, store: GraphStore): Promise<void> {
  if (IMPORT_NODES === 0) return;
  const batchNodes = 1000;
  const t = now();
  for (let start = 0; start < IMPORT_NODES; start += batchNodes) {
    const count = Math.min(batchNodes, IMPORT_NODES - start);
    const nodes = Array.from({ length: count }, (_, k) => {
      const i = start + k;
      return {
        key: `k${i}`,
        labels: ['Imported'],
        properties: { uid: `i${i}`, name: `Imported ${i}`, age: 20 + (i % 60), city: cityName(i % CITIES) },
      };
    });
    const relationships = Array.from({ length: count * 3 }, (_, k) => {
      const i = start + Math.floor(k / 3);
      const other =
        k % 3 === 0
          ? { label: 'Person', property: 'uid', value: `p${1 + ((i * 31 + k) % NODES)}` }
          : { key: `k${start + ((i * 17 + k) % count)}` };
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
  const store = createNeo4jGraphStore({
    url,
    username: process.env.NEO4J_USERNAME ?? 'neo4j',
    password: process.env.NEO4J_PASSWORD ?? '',
    database,
    queryTimeoutMs: 120_000,
  });
  const figures: Figure[] = [];
  // BENCH_NEO4J_REPS (BENCH_REPS): the adapter's restricted reads are slow enough at 1M nodes to need fewer.
  const measure = (port: (i: number) => Promise<unknown>, rawWork: (i: number) => Promise<unknown>, reps = NEO4J_REPS) =>
    measureBoth(port, rawWork, Math.min(reps, NEO4J_REPS));
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
    for (; !reuse;) {
      const records = await run('MATCH (n) WITH n LIMIT 10000 DETACH DELETE n RETURN count(*) AS c');
      if (Number(records[0].get('c')) === 0) break;
    }
    let t = now();
    let last = 0;
    for (; !reuse;) {
      const rows = (
        await knex.raw<RawRows<{ id: number; uid: string; name: string; age: number; city: string }>>(
          `select id::int as id, properties->>'uid' as uid, properties->>'name' as name, (properties->>'age')::int as age, properties->>'city' as city
           from graph_nodes where id > ? order by id limit 10000`,
          [last],
        )
      ).rows;
      if (rows.length === 0) break;
      await run(
        'UNWIND $rows AS row CREATE (n:Person) SET n.uid = row.uid, n.name = row.name, n.age = toInteger(row.age), n.city = row.city',
        { rows },
      );
      last = rows[rows.length - 1].id;
    }
    const nodesMs = now() - t;
    await store.createIndex({ entity: 'node', token: 'Person', properties: ['uid'] });
    await run('CALL db.awaitIndexes(600)');
    t = now();
    last = 0;
    for (; !reuse;) {
      const rows = (
        await knex.raw<RawRows<{ id: number; s: string; e: string; since: number }>>(
          `select r.id::int as id, 'p' || r.start_id as s, 'p' || r.end_id as e, (r.properties->>'since')::int as since
           from graph_relationships r where r.id > ? order by r.id limit 10000`,
          [last],
        )
      ).rows;
      if (rows.length === 0) break;
      await run(
        'UNWIND $rows AS row MATCH (a:Person {uid: row.s}) MATCH (b:Person {uid: row.e}) CREATE (a)-[r:KNOWS]->(b) SET r.since = toInteger(row.since)',
        { rows },
      );
      last = rows[rows.length - 1].id;
    }
    console.log(`loaded into Neo4j: nodes ${(nodesMs / 1000).toFixed(1)} s, relationships ${((now() - t) / 1000).toFixed(1)} s`);

    // Node ids of the adapter, by uid.
    const idOf = new Map<string, GraphId>();
    const lookup = async (uid: string) => {
      if (!idOf.has(uid)) {
        const found = await store.findNodes(
          { filter: { and: [{ label: 'Person' }, { property: 'uid', operator: '=', value: uid }] } },
          UNRESTRICTED,
        );
        idOf.set(uid, found.items[0].id);
      }
      return idOf.get(uid)!;
    };
    for (const h of w.hubs) await lookup('p' + h);
    for (const u of w.uids) await lookup(u);
    for (const s of ['admin', 'restricted'] as ScopeName[])
      for (const p of w.pairs[s]) await Promise.all([lookup('p' + p.from), lookup('p' + p.to)]);

    const projection = (v: string, restricted: boolean) => (restricted ? `${v} {.uid, .name, .city}` : `${v} {.*}`);
    for (const [scopeName, scope] of SCOPES) {
      const restricted = scopeName === 'restricted';
      const cities = { cities: VISIBLE_CITIES };
      const nodeOk = (v: string) => (restricted ? ` AND ${v}.city IN $cities` : '');
      const relOk = (v: string) => (restricted ? ` AND ${v}.since >= ${SINCE_MIN}` : '');

      let m = await measure(
        (i) =>
          store.findNodes(
            { filter: { and: [{ label: 'Person' }, { property: 'uid', operator: '=', value: w.uids[i % w.uids.length] }] } },
            scope,
          ),
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
      figures.push({
        backend: 'neo4j',
        operation: 'text search (limit 20)',
        scope: scopeName,
        ...m,
        note: 'no fulltext index: the adapter scans, as the raw query',
      });

      m = await measure(
        async () => {
          let n = 0;
          for await (const node of store.streamNodes({ filter: { property: 'city', operator: '=', value: 'City000' } }, scope))
            if (node) n++;
          return n;
        },
        () =>
          run(
            `MATCH (n${restricted ? ':Person' : ''}) WHERE n.city = $city${nodeOk('n')} WITH n ORDER BY id(n) RETURN ${projection('n', restricted)} AS item`,
            {
              city: 'City000',
              ...cities,
            },
          ),
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
  console.log(
    `\n=== ${NODES} nodes, ${RELS} relationships (${HUBS} hubs of about ${HUB_DEGREE}), ${REPS} repetitions after ${WARMUP} warm-up ===`,
  );
  const { db, server } = await openPostgres();
  const all: Figure[] = [];
  try {
    await migrateToLatest(db.knex);
    const version = (await db.knex.raw<RawRows<{ v: string }>>(`select current_setting('server_version') as v`)).rows[0].v;
    const loaded = REUSE_URL
      ? Number((await db.knex.raw<RawRows<{ c: number }>>('select count(*)::int as c from graph_nodes')).rows[0].c)
      : 0;
    if (REUSE_URL && loaded !== NODES) throw new Error(`BENCH_REUSE_URL holds ${loaded} nodes, not BENCH_NODES ${NODES}`);
    const load = REUSE_URL ? { nodesMs: 0, relsMs: 0, analyzeMs: 0 } : await loadPostgres(db.knex);
    if (REUSE_URL) console.log(`reusing ${REUSE_URL} (${loaded} nodes)`);
    else
      console.log(
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
    const databaseUrl = db.url;
    const raw = new RawPg(databaseUrl, VISIBLE_CITIES, SINCE_MIN);
    const bench: PgBench = {
      knex: db.knex,
      store,
      raw,
      w,
      scopes: SCOPES,
      wanted,
      textCountLimit: TEXT_COUNT_LIMIT,
      reps: REPS,
      cities: VISIBLE_CITIES,
    };
    const rounds: Figure[][] = [];
    let extra: Figure[] = [];
    try {
      for (let round = 1; round <= ROUNDS; round++) {
        if (ROUNDS > 1) console.log(`round ${round} of ${ROUNDS}:`);
        const figures = await benchPostgres(bench);
        if (figures.length) printTable(figures);
        rounds.push(figures);
      }
      if (ROUNDS > 1) printRounds(rounds);
      // The exports over HTTP (the real service in a child process) and the find after bulk writes: once.
      extra = [...(await benchHttpExport(bench, databaseUrl)), ...(wanted('find by uid after') ? await benchAfterBulkWrites(bench) : [])];
      if (extra.length) printTable(extra);
    } finally {
      await raw.close();
    }
    all.push(...mergeRounds(rounds), ...extra);
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
  const keys = [
    ...new Set(bySize.flatMap((s) => s.figures.map((f) => `${f.backend}|${f.operation.replace(/\d+ inserts/, 'N inserts')}|${f.scope}`))),
  ];
  const header = [
    'backend',
    'operation',
    'scope',
    ...bySize.flatMap((s) => [`port ms @${s.nodes}`, `raw ms @${s.nodes}`, `ratio @${s.nodes}`]),
  ];
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
  console.log(
    `bench:graph: sizes ${SIZES.length ? SIZES.join(', ') : NODES}; load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} (a busy machine slows port and raw alike: compare ratios)`,
  );
  const bySize: Array<{ nodes: number; figures: Figure[] }> = [];
  for (const size of SIZES.length ? SIZES : [NODES]) {
    if (SIZES.length) {
      NODES = size;
      RELS = size * intEnv('BENCH_RELS_PER_NODE', 3);
    }
    bySize.push({ nodes: NODES, figures: await runSize() });
  }
  if (bySize.length > 1) printGrowth(bySize);
  console.log(
    `\ndone in ${((now() - started) / 1000).toFixed(0)} s; load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
