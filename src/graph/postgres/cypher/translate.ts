import { BadRequestError } from '../../../errors';
import { toJsonText } from '../../../exact-json';
import { clauseName, CstNode, descendants, hasToken, nameOf, parseUserQuery, positionOf, rule, rules, textOf, unwrap } from '../../../cypher/parser';
import { and, FALSE, join, or, raw, Sql, sql, TRUE } from '../sql';
import { codePointKey, jsonTypeRank, ScopeSql } from '../sql-filter';
import { postgresRegex } from '../../regex';

/**
 * Cypher → one parameterised SQL statement over graph_nodes / graph_relationships (the READ
 * subset listed in docs/cypher-postgres.md). The query is parsed with the service's one Cypher
 * parser (src/cypher/parser.ts, Neo4j's 3.5 grammar) and compiled clause by clause; each clause
 * is a derived table over the previous one:
 *
 *  - a node or relationship variable is a bigint id column, every other value a jsonb column
 *    (SQL NULL is Cypher's null; no JSON null at the top level of a value);
 *  - MATCH / OPTIONAL MATCH: `[left] join lateral (select <new ids> from graph_nodes n1,
 *    graph_relationships r1, ... where <pattern> and <scope> and case when <scope> then <user
 *    conditions> end) on true`; every node element carries the reader's node rule, every
 *    relationship element its own rule (its ends are node elements of the same pattern), the
 *    user's WHERE is only evaluated where the scope holds (an error cannot reveal a hidden row);
 *    relationships of one MATCH are pairwise distinct (Cypher's relationship uniqueness);
 *  - WITH / RETURN: a projection (GROUP BY the items without aggregate when there is one), then
 *    ORDER BY / SKIP / LIMIT over it with a row number that carries the order to the next clause
 *    (and to collect()); RETURN renders nodes and relationships as the Neo4j backend does;
 *  - UNWIND: jsonb_array_elements with ordinality (the list order is kept).
 * Property access goes through the scope's accessors (a hidden property reads null), labels() and
 * properties() through its projections. Values whose type only shows at run time are checked in
 * SQL: a type error stops the statement (400 CYPHER_ERROR, as Neo4j), a combination the
 * translation does not handle stops it with 400 CYPHER_UNSUPPORTED (gas_cypher_raise). Anything
 * else outside the subset is refused before it runs: 400 CYPHER_UNSUPPORTED naming the construct
 * and its line:column. Never a wrong answer: when unsure, refuse.
 */


/** node / rel: an id column; nodeobj / relobj: the element as its (scope-projected) JSON object; the rest jsonb. */
export type ColumnKind = 'node' | 'rel' | 'value' | 'nodes' | 'rels' | 'path' | 'nodeobj' | 'relobj';

export interface TranslatedCypher {
  statement: Sql;
  columns: string[];
  kinds: ColumnKind[];
}

export function unsupported(node: CstNode, construct: string): BadRequestError {
  return new BadRequestError(
    `${construct} (at ${positionOf(node)}) is not supported by Cypher on the PostgreSQL backend`,
    'CYPHER_UNSUPPORTED',
    { construct, line: node.line, column: node.column },
  );
}

function cypherError(node: CstNode, message: string): BadRequestError {
  return new BadRequestError(`${message} (at ${positionOf(node)})`, 'CYPHER_ERROR', { line: node.line, column: node.column });
}

/** Runtime stop: GCY01 → 400 CYPHER_UNSUPPORTED, GCY02 → 400 CYPHER_ERROR (see run.ts). */
function raise(code: 'GCY01' | 'GCY02', message: string, type: 'jsonb' | 'boolean' | 'int' | 'text'): Sql {
  return sql`gas_cypher_raise(${code}::text, ${message}::text, null::${raw(type)})`;
}

// ---------------------------------------------------------------------------------------------
// Values

type ExprType = 'bool' | 'value' | 'node' | 'rel' | 'nodes' | 'rels' | 'path' | 'pattern' | 'nodeobj' | 'relobj';

interface Expr {
  sql: Sql;
  type: ExprType;
  /** node / rel: the graph row alias (joined on demand). */
  element?: Binding;
  /** A literal or parameter value known when translating. */
  constant?: { value: unknown };
  /** A list or map that may hold null somewhere inside (list equality would be three-valued). */
  nestedNull?: boolean;
  aggregate?: boolean;
  /** A pattern used as an expression: `sql` tells whether it matches, `count` how often. */
  count?: Sql;
  at?: CstNode;
}

interface Binding {
  kind: ColumnKind;
  nestedNull?: boolean;
  /** A value projected from the literal null (`WITH null AS a`): a pattern may use it as a node. */
  nullLiteral?: boolean;
  /** bigint id (node, rel) or jsonb value. */
  sql: Sql;
  /** Alias of the graph_nodes / graph_relationships row (node, rel). */
  alias?: () => string;
}

interface Column {
  name: string;
  kind: ColumnKind;
  /** A value that may be a list or map holding null. */
  nestedNull?: boolean;
  /** Projected from the literal null. */
  nullLiteral?: boolean;
}

interface PatternSql {
  tables: Sql[];
  structural: Sql[];
  scopeParts: Sql[];
  user: Sql[];
  fresh: Array<{ name: string; alias: string; kind: 'node' | 'rel' | 'rels' | 'path'; select?: Sql }>;
}

interface Stage {
  /** A derived table (select ...) with the columns of `vars` (and of `order`). */
  sql: Sql;
  vars: Map<string, Column>;
  /** Columns that give the row order (ascending), empty when unordered. */
  order: string[];
}

/** An integer (a number written without fraction or exponent, within 64 bits); the cast only runs once the text is digits. */
const isInt = (v: Sql) =>
  sql`(case when ${v} is null then null when jsonb_typeof(${v}) = 'number' and (${v})::text ~ '^-{0,1}[0-9]{1,19}$' then (${v})::text::numeric between -9223372036854775808 and 9223372036854775807 else false end)`;

/** A float8 as a jsonb number that keeps a fraction part (1.0, not 1), so it stays a float. */
function floatJson(f: Sql): Sql {
  return sql`(case when to_jsonb(${f})::text ~ '^-{0,1}[0-9]+$' then (to_jsonb(${f})::text || '.0')::jsonb else to_jsonb(${f}) end)`;
}

function literalJson(value: unknown, isFloat = false): Sql {
  if (value === null) return raw('null::jsonb');
  if (isFloat && typeof value === 'number') {
    let text = String(value);
    if (/^-?\d+$/.test(text)) text += '.0';
    return sql`${text}::jsonb`;
  }
  return sql`${toJsonText(value)}::jsonb`;
}

/** The Cypher type name of a literal's value, for type errors. */
function constantTypeName(value: unknown): string {
  if (typeof value === 'string') return 'a String';
  if (typeof value === 'bigint' || (typeof value === 'number' && Number.isInteger(value))) return 'an Integer';
  if (typeof value === 'number') return 'a Float';
  if (Array.isArray(value)) return 'a List';
  return 'a Map';
}

function hasNestedNull(value: unknown): boolean {
  if (Array.isArray(value)) return value.some((v) => v === null || v === undefined || hasNestedNull(v));
  if (value !== null && typeof value === 'object') return Object.values(value as Record<string, unknown>).some((v) => v === null || v === undefined || hasNestedNull(v));
  return false;
}

function unescapeString(node: CstNode, literal: string): string {
  const body = literal.slice(1, -1);
  return body.replace(/\\(u[0-9A-Fa-f]{4}|U[0-9A-Fa-f]{8}|.)/gs, (_m, e: string) => {
    switch (e[0]) {
      case 'u':
      case 'U': {
        // `\u` without its hexadecimal digits, or beyond the last code point: the TCK's
        // InvalidUnicodeLiteral, a syntax error (it was a RangeError and a 500).
        const codePoint = e.length > 1 ? parseInt(e.slice(1), 16) : NaN;
        if (!(codePoint <= 0x10ffff)) {
          throw new BadRequestError(`The query cannot be read at ${positionOf(node)}: invalid unicode literal \\${e}`, 'CYPHER_SYNTAX_ERROR', { line: node.line, column: node.column });
        }
        return String.fromCodePoint(codePoint);
      }
      case 'n':
        return '\n';
      case 't':
        return '\t';
      case 'r':
        return '\r';
      case 'b':
        return '\b';
      case 'f':
        return '\f';
      case '\\':
      case "'":
      case '"':
        return e;
      default:
        throw unsupported(node, `The string escape \\${e}`);
    }
  });
}

// ---------------------------------------------------------------------------------------------

export async function translateCypher(query: string, params: Record<string, unknown>, scope: ScopeSql, maxRows: number, maxDepth = 15): Promise<TranslatedCypher> {
  const parsed = await parseUserQuery(query, 'On the PostgreSQL backend, queries are read with the Cypher 3.5 grammar');
  return new Translator(scope, params ?? {}, maxRows, maxDepth).statement(parsed.root);
}

/** The derived table a clause reads from, with the graph rows of its variables joined on demand. */
class Source {
  readonly alias: string;
  private readonly joins: Sql[] = [];
  private readonly aliases = new Map<string, string>();
  private readonly kinds = new Map<string, 'node' | 'rel'>();

  constructor(
    private readonly t: Translator,
    readonly stage: Stage,
  ) {
    this.alias = t.fresh('s');
  }

  binding(name: string): Binding | undefined {
    const column = this.stage.vars.get(name);
    if (!column) return undefined;
    const ref = raw(`${this.alias}.${column.name}`);
    if (column.kind === 'node' || column.kind === 'rel') {
      return {
        kind: column.kind,
        sql: ref,
        alias: () => {
          let alias = this.aliases.get(name);
          if (!alias) {
            alias = this.t.fresh(column.kind === 'node' ? 'g' : 'h');
            this.aliases.set(name, alias);
            this.kinds.set(alias, column.kind as 'node' | 'rel');
            const table = raw(column.kind === 'node' ? 'graph_nodes' : 'graph_relationships');
            this.joins.push(sql`left join ${table} ${raw(alias)} on ${raw(alias)}.id = ${ref}`);
          }
          return alias;
        },
      };
    }
    return { kind: column.kind, sql: ref, nestedNull: column.nestedNull, nullLiteral: column.nullLiteral };
  }

  bindings(): Map<string, Binding> {
    const out = new Map<string, Binding>();
    for (const name of this.stage.vars.keys()) out.set(name, this.binding(name)!);
    return out;
  }

  /**
   * The visibility of every graph row joined on demand (a null-extended row passes). A condition
   * over these rows is only evaluated where this holds: the planner may push a condition down to
   * the scan of graph_nodes, where it would meet hidden rows, and an error there (a type error)
   * would reveal them.
   */
  guard(): Sql {
    const parts: Sql[] = [];
    for (const [alias, kind] of this.kinds) {
      const visible = kind === 'node' ? this.t.scope.nodeVisible(alias) : this.t.scope.relationshipVisible(alias);
      if (visible !== TRUE) parts.push(sql`(${raw(alias)}.id is null or ${visible})`);
    }
    return and(parts);
  }

  /** `from (<stage>) s <joins>` — call after every expression over it was compiled. */
  from(): Sql {
    return sql`(${this.stage.sql}) ${raw(this.alias)} ${join(this.joins, ' ')}`;
  }

  ref(column: string): Sql {
    return raw(`${this.alias}.${column}`);
  }
}

interface Ctx {
  vars: Map<string, Binding>;
  /** Aggregates are allowed here (a WITH / RETURN item). */
  aggregates: boolean;
  /** Row order of the input (collect() keeps it). */
  order: Sql[];
  /**
   * After WITH / RETURN: a sub-expression written as a projected item (`a.name2`, `count(x)`) reads
   * that item's column, as on Neo4j (`WITH DISTINCT a.name2 AS name WHERE a.name2 = 'B'`, `ORDER BY
   * me.age + count(you.age)`). Keyed by the item's normalised text; not inside a new scope.
   */
  projected?: Map<string, { name: string; binding: Binding }>;
}

class Translator {
  private counter = 0;

  constructor(
    readonly scope: ScopeSql,
    private readonly params: Record<string, unknown>,
    private readonly maxRows: number,
    /** The depth an unbounded variable-length relationship is followed to (graphdb.cypherMaxDepth). */
    private readonly maxDepth = 15,
  ) {}

  fresh(prefix: string): string {
    this.counter += 1;
    return `${prefix}${this.counter}`;
  }

  // -------------------------------------------------------------------------------------------
  // Statement

  statement(root: CstNode): TranslatedCypher {
    const query = rule(root, 'cypherQuery');
    if (!query) throw unsupported(root, 'This input');
    const queryOptions = rule(query, 'queryOptions');
    if (queryOptions && textOf(queryOptions).trim() !== '') throw unsupported(queryOptions, textOf(queryOptions).trim().split(/\s+/)[0].toUpperCase());
    const statement = rule(query, 'statement');
    const inner = statement ? rules(statement)[0] : undefined;
    if (!inner) throw unsupported(query, 'This statement');
    if (inner.rule !== 'query') throw unsupported(inner, 'A schema command');
    const q = rules(inner)[0];
    if (q?.rule !== 'regularQuery') throw unsupported(q ?? inner, q?.rule === 'bulkImportQuery' ? 'USING PERIODIC COMMIT' : q?.rule === 'standaloneCall' ? 'CALL' : 'This statement');
    const first = rule(q, 'singleQuery')!;
    const unions = rules(q, 'union');
    if (unions.length === 0) return this.singleQuery(first, true);
    // UNION ALL: each part keeps its row limit; UNION: the parts whole, then made distinct.
    const all = hasToken(unions[0], 'ALL');
    const mixed = unions.find((u) => hasToken(u, 'ALL') !== all);
    if (mixed) throw cypherError(mixed, 'Invalid combination of UNION and UNION ALL');
    const parts = [this.singleQuery(first, all), ...unions.map((u) => this.singleQuery(rule(u, 'singleQuery')!, all))];
    parts.forEach((part, k) => {
      if (part.columns.length !== parts[0].columns.length || part.columns.some((c, i) => c !== parts[0].columns[i])) {
        throw cypherError(k === 0 ? first : unions[k - 1], 'All sub queries in an UNION must have the same column names');
      }
    });
    const kinds = parts[0].kinds.map((kind, i) => (parts.every((p) => p.kinds[i] === kind) ? kind : 'value'));
    const combined = join(
      parts.map((p) => sql`(${p.statement})`),
      all ? ' union all ' : ' union ',
    );
    return { statement: sql`select * from (${combined}) gas_union limit ${this.maxRows + 1}::bigint`, columns: parts[0].columns, kinds };
  }

  private singleQuery(node: CstNode, limit: boolean): TranslatedCypher {
    let stage: Stage = { sql: raw('select 1 as gas_one'), vars: new Map(), order: [] };
    const clauses = rules(node, 'clause');
    for (let i = 0; i < clauses.length; i++) {
      const clause = rules(clauses[i])[0] ?? clauses[i];
      const last = i === clauses.length - 1;
      switch (clause.rule) {
        case 'matchClause':
          stage = this.match(clause, stage);
          break;
        case 'unwindClause':
          stage = this.unwind(clause, stage);
          break;
        case 'withClause':
          stage = this.projection(clause, stage, false).stage;
          break;
        case 'returnClause': {
          if (!last) throw unsupported(clauses[i + 1], 'A clause after RETURN');
          const projected = this.projection(clause, stage, true);
          return this.render(projected.stage, projected.columns, limit);
        }
        default:
          throw unsupported(clause, clauseName(clause));
      }
    }
    throw unsupported(clauses[clauses.length - 1] ?? node, 'A query that does not end with RETURN');
  }

