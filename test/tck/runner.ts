import fs from 'node:fs';
import path from 'node:path';
import type { Scenario, Json, Match } from './support';
import {
  TCK_ROOT,
  parseFeature,
  featureFiles,
  readNeo4jOutcomes,
  parseTckValue,
  tckValueToJson,
  parseJsonExact,
  readExpectedTable,
  matchResult,
} from './support';
import type { MemGraph } from './setup';
import { interpretSetup, graphSignature, valueToJson, SetupUnsupported } from './setup';

/**
 * The openCypher TCK through the service: each scenario's graph is built from its setup queries
 * (interpreted in memory by setup.ts, loaded with POST /data/nodes and POST /data/relationships),
 * its query is sent to POST /data/cypher, and the answer is compared as the TCK specifies.
 * The graph stays loaded while consecutive scenarios build the same one (a query that may write
 * and was answered makes the next scenario reload). The side effects are compared with the
 * answer's sideEffects (every one the TCK does not list is 0); a control query runs after an
 * answered query and its rows are compared as the TCK says.
 * The reference is the TCK's own expectation (where Neo4j 3.5.5 disagrees, its outcome from
 * neo4j-3.5.5-outcomes.tsv is only shown beside). An expected error counts as passed when the
 * service answers a 4xx of a roughly matching kind (errorKindMatches), whatever its detail.
 */

/** The reading folders of the TCK (the scope of the ratchet). */
export const READING_FOLDERS = [
  'clauses/match',
  'clauses/match-where',
  'clauses/return',
  'clauses/return-orderby',
  'clauses/return-skip-limit',
  'clauses/unwind',
  'clauses/with',
  'clauses/with-orderBy',
  'clauses/with-skip-limit',
  'clauses/with-where',
  'expressions',
  'useCases',
];

/** The writing-clause folders (issue 22), run by default with the reading ones. */
export const WRITING_FOLDERS = ['clauses/create', 'clauses/delete', 'clauses/merge', 'clauses/remove', 'clauses/set'];

export type Outcome =
  | 'passed'
  /** An error was expected and the service answered an error of a matching kind. */
  | 'passed-error'
  /** 400 CYPHER_UNSUPPORTED (writing clauses included). */
  | 'refused'
  /** The rows are right except integral floats written as integers (the values issue). */
  | 'float-as-integer'
  /** A 200 answer with other rows (or an answer where an error was expected). */
  | 'wrong-answer'
  /**
   * Neo4j 3.5.5's answer where the TCK expects an error, for the scenarios of NEO4J_ANSWERS only
   * (issue 22: where the TCK and Neo4j 3.5.5 disagree, either is acceptable). Neither passed nor failed.
   */
  | 'neo4j-answer'
  /** A 4xx error other than a refusal where the TCK expects rows. */
  | 'error-instead-of-answer'
  /** A 4xx error of another kind than the expected one. */
  | 'error-kind-mismatch'
  | '5xx'
  /** The setup could not be interpreted or loaded through the REST API. */
  | 'skipped-setup'
  /** A step the runner does not support (procedures, control queries). */
  | 'skipped-step';

/**
 * Scenarios where the service gives Neo4j 3.5.5's answer, not the TCK's error: `size()` of a pattern
 * (List6 [6], failed on Neo4j 3.5.5, which counts the pattern's matches as the service does on both
 * backends; test/api/cypher-postgres.test.ts checks the counts).
 */
const NEO4J_ANSWERS = (key: string) => key.startsWith('expressions/list/List6.feature\t[6] Fail for `size()` on pattern predicates #');

export const PASSED: ReadonlySet<Outcome> = new Set(['passed', 'passed-error']);
export const FAILED: ReadonlySet<Outcome> = new Set([
  'float-as-integer',
  'wrong-answer',
  'error-instead-of-answer',
  'error-kind-mismatch',
  '5xx',
]);

export interface ScenarioResult {
  feature: string;
  name: string;
  /** `clauses/match`, `expressions/list`, `useCases/triadicSelection`. */
  folder: string;
  outcome: Outcome;
  /** Why, for everything but a pass. */
  detail?: string;
  query?: string;
  /** Whether the TCK expected an error. */
  errorExpected?: boolean;
  /** passed / failed / skipped on Neo4j 3.5.5, undefined when the name is not in the outcomes file. */
  neo4j?: string;
  ms: number;
}

