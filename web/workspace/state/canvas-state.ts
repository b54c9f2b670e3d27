/**
 * The canvas's state, and every change to it as a small pure producer: `(args) => (state) => state`.
 * The graphology graph the renderer draws is derived from this state (graph/sync.ts); undo and redo
 * keep states on a stack (history/history.ts). Nothing here touches the DOM.
 */
import type { ApiNode, ApiRelationship, ApiSubgraph } from '../../shared/graph-types';

export interface CanvasNode extends ApiNode {
  x: number;
  y: number;
}

export type CanvasRelationship = ApiRelationship;

export interface CanvasState {
  nodes: Readonly<Record<string, CanvasNode>>;
  relationships: Readonly<Record<string, CanvasRelationship>>;
  /** Labels and relationship types filtered away (hidden from view, kept on the canvas). */
  hiddenLabels: readonly string[];
  hiddenTypes: readonly string[];
  selection: readonly string[];
}

export type Producer = (state: CanvasState) => CanvasState;

export const EMPTY: CanvasState = { nodes: {}, relationships: {}, hiddenLabels: [], hiddenTypes: [], selection: [] };

/** A position for a new node: beside an anchor (the expanded node), on a ring, or spread around the origin. */
export function placeAround(anchor: { x: number; y: number } | undefined, index: number, count: number): { x: number; y: number } {
  const angle = (2 * Math.PI * index) / Math.max(count, 1);
  const radius = anchor ? 1 + Math.sqrt(count) / 2 : 5 + Math.sqrt(count);
  const cx = anchor?.x ?? 0;
  const cy = anchor?.y ?? 0;
  return { x: cx + radius * Math.cos(angle), y: cy + radius * Math.sin(angle) };
}

/**
 * Adds nodes and relationships (already-present elements get fresh properties, keep their place).
 * A relationship is kept only when both its ends are on the canvas afterwards.
 */
export const addSubgraph =
  (subgraph: ApiSubgraph, anchorId?: string): Producer =>
  (state) => {
    const nodes: Record<string, CanvasNode> = { ...state.nodes };
    const anchor = anchorId ? state.nodes[anchorId] : undefined;
    const fresh = subgraph.nodes.filter((node) => !nodes[node.id]);
    let index = 0;
    for (const node of subgraph.nodes) {
      const existing = nodes[node.id];
      if (existing) nodes[node.id] = { ...existing, labels: node.labels, properties: node.properties };
      else nodes[node.id] = { ...node, ...placeAround(anchor, index++, fresh.length) };
    }
    const relationships: Record<string, CanvasRelationship> = { ...state.relationships };
    for (const relationship of subgraph.relationships) {
      if (nodes[relationship.startNodeId] && nodes[relationship.endNodeId]) relationships[relationship.id] = relationship;
    }
    return { ...state, nodes, relationships };
  };

/** Removes nodes with their relationships (and from the selection). */
export const removeNodes =
  (ids: readonly string[]): Producer =>
  (state) => {
    const gone = new Set(ids);
    const nodes: Record<string, CanvasNode> = {};
    for (const [id, node] of Object.entries(state.nodes)) if (!gone.has(id)) nodes[id] = node;
    const relationships: Record<string, CanvasRelationship> = {};
    for (const [id, relationship] of Object.entries(state.relationships)) {
      if (!gone.has(relationship.startNodeId) && !gone.has(relationship.endNodeId) && !gone.has(id)) relationships[id] = relationship;
    }
    return { ...state, nodes, relationships, selection: state.selection.filter((id) => nodes[id] || relationships[id]) };
  };

/** Collapses a node: removes the neighbours that are connected to nothing else on the canvas. */
export const collapse =
  (id: string): Producer =>
  (state) => {
    const degree = new Map<string, number>();
    const neighbours = new Set<string>();
    for (const relationship of Object.values(state.relationships)) {
      degree.set(relationship.startNodeId, (degree.get(relationship.startNodeId) ?? 0) + 1);
      degree.set(relationship.endNodeId, (degree.get(relationship.endNodeId) ?? 0) + 1);
      if (relationship.startNodeId === id) neighbours.add(relationship.endNodeId);
      if (relationship.endNodeId === id) neighbours.add(relationship.startNodeId);
    }
    neighbours.delete(id);
    return removeNodes([...neighbours].filter((n) => degree.get(n) === 1))(state);
  };

/** Takes an element as the server answered a write (fresh labels, type and properties; the place is kept). */
export const updateElement =
  (element: ApiNode | ApiRelationship): Producer =>
  (state) => {
    if ('labels' in element) {
      const node = state.nodes[element.id];
      return node
        ? { ...state, nodes: { ...state.nodes, [element.id]: { ...node, labels: element.labels, properties: element.properties } } }
        : state;
    }
    return state.relationships[element.id] ? { ...state, relationships: { ...state.relationships, [element.id]: element } } : state;
  };

export const select =
  (ids: readonly string[]): Producer =>
  (state) => ({ ...state, selection: ids.filter((id) => state.nodes[id] || state.relationships[id]) });

export const selectAll = (): Producer => (state) => ({ ...state, selection: Object.keys(state.nodes) });

export const toggleLabel =
  (label: string): Producer =>
  (state) => ({
    ...state,
    hiddenLabels: state.hiddenLabels.includes(label) ? state.hiddenLabels.filter((l) => l !== label) : [...state.hiddenLabels, label],
  });

export const toggleType =
  (type: string): Producer =>
  (state) => ({
    ...state,
    hiddenTypes: state.hiddenTypes.includes(type) ? state.hiddenTypes.filter((t) => t !== type) : [...state.hiddenTypes, type],
  });

/** Takes positions computed by a layout (only for nodes still on the canvas). */
export const setPositions =
  (positions: Readonly<Record<string, { x: number; y: number }>>): Producer =>
  (state) => {
    const nodes: Record<string, CanvasNode> = { ...state.nodes };
    for (const [id, position] of Object.entries(positions)) if (nodes[id]) nodes[id] = { ...nodes[id], x: position.x, y: position.y };
    return { ...state, nodes };
  };

/** Whether a node is shown under the current filters: hidden when every one of its labels is filtered away. */
export function isNodeShown(state: CanvasState, node: CanvasNode): boolean {
  return node.labels.length === 0 || node.labels.some((label) => !state.hiddenLabels.includes(label));
}

export function isRelationshipShown(state: CanvasState, relationship: CanvasRelationship): boolean {
  const start = state.nodes[relationship.startNodeId];
  const end = state.nodes[relationship.endNodeId];
  return !state.hiddenTypes.includes(relationship.type) && !!start && !!end && isNodeShown(state, start) && isNodeShown(state, end);
}

/** Labels and types present on the canvas, sorted, with their counts (the legend and the filters). */
export function vocabulary(state: CanvasState): { labels: Array<[string, number]>; types: Array<[string, number]> } {
  const labels = new Map<string, number>();
  const types = new Map<string, number>();
  for (const node of Object.values(state.nodes)) for (const label of node.labels) labels.set(label, (labels.get(label) ?? 0) + 1);
  for (const relationship of Object.values(state.relationships)) types.set(relationship.type, (types.get(relationship.type) ?? 0) + 1);
  const sorted = (map: Map<string, number>) => [...map.entries()].sort((a, b) => a[0].localeCompare(b[0]));
  return { labels: sorted(labels), types: sorted(types) };
}
