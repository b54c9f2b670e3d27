import { BadRequestError, ForbiddenError } from '../../errors';
import { backtick, clauseName, CstNode, descendants, hasToken, nameOf, parseUserQuery, positionOf, quoteName, rule, rules, textOf, unwrap } from '../../cypher/parser';
import { and, CypherCompiler, ElementKind, TRUE } from './cypher-filter';
import { afterPropertyRead, asVariable, describeKind, elementOf, functionNameOf, isElement, Kind, kindOf } from './scope-analysis';

/**
 * Rewrites a user's Cypher query so that it can only see what an AccessScope shows (restricted
 * readers of POST /data/cypher). The query is parsed with Neo4j's Cypher grammar
 * (src/cypher/parser.ts) and printed back with these changes:
 *
 *  - every node pattern and relationship pattern of MATCH / OPTIONAL MATCH, of pattern
 *    comprehensions and of pattern predicates gets a variable (generated `gasN1`, `gasR1` when
 *    anonymous) and the scope's visibility condition in the WHERE of its clause: visible label,
 *    node row rule (nodeFilter), visible type and relationship row rule; a variable-length
 *    relationship gets `all(gasE IN r WHERE ...)` over its relationships and both ends of each,
 *    so every intermediate node is checked. Patterns only match visible elements, so counts,
 *    aggregates and LIMIT only ever see visible rows. The user's own WHERE (and pattern property
 *    maps) is evaluated only for rows the scope admits (`scope AND CASE WHEN scope THEN user END`),
 *    so an expression that fails on a hidden element (1/0, a type error) cannot reveal it;
 *  - a label outside the scope's visible labels is false (in a pattern and in `n:Label`);
 *  - property access on an element (`n.p`, pattern maps `{p: v}`, map projections `n {.p}`,
 *    `exists(n.p)`) reads null where the scope hides the property (the compiler's own rule);
 *    `keys(n)` and `labels(n)` list only visible keys and labels. What an expression is comes
 *    from scope-analysis.ts, deny by default: every read of a chain (`m.a.b`) is judged on its
 *    own base, and where the reader has property rules a read (`.p`, `{.p}`, `{.*}`, keys(),
 *    properties()) from anything not proven to be a MATCH-bound node or relationship, or a
 *    value holding no element, is refused with 400 CYPHER_UNSUPPORTED (maps and lists may hold
 *    nodes: `WITH {a: n} AS m RETURN m.a.secret` read a hidden property before);
 *  - parameters are renamed `$u_<name>` so the user can neither collide with nor read the
 *    parameters that carry the scope.
 * Refused (403 CYPHER_RESTRICTED, naming the construct and its position): anything but reading
 * clauses (CALL, CREATE, MERGE, SET, DELETE, REMOVE, FOREACH, LOAD CSV, START, schema commands),
 * shortestPath / allShortestPaths (a shortest path through hidden elements decides which visible
 * paths are shortest), index hints, dynamic property access `x[expr]`, `properties(x)` and `.*`
 * where a property rule applies, namespaced functions other than the temporal ones and parameter
 * maps in patterns (reads from unproven values: 400 CYPHER_UNSUPPORTED, above). Syntax the grammar does not know
 * (Cypher 4.x / 5.x additions) is refused with 400 CYPHER_SYNTAX_ERROR.
 */

/**
 * Conditions collected from a pattern: the scope's (visibility; they never raise errors, so the
 * planner may order them freely and push them into expands) and the user's (WHERE, pattern
 * property maps), which are only evaluated once the scope holds (`CASE WHEN scope THEN user END`),
 * so an expression that fails (1/0, a type error) cannot reveal a hidden element by failing.
 */
interface Conditions {
  scope: string[];
  user: string[];
}

/** The WHERE condition of a clause: scope first, then the user's parts guarded by it. */
function combine(conditions: Conditions): string {
  const scope = and(...conditions.scope);
  const user = and(...conditions.user);
  if (user === TRUE) return scope;
  if (scope === TRUE) return user;
  return and(scope, `CASE WHEN ${scope} THEN ${user} END`);
}

