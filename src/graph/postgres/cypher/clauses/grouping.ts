import type { CstNode } from '../../../../cypher/parser';
import { descendants, nameOf, rule, rules, textOf } from '../../../../cypher/parser';
import type { Sql } from '../../sql';
import { join, raw, sql } from '../../sql';
import type { Column, Stage, Translator } from '../context';
import { expr } from '../expression-entry';
import { json } from '../expression-values';
import { Source } from '../source';
import { kindOf, normalize, variablesOutsideAggregates } from '../values';

/**
 * `RETURN me.age, me.age + count(you.age)` and `RETURN a.name, {foo: a.name = 'x', kids: collect(c)}`
 * (TCK Return6 [19], [6]): outside its aggregates, an item reads only grouping items written as
 * expressions. PostgreSQL finds a grouping expression inside another only when both compile to the
 * same SQL (parameters break that), so these grouping items are computed first, as columns of a
 * stage before the projection; the projection then reads each of them wherever its text appears
 * (ctx.projected), a plain column that GROUP BY and the aggregating item share.
 */
export interface PreGrouped {
  stage: Stage;
  /** Item text → the name of its column in the stage (not a Cypher name: never seen by the query). */
  projected: Map<string, string>;
}

const SIMPLE_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** The variables of `node` outside aggregates and outside every sub-expression whose text is in `texts`. */
export function variablesOutsideGroups(node: CstNode, texts: ReadonlySet<string>): string[] {
  return variablesOutsideAggregates(node)
    .filter((variable) => {
      for (let p = variable.parent; p && p !== node.parent; p = p.parent) if (texts.has(normalize(textOf(p)))) return false;
      return true;
    })
    .map(nameOf);
}

/**
 * The stage with the grouping items' columns, when they are what the aggregating items read
 * (`mixed`: those items' expressions; `grouped`: the items that are bare variables); undefined
 * when that does not make every aggregating item readable (the caller refuses it then).
 */
export function preGroup(
  t: Translator,
  itemsNode: CstNode,
  stage: Stage,
  mixed: CstNode[],
  grouped: ReadonlySet<string>,
): PreGrouped | undefined {
  const items = rules(itemsNode, 'returnItem').map((item) => rule(item, 'expression')!);
  const candidates = items.filter((e) => {
    const text = normalize(textOf(e));
    // Not a bare variable (already a column), nothing drawn anew per evaluation, no aggregate.
    return !SIMPLE_NAME.test(text) && !/\brand\s*\(/i.test(text) && !mixed.includes(e) && variablesOutsideAggregates(e).length > 0;
  });
  if (candidates.length === 0) return undefined;
  const texts = new Set(candidates.map((e) => normalize(textOf(e))));
  if (!mixed.every((m) => variablesOutsideGroups(m, texts).every((v) => grouped.has(v)))) return undefined;
  // A name bound inside an item (`[n IN l | n.x]`) could make the same text mean another value.
  const candidateVars = new Set(candidates.flatMap((e) => descendants(e, 'variable').map(nameOf)));
  const rebound = descendants(itemsNode, 'idInColl').some((b) => candidateVars.has(nameOf(rule(b, 'variable')!)));
  // A pattern comprehension reads its variables anew (ctx.projected does not reach inside it).
  if (rebound || descendants(itemsNode, 'patternComprehension').length > 0) return undefined;

  const source = new Source(t, stage);
  const ctx = { vars: source.bindings(), aggregates: false, order: stage.order.map((o) => source.ref(o)) };
  const selected: Sql[] = [];
  const seen = new Set<string>();
  for (const column of [...[...stage.vars.values()].map((c) => c.name), ...stage.order])
    if (!seen.has(column)) {
      seen.add(column);
      selected.push(source.ref(column));
    }
  const vars = new Map<string, Column>(stage.vars);
  const projected = new Map<string, string>();
  for (const e of candidates) {
    const text = normalize(textOf(e));
    if (projected.has(text)) continue;
    const value = expr(t, e, ctx);
    if (value.aggregate || (value.type !== 'value' && value.type !== 'bool')) return undefined;
    const column = t.fresh('c');
    // A name no query can write (a space inside): the stage's own column.
    const name = ` grouping ${column}`;
    selected.push(sql`${json(t, value)} as ${raw(column)}`);
    vars.set(name, { name: column, kind: kindOf(value), nestedNull: value.nestedNull });
    projected.set(text, name);
  }
  return { stage: { sql: sql`select ${join(selected, ', ')} from ${source.from()}`, vars, order: stage.order }, projected };
}