export interface HttpAnswer {
  status: number;
  text: string;
}

/** Sends one request as an administrator; the body is JSON text (exact integers). */
export type Http = (method: 'post' | 'delete', url: string, jsonBody?: string) => Promise<HttpAnswer>;

export const scenarioKey = (r: { feature: string; name: string }) => `${r.feature}\t${r.name}`;

/** Error kinds of the TCK and the problem codes that count as them. */
function errorKindMatches(kind: string, code: string): boolean {
  if (kind === 'SyntaxError') return code === 'CYPHER_SYNTAX_ERROR' || code === 'CYPHER_ERROR';
  if (kind === 'ParameterMissing') return code === 'CYPHER_PARAMETER_MISSING' || code === 'CYPHER_ERROR';
  // A value no property can hold (a map, a list of lists or of mixed kinds): the service's portable-values refusal.
  if (kind === 'TypeError') return code === 'CYPHER_ERROR' || code === 'PROPERTY_VALUE_NOT_PORTABLE';
  return code === 'CYPHER_ERROR';
}

interface RowsExpectation {
  kind: 'rows';
  table: string[][] | null;
  ordered: boolean;
  unorderedLists: boolean;
}

/** The TCK's side-effect names and the fields of the answer's sideEffects. */
const SIDE_EFFECTS: Record<string, string> = {
  '+nodes': 'nodesCreated',
  '-nodes': 'nodesDeleted',
  '+relationships': 'relationshipsCreated',
  '-relationships': 'relationshipsDeleted',
  '+labels': 'labelsAdded',
  '-labels': 'labelsRemoved',
  '+properties': 'propertiesSet',
  '-properties': 'propertiesRemoved',
};

/** Why the answered side effects differ from the expected ones (every one not listed is 0), or undefined. */
function sideEffectsDiffer(expected: string[][], answered: Record<string, unknown> | undefined): string | undefined {
  const want = new Map(expected.map(([k, n]) => [k, Number(n)]));
  // The answer is read with exact numbers ({ raw } objects).
  const count = (v: unknown) =>
    typeof v === 'number' ? v : v && typeof v === 'object' && 'raw' in v ? Number((v as { raw: string }).raw) : 0;
  const wrong = Object.entries(SIDE_EFFECTS)
    .map(([tck, field]) => [tck, want.get(tck) ?? 0, count(answered?.[field])] as const)
    .filter(([, w, got]) => w !== got);
  return wrong.length ? `side effects: ${wrong.map(([tck, w, got]) => `${tck} ${got} instead of ${w}`).join(', ')}` : undefined;
}

const WRITES = /\b(CREATE|MERGE|SET|DELETE|REMOVE|FOREACH)\b/i;

async function pool<T, R>(items: T[], size: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(size, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await work(items[i]);
      }
    }),
  );
  return out;
}

const codeOf = (text: string): string => {
  try {
    const code = (JSON.parse(text) as { code?: unknown }).code;
    return typeof code === 'string' ? code : '';
  } catch {
    return '';
  }
};

/** Setups larger than this are skipped: loading them one element per request takes minutes. */
export const MAX_SETUP_ELEMENTS = 1000;

/** A scenario that needs no graph, whose query cannot write and that has no control query. */
function independent(s: Scenario): boolean {
  const query = s.steps.find((st) => st.text === 'executing query:')?.docString;
  return (
    query !== undefined &&
    !WRITES.test(query) &&
    !s.steps.some((st) => st.text === 'having executed:' || st.text === 'executing control query:' || /^the \S+ graph$/.test(st.text))
  );
}

const EMPTY_SIGNATURE = graphSignature({ nodes: [], rels: [] });

export class TckRunner {
  /** Node ids created by the runner and not deleted yet. */
  private loadedIds: string[] = [];
  private loadedSignature = EMPTY_SIGNATURE;
  /** A query that may have written was answered, or a load failed half-way. */
  private dirty = false;
  private readonly neo4j: Map<string, string>;

