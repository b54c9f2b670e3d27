import fs from 'node:fs';
import path from 'node:path';

/**
 * What the TCK runner (runner.ts) needs besides the service: the Gherkin subset of the openCypher
 * TCK's feature files, the TCK's value syntax, an exact reading of the service's JSON answers
 * (integers beyond 2^53 and "1" against "1.0") and the TCK's comparison of results.
 * The setup queries are interpreted by setup.ts.
 */

/** The TCK beside the repository (../shared/opencypher-tck); never copied into it. */
export const TCK_ROOT = path.resolve(__dirname, '../../../shared/opencypher-tck');

export function assertTckPresent(root = TCK_ROOT): void {
  if (!fs.existsSync(path.join(root, 'features'))) {
    throw new Error(
      `The openCypher TCK is missing at ${root}: the TCK test reads ../shared/opencypher-tck beside the repository (features/, graphs/, neo4j-3.5.5-outcomes.tsv), which CI always provides. Do not copy it into the repository.`,
    );
  }
}

// ---------------------------------------------------------------------------------------------
// Gherkin (the subset the TCK uses)

export interface Step {
  keyword: string;
  /** The step's text after its keyword (`an empty graph`, `executing query:`). */
  text: string;
  docString?: string;
  table?: string[][];
}

export interface Scenario {
  /** Feature path relative to features/ (`clauses/match/Match1.feature`). */
  feature: string;
  /** As in neo4j-3.5.5-outcomes.tsv: an Outline's n-th example row is named `<name> #n`. */
  name: string;
  line: number;
  tags: string[];
  steps: Step[];
}

const STEP = /^(Given|When|Then|And|But)\s+(.*)$/;

function tableCells(line: string): string[] {
  const inner = line.trim().replace(/^\|/, '').replace(/\|$/, '');
  const cells: string[] = [];
  let cell = '';
  for (let i = 0; i < inner.length; i++) {
    const c = inner[i];
    if (c === '\\' && i + 1 < inner.length) {
      const n = inner[++i];
      cell += n === '|' ? '|' : n === 'n' ? '\n' : n === '\\' ? '\\' : `\\${n}`;
    } else if (c === '|') {
      cells.push(cell.trim());
      cell = '';
    } else cell += c;
  }
  cells.push(cell.trim());
  return cells;
}

interface RawScenario {
  name: string;
  outline: boolean;
  line: number;
  tags: string[];
  steps: Step[];
  examples: string[][][];
}

