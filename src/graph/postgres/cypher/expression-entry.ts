import type { CstNode } from '../../../cypher/parser';
import type { Sql } from '../sql';
import type { Ctx, Expr, Translator } from './context';
import { bool } from './expression-values';

/**
 * Translates a sub-expression. The dispatcher (expressions.ts) imports the operators, literals, lists, patterns
 * and functions, which all translate their operands through here; the Translator carries the dispatcher
 * (translate.ts gives it), so none of them imports expressions.ts back and the modules form no cycle.
 */
export function expr(t: Translator, node: CstNode, ctx: Ctx): Expr {
  return t.expression(t, node, ctx);
}

/** A boolean condition (WHERE): booleans as they are, other values must be booleans at run time. */
export function conditionOf(t: Translator, node: CstNode, ctx: Ctx): Sql {
  return bool(t, expr(t, node, ctx), node);
}
