import type { CstNode } from '../../../cypher/parser';
import { nameOf, positionOf } from '../../../cypher/parser';
import type { Sql } from '../sql';
import { FALSE, join, raw, sql, TRUE } from '../sql';
import type { Ctx, Expr, ExprType, Translator } from './context';
import { cypherError, raise, unsupported } from './context';
import { constantTypeName } from './values';

// What an expression already translated is as SQL: a condition, jsonb, an element's object. Kept apart from the
// translator's dispatch (expressions.ts), which every other module reaches through expr() (expression-entry.ts),
// so that no module imports back the dispatcher that imports it.

/**
 * Operands longer than this many characters are computed once by the operation that reads them
 * more than once (shareOperands).
 */
export const SHARE_ABOVE = 240;

/**
 * An operation whose SQL reads an operand several times (a type check, then the value) computes
 * each long operand once: the operand becomes a column of a one-row derived table the operation
 * reads, `(select <operation> from (select <operand> as v0 offset 0) s1)` (OFFSET 0 keeps
 * PostgreSQL from folding it back into every use). Without it, each level of nesting multiplied
 * the statement's text and its work: a quantifier inside a quantifier over 9 elements ran for
 * minutes, `1+2+...+8` compiled to 300 kB (issue 22). Short operands (a column, a parameter) stay
 * as they are, so that plain comparisons keep their plans. Never around an aggregate: inside the
 * subquery, count(*) would count its one row.
 */
export function shareOperands(t: Translator, operands: Expr[], build: (shared: Expr[]) => Expr): Expr {
  if (operands.some((e) => e.aggregate) || !operands.some(shareable)) return build(operands);
  const alias = t.fresh('gas_s');
  const columns: Sql[] = [];
  const shared = operands.map((e, i) => {
    if (!shareable(e)) return e;
    columns.push(sql`${e.sql} as ${raw(`v${i}`)}`);
    return { ...e, sql: raw(`${alias}.v${i}`) };
  });
  const result = build(shared);
  if (result.type === 'node' || result.type === 'rel' || result.type === 'pattern' || result.aggregate || result.element)
    return build(operands);
  return { ...result, sql: sql`(select ${result.sql} from (select ${join(columns, ', ')} offset 0) ${raw(alias)})` };
}

/** Long enough to be computed once, and a plain SQL value (not an element's row, a pattern or an aggregate). */
export function shareable(e: Expr): boolean {
  return !e.aggregate && !e.element && e.type !== 'node' && e.type !== 'rel' && e.type !== 'pattern' && e.sql.text.length > SHARE_ABOVE;
}

export function bool(t: Translator, e: Expr, at: CstNode): Sql {
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
    return shareOperands(t, [e], ([v]) => ({
      sql: sql`(case when jsonb_typeof(${v.sql}) = 'boolean' then (${v.sql})::boolean when ${v.sql} is not null then ${raise('GCY02', `Type mismatch: expected a boolean (at ${positionOf(at)})`, 'boolean')} end)`,
      type: 'bool',
    })).sql;
  }
  throw cypherError(at, 'Type mismatch: expected a boolean, got a node, relationship or list');
}

/** 'nodes' when every expression is a node (a variable or an object), 'rels' when every one is a relationship, else undefined. */
export function elementListKind(exprs: Expr[]): 'nodes' | 'rels' | undefined {
  if (exprs.length === 0) return undefined;
  if (exprs.every((e) => e.type === 'node' || e.type === 'nodeobj')) return 'nodes';
  if (exprs.every((e) => e.type === 'rel' || e.type === 'relobj')) return 'rels';
  return undefined;
}

/** Any value as jsonb (nodes and relationships as their rendered objects). */
export function json(t: Translator, e: Expr): Sql {
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
      return elementJson(t, e);
    case 'pattern':
      throw unsupported(e.at!, 'A pattern as a value (it is supported as a condition, in exists() and in size())');
  }
}

export function elementJson(t: Translator, e: Expr): Sql {
  const alias = e.element?.alias?.();
  if (!alias) throw new Error('element without a row');
  const a = raw(alias);
  if (e.type === 'node') {
    return sql`(case when ${a}.id is null then null else jsonb_build_object('id', ${a}.id::text, 'labels', to_jsonb(${t.scope.nodeLabels(alias)}), 'properties', ${t.scope.nodeProperties(alias)}) end)`;
  }
  return sql`(case when ${a}.id is null then null else ${relationshipObject(t, alias)} end)`;
}

export function nodeObject(t: Translator, alias: string): Sql {
  return sql`jsonb_build_object('id', ${raw(alias)}.id::text, 'labels', to_jsonb(${t.scope.nodeLabels(alias)}), 'properties', ${t.scope.nodeProperties(alias)})`;
}

export function relationshipObject(t: Translator, alias: string): Sql {
  const a = raw(alias);
  return sql`jsonb_build_object('id', ${a}.id::text, 'type', ${a}.type, 'startNodeId', ${a}.start_id::text, 'endNodeId', ${a}.end_id::text, 'properties', ${t.scope.relationshipProperties(alias)})`;
}

export function variableRef(t: Translator, n: CstNode, ctx: Ctx, named?: string): Expr {
  const name = named ?? nameOf(n);
  const b = ctx.vars.get(name);
  if (!b) throw cypherError(n, `Variable \`${name}\` not defined`);
  const type: ExprType = b.kind === 'node' ? 'node' : b.kind === 'rel' ? 'rel' : b.kind;
  return { sql: b.sql, type, element: b.alias ? b : undefined, nestedNull: b.nestedNull, constant: b.constant };
}
