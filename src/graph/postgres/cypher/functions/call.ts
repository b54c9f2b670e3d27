import type { CstNode } from '../../../../cypher/parser';
import { descendants, hasToken, nameOf, positionOf, rule, rules, textOf } from '../../../../cypher/parser';
import { numberOf } from '../../../../exact-json';
import { join, raw, sql } from '../../sql';
import type { Ctx, Expr, ExprType, Translator } from '../context';
import { aggregateHere, cypherError, raise, unsupported } from '../context';
import { expr } from '../expression-entry';
import { json, shareOperands } from '../expression-values';
import { AGGREGATES, floatJson, isInt } from '../values';
import { orderKeys } from '../clauses/projection';
import { scalarFunction } from './scalar';
import { spatialCall } from './spatial';
import { isTemporalFunction, temporalCall, temporalToString } from './temporal-fold';

export function functionCall(t: Translator, n: CstNode, ctx: Ctx): Expr {
  const body = rule(n, 'functionInvocationBody')!;
  const namespace = rule(body, 'namespace');
  const nsText = namespace ? textOf(namespace).trim() : '';
  const fname = nameOf(rule(body, 'functionName')!);
  if (nsText && !isTemporalFunction(nsText, fname.toLowerCase())) throw unsupported(n, `The function ${nsText}${fname}`);
  const distinct = hasToken(n, 'DISTINCT');
  const argNodes = rules(n, 'expression');
  const lower = fname.toLowerCase();
  if (!nsText && AGGREGATES.has(lower)) {
    if (!ctx.aggregates) throw aggregateHere(n, ctx, `${fname}(...)`);
    const percentile = lower === 'percentilecont' || lower === 'percentiledisc';
    if (argNodes.length !== (percentile ? 2 : 1)) throw cypherError(n, `${fname}() takes ${percentile ? 'two arguments' : 'one argument'}`);
    // As Neo4j: no random function inside an aggregate (TCK Return6 [15], NonConstantExpression).
    const random = descendants(argNodes[0], 'functionInvocation').find(
      (f) => nameOf(rule(rule(f, 'functionInvocationBody')!, 'functionName')!).toLowerCase() === 'rand',
    );
    if (random) throw cypherError(random, `Can't use non-deterministic (random) functions inside of aggregate functions`);
    const arg = expr(t, argNodes[0], { ...ctx, aggregates: false, aggregatesUnsupported: false });
    if (percentile) return percentileCall(t, lower, arg, expr(t, argNodes[1], { ...ctx, aggregates: false }), distinct, n);
    return aggregateCall(t, lower, arg, distinct, n, ctx);
  }
  if (distinct) throw cypherError(n, `DISTINCT is only for aggregates`);
  const args = argNodes.map((a) => expr(t, a, ctx));
  if (isTemporalFunction(nsText, lower)) return temporalCall(n, nsText, fname, args);
  if (lower === 'point' || lower === 'distance') return spatialCall(n, lower, args);
  const folded = lower === 'tostring' && args.length === 1 ? temporalToString(args[0]) : undefined;
  if (folded) return folded;
  // A function's SQL reads its argument more than once (a type check, then the value): computed once.
  const result = shareOperands(t, args, (shared) => scalarFunction(t, n, fname, lower, shared));
  return args.some((a) => a.aggregate) ? { ...result, aggregate: true } : result;
}

export function aggregateCall(t: Translator, name: string, arg: Expr, distinct: boolean, n: CstNode, ctx: Ctx): Expr {
  const d = raw(distinct ? 'distinct ' : '');
  if (name === 'count') {
    const v = arg.type === 'node' || arg.type === 'rel' || arg.type === 'bool' ? arg.sql : json(t, arg);
    return { sql: sql`to_jsonb(count(${d}${v}))`, type: 'value', aggregate: true };
  }
  if (name === 'collect') {
    const v = json(t, arg);
    const type: ExprType =
      arg.type === 'node' || arg.type === 'nodeobj' ? 'nodes' : arg.type === 'rel' || arg.type === 'relobj' ? 'rels' : 'value';
    if (distinct) {
      if (ctx.order.length > 0) {
        // Over ordered rows: the values in order, then each kept at its first place (PostgreSQL's
        // DISTINCT aggregate cannot order by anything but its argument).
        const all = sql`jsonb_agg(${v} order by ${join(ctx.order, ', ')}) filter (where ${v} is not null)`;
        return {
          sql: sql`(select coalesce(jsonb_agg(gas_d.v order by gas_d.f), '[]'::jsonb) from (select (array_agg(gas_x.v order by gas_x.o))[1] as v, min(gas_x.o) as f from jsonb_array_elements(${all}) with ordinality gas_x(v, o) group by gas_x.v) gas_d)`,
          type,
          aggregate: true,
        };
      }
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
  // min / max: in Cypher's order of values of any type (orderKeys: lists too).
  const dir = raw(name === 'min' ? 'asc nulls last' : 'desc nulls first');
  const keys = orderKeys(v, n).map((k) => sql`${k} ${dir}`);
  return {
    sql: sql`((array_agg(${v} order by ${join(keys, ', ')}) filter (where ${v} is not null))[1])`,
    type: 'value',
    aggregate: true,
  };
}

/**
 * percentileCont / percentileDisc (PostgreSQL's ordered-set aggregates compute the same: linear
 * interpolation; the first value whose cumulative share reaches the percentile). The percentile
 * must be a literal or parameter; out of 0..1 (or not a number) it is Neo4j's ArgumentError once
 * a row is aggregated, as are values that are not numbers. percentileDisc keeps the value's type.
 */
function percentileCall(t: Translator, name: string, arg: Expr, p: Expr, distinct: boolean, n: CstNode): Expr {
  if (arg.type !== 'value')
    throw unsupported(n, `${name === 'percentilecont' ? 'percentileCont' : 'percentileDisc'}() of nodes, relationships or booleans`);
  if (!p.constant || distinct) throw unsupported(n, 'A percentile that is not a literal or parameter, or DISTINCT in a percentile');
  const fraction = numberOf(p.constant.value);
  const v = arg.sql;
  const where = `(at ${positionOf(n)})`;
  if (typeof fraction !== 'number' || !(fraction >= 0 && fraction <= 1))
    return {
      sql: sql`(case when count(*) > 0 then ${raise('GCY02', `The percentile must be a number between 0.0 and 1.0 ${where}`, 'jsonb')} end)`,
      type: 'value',
      aggregate: true,
    };
  const value =
    name === 'percentilecont'
      ? floatJson(
          sql`percentile_cont(${fraction}::float8) within group (order by (case when jsonb_typeof(${v}) = 'number' then (${v})::float8 end))`,
        )
      : sql`percentile_disc(${fraction}::float8) within group (order by ${v})`;
  return {
    sql: sql`(case when bool_or(jsonb_typeof(${v}) <> 'number') then ${raise('GCY02', `Type mismatch: a percentile of values that are not numbers ${where}`, 'jsonb')} else ${value} end)`,
    type: 'value',
    aggregate: true,
  };
}
