import { BadRequestError } from '../../errors';
import type { Properties } from '../../graph/graph-store';
import { isValidIdentifier } from '../../graph/identifiers';
import { graphmlValue, type GraphmlEdge, type GraphmlKey, type GraphmlNode } from './graphml';
import { EDGE_TYPE_NAME, keyValues, NODE_LABEL_NAME, type GraphmlScan, type KeyValues } from './graphml-scan';
import type { GraphmlMapping } from './mapping';

export type KeyChoice = 'label' | 'property' | 'skip';

const forNodes = (k: GraphmlKey): boolean => k.for === 'node' || k.for === 'all';
const forEdges = (k: GraphmlKey): boolean => k.for === 'edge' || k.for === 'all';

/**
 * "Mostly distinct": more than half of the values differ, and more than 10 of them. A key whose
 * values are mostly distinct names things (77 characters of Les Misérables), it does not
 * classify them: it is proposed as a property, not as labels or types. Judged on the values
 * read while fewer than DISTINCT_CAP of them were distinct (all of them, below the cap).
 */
export function mostlyDistinct(values: KeyValues): boolean {
  return values.distinct > values.sampled / 2 && values.distinct > 10;
}

/** The keys of a file and the values the scan weighed. */
export type KeyFacts = Pick<GraphmlScan, 'keys' | 'values'>;

/**
 * What the analysis proposes for each key of nodes or edges (and what an import uses for a key
 * its mapping does not name): a node key named label/labels/labelV gives labels unless its values
 * are mostly distinct; a key without a valid property name is left out; the rest are properties.
 * The relationship type comes from the edge key named label/type/labelE unless mostly distinct.
 */
export function proposeKeys(doc: KeyFacts): { keys: Record<string, KeyChoice>; typeKey: string | null; notes: string[] } {
  const keys: Record<string, KeyChoice> = {};
  const notes: string[] = [];
  let typeKey: string | null = null;
  for (const k of doc.keys) {
    if (!forNodes(k) && !forEdges(k)) continue;
    if (forNodes(k) && NODE_LABEL_NAME.test(k.name)) {
      const values = keyValues(doc, k.id, 'node');
      if (mostlyDistinct(values)) {
        keys[k.id] = 'property';
        const among = values.capped ? `the first ${values.sampled} of ${values.count}` : `${values.count}`;
        notes.push(
          `the key ${k.id} (${k.name}) has ${values.capped ? 'at least ' : ''}${values.distinct} distinct values among ${among} nodes: proposed as the property ${k.name}, not as labels`,
        );
      } else keys[k.id] = 'label';
      continue;
    }
    if (typeKey === null && forEdges(k) && !forNodes(k) && EDGE_TYPE_NAME.test(k.name)) {
      if (!mostlyDistinct(keyValues(doc, k.id, 'edge'))) {
        typeKey = k.id;
        keys[k.id] = 'skip';
        continue;
      }
    }
    if (!isValidIdentifier(k.name)) {
      keys[k.id] = 'skip';
      notes.push(`the key ${k.id} has no valid property name (${JSON.stringify(k.name)}): proposed to be left out`);
      continue;
    }
    keys[k.id] = 'property';
  }
  return { keys, typeKey, notes };
}

/** How an import reads nodes and edges: the choices of the mapping over the proposal. */
export interface GraphmlPlan {
  labelKeys: GraphmlKey[];
  typeKey?: GraphmlKey;
  propertyKeys: Set<string>;
  nodeDefaults: Properties;
  edgeDefaults: Properties;
}

