import type { CstNode } from '../../../../cypher/parser';
import { hasToken, nameOf, positionOf, rule, rules, textOf, unwrap } from '../../../../cypher/parser';
import type { Sql } from '../../sql';
import { join, raw, sql, TRUE } from '../../sql';
import { codePointKey, jsonTypeRank } from '../../sql-filter';
import type { Binding, Column, ColumnKind, Ctx, Expr, Stage, TranslatedCypher, Translator } from '../context';
import { cypherError, raise, unsupported } from '../context';
import { conditionOf, expr } from '../expression-entry';
import { elementJson, json, variableRef } from '../expression-values';
import { Source } from '../source';
import { isTypedJson } from '../functions/temporal-model';
import { AGGREGATES, isInt, kindOf, normalize } from '../values';
import { preGroup, variablesOutsideGroups } from './grouping';

export function projectionClause(
  t: Translator,
  node: CstNode,
  stage: Stage,
  isReturn: boolean,
  /** Grouping items computed before (preGroup): item text → their column's name in the stage. */
  pregrouped?: Map<string, string>,
): { stage: Stage; columns: string[] } {
  const distinct = hasToken(node, 'DISTINCT');
  const body = rule(node, 'returnBody')!;
  const itemsNode = rule(body, 'returnItems')!;
  const source = new Source(t, stage);
  const inputVars = source.bindings();
  const ctx: Ctx = { vars: inputVars, aggregates: true, order: stage.order.map((o) => source.ref(o)) };
  if (pregrouped) ctx.projected = new Map([...pregrouped].map(([text, name]) => [text, { name, binding: inputVars.get(name)! }]));

  interface Item {
    name: string;
    expr: Expr;
    column: string;
    /** The item's expression text (spaces normalised). */
    text?: string;
  }
  const items: Item[] = [];
  const mixed: Array<{ node: CstNode; outside: string[] }> = [];
  const groupTexts = new Set(pregrouped?.keys() ?? []);
  if (hasToken(itemsNode, '*')) {
    for (const name of [...stage.vars.keys()].sort()) {
      const b = inputVars.get(name)!;
      items.push({
        name,
        expr: { sql: b.sql, type: b.kind === 'node' ? 'node' : b.kind === 'rel' ? 'rel' : b.kind, element: b },
        column: t.fresh('c'),
      });
    }
    if (items.length === 0)
      throw cypherError(itemsNode, `${isReturn ? 'RETURN' : 'WITH'} * is not allowed when there are no variables in scope`);
  }
  for (const item of rules(itemsNode, 'returnItem')) {
    const exprNode = rule(item, 'expression')!;
    const alias = rule(item, 'variable');
    let name: string;
    if (alias) name = nameOf(alias);
    else if (isReturn) name = textOf(exprNode).trim();
    else {
      const inner = unwrap(exprNode);
      const name0 = inner.rule === 'keyword' ? inner.parent : inner;
      if (name0?.rule !== 'variable' && !(name0?.rule === 'symbolicName' && name0.parent?.rule === 'variable'))
        throw cypherError(exprNode, 'Expression in WITH must be aliased (use AS)');
      name = nameOf(inner);
    }
    const value = expr(t, exprNode, ctx);
    if (value.aggregate) {
      const inner = unwrap(exprNode);
      const body = inner.rule === 'functionInvocation' ? rule(inner, 'functionInvocationBody') : undefined;
      const whole =
        (body && AGGREGATES.has(nameOf(rule(body, 'functionName')!).toLowerCase())) || (inner.rule === 'atom' && hasToken(inner, 'count'));
      if (!whole) mixed.push({ node: exprNode, outside: variablesOutsideGroups(exprNode, groupTexts) });
    }
    if (items.some((i) => i.name === name))
      throw cypherError(item, `Multiple result columns with the same name \`${name}\` are not supported`);
    items.push({ name, expr: value, column: t.fresh('c'), text: normalize(textOf(exprNode)) });
  }
  // count(*) * 2, avg(x) + 1, age + count(x): every variable outside an aggregate is a grouping
  // item of its own, written as the bare variable and holding a value (PostgreSQL then finds the
  // same column in GROUP BY); grouping items written as expressions (`me.age, me.age + count(*)`) are
  // computed first and read as columns (grouping.ts); other variables outside aggregates are refused.
  const grouped = new Set(items.filter((i) => i.text === i.name && i.expr.type === 'value' && !i.expr.aggregate).map((i) => i.name));
  for (const m of mixed)
    if (!m.outside.every((v) => grouped.has(v))) {
      const pre =
        pregrouped || hasToken(itemsNode, '*')
          ? undefined
          : preGroup(
              t,
              itemsNode,
              stage,
              mixed.map((x) => x.node),
              grouped,
            );
      if (pre) return projectionClause(t, node, pre.stage, isReturn, pre.projected);
      throw unsupported(m.node, 'An aggregate inside an expression with variables outside it');
    }
  const grouping = items.some((i) => i.expr.aggregate);
  const selectList: Sql[] = items.map((i) => sql`${columnValue(t, i.expr)} as ${raw(i.column)}`);
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
  for (const i of items)
    outVars.set(i.name, {
      name: i.column,
      kind: kindOf(i.expr),
      nestedNull: i.expr.nestedNull,
      nullLiteral: !!i.expr.constant && i.expr.constant.value === null,
      literal: !!i.expr.constant && i.expr.constant.value !== null && i.expr.constant.value !== undefined,
      // Only typed values (dates, durations) are carried on as constants: their functions are computed when translating.
      constant: i.expr.constant && isTypedJson(i.expr.constant.value) ? i.expr.constant : undefined,
    });
  const sortVars = new Map<string, Binding>();
  const outerStage: Stage = { sql: inner, vars: new Map([...hidden, ...outVars]), order: passthrough ? stage.order : [] };
  const outer = new Source(t, outerStage);
  for (const name of outerStage.vars.keys()) sortVars.set(name, outer.binding(name)!);
  // Items written as an expression (not a bare variable): read by WHERE and ORDER BY sub-expressions.
  const projectedItems = new Map<string, { name: string; binding: Binding }>();
  for (const i of items) {
    if (i.text !== undefined && !/^[A-Za-z_][A-Za-z0-9_]*$/.test(i.text) && !projectedItems.has(i.text))
      projectedItems.set(i.text, { name: i.name, binding: outer.binding(i.name)! });
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
  let whereSql = where && !whereAfter ? conditionOf(t, rule(where, 'expression')!, { ...octx, vars: whereVars }) : TRUE;
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
      const e = same
        ? variableRef(t, sortExpr, { ...octx, vars: new Map([[same.name, outer.binding(same.name)!]]) }, same.name)
        : expr(t, sortExpr, octx);
      const desc = hasToken(item, 'DESC') || hasToken(item, 'DESCENDING');
      sortKeys.push(...sortKeysOf(t, e, desc, item));
    }
  }
  const orderBy = sortKeys.length > 0 ? sortKeys : outerStage.order.map((o) => outer.ref(o));
  const skipValue = skip ? countValue(t, rule(skip, 'expression')!, 'SKIP') : undefined;
  const limitValue = limit ? countValue(t, rule(limit, 'expression')!, 'LIMIT') : undefined;
  const ord = t.fresh('o');
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
  const filtered = new Source(t, projected);
  const condition = conditionOf(t, rule(where, 'expression')!, { vars: filtered.bindings(), aggregates: false, order: [] });
  const guard = filtered.guard();
  const list = [...projected.vars.values()].map((c) => filtered.ref(c.name)).concat(projected.order.map((o) => filtered.ref(o)));
  const filterSql = sql`select ${list.length ? join(list, ', ') : raw('1 as gas_one')} from ${filtered.from()} where ${guard === TRUE ? condition : sql`(case when ${guard} then ${condition} end)`}`;
  return { stage: { sql: filterSql, vars: projected.vars, order: projected.order }, columns: items.map((i) => i.name) };
}

