/**
 * The canvas state as a visualization's content (format version 1, see
 * src/services/visualizations/content-schema.ts) and back. Hidden labels and types are kept as
 * filters `{ not: { label } }` / `{ not: { type } }`: a filter names what stays shown. Pure functions.
 */
import type { Properties } from '../../shared/graph-types';
import type { CanvasState, CanvasNode, CanvasRelationship } from '../state/canvas-state';
import { EMPTY } from '../state/canvas-state';

export interface View {
  x: number;
  y: number;
  ratio: number;
  angle: number;
  /** What the viewport showed, in graph coordinates; restored whole at any window size. */
  box?: { minX: number; minY: number; maxX: number; maxY: number };
}

type Filter = { not: { label: string } } | { not: { type: string } } | Record<string, unknown>;

export interface ContentFilter {
  target: 'nodes' | 'relationships';
  filter: Filter;
  enabled?: boolean;
  description?: string;
}

export interface SavedContent {
  version: 1;
  nodes: Array<{ id: string; x: number; y: number }>;
  relationships: Array<{ id: string }>;
  filters: ContentFilter[];
  selection: { nodes: string[]; relationships: string[] };
  view: { zoom: number; pan: { x: number; y: number }; angle?: number; box?: View['box'] };
}

/** What a read answers: the same, with each element read fresh from the graph as the reader may see it. */
export interface ReadContent extends Omit<SavedContent, 'nodes' | 'relationships'> {
  nodes: Array<{ id: string; x: number; y: number; labels: string[]; properties: Properties }>;
  relationships: Array<{ id: string; type: string; startNodeId: string; endNodeId: string; properties: Properties }>;
}

export function toContent(state: CanvasState, view: View): SavedContent {
  return {
    version: 1,
    nodes: Object.values(state.nodes).map((node) => ({ id: node.id, x: node.x, y: node.y })),
    relationships: Object.values(state.relationships).map((relationship) => ({ id: relationship.id })),
    filters: [
      ...state.hiddenLabels.map((label): ContentFilter => ({
        target: 'nodes',
        filter: { not: { label } },
        enabled: true,
        description: `Hide ${label}`,
      })),
      ...state.hiddenTypes.map((type): ContentFilter => ({
        target: 'relationships',
        filter: { not: { type } },
        enabled: true,
        description: `Hide ${type}`,
      })),
    ],
    selection: {
      nodes: state.selection.filter((id) => state.nodes[id]),
      relationships: state.selection.filter((id) => state.relationships[id]),
    },
    view: { zoom: 1 / view.ratio, pan: { x: view.x, y: view.y }, angle: view.angle, ...(view.box ? { box: view.box } : {}) },
  };
}

function hiddenName(filter: Filter, key: 'label' | 'type'): string | undefined {
  const not = (filter as { not?: Record<string, unknown> }).not;
  if (!not || Object.keys(filter).length !== 1 || Object.keys(not).length !== 1) return undefined;
  return typeof not[key] === 'string' ? not[key] : undefined;
}

export function fromContent(content: ReadContent): { state: CanvasState; view: View } {
  const nodes: Record<string, CanvasNode> = {};
  for (const node of content.nodes)
    nodes[node.id] = { id: node.id, labels: node.labels, properties: node.properties, x: node.x, y: node.y };
  const relationships: Record<string, CanvasRelationship> = {};
  for (const relationship of content.relationships) {
    if (nodes[relationship.startNodeId] && nodes[relationship.endNodeId])
      relationships[relationship.id] = {
        id: relationship.id,
        type: relationship.type,
        startNodeId: relationship.startNodeId,
        endNodeId: relationship.endNodeId,
        properties: relationship.properties,
      };
  }
  const enabled = (content.filters ?? []).filter((f) => f.enabled !== false);
  const hiddenLabels = enabled
    .filter((f) => f.target === 'nodes')
    .map((f) => hiddenName(f.filter, 'label'))
    .filter((x): x is string => !!x);
  const hiddenTypes = enabled
    .filter((f) => f.target === 'relationships')
    .map((f) => hiddenName(f.filter, 'type'))
    .filter((x): x is string => !!x);
  const selection = [...(content.selection?.nodes ?? []), ...(content.selection?.relationships ?? [])].filter(
    (id) => nodes[id] || relationships[id],
  );
  const view = content.view ?? { zoom: 1, pan: { x: 0.5, y: 0.5 } };
  return {
    state: { ...EMPTY, nodes, relationships, hiddenLabels, hiddenTypes, selection },
    view: { x: view.pan.x, y: view.pan.y, ratio: 1 / view.zoom, angle: view.angle ?? 0, ...(view.box ? { box: view.box } : {}) },
  };
}
