import { BadRequestError } from '../../errors';
import type { AccessScope, Filter, PropertyRule } from '../graph-store';
import { assertFilter, assertIdentifier, assertIdentifiers, cypherIdentifier } from '../identifiers';
import { cypherRegex } from '../regex';
import type { Dialect } from './dialect';
import { encodeIds, idExpr } from './dialect';
import { toFilterParam } from './temporal';

/**
 * Compiles the filter language and the AccessScope into parameterised Cypher fragments.
 *
 * Rules:
 *  - identifiers (labels, types, property names) are validated and backtick-quoted;
 *  - every value (filter values, visible label/type lists, property rules, ids) is a parameter;
 *  - a property hidden by the scope reads as null everywhere a user filter, sort or text search
 *    touches it (CASE WHEN <visible> THEN v.p END), so it never matches, sorts or counts;
 *  - projections strip hidden properties and labels inside the query: properties come back as
 *    [key, value] pairs built with a list comprehension (no APOC needed).
 *
 * Variables introduced inside expressions are prefixed `gas` to stay clear of query variables.
 */
export class Params {
  readonly values: Record<string, unknown> = {};
  private counter = 0;
  private readonly named = new Map<string, string>();

  private readonly byObject = new Map<object, string>();

  /**
   * Binds a new parameter and returns its reference ($name). The same list or map (the same
   * object, e.g. the scope's row rule compiled for the centre and for each neighbour) is bound
   * once: a restricted reader's list of 100 cities was sent twice per explore.
   */
  add(value: unknown, hint = 'p'): string {
    const isObject = typeof value === 'object' && value !== null;
    if (isObject) {
      const bound = this.byObject.get(value);
      if (bound) return bound;
    }
    const name = `${hint}${this.counter++}`;
    this.values[name] = value;
    const ref = `$${name}`;
    if (isObject) this.byObject.set(value, ref);
    return ref;
  }

  /** Binds a parameter once per key (shared scope lists). */
  shared(key: string, make: () => unknown): string {
    let ref = this.named.get(key);
    if (!ref) {
      ref = this.add(make(), key);
      this.named.set(key, ref);
    }
    return ref;
  }
}

export type ElementKind = 'node' | 'relationship';

export const TRUE = 'true';

/** A query variable written without quotes: label predicates (`v:Label`) apply to it on every version. */
const PLAIN_VARIABLE = /^[A-Za-z_][A-Za-z0-9_]*$/;

export function and(...parts: Array<string | undefined | null | false>): string {
  const kept = parts.filter((p): p is string => typeof p === 'string' && p !== TRUE && p.length > 0);
  if (kept.length === 0) return TRUE;
  return kept.length === 1 ? kept[0] : kept.map((p) => `(${p})`).join(' AND ');
}

interface WireRule {
  t: string;
  allow: string[] | null;
  deny: string[];
}

export class CypherCompiler {
  readonly params = new Params();

  constructor(
    readonly dialect: Dialect,
    readonly scope: AccessScope,
  ) {}

  get restricted(): boolean {
    return !this.scope.unrestricted;
  }

  id(variable: string): string {
    return idExpr(this.dialect, variable);
  }

  /** `$ids` bound with the dialect's id encoding. */
  idsParam(ids: readonly string[]): string {
    return this.params.add(encodeIds(this.dialect, ids), 'ids');
  }

  // -------------------------------------------------------------------------------------------
  // Visibility

  private visibleLabelsParam(): string | null {
    if (!this.restricted || this.scope.labels === '*') return null;
    const labels = assertIdentifiers('label', this.scope.labels);
    return this.params.shared('scopeLabels', () => labels);
  }

  private visibleTypesParam(): string | null {
    if (!this.restricted || this.scope.types === '*') return null;
    const types = assertIdentifiers('relationship type', this.scope.types);
    return this.params.shared('scopeTypes', () => types);
  }

  /** The node is visible: one visible label and the scope's row rule. */
  nodeVisible(v: string): string {
    if (!this.restricted) return TRUE;
    return and(this.hasVisibleLabel(v), this.scope.nodeFilter ? this.filter(this.scope.nodeFilter, v, 'node', false) : undefined);
  }

