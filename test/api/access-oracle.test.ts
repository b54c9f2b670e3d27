import request from 'supertest';
import type { TestApp } from '../support/test-app';
import { createTestApp, ADMIN_PASSWORD, testGraphBackend } from '../support/test-app';
import { parseCsv } from '../../src/services/export/csv-writer';
import { readTckReadingQueries } from './support/tck-reading-queries';
import {
  caller,
  configureRuleSet,
  generateGraph,
  generateRuleSets,
  inParallel,
  LABELS,
  prng,
  SEED,
  TYPES,
  visibleCopy,
} from './support/access-model';
import type { Caller, GraphSpec, NodeSpec, RuleSet } from './support/access-model';

/**
 * The differential oracle for access control (issue 18, "The proof").
 *
 * For generated access rules (hidden labels, hidden relationship types, hidden properties, row
 * rules; one rule set has two groups) over a generated graph (fixed seed), every read that the
 * restricted user makes must answer exactly what an unrestricted user (the administrator) gets on
 * a COPY of the graph from which the hidden nodes, relationships, properties and rows were
 * physically removed, or be refused (a Cypher query answered 4xx with a CYPHER_* code).
 *
 * The copy is built in another app (its own database; on Neo4j the same server, one graph at a
 * time: every answer of the original is collected before the first copy is made), through the
 * REST API, from the test's own model of the rules (src/services/security/access-scope.ts).
 * Elements are compared by the key property `k` that every node and relationship carries and no
 * rule hides; an id that the restricted user holds for a hidden element is asked of the copy as
 * an id that does not exist. Results are compared order-insensitively (rows, and lists inside
 * values) unless the read is ordered (finds sorted by k; own Cypher queries marked ordered).
 *
 * Reads covered: find (filters, labels, sort, paging, totals), text search, read by id, elements
 * by id, direct and indirect relationships, explore (whole and paged), shortest paths, frequency
 * statistics, labels / types / property keys, CSV exports (nodes by id, found, relationships), and
 * POST /data/cypher with reading queries of the openCypher TCK (test/api/support/tck-reading-queries.ts;
 * those using only the generated labels and types, without SKIP/LIMIT, ids, the clock or unbounded
 * lengths, that the administrator runs on the original graph; at most TCK_MAX_QUERIES of them,
 * spread over the features, for the time budget of `npm test`) plus queries of our own.
 * A refusal is 400/403 with a CYPHER_* code whose text shows no hidden value; 429 (the concurrent
 * Cypher limit) is asked again, never counted as a refusal. Also checked: the copy must differ
 * from the restricted view when a hidden property is put back on it (the oracle can fail).
 * On PostgreSQL the copies are built at the same time; on Neo4j one after the other.
 */

// ---------------------------------------------------------------------------------------------
// The reads

/** How one graph's ids are named: by key, and back. */
interface IdSpace {
  // Properties, not methods: the reads pass them to map() detached.
  node: (k: string) => string;
  rel: (k: string) => string;
  nodeKey(id: string): string;
  relKey(id: string): string;
}

interface Answer {
  status: number;
  code?: string;
  body?: unknown;
  /** An error answer that contains a value of the always hidden property `secret`. */
  echoesSecret?: true;
}

/** A non-200 answer: its status and code (and whether its text shows a hidden value). */
function failure(response: request.Response): Answer {
  const echoes = JSON.stringify(response.body ?? response.text ?? '').includes('SECRET-');
  return { status: response.status, code: response.body?.code, ...(echoes ? { echoesSecret: true as const } : {}) };
}

interface Read {
  name: string;
  run(caller: Caller, ids: IdSpace): Promise<Answer>;
  /** Cypher reads: a 4xx CYPHER_* answer of the restricted user counts as a refusal. */
  cypher?: boolean;
}

const MISSING_NODE = '987654321';
const MISSING_REL = '987654322';

