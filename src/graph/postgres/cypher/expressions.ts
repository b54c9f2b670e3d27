import type { CstNode } from '../../../cypher/parser';
import { nameOf, positionOf, rule, rules, textOf, unwrap } from '../../../cypher/parser';
import type { Sql } from '../sql';
import { FALSE, raw, sql, TRUE } from '../sql';
import type { Ctx, Expr, ExprType, Translator } from './context';
import { cypherError, raise, unsupported } from './context';
import { functionCall } from './functions/call';
import { mapProjection, overList, stringListNull } from './lists-maps';
import { literalExpr, parameterExpr, propertyOrLabels } from './literals';
import { arithmetic, caseExpression, comparison, logical, unaryExpr } from './operators';
import { patternComprehension, patternPredicate } from './patterns';
import { constantTypeName, constructName, normalize } from './values';

/** A boolean condition (WHERE): booleans as they are, other values must be booleans at run time. */
export function conditionOf(t: Translator, node: CstNode, ctx: Ctx): Sql {
  return bool(t, expr(t, node, ctx), node);
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
    return sql`(case when jsonb_typeof(${e.sql}) = 'boolean' then (${e.sql})::boolean when ${e.sql} is not null then ${raise('GCY02', `Type mismatch: expected a boolean (at ${positionOf(at)})`, 'boolean')} end)`;
  }
  throw cypherError(at, 'Type mismatch: expected a boolean, got a node, relationship or list');
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

export function expr(t: Translator, node: CstNode, ctx: Ctx): Expr {
  const n = unwrap(node);
  if (ctx.projected?.size) {
    const item = ctx.projected.get(normalize(textOf(n)));
    if (item) return variableRef(t, n, { ...ctx, projected: undefined, vars: new Map([[item.name, item.binding]]) }, item.name);
  }
  switch (n.rule) {
    case 'orExpression':
      return logical(t, n, 'xorExpression', 'or', ctx);
    case 'xorExpression':
      return logical(t, n, 'andExpression', 'xor', ctx);
    case 'andExpression':
      return logical(t, n, 'notExpression', 'and', ctx);
    case 'notExpression': {
      const nots = n.children.filter((c) => c.rule === null && (c.token ?? '').toUpperCase() === 'NOT').length;
      const inner = expr(t, rule(n, 'comparisonExpression')!, ctx);
      let s = bool(t, inner, n);
      for (let i = 0; i < nots; i++) s = sql`(not ${s})`;
      return { sql: s, type: 'bool', aggregate: inner.aggregate };
    }
    case 'comparisonExpression':
      return comparison(t, n, ctx);
    case 'addOrSubtractExpression':
    case 'multiplyDivideModuloExpression':
      return arithmetic(t, n, ctx);
    case 'powerOfExpression':
      throw unsupported(n, 'The operator ^');
    case 'caseExpression':
      return caseExpression(t, n, ctx);
    case 'unaryAddOrSubtractExpression':
      return unaryExpr(t, n, ctx);
    case 'stringListNullOperatorExpression':
      return stringListNull(t, n, ctx);
    case 'propertyOrLabelsExpression':
      return propertyOrLabels(t, n, ctx);
    case 'parenthesizedExpression':
      return expr(t, rule(n, 'expression')!, ctx);
    case 'literal':
    case 'numberLiteral':
    case 'integerLiteral':
    case 'doubleLiteral':
    case 'stringLiteral':
    case 'booleanLiteral':
    case 'listLiteral':
    case 'mapLiteral':
      return literalExpr(t, n, ctx);
    case 'parameter':
    case 'newParameter':
    case 'legacyParameter':
      return parameterExpr(t, n);
    case 'variable':
    case 'symbolicName':
      return variableRef(t, n, ctx);
    case 'functionInvocation':
      return functionCall(t, n, ctx);
    case 'atom':
      return atomExpr(t, n, ctx);
    case 'mapProjection':
      return mapProjection(t, n, ctx);
    case 'listComprehension':
    case 'anyFunction':
    case 'allFunction':
    case 'noneFunction':
    case 'singleFunction':
      return overList(t, n, ctx);
    case 'existsFunction': {
      const arg = rule(n, 'expression');
      const inner = arg ? unwrap(arg) : undefined;
      if (inner?.rule === 'propertyOrLabelsExpression' && rules(inner, 'propertyLookup').length > 0) {
        const e = expr(t, arg!, ctx);
        return { sql: sql`(${json(t, e)} is not null)`, type: 'bool' };
      }
      if (inner?.rule === 'relationshipsPattern') return { ...patternPredicate(t, inner, ctx), type: 'bool' };
      throw unsupported(n, 'exists() of this expression');
    }
    case 'relationshipsPattern':
      return patternPredicate(t, n, ctx);
    case 'patternComprehension':
      return patternComprehension(t, n, ctx);
    default:
      throw unsupported(n, constructName(n));
  }
}

export function atomExpr(t: Translator, n: CstNode, ctx: Ctx): Expr {
  const words = n.children.filter((c) => c.rule === null && !c.space).map((c) => (c.token ?? '').toUpperCase());
  if (words[0] === 'COUNT' && words.includes('*')) {
    if (!ctx.aggregates) throw unsupported(n, 'count(*) here');
    return { sql: raw('to_jsonb(count(*))'), type: 'value', aggregate: true };
  }
  if (words[0] === 'NULL') return { sql: raw('null::jsonb'), type: 'value', constant: { value: null } };
  throw unsupported(n, constructName(n));
}

export function variableRef(t: Translator, n: CstNode, ctx: Ctx, named?: string): Expr {
  const name = named ?? nameOf(n);
  const b = ctx.vars.get(name);
  if (!b) throw cypherError(n, `Variable \`${name}\` not defined`);
  const type: ExprType = b.kind === 'node' ? 'node' : b.kind === 'rel' ? 'rel' : b.kind;
  return { sql: b.sql, type, element: b.alias ? b : undefined, nestedNull: b.nestedNull };
}
