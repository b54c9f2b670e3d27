import { UnprocessableError } from '../../errors';
import { readGraphml, type GraphmlHeader, type GraphmlKey } from './graphml';

/**
 * The first pass over a GraphML file (analysis and import, issue 23 item 9): counts, the checks
 * across elements (node ids present and unique, every edge's ends defined somewhere in the file),
 * parallel edges, and per key that may name labels or types the counts of its values, all in
 * memory bounded by the file's node ids (which the import needs anyway) and the caps below.
 */

/** Distinct values kept per key: past this many, "mostly distinct" is judged on the values read until then. */
export const DISTINCT_CAP = 10_000;
/** Node pairs kept to count parallel edges (as 53-bit hashes); past this many, the count is a lower bound. */
const PAIR_CAP = 2_000_000;

/** The values of one key: all of them counted, the distinct ones while fewer than DISTINCT_CAP. */
export class KeyValues {
  count = 0;
  /** Values read while `distinct` was under the cap (the sample "mostly distinct" is judged on). */
  sampled = 0;
  private readonly seen = new Set<string>();

  add(text: string): void {
    this.count++;
    if (this.seen.size >= DISTINCT_CAP) return;
    this.sampled++;
    this.seen.add(text.trim());
  }

  get distinct(): number {
    return this.seen.size;
  }

  get capped(): boolean {
    return this.seen.size >= DISTINCT_CAP;
  }
}

export interface GraphmlScan extends GraphmlHeader {
  nodeCount: number;
  edgeCount: number;
  parallelEdges: number;
  /** Node values of keys named like labels, edge values of keys named like types (graphml-plan.ts asks for them). */
  values: Map<string, KeyValues>;
}

/** Keys that carry labels or types by name (Gephi/graphology `label`, TinkerPop `labelV` / `labelE`, `type`): the proposal weighs their values (graphml-plan.ts). */
export const NODE_LABEL_NAME = /^(labels?|labelV)$/i;
export const EDGE_TYPE_NAME = /^(label|type|labelE)$/i;
const valueKey = (keyId: string, owner: 'node' | 'edge'): string => `${owner}\u0000${keyId}`;

/** The values of a key on nodes or edges, as the scan counted them (none when it was not weighed). */
export function keyValues(scan: Pick<GraphmlScan, 'values'>, keyId: string, owner: 'node' | 'edge'): KeyValues {
  return scan.values.get(valueKey(keyId, owner)) ?? new KeyValues();
}

/** 53 bits of FNV-1a over a pair of node ids: parallel edges counted without keeping the ids' text. */
function pairHash(a: string, b: string): number {
  let h1 = 0x811c9dc5;
  let h2 = 0x01000193;
  const text = `${a}\u0000${b}`;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 0x01000193);
    h2 = Math.imul(h2 ^ c, 0x5bd1e995);
  }
  return (h1 >>> 0) * 0x200000 + ((h2 >>> 0) & 0x1fffff);
}

export async function scanGraphml(file: string, fileName: string): Promise<GraphmlScan> {
  const scan: GraphmlScan = { keys: [], directed: true, warnings: [], nodeCount: 0, edgeCount: 0, parallelEdges: 0, values: new Map() };
  const ids = new Set<string>();
  /** Ends not defined (yet) -> the first edge naming them: GraphML may define a node after an edge to it. */
  const missing = new Map<string, { line: number; edge: string }>();
  const pairs = new Set<number>();
  let nodeProblem: UnprocessableError | undefined;
  let weighed: Map<string, { owner: 'node' | 'edge'; values: KeyValues }> | undefined;
  const weigh = (): Map<string, { owner: 'node' | 'edge'; values: KeyValues }> => {
    // The keys are declared before the graph (GraphML), so before the first element.
    const out = new Map<string, { owner: 'node' | 'edge'; values: KeyValues }>();
    const add = (k: GraphmlKey, owner: 'node' | 'edge') => {
      const values = new KeyValues();
      scan.values.set(valueKey(k.id, owner), values);
      out.set(valueKey(k.id, owner), { owner, values });
    };
    for (const k of scan.keys) {
      if ((k.for === 'node' || k.for === 'all') && NODE_LABEL_NAME.test(k.name)) add(k, 'node');
      if ((k.for === 'edge' || k.for === 'all') && EDGE_TYPE_NAME.test(k.name)) add(k, 'edge');
    }
    return out;
  };
  for await (const elements of readGraphml(file, fileName, scan)) {
    weighed ??= weigh();
    for (const { node, edge } of elements) {
      const owner = node ? 'node' : 'edge';
      const data = (node ?? edge).data;
      for (const [keyId, text] of Object.entries(data)) weighed.get(valueKey(keyId, owner))?.values.add(text);
      if (node) {
        scan.nodeCount++;
        if (!node.id)
          nodeProblem ??= new UnprocessableError(`The GraphML file ${fileName}, line ${node.line}: a node without id`, 'GRAPHML_INVALID', {
            file: fileName,
            line: node.line,
          });
        else if (ids.has(node.id))
          nodeProblem ??= new UnprocessableError(
            `The GraphML file ${fileName}, line ${node.line}: the node id ${node.id} is used twice`,
            'GRAPHML_INVALID',
            { file: fileName, line: node.line },
          );
        ids.add(node.id);
        missing.delete(node.id);
        continue;
      }
      const e = edge;
      scan.edgeCount++;
      for (const end of [e.source, e.target])
        if (!ids.has(end) && !missing.has(end)) missing.set(end, { line: e.line, edge: e.id ?? `${e.source}->${e.target}` });
      if (pairs.size < PAIR_CAP) {
        const pair = e.directed || e.source <= e.target ? pairHash(e.source, e.target) : pairHash(e.target, e.source);
        if (pairs.has(pair)) scan.parallelEdges++;
        else pairs.add(pair);
      }
    }
  }
  if (pairs.size >= PAIR_CAP) scan.warnings.push(`parallel edges were counted among the first ${PAIR_CAP} pairs of nodes only`);
  if (nodeProblem) throw nodeProblem;
  const first = [...missing.entries()].sort((a, b) => a[1].line - b[1].line)[0];
  if (first) {
    const [node, { line, edge }] = first;
    throw new UnprocessableError(
      `The GraphML file ${fileName}, line ${line}: the edge ${edge} refers to the node ${node}, which the file does not define`,
      'GRAPHML_MISSING_NODE',
      { file: fileName, line, node },
    );
  }
  return scan;
}
