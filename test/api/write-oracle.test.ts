import request from 'supertest';
import type { TestApp } from '../support/test-app';
import { createTestApp, ADMIN_PASSWORD, testGraphBackend } from '../support/test-app';
import { configureRuleSet, generateGraph, generateRuleSets, prng, ruleHides, SEED, visibleCopy } from './support/access-model';
import type { GraphSpec, Props, RelSpec, RuleSet } from './support/access-model';

/**
 * The differential oracle for Cypher writes (issue 22's writing clauses under the security
 * issue's rule: no write where the writer cannot see), on the generated graph and rule sets of the
 * read oracle (test/api/support/access-model.ts).
 *
 * For every rule set and every writing query, the restricted writer (Data management, Cypher)
 * runs the query on the original graph, and a writer with the same rules runs it on a copy from
 * which everything hidden from them was physically removed. Then:
 *  - the answers are the same: status and code, or rows and side effects (counts of what the
 *    writer may know of). A refusal (403 for a hidden label or property written, or an element the
 *    writer's row rule would hide once written) must come on the copy too: a refusal that depends
 *    on hidden data would tell the writer it is there. A refused query writes nothing;
 *  - the visible part agrees: the original after the write, seen through the rules (the test's
 *    own model, visibleCopy), equals the copy after the write seen the same way;
 *  - the hidden part is untouched: every hidden node and relationship is still there with its
 *    labels and properties (relationships of a node the writer deleted go with it, as DELETE
 *    /data/nodes/{id} takes them), and every hidden property of a visible element keeps its value;
 *  - no answer shows a hidden value (the property `secret` is hidden in every rule set).
 * The original and the copy are rebuilt before each query, each by one administrator's Cypher
 * transaction per label set and relationship type. PostgreSQL only: the writing clauses run on
 * the default backend (on Neo4j writes go to the server through the same permission rule).
 */

const onPostgres = testGraphBackend === 'postgres';
const graph = generateGraph(prng(SEED));
const ruleSets = generateRuleSets(prng(SEED + 2), 4);

/** Writes over the generated labels (A, B, C, Person, X), types (T, KNOWS, REL, LIKES) and properties. */
const WRITES = [
  'MATCH (n:A) SET n.num = 7 RETURN count(n) AS c',
  "MATCH (n) WHERE n.num < 5 SET n.tag = 'low' RETURN count(*) AS c",
  "MATCH (n:Person) SET n += {name: 'Zed', extra: 1} RETURN n.k AS k ORDER BY k",
  "MATCH (n:B) SET n = {k: n.k, name: 'replaced'} RETURN n.k AS k ORDER BY k",
  'MATCH (n:C) REMOVE n.name RETURN count(n) AS c',
  'MATCH (n:X) SET n:Extra RETURN count(n) AS c',
  'MATCH (n:A:B) REMOVE n:B RETURN count(n) AS c',
  'MATCH (n) WHERE n.age >= 40 DETACH DELETE n RETURN count(*) AS c',
  'MATCH (n:C) WHERE NOT (n)--() DELETE n RETURN count(*) AS c',
  'MATCH ()-[r:KNOWS]->() DELETE r RETURN count(*) AS c',
  "MATCH (a), (b) WHERE a.k = 'n3' AND b.k = 'n7' CREATE (a)-[:LIKES {k: 'new-r1', w: 3}]->(b) RETURN count(*) AS c",
  "CREATE (:Person {k: 'new-n1', name: 'Neu', num: 1}) RETURN 1 AS one",
  "MERGE (n:A {name: 'Alice'}) ON CREATE SET n.k = 'merged-1' ON MATCH SET n.seen = true RETURN n.k AS k ORDER BY k",
  'MATCH (n)-[r]->(m) SET r.w = 9 RETURN count(r) AS c',
  'MATCH (n:A) WITH n ORDER BY n.k LIMIT 2 DETACH DELETE n RETURN count(*) AS c',
  "MATCH (n) SET n.secret = 'SECRET-overwrite' RETURN count(n) AS c",
  'MATCH (n) WHERE n.flag = true SET n.flag = false RETURN count(n) AS c',
  'MATCH (n:B)-[r]-() DELETE r RETURN count(*) AS c',
  "MATCH (n) WHERE n.name STARTS WITH 'A' SET n.name = 'B' + n.name RETURN count(n) AS c",
  'MATCH (n) DETACH DELETE n RETURN count(*) AS c',
];