/** Canonical form: element ids replaced by keys, object keys sorted, lists sorted (unless `ordered` at the top). */
function normalise(value: unknown, ids: IdSpace, ordered = false): unknown {
  if (Array.isArray(value)) {
    const items = value.map((item) => normalise(item, ids));
    return ordered
      ? items
      : items.sort((a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : JSON.stringify(a) > JSON.stringify(b) ? 1 : 0));
  }
  if (value && typeof value === 'object') {
    const object = value as Record<string, unknown>;
    if (Array.isArray(object.labels) && typeof object.id === 'string' && object.properties) {
      return {
        node: ids.nodeKey(object.id),
        labels: [...(object.labels as string[])].sort(),
        properties: normalise(object.properties, ids),
      };
    }
    if (typeof object.type === 'string' && typeof object.startNodeId === 'string' && typeof object.id === 'string') {
      return {
        rel: ids.relKey(object.id),
        type: object.type,
        start: ids.nodeKey(object.startNodeId),
        end: ids.nodeKey(object.endNodeId as string),
        properties: normalise(object.properties, ids),
      };
    }
    return Object.fromEntries(
      Object.keys(object)
        .sort()
        .map((key) => [key, normalise(object[key], ids)]),
    );
  }
  return value;
}

async function json(test: request.Test, ids: IdSpace, project: (body: unknown) => unknown = (b) => b, ordered = false): Promise<Answer> {
  const response = await test;
  if (response.status !== 200) return failure(response);
  return { status: 200, body: normalise(project(response.body), ids, ordered) };
}

async function csv(test: request.Test, ids: IdSpace, kind: 'nodes' | 'relationships'): Promise<Answer> {
  const response = await test;
  if (response.status !== 200) return failure(response);
  const [header, ...rows] = parseCsv(response.text);
  const mapped = rows.map((row) =>
    // The leading columns: id (node or relationship), and start, end of a relationship.
    row.map((field, i) => {
      if (i === 0) return kind === 'nodes' ? ids.nodeKey(field) : ids.relKey(field);
      if (kind === 'relationships' && (i === 2 || i === 3)) return ids.nodeKey(field);
      return field;
    }),
  );
  return { status: 200, body: { header, rows: mapped.map((r) => r.join('\u0001')).sort() } };
}