/** Parses one feature file; Scenario Outlines come out expanded, one scenario per example row. */
export function parseFeature(text: string, feature: string): Scenario[] {
  const lines = text.split(/\r?\n/);
  const raw: RawScenario[] = [];
  let background: Step[] = [];
  let steps: Step[] | null = null;
  let current: RawScenario | null = null;
  let table: string[][] | null = null;
  let tags: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const trimmed = line.trim();
    if (trimmed.startsWith('"""')) {
      const indent = line.indexOf('"""');
      const body: string[] = [];
      for (i++; i < lines.length && !lines[i].trim().startsWith('"""'); i++)
        body.push(lines[i].slice(Math.min(indent, lines[i].length - lines[i].trimStart().length)));
      const last = steps?.[steps.length - 1];
      if (last) last.docString = body.join('\n');
      table = null;
      continue;
    }
    if (trimmed === '' || trimmed.startsWith('#')) continue;
    if (trimmed.startsWith('@')) {
      tags.push(...trimmed.split(/\s+/));
      continue;
    }
    if (trimmed.startsWith('|')) {
      const cells = tableCells(trimmed);
      if (!table) {
        table = [];
        if (current && current.examples.length && steps === null) current.examples[current.examples.length - 1] = table;
        else {
          const last = steps?.[steps.length - 1];
          if (last) last.table = table;
        }
      }
      table.push(cells);
      continue;
    }
    table = null;
    let m: RegExpExecArray | null;
    if (/^Feature:/.test(trimmed)) {
      tags = [];
      continue;
    }
    if (/^Background:/.test(trimmed)) {
      background = [];
      steps = background;
      continue;
    }
    if ((m = /^Scenario( Outline| Template)?:\s*(.*)$/.exec(trimmed))) {
      current = { name: m[2].trim(), outline: !!m[1], line: i + 1, tags, steps: background.map((s) => ({ ...s })), examples: [] };
      tags = [];
      raw.push(current);
      steps = current.steps;
      continue;
    }
    if (/^(Examples|Scenarios):/.test(trimmed)) {
      if (current) current.examples.push([]);
      steps = null;
      continue;
    }
    if ((m = STEP.exec(trimmed))) {
      steps?.push({ keyword: m[1], text: m[2].trim() });
      continue;
    }
  }
  const out: Scenario[] = [];
  for (const s of raw) {
    if (!s.outline) {
      out.push({ feature, name: s.name, line: s.line, tags: s.tags, steps: s.steps });
      continue;
    }
    let n = 0;
    for (const examples of s.examples) {
      const [header, ...rows] = examples;
      for (const row of rows) {
        n++;
        const sub = (t: string) =>
          t.replace(/<([^<>\s]+)>/g, (whole, key: string) => (header.includes(key) ? row[header.indexOf(key)] : whole));
        out.push({
          feature,
          name: `${sub(s.name)} #${n}`,
          line: s.line,
          tags: s.tags,
          steps: s.steps.map((st) => ({
            keyword: st.keyword,
            text: sub(st.text),
            docString: st.docString === undefined ? undefined : sub(st.docString),
            table: st.table?.map((r) => r.map(sub)),
          })),
        });
      }
    }
  }
  return out;
}

/** Feature files under features/<folder>, sorted by path. */
export function featureFiles(root: string, folder: string): string[] {
  const dir = path.join(root, 'features', folder);
  if (!fs.existsSync(dir)) throw new Error(`No TCK folder ${folder} under ${path.join(root, 'features')}`);
  const walk = (d: string): string[] =>
    fs
      .readdirSync(d, { withFileTypes: true })
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
      .flatMap((e) => (e.isDirectory() ? walk(path.join(d, e.name)) : e.name.endsWith('.feature') ? [path.join(d, e.name)] : []));
  return walk(dir).map((f) => path.relative(path.join(root, 'features'), f).split(path.sep).join('/'));
}