  // -------------------------------------------------------------------------------------------
  // MATCH / OPTIONAL MATCH

  private match(node: CstNode, stage: Stage): Stage {
    const optional = hasToken(node, 'OPTIONAL');
    const hint = rule(node, 'hint');
    if (hint) throw unsupported(hint, 'USING (index hint)');
    const source = new Source(this, stage);
    const vars = source.bindings();
    const ctx: Ctx = { vars, aggregates: false, order: [] };
    const parts: Array<{ element: CstNode; pathVariable?: CstNode; shortest?: 'one' | 'all' }> = [];
    const patternParts = rules(rule(node, 'pattern')!, 'patternPart');
    const where = rule(node, 'where');
    for (const part of patternParts) {
      const inner = rules(rule(part, 'anonymousPatternPart')!)[0];
      if (inner.rule === 'shortestPathPatternFunction') {
        const all = !!rule(inner, 'allShortestPathFunctionName');
        const fname = all ? 'allShortestPaths' : 'shortestPath';
        const element = rule(inner, 'patternElement');
        const chains = element ? rules(element, 'patternElementChain') : [];
        const detail = chains.length === 1 ? rule(rule(chains[0], 'relationshipPattern')!, 'relationshipDetail') : undefined;
        if (!element || chains.length !== 1 || !detail || !rule(detail, 'rangeLiteral')) throw unsupported(inner, `${fname} of anything but one variable-length relationship`);
        if (patternParts.length > 1) throw unsupported(inner, `${fname} together with other patterns in one MATCH`);
        // Conditions on the path or its relationships restrict Neo4j's search itself: refused.
        const pathNames = [rule(part, 'variable'), rule(detail, 'variable')].filter((v): v is CstNode => !!v).map(nameOf);
        const used = where ? descendants(where, 'variable').map(nameOf) : [];
        if (pathNames.some((name) => used.includes(name))) throw unsupported(where!, `WHERE on the path or relationships of ${fname}`);
        parts.push({ element, pathVariable: rule(part, 'variable'), shortest: all ? 'all' : 'one' });
        continue;
      }
      parts.push({ element: inner, pathVariable: rule(part, 'variable') });
    }
    const { tables, structural, scopeParts, user, fresh } = this.patterns(parts, vars, ctx, true);
    if (where) {
      user.unshift(this.condition(rule(where, 'expression')!, ctx));
      structural.push(...this.equalityProbes(rule(where, 'expression')!, vars, new Set(fresh.map((f) => f.name)), ctx));
    }
    const scopeCondition = and([...scopeParts, source.guard()]);
    const userCondition = and(user);
    const guarded = userCondition === TRUE ? TRUE : scopeCondition === TRUE ? userCondition : sql`(case when ${scopeCondition} then ${userCondition} end)`;
    const condition = and([...structural, and(scopeParts), guarded]);

    const vars2 = new Map(stage.vars);
    const selected: Sql[] = [];
    for (const f of fresh) {
      const column = this.fresh('c');
      selected.push(sql`${f.select ?? raw(`${f.alias}.id`)} as ${raw(column)}`);
      vars2.set(f.name, { name: column, kind: f.kind });
    }
    const m = this.fresh('m');
    const lateral = sql`(select ${selected.length ? join(selected, ', ') : raw('')} from ${join(tables, ', ')} where ${condition}) ${raw(m)}`;
    const columns = [...stage.vars.values()].map((c) => source.ref(c.name)).concat(stage.order.map((o) => source.ref(o)));
    const newColumns = fresh.map((f) => raw(`${m}.${vars2.get(f.name)!.name}`));
    const list = [...columns, ...newColumns];
    const body = sql`select ${list.length ? join(list, ', ') : raw('1 as gas_one')} from ${source.from()} ${raw(optional ? 'left join lateral' : 'join lateral')} ${lateral} on true`;
    return { sql: body, vars: vars2, order: stage.order };
  }