interface Outcome {
  status: number;
  code?: string;
  rows?: unknown;
  sideEffects?: unknown;
  /** The answer's text holds a value of the always hidden property `secret`. */
  echoesSecret?: true;
}

const cypher = (t: TestApp, auth: string, query: string, params: Record<string, unknown> = {}) =>
  request(t.app).post('/data/cypher').set('Authorization', auth).send({ query, params });

async function run(t: TestApp, auth: string, query: string): Promise<Outcome> {
  const response = await cypher(t, auth, query);
  const echoes = JSON.stringify(response.body ?? response.text ?? '').includes('SECRET-');
  const body = response.body as { rows?: unknown; sideEffects?: unknown; code?: string };
  return response.status === 200
    ? { status: 200, rows: body.rows, sideEffects: body.sideEffects, ...(echoes ? { echoesSecret: true as const } : {}) }
    : { status: response.status, code: body.code, ...(echoes ? { echoesSecret: true as const } : {}) };
}

async function admin(t: TestApp, auth: string, query: string, params: Record<string, unknown> = {}): Promise<unknown[][]> {
  const response = await cypher(t, auth, query, params);
  if (response.status !== 200) throw new Error(`${query}: ${response.status} ${JSON.stringify(response.body)}`);
  return (response.body as { rows: unknown[][] }).rows;
}

/** Replaces the graph with `spec`: one CREATE per label set and per relationship type (labels and types are the test's own). */
async function reset(t: TestApp, auth: string, spec: GraphSpec): Promise<void> {
  await admin(t, auth, 'MATCH (n) DETACH DELETE n');
  const byLabels = new Map<string, Props[]>();
  for (const node of spec.nodes) {
    const key = [...node.labels].sort().join(':');
    byLabels.set(key, [...(byLabels.get(key) ?? []), node.properties]);
  }
  for (const [labels, rows] of byLabels)
    await admin(t, auth, `UNWIND $rows AS p CREATE (n${labels ? `:${labels}` : ''}) SET n = p`, { rows });
  const byType = new Map<string, RelSpec[]>();
  for (const rel of spec.relationships) byType.set(rel.type, [...(byType.get(rel.type) ?? []), rel]);
  for (const [type, rels] of byType)
    await admin(t, auth, `UNWIND $rels AS r MATCH (a {k: r.from}), (b {k: r.to}) CREATE (a)-[x:${type}]->(b) SET x = r.p`, {
      rels: rels.map((r) => ({ from: r.from, to: r.to, p: r.properties })),
    });
}

/** The whole graph as the administrator reads it, by key, sorted. */
async function snapshot(t: TestApp, auth: string): Promise<GraphSpec> {
  const nodes = (await admin(t, auth, 'MATCH (n) RETURN n.k, labels(n), properties(n)')).map(([k, labels, properties]) => ({
    k: String(k),
    labels: [...(labels as string[])].sort(),
    properties: properties as Props,
  }));
  const relationships = (await admin(t, auth, 'MATCH (a)-[r]->(b) RETURN r.k, type(r), a.k, b.k, properties(r)')).map(
    ([k, type, from, to, properties]) => ({
      k: String(k),
      type: String(type),
      from: String(from),
      to: String(to),
      properties: properties as Props,
    }),
  );
  return canonical({ nodes, relationships });
}

