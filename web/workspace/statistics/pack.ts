/**
 * The main thread's half of a statistics run, apart from the algorithms (algorithms.ts): the page's
 * bundle packs the canvas for the worker without carrying graphology's metric libraries, which only
 * the worker's bundle needs.
 */

/** What the canvas hands the worker: node ids and relationships as index pairs (one transferable buffer). */
export function packGraph(ids: readonly string[], relationships: Iterable<{ startNodeId: string; endNodeId: string }>): Uint32Array {
  const index = new Map(ids.map((id, i) => [id, i]));
  const pairs: number[] = [];
  for (const r of relationships) {
    const a = index.get(r.startNodeId);
    const b = index.get(r.endNodeId);
    if (a !== undefined && b !== undefined) pairs.push(a, b);
  }
  return Uint32Array.from(pairs);
}