  /**
   * The node carries one of the scope's labels. On a query variable as label predicates
   * (`n:A OR n:B`, quoted): the planner reads them as it reads `MATCH (n:A)`, so a single visible
   * label gives a label scan or, with an equality on an indexed property, an index seek (a list
   * test over labels(n) left it an all-nodes scan, 100 times slower at 100,000 nodes). On any
   * other expression (startNode(r), ...) the list test: the same truth value.
   */
  private hasVisibleLabel(v: string): string | undefined {
    if (!this.restricted || this.scope.labels === '*') return undefined;
    const labels = assertIdentifiers('label', this.scope.labels);
    if (labels.length === 0) return 'false';
    if (!PLAIN_VARIABLE.test(v)) return `any(gasL IN labels(${v}) WHERE gasL IN ${this.visibleLabelsParam()})`;
    return labels.map((l) => `${v}:${cypherIdentifier('label', l)}`).join(' OR ');
  }

  /** Type and row rule of a relationship (its ends are checked separately). */
  relationshipCore(r: string): string {
    if (!this.restricted) return TRUE;
    const types = this.visibleTypesParam();
    return and(
      types ? `type(${r}) IN ${types}` : undefined,
      this.scope.relationshipFilter ? this.filter(this.scope.relationshipFilter, r, 'relationship', false) : undefined,
    );
  }

  /** A relationship is visible when its type, its row rule and both ends are. */
  relationshipVisible(r: string, start: string, end: string): string {
    return and(this.relationshipCore(r), this.nodeVisible(start), this.nodeVisible(end));
  }

  private rules(kind: ElementKind): WireRule[] {
    const source = kind === 'node' ? this.scope.nodeProperties : this.scope.relationshipProperties;
    if (!source) return [];
    const out: WireRule[] = [];
    for (const [token, rule] of Object.entries<PropertyRule>(source)) {
      if (token !== '*') assertIdentifier(kind === 'node' ? 'label' : 'relationship type', token);
      const allow = rule.allow ? assertIdentifiers('property', rule.allow) : null;
      const deny = rule.deny ? assertIdentifiers('property', rule.deny) : [];
      if (allow === null && deny.length === 0) continue;
      out.push({ t: token, allow, deny });
    }
    return out;
  }

  /** True when the scope may hide some property of this kind of element. */
  hasPropertyRules(kind: ElementKind): boolean {
    return this.restricted && this.rules(kind).length > 0;
  }

  /**
   * The property named by the Cypher expression `key` is visible on element `v`: hidden when any
   * matching rule ('*' or one of the node's labels / the relationship's type) hides it.
   */
  propertyVisible(kind: ElementKind, v: string, key: string): string {
    if (!this.restricted) return TRUE;
    const rules = this.rules(kind);
    if (rules.length === 0) return TRUE;
    // One condition per rule, written out (its lists bound once per statement) instead of an
    // all() over a list of rule maps evaluated for every key of every row: a rule under '*'
    // allows the key, a rule under a label (type) allows it or does not apply to the element.
    const prefix = kind === 'node' ? 'nodeRule' : 'relRule';
    return and(
      ...rules.map((rule, i) => {
        const allowed = and(
          rule.deny.length ? `NOT ${key} IN ${this.params.shared(`${prefix}${i}deny`, () => rule.deny)}` : undefined,
          rule.allow !== null ? `${key} IN ${this.params.shared(`${prefix}${i}allow`, () => rule.allow)}` : undefined,
        );
        if (rule.t === '*') return allowed;
        return `NOT ${this.ruleApplies(kind, v, rule.t, `${prefix}${i}t`)} OR (${allowed})`;
      }),
    );
  }

  /** The element carries the rule's label (node) or has its type (relationship). */
  private ruleApplies(kind: ElementKind, v: string, token: string, key: string): string {
    if (kind === 'relationship') return `type(${v}) = ${this.params.shared(key, () => token)}`;
    if (PLAIN_VARIABLE.test(v)) return `${v}:${cypherIdentifier('label', token)}`;
    return `${this.params.shared(key, () => token)} IN labels(${v})`;
  }

  /**
   * The property `property` (a name known when compiling) is visible on element `v`: the rules
   * resolved here instead of in the query. A rule hiding it under '*' hides it everywhere
   * ('false'); one under a label (type) hides it on elements with that label (type); the others
   * do not concern it (TRUE). The same truth value as propertyVisible(kind, v, $key).
   */
  knownPropertyVisible(kind: ElementKind, v: string, property: string): string {
    if (!this.restricted) return TRUE;
    const conditions: string[] = [];
    for (const [index, rule] of this.rules(kind).entries()) {
      const hides = rule.deny.includes(property) || (rule.allow !== null && !rule.allow.includes(property));
      if (!hides) continue;
      if (rule.t === '*') return 'false';
      conditions.push(`NOT ${this.ruleApplies(kind, v, rule.t, `${kind === 'node' ? 'nodeRule' : 'relRule'}${index}t`)}`);
    }
    return and(...conditions);
  }