/**
 * A SKIP / LIMIT value: a non-negative integer, a literal or parameter checked now, or an
 * expression without variables (`LIMIT toInteger(ceil(1.7))`) checked when the statement runs.
 */
export function countValue(t: Translator, node: CstNode, what: string): Sql {
  const e = expr(t, node, { vars: new Map(), aggregates: false, order: [] });
  if (!e.constant) {
    if (e.type !== 'value') throw cypherError(node, `${what} must be a non-negative integer`);
    const v = e.sql;
    return sql`(case when ${isInt(v)} and (${v})::text::numeric >= 0 then (${v})::text::bigint else ${raise('GCY02', `${what} must be a non-negative integer (at ${positionOf(node)})`, 'int')}::bigint end)`;
  }
  const v = e.constant.value;
  const ok = (typeof v === 'number' && Number.isInteger(v) && v >= 0) || (typeof v === 'bigint' && v >= 0n);
  if (!ok || e.type !== 'value') throw cypherError(node, `${what} must be a non-negative integer`);
  return sql`${String(v)}`;
}

export function sortKeysOf(t: Translator, e: Expr, desc: boolean, at: CstNode): Sql[] {
  const dir = raw(desc ? 'desc nulls first' : 'asc nulls last');
  // Nodes and relationships among themselves: by id, as Neo4j orders them (Cypher leaves their order to the implementation).
  if (e.type === 'node' || e.type === 'rel') return [sql`${e.sql} ${dir}`];
  if (e.type !== 'value' && e.type !== 'bool') throw unsupported(at, 'ORDER BY a path or a list of nodes or relationships');
  return orderKeys(json(t, e), at).map((k) => sql`${k} ${dir}`);
}