  /**
   * Pattern parts → graph tables and conditions: the structure (ends, labels, types, relationship
   * uniqueness), the scope of every element, the user's property maps. `vars` gains the new
   * variables (allowNew: a MATCH; a pattern predicate may only use bound ones).
   */
  private patterns(parts: Array<{ element: CstNode; pathVariable?: CstNode; shortest?: 'one' | 'all' }>, vars: Map<string, Binding>, ctx: Ctx, allowNew: boolean): PatternSql {
    let shortest: 'one' | 'all' | undefined;
    const structural: Sql[] = [];
    const scopeParts: Sql[] = [];
    const user: Sql[] = [];
    const tables: Sql[] = [];
    const relAliases: string[] = [];
    const pathAliases: string[] = [];
    const fresh: Array<{ name: string; alias: string; kind: 'node' | 'rel' | 'rels' | 'path'; select?: Sql }> = [];

    const nodeElement = (pattern: CstNode): string => {
      const alias = this.fresh('n');
      tables.push(sql`graph_nodes ${raw(alias)}`);
      const variable = rule(pattern, 'variable');
      if (variable) {
        const name = nameOf(variable);
        const bound = vars.get(name);
        if (bound) {
          if (bound.kind === 'nodeobj') structural.push(sql`${raw(alias)}.id = (${bound.sql} ->> 'id')::bigint`);
          // A value (`WITH null AS a OPTIONAL MATCH (a)-->()`): null matches nothing, anything else
          // is a type error when it is met.
          else if (bound.kind === 'value' && bound.nullLiteral) structural.push(sql`(case when ${bound.sql} is null then false else ${raise('GCY02', `Type mismatch: \`${name}\` in a pattern is not a node (at ${positionOf(variable)})`, 'boolean')} end)`);
          else if (bound.kind !== 'node') throw cypherError(variable, `Variable \`${name}\` is already bound to a value that is not a node`);
          else structural.push(sql`${raw(alias)}.id = ${bound.sql}`);
        } else {
          if (!allowNew) throw unsupported(variable, 'A new variable in a pattern predicate');
          vars.set(name, { kind: 'node', sql: raw(`${alias}.id`), alias: () => alias });
          fresh.push({ name, alias, kind: 'node' });
        }
      }
      const labels = rule(pattern, 'nodeLabels');
      if (labels) {
        for (const label of rules(labels, 'nodeLabel')) {
          const name = nameOf(rule(label, 'labelName')!);
          structural.push(this.scope.labelVisible(name) ? sql`${raw(alias)}.labels @> array[${name}::text]` : FALSE);
        }
      }
      scopeParts.push(this.scope.nodeVisible(alias));
      const properties = rule(pattern, 'properties');
      if (properties) this.propertyMap(properties, { kind: 'node', sql: raw(`${alias}.id`), alias: () => alias }, ctx, user, structural);
      return alias;
    };

    const relationshipElement = (pattern: CstNode, left: string, right: string): { alias: string; rels?: Sql; nodes: Sql } => {
      const detail = rule(pattern, 'relationshipDetail');
      const range = detail ? rule(detail, 'rangeLiteral') : undefined;
      if (detail && range) return varLength(pattern, detail, range, left, right);
      const alias = this.fresh('r');
      tables.push(sql`graph_relationships ${raw(alias)}`);
      const a = raw(alias);
      if (detail) {
        const variable = rule(detail, 'variable');
        if (variable) {
          const name = nameOf(variable);
          const bound = vars.get(name);
          if (bound) {
            if (bound.kind !== 'rel' || fresh.some((f) => f.name === name)) throw unsupported(variable, `The relationship variable \`${name}\` bound twice`);
            structural.push(sql`${a}.id = ${bound.sql}`);
          } else {
            if (!allowNew) throw unsupported(variable, 'A new variable in a pattern predicate');
            vars.set(name, { kind: 'rel', sql: raw(`${alias}.id`), alias: () => alias });
            fresh.push({ name, alias, kind: 'rel' });
          }
        }
        const types = rule(detail, 'relationshipTypes');
        if (types) {
          const names = [...descendants(types, 'relTypeName')].map(nameOf);
          const visible = names.filter((t) => this.scope.typeVisible(t));
          structural.push(visible.length === 0 ? FALSE : sql`${a}.type = any(${visible}::text[])`);
        }
        const properties = rule(detail, 'properties');
        if (properties) this.propertyMap(properties, { kind: 'rel', sql: raw(`${alias}.id`), alias: () => alias }, ctx, user, structural);
      }
      const leftArrow = !!rule(rule(pattern, 'relationshipPatternStart') ?? pattern, 'leftArrowHead');
      const rightArrow = !!rule(rule(pattern, 'relationshipPatternEnd') ?? pattern, 'rightArrowHead');
      const l = raw(`${left}.id`);
      const r = raw(`${right}.id`);
      if (rightArrow && !leftArrow) structural.push(sql`${a}.start_id = ${l} and ${a}.end_id = ${r}`);
      else if (leftArrow && !rightArrow) structural.push(sql`${a}.start_id = ${r} and ${a}.end_id = ${l}`);
      else structural.push(sql`((${a}.start_id = ${l} and ${a}.end_id = ${r}) or (${a}.start_id = ${r} and ${a}.end_id = ${l}))`);
      scopeParts.push(this.scope.relationshipOwnVisible(alias));
      for (const other of relAliases) structural.push(sql`${a}.id <> ${raw(other)}.id`);
      for (const other of pathAliases) structural.push(sql`not (${a}.id = any(${raw(other)}.rels))`);
      relAliases.push(alias);
      return { alias, nodes: sql`array[${raw(right)}.id]` };
    };

    /**
     * A variable-length relationship: the walks from the left node of min..max relationships
     * (a recursive query per left node), each relationship and each node reached visible in the
     * scope, no relationship twice; the walk's end is the right node.
     */
    const varLength = (pattern: CstNode, detail: CstNode, range: CstNode, left: string, right: string): { alias: string; rels: Sql; nodes: Sql } => {
      const declared = rangeBounds(range);
      // Without an upper bound (`*`, `*2..`): walks are followed one step beyond maxDepth, and a walk
      // that gets there stops the query (the answer would miss it), so every answer is whole.
      const unbounded = declared.max === undefined;
      if (unbounded && shortest) throw unsupported(range, 'A variable-length relationship without an upper bound');
      const bounds = { min: declared.min, max: declared.max ?? this.maxDepth + 1 };
      if (detail && rule(detail, 'properties')) throw unsupported(rule(detail, 'properties')!, 'A property map on a variable-length relationship');
      const p = this.fresh('p');
      const w = this.fresh('w');
      const e = this.fresh('e');
      const x = this.fresh('x');
      const ew = raw(e);
      const node = raw(`${w}.node`);
      const leftArrow = !!rule(rule(pattern, 'relationshipPatternStart') ?? pattern, 'leftArrowHead');
      const rightArrow = !!rule(rule(pattern, 'relationshipPatternEnd') ?? pattern, 'rightArrowHead');
      let step: Sql;
      let next: Sql;
      if (rightArrow && !leftArrow) {
        step = sql`${ew}.start_id = ${node}`;
        next = sql`${ew}.end_id`;
      } else if (leftArrow && !rightArrow) {
        step = sql`${ew}.end_id = ${node}`;
        next = sql`${ew}.start_id`;
      } else {
        step = sql`(${ew}.start_id = ${node} or ${ew}.end_id = ${node})`;
        next = sql`(case when ${ew}.start_id = ${node} then ${ew}.end_id else ${ew}.start_id end)`;
      }
      const conditions: Sql[] = [sql`cardinality(${raw(w)}.rels) < ${bounds.max}::int`, sql`not (${ew}.id = any(${raw(w)}.rels))`];
      const types = rule(detail, 'relationshipTypes');
      if (types) {
        const names = [...descendants(types, 'relTypeName')].map(nameOf);
        const visible = names.filter((t) => this.scope.typeVisible(t));
        conditions.push(visible.length === 0 ? FALSE : sql`${ew}.type = any(${visible}::text[])`);
      }
      conditions.push(this.scope.relationshipOwnVisible(e));
      const nodeRule = this.scope.nodeVisible(x);
      if (nodeRule !== TRUE) conditions.push(sql`exists (select 1 from graph_nodes ${raw(x)} where ${raw(x)}.id = ${next} and ${nodeRule})`);
      const W = raw(w);
      // shortestPath: per end node one walk of the least length; allShortestPaths: all of it.
      const walksSelect =
        shortest === 'one'
          ? sql`select distinct on (${W}.node) ${W}.node, ${W}.rels, ${W}.nodes from ${W} where cardinality(${W}.rels) >= ${bounds.min}::int order by ${W}.node, cardinality(${W}.rels)`
          : shortest === 'all'
            ? sql`select gas_a.node, gas_a.rels, gas_a.nodes from (select ${W}.node, ${W}.rels, ${W}.nodes, min(cardinality(${W}.rels)) over (partition by ${W}.node) as gas_m from ${W} where cardinality(${W}.rels) >= ${bounds.min}::int) gas_a where cardinality(gas_a.rels) = gas_a.gas_m`
            : unbounded
              ? sql`select ${W}.node, ${W}.rels, ${W}.nodes from ${W} where cardinality(${W}.rels) >= ${bounds.min}::int and (case when cardinality(${W}.rels) > ${this.maxDepth}::int then ${raise('GCY01', `A variable-length relationship without an upper bound (at ${positionOf(range)}) that goes deeper than ${this.maxDepth} relationships (graphdb.cypherMaxDepth)`, 'boolean')} else true end)`
              : sql`select ${W}.node, ${W}.rels, ${W}.nodes from ${W} where cardinality(${W}.rels) >= ${bounds.min}::int`;
      if (shortest) {
        // Neo4j refuses a shortest path from a node to itself.
        user.push(sql`(case when ${raw(left)}.id = ${raw(right)}.id then ${raise('GCY01', `A shortest path from a node to itself (at ${positionOf(range)}) is not supported by Cypher on the PostgreSQL backend`, 'boolean')} else true end)`);
      }
      tables.push(sql`lateral (with recursive ${raw(w)}(node, rels, nodes) as (
          select ${raw(left)}.id, array[]::bigint[], array[]::bigint[]
          union all
          select ${next}, ${raw(w)}.rels || ${ew}.id, ${raw(w)}.nodes || ${next} from ${raw(w)} join graph_relationships ${ew} on ${step} where ${and(conditions)}
        ) ${walksSelect}) ${raw(p)}`);
      structural.push(sql`${raw(p)}.node = ${raw(right)}.id`);
      for (const other of relAliases) structural.push(sql`not (${raw(other)}.id = any(${raw(p)}.rels))`);
      for (const other of pathAliases) structural.push(sql`not (${raw(other)}.rels && ${raw(p)}.rels)`);
      pathAliases.push(p);
      const variable = rule(detail, 'variable');
      if (variable) {
        const name = nameOf(variable);
        if (vars.has(name)) throw unsupported(variable, `The variable \`${name}\` bound again by a variable-length relationship`);
        if (!allowNew) throw unsupported(variable, 'A new variable in a pattern predicate');
        const r = this.fresh('x');
        const list = sql`(select coalesce(jsonb_agg(${this.relationshipObject(r)} order by u.o), '[]'::jsonb) from unnest(${raw(p)}.rels) with ordinality u(id, o) join graph_relationships ${raw(r)} on ${raw(r)}.id = u.id)`;
        vars.set(name, { kind: 'rels', sql: list });
        fresh.push({ name, alias: p, kind: 'rels', select: list });
      }
      return { alias: p, rels: sql`${raw(p)}.rels`, nodes: sql`${raw(p)}.nodes` };
    };

    // The node ids and relationship ids of the pattern part being read, in path order.
    let pathNodes: Sql[] = [];
    let pathRels: Sql[] = [];
    const element = (pe: CstNode): void => {
      const nested = rule(pe, 'patternElement');
      if (nested) return element(nested);
      let current = nodeElement(rule(pe, 'nodePattern')!);
      pathNodes.push(sql`array[${raw(current)}.id]`);
      for (const chain of rules(pe, 'patternElementChain')) {
        const next = nodeElement(rule(chain, 'nodePattern')!);
        const segment = relationshipElement(rule(chain, 'relationshipPattern')!, current, next);
        if (segment.rels) {
          pathRels.push(segment.rels);
          pathNodes.push(segment.nodes);
        } else {
          pathRels.push(sql`array[${raw(segment.alias)}.id]`);
          pathNodes.push(sql`array[${raw(next)}.id]`);
        }
        current = next;
      }
    };

    for (const part of parts) {
      pathNodes = [];
      pathRels = [];
      shortest = part.shortest;
      element(part.element);
      shortest = undefined;
      const pathVariable = part.pathVariable;
      if (pathVariable) {
        const name = nameOf(pathVariable);
        if (vars.has(name)) throw cypherError(pathVariable, `Variable \`${name}\` already declared`);
        if (!allowNew) throw unsupported(pathVariable, 'A new variable in a pattern predicate');
        const nodeIds = join(pathNodes, ' || ');
        const relIds = pathRels.length ? join(pathRels, ' || ') : raw('array[]::bigint[]');
        const pn = this.fresh('x');
        const pr = this.fresh('x');
        const value = sql`jsonb_build_object('nodes', (select jsonb_agg(${this.nodeObject(pn)} order by u.o) from unnest(${nodeIds}) with ordinality u(id, o) join graph_nodes ${raw(pn)} on ${raw(pn)}.id = u.id), 'relationships', (select coalesce(jsonb_agg(${this.relationshipObject(pr)} order by u.o), '[]'::jsonb) from unnest(${relIds}) with ordinality u(id, o) join graph_relationships ${raw(pr)} on ${raw(pr)}.id = u.id))`;
        vars.set(name, { kind: 'path', sql: value });
        fresh.push({ name, alias: '', kind: 'path', select: value });
      }
    }
    return { tables, structural, scopeParts, user, fresh };
  }

  /**
   * A pattern as an expression (`WHERE (a)-->(:B)`, `exists(...)`, `size(...)`): its matches with
   * the variables bound outside, every element in the scope as in MATCH. Its relationships need
   * not differ from those of the enclosing MATCH (as on Neo4j).
   */
  private patternPredicate(n: CstNode, ctx: Ctx): Expr {
    const vars = new Map(ctx.vars);
    const p = this.patterns([{ element: n }], vars, { ...ctx, vars, aggregates: false }, false);
    const scope = and(p.scopeParts);
    const user = and(p.user);
    const guarded = user === TRUE ? TRUE : scope === TRUE ? user : sql`(case when ${scope} then ${user} end)`;
    const where = and([...p.structural, scope, guarded]);
    const from = join(p.tables, ', ');
    return { sql: sql`exists (select 1 from ${from} where ${where})`, count: sql`(select count(*) from ${from} where ${where})`, type: 'pattern', at: n };
  }

  /**
   * [p = (a)-[:T]->(b) WHERE cond | expr]: the list of expr over the pattern's matches with the
   * variables bound outside, new variables (and the path) bound inside, every element in the
   * reader's scope as in MATCH, the condition only on elements the scope shows. The list's order
   * is not defined (as on Neo4j).
   */
  private patternComprehension(n: CstNode, ctx: Ctx): Expr {
    const vars = new Map(ctx.vars);
    const inner: Ctx = { ...ctx, vars, aggregates: false, order: [], projected: undefined };
    const p = this.patterns([{ element: rule(n, 'relationshipsPattern')!, pathVariable: rule(n, 'variable') }], vars, inner, true);
    const expressions = rules(n, 'expression');
    const whereNode = hasToken(n, 'WHERE') ? expressions[0] : undefined;
    const projectionNode = expressions[expressions.length - 1];
    const user = and([...p.user, ...(whereNode ? [this.condition(whereNode, inner)] : [])]);
    const scope = and(p.scopeParts);
    const guarded = user === TRUE ? TRUE : scope === TRUE ? user : sql`(case when ${scope} then ${user} end)`;
    const projection = this.expr(projectionNode, inner);
    if (projection.type === 'path' || projection.type === 'pattern' || projection.type === 'nodes' || projection.type === 'rels') throw unsupported(projectionNode, 'A pattern comprehension of paths or lists of nodes');
    if (projection.aggregate) throw unsupported(projectionNode, 'An aggregate in a pattern comprehension');
    const type: ExprType = projection.type === 'node' || projection.type === 'nodeobj' ? 'nodes' : projection.type === 'rel' || projection.type === 'relobj' ? 'rels' : 'value';
    const from = join(p.tables, ', ');
    const where = and([...p.structural, scope, guarded]);
    return { sql: sql`(select coalesce(jsonb_agg(${this.json(projection)}), '[]'::jsonb) from ${from} where ${where})`, type, nestedNull: true };
  }

  /**
   * `WHERE n.key = <literal or parameter>` among the top-level AND parts, for a node or
   * relationship of this MATCH: the same containment probe as a pattern property map (an index
   * narrows the rows; the condition itself stays as written).
   */
  private equalityProbes(where: CstNode, vars: Map<string, Binding>, fresh: Set<string>, ctx: Ctx): Sql[] {
    const top = unwrap(where);
    const parts = top.rule === 'andExpression' ? rules(top, 'notExpression') : [top];
    const probes: Sql[] = [];
    for (const part of parts) {
      const comparison = unwrap(part);
      if (comparison.rule !== 'comparisonExpression') continue;
      const partials = rules(comparison, 'partialComparisonExpression');
      if (partials.length !== 1 || partials[0].children.filter((c) => c.rule === null && !c.space).map((c) => c.token).join('') !== '=') continue;
      const sides = [unwrap(rule(comparison, 'addOrSubtractExpression')!), unwrap(rule(partials[0], 'addOrSubtractExpression')!)];
      for (const [access, other] of [sides, [sides[1], sides[0]]]) {
        const constantSide = ['literal', 'numberLiteral', 'integerLiteral', 'parameter', 'newParameter'].includes(other.rule ?? '');
        // id(n) = <integer>: the primary key.
        if (access.rule === 'functionInvocation' && constantSide) {
          const body = rule(access, 'functionInvocationBody')!;
          const args = rules(access, 'expression');
          const arg = args.length === 1 ? unwrap(args[0]) : undefined;
          if (nameOf(rule(body, 'functionName')!).toLowerCase() === 'id' && !textOf(rule(body, 'namespace') ?? body).trim().includes('.') && arg && (arg.rule === 'variable' || arg.rule === 'symbolicName')) {
            const name = nameOf(arg);
            const binding = vars.get(name);
            const known = this.expr(other, ctx).constant?.value;
            const id = typeof known === 'number' && Number.isSafeInteger(known) ? String(known) : typeof known === 'bigint' ? String(known) : undefined;
            if (fresh.has(name) && binding?.alias && (binding.kind === 'node' || binding.kind === 'rel') && id !== undefined) {
              probes.push(sql`${raw(binding.alias())}.id = ${id}::bigint`);
              break;
            }
          }
          continue;
        }
        if (access.rule !== 'propertyOrLabelsExpression' || rule(access, 'nodeLabels')) continue;
        const lookups = rules(access, 'propertyLookup');
        const atom = unwrap(rule(access, 'atom')!);
        if (lookups.length !== 1 || (atom.rule !== 'variable' && atom.rule !== 'symbolicName')) continue;
        const name = nameOf(atom);
        const binding = vars.get(name);
        if (!fresh.has(name) || !binding?.alias || (binding.kind !== 'node' && binding.kind !== 'rel')) continue;
        if (!['literal', 'stringLiteral', 'numberLiteral', 'integerLiteral', 'doubleLiteral', 'booleanLiteral', 'parameter', 'newParameter'].includes(other.rule ?? '')) continue;
        const value = this.expr(other, ctx);
        const known = value.constant?.value;
        if (!(typeof known === 'string' || typeof known === 'boolean' || typeof known === 'bigint' || (typeof known === 'number' && Number.isFinite(known)))) continue;
        const key = nameOf(rule(lookups[0], 'propertyKeyName')!);
        probes.push(sql`${raw(binding.alias())}.properties @> jsonb_build_object(${key}::text, ${this.json(value)})`);
        break;
      }
    }
    return probes;
  }

  /** Pattern property map `{key: value}`: each entry as `element.key = value`. */
  private propertyMap(node: CstNode, element: Binding, ctx: Ctx, out: Sql[], probes: Sql[]): void {
    const map = rule(node, 'mapLiteral');
    if (!map) throw unsupported(node, 'A parameter as a pattern property map');
    const target: Expr = { sql: element.sql, type: element.kind === 'node' ? 'node' : 'rel', element };
    for (const entry of rules(map, 'literalEntry')) {
      const key = nameOf(rule(entry, 'propertyKeyName')!);
      const value = this.expr(rule(entry, 'expression')!, ctx);
      out.push(this.equals(this.property(target, key, entry), value, entry));
      // A known scalar: a containment probe of the stored properties (served by the GIN index)
      // narrows the rows first; the comparison above stays the condition (hidden properties).
      const known = value.constant?.value;
      if (value.constant && (typeof known === 'string' || typeof known === 'boolean' || typeof known === 'bigint' || (typeof known === 'number' && Number.isFinite(known)))) {
        probes.push(sql`${raw(element.alias!())}.properties @> jsonb_build_object(${key}::text, ${this.json(value)})`);
      }
    }
  }

  // -------------------------------------------------------------------------------------------
  // UNWIND

  private unwind(node: CstNode, stage: Stage): Stage {
    const source = new Source(this, stage);
    const ctx: Ctx = { vars: source.bindings(), aggregates: false, order: [] };
    const exprNode = rule(node, 'expression')!;
    const value = this.expr(exprNode, ctx);
    if (value.type !== 'value' && value.type !== 'nodes' && value.type !== 'rels') throw unsupported(exprNode, 'UNWIND of a node, relationship or path');
    const name = nameOf(rule(node, 'variable')!);
    if (stage.vars.has(name)) throw cypherError(rule(node, 'variable')!, `Variable \`${name}\` already declared`);
    const u = this.fresh('u');
    const column = this.fresh('c');
    const ord = this.fresh('o');
    const list = sql`(case when ${value.sql} is null then '[]'::jsonb when jsonb_typeof(${value.sql}) = 'array' then ${value.sql} else jsonb_build_array(${value.sql}) end)`;
    const columns = [...stage.vars.entries()].filter(([n]) => n !== name).map(([, c]) => source.ref(c.name)).concat(stage.order.map((o) => source.ref(o)));
    const body = sql`select ${join([...columns, raw(`nullif(${u}.value, 'null'::jsonb) as ${column}`), raw(`${u}.ordinality as ${ord}`)], ', ')} from ${source.from()} cross join lateral jsonb_array_elements(${list}) with ordinality ${raw(u)}`;
    const vars = new Map(stage.vars);
    const constant = value.constant?.value;
    const nestedNull = value.constant ? Array.isArray(constant) && constant.some((v) => v !== null && typeof v === 'object' && hasNestedNull(v)) : value.nestedNull;
    vars.set(name, { name: column, kind: value.type === 'nodes' ? 'nodeobj' : value.type === 'rels' ? 'relobj' : 'value', nestedNull });
    return { sql: body, vars, order: [...stage.order, ord] };
  }

  // -------------------------------------------------------------------------------------------
  // WITH / RETURN

  private projection(node: CstNode, stage: Stage, isReturn: boolean): { stage: Stage; columns: string[] } {
    const distinct = hasToken(node, 'DISTINCT');
    const body = rule(node, 'returnBody')!;
    const itemsNode = rule(body, 'returnItems')!;
    const source = new Source(this, stage);
    const inputVars = source.bindings();
    const ctx: Ctx = { vars: inputVars, aggregates: true, order: stage.order.map((o) => source.ref(o)) };

    interface Item {
      name: string;
      expr: Expr;
      column: string;
      /** The item's expression text (spaces normalised). */
      text?: string;
    }
    const items: Item[] = [];
    if (hasToken(itemsNode, '*')) {
      for (const name of [...stage.vars.keys()].sort()) {
        const b = inputVars.get(name)!;
        items.push({ name, expr: { sql: b.sql, type: b.kind === 'node' ? 'node' : b.kind === 'rel' ? 'rel' : b.kind, element: b }, column: this.fresh('c') });
      }
      if (items.length === 0) throw cypherError(itemsNode, `${isReturn ? 'RETURN' : 'WITH'} * is not allowed when there are no variables in scope`);
    }
    for (const item of rules(itemsNode, 'returnItem')) {
      const exprNode = rule(item, 'expression')!;
      const alias = rule(item, 'variable');
      let name: string;
      if (alias) name = nameOf(alias);
      else if (isReturn) name = textOf(exprNode).trim();
      else {
        const inner = unwrap(exprNode);
        if (inner.rule !== 'variable' && !(inner.rule === 'symbolicName' && inner.parent?.rule === 'variable')) throw cypherError(exprNode, 'Expression in WITH must be aliased (use AS)');
        name = nameOf(inner);
      }
      const expr = this.expr(exprNode, ctx);
      if (expr.aggregate) {
        const inner = unwrap(exprNode);
        const body = inner.rule === 'functionInvocation' ? rule(inner, 'functionInvocationBody') : undefined;
        const whole = (body && AGGREGATES.has(nameOf(rule(body, 'functionName')!).toLowerCase())) || (inner.rule === 'atom' && hasToken(inner, 'count'));
        // count(*) * 2, avg(x) + 1: every variable inside an aggregate (the rest constants).
        if (!whole && !variablesOnlyInAggregates(exprNode)) throw unsupported(exprNode, 'An aggregate inside an expression with variables outside it');
      }
      if (items.some((i) => i.name === name)) throw cypherError(item, `Multiple result columns with the same name \`${name}\` are not supported`);
      items.push({ name, expr, column: this.fresh('c'), text: normalize(textOf(exprNode)) });
    }
    const grouping = items.some((i) => i.expr.aggregate);
    const selectList: Sql[] = items.map((i) => sql`${this.columnValue(i.expr)} as ${raw(i.column)}`);
    // By position: the same expression compiled twice has other parameter numbers.
    const groupKeys = grouping ? items.flatMap((i, k) => (i.expr.aggregate ? [] : [raw(String(k + 1))])) : [];

    // Without aggregation or DISTINCT, ORDER BY may also read the input's variables: they pass
    // through as hidden columns.
    const passthrough = !grouping && !distinct;
    const hidden: Array<[string, Column]> = [];
    if (passthrough) {
      for (const [name, column] of stage.vars) {
        if (items.some((i) => i.name === name)) continue;
        hidden.push([name, column]);
        selectList.push(source.ref(column.name));
      }
      for (const o of stage.order) selectList.push(source.ref(o));
    }
    const inner = sql`select ${raw(distinct ? 'distinct ' : '')}${join(selectList, ', ')} from ${source.from()}${groupKeys.length ? sql` group by ${join(groupKeys, ', ')}` : raw('')}`;

    // Over the projection: WHERE (WITH), ORDER BY, SKIP, LIMIT.
    const outVars = new Map<string, Column>();
    for (const i of items) outVars.set(i.name, { name: i.column, kind: kindOf(i.expr), nestedNull: i.expr.nestedNull, nullLiteral: !!i.expr.constant && i.expr.constant.value === null });
    const sortVars = new Map<string, Binding>();
    const outerStage: Stage = { sql: inner, vars: new Map([...hidden, ...outVars]), order: passthrough ? stage.order : [] };
    const outer = new Source(this, outerStage);
    for (const name of outerStage.vars.keys()) sortVars.set(name, outer.binding(name)!);
    // Items written as an expression (not a bare variable): read by WHERE and ORDER BY sub-expressions.
    const projectedItems = new Map<string, { name: string; binding: Binding }>();
    for (const i of items) {
      if (i.text !== undefined && !/^[A-Za-z_][A-Za-z0-9_]*$/.test(i.text) && !projectedItems.has(i.text)) projectedItems.set(i.text, { name: i.name, binding: outer.binding(i.name)! });
    }
    const octx: Ctx = { vars: sortVars, aggregates: false, order: [], projected: projectedItems };

    const where = rule(node, 'where');
    const order = rule(body, 'order');
    const skip = rule(body, 'skip');
    const limit = rule(body, 'limit');
    // With SKIP or LIMIT, WHERE filters the rows they leave (as on Neo4j): a stage of its own.
    const whereAfter = !!where && !!(skip || limit);
    // Without aggregation or DISTINCT, WHERE also reads the input's variables, as ORDER BY does
    // (`WITH c WHERE r IS NULL`: the TCK's triadic selection).
    const whereVars = passthrough ? sortVars : new Map([...outVars].map(([n]) => [n, outer.binding(n)!]));
    let whereSql = where && !whereAfter ? this.condition(rule(where, 'expression')!, { ...octx, vars: whereVars }) : TRUE;
    const whereGuard = outer.guard();
    if (whereSql !== TRUE && whereGuard !== TRUE) whereSql = sql`(case when ${whereGuard} then ${whereSql} end)`;
    const sortKeys: Sql[] = [];
    if (order) {
      // An ORDER BY expression written as a projected item reads the projected column (after
      // DISTINCT or aggregation its variables are gone).
      const byText = new Map<string, Item>();
      for (const i of items) if (i.text !== undefined) byText.set(i.text, i);
      for (const item of rules(order, 'sortItem')) {
        const sortExpr = rule(item, 'expression')!;
        const same = byText.get(normalize(textOf(sortExpr)));
        const e = same ? this.variable(sortExpr, { ...octx, vars: new Map([[same.name, outer.binding(same.name)!]]) }, same.name) : this.expr(sortExpr, octx);
        const desc = hasToken(item, 'DESC') || hasToken(item, 'DESCENDING');
        sortKeys.push(...this.sortKeys(e, desc, item));
      }
    }
    const orderBy = sortKeys.length > 0 ? sortKeys : outerStage.order.map((o) => outer.ref(o));
    const skipValue = skip ? this.count(rule(skip, 'expression')!, 'SKIP') : undefined;
    const limitValue = limit ? this.count(rule(limit, 'expression')!, 'LIMIT') : undefined;
    const ord = this.fresh('o');
    const outList: Sql[] = items.map((i) => outer.ref(i.column));
    const ordered = orderBy.length > 0;
    if (ordered) outList.push(sql`row_number() over (order by ${join(orderBy, ', ')}) as ${raw(ord)}`);
    let text = sql`select ${outList.length ? join(outList, ', ') : raw('1 as gas_one')} from ${outer.from()}`;
    if (whereSql !== TRUE) text = sql`${text} where ${whereSql}`;
    if (ordered) text = sql`${text} order by ${join(orderBy, ', ')}`;
    if (skipValue !== undefined) text = sql`${text} offset ${skipValue}::bigint`;
    if (limitValue !== undefined) text = sql`${text} limit ${limitValue}::bigint`;
    const projected: Stage = { sql: text, vars: outVars, order: ordered ? [ord] : [] };
    if (!whereAfter) return { stage: projected, columns: items.map((i) => i.name) };
    const filtered = new Source(this, projected);
    const condition = this.condition(rule(where!, 'expression')!, { vars: filtered.bindings(), aggregates: false, order: [] });
    const guard = filtered.guard();
    const list = [...projected.vars.values()].map((c) => filtered.ref(c.name)).concat(projected.order.map((o) => filtered.ref(o)));
    const filterSql = sql`select ${list.length ? join(list, ', ') : raw('1 as gas_one')} from ${filtered.from()} where ${guard === TRUE ? condition : sql`(case when ${guard} then ${condition} end)`}`;
    return { stage: { sql: filterSql, vars: projected.vars, order: projected.order }, columns: items.map((i) => i.name) };
  }

  /** A SKIP / LIMIT value: a non-negative integer literal or parameter. */
  private count(node: CstNode, what: string): string {
    const e = this.expr(node, { vars: new Map(), aggregates: false, order: [] });
    if (!e.constant) throw unsupported(node, `${what} with an expression that is not a literal or parameter`);
    const v = e.constant.value;
    const ok = (typeof v === 'number' && Number.isInteger(v) && v >= 0) || (typeof v === 'bigint' && v >= 0n);
    if (!ok || e.type !== 'value') throw cypherError(node, `${what} must be a non-negative integer`);
    return String(v);
  }

  /**
   * list[a..b], list[a..], list[..b]: the elements from a up to b (excluded), a negative bound
   * counting from the end, bounds outside the list clamped, [] when b is not after a; null for a
   * null list or a null bound (TCK List2).
   */
  private slice(list: Expr, inside: CstNode[], at: CstNode, ctx: Ctx): Expr {
    if (list.type !== 'value') throw unsupported(at, 'A slice of a node, relationship, path or list of them');
    const dots = inside.findIndex((c) => c.rule === null && c.token === '..');
    const fromNode = dots > 0 ? inside[0] : undefined;
    const toNode = dots < inside.length - 1 ? inside[dots + 1] : undefined;
    const bound = (node: CstNode | undefined): Expr | undefined => {
      if (!node) return undefined;
      const e = this.expr(node, ctx);
      if (e.type !== 'value') throw cypherError(node, 'Type mismatch: a slice bound is an integer');
      return e;
    };
    const from = bound(fromNode);
    const to = bound(toNode);
    const x = list.sql;
    const n = sql`jsonb_array_length(${x})`;
    const position = (e: Expr, at: CstNode) =>
      sql`(case when ${isInt(e.sql)} then (case when (${e.sql})::text::numeric < 0 then (${e.sql})::text::numeric + ${n} else (${e.sql})::text::numeric end) else ${raise('GCY02', `Type mismatch: a slice bound is an integer (at ${positionOf(at)})`, 'int')} end)`;
    const start = from ? position(from, fromNode!) : raw('0');
    const end = to ? position(to, toNode!) : n;
    const nullBound = [from, to].filter((e): e is Expr => !!e).map((e) => sql` or ${e.sql} is null`);
    const e = this.fresh('e');
    return {
      sql: sql`(case when ${x} is null${join(nullBound, '')} then null
        when jsonb_typeof(${x}) <> 'array' then ${raise('GCY02', `Type mismatch: a slice needs a list (at ${positionOf(at)})`, 'jsonb')}
        else (select coalesce(jsonb_agg(${raw(e)}.v order by ${raw(e)}.o), '[]'::jsonb) from jsonb_array_elements(${x}) with ordinality ${raw(e)}(v, o) where ${raw(e)}.o - 1 >= ${start} and ${raw(e)}.o - 1 < ${end}) end)`,
      type: 'value',
      nestedNull: list.nestedNull,
      aggregate: list.aggregate || !!from?.aggregate || !!to?.aggregate,
    };
  }

  private sortKeys(e: Expr, desc: boolean, at: CstNode): Sql[] {
    if (e.type !== 'value' && e.type !== 'bool') throw unsupported(at, 'ORDER BY a node, relationship, path or list of them');
    const v = this.json(e);
    const dir = raw(desc ? 'desc nulls first' : 'asc nulls last');
    const rank = sql`(case when jsonb_typeof(${v}) in ('array', 'object') then ${raise('GCY01', `ORDER BY over lists or maps (at ${positionOf(at)}) is not supported by Cypher on the PostgreSQL backend`, 'int')} else ${jsonTypeRank(v)} end)`;
    return [sql`${rank} ${dir}`, sql`${codePointKey(v)} ${dir}`, sql`${v} ${dir}`];
  }

  /** The column value of a projected expression: ids for nodes and relationships, jsonb otherwise. */
  private columnValue(e: Expr): Sql {
    if (e.type === 'node' || e.type === 'rel') return e.sql;
    return this.json(e);
  }

  /** The final SELECT: nodes and relationships rendered as the Neo4j backend renders them. */
  private render(stage: Stage, names: string[], limit: boolean): TranslatedCypher {
    const source = new Source(this, stage);
    const out: Sql[] = [];
    const kinds: ColumnKind[] = [];
    names.forEach((name, i) => {
      const column = stage.vars.get(name)!;
      const b = source.binding(name)!;
      kinds.push(column.kind);
      if (column.kind === 'node' || column.kind === 'rel') out.push(sql`${this.elementJson({ sql: b.sql, type: column.kind, element: b })} as ${raw(`v${i}`)}`);
      else out.push(sql`${b.sql} as ${raw(`v${i}`)}`);
    });
    const order = stage.order.map((o) => source.ref(o));
    let text = sql`select ${out.length ? join(out, ', ') : raw('1 as gas_one')} from ${source.from()}`;
    if (order.length) text = sql`${text} order by ${join(order, ', ')}`;
    if (limit) text = sql`${text} limit ${this.maxRows + 1}::bigint`;
    return { statement: text, columns: names, kinds };
  }

  // -------------------------------------------------------------------------------------------
  // Expressions

  /** A boolean condition (WHERE): booleans as they are, other values must be booleans at run time. */
  condition(node: CstNode, ctx: Ctx): Sql {
    return this.bool(this.expr(node, ctx), node);
  }

  private bool(e: Expr, at: CstNode): Sql {
    if (e.type === 'bool' || e.type === 'pattern') return e.sql;
    if (e.type === 'value') {
      if (e.constant) {
        if (e.constant.value === null) return raw('null::boolean');
        if (typeof e.constant.value === 'boolean') return e.constant.value ? TRUE : FALSE;
        // A literal that is not a boolean is refused before anything runs: PostgreSQL skips the
        // run-time check when the other operand decides (`false AND 123` answered false), where
        // Cypher raises InvalidArgumentType.
        throw cypherError(at, `Type mismatch: expected a boolean but was ${constantTypeName(e.constant.value)}`);
      }
      return sql`(case when jsonb_typeof(${e.sql}) = 'boolean' then (${e.sql})::boolean when ${e.sql} is not null then ${raise('GCY02', `Type mismatch: expected a boolean (at ${positionOf(at)})`, 'boolean')} end)`;
    }
    throw cypherError(at, 'Type mismatch: expected a boolean, got a node, relationship or list');
  }

  /** Any value as jsonb (nodes and relationships as their rendered objects). */
  private json(e: Expr): Sql {
    switch (e.type) {
      case 'value':
      case 'nodes':
      case 'rels':
      case 'path':
      case 'nodeobj':
      case 'relobj':
        return e.sql;
      case 'bool':
        return sql`to_jsonb(${e.sql})`;
      case 'node':
      case 'rel':
        return this.elementJson(e);
      case 'pattern':
        throw unsupported(e.at!, 'A pattern as a value (it is supported as a condition, in exists() and in size())');
    }
  }

  private elementJson(e: Expr): Sql {
    const alias = e.element?.alias?.();
    if (!alias) throw new Error('element without a row');
    const a = raw(alias);
    if (e.type === 'node') {
      return sql`(case when ${a}.id is null then null else jsonb_build_object('id', ${a}.id::text, 'labels', to_jsonb(${this.scope.nodeLabels(alias)}), 'properties', ${this.scope.nodeProperties(alias)}) end)`;
    }
    return sql`(case when ${a}.id is null then null else ${this.relationshipObject(alias)} end)`;
  }

  private nodeObject(alias: string): Sql {
    return sql`jsonb_build_object('id', ${raw(alias)}.id::text, 'labels', to_jsonb(${this.scope.nodeLabels(alias)}), 'properties', ${this.scope.nodeProperties(alias)})`;
  }

  private relationshipObject(alias: string): Sql {
    const a = raw(alias);
    return sql`jsonb_build_object('id', ${a}.id::text, 'type', ${a}.type, 'startNodeId', ${a}.start_id::text, 'endNodeId', ${a}.end_id::text, 'properties', ${this.scope.relationshipProperties(alias)})`;
  }

  expr(node: CstNode, ctx: Ctx): Expr {
    const n = unwrap(node);
    if (ctx.projected?.size) {
      const item = ctx.projected.get(normalize(textOf(n)));
      if (item) return this.variable(n, { ...ctx, projected: undefined, vars: new Map([[item.name, item.binding]]) }, item.name);
    }
    switch (n.rule) {
      case 'orExpression':
        return this.logical(n, 'xorExpression', 'or', ctx);
      case 'xorExpression':
        return this.logical(n, 'andExpression', 'xor', ctx);
      case 'andExpression':
        return this.logical(n, 'notExpression', 'and', ctx);
      case 'notExpression': {
        const nots = n.children.filter((c) => c.rule === null && (c.token ?? '').toUpperCase() === 'NOT').length;
        const inner = this.expr(rule(n, 'comparisonExpression')!, ctx);
        let s = this.bool(inner, n);
        for (let i = 0; i < nots; i++) s = sql`(not ${s})`;
        return { sql: s, type: 'bool', aggregate: inner.aggregate };
      }
      case 'comparisonExpression':
        return this.comparison(n, ctx);
      case 'addOrSubtractExpression':
      case 'multiplyDivideModuloExpression':
        return this.arithmetic(n, ctx);
      case 'powerOfExpression':
        throw unsupported(n, 'The operator ^');
      case 'caseExpression':
        return this.caseExpression(n, ctx);
      case 'unaryAddOrSubtractExpression':
        return this.unary(n, ctx);
      case 'stringListNullOperatorExpression':
        return this.stringListNull(n, ctx);
      case 'propertyOrLabelsExpression':
        return this.propertyOrLabels(n, ctx);
      case 'parenthesizedExpression':
        return this.expr(rule(n, 'expression')!, ctx);
      case 'literal':
      case 'numberLiteral':
      case 'integerLiteral':
      case 'doubleLiteral':
      case 'stringLiteral':
      case 'booleanLiteral':
      case 'listLiteral':
      case 'mapLiteral':
        return this.literal(n, ctx);
      case 'parameter':
      case 'newParameter':
      case 'legacyParameter':
        return this.parameter(n);
      case 'variable':
      case 'symbolicName':
        return this.variable(n, ctx);
      case 'functionInvocation':
        return this.functionCall(n, ctx);
      case 'atom':
        return this.atom(n, ctx);
      case 'mapProjection':
        return this.mapProjection(n, ctx);
      case 'listComprehension':
      case 'anyFunction':
      case 'allFunction':
      case 'noneFunction':
      case 'singleFunction':
        return this.overList(n, ctx);
      case 'existsFunction': {
        const arg = rule(n, 'expression');
        const inner = arg ? unwrap(arg) : undefined;
        if (inner?.rule === 'propertyOrLabelsExpression' && rules(inner, 'propertyLookup').length > 0) {
          const e = this.expr(arg!, ctx);
          return { sql: sql`(${this.json(e)} is not null)`, type: 'bool' };
        }
        if (inner?.rule === 'relationshipsPattern') return { ...this.patternPredicate(inner, ctx), type: 'bool' };
        throw unsupported(n, 'exists() of this expression');
      }
      case 'relationshipsPattern':
        return this.patternPredicate(n, ctx);
      case 'patternComprehension':
        return this.patternComprehension(n, ctx);
      default:
        throw unsupported(n, constructName(n));
    }
  }

  private atom(n: CstNode, ctx: Ctx): Expr {
    const words = n.children.filter((c) => c.rule === null && !c.space).map((c) => (c.token ?? '').toUpperCase());
    if (words[0] === 'COUNT' && words.includes('*')) {
      if (!ctx.aggregates) throw unsupported(n, 'count(*) here');
      return { sql: raw('to_jsonb(count(*))'), type: 'value', aggregate: true };
    }
    if (words[0] === 'NULL') return { sql: raw('null::jsonb'), type: 'value', constant: { value: null } };
    throw unsupported(n, constructName(n));
  }

  private logical(n: CstNode, childRule: string, op: 'or' | 'xor' | 'and', ctx: Ctx): Expr {
    const parts = rules(n, childRule).map((c) => {
      const e = this.expr(c, ctx);
      return { e, s: this.bool(e, c) };
    });
    const aggregate = parts.some((p) => p.e.aggregate);
    const sqls = parts.map((p) => p.s);
    if (op === 'xor') return { sql: sqls.slice(1).reduce((acc, s) => sql`(${acc} <> ${s})`, sqls[0]), type: 'bool', aggregate };
    return { sql: sql`(${join(sqls, op === 'or' ? ' or ' : ' and ')})`, type: 'bool', aggregate };
  }

  private comparison(n: CstNode, ctx: Ctx): Expr {
    const first = this.expr(rule(n, 'addOrSubtractExpression')!, ctx);
    const partials = rules(n, 'partialComparisonExpression');
    const parts: Sql[] = [];
    let left = first;
    let aggregate = !!first.aggregate;
    for (const partial of partials) {
      const op = partial.children.filter((c) => c.rule === null && !c.space).map((c) => c.token).join('');
      const right = this.expr(rule(partial, 'addOrSubtractExpression')!, ctx);
      aggregate = aggregate || !!right.aggregate;
      switch (op) {
        case '=':
          parts.push(this.equals(left, right, partial));
          break;
        case '<>':
        case '!=':
          parts.push(sql`(not ${this.equals(left, right, partial)})`);
          break;
        case '<':
        case '<=':
        case '>':
        case '>=':
          parts.push(this.order(left, right, op, partial));
          break;
        default:
          throw unsupported(partial, `The operator ${op}`);
      }
      left = right;
    }
    return { sql: parts.length === 1 ? parts[0] : sql`(${join(parts, ' and ')})`, type: 'bool', aggregate };
  }

  private equals(a: Expr, b: Expr, at: CstNode): Sql {
    const objects = ['nodeobj', 'relobj', 'node', 'rel'];
    if ((a.type === 'nodeobj' || a.type === 'relobj' || b.type === 'nodeobj' || b.type === 'relobj') && objects.includes(a.type) && objects.includes(b.type)) {
      const sameKind = (a.type === 'node' || a.type === 'nodeobj') === (b.type === 'node' || b.type === 'nodeobj');
      if (!sameKind) throw unsupported(at, 'Comparing a node with a relationship');
      const id = (e: Expr) => (e.type === 'node' || e.type === 'rel' ? e.sql : sql`(${e.sql} ->> 'id')::bigint`);
      return sql`(${id(a)} = ${id(b)})`;
    }
    if (['nodeobj', 'relobj'].includes(a.type) || ['nodeobj', 'relobj'].includes(b.type)) throw unsupported(at, 'Comparing a node or relationship with another kind of value');
    const elements = ['node', 'rel'];
    if (elements.includes(a.type) || elements.includes(b.type)) {
      if (a.type === b.type) return sql`(${a.sql} = ${b.sql})`;
      throw unsupported(at, 'Comparing a node or relationship with another kind of value');
    }
    if (a.type === 'nodes' || a.type === 'rels' || b.type === 'nodes' || b.type === 'rels' || a.type === 'path' || b.type === 'path') throw unsupported(at, 'Comparing paths or lists of nodes or relationships');
    if (a.type === 'bool' && b.type === 'bool') return sql`(${a.sql} = ${b.sql})`;
    // Lists or maps that may hold null: Cypher's three-valued equality, element by element
    // (jsonb's = says [null] = [null]).
    if (a.nestedNull || b.nestedNull) return sql`gas_cypher_equals(${this.json(a)}, ${this.json(b)})`;
    return sql`(${this.json(a)} = ${this.json(b)})`;
  }

  private order(a: Expr, b: Expr, op: string, at: CstNode): Sql {
    if (a.type !== 'value' && a.type !== 'bool') throw unsupported(at, `The operator ${op} on nodes, relationships or lists of them`);
    if (b.type !== 'value' && b.type !== 'bool') throw unsupported(at, `The operator ${op} on nodes, relationships or lists of them`);
    const x = this.json(a);
    const y = this.json(b);
    const o = raw(op);
    return sql`(case
      when jsonb_typeof(${x}) in ('array', 'object') and jsonb_typeof(${x}) = jsonb_typeof(${y}) then ${raise('GCY01', `The operator ${op} on lists or maps (at ${positionOf(at)}) is not supported by Cypher on the PostgreSQL backend`, 'boolean')}
      when jsonb_typeof(${x}) = 'string' and jsonb_typeof(${y}) = 'string' then (${x} #>> '{}') collate "C" ${o} (${y} #>> '{}') collate "C"
      when jsonb_typeof(${x}) = jsonb_typeof(${y}) then ${x} ${o} ${y}
    end)`;
  }

  private unary(n: CstNode, ctx: Ctx): Expr {
    const signs = n.children.filter((c) => c.rule === null && !c.space).map((c) => c.token);
    const operand = rule(n, 'stringListNullOperatorExpression')!;
    const negative = signs.filter((s) => s === '-').length % 2 === 1;
    const inner = unwrap(operand);
    const lit = inner.rule === 'integerLiteral' || inner.rule === 'doubleLiteral' ? inner : undefined;
    if (lit) return this.numberLiteral(lit, negative);
    const value = this.expr(operand, ctx);
    if (value.type !== 'value') throw cypherError(n, 'Type mismatch: a sign needs a number');
    const v = negative ? sql`gas_cypher_arithmetic('-', '0'::jsonb, ${value.sql}, ${positionOf(n)}::text)` : sql`gas_cypher_arithmetic('+', '0'::jsonb, ${value.sql}, ${positionOf(n)}::text)`;
    // +x of a non-number must fail as -x does (0 + 'a' would join strings).
    return { sql: sql`(case when jsonb_typeof(${value.sql}) in ('number') or ${value.sql} is null then ${v} else ${raise('GCY02', `Type mismatch: a sign needs a number (at ${positionOf(n)})`, 'jsonb')} end)`, type: 'value', aggregate: value.aggregate };
  }

  /** a + b - c, a * b / c % d: left to right, each step gas_cypher_arithmetic. */
  private arithmetic(n: CstNode, ctx: Ctx): Expr {
    const operandRule = n.rule === 'addOrSubtractExpression' ? 'multiplyDivideModuloExpression' : 'powerOfExpression';
    let current: Expr | undefined;
    let op: string | undefined;
    let opNode: CstNode | undefined;
    for (const child of n.children) {
      if (child.space) continue;
      if (child.rule === null) {
        op = child.token ?? '';
        opNode = child;
        continue;
      }
      if (child.rule !== operandRule) continue;
      const value = this.expr(child, ctx);
      if (value.type !== 'value' && value.type !== 'nodes' && value.type !== 'rels') throw unsupported(child, 'Arithmetic on nodes, relationships or booleans');
      if (!current) {
        current = value;
        continue;
      }
      if ((current.type !== 'value' || value.type !== 'value') && op !== '+') throw unsupported(opNode!, `The operator ${op} on lists of nodes or relationships`);
      if (current.type !== 'value' || value.type !== 'value') throw unsupported(opNode!, 'Joining lists of nodes or relationships');
      current = {
        sql: sql`gas_cypher_arithmetic(${op!}::text, ${current.sql}, ${value.sql}, ${positionOf(opNode!)}::text)`,
        type: 'value',
        nestedNull: current.nestedNull || value.nestedNull,
        aggregate: current.aggregate || value.aggregate,
      };
    }
    return current!;
  }

  /** CASE [x] WHEN ... THEN ... [ELSE ...] END: the generic form tests booleans, the simple form compares with =. */
  private caseExpression(n: CstNode, ctx: Ctx): Expr {
    const subjectNode = rule(n, 'expression');
    const alternatives = rules(n, 'caseAlternatives');
    const elseIndex = n.children.findIndex((c) => c.rule === null && (c.token ?? '').toUpperCase() === 'ELSE');
    const elseNode = elseIndex >= 0 ? n.children.slice(elseIndex + 1).find((c) => c.rule === 'expression') : undefined;
    const subject = subjectNode && subjectNode !== elseNode ? this.expr(subjectNode, ctx) : undefined;
    const parts: Sql[] = [];
    let aggregate = !!subject?.aggregate;
    let nestedNull = false;
    const result = (e: Expr, at: CstNode): Sql => {
      if (e.type !== 'value' && e.type !== 'bool') throw unsupported(at, 'CASE with a node, relationship or path as a result');
      aggregate = aggregate || !!e.aggregate;
      nestedNull = nestedNull || !!e.nestedNull;
      return this.json(e);
    };
    for (const alternative of alternatives) {
      const [whenNode, thenNode] = rules(alternative, 'expression');
      const when = this.expr(whenNode, ctx);
      aggregate = aggregate || !!when.aggregate;
      const condition = subject ? this.equals(subject, when, whenNode) : this.bool(when, whenNode);
      parts.push(sql`when ${condition} then ${result(this.expr(thenNode, ctx), thenNode)}`);
    }
    const otherwise = elseNode ? sql` else ${result(this.expr(elseNode, ctx), elseNode)}` : raw('');
    return { sql: sql`(case ${join(parts, ' ')}${otherwise} end)`, type: 'value', aggregate, nestedNull };
  }

  /**
   * [x IN list WHERE cond | expr], any / all / none / single(x IN list WHERE cond): over the list's
   * elements in order (nodes and relationships of a list as their JSON objects), with Cypher's
   * three-valued predicates (any: true when one is true, else null when one is null).
   */
  private overList(n: CstNode, ctx: Ctx): Expr {
    const filter = rule(n, 'filterExpression')!;
    const idInColl = rule(filter, 'idInColl')!;
    const variable = rule(idInColl, 'variable')!;
    const name = nameOf(variable);
    const list = this.expr(rule(idInColl, 'expression')!, { ...ctx, aggregates: false });
    if (list.type !== 'value' && list.type !== 'nodes' && list.type !== 'rels') throw unsupported(idInColl, 'A list comprehension over this value');
    const e = this.fresh('e');
    // An element may hold a null inside it only if it is a list or map of the literal that does
    // (`x IN [2, null] WHERE x = 2` compares numbers).
    const constant = list.constant?.value;
    const nestedNull = list.constant ? Array.isArray(constant) && constant.some((v) => v !== null && typeof v === 'object' && hasNestedNull(v)) : list.nestedNull;
    const element: Binding = { kind: list.type === 'nodes' ? 'nodeobj' : list.type === 'rels' ? 'relobj' : 'value', sql: raw(`nullif(${e}.v, 'null'::jsonb)`), nestedNull };
    const inner: Ctx = { vars: new Map(ctx.vars).set(name, element), aggregates: false, order: [] };
    const where = rule(filter, 'where');
    const condition = where ? this.condition(rule(where, 'expression')!, inner) : undefined;
    const l = list.sql;
    const elements = sql`jsonb_array_elements(${l}) with ordinality ${raw(e)}(v, o)`;
    const notList = raise('GCY02', `Type mismatch: expected a list (at ${positionOf(idInColl)})`, 'jsonb');
    const wrap = (body: Sql, type: ExprType): Expr => ({
      sql: sql`(case when ${l} is null then null when jsonb_typeof(${l}) <> 'array' then ${type === 'bool' ? sql`(${notList} is null)` : notList} else ${body} end)`,
      type,
    });
    if (n.rule === 'listComprehension') {
      const projectionNode = rules(n, 'expression')[0];
      const projection = projectionNode ? this.expr(projectionNode, inner) : { sql: element.sql, type: (element.kind === 'nodeobj' ? 'nodeobj' : element.kind === 'relobj' ? 'relobj' : 'value') as ExprType };
      if (projection.type === 'path' || projection.type === 'pattern' || projection.type === 'nodes' || projection.type === 'rels') throw unsupported(projectionNode ?? n, 'A list comprehension of paths or lists of nodes');
      const type: ExprType = projection.type === 'node' || projection.type === 'nodeobj' ? 'nodes' : projection.type === 'rel' || projection.type === 'relobj' ? 'rels' : 'value';
      const body = sql`(select coalesce(jsonb_agg(${this.json(projection)} order by ${raw(e)}.o), '[]'::jsonb) from ${elements}${condition ? sql` where ${condition}` : raw('')})`;
      return { ...wrap(body, type), nestedNull: true };
    }
    if (!condition) throw cypherError(n, `${textOf(n).split('(')[0].trim()}() needs a WHERE`);
    const c = condition;
    const verdict =
      n.rule === 'anyFunction'
        ? sql`case when bool_or(${c}) then true when bool_or(${c} is null) then null else false end`
        : n.rule === 'allFunction'
          ? sql`case when bool_or(not ${c}) then false when bool_or(${c} is null) then null else true end`
          : n.rule === 'singleFunction'
            ? // single: two true make false whatever the nulls; else a null makes null; else exactly one true.
              sql`case when count(*) filter (where ${c}) >= 2 then false when bool_or(${c} is null) then null else count(*) filter (where ${c}) = 1 end`
            : sql`case when bool_or(${c}) then false when bool_or(${c} is null) then null else true end`;
    return wrap(sql`(select ${verdict} from ${elements})`, 'bool');
  }

  /** n {.name, .*, key: expr, v}: entries in order, a later key replaces an earlier one; null for a null element. */
  private mapProjection(n: CstNode, ctx: Ctx): Expr {
    const variable = rule(n, 'variable')!;
    const target = this.variable(variable, ctx);
    if (!['node', 'rel', 'nodeobj', 'relobj', 'value'].includes(target.type)) throw unsupported(n, 'A map projection of this value');
    const parts: Sql[] = [];
    let aggregate = false;
    for (const variant of rules(n, 'mapProjectionVariants')) {
      const item = rules(variant)[0];
      if (item.rule === 'propertySelector') {
        const key = nameOf(rule(item, 'variable') ?? rule(item, 'propertyKeyName') ?? rules(item)[0]);
        parts.push(sql`jsonb_build_object(${key}::text, ${this.property(target, key, item).sql})`);
      } else if (item.rule === 'allPropertiesSelector') {
        if (target.type === 'node' || target.type === 'rel') {
          const alias = target.element!.alias!();
          parts.push(target.type === 'node' ? this.scope.nodeProperties(alias) : this.scope.relationshipProperties(alias));
        } else if (target.type === 'nodeobj' || target.type === 'relobj') parts.push(sql`(${target.sql} -> 'properties')`);
        else parts.push(sql`(case when jsonb_typeof(${target.sql}) = 'object' then ${target.sql} else ${raise('GCY02', `Type mismatch: .* needs a map, node or relationship (at ${positionOf(item)})`, 'jsonb')} end)`);
      } else if (item.rule === 'literalEntry') {
        const key = nameOf(rule(item, 'propertyKeyName')!);
        const value = this.expr(rule(item, 'expression')!, ctx);
        aggregate = aggregate || !!value.aggregate;
        if (value.type === 'pattern' || value.type === 'node' || value.type === 'rel') throw unsupported(item, 'A map projection entry holding a node, relationship or pattern');
        parts.push(sql`jsonb_build_object(${key}::text, ${this.json(value)})`);
      } else if (item.rule === 'variableSelector') {
        const v = rule(item, 'variable')!;
        const value = this.variable(v, ctx);
        if (value.type === 'node' || value.type === 'rel') throw unsupported(item, 'A map projection entry holding a node or relationship');
        parts.push(sql`jsonb_build_object(${nameOf(v)}::text, ${this.json(value)})`);
      } else throw unsupported(item, 'This map projection entry');
    }
    const map = parts.length ? join(parts, ' || ') : raw(`'{}'::jsonb`);
    return { sql: sql`(case when ${target.sql} is null then null else ${map} end)`, type: 'value', nestedNull: true, aggregate };
  }

  private stringListNull(n: CstNode, ctx: Ctx): Expr {
    const kids = n.children.filter((c) => !c.space);
    let current = this.expr(kids[0], ctx);
    let i = 1;
    while (i < kids.length) {
      const k = kids[i];
      const word = (k.token ?? '').toUpperCase();
      if (k.rule === null && word === 'IS') {
        const not = (kids[i + 1]?.token ?? '').toUpperCase() === 'NOT';
        const value = current.type === 'bool' ? current.sql : current.type === 'node' || current.type === 'rel' ? current.sql : current.sql;
        current = { sql: sql`(${value} is ${raw(not ? 'not null' : 'null')})`, type: 'bool', aggregate: current.aggregate };
        i += not ? 3 : 2;
        continue;
      }
      if (k.rule === null && (word === 'STARTS' || word === 'ENDS' || word === 'CONTAINS')) {
        i += word === 'CONTAINS' ? 1 : 2;
        const right = this.expr(kids[i], ctx);
        i += 1;
        if (current.type !== 'value' || right.type !== 'value') throw unsupported(k, `${word === 'CONTAINS' ? 'CONTAINS' : `${word} WITH`} on a value that is not a string`);
        const x = current.sql;
        const y = right.sql;
        const tx = sql`(${x} #>> '{}')`;
        const ty = sql`(${y} #>> '{}')`;
        const test = word === 'STARTS' ? sql`starts_with(${tx}, ${ty})` : word === 'ENDS' ? sql`right(${tx}, char_length(${ty})) = ${ty}` : sql`strpos(${tx}, ${ty}) > 0`;
        current = { sql: sql`(case when jsonb_typeof(${x}) = 'string' and jsonb_typeof(${y}) = 'string' then ${test} end)`, type: 'bool', aggregate: current.aggregate || right.aggregate };
        continue;
      }
      if (k.rule === null && word === 'IN') {
        const right = this.expr(kids[i + 1], ctx);
        i += 2;
        current = this.inList(current, right, k);
        continue;
      }
      if (k.rule === null && word === '=~') {
        const right = this.expr(kids[i + 1], ctx);
        i += 2;
        current = this.regexMatch(current, right, k);
        continue;
      }
      if (k.rule === null && word === '[') {
        let j = i + 1;
        const inside: CstNode[] = [];
        while (j < kids.length && !(kids[j].rule === null && kids[j].token === ']')) inside.push(kids[j++]);
        if (inside.some((c) => c.rule === null && c.token === '..')) {
          current = this.slice(current, inside, k, ctx);
          i = j + 1;
          continue;
        }
        if (inside.length !== 1) throw unsupported(k, 'A slice x[a..b]');
        if (current.type !== 'value') throw unsupported(k, 'A subscript on a node, relationship, path or list of them');
        const index = this.expr(inside[0], ctx);
        if (index.type !== 'value') throw cypherError(inside[0], 'Type mismatch: a subscript is an integer or a string');
        const x = current.sql;
        const ix = index.sql;
        current = {
          sql: sql`(case when ${x} is null or ${ix} is null then null
            when jsonb_typeof(${x}) = 'array' and ${isInt(ix)} then (case when abs((${ix})::numeric) < 2147483647 then nullif(${x} -> ((${ix})::text::int), 'null'::jsonb) end)
            when jsonb_typeof(${x}) = 'object' and jsonb_typeof(${ix}) = 'string' then nullif(${x} -> (${ix} #>> '{}'), 'null'::jsonb)
            else ${raise('GCY02', `Type mismatch: a list takes an integer subscript, a map a string (at ${positionOf(k)})`, 'jsonb')} end)`,
          type: 'value',
          nestedNull: current.nestedNull,
          aggregate: current.aggregate || index.aggregate,
        };
        i = j + 1;
        continue;
      }
      throw unsupported(k, constructName(k));
    }
    return current;
  }

  /**
   * `x =~ 'pattern'` for a pattern known when translating (literal or parameter) written in the
   * part of the regular-expression language where java.util.regex and PostgreSQL agree (checked by
   * safeRegex), matched against printable ASCII text without line breaks (else GCY01 at run
   * time): there both engines give the same answer.
   */
  private regexMatch(x: Expr, pattern: Expr, at: CstNode): Expr {
    if (x.type !== 'value') throw unsupported(at, 'The operator =~ on a value that is not a string');
    const value = pattern.constant?.value;
    if (!pattern.constant) throw unsupported(at, 'The operator =~ with a pattern that is not a literal or parameter');
    if (value === null) return { sql: raw('null::boolean'), type: 'bool' };
    if (typeof value !== 'string') throw cypherError(at, 'Type mismatch: =~ expects a string pattern');
    const why = safeRegex(value);
    if (why) throw unsupported(at, `The operator =~ with this pattern (${why})`);
    let translated: string;
    try {
      translated = postgresRegex(value);
    } catch {
      throw unsupported(at, 'The operator =~ with this pattern');
    }
    const t = sql`(${x.sql} #>> '{}')`;
    return {
      sql: sql`(case when jsonb_typeof(${x.sql}) <> 'string' or ${x.sql} is null then null
        when ${t} !~ '^[\x09\x20-\x7e]*$' then ${raise('GCY01', `The operator =~ on text beyond printable ASCII or with line breaks (at ${positionOf(at)}) is not supported by Cypher on the PostgreSQL backend`, 'boolean')}
        else ${t} ~ ${translated}::text end)`,
      type: 'bool',
      aggregate: x.aggregate,
    };
  }

  private inList(x: Expr, list: Expr, at: CstNode): Expr {
    if (x.type !== 'value' && x.type !== 'bool') throw unsupported(at, 'IN with a node or relationship');
    if (list.type !== 'value') throw unsupported(at, 'IN over a list of nodes or relationships');
    const v = this.json(x);
    const l = list.sql;
    // A list or map, or a list holding lists or maps: Cypher's three-valued equality with each
    // element (gas_cypher_equals), true when one is equal, else null when one is null.
    const nestedCheck = sql`not exists (select 1 from jsonb_array_elements(${l}) gas_e(v) where jsonb_typeof(gas_e.v) in ('array', 'object'))`;
    const nestedIn = sql`(select case when bool_or(gas_cypher_equals(${v}, gas_e.v)) then true when bool_or(gas_cypher_equals(${v}, gas_e.v) is null) then null else false end from jsonb_array_elements(${l}) gas_e(v))`;
    return {
      sql: sql`(case
        when ${l} is null then null
        when jsonb_typeof(${l}) <> 'array' then ${raise('GCY02', `Type mismatch: IN expects a list (at ${positionOf(at)})`, 'boolean')}
        when jsonb_array_length(${l}) = 0 then false
        when ${v} is null then null
        when jsonb_typeof(${v}) in ('array', 'object') or not (${nestedCheck}) then ${nestedIn}
        when exists (select 1 from jsonb_array_elements(${l}) gas_e(v) where gas_e.v = ${v}) then true
        when exists (select 1 from jsonb_array_elements(${l}) gas_e(v) where gas_e.v = 'null'::jsonb) then null
        else false
      end)`,
      type: 'bool',
      aggregate: x.aggregate || list.aggregate,
    };
  }

  private propertyOrLabels(n: CstNode, ctx: Ctx): Expr {
    const atomNode = rule(n, 'atom')!;
    let current = this.expr(atomNode, ctx);
    for (const lookup of rules(n, 'propertyLookup')) {
      current = this.property(current, nameOf(rule(lookup, 'propertyKeyName')!), lookup);
    }
    const labels = rule(n, 'nodeLabels');
    if (labels) {
      if (current.type === 'nodeobj') {
        const names = rules(labels, 'nodeLabel').map((l) => nameOf(rule(l, 'labelName')!));
        const tests = names.map((l) => (this.scope.labelVisible(l) ? sql`jsonb_exists(${current.sql} -> 'labels', ${l}::text)` : FALSE));
        return { sql: sql`(case when ${current.sql} is null then null else ${and(tests)} end)`, type: 'bool' };
      }
      if (current.type !== 'node') throw unsupported(labels, 'A label test on a value that is not a node variable');
      const names = rules(labels, 'nodeLabel').map((l) => nameOf(rule(l, 'labelName')!));
      const alias = current.element!.alias!();
      const test = names.every((l) => this.scope.labelVisible(l)) ? sql`${raw(alias)}.labels @> ${names}::text[]` : FALSE;
      current = { sql: sql`(case when ${current.sql} is null then null else ${test} end)`, type: 'bool' };
    }
    return current;
  }

  private property(target: Expr, key: string, at: CstNode): Expr {
    if (target.type === 'node' || target.type === 'rel') {
      const alias = target.element!.alias!();
      const accessor = target.type === 'node' ? this.scope.nodeAccessor(alias, key) : this.scope.relationshipAccessor(alias, key);
      return { sql: accessor, type: 'value' };
    }
    if (target.type === 'nodeobj' || target.type === 'relobj') {
      return { sql: sql`nullif(${target.sql} -> 'properties' -> ${key}::text, 'null'::jsonb)`, type: 'value', aggregate: target.aggregate };
    }
    if (target.type === 'value') {
      const v = target.sql;
      return {
        sql: sql`(case when ${v} is null then null when jsonb_typeof(${v}) = 'object' then nullif(${v} -> ${key}::text, 'null'::jsonb) else ${raise('GCY02', `Type mismatch: property access .${key} on a value that is not a map, node or relationship (at ${positionOf(at)})`, 'jsonb')} end)`,
        type: 'value',
        nestedNull: target.nestedNull,
        aggregate: target.aggregate,
      };
    }
    throw unsupported(at, `Property access .${key} on this value`);
  }

  private variable(n: CstNode, ctx: Ctx, named?: string): Expr {
    const name = named ?? nameOf(n);
    const b = ctx.vars.get(name);
    if (!b) throw cypherError(n, `Variable \`${name}\` not defined`);
    const type: ExprType = b.kind === 'node' ? 'node' : b.kind === 'rel' ? 'rel' : b.kind;
    return { sql: b.sql, type, element: b.alias ? b : undefined, nestedNull: b.nestedNull };
  }

  private parameter(n: CstNode): Expr {
    const inner = unwrap(n);
    if (inner.rule === 'legacyParameter' || textOf(n).trim().startsWith('{')) throw unsupported(n, 'The parameter syntax {name}');
    const nameNode = rule(inner, 'parameterName') ?? inner;
    const name = nameOf(nameNode).replace(/^\$/, '');
    if (!Object.prototype.hasOwnProperty.call(this.params, name)) {
      throw new BadRequestError(`The query uses the parameter $${name} (at ${positionOf(n)}), which the request does not give`, 'CYPHER_PARAMETER_MISSING', { parameter: name });
    }
    const value = this.params[name] ?? null;
    return { sql: literalJson(value), type: 'value', constant: { value }, nestedNull: hasNestedNull(value) };
  }

  private numberLiteral(n: CstNode, negative: boolean): Expr {
    const text = textOf(n).trim();
    if (n.rule === 'doubleLiteral' || /[.eE]/.test(text) && !/^0x/i.test(text)) {
      const value = (negative ? -1 : 1) * Number(text);
      if (!Number.isFinite(value)) throw cypherError(n, 'The floating point number is too large');
      return { sql: literalJson(value, true), type: 'value', constant: { value } };
    }
    let big: bigint;
    if (/^0x/i.test(text)) big = BigInt(text);
    else if (/^0o/i.test(text)) big = BigInt(text);
    else if (/^0[0-7]+$/.test(text)) big = BigInt('0o' + text.slice(1));
    else if (/^\d+$/.test(text)) big = BigInt(text);
    else throw unsupported(n, `The number ${text}`);
    if (negative) big = -big;
    if (big > 2n ** 63n - 1n || big < -(2n ** 63n)) throw cypherError(n, 'The integer is too large');
    const value = Number.isSafeInteger(Number(big)) ? Number(big) : big;
    return { sql: literalJson(value), type: 'value', constant: { value } };
  }

  private literal(n: CstNode, ctx: Ctx): Expr {
    switch (n.rule) {
      case 'integerLiteral':
      case 'doubleLiteral':
        return this.numberLiteral(n, false);
      case 'numberLiteral':
        return this.numberLiteral(rules(n)[0], false);
      case 'stringLiteral': {
        const value = unescapeString(n, textOf(n).trim());
        return { sql: literalJson(value), type: 'value', constant: { value } };
      }
      case 'booleanLiteral': {
        const value = textOf(n).trim().toUpperCase() === 'TRUE';
        return { sql: value ? TRUE : FALSE, type: 'bool', constant: { value } };
      }
      case 'listLiteral': {
        const items = rules(n, 'expression').map((e) => this.expr(e, ctx));
        if (items.some((i) => i.type !== 'value' && i.type !== 'bool')) throw unsupported(n, 'A list of nodes, relationships or paths');
        const aggregate = items.some((i) => i.aggregate);
        if (items.every((i) => i.constant)) {
          const value = items.map((i) => i.constant!.value);
          // Keep float literals as floats inside the list.
          return { sql: items.length ? sql`jsonb_build_array(${join(items.map((i) => this.json(i)), ', ')})` : raw(`'[]'::jsonb`), type: 'value', constant: { value }, nestedNull: hasNestedNull(value) };
        }
        return { sql: items.length ? sql`jsonb_build_array(${join(items.map((i) => this.json(i)), ', ')})` : raw(`'[]'::jsonb`), type: 'value', nestedNull: true, aggregate };
      }
      case 'mapLiteral': {
        const entries = rules(n, 'literalEntry').map((e) => ({ key: nameOf(rule(e, 'propertyKeyName')!), value: this.expr(rule(e, 'expression')!, ctx) }));
        if (entries.some((e) => e.value.type !== 'value' && e.value.type !== 'bool')) throw unsupported(n, 'A map holding nodes, relationships or paths');
        const parts: Sql[] = [];
        for (const e of entries) parts.push(sql`${e.key}::text`, this.json(e.value));
        const constant = entries.every((e) => e.value.constant) ? { value: Object.fromEntries(entries.map((e) => [e.key, e.value.constant!.value])) } : undefined;
        return {
          sql: parts.length ? sql`jsonb_build_object(${join(parts, ', ')})` : raw(`'{}'::jsonb`),
          type: 'value',
          constant,
          nestedNull: constant ? hasNestedNull(constant.value) : true,
          aggregate: entries.some((e) => e.value.aggregate),
        };
      }
      case 'literal':
        if (textOf(n).trim().toUpperCase() === 'NULL') return { sql: raw('null::jsonb'), type: 'value', constant: { value: null } };
        return this.literal(rules(n)[0], ctx);
      default:
        throw unsupported(n, constructName(n));
    }
  }

  // -------------------------------------------------------------------------------------------
  // Functions

  private functionCall(n: CstNode, ctx: Ctx): Expr {
    const body = rule(n, 'functionInvocationBody')!;
    const namespace = rule(body, 'namespace');
    const nsText = namespace ? textOf(namespace).trim() : '';
    const fname = nameOf(rule(body, 'functionName')!);
    if (nsText) throw unsupported(n, `The function ${nsText}${fname}`);
    const distinct = hasToken(n, 'DISTINCT');
    const argNodes = rules(n, 'expression');
    const lower = fname.toLowerCase();
    const aggregates = ['count', 'collect', 'sum', 'avg', 'min', 'max'];
    if (aggregates.includes(lower)) {
      if (!ctx.aggregates) throw unsupported(n, `The aggregate ${fname}() here (only as a whole WITH or RETURN item)`);
      if (argNodes.length !== 1) throw cypherError(n, `${fname}() takes one argument`);
      // As Neo4j: no random function inside an aggregate (TCK Return6 [15], NonConstantExpression).
      const random = descendants(argNodes[0], 'functionInvocation').find((f) => nameOf(rule(rule(f, 'functionInvocationBody')!, 'functionName')!).toLowerCase() === 'rand');
      if (random) throw cypherError(random, `Can't use non-deterministic (random) functions inside of aggregate functions`);
      const arg = this.expr(argNodes[0], { ...ctx, aggregates: false });
      return this.aggregate(lower, arg, distinct, n, ctx);
    }
    if (distinct) throw cypherError(n, `DISTINCT is only for aggregates`);
    const args = argNodes.map((a) => this.expr(a, ctx));
    const result = this.scalarFunction(n, fname, lower, args);
    return args.some((a) => a.aggregate) ? { ...result, aggregate: true } : result;
  }

  private scalarFunction(n: CstNode, fname: string, lower: string, args: Expr[]): Expr {
    const arity = (k: number) => {
      if (args.length !== k) throw cypherError(n, `${fname}() takes ${k} argument${k === 1 ? '' : 's'}`);
    };
    const one = () => {
      arity(1);
      return args[0];
    };
    switch (lower) {
      case 'rand':
        arity(0);
        // PostgreSQL's random(): a float in [0, 1), drawn per row as Neo4j draws it per evaluation.
        // (Once: floatJson would draw twice; a draw is never integral in practice.)
        return { sql: raw('to_jsonb(random())'), type: 'value' };
      case 'pi':
        arity(0);
        return { sql: floatJson(raw('pi()')), type: 'value' };
      case 'id': {
        const a = one();
        if (a.type === 'nodeobj' || a.type === 'relobj') return { sql: sql`to_jsonb((${a.sql} ->> 'id')::bigint)`, type: 'value' };
        if (a.type !== 'node' && a.type !== 'rel') throw unsupported(n, 'id() of a value that is not a node or relationship variable');
        return { sql: sql`to_jsonb(${a.sql})`, type: 'value' };
      }
      case 'labels': {
        const a = one();
        if (a.type === 'nodeobj') return { sql: sql`(${a.sql} -> 'labels')`, type: 'value' };
        if (a.type !== 'node') throw unsupported(n, 'labels() of a value that is not a node variable');
        const alias = a.element!.alias!();
        return { sql: sql`(case when ${a.sql} is null then null else to_jsonb(${this.scope.nodeLabels(alias)}) end)`, type: 'value' };
      }
      case 'type': {
        const a = one();
        if (a.type === 'relobj') return { sql: sql`(${a.sql} -> 'type')`, type: 'value' };
        if (a.type !== 'rel') throw unsupported(n, 'type() of a value that is not a relationship variable');
        return { sql: sql`to_jsonb(${raw(a.element!.alias!())}.type)`, type: 'value' };
      }
      case 'properties':
      case 'keys': {
        const a = one();
        let props: Sql;
        if (a.type === 'nodeobj' || a.type === 'relobj') {
          props = sql`(${a.sql} -> 'properties')`;
        } else if (a.type === 'node' || a.type === 'rel') {
          const alias = a.element!.alias!();
          props = sql`(case when ${a.sql} is null then null else ${a.type === 'node' ? this.scope.nodeProperties(alias) : this.scope.relationshipProperties(alias)} end)`;
        } else if (a.type === 'value') {
          props = sql`(case when jsonb_typeof(${a.sql}) = 'object' or ${a.sql} is null then ${a.sql} else ${raise('GCY02', `Type mismatch: ${fname}() expects a map, node or relationship (at ${positionOf(n)})`, 'jsonb')} end)`;
          if (lower === 'properties') throw unsupported(n, 'properties() of a map');
        } else throw unsupported(n, `${fname}() of a list`);
        if (lower === 'properties') return { sql: props, type: 'value' };
        return { sql: sql`(select case when ${props} is null then null else coalesce(jsonb_agg(gas_k), '[]'::jsonb) end from jsonb_object_keys(${props}) gas_k)`, type: 'value' };
      }
      case 'tolower':
      case 'toupper': {
        const a = one();
        if (a.type !== 'value') throw cypherError(n, `Type mismatch: ${fname}() expects a string`);
        const t = sql`(${a.sql} #>> '{}')`;
        const f = raw(lower === 'tolower' ? 'lower' : 'upper');
        return {
          sql: sql`(case when ${a.sql} is null then null
            when jsonb_typeof(${a.sql}) <> 'string' then ${raise('GCY02', `Type mismatch: ${fname}() expects a string (at ${positionOf(n)})`, 'jsonb')}
            when ${t} !~ '^[\\x01-\\x7f]*$' then ${raise('GCY01', `${fname}() of text beyond ASCII (at ${positionOf(n)}) is not supported by Cypher on the PostgreSQL backend`, 'jsonb')}
            else to_jsonb(${f}(${t})) end)`,
          type: 'value',
        };
      }
      case 'size': {
        const a = one();
        if (a.type === 'pattern') return { sql: sql`to_jsonb(${a.count!})`, type: 'value' };
        if (a.type === 'nodes' || a.type === 'rels') return { sql: sql`to_jsonb(jsonb_array_length(${a.sql}))`, type: 'value' };
        if (a.type !== 'value') throw cypherError(n, 'Type mismatch: size() expects a string or a list');
        const t = sql`(${a.sql} #>> '{}')`;
        return {
          sql: sql`(case when ${a.sql} is null then null
            when jsonb_typeof(${a.sql}) = 'array' then to_jsonb(jsonb_array_length(${a.sql}))
            when jsonb_typeof(${a.sql}) = 'string' then to_jsonb(char_length(${t}) + char_length(regexp_replace(${t}, '[^\\U00010000-\\U0010FFFF]', '', 'g')))
            else ${raise('GCY02', `Type mismatch: size() expects a string or a list (at ${positionOf(n)})`, 'jsonb')} end)`,
          type: 'value',
        };
      }
      case 'startnode':
      case 'endnode': {
        const a = one();
        const end = raw(lower === 'startnode' ? 'start_id' : 'end_id');
        const x = this.fresh('x');
        let id: Sql;
        if (a.type === 'rel') id = sql`${raw(a.element!.alias!())}.${end}`;
        else if (a.type === 'relobj') id = sql`(${a.sql} ->> ${lower === 'startnode' ? 'startNodeId' : 'endNodeId'}::text)::bigint`;
        else throw unsupported(n, `${fname}() of a value that is not a relationship`);
        // The ends of a visible relationship are visible (its rule includes them).
        return { sql: sql`(select ${this.nodeObject(x)} from graph_nodes ${raw(x)} where ${raw(x)}.id = ${id})`, type: 'nodeobj' };
      }
      case 'nodes':
      case 'relationships':
      case 'length': {
        const a = one();
        if (a.type === 'value' && a.constant?.value === null) return { sql: raw('null::jsonb'), type: 'value', constant: { value: null } };
        if (a.type !== 'path') throw unsupported(n, `${fname}() of a value that is not a path variable`);
        if (lower === 'nodes') return { sql: sql`(${a.sql} -> 'nodes')`, type: 'nodes' };
        if (lower === 'relationships') return { sql: sql`(${a.sql} -> 'relationships')`, type: 'rels' };
        return { sql: sql`to_jsonb(jsonb_array_length(${a.sql} -> 'relationships'))`, type: 'value' };
      }
      case 'abs':
      case 'sign':
      case 'floor':
      case 'ceil':
      case 'round':
      case 'sqrt': {
        const a = one();
        if (a.type !== 'value') throw cypherError(n, `Type mismatch: ${fname}() expects a number`);
        const v = a.sql;
        const f = sql`(${v})::text::float8`;
        const notNumber = raise('GCY02', `Type mismatch: ${fname}() expects a number (at ${positionOf(n)})`, 'jsonb');
        let body: Sql;
        if (lower === 'abs') body = sql`case when ${isInt(v)} then (case when (${v})::text::numeric = -9223372036854775808 then ${raise('GCY02', `integer overflow (at ${positionOf(n)})`, 'jsonb')} else to_jsonb(abs((${v})::text::numeric)) end) else ${floatJson(sql`abs(${f})`)} end`;
        else if (lower === 'sign') body = sql`to_jsonb(sign((${v})::text::numeric)::int)`;
        else if (lower === 'floor') body = floatJson(sql`floor(${f})`);
        else if (lower === 'ceil') body = floatJson(sql`ceil(${f})`);
        // Java's Math.round: halves go up (-2.5 → -2), everything else to the nearest.
        else if (lower === 'round') body = floatJson(sql`(case when ${f} - floor(${f}) = 0.5 then floor(${f}) + 1 else round(${f}) end)`);
        else body = sql`case when ${f} < 0 then ${raise('GCY01', `sqrt() of a negative number (at ${positionOf(n)}) is not supported by Cypher on the PostgreSQL backend`, 'jsonb')} else ${floatJson(sql`sqrt(${f})`)} end`;
        return { sql: sql`(case when ${v} is null then null when jsonb_typeof(${v}) <> 'number' then ${notNumber} else ${body} end)`, type: 'value' };
      }
      case 'head':
      case 'last':
      case 'tail':
      case 'reverse': {
        const a = one();
        if (a.type !== 'value') throw unsupported(n, `${fname}() of nodes, relationships or paths`);
        const v = a.sql;
        let body: Sql;
        if (lower === 'head') body = sql`nullif(${v} -> 0, 'null'::jsonb)`;
        else if (lower === 'last') body = sql`nullif(${v} -> -1, 'null'::jsonb)`;
        else if (lower === 'tail') body = sql`(${v} - 0)`;
        else body = sql`(select coalesce(jsonb_agg(gas_r.e order by gas_r.o desc), '[]'::jsonb) from jsonb_array_elements(${v}) with ordinality gas_r(e, o))`;
        const text = lower === 'reverse' ? sql`when jsonb_typeof(${v}) = 'string' then to_jsonb(reverse(${v} #>> '{}'))` : raw('');
        return {
          sql: sql`(case when ${v} is null then null when jsonb_typeof(${v}) = 'array' then ${body} ${text} else ${raise('GCY02', `Type mismatch: ${fname}() expects a list (at ${positionOf(n)})`, 'jsonb')} end)`,
          type: 'value',
          nestedNull: a.nestedNull,
        };
      }
      case 'range': {
        if (args.length !== 2 && args.length !== 3) throw cypherError(n, 'range() takes two or three arguments');
        if (args.some((a) => a.type !== 'value')) throw cypherError(n, 'Type mismatch: range() expects integers');
        const [from, to, step] = args.map((a) => a.sql);
        const stepSql = step ?? raw(`'1'::jsonb`);
        const ints = and(args.map((a) => isInt(a.sql)));
        return {
          sql: sql`(case when not coalesce(${ints}, false) then ${raise('GCY02', `Type mismatch: range() expects integers (at ${positionOf(n)})`, 'jsonb')}
            when (${stepSql})::text::bigint = 0 then ${raise('GCY02', `range() with a step of 0 (at ${positionOf(n)})`, 'jsonb')}
            else (select coalesce(jsonb_agg(gas_g order by gas_o), '[]'::jsonb) from generate_series((${from})::text::bigint, (${to})::text::bigint, (${stepSql})::text::bigint) with ordinality gas_s(gas_g, gas_o)) end)`,
          type: 'value',
        };
      }
      case 'substring':
      case 'left':
      case 'right': {
        if (lower === 'substring' ? args.length !== 2 && args.length !== 3 : args.length !== 2) throw cypherError(n, `${fname}() takes ${lower === 'substring' ? 'two or three' : 'two'} arguments`);
        if (args.some((a) => a.type !== 'value')) throw cypherError(n, `Type mismatch: ${fname}() expects a string and integers`);
        const [text, ...numbers] = args.map((a) => a.sql);
        const t = sql`(${text} #>> '{}')`;
        const ints = and(numbers.map((x) => isInt(x)));
        const num = (x: Sql) => sql`(${x})::text::bigint`;
        // Java indexes UTF-16 code units: only text without characters beyond the BMP; a negative
        // start or length fails on Neo4j.
        let body: Sql;
        if (lower === 'substring') {
          body = numbers.length === 1 ? sql`to_jsonb(substr(${t}, (${num(numbers[0])} + 1)::int))` : sql`to_jsonb(substr(${t}, (${num(numbers[0])} + 1)::int, ${num(numbers[1])}::int))`;
        } else body = sql`to_jsonb(${raw(lower)}(${t}, ${num(numbers[0])}::int))`;
        return {
          sql: sql`(case when ${text} is null then null
            when jsonb_typeof(${text}) <> 'string' or not coalesce(${ints}, false) then ${raise('GCY02', `Type mismatch: ${fname}() expects a string and integers (at ${positionOf(n)})`, 'jsonb')}
            when ${or(numbers.map((x) => sql`${num(x)} < 0 or ${num(x)} > 2147483646`))} then ${raise('GCY02', `${fname}() with a negative or too large number (at ${positionOf(n)})`, 'jsonb')}
            when ${t} ~ '[\\U00010000-\\U0010FFFF]' then ${raise('GCY01', `${fname}() of text with characters beyond the BMP (at ${positionOf(n)}) is not supported by Cypher on the PostgreSQL backend`, 'jsonb')}
            else ${body} end)`,
          type: 'value',
        };
      }
      case 'replace':
      case 'split':
      case 'trim':
      case 'ltrim':
      case 'rtrim':
      case 'toboolean': {
        const expected = lower === 'replace' ? 3 : lower === 'split' ? 2 : 1;
        arity(expected);
        if (args.some((a) => a.type !== 'value' && !(lower === 'toboolean' && a.type === 'bool'))) throw cypherError(n, `Type mismatch: ${fname}() expects strings`);
        if (lower === 'toboolean' && args[0].type === 'bool') return args[0];
        const texts = args.map((a) => sql`(${a.sql} #>> '{}')`);
        const nulls = or(args.map((a) => sql`${a.sql} is null`));
        // toBoolean() of a boolean is that boolean (`UNWIND [true, false] AS b RETURN toBoolean(b)`).
        const strings = and(args.map((a) => (lower === 'toboolean' ? sql`jsonb_typeof(${a.sql}) in ('string', 'boolean')` : sql`jsonb_typeof(${a.sql}) = 'string'`)));
        const refuse = (why: string) => raise('GCY01', `${fname}() ${why} (at ${positionOf(n)}) is not supported by Cypher on the PostgreSQL backend`, 'jsonb');
        // Only ASCII text without control characters other than \t \n \v \f \r: there the
        // whitespace of Neo4j's trim functions is exactly these and the space.
        const plain = (t: Sql) => sql`${t} ~ '^[\x09-\x0d\x20-\x7e]*$'`;
        let body: Sql;
        switch (lower) {
          case 'replace':
            body = sql`case when ${texts[1]} = '' then ${refuse('with an empty search text')} else to_jsonb(replace(${texts[0]}, ${texts[1]}, ${texts[2]})) end`;
            break;
          case 'split':
            body = sql`case when ${texts[0]} = '' then ${refuse('of an empty text')} when ${texts[1]} = '' then to_jsonb(regexp_split_to_array(${texts[0]}, '')) else to_jsonb(string_to_array(${texts[0]}, ${texts[1]})) end`;
            break;
          case 'toboolean':
            body = sql`case when jsonb_typeof(${args[0].sql}) = 'boolean' then ${args[0].sql} when not ${plain(texts[0])} then ${refuse('of text beyond ASCII')} when lower(btrim(${texts[0]}, E' \t\n\x0b\f\r')) = 'true' then 'true'::jsonb when lower(btrim(${texts[0]}, E' \t\n\x0b\f\r')) = 'false' then 'false'::jsonb end`;
            break;
          default: {
            const f = raw(lower === 'trim' ? 'btrim' : lower);
            body = sql`case when not ${plain(texts[0])} then ${refuse('of text beyond ASCII or with control characters')} else to_jsonb(${f}(${texts[0]}, E' \t\n\x0b\f\r')) end`;
          }
        }
        return {
          sql: sql`(case when ${nulls} then null when not (${strings}) then ${raise('GCY02', `Type mismatch: ${fname}() expects strings (at ${positionOf(n)})`, 'jsonb')} else ${body} end)`,
          type: 'value',
        };
      }
      case 'coalesce': {
        if (args.length === 0) throw cypherError(n, 'coalesce() needs at least one argument');
        if (args.some((a) => a.type !== 'value' && a.type !== 'bool')) throw unsupported(n, 'coalesce() of nodes or relationships');
        return { sql: sql`coalesce(${join(args.map((a) => this.json(a)), ', ')})`, type: 'value', nestedNull: args.some((a) => a.nestedNull) };
      }
      case 'tostring': {
        const a = one();
        if (a.type === 'bool') return { sql: sql`to_jsonb((${a.sql})::text)`, type: 'value' };
        if (a.type !== 'value') throw unsupported(n, 'toString() of a node or relationship');
        const v = a.sql;
        return {
          sql: sql`(case when ${v} is null then null
            when jsonb_typeof(${v}) = 'string' then ${v}
            when jsonb_typeof(${v}) = 'boolean' then to_jsonb((${v})::text)
            when ${isInt(v)} then to_jsonb((${v})::text)
            else ${raise('GCY01', `toString() of this value (at ${positionOf(n)}) is not supported by Cypher on the PostgreSQL backend`, 'jsonb')} end)`,
          type: 'value',
        };
      }
      case 'tointeger': {
        const a = one();
        if (a.type !== 'value') throw unsupported(n, 'toInteger() of this value');
        const v = a.sql;
        const t = sql`(${v} #>> '{}')`;
        return {
          sql: sql`(case when ${v} is null then null
            when ${isInt(v)} then ${v}
            when jsonb_typeof(${v}) = 'number' and abs((${v})::numeric) < 9223372036854775807 then to_jsonb(trunc((${v})::numeric))
            when jsonb_typeof(${v}) = 'string' and ${t} ~ '^-{0,1}[0-9]{1,18}$' then to_jsonb((${t})::numeric)
            when jsonb_typeof(${v}) = 'string' and ${t} !~ '[0-9]' and ${t} !~* '(nan|infinity)' then null
            else ${raise('GCY01', `toInteger() of this value (at ${positionOf(n)}) is not supported by Cypher on the PostgreSQL backend`, 'jsonb')} end)`,
          type: 'value',
        };
      }
      case 'tofloat': {
        const a = one();
        if (a.type !== 'value') throw unsupported(n, 'toFloat() of this value');
        const v = a.sql;
        const t = sql`(${v} #>> '{}')`;
        return {
          sql: sql`(case when ${v} is null then null
            when jsonb_typeof(${v}) = 'number' then ${floatJson(sql`(${v})::float8`)}
            when jsonb_typeof(${v}) = 'string' and ${t} ~ '^-{0,1}[0-9]{1,15}(\\.[0-9]{1,15}){0,1}$' then ${floatJson(sql`(${t})::float8`)}
            when jsonb_typeof(${v}) = 'string' and ${t} !~ '[0-9]' and ${t} !~* '(nan|infinity)' then null
            else ${raise('GCY01', `toFloat() of this value (at ${positionOf(n)}) is not supported by Cypher on the PostgreSQL backend`, 'jsonb')} end)`,
          type: 'value',
        };
      }
      default:
        throw unsupported(n, `The function ${fname}()`);
    }
  }

  private aggregate(name: string, arg: Expr, distinct: boolean, n: CstNode, ctx: Ctx): Expr {
    const d = raw(distinct ? 'distinct ' : '');
    if (name === 'count') {
      const v = arg.type === 'node' || arg.type === 'rel' || arg.type === 'bool' ? arg.sql : this.json(arg);
      return { sql: sql`to_jsonb(count(${d}${v}))`, type: 'value', aggregate: true };
    }
    if (name === 'collect') {
      const v = this.json(arg);
      const type: ExprType = arg.type === 'node' || arg.type === 'nodeobj' ? 'nodes' : arg.type === 'rel' || arg.type === 'relobj' ? 'rels' : 'value';
      if (distinct) {
        if (ctx.order.length > 0) throw unsupported(n, 'collect(DISTINCT ...) over ordered rows');
        return { sql: sql`coalesce(jsonb_agg(distinct ${v}) filter (where ${v} is not null), '[]'::jsonb)`, type, aggregate: true };
      }
      const order = ctx.order.length ? sql` order by ${join(ctx.order, ', ')}` : raw('');
      return { sql: sql`coalesce(jsonb_agg(${v}${order}) filter (where ${v} is not null), '[]'::jsonb)`, type, aggregate: true };
    }
    if (arg.type !== 'value') throw unsupported(n, `${name}() of nodes, relationships or booleans`);
    const v = arg.sql;
    if (name === 'sum') {
      return {
        sql: sql`(case when count(${d}${v}) = 0 then '0'::jsonb
          when bool_and(${isInt(v)}) and sum(abs((${v})::numeric)) > 9223372036854775807 then ${raise('GCY01', `sum() of integers beyond 64 bits (at ${positionOf(n)}) is not supported by Cypher on the PostgreSQL backend (Neo4j goes on in floating point)`, 'jsonb')}
          when bool_and(${isInt(v)}) then to_jsonb(sum(${d}(${v})::numeric)) else ${floatJson(sql`sum(${d}(${v})::float8)`)} end)`,
        type: 'value',
        aggregate: true,
      };
    }
    if (name === 'avg') {
      return { sql: floatJson(sql`avg(${d}(${v})::float8)`), type: 'value', aggregate: true };
    }
    // min / max: values of one type (numbers, strings or booleans), in Cypher's order.
    const dir = raw(name === 'min' ? 'asc' : 'desc');
    return {
      sql: sql`(case
        when count(distinct jsonb_typeof(${v})) > 1 then ${raise('GCY01', `${name}() over values of different types (at ${positionOf(n)}) is not supported by Cypher on the PostgreSQL backend`, 'jsonb')}
        when bool_or(jsonb_typeof(${v}) in ('array', 'object')) then ${raise('GCY01', `${name}() over lists or maps (at ${positionOf(n)}) is not supported by Cypher on the PostgreSQL backend`, 'jsonb')}
        else (array_agg(${v} order by ${codePointKey(v)} ${dir}, ${v} ${dir}) filter (where ${v} is not null))[1]
      end)`,
      type: 'value',
      aggregate: true,
    };
  }
}

