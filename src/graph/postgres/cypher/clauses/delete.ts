import type { CstNode } from '../../../../cypher/parser';
import { hasToken, rules, unwrap } from '../../../../cypher/parser';
import { BadRequestError } from '../../../../errors';
import { sql } from '../../sql';
import type { ExprType } from '../context';
import { cypherError, unsupported } from '../context';
import type { WriteState } from '../write-state';
import { idText } from '../write-state';

/**
 * DELETE and DETACH DELETE: the relationships named are deleted first, then the nodes. A node
 * that keeps a relationship the writer can see is an error (DELETE without DETACH); relationships
 * the writer cannot see go with their node, as with DELETE /data/nodes/{id}, and are not counted.
 * Deleting what this query deleted already does nothing; the rows keep the deleted ids.
 */
/** Expressions whose value may be an element only at run time (a variable, a property, a subscript, a function, ...). */
const VALUE_SOURCES = new Set([
  'variable',
  'symbolicName',
  'propertyOrLabelsExpression',
  'functionInvocation',
  'caseExpression',
  'parameter',
  'stringListNullOperatorExpression',
  'atom',
]);

export async function deleteClause(w: WriteState, node: CstNode): Promise<void> {
  const detach = hasToken(node, 'DETACH');
  const exprs = rules(node, 'expression');
  const { values, types } = await w.evaluate(exprs);
  types.forEach((type, i) => {
    const inner = unwrap(exprs[i]);
    // A label test (`DELETE n:L`) or an arithmetic value is no element, whatever the rows.
    if (type === 'bool') throw cypherError(exprs[i], 'Only nodes, relationships and paths can be deleted (to remove a label, use REMOVE)');
    if (type === 'value' && !VALUE_SOURCES.has(inner.rule ?? ''))
      throw cypherError(exprs[i], 'Type mismatch: DELETE expects a node, a relationship or a path');
  });
  const nodeIds = new Set<string>();
  const relIds = new Set<string>();
  for (const row of values) row.forEach((value, i) => collect(value, types[i], exprs[i], nodeIds, relIds));

  const rels = [...relIds].filter((id) => !w.deletedRelationships.has(id));
  if (rels.length > 0) {
    const states = await w.relationships(rels);
    await w.sqlRows(sql`delete from graph_relationships r where r.id = any(${[...states.keys()]}::bigint[])`);
    for (const state of states.values()) {
      w.deletedRelationships.add(state.id);
      w.deletedTypes.set(state.id, state.type!);
      w.deleted('rel', state.id);
      for (const [key, value] of Object.entries(state.visibleProperties)) w.property('rel', state.id, key, value, null);
    }
  }

  const ids = [...nodeIds].filter((id) => !w.deletedNodes.has(id));
  if (ids.length === 0) return;
  const nodes = await w.nodes(ids);
  const present = [...nodes.keys()];
  await w.touchLabels([...nodes.values()].flatMap((n) => n.visibleLabels));
  const attached = await w.sqlRows<{ id: string; type: string; node: string; vp: Record<string, unknown> }>(
    sql`select r.id::text as id, r.type, (case when r.start_id = any(${present}::bigint[]) then r.start_id else r.end_id end)::text as node,
        ${w.scope.relationshipProperties('r')} as vp
        from graph_relationships r where (r.start_id = any(${present}::bigint[]) or r.end_id = any(${present}::bigint[])) and ${w.scope.relationshipVisible('r')}`,
  );
  if (!detach && attached.length > 0) {
    throw new BadRequestError(
      `Cannot delete node<${attached[0].node}>, because it still has relationships. To delete this node, you must first delete its relationships (or use DETACH DELETE)`,
      'CYPHER_ERROR',
      { node: attached[0].node },
    );
  }
  for (const r of attached) {
    w.deletedRelationships.add(r.id);
    w.deletedTypes.set(r.id, r.type);
    w.deleted('rel', r.id);
    for (const [key, value] of Object.entries(r.vp ?? {})) w.property('rel', r.id, key, value, null);
  }
  await w.sqlRows(
    sql`delete from graph_relationships r where r.start_id = any(${present}::bigint[]) or r.end_id = any(${present}::bigint[])`,
  );
  await w.sqlRows(sql`delete from graph_nodes n where n.id = any(${present}::bigint[])`);
  for (const state of nodes.values()) {
    w.deletedNodes.add(state.id);
    w.deleted('node', state.id);
    for (const [key, value] of Object.entries(state.visibleProperties)) w.property('node', state.id, key, value, null);
  }
}

function collect(value: unknown, type: ExprType, at: CstNode, nodes: Set<string>, rels: Set<string>): void {
  if (value === null || value === undefined) return;
  const idOf = (v: unknown) => idText((v as { id: unknown }).id);
  switch (type) {
    case 'node':
      nodes.add(idText(value));
      return;
    case 'rel':
      rels.add(idText(value));
      return;
    case 'nodeobj':
      nodes.add(idOf(value));
      return;
    case 'relobj':
      rels.add(idOf(value));
      return;
    case 'nodes':
      for (const v of value as unknown[]) if (v !== null) nodes.add(idOf(v));
      return;
    case 'rels':
      for (const v of value as unknown[]) if (v !== null) rels.add(idOf(v));
      return;
    case 'path': {
      const path = value as { nodes?: unknown[]; relationships?: unknown[] };
      for (const v of path.relationships ?? []) rels.add(idOf(v));
      for (const v of path.nodes ?? []) nodes.add(idOf(v));
      return;
    }
    default:
      // A list or map (collect(n), ...) is not known here to hold only elements: refused, not guessed.
      if (typeof value === 'object') throw unsupported(at, 'DELETE of a list or map');
      throw cypherError(at, 'Type mismatch: DELETE expects a node, a relationship or a path');
  }
}
