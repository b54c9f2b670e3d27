/**
 * The graph algorithms of the workspace, on what is on the canvas, with graphology's own libraries.
 * Pure: ids and index pairs in, one number per node out (in the order of the ids), so the worker
 * (worker.ts) and the unit tests run the same code.
 */
import Graph from 'graphology';
import pagerank from 'graphology-metrics/centrality/pagerank';
import betweenness from 'graphology-metrics/centrality/betweenness';
import louvain from 'graphology-communities-louvain';
import { connectedComponents } from 'graphology-components';
import type { MetricName } from '../appearance/data-style';

export { packGraph } from './pack';

/**
 * Relationships become simple edges (parallel ones and, for the undirected measures, both
 * directions merged): PageRank follows the direction, Louvain, betweenness and components
 * read the graph as undirected, as Gephi does by default for a mixed graph.
 */
function simpleGraph(ids: readonly string[], edges: Uint32Array, directed: boolean): Graph {
  const graph = new Graph({ type: directed ? 'directed' : 'undirected', multi: false, allowSelfLoops: false });
  for (const id of ids) graph.addNode(id);
  for (let i = 0; i + 1 < edges.length; i += 2) {
    const a = ids[edges[i]];
    const b = ids[edges[i + 1]];
    if (a === undefined || b === undefined || a === b) continue;
    graph.mergeEdge(a, b);
  }
  return graph;
}

export function compute(metric: MetricName, ids: readonly string[], edges: Uint32Array): Float64Array {
  const values = new Float64Array(ids.length);
  const fill = (mapping: Record<string, number>) => ids.forEach((id, i) => (values[i] = mapping[id] ?? 0));
  if (metric === 'degree') {
    // Every relationship counts, parallel ones too: the degree the canvas shows.
    for (let i = 0; i + 1 < edges.length; i += 2) {
      values[edges[i]]++;
      values[edges[i + 1]]++;
    }
    return values;
  }
  if (metric === 'pagerank') {
    fill(pagerank(simpleGraph(ids, edges, true), { getEdgeWeight: null }));
    return values;
  }
  const graph = simpleGraph(ids, edges, false);
  if (metric === 'betweenness') fill(betweenness(graph, { normalized: true }));
  else if (metric === 'community') {
    // A fixed seed: the same canvas gives the same communities (and colours) on every run.
    let seed = 42;
    const rng = () => (seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0) / 2 ** 32;
    fill(graph.size ? louvain(graph, { rng }) : Object.fromEntries(ids.map((id, i) => [id, i])));
  } else {
    const mapping: Record<string, number> = {};
    // Components numbered from the largest (0) down, so the colours read by size.
    connectedComponents(graph)
      .sort((a, b) => b.length - a.length)
      .forEach((component, index) => component.forEach((id) => (mapping[id] = index)));
    fill(mapping);
  }
  return values;
}
