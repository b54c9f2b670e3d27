import type { AccessScope, Filter, PropertyRule, SortKey } from '../graph-store';
import { assertFilter, assertIdentifier } from '../identifiers';
import { postgresRegex } from '../regex';
import { toJsonText } from '../../exact-json';
import type { TypedValue } from '../typed-values';
import { isTypedValue } from '../typed-values';
import { and, FALSE, join, literal, literalArray, or, raw, Sql, sql, TRUE, validIds } from './sql';

/**
 * Compiles the filter language and the AccessScope to parameterised SQL over graph_nodes /
 * graph_relationships. Aliases are constant names chosen by the calling code; values are always
 * bindings; labels, types and property names (checked by assertIdentifier) are quoted literals in
 * the text (sql.ts literal()), so that a prepared statement's generic plan can use the indexes on
 * them (issue 24: `properties ->> $1` never matches the expression index of :Person(uid)).
 *
 * Hidden properties read as absent (SQL NULL): a filter on one matches nothing (as on a missing
 * property), a sort on one sorts as missing, and projections strip them with
 * gas_visible_properties (see the migration).
 */

interface FilterContext {
  entity: 'node' | 'relationship';
  alias: string;
  /** jsonb value of the property, NULL when absent or hidden. */
  accessor(property: string): Sql;
  /** Whether the (raw) properties may be probed with a containment test for `=`. */
  containment: boolean;
  label(label: string): Sql;
  type(type: string): Sql;
}

function hides(rule: PropertyRule | undefined, property: string): boolean {
  if (!rule) return false;
  if (Array.isArray(rule.deny) && rule.deny.includes(property)) return true;
  if (Array.isArray(rule.allow) && !rule.allow.includes(property)) return true;
  return false;
}

function hasRules(rules: Record<string, PropertyRule> | undefined): rules is Record<string, PropertyRule> {
  return !!rules && Object.keys(rules).length > 0;
}