type Env = Map<string, Kind>;

export interface ScopedQuery {
  query: string;
  params: Record<string, unknown>;
}

/** Prefix of the user's parameters in the rewritten query. */
export const USER_PARAM_PREFIX = 'u_';

const TEMPORAL_NAMESPACES = new Set(['date', 'datetime', 'localdatetime', 'localtime', 'time', 'duration']);

function restricted(node: CstNode, construct: string, why: string): ForbiddenError {
  return new ForbiddenError(`${construct} (at ${positionOf(node)}) ${why}`, { construct, line: node.line, column: node.column }, 'CYPHER_RESTRICTED');
}

/**
 * 400 CYPHER_UNSUPPORTED (the code of the PostgreSQL translation's refusals): the analysis
 * (scope-analysis.ts) cannot prove that what the construct reads is scoped.
 */
function unprovable(node: CstNode, construct: string, why: string): BadRequestError {
  return new BadRequestError(`${construct} (at ${positionOf(node)}) is not available with restricted data access: ${why}`, 'CYPHER_UNSUPPORTED', { construct, line: node.line, column: node.column });
}

/** Longest time the grammar may take to read a query (in a worker thread): beyond it 400 CYPHER_TOO_COMPLEX. */

/** Parses and rewrites `query` for `compiler.scope`; the result binds the user's params (renamed) and the scope's. */
export async function scopeCypher(query: string, params: Record<string, unknown>, compiler: CypherCompiler): Promise<ScopedQuery> {
  const parsed = await parseUserQuery(
    query,
    'With restricted data access, queries are checked with the Cypher 3.5 grammar (no CALL subqueries, EXISTS/COUNT subqueries, label expressions or other 4.x / 5.x additions)',
  );
  const rewriter = new ScopedRewriter(compiler, params ?? {});
  const text = rewriter.statement(parsed.root);
  const bound: Record<string, unknown> = { ...compiler.params.values };
  for (const [key, value] of Object.entries(params ?? {})) bound[USER_PARAM_PREFIX + key] = value;
  return { query: text, params: bound };
}

class ScopedRewriter {
  private counter = 0;
  /** Variables the rewrite added (never projected by `*`). */
  private readonly generated = new Set<string>();
  /** Path variable of the pattern part being printed, when it has a variable-length relationship. */
  private currentPath: string | null = null;
  private readonly keyParams = new Map<string, string>();

  constructor(
    private readonly c: CypherCompiler,
    private readonly userParams: Record<string, unknown>,
  ) {}

  private fresh(prefix: string): string {
    this.counter += 1;
    const name = `${prefix}${this.counter}`;
    this.generated.add(name);
    return name;
  }

  // -------------------------------------------------------------------------------------------
  // Scope helpers

  private labelVisible(label: string): boolean {
    const labels = this.c.scope.labels;
    return labels === '*' || labels.includes(label);
  }

  private get labelList(): string[] | null {
    return this.c.scope.labels === '*' ? null : this.c.scope.labels;
  }

  /** No property rule of either kind hides `key` anywhere. */
  private globallyVisible(key: string): boolean {
    const all = [...Object.values(this.c.scope.nodeProperties ?? {}), ...Object.values(this.c.scope.relationshipProperties ?? {})];
    return all.every((rule) => !(rule.deny ?? []).includes(key) && (!rule.allow || rule.allow.includes(key)));
  }

  private keyParam(key: string): string {
    let hint = this.keyParams.get(key);
    if (!hint) {
      hint = `pk${this.keyParams.size}_`;
      this.keyParams.set(key, hint);
    }
    return this.c.params.shared(hint, () => key);
  }

  /** `v.key`, or null where the scope hides the property on that element. */
  private guard(kind: ElementKind, v: string, key: string): string {
    const plain = `${v}.${quoteName(key)}`;
    if (!this.c.hasPropertyRules(kind) || this.globallyVisible(key)) return plain;
    return `(CASE WHEN ${this.c.propertyVisible(kind, v, this.keyParam(key))} THEN ${plain} END)`;
  }

