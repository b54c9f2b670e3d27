import type { CstNode } from '../../src/cypher/parser';
import { parseCypher, rule, rules, nameOf, textOf, unwrap, descendants } from '../../src/cypher/parser';
import { inspect } from 'node:util';
import { computeTemporal } from '../../src/graph/postgres/cypher/functions/temporal-fold';
import type { TypedJson } from '../../src/graph/postgres/cypher/functions/temporal-model';
import { isTypedJson, TemporalError, TemporalUnsupported, toTypedJson } from '../../src/graph/postgres/cypher/functions/temporal-model';

/**
 * The TCK's setup queries (`And having executed:`, the named graphs) interpreted here, on a graph
 * in memory, so that the graph can be loaded through the REST API (Cypher cannot write on the
 * PostgreSQL backend). The subset the reading scenarios use: CREATE of patterns (variables,
 * labels, types, property maps of expressions), UNWIND, MATCH of fixed-length patterns with
 * WHERE, WITH (items, `*`, collect(), count()), DELETE / DETACH DELETE. Expressions: literals,
 * variables, properties, + - * / %, comparisons, AND OR XOR NOT, label tests, subscripts,
 * range(), size(), toString(). Anything else throws SetupUnsupported.
 */
export class SetupUnsupported extends Error {}

export class Int {
  constructor(readonly v: bigint) {}
}
export class MapValue {
  constructor(readonly v: Map<string, Value>) {}
}
/** A temporal value, in the typed JSON of docs/values.md (computed by the translator's temporal functions). */
export class TypedValue {
  constructor(readonly v: TypedJson) {}
}
export class MemNode {
  deleted = false;
  constructor(
    readonly key: number,
    readonly labels: string[],
    readonly props: Map<string, Value>,
  ) {}
}
export class MemRel {
  deleted = false;
  constructor(
    readonly key: number,
    readonly type: string,
    readonly start: MemNode,
    readonly end: MemNode,
    readonly props: Map<string, Value>,
  ) {}
}
export type Value = null | boolean | number | string | Int | MapValue | TypedValue | MemNode | MemRel | Value[];

export interface MemGraph {
  nodes: MemNode[];
  rels: MemRel[];
}

type Row = Map<string, Value>;

const unsupported = (what: string, node?: CstNode): never => {
  throw new SetupUnsupported(`${what}${node ? ` (${textOf(node).trim().slice(0, 60)})` : ''}`);
};

function unescapeString(raw: string): string {
  const body = raw.slice(1, -1);
  return body.replace(/\\(u[0-9a-fA-F]{4}|.)/g, (_, c: string) => {
    if (c.length === 5) return String.fromCharCode(parseInt(c.slice(1), 16));
    const map: Record<string, string> = { n: '\n', t: '\t', r: '\r', b: '\b', f: '\f', '\\': '\\', "'": "'", '"': '"' };
    if (!(c in map)) unsupported(`escape \\${c}`);
    return map[c];
  });
}

function truthy(v: Value): boolean | null {
  if (v === null) return null;
  if (typeof v !== 'boolean') unsupported('a non-boolean condition');
  return v as boolean;
}

function num(v: Value): number | bigint {
  if (v instanceof Int) return v.v;
  if (typeof v === 'number') return v;
  return unsupported('arithmetic on a non-number');
}

function arith(op: string, a: Value, b: Value): Value {
  if (a === null || b === null) return null;
  if (op === '+') {
    if (typeof a === 'string' || typeof b === 'string') {
      const s = (x: Value) =>
        typeof x === 'string'
          ? x
          : x instanceof Int
            ? x.v.toString()
            : typeof x === 'number'
              ? String(x)
              : unsupported('string + non-scalar');
      return s(a) + s(b);
    }
    if (Array.isArray(a) || Array.isArray(b)) return [...(Array.isArray(a) ? a : [a]), ...(Array.isArray(b) ? b : [b])];
  }
  const x = num(a);
  const y = num(b);
  if (typeof x === 'bigint' && typeof y === 'bigint') {
    if ((op === '/' || op === '%') && y === 0n) unsupported('division by zero');
    const r =
      op === '+'
        ? x + y
        : op === '-'
          ? x - y
          : op === '*'
            ? x * y
            : op === '/'
              ? x / y
              : op === '%'
                ? x % y
                : unsupported(`operator ${op}`);
    return new Int(r);
  }
  const fx = Number(x);
  const fy = Number(y);
  return op === '+'
    ? fx + fy
    : op === '-'
      ? fx - fy
      : op === '*'
        ? fx * fy
        : op === '/'
          ? fx / fy
          : op === '%'
            ? fx % fy
            : op === '^'
              ? fx ** fy
              : unsupported(`operator ${op}`);
}