function compileFilter(filter: Filter, ctx: FilterContext): Sql {
  if ('and' in filter) return and(filter.and.map((f) => compileFilter(f, ctx)));
  if ('or' in filter) return or(filter.or.map((f) => compileFilter(f, ctx)));
  if ('not' in filter) {
    const inner = compileFilter(filter.not, ctx);
    if (inner === TRUE) return FALSE;
    if (inner === FALSE) return TRUE;
    // Two-valued logic: a comparison with a missing (or hidden, or differently typed) property is
    // false, so `not` over it is true. SQL gives NULL there; `and` / `or` without a `not` treat
    // NULL as false already, so only the operand of `not` is coalesced (the positive conditions
    // stay plain for the indexes). The Cypher compiler does the same.
    return sql`(not coalesce(${inner}, false))`;
  }
  if ('label' in filter) return ctx.entity === 'node' ? ctx.label(filter.label) : FALSE;
  if ('type' in filter) return ctx.entity === 'relationship' ? ctx.type(filter.type) : FALSE;
  if ('ids' in filter) {
    const ids = validIds(filter.ids);
    return ids.length === 0 ? FALSE : sql`${raw(ctx.alias)}.id = any(${ids}::bigint[])`;
  }
  const acc = ctx.accessor(filter.property);
  const text = sql`(${acc} #>> '{}')`;
  const isString = sql`jsonb_typeof(${acc}) = 'string'`;
  switch (filter.operator) {
    case 'IS NULL':
      return sql`(${acc} is null)`;
    case 'IS NOT NULL':
      return sql`(${acc} is not null)`;
    case '=': {
      const json = toJsonText(filter.value);
      const eq = sql`${acc} = ${json}::jsonb`;
      if (!ctx.containment) return sql`(${eq})`;
      const a = raw(ctx.alias);
      // Raw-property probes let the planner use the GIN index (and a schema index for strings);
      // the accessor comparison keeps hidden properties unmatched.
      const contains = sql`${a}.properties @> jsonb_build_object(${literal(filter.property)}, ${json}::jsonb)`;
      const probe =
        typeof filter.value === 'string'
          ? sql`${contains} and (${a}.properties ->> ${literal(filter.property)}) = ${filter.value}::text`
          : contains;
      // Each form once (issue 11 item 7: the planner multiplies the selectivities of repeated
      // forms of one condition, expected 2 rows of 171,000 and chose plans that re-read every match
      // per page). When the property cannot be hidden (the accessor is the raw property) and the
      // value is a scalar, the containment is exact (a top-level scalar is contained only in an
      // equal scalar; 1 = 1.0 as for jsonb =), so the accessor comparison is left out; strings keep
      // the ->> form, which a schema index serves.
      const scalar = ['string', 'number', 'boolean', 'bigint'].includes(typeof filter.value);
      if (scalar && acc.text === sql`${a}.properties -> ${literal(filter.property)}`.text) return sql`(${probe})`;
      return sql`(${probe} and ${eq})`;
    }
    case '<>':
      return sql`(${acc} <> ${toJsonText(filter.value)}::jsonb)`;
    case '<':
    case '<=':
    case '>':
    case '>=': {
      // Strings compare by code point (collate "C"), as on Neo4j, whatever the database's collation.
      if (typeof filter.value === 'string') return sql`(${isString} and ${text} collate "C" ${raw(filter.operator)} ${filter.value}::text)`;
      if (isTypedValue(filter.value)) return typedRange(acc, filter.operator, filter.value);
      const json = toJsonText(filter.value);
      return sql`(jsonb_typeof(${acc}) = jsonb_typeof(${json}::jsonb) and ${acc} ${raw(filter.operator)} ${json}::jsonb)`;
    }
    case 'IN':
      // A constant jsonb[] (one JSON text per element): PostgreSQL hashes `= any(<constant array>)`,
      // where `in (select jsonb_array_elements(...))` became a nested-loop semi join per row.
      if (!Array.isArray(filter.value)) return sql`(${acc} in (select jsonb_array_elements(${toJsonText(filter.value)}::jsonb)))`;
      if (filter.value.length === 0) return FALSE;
      if (filter.value.every((v) => typeof v === 'string')) {
        // Strings only (a scope's list of cities): text against a text[], the same matches (jsonb
        // strings are equal when their text is), where binding a jsonb[] parsed every element on
        // each execution of a prepared statement (issue 24: +0.15 ms per lookup for 100 values); the
        // ->> form of a property that cannot be hidden is the one a schema index serves.
        const plain = acc.text === sql`${raw(ctx.alias)}.properties -> ${literal(filter.property)}`.text;
        const value = plain ? sql`(${raw(ctx.alias)}.properties ->> ${literal(filter.property)})` : sql`(${acc} #>> '{}')`;
        return sql`(jsonb_typeof(${acc}) = 'string' and ${value} = any(${filter.value}::text[]))`;
      }
      return sql`(${acc} = any(${filter.value.map((v) => toJsonText(v))}::jsonb[]))`;
    case 'CONTAINS':
      return sql`(${isString} and strpos(${text}, ${String(filter.value)}::text) > 0)`;
    case 'STARTS WITH':
      return sql`(${isString} and starts_with(${text}, ${String(filter.value)}::text))`;
    case 'ENDS WITH': {
      const v = String(filter.value);
      return sql`(${isString} and right(${text}, ${v.length}::int) = ${v}::text)`;
    }
    case '=~':
      // Whole-value match with the leading inline flags translated (src/graph/regex.ts).
      return sql`(${isString} and ${text} ~ ${postgresRegex(String(filter.value))}::text)`;
    default:
      return FALSE;
  }
}

/** Compiled scopes kept (by their serialized form): beyond this many readers' scopes the oldest is dropped. */
const SCOPE_CACHE_SIZE = 256;
const compiledScopes = new Map<string, ScopeSql>();