/**
 * Keys (ascending) that order values of any type as Cypher's ORDER BY does (also min() and max()):
 * maps (refused), lists, typed values (docs/values.md: gas_value_rank / gas_value_key), strings by
 * code point, booleans, numbers. Lists compare element by element, a shorter prefix first, a null
 * element after every value (PostgreSQL compares arrays of rows so); a list holding lists or maps
 * stops the statement (GCY01).
 */
export function orderKeys(v: Sql, at: CstNode): Sql[] {
  const refuse = (what: string, type: 'int') =>
    raise(
      'GCY01',
      `ORDER BY, min() or max() over ${what} (at ${positionOf(at)}) is not supported by Cypher on the PostgreSQL backend`,
      type,
    );
  const rank = sql`(case when jsonb_typeof(${v}) = 'array' then 1 when jsonb_typeof(${v}) = 'object' and gas_value_kind(${v}) <> 'MAP' then gas_value_rank(${v}) when jsonb_typeof(${v}) = 'object' then ${refuse('maps', 'int')} else ${jsonTypeRank(v)} + 7 end)`;
  const typedKey = sql`(case when jsonb_typeof(${v}) = 'object' then gas_value_key(${v}) end)`;
  const x = raw('gas_le.v');
  const element = sql`row(case when jsonb_typeof(${x}) = 'null' then 99 when jsonb_typeof(${x}) = 'array' or gas_value_kind(${x}) = 'MAP' then ${refuse('lists holding lists or maps', 'int')} else gas_value_rank(${x}) end, case when jsonb_typeof(${x}) = 'number' then (${x})::numeric end, case when jsonb_typeof(${x}) = 'string' then convert_to(${x} #>> '{}', 'UTF8') end, case when jsonb_typeof(${x}) = 'boolean' then (${x})::boolean end, case when jsonb_typeof(${x}) = 'object' then gas_value_key(${x}) end)`;
  const listKey = sql`(case when jsonb_typeof(${v}) = 'array' then array(select ${element} from jsonb_array_elements(${v}) with ordinality gas_le(v, o) order by gas_le.o) end)`;
  return [rank, codePointKey(v), typedKey, listKey, v];
}

/** The column value of a projected expression: ids for nodes and relationships, jsonb otherwise. */
export function columnValue(t: Translator, e: Expr): Sql {
  if (e.type === 'node' || e.type === 'rel') return e.sql;
  return json(t, e);
}

/** The final SELECT: nodes and relationships rendered as the Neo4j backend renders them. */
export function renderReturn(t: Translator, stage: Stage, names: string[], limit: boolean): TranslatedCypher {
  const source = new Source(t, stage);
  const out: Sql[] = [];
  const kinds: ColumnKind[] = [];
  names.forEach((name, i) => {
    const column = stage.vars.get(name)!;
    const b = source.binding(name)!;
    kinds.push(column.kind);
    if (column.kind === 'node' || column.kind === 'rel')
      out.push(sql`${elementJson(t, { sql: b.sql, type: column.kind, element: b })} as ${raw(`v${i}`)}`);
    else out.push(sql`${b.sql} as ${raw(`v${i}`)}`);
  });
  const order = stage.order.map((o) => source.ref(o));
  let text = sql`select ${out.length ? join(out, ', ') : raw('1 as gas_one')} from ${source.from()}`;
  if (order.length) text = sql`${text} order by ${join(order, ', ')}`;
  if (limit) text = sql`${text} limit ${t.maxRows + 1}::bigint`;
  return { statement: text, columns: names, kinds };
}