  /** The reader has property rules (on nodes or relationships): reads from unproven values are refused. */
  private get anyPropertyRules(): boolean {
    return this.c.hasPropertyRules('node') || this.c.hasPropertyRules('relationship');
  }

  /**
   * `base.key` where the analysis proved what base is (scope-analysis.ts): the scope's guard on a
   * node or relationship, as written on a value that holds no element, refused on anything else
   * (maps and lists may hold elements: `{a: n}.a.secret`) unless the reader has no property rule.
   */
  private access(kind: Kind, base: string, key: string, at: CstNode): string {
    if (isElement(kind)) return this.guard(kind, base, key);
    if (kind === 'value' || !this.anyPropertyRules) return `${base}.${quoteName(key)}`;
    throw unprovable(at, `Property access .${key}`, `it reads from ${describeKind(kind)}; with property rules, read properties from a variable bound by a MATCH pattern (or passed on by WITH)`);
  }

  private checkVariable(node: CstNode): string {
    const name = nameOf(node);
    if (/^gas/i.test(name)) {
      throw new BadRequestError(`The variable ${name} (at ${positionOf(node)}) starts with "gas", which the service reserves for the variables it adds`, 'CYPHER_RESERVED_NAME', { line: node.line, column: node.column });
    }
    return name;
  }

  // -------------------------------------------------------------------------------------------
  // Statements and clauses

  statement(root: CstNode): string {
    const query = rule(root, 'cypherQuery');
    if (!query) throw restricted(root, 'This input', 'is not a Cypher query');
    let out = '';
    for (const child of root.children) out += child === query ? this.cypherQuery(query) : textOf(child);
    return out;
  }

  private cypherQuery(node: CstNode): string {
    let out = '';
    for (const child of node.children) {
      if (child.rule === 'statement') {
        const statement = rules(child)[0];
        const inner = statement?.rule === 'query' ? rules(statement)[0] : statement;
        if (inner?.rule === 'regularQuery') out += this.regularQuery(inner);
        else if (!inner) throw restricted(child, 'This statement', 'is empty');
        else if (inner.rule === 'bulkImportQuery') throw restricted(inner, 'USING PERIODIC COMMIT', 'writes data: queries run read-only with restricted data access');
        else throw restricted(inner, 'This statement', 'is a schema command: queries run read-only with restricted data access');
      } else if (child.rule === null && child.token === ';') {
        continue;
      } else out += textOf(child);
    }
    return out;
  }

  private regularQuery(node: CstNode): string {
    let out = '';
    for (const child of node.children) {
      if (child.rule === 'singleQuery') out += this.singleQuery(child);
      else if (child.rule === 'union') {
        for (const part of child.children) out += part.rule === 'singleQuery' ? this.singleQuery(part) : textOf(part);
      } else out += textOf(child);
    }
    return out;
  }

  private singleQuery(node: CstNode): string {
    const env: Env = new Map();
    let out = '';
    for (const child of node.children) {
      if (child.rule !== 'clause') {
        out += textOf(child);
        continue;
      }
      const clause = rules(child)[0] ?? child;
      switch (clause.rule) {
        case 'matchClause':
          out += this.match(clause, env);
          break;
        case 'unwindClause':
          out += this.unwind(clause, env);
          break;
        case 'withClause':
          out += this.projection(clause, env, false);
          break;
        case 'returnClause':
          out += this.projection(clause, env, true);
          break;
        default: {
          const name = clauseName(clause);
          if (clause.rule === 'call') throw restricted(clause, `CALL ${textOf(rule(clause, 'procedureInvocation') ?? clause).split('(')[0].trim()}`, 'calls a procedure: procedures are not available with restricted data access');
          throw restricted(clause, name, 'is not a reading clause: queries run read-only with restricted data access (MATCH, OPTIONAL MATCH, WITH, UNWIND, RETURN and UNION are available)');
        }
      }
    }
    return out;
  }