export class ScopeSql {
  /**
   * The compiled scope of a reader, cached by the scope's serialized form (issue 24: the hot reads
   * compiled the same rules on every call): the scope is built per request from the settings and the
   * groups' security, so an edit of DATA_TYPES, a group's security or a permission is another key at
   * once and nothing needs invalidating; unused keys age out (LRU, SCOPE_CACHE_SIZE).
   */
  static for(scope: AccessScope): ScopeSql {
    if (scope.unrestricted === true) return UNRESTRICTED_SQL;
    const key = JSON.stringify(scope);
    const hit = compiledScopes.get(key);
    if (hit) {
      compiledScopes.delete(key);
      compiledScopes.set(key, hit);
      return hit;
    }
    const compiled = new ScopeSql(scope);
    compiledScopes.set(key, compiled);
    if (compiledScopes.size > SCOPE_CACHE_SIZE) compiledScopes.delete(compiledScopes.keys().next().value as string);
    return compiled;
  }

  /** Fragments depending on the alias only (the rows' rules, the columns), compiled once per alias. */
  private readonly memo = new Map<string, Sql>();

  private memoized(key: string, compile: () => Sql): Sql {
    let hit = this.memo.get(key);
    if (!hit) {
      hit = compile();
      this.memo.set(key, hit);
    }
    return hit;
  }

  readonly open: boolean;
  private readonly visibleLabels: string[] | null;
  private readonly visibleTypes: string[] | null;
  private readonly nodeRules: Record<string, PropertyRule> | null;
  private readonly relRules: Record<string, PropertyRule> | null;

  constructor(readonly scope: AccessScope) {
    const unrestricted = scope.unrestricted === true;
    this.visibleLabels = unrestricted || scope.labels === '*' ? null : [...scope.labels];
    this.visibleTypes = unrestricted || scope.types === '*' ? null : [...scope.types];
    this.nodeRules = !unrestricted && hasRules(scope.nodeProperties) ? scope.nodeProperties : null;
    this.relRules = !unrestricted && hasRules(scope.relationshipProperties) ? scope.relationshipProperties : null;
    if (!unrestricted) {
      if (scope.nodeFilter !== undefined) assertFilter(scope.nodeFilter, 'scope.nodeFilter');
      if (scope.relationshipFilter !== undefined) assertFilter(scope.relationshipFilter, 'scope.relationshipFilter');
    }
    this.open =
      unrestricted ||
      (this.visibleLabels === null &&
        this.visibleTypes === null &&
        !this.nodeRules &&
        !this.relRules &&
        scope.nodeFilter === undefined &&
        scope.relationshipFilter === undefined);
  }

  /** The visible labels, or null when every label is visible. */
  get labelList(): string[] | null {
    return this.visibleLabels;
  }

  labelVisible(label: string): boolean {
    return this.visibleLabels === null || this.visibleLabels.includes(label);
  }

  typeVisible(type: string): boolean {
    return this.visibleTypes === null || this.visibleTypes.includes(type);
  }

  /** The visible ones among these labels or types. */
  filterLabelsOrTypes(names: string[], kind: 'label' | 'type'): string[] {
    return names.filter((n) => (kind === 'label' ? this.labelVisible(n) : this.typeVisible(n)));
  }

  // ------------------------------------------------------------------------------------------
  // rows

  /** The node row rule: a visible label, and the scope's node filter. */
  nodeVisible(alias: string): Sql {
    if (this.scope.unrestricted) return TRUE;
    return this.memoized(`nv:${alias}`, () => this.compileNodeVisible(alias));
  }

  private compileNodeVisible(alias: string): Sql {
    const a = raw(alias);
    const parts: Sql[] = [];
    if (this.visibleLabels !== null)
      parts.push(this.visibleLabels.length === 0 ? FALSE : sql`${a}.labels && ${literalArray(this.visibleLabels)}`);
    if (this.scope.nodeFilter !== undefined) parts.push(compileFilter(this.scope.nodeFilter, this.rawNodeContext(alias)));
    return and(parts);
  }

  /** The relationship rule without its ends: a visible type and the scope's relationship filter. */
  relationshipOwnVisible(alias: string): Sql {
    if (this.scope.unrestricted) return TRUE;
    return this.memoized(`rv:${alias}`, () => this.compileRelationshipOwnVisible(alias));
  }

  private compileRelationshipOwnVisible(alias: string): Sql {
    const a = raw(alias);
    const parts: Sql[] = [];
    if (this.visibleTypes !== null)
      parts.push(this.visibleTypes.length === 0 ? FALSE : sql`${a}.type = any(${literalArray(this.visibleTypes)})`);
    if (this.scope.relationshipFilter !== undefined)
      parts.push(compileFilter(this.scope.relationshipFilter, this.rawRelationshipContext(alias)));
    return and(parts);
  }

