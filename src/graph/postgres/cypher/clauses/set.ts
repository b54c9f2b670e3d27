import type { CstNode } from '../../../../cypher/parser';
import { nameOf, rule, rules, textOf } from '../../../../cypher/parser';
import { toJsonText } from '../../../../exact-json';
import { sql } from '../../sql';
import type { ExprType } from '../context';
import { cypherError, unsupported } from '../context';
import type { ElementState, WriteState } from '../write-state';
import { idText, propertyMap, propertyValue } from '../write-state';

/**
 * SET and REMOVE (and MERGE's ON CREATE / ON MATCH): item by item, each evaluated for every row
 * in one statement (so an item sees what the items before it wrote), then applied row by row to
 * the elements read once and locked, and written back in one statement per kind. A restricted
 * writer's replacing SET (`n = {...}`) replaces what the writer sees: hidden properties stay.
 */
interface Change {
  at: CstNode;
  target: unknown;
  type: ExprType;
  /** Properties set (value) or removed (null). */
  patch?: Record<string, unknown>;
  /** The patch replaces every visible property. */
  replace?: boolean;
  /** `SET n = m` / `SET n += m` with an element m: its visible properties. */
  copyFrom?: { id: string; type: ExprType };
  addLabels?: string[];
  removeLabels?: string[];
}

function labelNames(node: CstNode): string[] {
  return rules(rule(node, 'nodeLabels')!, 'nodeLabel').map((l) => nameOf(rule(l, 'labelName')!));
}

function propertyTarget(item: CstNode): { atom: CstNode; key: string } {
  const property = rule(item, 'propertyExpression')!;
  const lookups = rules(property, 'propertyLookup');
  if (lookups.length !== 1) throw unsupported(property, `${textOf(property).trim()} (a property of a property)`);
  return { atom: rule(property, 'atom')!, key: nameOf(rule(lookups[0], 'propertyKeyName')!) };
}

export async function setClause(w: WriteState, node: CstNode): Promise<void> {
  for (const item of rules(node, 'setItem')) await setItem(w, item);
}

export async function removeClause(w: WriteState, node: CstNode): Promise<void> {
  for (const item of rules(node, 'removeItem')) {
    if (rule(item, 'propertyExpression')) {
      const { atom, key } = propertyTarget(item);
      const { values, types } = await w.evaluate([atom]);
      await apply(
        w,
        values.map((v) => ({ at: item, target: v[0], type: types[0], patch: { [key]: null } })),
      );
    } else {
      const variable = rule(item, 'variable')!;
      const { values, types } = await w.evaluate([variable]);
      const labels = labelNames(item);
      await apply(
        w,
        values.map((v) => ({ at: item, target: v[0], type: types[0], removeLabels: labels })),
      );
    }
  }
}

async function setItem(w: WriteState, item: CstNode): Promise<void> {
  if (rule(item, 'propertyExpression')) {
    const { atom, key } = propertyTarget(item);
    const valueNode = rule(item, 'expression')!;
    const { values, types } = await w.evaluate([atom, valueNode]);
    if (types[1] !== 'value' && types[1] !== 'bool')
      throw cypherError(valueNode, 'Type mismatch: a property value cannot be a node, relationship or path');
    await apply(
      w,
      values.map((v) => ({ at: item, target: v[0], type: types[0], patch: { [key]: propertyValue(key, v[1], valueNode) } })),
    );
    return;
  }
  const variable = rule(item, 'variable')!;
  if (rule(item, 'nodeLabels')) {
    const { values, types } = await w.evaluate([variable]);
    const labels = labelNames(item);
    await apply(
      w,
      values.map((v) => ({ at: item, target: v[0], type: types[0], addLabels: labels })),
    );
    return;
  }
  const replace = !item.children.some((c) => c.rule === null && c.token === '+=');
  const valueNode = rule(item, 'expression')!;
  const { values, types } = await w.evaluate([variable, valueNode]);
  await apply(
    w,
    values.map((v): Change => {
      const base = { at: item, target: v[0], type: types[0], replace };
      if (types[1] === 'node' || types[1] === 'rel')
        return v[1] === null ? { ...base, patch: {} } : { ...base, copyFrom: { id: idText(v[1]), type: types[1] } };
      if (types[1] !== 'value') throw cypherError(valueNode, 'Type mismatch: expected a map, a node or a relationship');
      return { ...base, patch: propertyMap(v[1], valueNode, 'the value of SET') };
    }),
  );
}

