/**
 * Repainting some elements of a canvas of thousands without sigma's whole refresh.
 *
 * A full `refresh()` runs the reducers of every node and edge, then `process()`: the graph's extent,
 * the label grid and every element written again into the programs' buffers (about bare sigma's
 * own refresh: 100 to 170 ms on 5,000 nodes and 10,000 edges in SwiftShader). A style or filter
 * change touches the attributes of some elements only: `refresh({ partialGraph, skipIndexation })`
 * runs the reducers of those and writes them in place into the buffers, and nothing moves.
 *
 * What skipIndexation leaves stale is the label grid (which node may write its caption in each
 * cell, largest first): it holds the nodes that were shown, at the sizes they had. When a change
 * hides, shows or resizes nodes, the grid is rebuilt here as `process()` builds it (same
 * settings, same viewport mapping of the camera at rest), without the rest of `process()`.
 */
import type Graph from 'graphology';
import type Sigma from 'sigma';
import { Camera } from 'sigma';
import type { NodeDisplayData } from 'sigma/types';
import { matrixFromCamera } from 'sigma/utils';

/** The parts of sigma 3's renderer `process()` uses for the label grid (not in its public API). */
interface LabelGridInternals {
  labelGrid: {
    resizeAndClear(dimensions: { width: number; height: number }, cellSize: number): void;
    add(key: string, size: number, position: { x: number; y: number }): void;
    organize(): void;
  };
  nodeDataCache: Record<string, NodeDisplayData>;
  needToProcess: boolean;
}

export interface RepaintTargets {
  nodes: string[];
  edges: string[];
  /** Some node was hidden, shown or resized: the label grid is built again. */
  labels: boolean;
}

/**
 * Repaints the targets and draws the frame now (the caller's task owns the work, as a full refresh
 * did). Falls back to a full refresh when sigma cannot repaint an element alone (one added to the
 * graph since its last processing).
 */
export function repaint(renderer: Sigma, graph: Graph, targets: RepaintTargets): void {
  if (targets.nodes.length === 0 && targets.edges.length === 0) return;
  const internals = renderer as unknown as LabelGridInternals;
  try {
    // schedule: true holds the drawing (the drawing below cancels the scheduled frame) until the grid is right.
    renderer.refresh({ partialGraph: { nodes: targets.nodes, edges: targets.edges }, skipIndexation: true, schedule: true });
  } catch {
    renderer.refresh();
    return;
  }
  // A pending process() (the graph changed since the last drawing) rebuilds the grid itself.
  if (targets.labels && !internals.needToProcess) rebuildLabelGrid(renderer, graph, internals);
  // An empty partial refresh is sigma's public "draw now".
  renderer.refresh({ partialGraph: { nodes: [], edges: [] }, skipIndexation: true });
}

function rebuildLabelGrid(renderer: Sigma, graph: Graph, internals: LabelGridInternals): void {
  const dimensions = renderer.getDimensions();
  const matrix = matrixFromCamera(new Camera().getState(), dimensions, renderer.getGraphDimensions(), renderer.getStagePadding());
  const grid = internals.labelGrid;
  grid.resizeAndClear(dimensions, renderer.getSetting('labelGridCellSize'));
  const cache = internals.nodeDataCache;
  graph.forEachNode((node) => {
    const data = cache[node];
    if (data && typeof data.label === 'string' && !data.hidden) grid.add(node, data.size, renderer.framedGraphToViewport(data, { matrix }));
  });
  grid.organize();
}
