import type { CstNode } from '../../../cypher/parser';
import { rule, rules, textOf, unwrap } from '../../../cypher/parser';
import { raw, sql } from '../sql';
import type { Ctx, Expr, Translator } from './context';
import { aggregateHere, unsupported } from './context';
import { functionCall } from './functions/call';
import { mapProjection, overList, stringListNull } from './lists-maps';
import { literalExpr, parameterExpr, propertyOrLabels } from './literals';
import { arithmetic, caseExpression, comparison, logical, power, unaryExpr } from './operators';
import { patternComprehension, patternPredicate } from './patterns';
import { expr } from './expression-entry';
import { bool, json, variableRef } from './expression-values';
import { constructName, normalize } from './values';

/** The expression translator: Translator.expression, called through expr() (expression-entry.ts). */
export function translateExpression(t: Translator, node: CstNode, ctx: Ctx): Expr {
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
      return power(t, n, ctx);
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
    case 'keyword':
      // A variable named like a keyword (`count`, `node`, `rel`): unwrap() reaches the keyword itself.
      if (n.parent?.rule === 'symbolicName') return variableRef(t, n, ctx);
      throw unsupported(n, constructName(n));
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
    if (!ctx.aggregates) throw aggregateHere(n, ctx, 'count(*)');
    return { sql: raw('to_jsonb(count(*))'), type: 'value', aggregate: true };
  }
  if (words[0] === 'NULL') return { sql: raw('null::jsonb'), type: 'value', constant: { value: null } };
  throw unsupported(n, constructName(n));
}