  private match(node: CstNode, env: Env): string {
    const preds: Conditions = { scope: [], user: [] };
    let out = '';
    let where: CstNode | undefined;
    for (const child of node.children) {
      if (child.rule === 'pattern') out += this.pattern(child, env, preds);
      else if (child.rule === 'hint') throw restricted(child, 'USING (index hint)', 'is not available with restricted data access');
      else if (child.rule === 'where') where = child;
      else out += textOf(child);
    }
    // Variables of the pattern are bound before the WHERE is read.
    const user = where ? this.expression(rule(where, 'expression')!, env) : undefined;
    if (user !== undefined) preds.user.unshift(`(${user})`);
    const condition = combine(preds);
    if (condition !== TRUE) out = `${out.replace(/\s+$/, '')} WHERE ${condition}${where ? '' : trailingSpace(out)}`;
    return out;
  }

  private unwind(node: CstNode, env: Env): string {
    const expr = rule(node, 'expression')!;
    const variable = rule(node, 'variable')!;
    let out = '';
    for (const child of node.children) {
      if (child === expr) out += this.expression(expr, env);
      else if (child === variable) out += quoteName(this.checkVariable(variable));
      else out += textOf(child);
    }
    env.set(nameOf(variable), elementOf(this.kindOf(expr, env)));
    return out;
  }

  /** WITH / RETURN: items, then ORDER BY, SKIP, LIMIT and (WITH) WHERE over the projected variables. */
  private projection(node: CstNode, env: Env, isReturn: boolean): string {
    const body = rule(node, 'returnBody')!;
    const items = rule(body, 'returnItems')!;
    const star = hasToken(items, '*');
    // `*` would also project the variables the rewrite added: name the user's ones instead.
    const userVariables = [...env.keys()].filter((name) => !this.generated.has(name)).sort();
    const next: Env = star ? new Map([...env].filter(([name]) => !this.generated.has(name))) : new Map();
    let itemsText = '';
    for (const child of items.children) {
      if (child.rule !== 'returnItem') {
        itemsText += star && child.rule === null && child.token === '*' && userVariables.length < env.size && userVariables.length > 0 ? userVariables.map(quoteName).join(', ') : textOf(child);
        continue;
      }
      const expr = rule(child, 'expression');
      if (!expr) {
        itemsText += this.generic(child, env);
        continue;
      }
      const alias = rule(child, 'variable');
      const text = this.expression(expr, env);
      if (alias) {
        next.set(this.checkVariable(alias), this.kindOf(expr, env));
        itemsText += `${text} AS ${quoteName(nameOf(alias))}`;
      } else {
        const variable = asVariable(expr);
        if (variable) next.set(variable, env.get(variable) ?? 'unknown');
        const original = textOf(expr).trim();
        // A changed expression keeps the column name Neo4j would have given the original.
        itemsText += text.trim() !== original && isReturn ? `${text} AS ${backtick(original)}` : text;
      }
    }
    const after: Env = new Map([...env, ...next]);
    let bodyText = '';
    for (const child of body.children) bodyText += child === items ? itemsText : child.rule === null ? textOf(child) : this.generic(child, after);
    let out = '';
    for (const child of node.children) {
      if (child === body) out += bodyText;
      else if (child.rule === 'where') out += this.generic(child, after);
      else out += textOf(child);
    }
    env.clear();
    for (const [k, v] of next) env.set(k, v);
    return out;
  }

  // -------------------------------------------------------------------------------------------
  // Patterns

  private pattern(node: CstNode, env: Env, preds: Conditions): string {
    let out = '';
    for (const child of node.children) out += child.rule === 'patternPart' ? this.patternPart(child, env, preds) : textOf(child);
    return out;
  }

  private patternPart(node: CstNode, env: Env, preds: Conditions): string {
    let out = '';
    const named = rule(node, 'variable');
    // A part with a variable-length relationship gets a path variable: `all(gasN IN nodes(p) ...)`
    // is a node predicate Neo4j checks during the expansion (it does not walk past hidden nodes).
    const variableLength = descendants(node, 'rangeLiteral').length > 0;
    const path = named ? quoteName(nameOf(named)) : variableLength ? this.fresh('gasP') : null;
    if (!named && path) out += `${path} = `;
    const outer = this.currentPath;
    this.currentPath = variableLength ? path : null;
    try {
      out += this.patternPartBody(node, env, preds);
    } finally {
      this.currentPath = outer;
    }
    return out;
  }