/** neo4j-3.5.5-outcomes.tsv: `feature\tscenario` -> passed | failed | skipped. */
export function readNeo4jOutcomes(root = TCK_ROOT): Map<string, string> {
  const out = new Map<string, string>();
  const lines = fs.readFileSync(path.join(root, 'neo4j-3.5.5-outcomes.tsv'), 'utf8').split('\n').slice(1);
  for (const line of lines) {
    const [outcome, feature, scenario] = line.split('\t');
    if (scenario !== undefined) out.set(`${feature}\t${scenario}`, outcome);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Values: the TCK's syntax, and the service's JSON read exactly

export type TckValue =
  | { k: 'null' }
  | { k: 'bool'; v: boolean }
  | { k: 'int'; v: bigint }
  | { k: 'float'; v: number }
  | { k: 'string'; v: string }
  | { k: 'list'; v: TckValue[] }
  | { k: 'map'; v: Map<string, TckValue> }
  | { k: 'node'; labels: string[]; props: Map<string, TckValue> }
  | { k: 'rel'; type: string; props: Map<string, TckValue> }
  | { k: 'path'; nodes: Array<Extract<TckValue, { k: 'node' }>>; rels: Array<{ rel: Extract<TckValue, { k: 'rel' }>; forward: boolean }> };

export class TckValueSyntaxError extends Error {}

/** Reads one value in the TCK's syntax (`1`, `1.0`, `'a'`, `[..]`, `{k: v}`, `(:L {k: v})`, `[:T]`, `<(a)-[:T]->(b)>`). */
export function parseTckValue(text: string): TckValue {
  let i = 0;
  const fail = (what: string): never => {
    throw new TckValueSyntaxError(`${what} at ${i} in TCK value ${JSON.stringify(text)}`);
  };
  const ws = () => {
    while (i < text.length && /\s/.test(text[i])) i++;
  };
  const eat = (s: string) => {
    ws();
    if (text.startsWith(s, i)) {
      i += s.length;
      return true;
    }
    return false;
  };
  const expect = (s: string) => {
    if (!eat(s)) fail(`expected ${s}`);
  };
  const name = (): string => {
    ws();
    if (text[i] === '`') {
      const end = text.indexOf('`', i + 1);
      if (end < 0) fail('unterminated name');
      const n = text.slice(i + 1, end);
      i = end + 1;
      return n;
    }
    const m = /^[A-Za-z_][A-Za-z0-9_]*/.exec(text.slice(i));
    if (!m) fail('expected a name');
    i += m![0].length;
    return m![0];
  };
  const props = (): Map<string, TckValue> => {
    const out = new Map<string, TckValue>();
    ws();
    if (text[i] !== '{') return out;
    i++;
    if (eat('}')) return out;
    do {
      const key = name();
      expect(':');
      out.set(key, value());
    } while (eat(','));
    expect('}');
    return out;
  };
  const node = (): Extract<TckValue, { k: 'node' }> => {
    expect('(');
    const labels: string[] = [];
    while (eat(':')) labels.push(name());
    const p = props();
    expect(')');
    return { k: 'node', labels, props: p };
  };
  const rel = (): Extract<TckValue, { k: 'rel' }> => {
    expect('[');
    expect(':');
    const type = name();
    const p = props();
    expect(']');
    return { k: 'rel', type, props: p };
  };
  const str = (): string => {
    const quote = text[i++];
    let out = '';
    while (i < text.length && text[i] !== quote) {
      if (text[i] === '\\') {
        const c = text[++i];
        const map: Record<string, string> = { n: '\n', t: '\t', r: '\r', b: '\b', f: '\f', '\\': '\\', "'": "'", '"': '"' };
        if (c === 'u') {
          out += String.fromCharCode(parseInt(text.slice(i + 1, i + 5), 16));
          i += 5;
          continue;
        }
        out += map[c] ?? `\\${c}`;
        i++;
      } else out += text[i++];
    }
    if (text[i] !== quote) fail('unterminated string');
    i++;
    return out;
  };
  const value = (): TckValue => {
    ws();
    const c = text[i];
    if (c === "'" || c === '"') return { k: 'string', v: str() };
    if (c === '(') return node();
    if (c === '<') {
      i++;
      const nodes = [node()];
      const rels: Array<{ rel: Extract<TckValue, { k: 'rel' }>; forward: boolean }> = [];
      for (;;) {
        ws();
        if (eat('>')) break;
        if (eat('<-')) {
          const r = rel();
          expect('-');
          rels.push({ rel: r, forward: false });
        } else {
          expect('-');
          const r = rel();
          expect('->');
          rels.push({ rel: r, forward: true });
        }
        nodes.push(node());
      }
      return { k: 'path', nodes, rels };
    }
    if (c === '[') {
      const save = i;
      i++;
      ws();
      if (text[i] === ':') {
        i = save;
        return rel();
      }
      const items: TckValue[] = [];
      if (!eat(']')) {
        do items.push(value());
        while (eat(','));
        expect(']');
      }
      return { k: 'list', v: items };
    }
    if (c === '{') {
      return { k: 'map', v: props() };
    }
    const rest = text.slice(i);
    let m: RegExpExecArray | null;
    if ((m = /^(null|true|false)\b/.exec(rest))) {
      i += m[0].length;
      return m[1] === 'null' ? { k: 'null' } : { k: 'bool', v: m[1] === 'true' };
    }
    if ((m = /^-?(NaN|Infinity)\b/.exec(rest))) {
      i += m[0].length;
      return { k: 'float', v: Number(m[0]) };
    }
    if ((m = /^-?(\d+\.\d*|\.\d+|\d+(?=[eE]))([eE][+-]?\d+)?/.exec(rest))) {
      i += m[0].length;
      return { k: 'float', v: Number(m[0]) };
    }
    if ((m = /^-?0x[0-9a-fA-F]+/.exec(rest))) {
      i += m[0].length;
      const neg = m[0].startsWith('-');
      const v = BigInt(m[0].replace('-', ''));
      return { k: 'int', v: neg ? -v : v };
    }
    if ((m = /^-?\d+/.exec(rest))) {
      i += m[0].length;
      return { k: 'int', v: BigInt(m[0]) };
    }
    return fail('unexpected character');
  };
  const v = value();
  ws();
  if (i !== text.length) fail('trailing text');
  return v;
}

/** A TCK value as the JSON text of a parameter (exact integers; no nodes or relationships). */
export function tckValueToJson(v: TckValue): string {
  switch (v.k) {
    case 'null':
      return 'null';
    case 'bool':
      return String(v.v);
    case 'int':
      return v.v.toString();
    case 'float':
      if (!Number.isFinite(v.v)) throw new TckValueSyntaxError('a non-finite float cannot be sent as JSON');
      return Number.isInteger(v.v) && Math.abs(v.v) < 1e21 ? `${v.v}.0` : String(v.v);
    case 'string':
      return JSON.stringify(v.v);
    case 'list':
      return `[${v.v.map(tckValueToJson).join(',')}]`;
    case 'map':
      return `{${[...v.v].map(([k, x]) => `${JSON.stringify(k)}:${tckValueToJson(x)}`).join(',')}}`;
    default:
      throw new TckValueSyntaxError(`a ${v.k} cannot be sent as a parameter`);
  }
}

/** A number of a JSON answer, with its text as written (`1`, `1.0`, `9223372036854775807`). */
export class JsonNumber {
  constructor(readonly raw: string) {}
  get isInteger(): boolean {
    return /^-?\d+$/.test(this.raw);
  }
}

export type Json = null | boolean | string | JsonNumber | Json[] | { [key: string]: Json };

/** JSON.parse that keeps every number's text (the service writes exact 64-bit integers). */
export function parseJsonExact(text: string): Json {
  let i = 0;
  const ws = () => {
    while (i < text.length && (text[i] === ' ' || text[i] === '\n' || text[i] === '\t' || text[i] === '\r')) i++;
  };
  const value = (): Json => {
    ws();
    const c = text[i];
    if (c === '{') {
      i++;
      const out: { [key: string]: Json } = {};
      ws();
      if (text[i] === '}') {
        i++;
        return out;
      }
      for (;;) {
        ws();
        const key = value();
        if (typeof key !== 'string') throw new SyntaxError(`JSON key expected at ${i}`);
        ws();
        if (text[i++] !== ':') throw new SyntaxError(`: expected at ${i}`);
        out[key] = value();
        ws();
        if (text[i] === ',') i++;
        else if (text[i] === '}') {
          i++;
          return out;
        } else throw new SyntaxError(`, or } expected at ${i}`);
      }
    }
    if (c === '[') {
      i++;
      const out: Json[] = [];
      ws();
      if (text[i] === ']') {
        i++;
        return out;
      }
      for (;;) {
        out.push(value());
        ws();
        if (text[i] === ',') i++;
        else if (text[i] === ']') {
          i++;
          return out;
        } else throw new SyntaxError(`, or ] expected at ${i}`);
      }
    }
    if (c === '"') {
      const start = i;
      i++;
      while (text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
      i++;
      return JSON.parse(text.slice(start, i)) as string;
    }
    const m = /^(-?\d+(\.\d+)?([eE][+-]?\d+)?|true|false|null)/.exec(text.slice(i, i + 400));
    if (!m) throw new SyntaxError(`JSON value expected at ${i}`);
    i += m[0].length;
    if (m[0] === 'true' || m[0] === 'false') return m[0] === 'true';
    if (m[0] === 'null') return null;
    return new JsonNumber(m[0]);
  };
  const out = value();
  ws();
  if (i !== text.length) throw new SyntaxError(`trailing JSON at ${i}`);
  return out;
}

// ---------------------------------------------------------------------------------------------
// Comparison as the TCK specifies

/** no: different; exact: equal; floatAsInteger: equal except integral floats written as integers. */
export type Match = 'no' | 'exact' | 'floatAsInteger';

const worst = (a: Match, b: Match): Match =>
  a === 'no' || b === 'no' ? 'no' : a === 'floatAsInteger' || b === 'floatAsInteger' ? 'floatAsInteger' : 'exact';

const isObject = (a: Json): a is { [key: string]: Json } =>
  typeof a === 'object' && a !== null && !Array.isArray(a) && !(a instanceof JsonNumber);

function sameFloat(a: number, b: number): boolean {
  if (Number.isNaN(a) && Number.isNaN(b)) return true;
  if (a === b) return true;
  return Math.abs(a - b) <= 1e-12 * Math.max(Math.abs(a), Math.abs(b));
}

function matchProps(expected: Map<string, TckValue>, actual: Json, unordered: boolean): Match {
  if (!isObject(actual)) return 'no';
  const keys = Object.keys(actual);
  if (keys.length !== expected.size) return 'no';
  let m: Match = 'exact';
  for (const [k, v] of expected) {
    if (!(k in actual)) return 'no';
    m = worst(m, matchValue(v, actual[k], unordered));
    if (m === 'no') return m;
  }
  return m;
}

function matchNode(e: Extract<TckValue, { k: 'node' }>, a: Json, unordered: boolean): Match {
  if (!isObject(a) || !Array.isArray(a.labels) || typeof a.id !== 'string') return 'no';
  const labels = a.labels;
  if (labels.length !== e.labels.length || !e.labels.every((l) => labels.includes(l))) return 'no';
  return matchProps(e.props, a.properties, unordered);
}

function matchRel(e: Extract<TckValue, { k: 'rel' }>, a: Json, unordered: boolean): Match {
  if (!isObject(a) || a.type !== e.type || typeof a.startNodeId !== 'string') return 'no';
  return matchProps(e.props, a.properties, unordered);
}

/** Pairs expected and actual items as bags: exact pairs first, then the float-as-integer ones. */
function matchBag<E, A>(expected: E[], actual: A[], match: (e: E, a: A) => Match): Match {
  if (expected.length !== actual.length) return 'no';
  const used = new Array<boolean>(actual.length).fill(false);
  const open: E[] = [];
  for (const e of expected) {
    const j = actual.findIndex((a, k) => !used[k] && match(e, a) === 'exact');
    if (j < 0) open.push(e);
    else used[j] = true;
  }
  for (const e of open) {
    const j = actual.findIndex((a, k) => !used[k] && match(e, a) !== 'no');
    if (j < 0) return 'no';
    used[j] = true;
  }
  return open.length ? 'floatAsInteger' : 'exact';
}

const TYPED = ['Date', 'Time', 'LocalTime', 'OffsetDateTime', 'ZonedDateTime', 'LocalDateTime', 'Duration', 'Point'];

function isTyped(a: Json): a is { $type: string; _value: string } {
  return isObject(a) && Object.keys(a).length === 2 && TYPED.includes(a.$type as string) && typeof a._value === 'string';
}

export function matchValue(e: TckValue, a: Json, unorderedLists = false): Match {
  switch (e.k) {
    case 'null':
      return a === null ? 'exact' : 'no';
    case 'bool':
      return a === e.v ? 'exact' : 'no';
    case 'string':
      // The TCK writes a temporal value as its text ('2015-07-21'); the service answers it typed
      // ({"$type": "Date", "_value": "2015-07-21"}, docs/values.md).
      return a === e.v || (isTyped(a) && a._value === e.v) ? 'exact' : 'no';
    case 'int':
      return a instanceof JsonNumber && a.isInteger && BigInt(a.raw) === e.v ? 'exact' : 'no';
    case 'float':
      if (!(a instanceof JsonNumber) || !sameFloat(e.v, Number(a.raw))) return 'no';
      return a.isInteger ? (Number.isInteger(e.v) ? 'floatAsInteger' : 'no') : 'exact';
    case 'list': {
      if (!Array.isArray(a) || a.length !== e.v.length) return 'no';
      if (unorderedLists) return matchBag(e.v, a, (x, y) => matchValue(x, y, true));
      let m: Match = 'exact';
      for (let i = 0; i < e.v.length && m !== 'no'; i++) m = worst(m, matchValue(e.v[i], a[i], unorderedLists));
      return m;
    }
    case 'map':
      return isObject(a) && !('labels' in a && 'id' in a) && !('startNodeId' in a) ? matchProps(e.v, a, unorderedLists) : 'no';
    case 'node':
      return matchNode(e, a, unorderedLists);
    case 'rel':
      return matchRel(e, a, unorderedLists);
    case 'path': {
      if (!isObject(a) || !Array.isArray(a.nodes) || !Array.isArray(a.relationships)) return 'no';
      const nodes = a.nodes;
      const rels = a.relationships;
      if (nodes.length !== e.nodes.length || rels.length !== e.rels.length) return 'no';
      let m: Match = 'exact';
      for (let i = 0; i < nodes.length && m !== 'no'; i++) m = worst(m, matchNode(e.nodes[i], nodes[i], unorderedLists));
      for (let i = 0; i < rels.length && m !== 'no'; i++) {
        m = worst(m, matchRel(e.rels[i].rel, rels[i], unorderedLists));
        const r = rels[i];
        const from = nodes[i];
        const to = nodes[i + 1];
        if (!isObject(r) || !isObject(from) || !isObject(to)) return 'no';
        const [s, t] = e.rels[i].forward ? [from.id, to.id] : [to.id, from.id];
        if (r.startNodeId !== s || r.endNodeId !== t) return 'no';
      }
      return m;
    }
  }
}

export interface ExpectedTable {
  columns: string[];
  rows: TckValue[][];
}

export function readExpectedTable(table: string[][]): ExpectedTable {
  const [columns, ...rows] = table;
  return { columns, rows: rows.map((r) => r.map(parseTckValue)) };
}

/** Compares a result table: as a bag unless ordered; columns by name. */
export function matchResult(
  expected: ExpectedTable,
  columns: string[],
  rows: Json[][],
  options: { ordered: boolean; unorderedLists: boolean },
): { match: Match; why?: string } {
  const sameColumns = columns.length === expected.columns.length && expected.columns.every((c) => columns.includes(c));
  if (!sameColumns) return { match: 'no', why: `columns ${JSON.stringify(columns)} instead of ${JSON.stringify(expected.columns)}` };
  if (rows.length !== expected.rows.length) return { match: 'no', why: `${rows.length} rows instead of ${expected.rows.length}` };
  const index = expected.columns.map((c) => columns.indexOf(c));
  const matchRow = (e: TckValue[], a: Json[]): Match => {
    let m: Match = 'exact';
    for (let c = 0; c < e.length && m !== 'no'; c++) m = worst(m, matchValue(e[c], a[index[c]], options.unorderedLists));
    return m;
  };
  if (options.ordered) {
    let m: Match = 'exact';
    for (let r = 0; r < rows.length && m !== 'no'; r++) m = worst(m, matchRow(expected.rows[r], rows[r]));
    return { match: m, why: m === 'no' ? 'rows differ (in order)' : undefined };
  }
  const m = matchBag(expected.rows, rows, matchRow);
  return { match: m, why: m === 'no' ? 'rows differ' : undefined };
}