  /** v.`p`, or null when the property is hidden on this element. */
  property(kind: ElementKind, v: string, property: string): string {
    const quoted = `${v}.${cypherIdentifier('property', property)}`;
    if (!this.hasPropertyRules(kind)) return quoted;
    const visible = this.knownPropertyVisible(kind, v, property);
    if (visible === TRUE) return quoted;
    if (visible === 'false') return 'null';
    return `CASE WHEN ${visible} THEN ${quoted} END`;
  }

  // -------------------------------------------------------------------------------------------
  // Filters

  /**
   * Compiles a filter tree for element `v`. `guard` = hidden properties read as null (user
   * filters); the scope's own row rules are compiled without the guard.
   */
  filter(filter: Filter, v: string, kind: ElementKind, guard = true): string {
    assertFilter(filter);
    return this.compile(filter, v, kind, guard);
  }

  private compile(f: Filter, v: string, kind: ElementKind, guard: boolean): string {
    if ('and' in f) return f.and.map((c) => `(${this.compile(c, v, kind, guard)})`).join(' AND ');
    if ('or' in f) return f.or.map((c) => `(${this.compile(c, v, kind, guard)})`).join(' OR ');
    // Two-valued logic: a comparison with a missing (or hidden, or differently typed) property is
    // false, never null, so `not` over it is true. Cypher gives null there; `and` / `or` without a
    // `not` treat null as false already, so only the operand of `not` is coalesced (and the
    // positive conditions stay plain for the planner's indexes). Semantics: the Filter type in graph-store.ts.
    if ('not' in f) return `NOT coalesce(${this.compile(f.not, v, kind, guard)}, false)`;
    if ('label' in f) {
      // A label or type outside the reader's scope names nothing (user filters only: the scope's
      // own row rules see every label).
      if (kind !== 'node' || (guard && !this.labelInScope(f.label))) return 'false';
      return `${v}:${cypherIdentifier('label', f.label)}`;
    }
    if ('type' in f) {
      if (kind !== 'relationship' || (guard && !this.typeInScope(f.type))) return 'false';
      return `type(${v}) = ${this.params.add(assertIdentifier('relationship type', f.type), 'type')}`;
    }
    if ('ids' in f) return `${this.id(v)} IN ${this.idsParam(f.ids)}`;
    const plain = `${v}.${cypherIdentifier('property', f.property)}`;
    if (f.operator === 'IS NULL') return `${guard ? this.property(kind, v, f.property) : plain} IS NULL`;
    // Every other operator is false (or null) on a hidden property, which reads as null: the
    // comparison on the plain property AND its visibility, so that an equality stays a top-level
    // predicate the planner can answer from an index (`CASE WHEN <visible> THEN v.p END = $x`
    // hides the property from it). Only the truth value changes from null to false where the
    // property is hidden, which no context tells apart: WHERE and AND / OR keep neither, and `not`
    // coalesces its operand.
    const visible = guard ? this.knownPropertyVisible(kind, v, f.property) : TRUE;
    if (visible === 'false') return 'false';
    return and(this.comparison(f, plain), visible);
  }

  private comparison(f: Extract<Filter, { property: string }>, expr: string): string {
    switch (f.operator) {
      case 'IS NULL':
        return `${expr} IS NULL`;
      case 'IS NOT NULL':
        return `${expr} IS NOT NULL`;
      case '=~':
        return `${expr} =~ ${this.params.add(cypherRegex(String((f as { value: unknown }).value)), 'v')}`;
      case '=':
      case '<>':
      case '<':
      case '<=':
      case '>':
      case '>=':
      case 'IN':
      case 'CONTAINS':
      case 'STARTS WITH':
      case 'ENDS WITH':
        return `${expr} ${f.operator} ${this.params.add(toFilterParam((f as { value: unknown }).value), 'v')}`;
      default:
        throw new Error(`unreachable operator ${String((f as { operator: unknown }).operator)}`);
    }
  }