function targetId(change: Change): { id: string; kind: 'node' | 'rel' } | null {
  const { target, type } = change;
  if (target === null || target === undefined) return null;
  if (type === 'node' || type === 'rel') return { id: idText(target), kind: type };
  if ((type === 'nodeobj' || type === 'relobj') && typeof target === 'object' && 'id' in target)
    return { id: idText(target.id), kind: type === 'nodeobj' ? 'node' : 'rel' };
  throw cypherError(change.at, 'Type mismatch: expected a node or a relationship');
}

/** Applies the changes in row order and writes the changed elements back. */
export async function apply(w: WriteState, changes: Change[]): Promise<void> {
  const targets = changes.map(targetId);
  const nodeIds = targets.filter((x) => x?.kind === 'node').map((x) => x!.id);
  const relIds = targets.filter((x) => x?.kind === 'rel').map((x) => x!.id);
  for (const c of changes) if (c.copyFrom) (c.copyFrom.type === 'node' ? nodeIds : relIds).push(c.copyFrom.id);
  const nodes = await w.nodes(nodeIds);
  const rels = await w.relationships(relIds);
  await w.touchLabels(changes.flatMap((c) => [...(c.addLabels ?? []), ...(c.removeLabels ?? [])]));
  const changedNodes = new Set<string>();
  const changedRels = new Set<string>();
  changes.forEach((change, i) => {
    const target = targets[i];
    if (!target) return;
    const state = (target.kind === 'node' ? nodes : rels).get(target.id);
    const deleted = (target.kind === 'node' ? w.deletedNodes : w.deletedRelationships).has(target.id);
    if (!state || deleted)
      throw cypherError(change.at, `The ${target.kind === 'node' ? 'node' : 'relationship'} was deleted by this query`);
    let patch = change.patch ?? {};
    if (change.copyFrom) {
      const from = (change.copyFrom.type === 'node' ? nodes : rels).get(change.copyFrom.id);
      patch = { ...(from?.visibleProperties ?? {}) };
    }
    if (change.replace) {
      const full: Record<string, unknown> = {};
      for (const key of Object.keys(state.visibleProperties)) full[key] = null;
      patch = { ...full, ...patch };
    }
    // The check sees the write as named (removing an absent property included: whether a hidden one is there is not told).
    const effective = Object.fromEntries(Object.entries(patch).filter(([key, value]) => value !== null || key in state.properties));
    const namedLabels = [...(change.addLabels ?? []), ...(change.removeLabels ?? [])];
    if (Object.keys(patch).length === 0 && namedLabels.length === 0) return;
    applyTo(w, state, effective, change.addLabels ?? [], change.removeLabels ?? []);
    if (target.kind === 'node') {
      w.check({ entity: 'node', mode: 'update', labels: state.visibleLabels, properties: state.visibleProperties, namedLabels, patch });
      changedNodes.add(target.id);
    } else {
      w.check({ entity: 'relationship', mode: 'update', type: state.type!, properties: state.visibleProperties, patch });
      changedRels.add(target.id);
    }
  });
  if (changedNodes.size > 0) {
    const payload = [...changedNodes].map((id) => ({ id, labels: nodes.get(id)!.labels, properties: nodes.get(id)!.properties }));
    await w.sqlRows(sql`update graph_nodes n set labels = array(select jsonb_array_elements_text(x.labels)), properties = x.properties
      from jsonb_to_recordset(${toJsonText(payload)}::jsonb) as x(id text, labels jsonb, properties jsonb) where n.id = x.id::bigint`);
  }
  if (changedRels.size > 0) {
    const payload = [...changedRels].map((id) => ({ id, properties: rels.get(id)!.properties }));
    await w.sqlRows(sql`update graph_relationships r set properties = x.properties
      from jsonb_to_recordset(${toJsonText(payload)}::jsonb) as x(id text, properties jsonb) where r.id = x.id::bigint`);
  }
}

/** The change on the element's state (full and visible), counted as side effects. */
function applyTo(w: WriteState, state: ElementState, patch: Record<string, unknown>, add: string[], remove: string[]): void {
  const properties = { ...state.properties };
  const visible = { ...state.visibleProperties };
  for (const [key, value] of Object.entries(patch)) {
    w.property(state.type === undefined ? 'node' : 'rel', state.id, key, properties[key], value);
    if (value === null) {
      delete properties[key];
      delete visible[key];
    } else {
      properties[key] = value;
      visible[key] = value;
    }
  }
  state.properties = properties;
  state.visibleProperties = visible;
  const labels = [...state.labels];
  const visibleLabels = [...state.visibleLabels];
  for (const label of add) {
    if (!labels.includes(label)) labels.push(label);
    if (!visibleLabels.includes(label)) visibleLabels.push(label);
  }
  state.labels = labels.filter((l) => !remove.includes(l));
  state.visibleLabels = visibleLabels.filter((l) => !remove.includes(l));
}
