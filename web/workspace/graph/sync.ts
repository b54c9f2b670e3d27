/**
 * Keeps the graphology graph (what sigma draws) equal to the canvas state: adds, updates and drops
 * nodes and edges by id, so the renderer keeps its camera and only changed items are touched.
 * Filters and highlights are not written here: they are sigma reducers (graph/view.ts).
 */
import type Graph from 'graphology';
import type { CanvasState } from '../state/canvas-state';
import type { Appearance } from '../style/style';
import { nodeCaption, nodeColor, nodeIcon, nodeSize, relationshipColor } from '../style/style';

export function syncGraph(
  graph: Graph,
  state: CanvasState,
  appearance: Appearance,
  undirected: ReadonlySet<string> = new Set(),
): { images: boolean } {
  let images = false;
  for (const id of graph.nodes()) if (!state.nodes[id]) graph.dropNode(id);
  for (const id of graph.edges()) if (!state.relationships[id]) graph.dropEdge(id);
  const degree = new Map<string, number>();
  for (const relationship of Object.values(state.relationships)) {
    degree.set(relationship.startNodeId, (degree.get(relationship.startNodeId) ?? 0) + 1);
    degree.set(relationship.endNodeId, (degree.get(relationship.endNodeId) ?? 0) + 1);
  }
  for (const node of Object.values(state.nodes)) {
    const image = nodeIcon(appearance, node);
    if (image) images = true;
    const attributes = {
      x: node.x,
      y: node.y,
      label: nodeCaption(appearance, node),
      color: nodeColor(appearance, node),
      size: nodeSize(degree.get(node.id) ?? 0, appearance, node),
      labels: node.labels,
      type: image ? 'image' : 'circle',
      image,
    };
    if (graph.hasNode(node.id)) graph.mergeNodeAttributes(node.id, attributes);
    else graph.addNode(node.id, attributes);
  }
  for (const relationship of Object.values(state.relationships)) {
    const attributes = {
      label: relationship.type,
      color: relationshipColor(appearance, relationship),
      size: 1.5,
      type: undirected.has(relationship.type) ? 'line' : 'arrow',
      relType: relationship.type,
    };
    if (graph.hasEdge(relationship.id)) graph.mergeEdgeAttributes(relationship.id, attributes);
    else graph.addDirectedEdgeWithKey(relationship.id, relationship.startNodeId, relationship.endNodeId, attributes);
  }
  // Whether a node is drawn with an icon (the renderer registers its icon program then).
  return { images };
}

/** Positions as the renderer has them (after a layout), to be taken into the state. */
export function positionsOf(graph: Graph): Record<string, { x: number; y: number }> {
  const positions: Record<string, { x: number; y: number }> = {};
  graph.forEachNode((id, attributes) => {
    positions[id] = { x: attributes.x as number, y: attributes.y as number };
  });
  return positions;
}