export function graphmlPlan(doc: KeyFacts, mapping: GraphmlMapping): GraphmlPlan {
  const byId = new Map(doc.keys.map((k) => [k.id, k]));
  const proposal = proposeKeys(doc);
  for (const [id, choice] of Object.entries(mapping.keys ?? {})) {
    const key = byId.get(id);
    if (!key)
      throw new BadRequestError(`The mapping names the key ${JSON.stringify(id)}, which the file does not declare`, 'INVALID_MAPPING', {
        key: id,
      });
    if (choice === 'label' && !forNodes(key)) {
      throw new BadRequestError(
        `The key ${id} is declared for ${key.for}, not for nodes: it cannot give labels (the relationship type comes from typeKey)`,
        'INVALID_MAPPING',
        { key: id },
      );
    }
  }
  let typeKey: GraphmlKey | undefined;
  const typeKeyId = mapping.typeKey === undefined ? proposal.typeKey : mapping.typeKey;
  if (typeKeyId !== null) {
    typeKey = byId.get(typeKeyId);
    if (!typeKey || !forEdges(typeKey)) {
      throw new BadRequestError(`typeKey ${JSON.stringify(typeKeyId)} is not a key of edges in this file`, 'INVALID_MAPPING', {
        key: typeKeyId,
      });
    }
  }
  const choice = (k: GraphmlKey): KeyChoice => mapping.keys?.[k.id] ?? proposal.keys[k.id] ?? 'skip';
  const labelKeys = doc.keys.filter((k) => forNodes(k) && choice(k) === 'label');
  const propertyKeys = new Set(doc.keys.filter((k) => k !== typeKey && choice(k) !== 'skip').map((k) => k.id));
  const defaults = (domain: 'node' | 'edge'): Properties => {
    const out: Properties = {};
    for (const k of doc.keys) {
      if (!(domain === 'node' ? forNodes(k) : forEdges(k)) || k.default === undefined) continue;
      if (!propertyKeys.has(k.id) || (domain === 'node' && labelKeys.includes(k)) || !isValidIdentifier(k.name)) continue;
      out[k.name] = graphmlValue(k.default, k.type);
    }
    return out;
  };
  return { labelKeys, typeKey, propertyKeys, nodeDefaults: defaults('node'), edgeDefaults: defaults('edge') };
}

/** Splits a label value (":A:B", "A;B", "A|B", "A,B") into labels. */
export function splitLabels(cell: string): string[] {
  return cell
    .split(/[:;|,]/)
    .map((l) => l.trim())
    .filter(Boolean);
}

/** A node's labels and properties under the plan, or why it is rejected. */
export function graphmlNode(
  plan: GraphmlPlan,
  keys: Map<string, GraphmlKey>,
  n: GraphmlNode,
  defaultLabel: string,
): { labels: string[]; properties: Properties } | string {
  let labels = n.labels;
  if (labels.length === 0) {
    labels = [];
    for (const k of plan.labelKeys) for (const l of splitLabels(n.data[k.id] ?? '')) if (!labels.includes(l)) labels.push(l);
  }
  if (labels.length === 0) labels = [defaultLabel];
  const bad = labels.find((l) => !isValidIdentifier(l));
  if (bad !== undefined) return `"${String(bad).slice(0, 50)}" is not a valid label`;
  const properties = dataOf(plan, keys, n.data, plan.nodeDefaults, plan.labelKeys);
  return typeof properties === 'string' ? properties : { labels, properties };
}

/** An edge's type and properties under the plan, or why it is rejected. */
export function graphmlEdge(
  plan: GraphmlPlan,
  keys: Map<string, GraphmlKey>,
  e: GraphmlEdge,
  defaultType: string,
): { type: string; properties: Properties } | string {
  const fromKey = plan.typeKey ? (e.data[plan.typeKey.id] ?? plan.typeKey.default)?.trim() || undefined : undefined;
  const type = fromKey ?? e.label ?? defaultType;
  if (!isValidIdentifier(type)) return `"${String(type).slice(0, 50)}" is not a valid relationship type`;
  const properties = dataOf(plan, keys, e.data, plan.edgeDefaults, []);
  return typeof properties === 'string' ? properties : { type, properties };
}

function dataOf(
  plan: GraphmlPlan,
  keys: Map<string, GraphmlKey>,
  data: Record<string, string>,
  base: Properties,
  labelKeys: GraphmlKey[],
): Properties | string {
  const out: Properties = { ...base };
  for (const [keyId, text] of Object.entries(data)) {
    const key = keys.get(keyId);
    if (!key || !plan.propertyKeys.has(keyId) || labelKeys.includes(key)) continue;
    if (!isValidIdentifier(key.name)) return `the key ${key.id} has no valid property name (${String(key.name)})`;
    const value = graphmlValue(text, key.type);
    if (value === undefined) return `${key.name}: "${text.slice(0, 50)}" is not a ${key.type}`;
    out[key.name] = value;
  }
  return out;
}