  constructor(
    private readonly http: Http,
    private readonly root = TCK_ROOT,
    private readonly concurrency = 4,
  ) {
    this.neo4j = readNeo4jOutcomes(root);
  }

  scenarios(folders: string[]): Scenario[] {
    return folders.flatMap((folder) =>
      featureFiles(this.root, folder).flatMap((file) =>
        parseFeature(fs.readFileSync(path.join(this.root, 'features', file), 'utf8'), file),
      ),
    );
  }

  /**
   * Runs the scenarios in order. Consecutive scenarios that need no graph and whose query cannot
   * write run `parallel` at a time on the empty graph (the others one by one).
   */
  async runAll(folders: string[], parallel = 2): Promise<ScenarioResult[]> {
    const all = this.scenarios(folders);
    const results: ScenarioResult[] = [];
    for (let i = 0; i < all.length;) {
      let j = i;
      while (j < all.length && independent(all[j])) j++;
      if (j > i) {
        await this.load({ nodes: [], rels: [] });
        results.push(...(await pool(all.slice(i, j), parallel, (s) => this.run(s))));
        i = j;
      } else results.push(await this.run(all[i++]));
    }
    await this.clear();
    return results;
  }

  private async clear(): Promise<void> {
    if (this.dirty) {
      // A write may have added nodes the runner does not know: list them all.
      for (let round = 0; round < 100; round++) {
        const answer = await this.http(
          'post',
          '/data/cypher',
          JSON.stringify({ query: 'MATCH (n) RETURN id(n) AS id LIMIT 1000', params: {} }),
        );
        if (answer.status !== 200)
          throw new Error(`cannot list the graph's nodes to empty it: ${answer.status} ${answer.text.slice(0, 300)}`);
        const rows = (parseJsonExact(answer.text) as { rows: Json[][] }).rows;
        const ids = rows.map((r) => (r[0] as { raw: string }).raw);
        if (!ids.length) break;
        this.loadedIds.push(...ids);
        await this.deleteLoaded();
      }
    }
    await this.deleteLoaded();
    this.loadedSignature = EMPTY_SIGNATURE;
    this.dirty = false;
  }

  private async deleteLoaded(): Promise<void> {
    const ids = [...new Set(this.loadedIds)];
    await pool(ids, this.concurrency, async (id) => {
      const answer = await this.http('delete', `/data/nodes/${id}`);
      if (answer.status !== 200 && answer.status !== 404)
        throw new Error(`cannot delete node ${id}: ${answer.status} ${answer.text.slice(0, 300)}`);
    });
    this.loadedIds = [];
  }

  private async load(graph: MemGraph): Promise<void> {
    const signature = graphSignature(graph);
    if (signature === this.loadedSignature && !this.dirty) return;
    await this.clear();
    if (graph.nodes.length + graph.rels.length > MAX_SETUP_ELEMENTS) {
      throw new SetupUnsupported(
        `${graph.nodes.length} nodes and ${graph.rels.length} relationships: more than ${MAX_SETUP_ELEMENTS} elements to load one request each`,
      );
    }
    this.dirty = true;
    const bodies = graph.nodes.map(
      (n) =>
        `{"labels":${JSON.stringify(n.labels)},"properties":{${[...n.props].map(([k, v]) => `${JSON.stringify(k)}:${valueToJson(v)}`).join(',')}}}`,
    );
    const relBodies = graph.rels.map((r) => ({
      r,
      props: `{${[...r.props].map(([k, v]) => `${JSON.stringify(k)}:${valueToJson(v)}`).join(',')}}`,
    }));
    const ids = await pool(bodies, this.concurrency, async (body) => {
      const answer = await this.http('post', '/data/nodes', body);
      if (answer.status !== 201) return { error: `POST /data/nodes ${body.slice(0, 120)}: ${answer.status} ${codeOf(answer.text)}` };
      const id = String((JSON.parse(answer.text) as { id: string }).id);
      this.loadedIds.push(id);
      return { id };
    });
    const failed = ids.find((x) => 'error' in x);
    if (failed && 'error' in failed) throw new SetupUnsupported(failed.error);
    const idOf = new Map(graph.nodes.map((n, i) => [n, (ids[i] as { id: string }).id]));
    const rels = await pool(relBodies, this.concurrency, async ({ r, props }) => {
      const body = `{"type":${JSON.stringify(r.type)},"startNodeId":${JSON.stringify(idOf.get(r.start))},"endNodeId":${JSON.stringify(idOf.get(r.end))},"properties":${props}}`;
      const answer = await this.http('post', '/data/relationships', body);
      return answer.status === 201 ? '' : `POST /data/relationships ${body.slice(0, 120)}: ${answer.status} ${codeOf(answer.text)}`;
    });
    const relError = rels.find((x) => x);
    if (relError) throw new SetupUnsupported(relError);
    this.loadedSignature = signature;
    this.dirty = false;
  }