  private patternPartBody(node: CstNode, env: Env, preds: Conditions): string {
    let out = '';
    for (const child of node.children) {
      if (child.rule === 'variable') {
        env.set(this.checkVariable(child), 'path');
        out += quoteName(nameOf(child));
      } else if (child.rule === 'anonymousPatternPart') {
        const inner = unwrap(child);
        if (inner.rule === 'shortestPathPatternFunction') {
          throw restricted(inner, textOf(inner).split('(')[0].trim(), 'is not available with restricted data access (which paths are shortest could depend on hidden elements); use a variable-length pattern with ORDER BY length(p)');
        }
        out += this.patternElement(inner.rule === 'patternElement' ? inner : rule(child, 'patternElement')!, env, preds);
      } else out += textOf(child);
    }
    return out;
  }

  /** patternElement and relationshipsPattern: nodes and chains. */
  private patternElement(node: CstNode, env: Env, preds: Conditions): string {
    let out = '';
    for (const child of node.children) {
      if (child.rule === 'nodePattern') out += this.nodePattern(child, env, preds);
      else if (child.rule === 'patternElementChain') {
        for (const part of child.children) {
          if (part.rule === 'relationshipPattern') out += this.relationshipPattern(part, env, preds);
          else if (part.rule === 'nodePattern') out += this.nodePattern(part, env, preds);
          else out += textOf(part);
        }
      } else if (child.rule === 'patternElement') out += this.patternElement(child, env, preds);
      else out += textOf(child);
    }
    return out;
  }

  private propertyPredicates(kind: ElementKind, v: string, properties: CstNode, env: Env, preds: string[]): void {
    const map = unwrap(properties);
    if (map.rule !== 'mapLiteral') throw restricted(properties, 'A parameter map in a pattern', 'is not available with restricted data access: write the properties out ({key: $value})');
    for (const entry of rules(map, 'literalEntry')) {
      const key = nameOf(rule(entry, 'propertyKeyName')!);
      preds.push(`${this.guard(kind, v, key)} = ${this.expression(rule(entry, 'expression')!, env)}`);
    }
  }

  private nodePattern(node: CstNode, env: Env, preds: Conditions): string {
    const variable = rule(node, 'variable');
    const labels = rule(node, 'nodeLabels');
    const properties = rule(node, 'properties');
    const name = variable ? this.checkVariable(variable) : this.fresh('gasN');
    const v = quoteName(name);
    env.set(name, 'node');
    preds.scope.push(this.c.nodeVisible(v));
    if (labels) for (const label of rules(labels, 'nodeLabel')) if (!this.labelVisible(nameOf(rule(label, 'labelName')!))) preds.scope.push('false');
    if (properties) this.propertyPredicates('node', v, properties, env, preds.user);
    return `(${v}${labels ? textOf(labels).trim().replace(/^/, '') : ''})`;
  }