function canonical(spec: GraphSpec): GraphSpec {
  const sortProps = (p: Props) => Object.fromEntries(Object.entries(p).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  const byK = <T extends { k: string }>(a: T, b: T) => (a.k < b.k ? -1 : a.k > b.k ? 1 : 0);
  return {
    nodes: spec.nodes.map((n) => ({ ...n, labels: [...n.labels].sort(), properties: sortProps(n.properties) })).sort(byK),
    relationships: spec.relationships.map((r) => ({ ...r, properties: sortProps(r.properties) })).sort(byK),
  };
}

/** What the write may not have changed: hidden elements (but relationships of deleted nodes) and hidden properties of visible ones. */
function hiddenChanges(before: GraphSpec, after: GraphSpec, rules: RuleSet): string[] {
  const seen = visibleCopy(before, rules);
  const visibleNodes = new Set(seen.nodes.map((n) => n.k));
  const visibleRels = new Set(seen.relationships.map((r) => r.k));
  const nodesAfter = new Map(after.nodes.map((n) => [n.k, n]));
  const relsAfter = new Map(after.relationships.map((r) => [r.k, r]));
  const deleted = new Set(before.nodes.filter((n) => visibleNodes.has(n.k) && !nodesAfter.has(n.k)).map((n) => n.k));
  const changes: string[] = [];
  const hiddenOf = (properties: Props, keys: string[], table: Record<string, { enabled?: string[]; disabled?: string[] }> | undefined) =>
    Object.keys(properties).filter((p) => ruleHides(table?.['*'], p) || keys.some((key) => ruleHides(table?.[key], p)));
  for (const node of before.nodes) {
    const now = nodesAfter.get(node.k);
    if (!visibleNodes.has(node.k)) {
      if (JSON.stringify(now) !== JSON.stringify(node))
        changes.push(`hidden node ${node.k}: ${JSON.stringify(node)} -> ${JSON.stringify(now)}`);
    } else if (now) {
      for (const p of hiddenOf(node.properties, node.labels, rules.propertySecurity.nodes))
        if (JSON.stringify(now.properties[p]) !== JSON.stringify(node.properties[p]))
          changes.push(
            `hidden property ${p} of node ${node.k}: ${JSON.stringify(node.properties[p])} -> ${JSON.stringify(now.properties[p])}`,
          );
    }
  }
  for (const rel of before.relationships) {
    const now = relsAfter.get(rel.k);
    if (!visibleRels.has(rel.k)) {
      if (!now && (deleted.has(rel.from) || deleted.has(rel.to))) continue;
      if (JSON.stringify(now) !== JSON.stringify(rel))
        changes.push(`hidden relationship ${rel.k}: ${JSON.stringify(rel)} -> ${JSON.stringify(now)}`);
    } else if (now) {
      for (const p of hiddenOf(rel.properties, [rel.type], rules.propertySecurity.relationships))
        if (JSON.stringify(now.properties[p]) !== JSON.stringify(rel.properties[p]))
          changes.push(
            `hidden property ${p} of relationship ${rel.k}: ${JSON.stringify(rel.properties[p])} -> ${JSON.stringify(now.properties[p])}`,
          );
    }
  }
  return changes;
}

/**
 * Known differences: "rules-N: query prefix" with the reason. Listed so that the oracle keeps
 * passing while one is open; each is a leak or a deliberate difference named in docs/cypher-postgres.md.
 */
const KNOWN: Record<string, string> = {};

let original: TestApp;
let copy: TestApp;
let originalAdmin: string;
let copyAdmin: string;
const tally = { answered: 0, refused: 0 };

(onPostgres ? describe : describe.skip)('the differential oracle for Cypher writes (PostgreSQL)', () => {
  beforeAll(async () => {
    [original, copy] = await Promise.all([createTestApp(), createTestApp()]);
    originalAdmin = original.basic('admin', ADMIN_PASSWORD);
    copyAdmin = copy.basic('admin', ADMIN_PASSWORD);
    for (const [i, rules] of ruleSets.entries())
      for (const [t, auth] of [
        [original, originalAdmin],
        [copy, copyAdmin],
      ] as const)
        await configureRuleSet(t, auth, rules, `writer-${i + 1}`, ['CYPHER_QUERIES', 'DATA_MANAGEMENT']);
  }, 120_000);
  afterAll(async () => {
    console.log(
      `write oracle: ${ruleSets.length} rule sets x ${WRITES.length} writing queries: ${tally.answered} answered, ${tally.refused} refused`,
    );
    await Promise.all([original?.close(), copy?.close()]);
  });

  test('the oracle can fail: a write the rules do not restrict (the administrator) changes hidden elements and is reported', async () => {
    const rules = ruleSets[0];
    const before = canonical(graph);
    await reset(original, originalAdmin, graph);
    await admin(original, originalAdmin, "MATCH (n) SET n.tag = 'x'");
    const changes = hiddenChanges(before, await snapshot(original, originalAdmin), rules);
    const hiddenNodes = before.nodes.length - visibleCopy(graph, rules).nodes.length;
    expect(hiddenNodes).toBeGreaterThan(0);
    expect(changes.filter((c) => c.startsWith('hidden node '))).toHaveLength(hiddenNodes);
  }, 60_000);

  test.each(ruleSets.map((rules, i) => [rules.name, i] as const))(
    'when the restricted writer of %s runs each writing query, then it answers and writes as a writer with the same rules on a copy without what is hidden, and nothing hidden changes',
    async (_name, i) => {
      const rules = ruleSets[i];
      const writer = original.basic(`writer-${i + 1}`, `writer-${i + 1}-password-1`);
      const copyWriter = copy.basic(`writer-${i + 1}`, `writer-${i + 1}-password-1`);
      const before = canonical(graph);
      const copied = canonical(visibleCopy(graph, rules));
      const found: string[] = [];
      for (const query of WRITES) {
        await Promise.all([reset(original, originalAdmin, graph), reset(copy, copyAdmin, copied)]);
        const [mine, theirs] = await Promise.all([run(original, writer, query), run(copy, copyWriter, query)]);
        const [after, copyAfter] = await Promise.all([snapshot(original, originalAdmin), snapshot(copy, copyAdmin)]);
        const problems: string[] = [];
        if (process.env.ORACLE_DEBUG)
          process.stderr.write(
            `${rules.name} ${query}\n  mine ${JSON.stringify(mine).slice(0, 300)}\n  theirs ${JSON.stringify(theirs).slice(0, 300)}\n  nodes ${before.nodes.length}->${after.nodes.length} copy ${copied.nodes.length}->${copyAfter.nodes.length}\n`,
          );
        if (mine.echoesSecret) problems.push(`the answer shows a hidden value: ${JSON.stringify(mine)}`);
        if (JSON.stringify(mine) !== JSON.stringify(theirs))
          problems.push(`answers differ\n    original: ${JSON.stringify(mine)}\n    copy:     ${JSON.stringify(theirs)}`);
        if (mine.status !== 200) {
          tally.refused++;
          if (JSON.stringify(after) !== JSON.stringify(before)) problems.push(`refused ${mine.status} ${mine.code}, but the graph changed`);
        } else {
          tally.answered++;
          const [seen, copySeen] = [canonical(visibleCopy(after, rules)), canonical(visibleCopy(copyAfter, rules))];
          if (JSON.stringify(seen) !== JSON.stringify(copySeen))
            problems.push(
              `the visible graphs differ\n    writer: ${diffSummary(seen, copySeen)}\n    copy:   ${diffSummary(copySeen, seen)}`,
            );
        }
        problems.push(...hiddenChanges(before, after, rules));
        const known = Object.entries(KNOWN).find(([key]) => `${rules.name}: ${query}`.startsWith(key));
        if (problems.length && !known) found.push(`${query}\n  ${problems.join('\n  ')}`);
      }
      expect(found).toEqual([]);
    },
    240_000,
  );
});

/** The elements of `a` that `b` does not have alike, for a failure message. */
function diffSummary(a: GraphSpec, b: GraphSpec): string {
  const other = new Set([...b.nodes, ...b.relationships].map((e) => JSON.stringify(e)));
  const only = [...a.nodes, ...a.relationships].filter((e) => !other.has(JSON.stringify(e)));
  return only.length ? only.map((e) => JSON.stringify(e)).join(' ') : '(nothing else)';
}
