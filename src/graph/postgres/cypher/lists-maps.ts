import type { CstNode } from '../../../cypher/parser';
import { nameOf, positionOf, rule, rules, textOf } from '../../../cypher/parser';
import type { Sql } from '../sql';
import { join, raw, sql } from '../sql';
import type { Binding, Ctx, Expr, ExprType, Translator } from './context';
import { cypherError, raise, unsupported } from './context';
import { conditionOf, expr } from './expression-entry';
import { json, SHARE_ABOVE, shareOperands, variableRef } from './expression-values';
import { propertyOf } from './literals';
import { inList, regexMatch } from './operators';
import { constructName, hasNestedNull, isInt } from './values';

/**
 * [x IN list WHERE cond | expr], any / all / none / single(x IN list WHERE cond): over the list's
 * elements in order (nodes and relationships of a list as their JSON objects), with Cypher's
 * three-valued predicates (any: true when one is true, else null when one is null).
 */
export function overList(t: Translator, n: CstNode, ctx: Ctx): Expr {
  const filter = rule(n, 'filterExpression')!;
  const idInColl = rule(filter, 'idInColl')!;
  const variable = rule(idInColl, 'variable')!;
  const name = nameOf(variable);
  const list = expr(t, rule(idInColl, 'expression')!, {
    ...ctx,
    aggregates: false,
    aggregatesUnsupported: ctx.aggregates || ctx.aggregatesUnsupported,
  });
  if (list.type !== 'value' && list.type !== 'nodes' && list.type !== 'rels')
    throw unsupported(idInColl, 'A list comprehension over this value');
  const e = t.fresh('e');
  // An element may hold a null inside it only if it is a list or map of the literal that does
  // (`x IN [2, null] WHERE x = 2` compares numbers).
  const constant = list.constant?.value;
  const nestedNull = list.constant
    ? Array.isArray(constant) && constant.some((v) => v !== null && typeof v === 'object' && hasNestedNull(v))
    : list.nestedNull;
  const element: Binding = {
    kind: list.type === 'nodes' ? 'nodeobj' : list.type === 'rels' ? 'relobj' : 'value',
    sql: raw(`nullif(${e}.v, 'null'::jsonb)`),
    nestedNull,
  };
  const inner: Ctx = { vars: new Map(ctx.vars).set(name, element), aggregates: false, order: [] };
  const where = rule(filter, 'where');
  const condition = where ? conditionOf(t, rule(where, 'expression')!, inner) : undefined;
  // The list is read three times (null, not a list, its elements): computed once when long.
  return shareOperands(t, [list], ([shared]) => overSharedList(t, n, shared, e, inner, condition));
}