function equals(a: Value, b: Value): boolean | null {
  if (a === null || b === null) return null;
  if ((a instanceof Int || typeof a === 'number') && (b instanceof Int || typeof b === 'number'))
    return Number(num(a)) === Number(num(b)) && (!(a instanceof Int && b instanceof Int) || a.v === b.v);
  if (typeof a !== 'object' && typeof b !== 'object') return a === b;
  if (a instanceof MemNode || a instanceof MemRel || b instanceof MemNode || b instanceof MemRel) return a === b;
  return unsupported('comparing lists or maps');
}

function compare(op: string, a: Value, b: Value): boolean | null {
  if (op === '=') return equals(a, b);
  if (op === '<>') {
    const e = equals(a, b);
    return e === null ? null : !e;
  }
  if (a === null || b === null) return null;
  let c: number;
  if ((a instanceof Int || typeof a === 'number') && (b instanceof Int || typeof b === 'number')) {
    const x = num(a);
    const y = num(b);
    c = x < y ? -1 : x > y ? 1 : 0;
  } else if (typeof a === 'string' && typeof b === 'string') c = a < b ? -1 : a > b ? 1 : 0;
  else return unsupported('ordering these values');
  return op === '<' ? c < 0 : op === '<=' ? c <= 0 : op === '>' ? c > 0 : op === '>=' ? c >= 0 : unsupported(`comparison ${op}`);
}

const meaningful = (n: CstNode) => n.children.filter((c) => !c.space && !(c.rule === null && c.token === ''));

class Interpreter {
  graph: MemGraph = { nodes: [], rels: [] };
  private nextKey = 0;
  /** The rows of the group whose aggregates are being computed (WITH with collect() / count()). */
  private groupRows: Row[] | null = null;

  run(query: string): void {
    let parsed;
    try {
      parsed = parseCypher(query);
    } catch (error) {
      return unsupported(`unreadable setup: ${(error as Error).message}`);
    }
    const singles = descendants(parsed.root, 'singleQuery');
    if (singles.length !== 1 || descendants(parsed.root, 'union').length) unsupported('UNION in a setup');
    let rows: Row[] = [new Map()];
    for (const clause of rules(singles[0])) {
      const c = clause.rule === 'clause' ? unwrap(clause) : clause;
      rows = this.clause(c, rows);
    }
  }

  private clause(c: CstNode, rows: Row[]): Row[] {
    switch (c.rule) {
      case 'createClause': {
        const pattern = rule(c, 'pattern') ?? unsupported('CREATE without a pattern', c);
        return rows.map((row) => {
          const next = new Map(row);
          for (const part of rules(pattern, 'patternPart')) this.create(part, next);
          return next;
        });
      }
      case 'unwindClause': {
        const expr = rule(c, 'expression')!;
        const variable = nameOf(rule(c, 'variable')!);
        const out: Row[] = [];
        for (const row of rows) {
          const list = this.eval(expr, row);
          if (list === null) continue;
          for (const item of Array.isArray(list) ? list : [list]) out.push(new Map(row).set(variable, item));
        }
        return out;
      }
      case 'matchClause': {
        if (/^\s*OPTIONAL/i.test(textOf(c))) unsupported('OPTIONAL MATCH', c);
        const pattern = rule(c, 'pattern')!;
        const where = rule(c, 'where');
        const out: Row[] = [];
        for (const row of rows) {
          for (const m of this.match(rules(pattern, 'patternPart'), row)) {
            if (!where || truthy(this.eval(rule(where, 'expression')!, m)) === true) out.push(m);
          }
        }
        return out;
      }
      case 'withClause':
        return this.with(c, rows);
      case 'deleteClause': {
        const detach = /^\s*DETACH/i.test(textOf(c));
        for (const row of rows) {
          for (const e of rules(c, 'expression')) {
            const v = this.eval(e, row);
            if (v instanceof MemRel) v.deleted = true;
            else if (v instanceof MemNode) {
              const attached = this.graph.rels.filter((r) => !r.deleted && (r.start === v || r.end === v));
              if (attached.length && !detach) unsupported('DELETE of a node with relationships');
              attached.forEach((r) => (r.deleted = true));
              v.deleted = true;
            } else if (v !== null) unsupported('DELETE of a non-element', e);
          }
        }
        return rows;
      }
      default:
        return unsupported(`clause ${c.rule}`, c);
    }
  }

