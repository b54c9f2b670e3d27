/**
 * The Cypher result's graph tab: the nodes, relationships and paths the query returned, drawn with
 * sigma in a large box (most of the window's height), laid out by ForceAtlas2 (a fixed number of
 * iterations: results are small), captioned as the workspace captions them (APPEARANCE, else the
 * DATA_SCHEMA title, else a name-like property), never by internal id. Captions are drawn by
 * sigma's density grid, so they do not pile up.
 */
import Graph from 'graphology';
import Sigma from 'sigma';
import { circular } from 'graphology-layout';
import forceAtlas2 from 'graphology-layout-forceatlas2';
import { request } from '../shared/api';
import type { ApiNode, ApiRelationship } from '../shared/graph-types';
import type { Appearance } from '../workspace/style/style';
import { labelColor, NO_APPEARANCE, nodeCaption } from '../workspace/style/style';
import type { DataSchema } from '../shared/data-schema';

let appearance: Promise<Appearance> | null = null;

/** The caption settings the workspace uses (as this user may see them), read once per page. */
function captionSettings(): Promise<Appearance> {
  appearance ??= request<Record<string, unknown>>('GET', '/settings')
    .then((settings) => {
      const value = (settings.APPEARANCE ?? {}) as Partial<Appearance>;
      const schema = (settings.DATA_SCHEMA ?? { nodes: {} }) as Partial<DataSchema>;
      const nodeCaptions: Record<string, string> = {};
      for (const [label, properties] of Object.entries(schema.nodes ?? {})) {
        const title = Object.entries(properties).find(([, description]) => description.role === 'title' && !description.hidden);
        if (title && label !== '*') nodeCaptions[label] = title[0];
      }
      return { ...NO_APPEARANCE, ...value, nodeCaptions: { ...nodeCaptions, ...(value.nodeCaptions ?? {}) } };
    })
    .catch(() => NO_APPEARANCE);
  return appearance;
}

/** A caption when there is no name-like property: the labels, never the internal id. */
function caption(settings: Appearance, node: ApiNode): string {
  const text = nodeCaption(settings, { ...node, x: 0, y: 0 });
  return text.endsWith(` ${node.id}`) ? node.labels.join(':') || '·' : text;
}

let renderer: Sigma | null = null;

export function clearResultGraph(): void {
  renderer?.kill();
  renderer = null;
}

/** Draws the result into `box` (replacing what was there); `box` may still be hidden (tab not selected). */
export async function drawResultGraph(
  box: HTMLElement,
  nodes: Map<string, ApiNode>,
  relationships: Map<string, ApiRelationship>,
): Promise<void> {
  clearResultGraph();
  box.replaceChildren();
  if (!nodes.size) return;
  const settings = await captionSettings();
  const graph = new Graph({ multi: true, type: 'directed' });
  for (const node of nodes.values())
    graph.addNode(node.id, { label: caption(settings, node), color: labelColor(settings, node.labels[0]), size: 6 });
  for (const r of relationships.values()) {
    if (graph.hasNode(r.startNodeId) && graph.hasNode(r.endNodeId))
      graph.addDirectedEdgeWithKey(r.id, r.startNodeId, r.endNodeId, { label: r.type, size: 1.5, color: '#9aa5b1', type: 'arrow' });
  }
  graph.forEachNode((id) => graph.setNodeAttribute(id, 'size', Math.min(4 + Math.sqrt(graph.degree(id)) * 2, 16)));
  circular.assign(graph, { scale: 100 });
  if (graph.size)
    forceAtlas2.assign(graph, {
      iterations: graph.order > 2000 ? 50 : 200,
      settings: { ...forceAtlas2.inferSettings(graph), barnesHutOptimize: graph.order > 500 },
    });
  box.style.height = 'min(72vh, 760px)';
  box.style.minHeight = '420px';
  box.style.border = '1px solid #d9e2ec';
  box.style.borderRadius = '6px';
  box.setAttribute('role', 'img');
  renderer = new Sigma(graph, box, {
    allowInvalidContainer: true,
    defaultEdgeType: 'arrow',
    renderEdgeLabels: graph.size <= 150,
    labelDensity: 0.8,
    labelGridCellSize: 120,
    labelRenderedSizeThreshold: 5,
  });
  (window as unknown as { gasCypherGraph?: Sigma }).gasCypherGraph = renderer;
}

/** Resizes the drawing when its tab is shown (sigma cannot measure a hidden box). */
export function showResultGraph(): void {
  renderer?.resize();
  renderer?.refresh();
}
