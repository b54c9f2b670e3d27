import { toJsonText } from '../exact-json';
import type { BulkImportBatch, BulkImportNode, NodeRef, Properties } from './graph-store';
import { assertIdentifier, assertIdentifiers } from './identifiers';
import { assertPortableProperties } from './property-values';

/**
 * What both bulk-import adapters (src/graph/postgres/bulk-import.ts, src/graph/neo4j/bulk-import.ts)
 * decide the same way before they write a batch: which rows update an existing node (merge key),
 * which fold into an earlier row of the batch, and which become new nodes. Only the look-up of
 * existing nodes by label + property value is the backend's own (`match`).
 */

/** Validates property names, drops null values (a stored property is never null), refuses non-portable values. */
export function cleanImportProperties(properties: Properties | undefined): Properties {
  const out: Properties = {};
  if (!properties || typeof properties !== 'object' || Array.isArray(properties)) return out;
  for (const [key, value] of Object.entries(properties)) {
    assertIdentifier('property', key);
    if (value !== null && value !== undefined) out[key] = value;
  }
  assertPortableProperties(out);
  return out;
}

/** Canonical text of a value, to group equal values as jsonb and Cypher equality would (1 = 1.0). */
export function valueKey(value: unknown): string {
  return typeof value === 'number' ? `n:${value}` : typeof value === 'bigint' ? `n:${value.toString()}` : toJsonText(value);
}

export function groupBy<T>(items: T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = groups.get(k);
    if (list) list.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}

/** The nodes of a batch with validated labels and merge key and cleaned properties. */
export function normaliseImportNodes(batch: BulkImportBatch): BulkImportNode[] {
  return (batch.nodes ?? []).map((n) => ({
    ...n,
    labels: [...new Set(assertIdentifiers('label', n.labels ?? []))],
    properties: cleanImportProperties(n.properties),
    merge: n.merge
      ? { label: assertIdentifier('label', n.merge.label), property: assertIdentifier('property', n.merge.property) }
      : undefined,
  }));
}

export interface MergeUpdate {
  labels: string[];
  properties: Properties;
  /** Every row that matched it was create-only: nothing to write. */
  createOnly: boolean;
}

export interface NodeBatchPlan {
  /** Existing node id -> what the batch's rows merge into it. */
  updates: Map<string, MergeUpdate>;
  /** New nodes (copies; rows sharing a merge value are folded into the first). */
  inserts: BulkImportNode[];
  /** Each row of the batch -> the existing node id it merged into, or the insert that stands for it. */
  nodeIdOfRow: Map<BulkImportNode, string | BulkImportNode>;
}

/**
 * Plans a batch of normalised nodes: existing nodes are looked up once per label + property
 * (`match` answers value key -> id among the nodes the importer may see), then rows sharing a
 * merge value with an existing node or an earlier row are merged into it (labels added,
 * properties assigned; a create-only row changes nothing that exists).
 */
export async function planNodeBatch(
  nodes: BulkImportNode[],
  match: (label: string, property: string, values: unknown[]) => Promise<Map<string, string>>,
): Promise<NodeBatchPlan> {
  const existing = new Map<string, string>();
  const merging = nodes.filter((n) => n.merge && n.properties[n.merge.property] !== undefined);
  for (const [group, list] of groupBy(merging, (n) => `${n.merge!.label}\u0000${n.merge!.property}`)) {
    const [label, property] = group.split('\u0000');
    const values = [...new Map(list.map((n) => [valueKey(n.properties[property]), n.properties[property]])).values()];
    for (const [k, id] of await match(label, property, values)) existing.set(`${group}\u0000${k}`, id);
  }

  const updates = new Map<string, MergeUpdate>();
  const inserts: BulkImportNode[] = [];
  const insertByMergeValue = new Map<string, BulkImportNode>();
  const nodeIdOfRow = new Map<BulkImportNode, string | BulkImportNode>();
  for (const node of nodes) {
    const properties = node.properties;
    const mergeKey =
      node.merge && properties[node.merge.property] !== undefined
        ? `${node.merge.label}\u0000${node.merge.property}\u0000${valueKey(properties[node.merge.property])}`
        : undefined;
    const id = mergeKey ? existing.get(mergeKey) : undefined;
    if (id !== undefined) {
      const update = updates.get(id);
      if (update) {
        if (!node.createOnly) {
          update.createOnly = false;
          update.labels = [...new Set([...update.labels, ...node.labels])];
          Object.assign(update.properties, properties);
        }
      } else updates.set(id, { labels: node.labels, properties: { ...properties }, createOnly: !!node.createOnly });
      nodeIdOfRow.set(node, id);
      continue;
    }
    const earlier = mergeKey ? insertByMergeValue.get(mergeKey) : undefined;
    if (earlier) {
      if (!node.createOnly) {
        earlier.labels = [...new Set([...earlier.labels, ...node.labels])];
        Object.assign(earlier.properties, properties);
      }
      nodeIdOfRow.set(node, earlier);
      continue;
    }
    const copy = { ...node, properties: { ...properties } };
    inserts.push(copy);
    nodeIdOfRow.set(node, copy);
    if (mergeKey) insertByMergeValue.set(mergeKey, copy);
  }
  return { updates, inserts, nodeIdOfRow };
}

/** What the adapter answers when the ends of a batch's relationships are resolved. */
export interface EndLookup {
  /** An id the backend could hold (an invalid one is never looked up). */
  validId(id: string): boolean;
  /** Value key -> id of the visible nodes with `label` whose `property` is one of `values`. */
  match(label: string, property: string, values: unknown[]): Promise<Map<string, string>>;
  /** The ids among `ids` of nodes that exist and are visible. */
  visibleIds(ids: string[]): Promise<Iterable<string>>;
}

/**
 * Resolves the ends of a batch's relationships, set-based: by key (nodes of this import), by id
 * (one look-up for all ids), by label + property (one look-up per label + property). The answer
 * maps each end to a node id, or undefined when the end is missing or hidden.
 */
export async function endResolver(
  rels: Array<{ start: NodeRef; end: NodeRef }>,
  keys: Map<string, string>,
  lookup: EndLookup,
): Promise<(ref: NodeRef) => string | undefined> {
  const byProperty = new Map<string, unknown[]>();
  const byId = new Set<string>();
  for (const r of rels) {
    for (const ref of [r.start, r.end]) {
      if (ref && 'label' in ref && ref.value !== undefined && ref.value !== null) {
        assertIdentifier('label', ref.label);
        assertIdentifier('property', ref.property);
        const group = `${ref.label}\u0000${ref.property}`;
        const list = byProperty.get(group) ?? [];
        list.push(ref.value);
        byProperty.set(group, list);
      } else if (ref && 'id' in ref && lookup.validId(ref.id)) byId.add(ref.id);
    }
  }
  const matched = new Map<string, string>();
  for (const [group, values] of byProperty) {
    const [label, property] = group.split('\u0000');
    const unique = [...new Map(values.map((v) => [valueKey(v), v])).values()];
    for (const [k, id] of await lookup.match(label, property, unique)) matched.set(`${group}\u0000${k}`, id);
  }
  const existingIds = new Set(byId.size > 0 ? await lookup.visibleIds([...byId]) : []);
  return (ref: NodeRef): string | undefined => {
    if (!ref || typeof ref !== 'object') return undefined;
    if ('key' in ref) return keys.get(ref.key);
    if ('id' in ref) return existingIds.has(ref.id) ? ref.id : undefined;
    if (ref.value === undefined || ref.value === null) return undefined;
    return matched.get(`${ref.label}\u0000${ref.property}\u0000${valueKey(ref.value)}`);
  };
}