  private with(c: CstNode, rows: Row[]): Row[] {
    const body = rule(c, 'returnBody') ?? c;
    if (rule(body, 'order') || rule(body, 'skip') || rule(body, 'limit')) unsupported('ORDER BY / SKIP / LIMIT in a setup', c);
    if (/^\s*WITH\s+DISTINCT/i.test(textOf(c))) unsupported('WITH DISTINCT', c);
    const items = rule(body, 'returnItems') ?? unsupported('WITH without items', c);
    const star = meaningful(items).some((t) => t.rule === null && t.token === '*');
    const list = rules(items, 'returnItem').map((item) => {
      const expr = rule(item, 'expression')!;
      const alias = rule(item, 'variable');
      const name = alias ? nameOf(alias) : textOf(expr).trim();
      const aggregate =
        descendants(expr, 'functionInvocation').some((f) =>
          /^(collect|count)$/i.test(textOf(rule(f, 'functionInvocationBody') ?? f).trim()),
        ) || /count\s*\(\s*\*\s*\)/i.test(textOf(expr));
      return { expr, name, aggregate };
    });
    let out: Row[];
    if (!list.some((i) => i.aggregate)) {
      out = rows.map((row) => {
        const next: Row = star ? new Map(row) : new Map();
        for (const i of list) next.set(i.name, this.eval(i.expr, row));
        return next;
      });
    } else {
      if (star) unsupported('WITH * with aggregation', c);
      const groups = new Map<string, { key: Row; rows: Row[] }>();
      const keyItems = list.filter((i) => !i.aggregate);
      for (const row of rows) {
        const key: Row = new Map(keyItems.map((i) => [i.name, this.eval(i.expr, row)]));
        const id = [...key.values()].map((v) => this.identity(v)).join('\u0000');
        if (!groups.has(id)) groups.set(id, { key, rows: [] });
        groups.get(id)!.rows.push(row);
      }
      if (groups.size === 0 && keyItems.length === 0) groups.set('', { key: new Map(), rows: [] });
      out = [...groups.values()].map((g) => {
        const next = new Map(g.key);
        for (const i of list.filter((x) => x.aggregate)) {
          // The grouping keys are the same in every row of the group: any row reads them.
          this.groupRows = g.rows;
          try {
            next.set(i.name, this.eval(i.expr, g.rows[0] ?? new Map()));
          } finally {
            this.groupRows = null;
          }
        }
        return next;
      });
    }
    const where = rule(c, 'where');
    return where ? out.filter((row) => truthy(this.eval(rule(where, 'expression')!, row)) === true) : out;
  }

  private aggregate(u: CstNode, fname: string): Value {
    const rows = this.groupRows;
    if (!rows) return unsupported(`${fname}() outside WITH`, u);
    if (/\bDISTINCT\b/i.test(textOf(u))) unsupported('DISTINCT aggregation', u);
    this.groupRows = null;
    try {
      if (u.rule === 'atom') return new Int(BigInt(rows.length));
      const arg = rules(u, 'expression')[0];
      const values = rows.map((r) => this.eval(arg, r)).filter((v) => v !== null);
      return fname === 'collect' ? values : new Int(BigInt(values.length));
    } finally {
      this.groupRows = rows;
    }
  }