function restReads(graph: GraphSpec): Read[] {
  const random = prng(SEED + 1);
  const keys = graph.nodes.map((n) => n.k);
  const relKeys = graph.relationships.map((r) => r.k);
  const some = (n: number) => [...keys].sort(() => random() - 0.5).slice(0, n);
  const reads: Read[] = [];
  const add = (name: string, run: Read['run']) => reads.push({ name, run });
  const byK = [{ property: 'k', direction: 'asc' }];

  const findBodies: Array<[string, Record<string, unknown>]> = [
    ['everything', {}],
    ['num < 5', { filter: { property: 'num', operator: '<', value: 5 } }],
    ['name IN', { filter: { property: 'name', operator: 'IN', value: ['Alice', 'apa', 'Bob'] } }],
    ['secret set', { filter: { property: 'secret', operator: 'IS NOT NULL' } }],
    ['secret prefix', { filter: { property: 'secret', operator: 'STARTS WITH', value: 'SECRET' } }],
    ['no age', { filter: { not: { property: 'age', operator: 'IS NOT NULL' } } }],
    ['flag', { filter: { property: 'flag', operator: '=', value: true } }],
    ['by num desc', { sort: [{ property: 'num', direction: 'desc' }, ...byK] }],
    ['by age, a page', { sort: [{ property: 'age', direction: 'asc' }, ...byK], skip: 3, limit: 5 }],
    ['a page', { skip: 2, limit: 4 }],
    ['only some properties', { properties: ['k', 'secret', 'num', 'age'] }],
    ['text Alice', { text: 'Alice' }],
    ['text SECRET', { text: 'SECRET' }],
    ['text n1', { text: 'n1' }],
    ['text ap', { text: 'ap' }],
  ];
  for (const label of LABELS) findBodies.push([`label ${label}`, { filter: { label } }], [`labels [${label}]`, { labels: [label] }]);
  findBodies.push(['label A and num', { filter: { and: [{ label: 'A' }, { property: 'num', operator: '>=', value: 3 }] } }]);
  for (const [name, body] of findBodies) {
    add(`find ${name}`, (call, ids) => json(call('post', '/data/nodes/find', { sort: byK, limit: 1000, ...body }), ids, undefined, true));
  }
  add('find by ids', (call, ids) =>
    json(call('post', '/data/nodes/find', { filter: { ids: keys.map(ids.node) }, sort: byK, limit: 1000 }), ids, undefined, true),
  );
  add('find total of a short page', (call, ids) =>
    json(call('post', '/data/nodes/find', { limit: 1 }), ids, (b) => (b as { total: number }).total),
  );

  for (const k of some(6)) add(`node ${k} by id`, (call, ids) => json(call('post', `/data/nodes/${ids.node(k)}`, {}), ids));
  for (const k of relKeys.slice(0, 6))
    add(`relationship ${k} by id`, (call, ids) => json(call('post', `/data/relationships/${ids.rel(k)}`, {}), ids));
  add('elements by id', (call, ids) =>
    json(call('post', '/data/graph', { nodeIds: keys.map(ids.node), relationshipIds: relKeys.map(ids.rel) }), ids),
  );
  add('direct relationships', (call, ids) =>
    json(
      call('post', '/data/graph/directRelationships', { sourceIds: keys.slice(0, 15).map(ids.node), targetIds: keys.map(ids.node) }),
      ids,
    ),
  );
  add('direct relationships of type T', (call, ids) =>
    json(
      call('post', '/data/graph/directRelationships', { sourceIds: keys.map(ids.node), targetIds: keys.map(ids.node), types: ['T'] }),
      ids,
    ),
  );
  const group = some(5);
  add('indirect relationships', (call, ids) =>
    json(call('post', '/data/graph/indirectRelationships', { nodeIds: group.map(ids.node), maxDepth: 3, limit: 1000 }), ids),
  );

  for (const k of some(6)) {
    add(`explore ${k}`, (call, ids) => json(call('post', '/data/graph/explore', { nodeId: ids.node(k), limit: 1000 }), ids));
    add(`explore ${k} out KNOWS/T to A/Person`, (call, ids) =>
      json(
        call('post', '/data/graph/explore', {
          nodeId: ids.node(k),
          direction: 'out',
          types: ['KNOWS', 'T'],
          labels: ['A', 'Person'],
          limit: 1000,
        }),
        ids,
      ),
    );
    // Which neighbours fill a page follows the ids, which differ between the graphs: compare the count.
    add(`explore ${k} paged`, (call, ids) =>
      json(call('post', '/data/graph/explore', { nodeId: ids.node(k), limit: 1 }), ids, (b) => {
        const page = b as { nodes: unknown[]; remaining: number };
        return { seen: page.nodes.length + page.remaining };
      }),
    );
  }
  const ends = some(8);
  for (let i = 0; i + 1 < ends.length; i += 2) {
    const [a, b] = [ends[i], ends[i + 1]];
    add(`shortest paths ${a}-${b}`, (call, ids) =>
      json(call('post', '/data/shortestPath', { nodeIds: [ids.node(a), ids.node(b)], maxDepth: 8 }), ids),
    );
    add(`shortest paths ${a}-${b} out`, (call, ids) =>
      json(call('post', '/data/shortestPath', { nodeIds: [ids.node(a), ids.node(b)], direction: 'out' }), ids),
    );
  }

  for (const property of ['k', 'name', 'num', 'age', 'id', 'secret', 'flag', 'w']) {
    add(`frequency ${property}`, (call, ids) => json(call('get', `/data/stats/frequency/${property}?limit=1000`), ids, undefined, true));
    add(`node frequency ${property}`, (call, ids) =>
      json(call('get', `/data/stats/frequency/nodes/${property}?limit=1000`), ids, undefined, true),
    );
    add(`relationship frequency ${property}`, (call, ids) =>
      json(call('get', `/data/stats/frequency/relationships/${property}?limit=1000`), ids, undefined, true),
    );
  }
  for (const label of LABELS)
    add(`frequency of name on ${label}`, (call, ids) =>
      json(call('get', `/data/stats/frequency/nodes/${label}/name?limit=1000`), ids, undefined, true),
    );
  add('frequency of num on A,B', (call, ids) => json(call('get', '/data/stats/frequency/nodes/A,B/num?limit=3'), ids, undefined, true));
  for (const type of TYPES)
    add(`frequency of num on ${type}`, (call, ids) =>
      json(call('get', `/data/stats/frequency/relationships/${type}/num?limit=1000`), ids, undefined, true),
    );
  add('possible labels', (call, ids) => json(call('get', '/data/nodes/possibleLabels'), ids));
  add('possible types', (call, ids) => json(call('get', '/data/relationships/possibleTypes'), ids));
  add('possible property keys', (call, ids) => json(call('get', '/data/possiblePropertyKeys'), ids));

  add('export nodes by id', (call, ids) => csv(call('post', '/data/nodes/export/csv', { ids: keys.map(ids.node) }), ids, 'nodes'));
  add('export nodes by id, chosen columns', (call, ids) =>
    csv(call('post', '/data/nodes/export/csv', { ids: keys.map(ids.node), properties: ['k', 'secret', 'num', 'name'] }), ids, 'nodes'),
  );
  add('export found nodes', (call, ids) =>
    csv(call('post', '/data/nodes/find/export/csv', { filter: { property: 'num', operator: '<', value: 6 } }), ids, 'nodes'),
  );
  add('export text search', (call, ids) => csv(call('post', '/data/nodes/find/export/csv', { text: 'SECRET' }), ids, 'nodes'));
  add('export labelled nodes', (call, ids) => csv(call('post', '/data/nodes/find/export/csv', { labels: ['B', 'C'] }), ids, 'nodes'));
  add('export relationships by id', (call, ids) =>
    csv(call('post', '/data/relationships/export/csv', { ids: relKeys.map(ids.rel) }), ids, 'relationships'),
  );
  return reads;
}

