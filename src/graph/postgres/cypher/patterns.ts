import type { CstNode } from '../../../cypher/parser';
import { descendants, hasToken, nameOf, positionOf, rule, rules } from '../../../cypher/parser';
import type { Sql } from '../sql';
import { and, FALSE, join, raw, sql, TRUE } from '../sql';
import type { Binding, Ctx, Expr, ExprType, PatternSql, Translator } from './context';
import { cypherError, raise, unsupported } from './context';
import { conditionOf, expr } from './expression-entry';
import { json, nodeObject, relationshipObject } from './expression-values';
import { propertyOf } from './literals';
import { equals } from './operators';
import { rangeBounds } from './values';

/**
 * Pattern parts → graph tables and conditions: the structure (ends, labels, types, relationship
 * uniqueness), the scope of every element, the user's property maps. `vars` gains the new
 * variables (allowNew: a MATCH; a pattern predicate may only use bound ones).
 */
export function patternsSql(
  t: Translator,
  parts: Array<{ element: CstNode; pathVariable?: CstNode; shortest?: 'one' | 'all' }>,
  vars: Map<string, Binding>,
  ctx: Ctx,
  allowNew: boolean,
): PatternSql {
  let shortest: 'one' | 'all' | undefined;
  const structural: Sql[] = [];
  const scopeParts: Sql[] = [];
  const user: Sql[] = [];
  const tables: Sql[] = [];
  const relAliases: string[] = [];
  const pathAliases: string[] = [];
  const fresh: Array<{ name: string; alias: string; kind: 'node' | 'rel' | 'rels' | 'path'; select?: Sql }> = [];

  const nodeElement = (pattern: CstNode): string => {
    const alias = t.fresh('n');
    tables.push(sql`graph_nodes ${raw(alias)}`);
    const variable = rule(pattern, 'variable');
    if (variable) {
      const name = nameOf(variable);
      const bound = vars.get(name);
      if (bound) {
        if (bound.kind === 'nodeobj') structural.push(sql`${raw(alias)}.id = (${bound.sql} ->> 'id')::bigint`);
        else if (bound.kind === 'value' && !bound.literal) structural.push(valueAsElement(bound, name, variable, 'node'));
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
        structural.push(t.scope.labelVisible(name) ? sql`${raw(alias)}.labels @> array[${name}::text]` : FALSE);
      }
    }
    scopeParts.push(t.scope.nodeVisible(alias));
    const properties = rule(pattern, 'properties');
    if (properties) propertyMap(t, properties, { kind: 'node', sql: raw(`${alias}.id`), alias: () => alias }, ctx, user, structural);
    return alias;
  };

  const relationshipElement = (pattern: CstNode, left: string, right: string): { alias: string; rels?: Sql; nodes: Sql } => {
    const detail = rule(pattern, 'relationshipDetail');
    const range = detail ? rule(detail, 'rangeLiteral') : undefined;
    if (detail && range) return varLength(pattern, detail, range, left, right);
    const alias = t.fresh('r');
    tables.push(sql`graph_relationships ${raw(alias)}`);
    const a = raw(alias);
    if (detail) {
      const variable = rule(detail, 'variable');
      if (variable) {
        const name = nameOf(variable);
        const bound = vars.get(name);
        if (bound) {
          // As Neo4j's semantic analysis: one relationship variable twice in one MATCH breaks
          // relationship uniqueness; a variable bound to something else (a node, a path, a
          // value of another type) is a type conflict.
          if (fresh.some((f) => f.name === name && f.kind === 'rel'))
            throw cypherError(variable, `Cannot use the same relationship variable \`${name}\` for multiple relationships`);
          if (bound.kind === 'rel' && !fresh.some((f) => f.name === name)) structural.push(sql`${a}.id = ${bound.sql}`);
          else if (bound.kind === 'relobj') structural.push(sql`${a}.id = (${bound.sql} ->> 'id')::bigint`);
          else if (bound.kind === 'value' && !bound.literal) structural.push(valueAsElement(bound, name, variable, 'relationship'));
          else throw cypherError(variable, `Type mismatch: variable \`${name}\` is already bound to a value that is not a relationship`);
        } else {
          if (!allowNew) throw unsupported(variable, 'A new variable in a pattern predicate');
          vars.set(name, { kind: 'rel', sql: raw(`${alias}.id`), alias: () => alias });
          fresh.push({ name, alias, kind: 'rel' });
        }
      }
      const types = rule(detail, 'relationshipTypes');
      if (types) {
        const names = [...descendants(types, 'relTypeName')].map(nameOf);
        const visible = names.filter((type) => t.scope.typeVisible(type));
        structural.push(visible.length === 0 ? FALSE : sql`${a}.type = any(${visible}::text[])`);
      }
      const properties = rule(detail, 'properties');
      if (properties) propertyMap(t, properties, { kind: 'rel', sql: raw(`${alias}.id`), alias: () => alias }, ctx, user, structural);
    }
    const leftArrow = !!rule(rule(pattern, 'relationshipPatternStart') ?? pattern, 'leftArrowHead');
    const rightArrow = !!rule(rule(pattern, 'relationshipPatternEnd') ?? pattern, 'rightArrowHead');
    const l = raw(`${left}.id`);
    const r = raw(`${right}.id`);
    if (rightArrow && !leftArrow) structural.push(sql`${a}.start_id = ${l} and ${a}.end_id = ${r}`);
    else if (leftArrow && !rightArrow) structural.push(sql`${a}.start_id = ${r} and ${a}.end_id = ${l}`);
    else structural.push(sql`((${a}.start_id = ${l} and ${a}.end_id = ${r}) or (${a}.start_id = ${r} and ${a}.end_id = ${l}))`);
    scopeParts.push(t.scope.relationshipOwnVisible(alias));
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
  const varLength = (
    pattern: CstNode,
    detail: CstNode,
    range: CstNode,
    left: string,
    right: string,
  ): { alias: string; rels: Sql; nodes: Sql } => {
    const declared = rangeBounds(range);
    // `WITH [r1, r2] AS rs MATCH (a)-[rs*]->(b)`: the walk is the list's relationships, in order (TCK Match4 [8], Match9 [6, 7]).
    const listVariable = rule(detail, 'variable');
    const listBound = listVariable ? vars.get(nameOf(listVariable)) : undefined;
    const list = listBound?.kind === 'rels' && !fresh.some((f) => f.name === nameOf(listVariable!)) ? listBound.sql : undefined;
    if (list && shortest) throw unsupported(range, 'A shortest path along a list of relationships');
    // Without an upper bound (`*`, `*2..`): walks are followed one step beyond maxDepth, and a walk
    // that gets there stops the query (the answer would miss it), so every answer is whole.
    const unbounded = declared.max === undefined && !list;
    if (unbounded && shortest) throw unsupported(range, 'A variable-length relationship without an upper bound');
    const bounds = { min: declared.min, max: declared.max ?? t.maxDepth + 1 };
    const p = t.fresh('p');
    const w = t.fresh('w');
    const e = t.fresh('e');
    const x = t.fresh('x');
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
    const conditions: Sql[] = [
      list
        ? sql`${ew}.id = (${list} -> cardinality(${raw(w)}.rels) ->> 'id')::bigint`
        : sql`cardinality(${raw(w)}.rels) < ${bounds.max}::int`,
      sql`not (${ew}.id = any(${raw(w)}.rels))`,
    ];
    const types = rule(detail, 'relationshipTypes');
    if (types) {
      const names = [...descendants(types, 'relTypeName')].map(nameOf);
      const visible = names.filter((type) => t.scope.typeVisible(type));
      conditions.push(visible.length === 0 ? FALSE : sql`${ew}.type = any(${visible}::text[])`);
    }
    conditions.push(t.scope.relationshipOwnVisible(e));
    const properties = rule(detail, 'properties');
    if (properties) conditions.push(...stepProperties(t, properties, e, ctx));
    const nodeRule = t.scope.nodeVisible(x);
    if (nodeRule !== TRUE) conditions.push(sql`exists (select 1 from graph_nodes ${raw(x)} where ${raw(x)}.id = ${next} and ${nodeRule})`);
    const W = raw(w);
    // shortestPath: per end node one walk of the least length; allShortestPaths: all of it.
    const walksSelect =
      shortest === 'one'
        ? sql`select distinct on (${W}.node) ${W}.node, ${W}.rels, ${W}.nodes from ${W} where cardinality(${W}.rels) >= ${bounds.min}::int order by ${W}.node, cardinality(${W}.rels)`
        : shortest === 'all'
          ? sql`select gas_a.node, gas_a.rels, gas_a.nodes from (select ${W}.node, ${W}.rels, ${W}.nodes, min(cardinality(${W}.rels)) over (partition by ${W}.node) as gas_m from ${W} where cardinality(${W}.rels) >= ${bounds.min}::int) gas_a where cardinality(gas_a.rels) = gas_a.gas_m`
          : list
            ? sql`select ${W}.node, ${W}.rels, ${W}.nodes from ${W} where cardinality(${W}.rels) = jsonb_array_length(${list}) and cardinality(${W}.rels) >= ${bounds.min}::int${declared.max === undefined ? raw('') : sql` and cardinality(${W}.rels) <= ${declared.max}::int`}`
            : unbounded
              ? sql`select ${W}.node, ${W}.rels, ${W}.nodes from ${W} where cardinality(${W}.rels) >= ${bounds.min}::int and (case when cardinality(${W}.rels) > ${t.maxDepth}::int then ${raise('GCY01', `A variable-length relationship without an upper bound (at ${positionOf(range)}) that goes deeper than ${t.maxDepth} relationships (graphdb.cypherMaxDepth)`, 'boolean')} else true end)`
              : sql`select ${W}.node, ${W}.rels, ${W}.nodes from ${W} where cardinality(${W}.rels) >= ${bounds.min}::int`;
    if (shortest) {
      // Neo4j refuses a shortest path from a node to itself.
      user.push(
        sql`(case when ${raw(left)}.id = ${raw(right)}.id then ${raise('GCY01', `A shortest path from a node to itself (at ${positionOf(range)}) is not supported by Cypher on the PostgreSQL backend`, 'boolean')} else true end)`,
      );
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
    const variable = list ? undefined : rule(detail, 'variable');
    if (variable) {
      const name = nameOf(variable);
      const bound = vars.get(name);
      if (bound && ['node', 'rel', 'path', 'nodes', 'nodeobj', 'relobj'].includes(bound.kind))
        throw cypherError(variable, `Type mismatch: variable \`${name}\` is already bound to a value that is not a list of relationships`);
      if (bound) throw unsupported(variable, `The variable \`${name}\` bound again by a variable-length relationship`);
      if (!allowNew) throw unsupported(variable, 'A new variable in a pattern predicate');
      const r = t.fresh('x');
      const list = sql`(select coalesce(jsonb_agg(${relationshipObject(t, r)} order by u.o), '[]'::jsonb) from unnest(${raw(p)}.rels) with ordinality u(id, o) join graph_relationships ${raw(r)} on ${raw(r)}.id = u.id)`;
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
      const pn = t.fresh('x');
      const pr = t.fresh('x');
      const value = sql`jsonb_build_object('nodes', (select jsonb_agg(${nodeObject(t, pn)} order by u.o) from unnest(${nodeIds}) with ordinality u(id, o) join graph_nodes ${raw(pn)} on ${raw(pn)}.id = u.id), 'relationships', (select coalesce(jsonb_agg(${relationshipObject(t, pr)} order by u.o), '[]'::jsonb) from unnest(${relIds}) with ordinality u(id, o) join graph_relationships ${raw(pr)} on ${raw(pr)}.id = u.id))`;
      vars.set(name, { kind: 'path', sql: value });
      fresh.push({ name, alias: '', kind: 'path', select: value });
    }
  }
  return { tables, structural, scopeParts, user, fresh };
}

/**
 * `[:T* {year: 1988}]`: every relationship of the walk has these properties (a condition of each
 * step, read through the scope as `r.year`). The values must be known before the walk (literals,
 * parameters): the recursive query runs beside the pattern's other rows.
 */
function stepProperties(t: Translator, node: CstNode, alias: string, ctx: Ctx): Sql[] {
  const map = rule(node, 'mapLiteral');
  if (!map) throw cypherError(node, 'Parameter maps cannot be used in MATCH or MERGE patterns (use a literal map instead)');
  const target: Expr = { sql: raw(`${alias}.id`), type: 'rel', element: { kind: 'rel', sql: raw(`${alias}.id`), alias: () => alias } };
  return rules(map, 'literalEntry').map((entry) => {
    const value = expr(t, rule(entry, 'expression')!, ctx);
    if (!value.constant)
      throw unsupported(entry, 'A property of a variable-length relationship compared with a value that is not a literal or parameter');
    return equals(t, propertyOf(t, target, nameOf(rule(entry, 'propertyKeyName')!), entry), value, entry);
  });
}

/**
 * A value (never a node or relationship in this translation) used as a pattern element: null
 * matches nothing (`WITH null AS a OPTIONAL MATCH (a)-->()`), anything else is a type error when
 * it is met (a literal one is refused when translating, as Neo4j's VariableTypeConflict).
 */
function valueAsElement(bound: Binding, name: string, variable: CstNode, what: string): Sql {
  return sql`(case when ${bound.sql} is null then false else ${raise('GCY02', `Type mismatch: \`${name}\` in a pattern is not a ${what} (at ${positionOf(variable)})`, 'boolean')} end)`;
}

/**
 * A pattern as an expression (`WHERE (a)-->(:B)`, `exists(...)`, `size(...)`): its matches with
 * the variables bound outside, every element in the scope as in MATCH. Its relationships need
 * not differ from those of the enclosing MATCH (as on Neo4j).
 */
export function patternPredicate(t: Translator, n: CstNode, ctx: Ctx): Expr {
  const vars = new Map(ctx.vars);
  const p = patternsSql(t, [{ element: n }], vars, { ...ctx, vars, aggregates: false }, false);
  const scope = and(p.scopeParts);
  const user = and(p.user);
  const guarded = user === TRUE ? TRUE : scope === TRUE ? user : sql`(case when ${scope} then ${user} end)`;
  const where = and([...p.structural, scope, guarded]);
  const from = join(p.tables, ', ');
  return {
    sql: sql`exists (select 1 from ${from} where ${where})`,
    count: sql`(select count(*) from ${from} where ${where})`,
    type: 'pattern',
    at: n,
  };
}

/**
 * [p = (a)-[:T]->(b) WHERE cond | expr]: the list of expr over the pattern's matches with the
 * variables bound outside, new variables (and the path) bound inside, every element in the
 * reader's scope as in MATCH, the condition only on elements the scope shows. The list's order
 * is not defined (as on Neo4j).
 */
export function patternComprehension(t: Translator, n: CstNode, ctx: Ctx): Expr {
  const vars = new Map(ctx.vars);
  const inner: Ctx = { ...ctx, vars, aggregates: false, order: [], projected: undefined };
  const p = patternsSql(t, [{ element: rule(n, 'relationshipsPattern')!, pathVariable: rule(n, 'variable') }], vars, inner, true);
  const expressions = rules(n, 'expression');
  const whereNode = hasToken(n, 'WHERE') ? expressions[0] : undefined;
  const projectionNode = expressions[expressions.length - 1];
  const user = and([...p.user, ...(whereNode ? [conditionOf(t, whereNode, inner)] : [])]);
  const scope = and(p.scopeParts);
  const guarded = user === TRUE ? TRUE : scope === TRUE ? user : sql`(case when ${scope} then ${user} end)`;
  const projection = expr(t, projectionNode, inner);
  if (projection.type === 'path' || projection.type === 'pattern' || projection.type === 'nodes' || projection.type === 'rels')
    throw unsupported(projectionNode, 'A pattern comprehension of paths or lists of nodes');
  if (projection.aggregate) throw unsupported(projectionNode, 'An aggregate in a pattern comprehension');
  const type: ExprType =
    projection.type === 'node' || projection.type === 'nodeobj'
      ? 'nodes'
      : projection.type === 'rel' || projection.type === 'relobj'
        ? 'rels'
        : 'value';
  const from = join(p.tables, ', ');
  const where = and([...p.structural, scope, guarded]);
  return {
    sql: sql`(select coalesce(jsonb_agg(${json(t, projection)}), '[]'::jsonb) from ${from} where ${where})`,
    type,
    nestedNull: true,
  };
}

/** Pattern property map `{key: value}`: each entry as `element.key = value`. */
export function propertyMap(t: Translator, node: CstNode, element: Binding, ctx: Ctx, out: Sql[], probes: Sql[]): void {
  const map = rule(node, 'mapLiteral');
  // As Neo4j 3.5 (InvalidParameterUse): MATCH and MERGE take literal maps only (CREATE takes parameters, create.ts).
  if (!map) throw cypherError(node, 'Parameter maps cannot be used in MATCH or MERGE patterns (use a literal map instead)');
  const target: Expr = { sql: element.sql, type: element.kind === 'node' ? 'node' : 'rel', element };
  for (const entry of rules(map, 'literalEntry')) {
    const key = nameOf(rule(entry, 'propertyKeyName')!);
    const value = expr(t, rule(entry, 'expression')!, ctx);
    out.push(equals(t, propertyOf(t, target, key, entry), value, entry));
    // A known scalar: a containment probe of the stored properties (served by the GIN index)
    // narrows the rows first; the comparison above stays the condition (hidden properties).
    const known = value.constant?.value;
    if (
      value.constant &&
      (typeof known === 'string' ||
        typeof known === 'boolean' ||
        typeof known === 'bigint' ||
        (typeof known === 'number' && Number.isFinite(known)))
    ) {
      probes.push(sql`${raw(element.alias!())}.properties @> jsonb_build_object(${key}::text, ${json(t, value)})`);
    }
  }
}