  private identity(v: Value): string {
    if (v instanceof MemNode) return `n${v.key}`;
    if (v instanceof MemRel) return `r${v.key}`;
    if (v instanceof Int) return `i${v.v}`;
    if (typeof v === 'number') return `f${v}`;
    if (Array.isArray(v)) return `[${v.map((x) => this.identity(x)).join(',')}]`;
    if (v instanceof MapValue) return `{${[...v.v].map(([k, x]) => `${k}:${this.identity(x)}`).join(',')}}`;
    return JSON.stringify(v);
  }

  /** A pattern's property map (null values left out: a null property is no property). */
  private props(node: CstNode | undefined, row: Row): Map<string, Value> {
    if (!node) return new Map();
    const map = rule(node, 'mapLiteral') ?? unsupported('a property map that is not a literal', node);
    const out = this.entries(map, row);
    for (const [k, v] of out) if (v === null) out.delete(k);
    return out;
  }

  private entries(map: CstNode, row: Row): Map<string, Value> {
    const out = new Map<string, Value>();
    for (const entry of rules(map, 'literalEntry'))
      out.set(nameOf(rule(entry, 'propertyKeyName')!), this.eval(rule(entry, 'expression')!, row));
    return out;
  }

  private labels(node: CstNode): string[] {
    const labels = rule(node, 'nodeLabels');
    return labels ? descendants(labels, 'labelName').map(nameOf) : [];
  }

  private element(part: CstNode): CstNode {
    if (rule(part, 'variable')) unsupported('a named path in a setup', part);
    let el = rule(part, 'anonymousPatternPart') ?? part;
    el = rule(el, 'patternElement') ?? unsupported('shortestPath in a setup', part);
    while (!rule(el, 'nodePattern') && rule(el, 'patternElement')) el = rule(el, 'patternElement')!;
    return el;
  }

  private relDetail(rp: CstNode) {
    const detail = rule(rp, 'relationshipDetail');
    const left = descendants(rp, 'leftArrowHead').length > 0;
    const right = descendants(rp, 'rightArrowHead').length > 0;
    if (detail && rule(detail, 'rangeLiteral')) unsupported('a variable-length relationship in a setup', rp);
    const variable = detail && rule(detail, 'variable') ? nameOf(rule(detail, 'variable')!) : undefined;
    const types =
      detail && rule(detail, 'relationshipTypes') ? descendants(rule(detail, 'relationshipTypes')!, 'relTypeName').map(nameOf) : [];
    return { detail, variable, types, dir: left && !right ? 'in' : right && !left ? 'out' : 'both' };
  }

  private createNode(np: CstNode, row: Row): MemNode {
    const v = rule(np, 'variable');
    const name = v ? nameOf(v) : undefined;
    if (name !== undefined && row.has(name)) {
      const bound = row.get(name);
      if (!(bound instanceof MemNode)) return unsupported('a bound variable that is not a node', np);
      if (rule(np, 'nodeLabels') || rule(np, 'properties')) unsupported('labels or properties on a bound node', np);
      return bound;
    }
    const node = new MemNode(this.nextKey++, this.labels(np), this.props(rule(np, 'properties'), row));
    this.graph.nodes.push(node);
    if (name !== undefined) row.set(name, node);
    return node;
  }

  private create(part: CstNode, row: Row): void {
    const el = this.element(part);
    let left = this.createNode(rule(el, 'nodePattern')!, row);
    for (const chain of rules(el, 'patternElementChain')) {
      const right = this.createNode(rule(chain, 'nodePattern')!, row);
      const { detail, variable, types, dir } = this.relDetail(rule(chain, 'relationshipPattern')!);
      if (types.length !== 1 || dir === 'both') unsupported('a relationship without one type and a direction', chain);
      if (variable !== undefined && row.has(variable)) unsupported('a bound relationship variable in CREATE', chain);
      const [s, e] = dir === 'out' ? [left, right] : [right, left];
      const rel = new MemRel(this.nextKey++, types[0], s, e, this.props(detail ? rule(detail, 'properties') : undefined, row));
      this.graph.rels.push(rel);
      if (variable !== undefined) row.set(variable, rel);
      left = right;
    }
  }