/** `*N`, `*..N`, `*M..N` (an upper bound is required: `*` and `*M..` are refused). */
function rangeBounds(range: CstNode): { min: number; max: number | undefined } {
  const parts = range.children.filter((c) => !c.space).map((c) => (c.rule === 'integerLiteral' ? Number(textOf(c).trim()) : c.token));
  const numbers = parts.filter((p): p is number => typeof p === 'number');
  const dots = parts.includes('..');
  if (!numbers.every((n) => Number.isSafeInteger(n) && n >= 0)) throw unsupported(range, 'This relationship length');
  let min: number;
  let max: number | undefined;
  if (!dots) {
    if (numbers.length === 0) max = undefined;
    else max = numbers[0];
    min = numbers.length === 0 ? 1 : numbers[0];
  } else {
    const before = typeof parts[1] === 'number';
    min = before ? (parts[1] as number) : 1;
    const last = parts[parts.length - 1];
    max = typeof last === 'number' && (!before || parts.length > 3) ? last : undefined;
  }
  if (max !== undefined && min > max) return { min: 1, max: 0 };
  return { min, max };
}

const AGGREGATES = new Set(['count', 'collect', 'sum', 'avg', 'min', 'max']);

/** Every variable of the expression sits inside an aggregate's argument. */
function variablesOnlyInAggregates(node: CstNode): boolean {
  return descendants(node, 'variable').every((variable) => {
    for (let p = variable.parent; p && p !== node.parent; p = p.parent) {
      if (p.rule === 'functionInvocation') {
        const body = rule(p, 'functionInvocationBody');
        const name = body ? nameOf(rule(body, 'functionName')!).toLowerCase() : '';
        if (AGGREGATES.has(name) && !(body && rule(body, 'namespace') && textOf(rule(body, 'namespace')!).trim())) return true;
      }
    }
    return false;
  });
}

