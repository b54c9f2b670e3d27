/**
 * The baseline of bench/ui: the same graph drawn by sigma on graphology directly, with nothing of
 * the workspace around it (no state, no history, no reducers, no panels). Bundled by the bench.
 */
import Graph from 'graphology';
import Sigma from 'sigma';

interface Data {
  nodes: Array<{ id: string; x: number; y: number; label: string }>;
  relationships: Array<{ id: string; startNodeId: string; endNodeId: string }>;
}

async function main(): Promise<void> {
  const data = (await (await fetch('/bare/graph.json')).json()) as Data;
  const graph = new Graph({ multi: true, type: 'directed' });
  for (const node of data.nodes) graph.addNode(node.id, { x: node.x, y: node.y, label: node.label, size: 4, color: '#4e79a7' });
  for (const r of data.relationships)
    graph.addDirectedEdgeWithKey(r.id, r.startNodeId, r.endNodeId, { size: 1.5, color: '#b0b0b0', type: 'arrow' });
  const renderer = new Sigma(graph, document.getElementById('canvas')!, { defaultEdgeType: 'arrow', labelRenderedSizeThreshold: 3 });
  renderer.refresh();
  performance.mark('gas:first-render');
  (window as unknown as { bare: { renderer: Sigma; graph: Graph } }).bare = { renderer, graph };
}

void main();