function overSharedList(t: Translator, n: CstNode, list: Expr, e: string, inner: Ctx, whereCondition: Sql | undefined): Expr {
  const idInColl = rule(rule(n, 'filterExpression')!, 'idInColl')!;
  const element = inner.vars.get(nameOf(rule(idInColl, 'variable')!))!;
  const l = list.sql;
  // A quantifier reads its condition two or three times per element: a long one is computed once per element.
  const lateral =
    whereCondition && whereCondition.text.length > SHARE_ABOVE && n.rule !== 'listComprehension' ? t.fresh('gas_c') : undefined;
  const condition = lateral ? raw(`${lateral}.c`) : whereCondition;
  const elements = sql`jsonb_array_elements(${l}) with ordinality ${raw(e)}(v, o)${lateral ? sql` cross join lateral (select ${whereCondition!} as c offset 0) ${raw(lateral)}` : raw('')}`;
  const notList = raise('GCY02', `Type mismatch: expected a list (at ${positionOf(idInColl)})`, 'jsonb');
  const wrap = (body: Sql, type: ExprType): Expr => ({
    sql: sql`(case when ${l} is null then null when jsonb_typeof(${l}) <> 'array' then ${type === 'bool' ? sql`(${notList} is null)` : notList} else ${body} end)`,
    type,
  });
  if (n.rule === 'listComprehension') {
    const projectionNode = rules(n, 'expression')[0];
    const projection = projectionNode
      ? expr(t, projectionNode, inner)
      : { sql: element.sql, type: (element.kind === 'nodeobj' ? 'nodeobj' : element.kind === 'relobj' ? 'relobj' : 'value') as ExprType };
    if (projection.type === 'path' || projection.type === 'pattern' || projection.type === 'nodes' || projection.type === 'rels')
      throw unsupported(projectionNode ?? n, 'A list comprehension of paths or lists of nodes');
    const type: ExprType =
      projection.type === 'node' || projection.type === 'nodeobj'
        ? 'nodes'
        : projection.type === 'rel' || projection.type === 'relobj'
          ? 'rels'
          : 'value';
    const body = sql`(select coalesce(jsonb_agg(${json(t, projection)} order by ${raw(e)}.o), '[]'::jsonb) from ${elements}${condition ? sql` where ${condition}` : raw('')})`;
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
export function mapProjection(t: Translator, n: CstNode, ctx: Ctx): Expr {
  const variable = rule(n, 'variable')!;
  const target = variableRef(t, variable, ctx);
  if (!['node', 'rel', 'nodeobj', 'relobj', 'value'].includes(target.type)) throw unsupported(n, 'A map projection of this value');
  const parts: Sql[] = [];
  let aggregate = false;
  for (const variant of rules(n, 'mapProjectionVariants')) {
    const item = rules(variant)[0];
    if (item.rule === 'propertySelector') {
      const key = nameOf(rule(item, 'variable') ?? rule(item, 'propertyKeyName') ?? rules(item)[0]);
      parts.push(sql`jsonb_build_object(${key}::text, ${propertyOf(t, target, key, item).sql})`);
    } else if (item.rule === 'allPropertiesSelector') {
      if (target.type === 'node' || target.type === 'rel') {
        const alias = target.element!.alias!();
        parts.push(target.type === 'node' ? t.scope.nodeProperties(alias) : t.scope.relationshipProperties(alias));
      } else if (target.type === 'nodeobj' || target.type === 'relobj') parts.push(sql`(${target.sql} -> 'properties')`);
      else
        parts.push(
          sql`(case when jsonb_typeof(${target.sql}) = 'object' then ${target.sql} else ${raise('GCY02', `Type mismatch: .* needs a map, node or relationship (at ${positionOf(item)})`, 'jsonb')} end)`,
        );
    } else if (item.rule === 'literalEntry') {
      const key = nameOf(rule(item, 'propertyKeyName')!);
      const value = expr(t, rule(item, 'expression')!, ctx);
      aggregate = aggregate || !!value.aggregate;
      if (value.type === 'pattern' || value.type === 'node' || value.type === 'rel')
        throw unsupported(item, 'A map projection entry holding a node, relationship or pattern');
      parts.push(sql`jsonb_build_object(${key}::text, ${json(t, value)})`);
    } else if (item.rule === 'variableSelector') {
      const v = rule(item, 'variable')!;
      const value = variableRef(t, v, ctx);
      if (value.type === 'node' || value.type === 'rel') throw unsupported(item, 'A map projection entry holding a node or relationship');
      parts.push(sql`jsonb_build_object(${nameOf(v)}::text, ${json(t, value)})`);
    } else throw unsupported(item, 'This map projection entry');
  }
  const map = parts.length ? join(parts, ' || ') : raw(`'{}'::jsonb`);
  return { sql: sql`(case when ${target.sql} is null then null else ${map} end)`, type: 'value', nestedNull: true, aggregate };
}

export function stringListNull(t: Translator, n: CstNode, ctx: Ctx): Expr {
  const kids = n.children.filter((c) => !c.space);
  let current = expr(t, kids[0], ctx);
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
      const right = expr(t, kids[i], ctx);
      i += 1;
      if (current.type !== 'value' || right.type !== 'value')
        throw unsupported(k, `${word === 'CONTAINS' ? 'CONTAINS' : `${word} WITH`} on a value that is not a string`);
      const x = current.sql;
      const y = right.sql;
      const tx = sql`(${x} #>> '{}')`;
      const ty = sql`(${y} #>> '{}')`;
      const test =
        word === 'STARTS'
          ? sql`starts_with(${tx}, ${ty})`
          : word === 'ENDS'
            ? sql`right(${tx}, char_length(${ty})) = ${ty}`
            : sql`strpos(${tx}, ${ty}) > 0`;
      current = {
        sql: sql`(case when jsonb_typeof(${x}) = 'string' and jsonb_typeof(${y}) = 'string' then ${test} end)`,
        type: 'bool',
        aggregate: current.aggregate || right.aggregate,
      };
      continue;
    }
    if (k.rule === null && word === 'IN') {
      const right = expr(t, kids[i + 1], ctx);
      i += 2;
      current = inList(t, current, right, k);
      continue;
    }
    if (k.rule === null && word === '=~') {
      const right = expr(t, kids[i + 1], ctx);
      i += 2;
      current = regexMatch(t, current, right, k);
      continue;
    }
    if (k.rule === null && word === '[') {
      let j = i + 1;
      const inside: CstNode[] = [];
      while (j < kids.length && !(kids[j].rule === null && kids[j].token === ']')) inside.push(kids[j++]);
      if (inside.some((c) => c.rule === null && c.token === '..')) {
        current = sliceOf(t, current, inside, k, ctx);
        i = j + 1;
        continue;
      }
      if (inside.length !== 1) throw unsupported(k, 'A slice x[a..b]');
      const index = expr(t, inside[0], ctx);
      if (index.type !== 'value') throw cypherError(inside[0], 'Type mismatch: a subscript is an integer or a string');
      if (current.type === 'node' || current.type === 'rel' || current.type === 'nodeobj' || current.type === 'relobj') {
        current = elementSubscript(t, current, index, k);
        i = j + 1;
        continue;
      }
      // A list of nodes or relationships (collect(n), nodes(p)) is a jsonb array of their objects.
      const elements = current.type === 'nodes' || current.type === 'rels';
      if (current.type !== 'value' && !elements) throw unsupported(k, 'A subscript on a path or a list of paths');
      const x = current.sql;
      const ix = index.sql;
      current = {
        sql: sql`(case when ${x} is null or ${ix} is null then null
          when jsonb_typeof(${x}) = 'array' and ${isInt(ix)} then (case when abs((${ix})::numeric) < 2147483647 then nullif(${x} -> ((${ix})::text::int), 'null'::jsonb) end)
          when jsonb_typeof(${x}) = 'object' and jsonb_typeof(${ix}) = 'string' then nullif(${x} -> (${ix} #>> '{}'), 'null'::jsonb)
          else ${raise('GCY02', `Type mismatch: a list takes an integer subscript, a map a string (at ${positionOf(k)})`, 'jsonb')} end)`,
        type: current.type === 'nodes' ? 'nodeobj' : current.type === 'rels' ? 'relobj' : 'value',
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
 * n[key], r[key]: the property named by a string computed when the query runs (TCK Merge6 and
 * Merge7 read `r[key]` over `keys(r)`), through the scope's projection of the element's properties,
 * so a hidden property reads null as with `n.key`; null for a null element or key.
 */
function elementSubscript(t: Translator, element: Expr, index: Expr, at: CstNode): Expr {
  const props =
    element.type === 'node' || element.type === 'rel'
      ? element.type === 'node'
        ? t.scope.nodeProperties(element.element!.alias!())
        : t.scope.relationshipProperties(element.element!.alias!())
      : sql`(${element.sql} -> 'properties')`;
  const ix = index.sql;
  return {
    sql: sql`(case when ${element.sql} is null or ${ix} is null then null
      when jsonb_typeof(${ix}) = 'string' then nullif(${props} -> (${ix} #>> '{}'), 'null'::jsonb)
      else ${raise('GCY02', `Type mismatch: a node or relationship takes a string subscript (at ${positionOf(at)})`, 'jsonb')} end)`,
    type: 'value',
    aggregate: element.aggregate || index.aggregate,
  };
}

/**
 * list[a..b], list[a..], list[..b]: the elements from a up to b (excluded), a negative bound
 * counting from the end, bounds outside the list clamped, [] when b is not after a; null for a
 * null list or a null bound (TCK List2).
 */
export function sliceOf(t: Translator, list: Expr, inside: CstNode[], at: CstNode, ctx: Ctx): Expr {
  if (list.type !== 'value') throw unsupported(at, 'A slice of a node, relationship, path or list of them');
  const dots = inside.findIndex((c) => c.rule === null && c.token === '..');
  const fromNode = dots > 0 ? inside[0] : undefined;
  const toNode = dots < inside.length - 1 ? inside[dots + 1] : undefined;
  const bound = (node: CstNode | undefined): Expr | undefined => {
    if (!node) return undefined;
    const e = expr(t, node, ctx);
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
  const e = t.fresh('e');
  return {
    sql: sql`(case when ${x} is null${join(nullBound, '')} then null
      when jsonb_typeof(${x}) <> 'array' then ${raise('GCY02', `Type mismatch: a slice needs a list (at ${positionOf(at)})`, 'jsonb')}
      else (select coalesce(jsonb_agg(${raw(e)}.v order by ${raw(e)}.o), '[]'::jsonb) from jsonb_array_elements(${x}) with ordinality ${raw(e)}(v, o) where ${raw(e)}.o - 1 >= ${start} and ${raw(e)}.o - 1 < ${end}) end)`,
    type: 'value',
    nestedNull: list.nestedNull,
    aggregate: list.aggregate || !!from?.aggregate || !!to?.aggregate,
  };
}