  private nodeMatches(np: CstNode, node: MemNode, row: Row): boolean {
    if (node.deleted) return false;
    if (!this.labels(np).every((l) => node.labels.includes(l))) return false;
    for (const [k, v] of this.props(rule(np, 'properties'), row)) if (equals(node.props.get(k) ?? null, v) !== true) return false;
    return true;
  }

  private *match(parts: CstNode[], row: Row, used: Set<MemRel> = new Set()): Generator<Row> {
    if (parts.length === 0) {
      yield row;
      return;
    }
    const el = this.element(parts[0]);
    const steps = rules(el, 'patternElementChain');
    const bindNode = (np: CstNode, node: MemNode, r: Row): Row | null => {
      const v = rule(np, 'variable');
      const name = v ? nameOf(v) : undefined;
      if (name !== undefined && r.has(name)) return r.get(name) === node ? r : null;
      if (!this.nodeMatches(np, node, r)) return null;
      return name === undefined ? r : new Map(r).set(name, node);
    };
    const self = this; // eslint-disable-line @typescript-eslint/no-this-alias -- a generator cannot be an arrow function: walk reaches the interpreter through self
    function* walk(i: number, at: MemNode, r: Row): Generator<Row> {
      if (i === steps.length) {
        yield* self.match(parts.slice(1), r, used);
        return;
      }
      const { detail, variable, types, dir } = self.relDetail(rule(steps[i], 'relationshipPattern')!);
      const np = rule(steps[i], 'nodePattern')!;
      for (const rel of self.graph.rels) {
        if (rel.deleted || used.has(rel) || (types.length && !types.includes(rel.type))) continue;
        const ends: MemNode[] = [];
        if (dir !== 'in' && rel.start === at) ends.push(rel.end);
        if (dir !== 'out' && rel.end === at) ends.push(rel.start);
        for (const other of ends) {
          let next: Row | null = r;
          for (const [k, v] of self.props(detail ? rule(detail, 'properties') : undefined, r))
            if (equals(rel.props.get(k) ?? null, v) !== true) next = null;
          if (!next) continue;
          if (variable !== undefined) {
            if (next.has(variable)) {
              if (next.get(variable) !== rel) continue;
            } else next = new Map(next).set(variable, rel);
          }
          next = bindNode(np, other, next);
          if (!next) continue;
          used.add(rel);
          yield* walk(i + 1, other, next);
          used.delete(rel);
        }
      }
    }
    const first = rule(el, 'nodePattern')!;
    for (const node of this.graph.nodes) {
      const r = bindNode(first, node, row);
      if (r) yield* walk(0, node, r);
    }
  }