  async run(s: Scenario): Promise<ScenarioResult> {
    const started = Date.now();
    const folder = s.feature.split('/').slice(0, 2).join('/');
    const base = { feature: s.feature, name: s.name, folder, neo4j: this.neo4j.get(scenarioKey(s)) };
    const done = (outcome: Outcome, detail?: string, extra: Partial<ScenarioResult> = {}): ScenarioResult => ({
      ...base,
      ...extra,
      outcome,
      detail,
      ms: Date.now() - started,
    });

    const setup: string[] = [];
    let params = '{}';
    let query: string | undefined;
    /** Run after a query that writes, to read what it wrote: only when the query was answered as expected. */
    let controlQuery: string | undefined;
    let expectation:
      | { kind: 'rows'; table: string[][] | null; ordered: boolean; unorderedLists: boolean }
      | { kind: 'error'; error: string; phase: string; detail: string }
      | undefined;
    let sideEffects: string[][] | null = null;
    let main: { expectation: typeof expectation; sideEffects: string[][] | null } | undefined;
    for (const step of s.steps) {
      const t = step.text;
      let m: RegExpExecArray | null;
      if (t === 'an empty graph' || t === 'any graph') continue;
      if ((m = /^the (\S+) graph$/.exec(t))) {
        const file = path.join(this.root, 'graphs', m[1], `${m[1]}.cypher`);
        if (!fs.existsSync(file)) return done('skipped-setup', `no graph ${m[1]}`);
        setup.push(fs.readFileSync(file, 'utf8'));
      } else if (t === 'having executed:' && step.docString !== undefined) setup.push(step.docString);
      else if (t === 'parameters are:' && step.table) {
        try {
          params = `{${step.table.map(([k, v]) => `${JSON.stringify(k)}:${tckValueToJson(parseTckValue(v))}`).join(',')}}`;
        } catch (error) {
          return done('skipped-step', `parameters: ${(error as Error).message}`);
        }
      } else if (t === 'executing query:' && step.docString !== undefined) query = step.docString;
      else if (t === 'executing control query:' && step.docString !== undefined) {
        // The expectations so far are the query's; the ones after belong to the control query.
        controlQuery = step.docString;
        main = { expectation, sideEffects };
        expectation = undefined;
        sideEffects = null;
      } else if (
        (m = /^the result should be(, in any order|, in order)?( \(ignoring element order for lists\))?:$/.exec(t)) &&
        step.table
      ) {
        expectation = { kind: 'rows', table: step.table, ordered: m[1] === ', in order', unorderedLists: !!m[2] };
      } else if (t === 'the result should be empty') expectation = { kind: 'rows', table: null, ordered: false, unorderedLists: false };
      else if ((m = /^an? (\w+) should be raised at ([\w ]+): (.*)$/.exec(t)))
        expectation = { kind: 'error', error: m[1], phase: m[2], detail: m[3] };
      else if (t === 'no side effects') sideEffects = [];
      else if (t === 'the side effects should be:' && step.table) sideEffects = step.table;
      else return done('skipped-step', `step "${step.keyword} ${t}"`);
    }
    const control = main ? { query: controlQuery!, expectation } : undefined;
    if (main) ({ expectation, sideEffects } = main);
    if (query === undefined || expectation === undefined) return done('skipped-step', 'no query or no expectation');
    if (control && control.expectation?.kind !== 'rows') return done('skipped-step', 'a control query without expected rows');
    const q = query;
    const extra = { query: q, errorExpected: expectation.kind === 'error' };

    let graph: MemGraph;
    try {
      graph = interpretSetup(setup);
      await this.load(graph);
    } catch (error) {
      if (error instanceof SetupUnsupported) return done('skipped-setup', error.message, extra);
      throw error;
    }

    let answer = await this.http('post', '/data/cypher', `{"query":${JSON.stringify(q)},"params":${params}}`);
    // 429: the two parallel queries met another one; CYPHER_TOO_COMPLEX: the parse outran its
    // time limit on a loaded machine (the limit counts wall time). Both are asked again.
    for (let retry = 0; (answer.status === 429 && retry < 50) || (retry < 6 && codeOf(answer.text) === 'CYPHER_TOO_COMPLEX'); retry++) {
      await new Promise((resolve) => setTimeout(resolve, answer.status === 429 ? 200 : 500 * (retry + 1)));
      answer = await this.http('post', '/data/cypher', `{"query":${JSON.stringify(q)},"params":${params}}`);
    }
    if (answer.status === 200 && WRITES.test(q)) this.dirty = true;
    const code = answer.status === 200 ? '' : codeOf(answer.text);
    const problem = () => `${answer.status} ${code}: ${answer.text.slice(0, 300)}`;
    if (answer.status >= 500) return done('5xx', problem(), extra);
    if (answer.status !== 200 && code === 'CYPHER_UNSUPPORTED') return done('refused', problem(), extra);

    if (expectation.kind === 'error') {
      const expected = `${expectation.error} at ${expectation.phase}: ${expectation.detail}`;
      if (answer.status === 200 && this.neo4j.get(scenarioKey(s)) === 'failed' && NEO4J_ANSWERS(scenarioKey(s)))
        return done('neo4j-answer', `Neo4j 3.5.5's answer where ${expected} was expected: ${answer.text.slice(0, 300)}`, extra);
      if (answer.status === 200)
        return done('wrong-answer', `answered where ${expected} was expected: ${answer.text.slice(0, 300)}`, extra);
      if (errorKindMatches(expectation.error, code)) return done('passed-error', undefined, extra);
      return done('error-kind-mismatch', `${expected} expected, ${problem()}`, extra);
    }

    if (answer.status !== 200) return done('error-instead-of-answer', problem(), extra);
    const compared = this.compare(answer.text, expectation, sideEffects);
    if (compared.outcome !== 'passed' || !control) return done(compared.outcome, compared.detail, extra);
    const checked = await this.http('post', '/data/cypher', `{"query":${JSON.stringify(control.query)},"params":{}}`);
    if (checked.status !== 200)
      return done('error-instead-of-answer', `control query: ${checked.status} ${checked.text.slice(0, 300)}`, extra);
    const again = this.compare(checked.text, control.expectation as RowsExpectation, null);
    return done(again.outcome, again.detail && `control query: ${again.detail}`, extra);
  }