  /** The label is among the scope's visible labels. */
  labelInScope(label: string): boolean {
    return !this.restricted || this.scope.labels === '*' || this.scope.labels.includes(label);
  }

  /** The relationship type is among the scope's visible types. */
  typeInScope(type: string): boolean {
    return !this.restricted || this.scope.types === '*' || this.scope.types.includes(type);
  }

  /**
   * Node carries all the labels (quoted label predicates, planner-friendly); false when one of
   * them is outside the scope (a hidden label is no condition a reader can use).
   */
  hasAllLabels(v: string, labels: readonly string[] | undefined): string {
    if (!labels || labels.length === 0) return TRUE;
    const checked = assertIdentifiers('label', labels);
    if (!checked.every((l) => this.labelInScope(l))) return 'false';
    return `${v}${checked.map((l) => ':' + cypherIdentifier('label', l)).join('')}`;
  }

  /** Node carries one of the labels (only the visible ones count; none visible: false). */
  hasAnyLabel(v: string, labels: readonly string[] | undefined): string {
    if (!labels || labels.length === 0) return TRUE;
    const visible = assertIdentifiers('label', labels).filter((l) => this.labelInScope(l));
    if (visible.length === 0) return 'false';
    return visible.map((l) => `${v}:${cypherIdentifier('label', l)}`).join(' OR ');
  }

  /** Relationship has one of the types (parameterised; only the visible ones count). */
  hasAnyType(r: string, types: readonly string[] | undefined): string {
    if (!types || types.length === 0) return TRUE;
    const visible = assertIdentifiers('relationship type', types).filter((t) => this.typeInScope(t));
    if (visible.length === 0) return 'false';
    return `type(${r}) IN ${this.params.add(visible, 'types')}`;
  }

  /**
   * `:`A`|`B`` for a relationship pattern, '' for any type. Only visible types are named; null
   * when types were asked for and none is visible (the caller answers nothing).
   */
  typePattern(types: readonly string[] | undefined): string | null {
    if (!types || types.length === 0) return '';
    const visible = assertIdentifiers('relationship type', types).filter((t) => this.typeInScope(t));
    if (visible.length === 0) return null;
    return ':' + visible.map((t) => cypherIdentifier('relationship type', t)).join('|');
  }

  /**
   * Case-insensitive substring match of `text` in any visible string property (optionally only
   * among `keys`). Uses =~ with a quoted pattern: =~ on a non-string value yields null, not an
   * error, so numbers, lists and temporals are skipped on every version.
   */
  textMatch(kind: ElementKind, v: string, text: string, keys?: string[]): string {
    const pattern = this.params.add(`${REGEX_FLAGS}.*${escapeRegex(text)}.*`, 'text');
    if (keys) {
      const source = this.params.add(assertIdentifiers('property', keys), 'textKeys');
      return `any(gasK IN ${source} WHERE ${and(this.propertyVisible(kind, v, 'gasK'), `${v}[gasK] =~ ${pattern}`)})`;
    }
    // The properties read once as a map, then its keys: `keys(n)` and `n[k]` per key read the
    // property chain again for every key (9M against 1M db hits, 3.1 s against 2.7 s, over
    // 1,000,000 nodes of 4 properties on Neo4j 3.5).
    return `any(gasM IN [properties(${v})] WHERE any(gasK IN keys(gasM) WHERE ${and(this.propertyVisible(kind, v, 'gasK'), `gasM[gasK] =~ ${pattern}`)}))`;
  }

  /** Any of the words of `text` in a visible one of `keys` (re-check of fulltext hits under property rules). */
  anyWordMatch(kind: ElementKind, v: string, text: string, keys: string[]): string {
    const words = splitWords(text);
    if (words.length === 0) return TRUE;
    const pattern = this.params.add(`${REGEX_FLAGS}.*(${words.map(escapeRegex).join('|')}).*`, 'words');
    const source = this.params.add(assertIdentifiers('property', keys), 'textKeys');
    return `any(gasK IN ${source} WHERE ${and(this.propertyVisible(kind, v, 'gasK'), `${v}[gasK] =~ ${pattern}`)})`;
  }

  // -------------------------------------------------------------------------------------------
  // Projections

