import type { CstNode } from '../../../cypher/parser';
import { positionOf, rule, rules, unwrap } from '../../../cypher/parser';
import { postgresRegex } from '../../regex';
import type { Sql } from '../sql';
import { join, raw, sql } from '../sql';
import type { Ctx, Expr, Translator } from './context';
import { cypherError, raise, unsupported } from './context';
import { expr } from './expression-entry';
import { bool, json, shareOperands } from './expression-values';
import { numberLiteral } from './literals';
import { safeRegex } from './regex-subset';
import { temporalArithmetic, temporalComparison } from './functions/temporal-fold';
import { floatJson } from './values';

export function logical(t: Translator, n: CstNode, childRule: string, op: 'or' | 'xor' | 'and', ctx: Ctx): Expr {
  const parts = rules(n, childRule).map((c) => {
    const e = expr(t, c, ctx);
    return { e, s: bool(t, e, c) };
  });
  const aggregate = parts.some((p) => p.e.aggregate);
  const sqls = parts.map((p) => p.s);
  if (op === 'xor') return { sql: sqls.slice(1).reduce((acc, s) => sql`(${acc} <> ${s})`, sqls[0]), type: 'bool', aggregate };
  return { sql: sql`(${join(sqls, op === 'or' ? ' or ' : ' and ')})`, type: 'bool', aggregate };
}

export function comparison(t: Translator, n: CstNode, ctx: Ctx): Expr {
  const first = expr(t, rule(n, 'addOrSubtractExpression')!, ctx);
  const partials = rules(n, 'partialComparisonExpression');
  const parts: Sql[] = [];
  let left = first;
  let aggregate = !!first.aggregate;
  for (const partial of partials) {
    const op = partial.children
      .filter((c) => c.rule === null && !c.space)
      .map((c) => c.token)
      .join('');
    const right = expr(t, rule(partial, 'addOrSubtractExpression')!, ctx);
    aggregate = aggregate || !!right.aggregate;
    const folded = temporalComparison(left, right, op);
    if (folded) {
      parts.push(folded);
      left = right;
      continue;
    }
    switch (op) {
      case '=':
        parts.push(equals(t, left, right, partial));
        break;
      case '<>':
      case '!=':
        parts.push(sql`(not ${equals(t, left, right, partial)})`);
        break;
      case '<':
      case '<=':
      case '>':
      case '>=':
        parts.push(orderCompare(t, left, right, op, partial));
        break;
      default:
        throw unsupported(partial, `The operator ${op}`);
    }
    left = right;
  }
  return { sql: parts.length === 1 ? parts[0] : sql`(${join(parts, ' and ')})`, type: 'bool', aggregate };
}

export function equals(t: Translator, a: Expr, b: Expr, at: CstNode): Sql {
  const objects = ['nodeobj', 'relobj', 'node', 'rel'];
  if (
    (a.type === 'nodeobj' || a.type === 'relobj' || b.type === 'nodeobj' || b.type === 'relobj') &&
    objects.includes(a.type) &&
    objects.includes(b.type)
  ) {
    const sameKind = (a.type === 'node' || a.type === 'nodeobj') === (b.type === 'node' || b.type === 'nodeobj');
    if (!sameKind) throw unsupported(at, 'Comparing a node with a relationship');
    const id = (e: Expr) => (e.type === 'node' || e.type === 'rel' ? e.sql : sql`(${e.sql} ->> 'id')::bigint`);
    return sql`(${id(a)} = ${id(b)})`;
  }
  if (['nodeobj', 'relobj'].includes(a.type) || ['nodeobj', 'relobj'].includes(b.type))
    throw unsupported(at, 'Comparing a node or relationship with another kind of value');
  const elements = ['node', 'rel'];
  if (elements.includes(a.type) || elements.includes(b.type)) {
    if (a.type === b.type) return sql`(${a.sql} = ${b.sql})`;
    throw unsupported(at, 'Comparing a node or relationship with another kind of value');
  }
  if (a.type === 'nodes' || a.type === 'rels' || b.type === 'nodes' || b.type === 'rels' || a.type === 'path' || b.type === 'path')
    throw unsupported(at, 'Comparing paths or lists of nodes or relationships');
  if (a.type === 'bool' && b.type === 'bool') return sql`(${a.sql} = ${b.sql})`;
  // Lists or maps that may hold null: Cypher's three-valued equality, element by element
  // (jsonb's = says [null] = [null]).
  if (a.nestedNull || b.nestedNull) return sql`gas_cypher_equals(${json(t, a)}, ${json(t, b)})`;
  return sql`(${json(t, a)} = ${json(t, b)})`;
}

export function orderCompare(t: Translator, a: Expr, b: Expr, op: string, at: CstNode): Sql {
  if (a.type !== 'value' && a.type !== 'bool') throw unsupported(at, `The operator ${op} on nodes, relationships or lists of them`);
  if (b.type !== 'value' && b.type !== 'bool') throw unsupported(at, `The operator ${op} on nodes, relationships or lists of them`);
  return shareOperands(t, [a, b], ([sa, sb]) => ({ sql: orderCompareShared(t, sa, sb, op, at), type: 'bool' })).sql;
}