  /** An answer (200) against the expected rows and side effects (null: not checked). */
  private compare(text: string, expectation: RowsExpectation, sideEffects: string[][] | null): { outcome: Outcome; detail?: string } {
    const body = parseJsonExact(text) as unknown as {
      columns: string[];
      rows: Json[][];
      truncated: boolean;
      sideEffects?: Record<string, number>;
    };
    if (body.truncated) return { outcome: 'wrong-answer', detail: 'truncated answer' };
    let match: Match;
    let why: string | undefined;
    if (expectation.table === null) {
      match = body.rows.length === 0 ? 'exact' : 'no';
      why = match === 'no' ? `${body.rows.length} rows instead of none` : undefined;
    } else {
      let expected;
      try {
        expected = readExpectedTable(expectation.table);
      } catch (error) {
        return { outcome: 'skipped-step', detail: `expected table: ${(error as Error).message}` };
      }
      ({ match, why } = matchResult(expected, body.columns, body.rows, expectation));
    }
    const effects = sideEffects === null ? undefined : sideEffectsDiffer(sideEffects, body.sideEffects);
    if (match !== 'no' && effects) {
      match = 'no';
      why = effects;
    }
    const got = () =>
      `${why}; got ${JSON.stringify({ columns: body.columns, rows: body.rows }, (_k, v: unknown) => (v && typeof v === 'object' && 'raw' in v ? Number((v as { raw: string }).raw) : v)).slice(0, 400)}`;
    if (match === 'exact') return { outcome: 'passed' };
    if (match === 'floatAsInteger') return { outcome: 'float-as-integer', detail: 'integral floats answered as integers' };
    return { outcome: 'wrong-answer', detail: got() };
  }
}