  /** A relationship is visible when it passes its own rule and both ends are visible. */
  relationshipVisible(alias: string): Sql {
    const own = this.relationshipOwnVisible(alias);
    const ends = this.nodeVisible('gas_end');
    if (ends === TRUE) return own;
    const a = raw(alias);
    return and([
      own,
      sql`exists (select 1 from graph_nodes gas_end where gas_end.id = ${a}.start_id and ${ends})`,
      sql`exists (select 1 from graph_nodes gas_end where gas_end.id = ${a}.end_id and ${ends})`,
    ]);
  }

  // ------------------------------------------------------------------------------------------
  // user filters, sorts and accessors (hidden properties read as NULL)

  nodeAccessor(alias: string, property: string): Sql {
    assertIdentifier('property', property);
    const a = raw(alias);
    const plain = sql`${a}.properties -> ${literal(property)}`;
    const hiding = this.nodeHiding(property);
    if (hiding === 'all') return raw('null::jsonb');
    if (hiding.length === 0) return plain;
    return sql`(case when not (${a}.labels && ${literalArray(hiding)}) then ${plain} end)`;
  }

  /**
   * Whether node `alias` carries `property` visibly: FALSE (no statement needed) when every node
   * hides it. The export's column set probes its candidate keys with this (property-keys.ts); any
   * stored key (a binding when not a plain name, sql.ts literal()).
   */
  nodeHasProperty(alias: string, property: string): Sql {
    const a = raw(alias);
    const hiding = this.nodeHiding(property);
    if (hiding === 'all') return FALSE;
    const present = sql`jsonb_exists(${a}.properties, ${literal(property)})`;
    if (hiding.length === 0) return present;
    return sql`(${present} and not (${a}.labels && ${literalArray(hiding)}))`;
  }

  /** The labels whose rules hide a node property ('all': the '*' rule does), the one judgement of nodeAccessor and nodeHasProperty. */
  private nodeHiding(property: string): 'all' | string[] {
    if (!this.nodeRules) return [];
    if (hides(this.nodeRules['*'], property)) return 'all';
    return Object.keys(this.nodeRules).filter((label) => label !== '*' && hides(this.nodeRules![label], property));
  }

  relationshipAccessor(alias: string, property: string): Sql {
    assertIdentifier('property', property);
    const a = raw(alias);
    const plain = sql`${a}.properties -> ${literal(property)}`;
    if (!this.relRules) return plain;
    if (hides(this.relRules['*'], property)) return raw('null::jsonb');
    const hiding = Object.keys(this.relRules).filter((type) => type !== '*' && hides(this.relRules![type], property));
    if (hiding.length === 0) return plain;
    return sql`(case when not (${a}.type = any(${literalArray(hiding)})) then ${plain} end)`;
  }

  /** A user filter on nodes; throws BadRequestError when malformed. */
  nodeFilter(alias: string, filter: Filter | undefined): Sql {
    if (filter === undefined) return TRUE;
    assertFilter(filter);
    return compileFilter(filter, {
      entity: 'node',
      alias,
      accessor: (p) => this.nodeAccessor(alias, p),
      containment: true,
      label: (l) => (this.labelVisible(l) ? sql`${raw(alias)}.labels @> array[${literal(l)}]` : FALSE),
      type: () => FALSE,
    });
  }

  relationshipFilter(alias: string, filter: Filter | undefined): Sql {
    if (filter === undefined) return TRUE;
    assertFilter(filter);
    return compileFilter(filter, {
      entity: 'relationship',
      alias,
      accessor: (p) => this.relationshipAccessor(alias, p),
      containment: true,
      label: () => FALSE,
      type: (t) => (this.typeVisible(t) ? sql`${raw(alias)}.type = ${literal(t)}` : FALSE),
    });
  }

  nodeOrder(alias: string, sort: SortKey[] | undefined): Sql {
    return this.order(alias, sort, (p) => this.nodeAccessor(alias, p));
  }