  private propertyPairs(kind: ElementKind, v: string, properties?: string[]): string {
    const visible = this.propertyVisible(kind, v, 'gasK');
    const requested = properties ? `gasK IN ${this.params.add(assertIdentifiers('property', properties), 'props')}` : undefined;
    const condition = and(visible, requested);
    if (condition === TRUE) {
      // Every property: the map Neo4j keeps (one read of the property chain; the pairs below read
      // it again per key, a third more time for an export). The driver decodes a map into a plain
      // object, where a key named __proto__ would set the prototype instead: such an element is
      // sent as pairs, and pairsToProperties keeps that key as an own property.
      return `CASE WHEN ${v}.\`__proto__\` IS NULL THEN properties(${v}) ELSE [gasK IN keys(${v}) | [gasK, ${v}[gasK]]] END`;
    }
    return `[gasK IN keys(${v}) WHERE ${condition} | [gasK, ${v}[gasK]]]`;
  }

  /** {id, labels, props} with only visible labels and properties. */
  nodeProjection(v: string, properties?: string[]): string {
    const labels = this.visibleLabelsParam();
    const labelExpr = labels ? `[gasL IN labels(${v}) WHERE gasL IN ${labels}]` : `labels(${v})`;
    return `{id: ${this.id(v)}, labels: ${labelExpr}, props: ${this.propertyPairs('node', v, properties)}}`;
  }

  /** {id, type, start, end, props} with only visible properties. */
  relationshipProjection(r: string, properties?: string[]): string {
    return `{id: ${this.id(r)}, type: type(${r}), start: ${this.id(`startNode(${r})`)}, end: ${this.id(`endNode(${r})`)}, props: ${this.propertyPairs('relationship', r, properties)}}`;
  }

  /** {nodes, rels} for path variable p. */
  pathProjection(p: string): string {
    return `{nodes: [gasN IN nodes(${p}) | ${this.nodeProjection('gasN')}], rels: [gasE IN relationships(${p}) | ${this.relationshipProjection('gasE')}]}`;
  }

  /** Every node and relationship on path p is visible. */
  pathVisible(p: string): string {
    const nodes = this.nodeVisible('gasN');
    const rels = this.relationshipCore('gasE');
    return and(
      nodes === TRUE ? undefined : `all(gasN IN nodes(${p}) WHERE ${nodes})`,
      rels === TRUE ? undefined : `all(gasE IN relationships(${p}) WHERE ${rels})`,
    );
  }

  /**
   * ORDER BY items for sort keys; `fallback` last for stability. Elements without the property
   * (or with it hidden) come last in both directions (Cypher sorts null last ascending but first
   * descending): a null flag is sorted first.
   */
  orderBy(
    kind: ElementKind,
    v: string,
    sort: Array<{ property: string; direction: 'asc' | 'desc' }> | undefined,
    fallback: string,
  ): string {
    const items = (sort ?? []).flatMap((s) => {
      const value = this.property(kind, v, s.property);
      return [`${value} IS NULL`, `${value} ${s.direction === 'desc' ? 'DESC' : 'ASC'}`];
    });
    items.push(fallback);
    return items.join(', ');
  }
}

/**
 * Embedded flags of the text-search patterns (java.util.regex, what =~ uses on 3.5, 4.x and 5.x):
 * i = case-insensitive, s = . matches line breaks, u = case folding beyond US-ASCII (without it
 * (?i) would not match 'É' with 'é').
 */
export const REGEX_FLAGS = '(?isu)';

/** Java regex: backslash-escape every metacharacter (a backslash before a non-letter is literal). */
export function escapeRegex(text: string): string {
  return text.replace(/[\\.^$|?*+()[\]{}\-&~#<>=!:,/"'`@%;]/g, (c) => `\\${c}`);
}

export function splitWords(text: string): string[] {
  return text
    .split(/\s+/)
    .map((w) => w.trim())
    .filter((w) => w.length > 0)
    .slice(0, 32);
}

/**
 * Lucene query for db.index.fulltext.queryNodes: every word quoted (so operators and special
 * characters in user text are literal) and all words required.
 */
export function luceneQuery(text: string): string {
  const words = splitWords(text);
  return words.map((w) => `"${w.replace(/[\\"]/g, (c) => `\\${c}`)}"`).join(' AND ');
}

/** Validated non-negative integer to inline (depths) or to bind. */
export function assertInteger(name: string, value: unknown, min: number, max: number): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw new BadRequestError(`${name} must be an integer between ${min} and ${max}`, 'INVALID_NUMBER', { field: name });
  }
  return value;
}