/**
 * Why a regular expression is outside the part java.util.regex and PostgreSQL's ARE read alike
 * (null when inside): printable ASCII; literal characters and escaped punctuation, `.`, classes
 * `[...]` (ranges, negation, \d \w \s), groups `( )` and `(?: )`, `|`, `^` `$`, the quantifiers
 * `* + ? {m} {m,} {m,n}` (lazy ones too), and leading flags (?i) (?s) (?u). Not: back-references,
 * look-around, possessive quantifiers, \b, \Q...\E, \p{...}, POSIX or nested classes, (?m).
 */
export function safeRegex(pattern: string): string | null {
  if (!/^[\x20-\x7e]*$/.test(pattern)) return 'only printable ASCII';
  let body = pattern;
  for (let m = /^\(\?([a-z]+)\)/.exec(body); m; m = /^\(\?([a-z]+)\)/.exec(body)) {
    if (![...m[1]].every((f) => f === 'i' || f === 's' || f === 'u')) return `the flag group ${m[0]}`;
    body = body.slice(m[0].length);
  }
  let i = 0;
  let lastAtom = false;
  while (i < body.length) {
    const c = body[i];
    if (c === '\\') {
      const e = body[i + 1];
      if (e === undefined) return 'a trailing backslash';
      if (/[dwsDWS]/.test(e) || /[^A-Za-z0-9]/.test(e)) {
        i += 2;
        lastAtom = true;
        continue;
      }
      return `the escape \\${e}`;
    }
    if (c === '[') {
      let j = i + 1;
      if (body[j] === '^') j++;
      if (body[j] === ']') return 'a class starting with ]';
      for (; j < body.length && body[j] !== ']'; j++) {
        if (body[j] === '[') return 'a class inside a class';
        if (body[j] === '&' && body[j + 1] === '&') return 'a class intersection';
        if (body[j] === '\\') {
          const e = body[j + 1];
          if (e === undefined || !(/[dws]/.test(e) || /[^A-Za-z0-9]/.test(e))) return `the escape \\${e ?? ''} in a class`;
          j++;
        }
      }
      if (j >= body.length) return 'an unclosed class';
      i = j + 1;
      lastAtom = true;
      continue;
    }
    if (c === '(') {
      if (body[i + 1] === '?') {
        if (body[i + 2] !== ':') return 'a group (?...) other than (?:...)';
        i += 3;
      } else i += 1;
      lastAtom = false;
      continue;
    }
    if (c === ')' || c === '|' || c === '^' || c === '$') {
      i += 1;
      lastAtom = c === ')';
      continue;
    }
    if (c === '*' || c === '+' || c === '?' || c === '{') {
      if (!lastAtom) return 'a quantifier without anything to repeat';
      if (c === '{') {
        const m = /^\{(\d{1,3})(,(\d{0,3}))?\}/.exec(body.slice(i));
        if (!m) return 'a brace that is not a quantifier';
        if (Number(m[1]) > 255 || (m[3] && Number(m[3]) > 255)) return 'a repetition count above 255';
        i += m[0].length;
      } else i += 1;
      if (body[i] === '+') return 'a possessive quantifier';
      if (body[i] === '?') i += 1;
      lastAtom = false;
      continue;
    }
    if (c === ']' || c === '}') return `a lone ${c}`;
    i += 1;
    lastAtom = true;
  }
  return null;
}