  relationshipOrder(alias: string, sort: SortKey[] | undefined): Sql {
    return this.order(alias, sort, (p) => this.relationshipAccessor(alias, p));
  }

  /**
   * Elements without the property come last in both directions; values of different types sort
   * in Cypher's order (lists < strings < booleans < numbers; objects first), as on Neo4j.
   */
  private order(alias: string, sort: SortKey[] | undefined, accessor: (p: string) => Sql): Sql {
    const keys = (sort ?? []).flatMap((key) => {
      const dir = raw(key.direction === 'desc' ? 'desc nulls last' : 'asc nulls last');
      const value = accessor(key.property);
      return [
        sql`${jsonTypeRank(value)} ${dir}`,
        sql`${codePointKey(value)} ${dir}`,
        sql`${typedValueKey(value)} ${dir}`,
        sql`${value} ${dir}`,
      ];
    });
    keys.push(sql`${raw(alias)}.id asc`);
    return sql`order by ${joinComma(keys)}`;
  }

  // ------------------------------------------------------------------------------------------
  // projections

  nodeLabels(alias: string): Sql {
    const a = raw(alias);
    if (this.visibleLabels === null) return sql`${a}.labels`;
    return sql`array(select u.l from unnest(${a}.labels) with ordinality as u(l, o) where u.l = any(${literalArray(this.visibleLabels)}) order by u.o)`;
  }

  nodeProperties(alias: string, properties?: string[]): Sql {
    const a = raw(alias);
    let expr = this.nodeRules
      ? (denyOnly(this.nodeRules, (label) => sql`${a}.labels @> array[${literal(label)}]`, sql`${a}.properties`) ??
        sql`gas_visible_properties(${a}.labels, ${a}.properties, ${JSON.stringify(this.nodeRules)}::jsonb)`)
      : sql`${a}.properties`;
    if (properties) {
      properties.forEach((p) => assertIdentifier('property', p));
      expr = sql`gas_pick_properties(${expr}, ${literalArray(properties)})`;
    }
    return expr;
  }

  relationshipProperties(alias: string, properties?: string[]): Sql {
    const a = raw(alias);
    let expr = this.relRules
      ? (denyOnly(this.relRules, (type) => sql`${a}.type = ${literal(type)}`, sql`${a}.properties`) ??
        sql`gas_visible_properties(array[${a}.type], ${a}.properties, ${JSON.stringify(this.relRules)}::jsonb)`)
      : sql`${a}.properties`;
    if (properties) {
      properties.forEach((p) => assertIdentifier('property', p));
      expr = sql`gas_pick_properties(${expr}, ${literalArray(properties)})`;
    }
    return expr;
  }

  /** Columns id, labels, properties of a node row. */
  nodeColumns(alias: string, properties?: string[]): Sql {
    if (!properties)
      return this.memoized(
        `nc:${alias}`,
        () => sql`${raw(alias)}.id::text as id, ${this.nodeLabels(alias)} as labels, ${this.nodeProperties(alias)} as properties`,
      );
    return sql`${raw(alias)}.id::text as id, ${this.nodeLabels(alias)} as labels, ${this.nodeProperties(alias, properties)} as properties`;
  }

  /** Columns id, type, start_id, end_id, properties of a relationship row. */
  relationshipColumns(alias: string, properties?: string[]): Sql {
    if (!properties) return this.memoized(`rc:${alias}`, () => this.compileRelationshipColumns(alias));
    return this.compileRelationshipColumns(alias, properties);
  }

  private compileRelationshipColumns(alias: string, properties?: string[]): Sql {
    const a = raw(alias);
    return sql`${a}.id::text as id, ${a}.type as type, ${a}.start_id::text as start_id, ${a}.end_id::text as end_id, ${this.relationshipProperties(alias, properties)} as properties`;
  }

  /** Whether property `p` is visible on element `alias` (fulltext entries carry the name in a column). */
  nodePropertyVisibleExpr(alias: string, propertyColumn: Sql): Sql {
    if (!this.nodeRules) return TRUE;
    return sql`gas_property_visible(${raw(alias)}.labels, ${propertyColumn}, ${JSON.stringify(this.nodeRules)}::jsonb)`;
  }