function orderCompareShared(t: Translator, a: Expr, b: Expr, op: string, at: CstNode): Sql {
  const x = json(t, a);
  const y = json(t, b);
  const o = raw(op);
  // Typed values (dates, times, durations, points: docs/values.md) by gas_value_compare: null
  // across kinds, for durations and points, as on Neo4j.
  return sql`(case
    when jsonb_typeof(${x}) = 'object' and jsonb_typeof(${y}) = 'object' and gas_value_kind(${x}) <> 'MAP' and gas_value_kind(${y}) <> 'MAP' then gas_value_compare(${x}, ${y}) ${o} 0
    when jsonb_typeof(${x}) in ('array', 'object') and jsonb_typeof(${x}) = jsonb_typeof(${y}) then ${raise('GCY01', `The operator ${op} on lists or maps (at ${positionOf(at)}) is not supported by Cypher on the PostgreSQL backend`, 'boolean')}
    when jsonb_typeof(${x}) = 'string' and jsonb_typeof(${y}) = 'string' then (${x} #>> '{}') collate "C" ${o} (${y} #>> '{}') collate "C"
    when jsonb_typeof(${x}) = jsonb_typeof(${y}) then ${x} ${o} ${y}
  end)`;
}

export function unaryExpr(t: Translator, n: CstNode, ctx: Ctx): Expr {
  const signs = n.children.filter((c) => c.rule === null && !c.space).map((c) => c.token);
  const operand = rule(n, 'stringListNullOperatorExpression')!;
  const negative = signs.filter((s) => s === '-').length % 2 === 1;
  const inner = unwrap(operand);
  const lit = inner.rule === 'integerLiteral' || inner.rule === 'doubleLiteral' ? inner : undefined;
  if (lit) return numberLiteral(t, lit, negative);
  const operandValue = expr(t, operand, ctx);
  if (operandValue.type !== 'value') throw cypherError(n, 'Type mismatch: a sign needs a number');
  return shareOperands(t, [operandValue], ([value]) => signed(n, value, negative));
}

function signed(n: CstNode, value: Expr, negative: boolean): Expr {
  const v = negative
    ? sql`gas_cypher_arithmetic('-', '0'::jsonb, ${value.sql}, ${positionOf(n)}::text)`
    : sql`gas_cypher_arithmetic('+', '0'::jsonb, ${value.sql}, ${positionOf(n)}::text)`;
  // +x of a non-number must fail as -x does (0 + 'a' would join strings).
  return {
    sql: sql`(case when jsonb_typeof(${value.sql}) in ('number') or ${value.sql} is null then ${v} else ${raise('GCY02', `Type mismatch: a sign needs a number (at ${positionOf(n)})`, 'jsonb')} end)`,
    type: 'value',
    aggregate: value.aggregate,
  };
}

/** a + b - c, a * b / c % d: left to right, each step gas_cypher_arithmetic. */
export function arithmetic(t: Translator, n: CstNode, ctx: Ctx): Expr {
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
    const value = expr(t, child, ctx);
    if (value.type !== 'value' && value.type !== 'nodes' && value.type !== 'rels')
      throw unsupported(child, 'Arithmetic on nodes, relationships or booleans');
    if (!current) {
      current = value;
      continue;
    }
    if ((current.type !== 'value' || value.type !== 'value') && op !== '+')
      throw unsupported(opNode!, `The operator ${op} on lists of nodes or relationships`);
    if (current.type !== 'value' || value.type !== 'value') throw unsupported(opNode!, 'Joining lists of nodes or relationships');
    const folded = temporalArithmetic(current, value, op!, opNode!);
    if (folded) {
      current = folded;
      continue;
    }
    // Arithmetic with a date, time, duration or point known only at run time is refused by the
    // function (GCY01). Each operand is written once: a chain of n terms stays n terms long.
    current = {
      sql: sql`gas_cypher_arithmetic_checked(${op!}::text, ${current.sql}, ${value.sql}, ${positionOf(opNode!)}::text)`,
      type: 'value',
      nestedNull: current.nestedNull || value.nestedNull,
      aggregate: current.aggregate || value.aggregate,
    };
  }
  return current!;
}

/**
 * a ^ b (left to right, as Neo4j): a float, null when an operand is null, a type error for other
 * values. Computed only where PostgreSQL's power() and Java's Math.pow agree to the last bit: whole
 * numbers to a whole power from 0 to 64 with a result below 2^53; any other operands stop the
 * statement (GCY01) rather than risk a last digit of their own.
 */
export function power(t: Translator, n: CstNode, ctx: Ctx): Expr {
  const operands = rules(n, 'unaryAddOrSubtractExpression');
  let current = expr(t, operands[0], ctx);
  for (const operand of operands.slice(1)) {
    const value = expr(t, operand, ctx);
    if (current.type !== 'value' || value.type !== 'value') throw cypherError(operand, 'Type mismatch: the operator ^ expects numbers');
    const at = positionOf(operand);
    current = shareOperands(t, [current, value], ([a, b]) => powerOf(a, b, at));
  }
  return current;
}