  private relationshipPattern(node: CstNode, env: Env, preds: Conditions): string {
    const detail = rule(node, 'relationshipDetail');
    const variable = detail ? rule(detail, 'variable') : undefined;
    const types = detail ? rule(detail, 'relationshipTypes') : undefined;
    const range = detail ? rule(detail, 'rangeLiteral') : undefined;
    const properties = detail ? rule(detail, 'properties') : undefined;
    if (detail && hasToken(detail, '?')) throw restricted(detail, 'An optional relationship [?]', 'is not available');
    const name = variable ? this.checkVariable(variable) : this.fresh('gasR');
    const v = quoteName(name);
    if (range) {
      env.set(name, 'relationships');
      // Relationship conditions alone: Neo4j checks them during the expansion.
      const core = this.c.relationshipCore('gasE');
      if (core !== TRUE) preds.scope.push(`all(gasE IN ${v} WHERE ${core})`);
      const nodes = this.c.nodeVisible('gasN');
      if (nodes !== TRUE) {
        // Every node of the path (a named path covers this relationship's intermediate nodes);
        // inside pattern expressions, the ends of each relationship.
        if (this.currentPath) {
          const condition = `all(gasN IN nodes(${this.currentPath}) WHERE ${nodes})`;
          if (!preds.scope.includes(condition)) preds.scope.push(condition);
        } else preds.scope.push(`all(gasE IN ${v} WHERE ${and(this.c.nodeVisible('startNode(gasE)'), this.c.nodeVisible('endNode(gasE)'))})`);
      }
      if (properties) {
        const user: string[] = [];
        this.propertyPredicates('relationship', 'gasE', properties, env, user);
        if (user.length > 0) preds.user.push(`all(gasE IN ${v} WHERE ${and(...user)})`);
      }
    } else {
      env.set(name, 'relationship');
      preds.scope.push(this.c.relationshipCore(v));
      if (properties) this.propertyPredicates('relationship', v, properties, env, preds.user);
    }
    const rebuilt = `[${v}${types ? textOf(types).trim() : ''}${range ? textOf(range).trim() : ''}]`;
    let out = '';
    let placed = false;
    const meaningful = node.children.filter((c) => !c.space);
    for (const child of node.children) {
      if (child === detail) {
        out += rebuilt;
        placed = true;
      } else {
        out += textOf(child);
        if (!detail && !placed && child === meaningful[0]) {
          out += rebuilt;
          placed = true;
        }
      }
    }
    return out;
  }

  // -------------------------------------------------------------------------------------------
  // Expressions

  private expression(node: CstNode, env: Env): string {
    return this.generic(node, env);
  }

  /** Prints a subtree, rewriting what needs it. */
  private generic(node: CstNode, env: Env): string {
    if (node.rule === null) return node.token ?? '';
    switch (node.rule) {
      case 'propertyOrLabelsExpression':
        return this.propertyOrLabels(node, env);
      case 'stringListNullOperatorExpression':
        this.checkSubscripts(node);
        break;
      case 'functionInvocation':
        return this.functionInvocation(node, env);
      case 'existsFunction':
        return this.exists(node, env);
      case 'listComprehension':
      case 'filterFunction':
      case 'extractFunction':
      case 'allFunction':
      case 'anyFunction':
      case 'noneFunction':
      case 'singleFunction':
      case 'reduceFunction':
        return this.children(node, new Map(env));
      case 'idInColl': {
        const variable = rule(node, 'variable')!;
        const collection = rule(node, 'expression')!;
        const text = this.children(node, env);
        env.set(this.checkVariable(variable), elementOf(this.kindOf(collection, env)));
        return text;
      }
      case 'patternComprehension':
        return this.patternComprehension(node, new Map(env));
      case 'relationshipsPattern':
        return this.patternExpression(node, new Map(env), false);
      case 'shortestPathPatternFunction':
        throw restricted(node, textOf(node).split('(')[0].trim(), 'is not available with restricted data access');
      case 'mapProjection':
        return this.mapProjection(node, env);
      case 'parameter':
        return this.parameter(node);
      case 'variable':
        return quoteName(this.checkVariable(node));
      default:
        break;
    }
    return this.children(node, env);
  }

  private children(node: CstNode, env: Env): string {
    let out = '';
    for (const child of node.children) {
      out += this.generic(child, env);
      // reduce(acc = init, x IN list | expr): the accumulator is a plain value.
      if (node.rule === 'reduceFunction' && child.rule === 'variable') env.set(nameOf(child), 'unknown');
    }
    return out;
  }

  private parameter(node: CstNode): string {
    const nameNode = rule(unwrap(node), 'parameterName') ?? unwrap(node);
    const name = nameOf(nameNode);
    if (!Object.prototype.hasOwnProperty.call(this.userParams, name)) {
      throw new BadRequestError(`The query uses the parameter $${name} (at ${positionOf(node)}), which the request does not give`, 'CYPHER_PARAMETER_MISSING', { parameter: name });
    }
    return `$${quoteName(USER_PARAM_PREFIX + name)}`;
  }