/** Own Cypher queries over the generated labels, types and properties; `ordered` ones keep their row order. */
function ownCypher(): Array<{ query: string; ordered?: boolean }> {
  const queries: Array<{ query: string; ordered?: boolean }> = [
    { query: 'MATCH (n) RETURN n' },
    { query: 'MATCH (n) RETURN n.k, n.secret, n.num, n.age, n.name, n.flag, n.id' },
    { query: 'MATCH (n) RETURN properties(n)' },
    { query: 'MATCH (n) RETURN keys(n), labels(n)' },
    { query: 'MATCH (n) RETURN n {.*}' },
    { query: 'MATCH (n) RETURN count(*), count(n.secret), count(n.num), sum(n.num), max(n.age), min(n.name)' },
    { query: "MATCH (n) WHERE n.secret STARTS WITH 'SECRET' RETURN count(*)" },
    { query: 'MATCH (n) WHERE exists(n.secret) RETURN n.k' },
    { query: 'MATCH (n) WITH {a: n} AS m RETURN m.a.secret, m.a.k' },
    { query: 'MATCH (n) WITH [n] AS l RETURN (l[0]).secret' },
    { query: 'MATCH (n) RETURN n.num, count(*) ORDER BY n.num', ordered: true },
    { query: 'MATCH (n) RETURN n.k ORDER BY n.k SKIP 3 LIMIT 7', ordered: true },
    { query: 'MATCH (n) RETURN DISTINCT labels(n)' },
    { query: 'MATCH (n) OPTIONAL MATCH (n)-[r]->(m) RETURN n.k, collect(m.k), collect(type(r))' },
    { query: 'MATCH ()-[r]->() RETURN r' },
    { query: 'MATCH ()-[r]->() RETURN properties(r), keys(r), type(r)' },
    { query: 'MATCH (a)-[r]->(b) RETURN a.k, r.k, r.secret, r.w, r.num, b.k' },
    { query: 'MATCH (a)-[r]-(b) RETURN type(r), count(*)' },
    { query: 'MATCH (a)-[r]->(b) WHERE r.w >= 3 RETURN r.k' },
    { query: 'MATCH p = (a)-[*1..2]->(b) RETURN p' },
    { query: 'MATCH p = (a)-[*2..3]-(b) RETURN count(p)' },
    { query: 'MATCH p = (a)-->(b)-->(c) RETURN nodes(p), relationships(p), length(p)' },
    { query: "MATCH p = shortestPath((a {k: 'n2'})-[*..6]-(b {k: 'n9'})) RETURN p" },
    { query: 'MATCH (a)-[r]->(b) WITH a, count(r) AS degree RETURN a.k, degree' },
    { query: "MATCH (n) WHERE n.name IN ['Alice', 'apa'] OR n.num > 6 RETURN n.k, n.name, n.num" },
  ];
  for (const label of LABELS) {
    queries.push(
      { query: `MATCH (n:${label}) RETURN n, properties(n), keys(n), labels(n)` },
      { query: `MATCH (n:${label})-[r]-(m) RETURN n.k, type(r), m.k, count(*)` },
    );
  }
  for (const type of TYPES) {
    queries.push(
      { query: `MATCH (a)-[r:${type}]->(b) RETURN a.k, type(r), r, b.k` },
      { query: `MATCH ()-[r:${type}]->() RETURN count(r), sum(r.num), collect(r.secret)` },
    );
  }
  return queries;
}