function normalize(text: string): string {
  return text.trim().replace(/\s+/g, ' ');
}

function kindOf(e: Expr): ColumnKind {
  switch (e.type) {
    case 'node':
      return 'node';
    case 'rel':
      return 'rel';
    case 'nodes':
      return 'nodes';
    case 'rels':
      return 'rels';
    case 'path':
      return 'path';
    case 'nodeobj':
      return 'nodeobj';
    case 'relobj':
      return 'relobj';
    default:
      return 'value';
  }
}

const CONSTRUCT_NAMES: Record<string, string> = {
  caseExpression: 'CASE',
  patternComprehension: 'A pattern comprehension',
  relationshipsPattern: 'A pattern as an expression',
  filterFunction: 'filter()',
  extractFunction: 'extract()',
  reduceFunction: 'reduce()',
  allFunction: 'all()',
  anyFunction: 'any()',
  noneFunction: 'none()',
  singleFunction: 'single()',
  shortestPathPatternFunction: 'shortestPath',
  mapProjection: 'A map projection',
  implicitProcedureInvocation: 'A procedure call',
};

function constructName(node: CstNode): string {
  if (node.rule === null) return `The operator ${node.token ?? ''}`.trim();
  if (node.rule === 'shortestPathPatternFunction') return textOf(node).split('(')[0].trim();
  return CONSTRUCT_NAMES[node.rule] ?? `The expression ${textOf(node).trim().slice(0, 40)}`;
}
