import type { CstNode } from '../../../../cypher/parser';
import { nameOf, rule } from '../../../../cypher/parser';
import { join, raw, sql } from '../../sql';
import type { Ctx, Stage, Translator } from '../context';
import { cypherError, unsupported } from '../context';
import { expr } from '../expression-entry';
import { Source } from '../source';
import { hasNestedNull } from '../values';

export function unwindClause(t: Translator, node: CstNode, stage: Stage): Stage {
  const source = new Source(t, stage);
  const ctx: Ctx = { vars: source.bindings(), aggregates: false, order: [] };
  const exprNode = rule(node, 'expression')!;
  const value = expr(t, exprNode, ctx);
  if (value.type !== 'value' && value.type !== 'nodes' && value.type !== 'rels')
    throw unsupported(exprNode, 'UNWIND of a node, relationship or path');
  const name = nameOf(rule(node, 'variable')!);
  if (stage.vars.has(name)) throw cypherError(rule(node, 'variable')!, `Variable \`${name}\` already declared`);
  const u = t.fresh('u');
  const column = t.fresh('c');
  const ord = t.fresh('o');
  const list = sql`(case when ${value.sql} is null then '[]'::jsonb when jsonb_typeof(${value.sql}) = 'array' then ${value.sql} else jsonb_build_array(${value.sql}) end)`;
  const columns = [...stage.vars.entries()]
    .filter(([n]) => n !== name)
    .map(([, c]) => source.ref(c.name))
    .concat(stage.order.map((o) => source.ref(o)));
  const body = sql`select ${join([...columns, raw(`nullif(${u}.value, 'null'::jsonb) as ${column}`), raw(`${u}.ordinality as ${ord}`)], ', ')} from ${source.from()} cross join lateral jsonb_array_elements(${list}) with ordinality ${raw(u)}`;
  const vars = new Map(stage.vars);
  const constant = value.constant?.value;
  const nestedNull = value.constant
    ? Array.isArray(constant) && constant.some((v) => v !== null && typeof v === 'object' && hasNestedNull(v))
    : value.nestedNull;
  vars.set(name, { name: column, kind: value.type === 'nodes' ? 'nodeobj' : value.type === 'rels' ? 'relobj' : 'value', nestedNull });
  return { sql: body, vars, order: [...stage.order, ord] };
}