/**
 * TCK queries that cannot be compared between two graphs: ids, randomness, the clock, and SKIP or
 * LIMIT (which rows they keep among equals follows the storage order, which the copy need not share).
 */
const GRAPH_DEPENDENT_BEYOND_DATA = /\b(id|rand|timestamp)\s*\(|\b(date|time|datetime|localtime|localdatetime)\s*\(\s*\)|\b(SKIP|LIMIT)\b/i;
/** Variable-length patterns without an upper bound ([*], [r*2..]): too slow for the time budget. */
const UNBOUNDED_LENGTH = /\*\s*(\d+\s*)?(\.\.\s*)?\]/;

// ---------------------------------------------------------------------------------------------
// The apps

/** Creates the graph through the REST API (ids need not follow the order: no read depends on it). */
async function buildGraph(
  t: TestApp,
  auth: string,
  graph: GraphSpec,
): Promise<{ nodeIds: Map<string, string>; relIds: Map<string, string> }> {
  const nodeIds = new Map<string, string>();
  const relIds = new Map<string, string>();
  await inParallel(
    graph.nodes.map((node) => async () => {
      const response = await request(t.app)
        .post('/data/nodes')
        .set('Authorization', auth)
        .send({ labels: node.labels, properties: node.properties });
      if (response.status !== 201) throw new Error(`creating node ${node.k}: ${response.status} ${JSON.stringify(response.body)}`);
      nodeIds.set(node.k, response.body.id);
    }),
    3,
  );
  await inParallel(
    graph.relationships.map((rel) => async () => {
      const response = await request(t.app)
        .post('/data/relationships')
        .set('Authorization', auth)
        .send({ type: rel.type, startNodeId: nodeIds.get(rel.from), endNodeId: nodeIds.get(rel.to), properties: rel.properties });
      if (response.status !== 201) throw new Error(`creating relationship ${rel.k}: ${response.status} ${JSON.stringify(response.body)}`);
      relIds.set(rel.k, response.body.id);
    }),
    3,
  );
  return { nodeIds, relIds };
}