  eval(expr: CstNode, row: Row): Value {
    const u = unwrap(expr);
    const parts = meaningful(u);
    switch (u.rule) {
      case 'symbolicName': {
        const name = nameOf(u);
        if (!row.has(name)) unsupported(`variable ${name} not bound`);
        return row.get(name)!;
      }
      case 'integerLiteral': {
        const t = textOf(u).trim();
        const neg = t.startsWith('-');
        const body = neg ? t.slice(1) : t;
        const v = /^0[0-7]+$/.test(body) ? BigInt(`0o${body.slice(1)}`) : /^0o/i.test(body) ? BigInt(body) : BigInt(body);
        return new Int(neg ? -v : v);
      }
      case 'doubleLiteral':
        return Number(textOf(u).trim());
      case 'stringLiteral':
        return unescapeString(textOf(u).trim());
      case 'booleanLiteral':
        return /^true$/i.test(textOf(u).trim());
      case 'literal':
        if (/^null$/i.test(textOf(u).trim())) return null;
        return unsupported('literal', u);
      case 'listLiteral':
        return rules(u, 'expression').map((e) => this.eval(e, row));
      case 'mapLiteral':
        return new MapValue(this.entries(u, row));
      case 'parenthesizedExpression':
        return this.eval(rule(u, 'expression')!, row);
      case 'propertyOrLabelsExpression': {
        let v = this.eval(parts[0], row);
        for (const p of parts.slice(1)) {
          if (p.rule === 'propertyLookup') {
            const key = nameOf(rule(p, 'propertyKeyName')!);
            if (v === null) continue;
            if (v instanceof MemNode || v instanceof MemRel) v = v.props.get(key) ?? null;
            else if (v instanceof MapValue) v = v.v.get(key) ?? null;
            else return unsupported('property of a non-element', p);
          } else if (p.rule === 'nodeLabels' || p.rule === 'nodeLabel') {
            const labels = p.rule === 'nodeLabel' ? [nameOf(rule(p, 'labelName')!)] : descendants(p, 'labelName').map(nameOf);
            if (v === null) return null;
            if (!(v instanceof MemNode)) return unsupported('a label test of a non-node', p);
            const node = v;
            v = labels.every((l) => node.labels.includes(l));
          } else return unsupported('expression', p);
        }
        return v;
      }
      case 'orExpression':
      case 'xorExpression':
      case 'andExpression': {
        const operands = parts.filter((p) => p.rule !== null).map((p) => truthy(this.eval(p, row)));
        return operands.reduce((a, b) => {
          if (u.rule === 'andExpression') return a === false || b === false ? false : a === null || b === null ? null : true;
          if (u.rule === 'orExpression') return a === true || b === true ? true : a === null || b === null ? null : false;
          return a === null || b === null ? null : a !== b;
        });
      }
      case 'notExpression': {
        let v = truthy(this.eval(parts[parts.length - 1], row));
        for (let i = 0; i < parts.length - 1; i++) v = v === null ? null : !v;
        return v;
      }
      case 'comparisonExpression': {
        let left = this.eval(parts[0], row);
        let result: boolean | null = true;
        for (const p of parts.slice(1)) {
          const op = meaningful(p)[0].token!;
          const right = this.eval(meaningful(p)[1], row);
          const r = compare(op, left, right);
          result = result === false || r === false ? false : result === null || r === null ? null : true;
          left = right;
        }
        return result;
      }
      case 'addOrSubtractExpression':
      case 'multiplyDivideModuloExpression':
      case 'powerOfExpression': {
        let v = this.eval(parts[0], row);
        for (let i = 1; i + 1 < parts.length; i += 2) v = arith(parts[i].token!, v, this.eval(parts[i + 1], row));
        return v;
      }
      case 'unaryAddOrSubtractExpression': {
        let v = this.eval(parts[parts.length - 1], row);
        for (const p of parts.slice(0, -1))
          if (p.token === '-')
            v = v === null ? null : v instanceof Int ? new Int(-v.v) : typeof v === 'number' ? -v : unsupported('minus of a non-number', u);
        return v;
      }
      case 'stringListNullOperatorExpression': {
        let v = this.eval(parts[0], row);
        for (let i = 1; i < parts.length;) {
          const t = (parts[i].token ?? '').toUpperCase();
          if (t === '[') {
            if (parts[i + 2]?.token !== ']') unsupported('a slice in a setup', u);
            const index = this.eval(parts[i + 1], row);
            i += 3;
            if (v === null || index === null) {
              v = null;
              continue;
            }
            if (!Array.isArray(v) || !(index instanceof Int)) return unsupported('a subscript of a non-list', u);
            const list = v;
            const n = Number(index.v);
            v = (n < 0 ? list[list.length + n] : list[n]) ?? null;
          } else if (t === 'IS') {
            const not = (parts[i + 1].token ?? '').toUpperCase() === 'NOT';
            v = not ? v !== null : v === null;
            i += not ? 3 : 2;
          } else return unsupported('an operator in a setup', u);
        }
        return v;
      }
      case 'atom':
        if (/^count\s*\(\s*\*\s*\)$/i.test(textOf(u).trim())) return this.aggregate(u, 'count');
        return unsupported('expression', u);
      case 'functionInvocation': {
        const fname = textOf(rule(u, 'functionInvocationBody')!).trim().toLowerCase();
        if (fname === 'collect' || fname === 'count') return this.aggregate(u, fname);
        const args = rules(u, 'expression').map((e) => this.eval(e, row));
        const temporal = /^(date|localtime|time|localdatetime|datetime|duration)(\.\w+)?$/.exec(fname);
        if (temporal) return temporalValue(temporal[1], temporal[2]?.slice(1), args, u);
        if (fname === 'range') {
          const [a, b, s] = args;
          const step = s === undefined ? 1n : (s as Int).v;
          if (!(a instanceof Int) || !(b instanceof Int) || step === 0n) return unsupported('range() of non-integers', u);
          const out: Value[] = [];
          for (let x = a.v; step > 0n ? x <= b.v : x >= b.v; x += step) out.push(new Int(x));
          return out;
        }
        if (fname === 'size') {
          const [a] = args;
          if (a === null) return null;
          if (Array.isArray(a)) return new Int(BigInt(a.length));
          if (typeof a === 'string') return new Int(BigInt([...a].length));
          return unsupported('size() of this value', u);
        }
        if (fname === 'tostring') {
          const [a] = args;
          if (a === null || typeof a === 'string') return a;
          if (a instanceof Int) return a.v.toString();
          return unsupported('toString() of this value', u);
        }
        return unsupported(`function ${fname}`, u);
      }
      default:
        return unsupported(`expression ${u.rule}`, u);
    }
  }
}