function powerOf(a: Expr, b: Expr, at: string): Expr {
  const x = a.sql;
  const y = b.sql;
  return {
    sql: sql`(case when ${x} is null or ${y} is null then null
        when jsonb_typeof(${x}) <> 'number' or jsonb_typeof(${y}) <> 'number' then ${raise('GCY02', `Type mismatch: the operator ^ expects numbers (at ${at})`, 'jsonb')}
        when (${x})::numeric <> trunc((${x})::numeric) or (${y})::numeric <> trunc((${y})::numeric) or (${y})::numeric < 0 or (${y})::numeric > 64
          or (${y})::numeric * ln(greatest(abs((${x})::numeric), 1)) >= 36.7
        then ${raise('GCY01', `The operator ^ other than a whole number to a whole power with a result below 2^53 (at ${at}) is not supported by Cypher on the PostgreSQL backend`, 'jsonb')}
        else ${floatJson(sql`power((${x})::float8, (${y})::float8)`)} end)`,
    type: 'value',
    aggregate: a.aggregate || b.aggregate,
  };
}

/** CASE [x] WHEN ... THEN ... [ELSE ...] END: the generic form tests booleans, the simple form compares with =. */
export function caseExpression(t: Translator, n: CstNode, ctx: Ctx): Expr {
  const subjectNode = rule(n, 'expression');
  const alternatives = rules(n, 'caseAlternatives');
  const elseIndex = n.children.findIndex((c) => c.rule === null && (c.token ?? '').toUpperCase() === 'ELSE');
  const elseNode = elseIndex >= 0 ? n.children.slice(elseIndex + 1).find((c) => c.rule === 'expression') : undefined;
  const subject = subjectNode && subjectNode !== elseNode ? expr(t, subjectNode, ctx) : undefined;
  // The simple form compares its subject with every WHEN: computed once.
  if (subject) return shareOperands(t, [subject], ([shared]) => caseAlternatives(t, n, ctx, alternatives, elseNode, shared));
  return caseAlternatives(t, n, ctx, alternatives, elseNode, undefined);
}

function caseAlternatives(
  t: Translator,
  n: CstNode,
  ctx: Ctx,
  alternatives: CstNode[],
  elseNode: CstNode | undefined,
  subject: Expr | undefined,
): Expr {
  const parts: Sql[] = [];
  let aggregate = !!subject?.aggregate;
  let nestedNull = false;
  const result = (e: Expr, at: CstNode): Sql => {
    if (e.type !== 'value' && e.type !== 'bool') throw unsupported(at, 'CASE with a node, relationship or path as a result');
    aggregate = aggregate || !!e.aggregate;
    nestedNull = nestedNull || !!e.nestedNull;
    return json(t, e);
  };
  for (const alternative of alternatives) {
    const [whenNode, thenNode] = rules(alternative, 'expression');
    const when = expr(t, whenNode, ctx);
    aggregate = aggregate || !!when.aggregate;
    const condition = subject ? equals(t, subject, when, whenNode) : bool(t, when, whenNode);
    parts.push(sql`when ${condition} then ${result(expr(t, thenNode, ctx), thenNode)}`);
  }
  const otherwise = elseNode ? sql` else ${result(expr(t, elseNode, ctx), elseNode)}` : raw('');
  return { sql: sql`(case ${join(parts, ' ')}${otherwise} end)`, type: 'value', aggregate, nestedNull };
}

export function inList(t: Translator, x: Expr, list: Expr, at: CstNode): Expr {
  if (x.type !== 'value' && x.type !== 'bool') throw unsupported(at, 'IN with a node or relationship');
  if (list.type !== 'value') throw unsupported(at, 'IN over a list of nodes or relationships');
  return shareOperands(t, [x, list], ([sx, sl]) => inSharedList(t, sx, sl, at));
}

function inSharedList(t: Translator, x: Expr, list: Expr, at: CstNode): Expr {
  const v = json(t, x);
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

/**
 * `x =~ 'pattern'` for a pattern known when translating (literal or parameter) written in the
 * part of the regular-expression language where java.util.regex and PostgreSQL agree (checked by
 * safeRegex), matched against printable ASCII text without line breaks (else GCY01 at run
 * time): there both engines give the same answer.
 */
export function regexMatch(t: Translator, x: Expr, pattern: Expr, at: CstNode): Expr {
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
  return shareOperands(t, [x], ([sx]) => regexOf(sx, translated, at));
}

function regexOf(x: Expr, translated: string, at: CstNode): Expr {
  const str = sql`(${x.sql} #>> '{}')`;
  return {
    sql: sql`(case when jsonb_typeof(${x.sql}) <> 'string' or ${x.sql} is null then null
      when ${str} !~ '^[\x09\x20-\x7e]*$' then ${raise('GCY01', `The operator =~ on text beyond printable ASCII or with line breaks (at ${positionOf(at)}) is not supported by Cypher on the PostgreSQL backend`, 'boolean')}
      else ${str} ~ ${translated}::text end)`,
    type: 'bool',
    aggregate: x.aggregate,
  };
}