function idSpace(nodeIds: Map<string, string>, relIds: Map<string, string>): IdSpace {
  const nodeKeys = new Map([...nodeIds].map(([k, id]) => [id, k]));
  const relKeys = new Map([...relIds].map(([k, id]) => [id, k]));
  return {
    node: (k) => nodeIds.get(k) ?? MISSING_NODE,
    rel: (k) => relIds.get(k) ?? MISSING_REL,
    nodeKey: (id) => nodeKeys.get(id) ?? `unknown node id ${id}`,
    relKey: (id) => relKeys.get(id) ?? `unknown relationship id ${id}`,
  };
}

// ---------------------------------------------------------------------------------------------
// The oracle

interface Collected {
  rules: RuleSet;
  answers: Answer[];
}

const graph = generateGraph(prng(SEED));
const ruleSets = generateRuleSets(prng(SEED + 2), 4);
let reads: Read[] = [];
const collected: Collected[] = [];
let pairsChecked = 0;
let refusedPairs = 0;
let answeredPairs = 0;
let tckKept = 0;

/** POST /data/cypher; beyond the concurrent Cypher limit (several users read at once) waits and asks again. */
async function cypher(call: Caller, query: string): Promise<request.Response> {
  let response = await call('post', '/data/cypher', { query, params: {} });
  for (let attempt = 0; response.status === 429 && attempt < 50; attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 50 + attempt * 20));
    response = await call('post', '/data/cypher', { query, params: {} });
  }
  return response;
}

function cypherRead(query: string, ordered: boolean): Read {
  return {
    name: `cypher: ${query.replace(/\s+/g, ' ')}`,
    cypher: true,
    run: async (call, ids) => {
      const response = await cypher(call, query);
      if (response.status !== 200) return failure(response);
      const body = response.body as { columns: string[]; rows: unknown[][]; truncated: boolean };
      return { status: 200, body: { columns: body.columns, truncated: body.truncated, rows: normalise(body.rows, ids, ordered) } };
    },
  };
}

/** Runs the reads two at a time (the per-user Cypher limit), answers in the reads' order. */
const answer = (list: Read[], call: Caller, ids: IdSpace): Promise<Answer[]> =>
  inParallel(
    list.map((read) => () => read.run(call, ids)),
    2,
  );

/** The differences between the restricted user's answers and the copy's; a refused Cypher query is none. */
function differences(list: Read[], restricted: Answer[], copy: Answer[]): string[] {
  const found: string[] = [];
  list.forEach((read, i) => {
    const [mine, theirs] = [restricted[i], copy[i]];
    if (read.cypher && (mine.status === 400 || mine.status === 403) && /^CYPHER_/.test(mine.code ?? '') && !mine.echoesSecret) return;
    if (JSON.stringify(mine) !== JSON.stringify(theirs))
      found.push(
        `${read.name}\n  restricted: ${JSON.stringify(mine).slice(0, 600)}\n  copy:       ${JSON.stringify(theirs).slice(0, 600)}`,
      );
  });
  return found;
}

/**
 * Builds the copy in an app of its own, answers every read as the administrator, then runs
 * `after` on the same app (the copy still standing) before closing it.
 */
async function onCopy<T>(
  copyGraph: GraphSpec,
  after?: (t: TestApp, admin: string, nodeIds: Map<string, string>, ids: IdSpace) => Promise<T>,
): Promise<{ answers: Answer[]; after?: T }> {
  const t = await createTestApp();
  try {
    const admin = t.basic('admin', ADMIN_PASSWORD);
    const { nodeIds, relIds } = await buildGraph(t, admin, copyGraph);
    const ids = idSpace(nodeIds, relIds);
    const answers = await answer(reads, caller(t, admin), ids);
    return { answers, after: after ? await after(t, admin, nodeIds, ids) : undefined };
  } finally {
    await t.close();
  }
}