  // The scope's own filters see the raw properties and every label.
  private rawNodeContext(alias: string): FilterContext {
    return {
      entity: 'node',
      alias,
      accessor: (p) => sql`${raw(alias)}.properties -> ${literal(p)}`,
      containment: true,
      label: (l) => sql`${raw(alias)}.labels @> array[${literal(l)}]`,
      type: () => FALSE,
    };
  }

  private rawRelationshipContext(alias: string): FilterContext {
    return {
      entity: 'relationship',
      alias,
      accessor: (p) => sql`${raw(alias)}.properties -> ${literal(p)}`,
      containment: true,
      label: () => FALSE,
      type: (t) => sql`${raw(alias)}.type = ${literal(t)}`,
    };
  }
}

const UNRESTRICTED_SQL = new ScopeSql({ unrestricted: true, labels: '*', types: '*' });

/**
 * When every rule only denies, the visible properties are the stored ones minus the denied keys:
 * `properties - (<denied under '*'> || case when <label L> then <denied under L> ... end)`, plain
 * operators evaluated inline (gas_visible_properties is an aggregate over jsonb_each per row, about
 * a hundred times slower). Null when some rule allows: then the SQL function decides.
 */
function denyOnly(rules: Record<string, PropertyRule>, matches: (token: string) => Sql, properties: Sql): Sql | null {
  const list = (value: unknown): string[] | null => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : null);
  if (Object.values(rules).some((rule) => rule && rule.allow !== undefined)) return null;
  const always = list(rules['*']?.deny) ?? [];
  const parts: Sql[] = [literalArray(always)];
  for (const [token, rule] of Object.entries(rules)) {
    if (token === '*') continue;
    const keys = (list(rule?.deny) ?? []).filter((k) => !always.includes(k));
    if (keys.length > 0) parts.push(sql`(case when ${matches(token)} then ${literalArray(keys)} else '{}'::text[] end)`);
  }
  if (parts.length === 1 && always.length === 0) return properties;
  return sql`(${properties} - (${join(parts, ' || ')}))`;
}

/**
 * Rank of a jsonb value's type in Cypher's order of values (maps, lists, points, temporal types,
 * durations, strings, booleans, numbers: gas_value_rank, docs/values.md), NULL for NULL: sorted
 * before the value itself, it makes PostgreSQL order values of different types as Neo4j does
 * (jsonb alone orders strings < numbers < booleans < arrays < objects).
 */
export function jsonTypeRank(value: Sql): Sql {
  return sql`gas_value_rank(${value})`;
}

/** The order of temporal values and points within their type (gas_value_key: dates by day, zoned datetimes by instant, ...), NULL for other values. */
export function typedValueKey(value: Sql): Sql {
  return sql`gas_value_key(${value})`;
}

/**
 * `<`, `<=`, `>`, `>=` against a temporal value: true only for a stored value of the same Cypher
 * type (an offset and a zoned datetime are one type) that orders so (zoned ones by instant).
 * Durations and points have no such order in Cypher: false, as any comparison Cypher leaves null.
 */
function typedRange(acc: Sql, operator: string, value: TypedValue): Sql {
  if (value.$type === 'Duration' || value.$type === 'Point') return FALSE;
  const json = toJsonText(value);
  return sql`(gas_value_kind(${acc}) = gas_value_kind(${json}::jsonb) and (gas_value_key(${acc}))[1] ${raw(operator)} (gas_value_key(${json}::jsonb))[1])`;
}

/**
 * A string value as text in code-point order (collate "C"), NULL for other types: sorted before
 * the value, strings order as on Neo4j whatever the database's collation (jsonb compares strings
 * with the database's collation).
 */
export function codePointKey(value: Sql): Sql {
  return sql`(case when jsonb_typeof(${value}) = 'string' then ${value} #>> '{}' end) collate "C"`;
}

function joinComma(parts: Sql[]): Sql {
  return new Sql(
    parts.map((p) => p.text).join(', '),
    parts.flatMap((p) => p.values),
  );
}