/** A temporal function of setup values (the translator's own computation of it). */
function temporalValue(kind: string, fname: string | undefined, args: Value[], at: CstNode): Value {
  const json = (v: Value): unknown => {
    if (v instanceof Int) return Number(v.v);
    if (v instanceof TypedValue) return v.v;
    if (v instanceof MapValue) return Object.fromEntries([...v.v].map(([k, x]) => [k, json(x)]));
    if (v === null || typeof v === 'number' || typeof v === 'string') return v;
    return unsupported('a temporal function of this value', at);
  };
  try {
    const value = fname ? computeTemporal(kind, fname, args.map(json)) : computeTemporal('', kind, args.map(json));
    return value === null ? null : new TypedValue(toTypedJson(value));
  } catch (error) {
    if (error instanceof TemporalError || error instanceof TemporalUnsupported) return unsupported(`${kind}(): ${error.message}`, at);
    throw error;
  }
}

/** Runs the setup queries in order on an empty graph in memory; the graph they leave (deleted elements left out). */
export function interpretSetup(queries: string[]): MemGraph {
  const interpreter = new Interpreter();
  for (const q of queries) interpreter.run(q);
  const { nodes, rels } = interpreter.graph;
  return { nodes: nodes.filter((n) => !n.deleted), rels: rels.filter((r) => !r.deleted) };
}

/** A property value as JSON text for the REST API (exact integers; floats keep a decimal point). */
export function valueToJson(v: Value): string {
  if (v === null || typeof v === 'boolean') return String(v);
  if (typeof v === 'string') return JSON.stringify(v);
  if (v instanceof Int) return v.v.toString();
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) throw new SetupUnsupported('a non-finite float property');
    return Number.isInteger(v) && Math.abs(v) < 1e21 ? `${v}.0` : String(v);
  }
  if (Array.isArray(v)) return `[${v.map(valueToJson).join(',')}]`;
  if (v instanceof TypedValue && isTypedJson(v.v)) return JSON.stringify(v.v);
  if (v instanceof MapValue) throw new SetupUnsupported('a map as a property value');
  throw new SetupUnsupported('a node or relationship as a property value');
}

/** A canonical text of the graph: two setups that leave the same graph share one load. */
export function graphSignature(g: MemGraph): string {
  const index = new Map(g.nodes.map((n, i) => [n, i]));
  const props = (p: Map<string, Value>) => [...p].map(([k, v]) => `${JSON.stringify(k)}:${valueToJsonLoose(v)}`).join(',');
  return JSON.stringify([
    g.nodes.map((n) => `${n.labels.join(':')}{${props(n.props)}}`),
    g.rels.map((r) => `${index.get(r.start)}-${r.type}{${props(r.props)}}->${index.get(r.end)}`),
  ]);
}

function valueToJsonLoose(v: Value): string {
  try {
    return valueToJson(v);
  } catch {
    return `?${inspect(v)}`;
  }
}