  private propertyOrLabels(node: CstNode, env: Env): string {
    const atom = rule(node, 'atom')!;
    const lookups = rules(node, 'propertyLookup');
    const labels = rule(node, 'nodeLabels');
    let out = this.generic(atom, env);
    if (lookups.length === 0 && !labels) return out;
    // Every read of the chain is judged on what its own base is (`m.a.b`: m, then m.a).
    let kind = this.kindOf(atom, env);
    for (const lookup of lookups) {
      const key = nameOf(rule(lookup, 'propertyKeyName')!);
      out = this.access(kind, out, key, lookup);
      kind = afterPropertyRead(kind);
    }
    if (labels) {
      if (lookups.length > 0) throw restricted(labels, 'A label test on a property value', 'is not available');
      const hidden = rules(labels, 'nodeLabel').some((label) => !this.labelVisible(nameOf(rule(label, 'labelName')!)));
      out = hidden ? 'false' : `${out}${textOf(labels).trim()}`;
    }
    return out;
  }

  /** x[expr] reads a property by a computed name when x is a node, relationship or map: only integer literals and slices pass. */
  private checkSubscripts(node: CstNode): void {
    const kids = node.children;
    for (let i = 0; i < kids.length; i++) {
      if (kids[i].rule !== null || kids[i].token !== '[') continue;
      let j = i + 1;
      const inside: CstNode[] = [];
      while (j < kids.length && !(kids[j].rule === null && kids[j].token === ']')) inside.push(kids[j++]);
      const slice = inside.some((k) => k.rule === null && k.token === '..');
      const index = inside.filter((k) => !k.space).map(textOf).join('').replace(/\s+/g, '');
      if (!slice && !/^-?\d+$/.test(index)) {
        throw restricted(kids[i], 'Subscript access x[...]', 'with a computed key can read properties by name: only integer list indexes and slices are available with restricted data access');
      }
      i = j;
    }
  }

  private functionName(node: CstNode): { namespace: string; name: string } {
    return functionNameOf(node);
  }

  private functionArguments(node: CstNode): CstNode[] {
    return rules(node, 'expression');
  }

  private functionInvocation(node: CstNode, env: Env): string {
    const { namespace, name } = this.functionName(node);
    const lower = name.toLowerCase();
    if (namespace && !TEMPORAL_NAMESPACES.has(namespace.toLowerCase())) {
      throw restricted(node, `The function ${namespace}.${name}`, 'is not available with restricted data access (only built-in functions are)');
    }
    const args = this.functionArguments(node);
    if (!namespace && (lower === 'keys' || lower === 'properties' || lower === 'labels') && args.length === 1) {
      const kind = this.kindOf(args[0], env);
      const arg = this.expression(args[0], env);
      if (lower === 'labels') {
        const labels = this.labelList;
        if (!labels) return `labels(${arg})`;
        return `[gasL IN labels(${arg}) WHERE gasL IN ${this.c.params.shared('scopeLabels', () => labels)}]`;
      }
      const elementKind: ElementKind | null = isElement(kind) ? kind : null;
      if (!elementKind) {
        if (kind === 'value' || !this.anyPropertyRules) return `${name}(${arg})`;
        throw unprovable(node, `${name}()`, `its argument is ${describeKind(kind)}; with property rules, use it on a variable bound by a MATCH pattern`);
      }
      if (!this.c.hasPropertyRules(elementKind)) return `${name}(${arg})`;
      if (lower === 'keys') return `[gasK IN keys(${arg}) WHERE ${this.c.propertyVisible(elementKind, arg, 'gasK')}]`;
      throw restricted(node, `${name}()`, 'would show properties that your property rules hide: use property access (n.name) or a map projection (n {.name, .age})');
    }
    return this.children(node, env);
  }

  private exists(node: CstNode, env: Env): string {
    const arg = rule(node, 'expression');
    const inner = arg ? unwrap(arg) : undefined;
    if (inner?.rule === 'propertyOrLabelsExpression' && rules(inner, 'propertyLookup').length > 0) return `(${this.expression(arg!, env)} IS NOT NULL)`;
    if (inner?.rule === 'relationshipsPattern') return this.patternExpression(inner, new Map(env), true);
    return this.children(node, env);
  }

