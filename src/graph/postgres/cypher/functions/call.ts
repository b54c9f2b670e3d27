import type { CstNode } from '../../../../cypher/parser';
import { descendants, hasToken, nameOf, positionOf, rule, rules, textOf } from '../../../../cypher/parser';
import { join, raw, sql } from '../../sql';
import { codePointKey } from '../../sql-filter';
import type { Ctx, Expr, ExprType, Translator } from '../context';
import { cypherError, raise, unsupported } from '../context';
import { expr } from '../expression-entry';
import { json } from '../expression-values';
import { floatJson, isInt } from '../values';
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
  const aggregates = ['count', 'collect', 'sum', 'avg', 'min', 'max'];
  if (!nsText && aggregates.includes(lower)) {
    if (!ctx.aggregates) throw unsupported(n, `The aggregate ${fname}() here (only as a whole WITH or RETURN item)`);
    if (argNodes.length !== 1) throw cypherError(n, `${fname}() takes one argument`);
    // As Neo4j: no random function inside an aggregate (TCK Return6 [15], NonConstantExpression).
    const random = descendants(argNodes[0], 'functionInvocation').find(
      (f) => nameOf(rule(rule(f, 'functionInvocationBody')!, 'functionName')!).toLowerCase() === 'rand',
    );
    if (random) throw cypherError(random, `Can't use non-deterministic (random) functions inside of aggregate functions`);
    const arg = expr(t, argNodes[0], { ...ctx, aggregates: false });
    return aggregateCall(t, lower, arg, distinct, n, ctx);
  }
  if (distinct) throw cypherError(n, `DISTINCT is only for aggregates`);
  const args = argNodes.map((a) => expr(t, a, ctx));
  if (isTemporalFunction(nsText, lower)) return temporalCall(n, nsText, fname, args);
  if (lower === 'point' || lower === 'distance') return spatialCall(n, lower, args);
  const folded = lower === 'tostring' && args.length === 1 ? temporalToString(args[0]) : undefined;
  if (folded) return folded;
  const result = scalarFunction(t, n, fname, lower, args);
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