/**
 * Expected failures (known leaks): reads whose restricted answer differs from the copy's, keyed by
 * backend and rule set ("neo4j:rules-1"), each entry a read name prefix (as in the failure message)
 * with a comment naming the leak. Listed here so that the oracle keeps passing while a leak is open.
 * Empty: on PostgreSQL every read agrees (checked 2026-11-27); not yet run on Neo4j.
 */
const KNOWN_LEAKS: Record<string, string[]> = {};

/** ORACLE_DEBUG=1 prints the phases, the rule sets and the refused queries to stderr. */
const debugStart = Date.now();
const dbg = (m: string) => {
  if (process.env.ORACLE_DEBUG) process.stderr.write(`${Date.now() - debugStart} ${m}\n`);
};
/** TCK queries kept: those that an unrestricted user runs on the original graph within this time. */
const TCK_QUERY_BUDGET_MS = 3000;
const TCK_MAX_QUERIES = 90;
const TCK_MAX_CANDIDATES = 120;
const NAMES_IN_PATTERNS = /[([|]\s*\w*\s*:\s*`?([A-Za-z_]\w*)/g;

/** At most `max` of the items, spread evenly over the list (the time budget of `npm test`). */
function spread<T>(items: T[], max: number): T[] {
  const step = Math.max(1, items.length / max);
  return items.filter((_, i) => Math.floor(i / step) !== Math.floor((i - 1) / step));
}

interface CopyRun {
  copy: GraphSpec;
  copyAnswers: Answer[];
  /** Rule set 1 only: the hidden node property put back on the copy, and what the oracle then reported. */
  leaked?: NodeSpec;
  weakened?: string[];
}

const copyRuns = new Map<number, Promise<CopyRun>>();

/**
 * The copy of rule set i and the administrator's answers on it (started once). On the first rule
 * set the copy is then weakened (a hidden property put back on a visible node, as a leak would
 * show it) and the REST reads asked again: the oracle must report it.
 */
function copyRun(i: number): Promise<CopyRun> {
  if (!copyRuns.has(i)) {
    const { rules, answers } = collected[i];
    const copy = visibleCopy(graph, rules);
    const leaked = i === 0 ? graph.nodes.find((n) => n.properties.secret !== undefined && copy.nodes.some((c) => c.k === n.k)) : undefined;
    const run = onCopy(copy, async (t, admin, nodeIds, ids) => {
      if (!leaked) return undefined;
      const put = await request(t.app)
        .put(`/data/nodes/${nodeIds.get(leaked.k)}`)
        .set('Authorization', admin)
        .send({ properties: { secret: leaked.properties.secret } });
      if (put.status !== 200) throw new Error(`weakening the copy: ${put.status}`);
      const rest = reads.filter((read) => !read.cypher);
      return differences(rest, answers.slice(0, rest.length), await answer(rest, caller(t, admin), ids));
    }).then(({ answers: copyAnswers, after }) => ({ copy, copyAnswers, leaked, weakened: after }));
    run.catch(() => undefined); // reported by the test that awaits it
    copyRuns.set(i, run);
  }
  return copyRuns.get(i) as Promise<CopyRun>;
}

beforeAll(async () => {
  // Phase 1: the original graph, every rule set's user, every answer; then the app is closed
  // (on Neo4j the copies use the same server, one graph at a time).
  const t = await createTestApp();
  try {
    const admin = t.basic('admin', ADMIN_PASSWORD);
    const { nodeIds, relIds } = await buildGraph(t, admin, graph);
    const ids = idSpace(nodeIds, relIds);
    const adminCall = caller(t, admin);

    // TCK queries that read the generated labels and types only (others match nothing anywhere).
    const known = new Set([...LABELS, ...TYPES]);
    const tck = spread(
      readTckReadingQueries().filter(
        (q) =>
          !GRAPH_DEPENDENT_BEYOND_DATA.test(q.query) &&
          !UNBOUNDED_LENGTH.test(q.query) &&
          [...q.query.matchAll(NAMES_IN_PATTERNS)].every((m) => known.has(m[1])),
      ),
      TCK_MAX_CANDIDATES,
    );
    dbg(`built; ${tck.length} TCK candidates; rule sets ${JSON.stringify(ruleSets)}`);
    const runs = await inParallel(
      tck.map((q) => async () => {
        const started = Date.now();
        const response = await cypher(adminCall, q.query);
        if (response.status !== 200) dbg(`TCK query not kept: ${response.status} ${response.body?.code} ${q.query.replace(/\s+/g, ' ')}`);
        return response.status === 200 && !response.body.truncated && Date.now() - started <= TCK_QUERY_BUDGET_MS;
      }),
      2,
    );
    const kept = tck.filter((_, n) => runs[n]).map((q) => q.query);
    const chosen = spread(kept, TCK_MAX_QUERIES);
    tckKept = chosen.length;
    dbg(`TCK kept ${kept.length}, chosen ${chosen.length}`);
    reads = [
      ...restReads(graph),
      ...ownCypher().map((q) => cypherRead(q.query, Boolean(q.ordered))),
      ...chosen.map((q) => cypherRead(q, false)),
    ];

    for (const [i, rules] of ruleSets.entries()) await configureRuleSet(t, admin, rules, `oracle-${i + 1}`);
    // The rule sets' users read at the same time (each two reads at a time).
    const all = await Promise.all(
      ruleSets.map((_, i) => answer(reads, caller(t, t.basic(`oracle-${i + 1}`, `oracle-${i + 1}-password-1`)), ids)),
    );
    ruleSets.forEach((rules, i) => collected.push({ rules, answers: all[i] }));
    dbg('restricted answers');
  } finally {
    await t.close();
  }
  // On PostgreSQL every copy has a database of its own: they are built and read at the same time.
  // On Neo4j (one graph on the server) each test makes its copy in turn.
  if (testGraphBackend === 'postgres') ruleSets.forEach((_, i) => void copyRun(i));
}, 150_000);

afterAll(() => {
  console.log(
    `access oracle (${testGraphBackend}): ${pairsChecked} (rule set, query) pairs checked: ${ruleSets.length} rule sets x ${reads.length} reads (${tckKept} openCypher TCK queries); ${answeredPairs} answered 200, ${refusedPairs} Cypher refusals`,
  );
});

describe('the differential oracle for access control', () => {
  test.each(ruleSets.map((rules, i) => [rules.name, i] as const))(
    "when the restricted user of %s reads the graph in every way, then each answer equals the administrator's on a copy without the hidden elements, properties and rows, or is a refused Cypher query",
    async (_name, i) => {
      const { rules, answers } = collected[i];
      const { copy, leaked, copyAnswers, weakened } = await copyRun(i);
      // The rule set hides something, and leaves something to see.
      expect(copy.nodes.length).toBeGreaterThan(0);
      expect(copy.nodes.length + copy.relationships.length).toBeLessThan(graph.nodes.length + graph.relationships.length);

      const found = differences(reads, answers, copyAnswers);
      dbg(`copy of ${rules.name} compared`);
      pairsChecked += reads.length;
      refusedPairs += reads.filter((read, n) => read.cypher && answers[n].status !== 200).length;
      answeredPairs += reads.filter((_, n) => answers[n].status === 200).length;
      reads.forEach((read, n) => {
        if (read.cypher && answers[n].status !== 200) dbg(`refused ${rules.name} ${answers[n].status} ${answers[n].code} ${read.name}`);
      });
      const known = KNOWN_LEAKS[`${testGraphBackend}:${rules.name}`] ?? [];
      expect(found.filter((d) => !known.some((name) => d.startsWith(name)))).toEqual([]);
      if (i === 0) {
        expect(leaked).toBeDefined();
        expect(weakened?.length).toBeGreaterThan(0);
        expect(weakened?.some((d) => d.startsWith('find everything'))).toBe(true);
      }
    },
    120_000,
  );
});