  private patternComprehension(node: CstNode, env: Env): string {
    const pathVariable = rule(node, 'variable');
    const pattern = rule(node, 'relationshipsPattern')!;
    const expressions = rules(node, 'expression');
    const hasWhere = hasToken(node, 'WHERE');
    const whereExpr = hasWhere ? expressions[0] : undefined;
    const projection = expressions[expressions.length - 1];
    if (pathVariable) env.set(this.checkVariable(pathVariable), 'path');
    const preds: Conditions = { scope: [], user: [] };
    const outer = this.currentPath;
    this.currentPath = pathVariable ? quoteName(nameOf(pathVariable)) : null;
    let patternText: string;
    try {
      patternText = this.patternElement(pattern, env, preds);
    } finally {
      this.currentPath = outer;
    }
    if (whereExpr) preds.user.unshift(`(${this.expression(whereExpr, env)})`);
    const condition = combine(preds);
    return `[${pathVariable ? `${quoteName(nameOf(pathVariable))} = ` : ''}${patternText} WHERE ${condition} | ${this.expression(projection, env)}]`;
  }

  /** A pattern used as an expression: the list of its paths, or a boolean in exists() and WHERE. */
  private patternExpression(node: CstNode, env: Env, asBoolean: boolean): string {
    const preds: Conditions = { scope: [], user: [] };
    const outer = this.currentPath;
    this.currentPath = null;
    let patternText: string;
    try {
      patternText = this.patternElement(node, env, preds);
    } finally {
      this.currentPath = outer;
    }
    const condition = combine(preds);
    if (asBoolean || this.inBooleanPosition(node)) return `(size([${patternText} WHERE ${condition} | 1]) > 0)`;
    const path = this.fresh('gasP');
    return `[${path} = ${patternText} WHERE ${condition} | ${path}]`;
  }

  /** The node is a whole operand of WHERE / AND / OR / XOR / NOT. */
  private inBooleanPosition(node: CstNode): boolean {
    let current = node;
    while (current.parent) {
      const parent = current.parent;
      if (parent.rule === 'where' || (parent.rule === 'patternComprehension' && hasToken(parent, 'WHERE'))) return parent.rule === 'where';
      if (parent.rule === 'andExpression' || parent.rule === 'orExpression' || parent.rule === 'xorExpression' || parent.rule === 'notExpression') {
        current = parent;
        continue;
      }
      const meaningful = parent.children.filter((c) => !c.space && !(c.rule === null && c.token === ''));
      if (meaningful.length !== 1) return false;
      current = parent;
    }
    return false;
  }

  private mapProjection(node: CstNode, env: Env): string {
    const variable = rule(node, 'variable')!;
    const name = this.checkVariable(variable);
    const kind = env.get(name) ?? 'unknown';
    const v = quoteName(name);
    const entries: string[] = [];
    for (const variants of rules(node, 'mapProjectionVariants')) {
      const item = unwrap(variants);
      if (item.rule === 'propertySelector') {
        const key = nameOf(rule(item, 'propertyKeyName') ?? rules(item)[0]);
        entries.push(`${quoteName(key)}: ${this.access(kind, v, key, item)}`);
      } else if (item.rule === 'allPropertiesSelector') {
        if (!isElement(kind) && kind !== 'value' && this.anyPropertyRules) {
          throw unprovable(item, 'The map projection .*', `it reads from ${describeKind(kind)}; with property rules, project a variable bound by a MATCH pattern and name the properties (n {.name, .age})`);
        }
        if (isElement(kind) && this.c.hasPropertyRules(kind)) throw restricted(item, 'The map projection .*', 'would show properties that your property rules hide: name the properties (n {.name, .age})');
        entries.push('.*');
      } else entries.push(this.generic(item, env));
    }
    return `${v} {${entries.join(', ')}}`;
  }

  // -------------------------------------------------------------------------------------------
  // Kinds

  private kindOf(node: CstNode, env: Env): Kind {
    return kindOf(node, (name) => env.get(name));
  }
}

function trailingSpace(text: string): string {
  const match = /\s+$/.exec(text);
  return match ? match[0] : '';
}