// ---------------------------------------------------------------------------------------------
// Reports and the ratchet

export function ratchetOf(results: ScenarioResult[]): string[] {
  return results
    .filter((r) => PASSED.has(r.outcome))
    .map(scenarioKey)
    .sort();
}

export function readRatchet(file: string): string[] {
  if (!fs.existsSync(file)) return [];
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l && !l.startsWith('#'));
}

/** The ratchet of these results and the entries `kept` (of folders not run), sorted as one list (a partial rewrite's diff shows only what changed). */
export function writeRatchet(file: string, results: ScenarioResult[], header: string, kept: string[] = []): void {
  fs.writeFileSync(
    file,
    `${header
      .split('\n')
      .map((l) => `# ${l}`)
      .join('\n')}\n${[...new Set([...ratchetOf(results), ...kept])].sort().join('\n')}\n`,
  );
}

/** Per-folder (or per-feature file) table: passed / failed / refused / skipped, Neo4j 3.5.5's passes, both, and the time. */
export function summaryTable(
  results: ScenarioResult[],
  backend: string,
  groupBy: (r: ScenarioResult) => string = (r) => r.folder,
  label = 'folder',
): string {
  const folders = [...new Set(results.map(groupBy))];
  const head = [label, 'total', 'passed', '(errors)', 'failed', '(float-int)', 'refused', 'skipped', 'neo4j-pass', 'both-pass', 'sec(sum)'];
  const rows: string[][] = [];
  const line = (name: string, rs: ScenarioResult[]) =>
    [
      name,
      rs.length,
      rs.filter((r) => PASSED.has(r.outcome)).length,
      rs.filter((r) => r.outcome === 'passed-error').length,
      rs.filter((r) => FAILED.has(r.outcome)).length,
      rs.filter((r) => r.outcome === 'float-as-integer').length,
      rs.filter((r) => r.outcome === 'refused').length,
      rs.filter((r) => r.outcome.startsWith('skipped')).length,
      rs.filter((r) => r.neo4j === 'passed').length,
      rs.filter((r) => r.neo4j === 'passed' && PASSED.has(r.outcome)).length,
      (rs.reduce((a, r) => a + r.ms, 0) / 1000).toFixed(1),
    ].map(String);
  for (const f of folders)
    rows.push(
      line(
        f,
        results.filter((r) => groupBy(r) === f),
      ),
    );
  rows.push(line(`total (${backend})`, results));
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const fmt = (r: string[]) => r.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  const outcomes = new Map<string, number>();
  for (const r of results) outcomes.set(r.outcome, (outcomes.get(r.outcome) ?? 0) + 1);
  const unknown = results.filter((r) => r.neo4j === undefined).length;
  return [
    fmt(head),
    ...rows.map(fmt),
    `outcomes: ${[...outcomes].map(([k, v]) => `${k} ${v}`).join(', ')}`,
    `refused where an error was expected: ${results.filter((r) => r.outcome === 'refused' && r.errorExpected).length}; scenarios missing from neo4j-3.5.5-outcomes.tsv: ${unknown}`,
  ].join('\n');
}

/** The failures (all but refusals and skips), grouped by outcome, for reading. */
export function failureReport(results: ScenarioResult[], limit = 400): string {
  const lines: string[] = [];
  for (const r of results.filter((x) => FAILED.has(x.outcome)).slice(0, limit)) {
    lines.push(
      `[${r.outcome}] ${r.feature} | ${r.name} (neo4j: ${r.neo4j ?? '?'})\n    ${(r.query ?? '').replace(/\s+/g, ' ').slice(0, 200)}\n    ${r.detail ?? ''}`,
    );
  }
  return lines.join('\n');
}
