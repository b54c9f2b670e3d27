import type { GraphNode, GraphRelationship } from '../../graph/graph-store';

/**
 * Result handling of Cypher run by users whose scope is restricted (see CypherService). The
 * query itself was rewritten by the adapter so it only matches visible elements; these helpers
 * are the defence in depth on the way out: every node, relationship and path in a result value
 * (at any depth of lists and maps) is replaced by its re-read through the user's scope, which
 * also drops the labels and properties the scope hides (the driver returns elements whole).
 */

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isNode(value: Record<string, unknown>): boolean {
  return typeof value.id === 'string' && Array.isArray(value.labels) && isObject(value.properties);
}

function isRelationship(value: Record<string, unknown>): boolean {
  return typeof value.id === 'string' && typeof value.type === 'string' && isObject(value.properties);
}

function isPath(value: Record<string, unknown>): boolean {
  return Array.isArray(value.nodes) && Array.isArray(value.relationships) && Object.keys(value).length === 2;
}

const idOf = (element: unknown) => String((element as { id?: unknown })?.id);

/** Collects the ids of every element in a result value. */
export function collectIds(value: unknown, nodes: Set<string>, relationships: Set<string>): void {
  if (Array.isArray(value)) {
    for (const item of value) collectIds(item, nodes, relationships);
    return;
  }
  if (!isObject(value)) return;
  if (isPath(value)) {
    for (const n of value.nodes as unknown[]) nodes.add(idOf(n));
    for (const r of value.relationships as unknown[]) relationships.add(idOf(r));
  } else if (isNode(value)) nodes.add(idOf(value));
  else if (isRelationship(value)) relationships.add(idOf(value));
  else for (const item of Object.values(value)) collectIds(item, nodes, relationships);
}

/**
 * Replaces every element by its re-read (scope-projected) version; returns undefined when any
 * element of the value is not visible (the caller drops the row).
 */
export function rebuild(value: unknown, nodes: Map<string, GraphNode>, relationships: Map<string, GraphRelationship>): unknown {
  if (Array.isArray(value)) {
    const items = value.map((item) => rebuild(item, nodes, relationships));
    return items.some((item) => item === undefined) ? undefined : items;
  }
  if (value === undefined) return null;
  if (!isObject(value)) return value;
  if (isPath(value)) {
    const pn = (value.nodes as unknown[]).map((n) => nodes.get(idOf(n)));
    const pr = (value.relationships as unknown[]).map((r) => relationships.get(idOf(r)));
    if (pn.some((n) => !n) || pr.some((r) => !r)) return undefined;
    return { nodes: pn, relationships: pr };
  }
  if (isNode(value)) return nodes.get(idOf(value));
  if (isRelationship(value)) return relationships.get(idOf(value));
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    const rebuilt = rebuild(item, nodes, relationships);
    if (rebuilt === undefined) return undefined;
    out[key] = rebuilt;
  }
  return out;
}
