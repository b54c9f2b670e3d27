/**
 * The analyst's layer over the canvas: style by the data, canvas filters and computed metrics,
 * kept per visualization. It owns no graph: it computes, once per change of the canvas or of its
 * own settings, the ids the filters take away and the style maps, and sigma's reducers read them
 * (wrapped in front of the workspace's own reducers, so hover and selection still draw on top).
 * The table, the CSV and the JSON export read the same filtered view (tableState).
 */
import type Graph from 'graphology';
import type { Attributes } from 'graphology-types';
import type { Workspace } from '../workspace';
import type { CanvasNode, CanvasRelationship, CanvasState } from '../state/canvas-state';
import type { Appearance } from '../style/style';
import type { DataStyle, Legend, MetricName, Metrics, StyleKey } from './data-style';
import { edgeStyleMaps, METRICS, nodeStyleMaps } from './data-style';
import type { CanvasFilter, SavedFilter } from '../filters/filters';
import { filteredOut, fromSaved, timeFormOf, toSaved } from '../filters/filters';
import { parseAppearance } from './saved-appearance';
import type { RepaintTargets } from '../view/repaint';

/** What this layer adds to a visualization's content (the rest is the canvas state's). */
export interface ContentExtras {
  filters: SavedFilter[];
  appearance: DataStyle;
  captions: { nodes: Record<string, string[]>; relationships: Record<string, string[]> };
  styles: { nodes: Array<{ label: string; icon: string }>; relationships: [] };
}

function withEntry(record: Record<string, string>, key: string, value: string | null): Record<string, string> {
  const next = { ...record };
  if (value) next[key] = value;
  else delete next[key];
  return next;
}

type Reducer = (id: string, data: Attributes) => Attributes;

interface Drawing {
  hidden: ReadonlySet<string>;
  colors: ReadonlyMap<string, string>;
  sizes: ReadonlyMap<string, number>;
  widths: ReadonlyMap<string, number>;
  edgeCaptions: ReadonlyMap<string, string>;
}

/** Keys whose value differs between two maps (present in one only, or another value). */
function changedKeys<T>(a: ReadonlyMap<string, T>, b: ReadonlyMap<string, T>, into: Set<string>): void {
  if (a === b) return;
  for (const [key, value] of a) if (b.get(key) !== value) into.add(key);
  for (const key of b.keys()) if (!a.has(key)) into.add(key);
}

/**
 * The nodes and edges a change of the layer draws differently: nodes hidden or shown, recoloured or
 * resized; edges of those hidden, shown or resized nodes (an edge hides with its ends, its arrow
 * sits on the end's size); edges with another width or caption.
 */
export function repaintTargets(before: Drawing, after: Drawing, graph: Graph): RepaintTargets {
  const moved = new Set<string>();
  if (before.hidden !== after.hidden) {
    for (const id of before.hidden) if (!after.hidden.has(id)) moved.add(id);
    for (const id of after.hidden) if (!before.hidden.has(id)) moved.add(id);
  }
  changedKeys(before.sizes, after.sizes, moved);
  const nodes = new Set(moved);
  changedKeys(before.colors, after.colors, nodes);
  const styled = new Set<string>();
  changedKeys(before.widths, after.widths, styled);
  changedKeys(before.edgeCaptions, after.edgeCaptions, styled);
  const edges: string[] = [];
  for (const id of styled) if (graph.hasEdge(id)) edges.push(id);
  const add = (edge: string) => void (styled.has(edge) || (styled.add(edge), edges.push(edge)));
  // Many moved nodes: one pass over the edges (a pass per node's adjacency costs several times more).
  if (moved.size * 8 > graph.order)
    graph.forEachEdge((edge, _attributes, source, target) => (moved.has(source) || moved.has(target)) && add(edge));
  else for (const id of moved) if (graph.hasNode(id)) graph.forEachEdge(id, add);
  const nodeIds: string[] = [];
  for (const id of nodes) if (graph.hasNode(id)) nodeIds.push(id);
  return { nodes: nodeIds, edges, labels: moved.size > 0 };
}

export class AnalysisLayer {
  style: DataStyle = {};
  filters: CanvasFilter[] = [];
  metrics: Metrics = {};
  /** Caption property per label, for this visualization (over APPEARANCE's). */
  labelCaptions: Record<string, string> = {};
  /** Icon (a custom icon's file name) per label, for this visualization (over APPEARANCE's). */
  labelIcons: Record<string, string> = {};
  private computedFor: CanvasState | null = null;
  private version = 0;
  private computedVersion = -1;
  private hidden = new Set<string>();
  /** The nodes the filters leave (one array per computation: the panels read it many times per render). */
  private shown: readonly CanvasNode[] = [];
  private colors = new Map<string, string>();
  private sizes = new Map<string, number>();
  private widths = new Map<string, number>();
  private edgeCaptions = new Map<string, string>();
  private currentLegend: Legend = null;
  private listeners: Array<() => void> = [];

  constructor(
    private readonly workspace: Workspace,
    private readonly baseAppearance: Appearance,
  ) {
    const renderer = workspace.renderer;
    // Density-controlled captions: one per grid cell, the largest nodes first, none for tiny nodes.
    renderer.setSetting('labelDensity', 0.8);
    renderer.setSetting('labelGridCellSize', 120);
    renderer.setSetting('labelRenderedSizeThreshold', 6);
    const nodeReducer: Reducer | null = renderer.getSetting('nodeReducer');
    const edgeReducer: Reducer | null = renderer.getSetting('edgeReducer');
    renderer.setSetting('nodeReducer', (id: string, data: Attributes) => {
      const styled = this.styleNode(id, data);
      return nodeReducer ? nodeReducer(id, styled) : styled;
    });
    renderer.setSetting('edgeReducer', (id: string, data: Attributes) => {
      const styled = this.styleEdge(id, data);
      return edgeReducer ? edgeReducer(id, styled) : styled;
    });
    workspace.onChange(() => this.notify());
  }

  onChange(listener: () => void): void {
    this.listeners.push(listener);
  }

  /** The canvas state (all of it, filtered or not). */
  get state(): CanvasState {
    return this.workspace.state;
  }

  get legend(): Legend {
    this.ensure();
    return this.currentLegend;
  }

  /** Whether the filters take the node off the canvas. */
  isFilteredOut(id: string): boolean {
    this.ensure();
    return this.hidden.has(id);
  }

  /** Nodes on the canvas that pass the filters. */
  visibleNodes(): readonly CanvasNode[] {
    this.ensure();
    return this.shown;
  }

  setStyle(style: DataStyle): void {
    this.update(() => (this.style = style));
  }

  setFilters(filters: CanvasFilter[]): void {
    this.update(() => (this.filters = filters));
  }

  setMetric(metric: MetricName, values: Record<string, number>): void {
    // A metric no style reads changes nothing drawn (the panels and the table only).
    const drives = (key: StyleKey | undefined) => !!key && 'metric' in key && key.metric === metric;
    const drawn = drives(this.style.nodeSize?.key) || drives(this.style.nodeColor?.key);
    this.update(() => (this.metrics = { ...this.metrics, [metric]: values }), drawn);
  }

  setLabelCaption(label: string, property: string | null): void {
    this.useLabelStyles(withEntry(this.labelCaptions, label, property), this.labelIcons);
    this.changed();
  }

  setLabelIcon(label: string, icon: string | null): void {
    this.useLabelStyles(this.labelCaptions, withEntry(this.labelIcons, label, icon));
    this.changed();
  }

  private useLabelStyles(captions: Record<string, string>, icons: Record<string, string>): void {
    this.labelCaptions = captions;
    this.labelIcons = icons;
    const base = this.baseAppearance;
    this.workspace.setAppearance({ ...base, nodeCaptions: { ...base.nodeCaptions, ...captions }, icons: { ...base.icons, ...icons } });
  }

  /**
   * The canvas as the table, the CSV and the JSON export show it: filtered nodes (and their
   * relationships) left out, computed metrics as columns named by `metricColumn`.
   */
  tableState(state: CanvasState, metricColumn: (metric: MetricName) => string): CanvasState {
    this.ensure();
    const metrics = METRICS.filter((metric) => this.metrics[metric]);
    const nodes: Record<string, CanvasNode> = {};
    for (const node of Object.values(state.nodes)) {
      if (this.hidden.has(node.id)) continue;
      if (!metrics.length) nodes[node.id] = node;
      else {
        const properties = { ...node.properties };
        for (const metric of metrics) {
          const value = this.metrics[metric]?.[node.id];
          if (value !== undefined) properties[metricColumn(metric)] = value;
        }
        nodes[node.id] = { ...node, properties };
      }
    }
    const relationships: Record<string, CanvasRelationship> = {};
    for (const r of Object.values(state.relationships)) if (nodes[r.startNodeId] && nodes[r.endNodeId]) relationships[r.id] = r;
    return { ...state, nodes, relationships, selection: state.selection.filter((id) => nodes[id] || relationships[id]) };
  }

  /** This layer's part of the saved content. */
  contentExtras(): ContentExtras {
    const timeForm = (property: string) => timeFormOf(Object.values(this.workspace.state.nodes).map((node) => node.properties[property]));
    return {
      filters: this.filters.map((filter) => toSaved(filter, filter.kind === 'timeline' ? timeForm(filter.property) : false)),
      appearance: this.style,
      captions: {
        nodes: Object.fromEntries(Object.entries(this.labelCaptions).map(([label, property]) => [label, [property]])),
        relationships: {},
      },
      styles: { nodes: Object.entries(this.labelIcons).map(([label, icon]) => ({ label, icon })), relationships: [] },
    };
  }

  /** Takes a read content's filters, appearance and captions (what the reader may see of them). */
  applyContent(content: {
    filters?: SavedFilter[];
    appearance?: unknown;
    captions?: { nodes?: Record<string, string[]> };
    styles?: { nodes?: Array<Record<string, unknown>> };
  }): void {
    this.filters = (content.filters ?? []).map(fromSaved).filter((filter): filter is CanvasFilter => filter !== null);
    this.style = parseAppearance(content.appearance);
    const captions: Record<string, string> = {};
    for (const [label, properties] of Object.entries(content.captions?.nodes ?? {}))
      if (label !== '*' && properties[0]) captions[label] = properties[0];
    // Icons per label: the style rules with a label and an icon only (rules by a property value are not this panel's).
    const icons: Record<string, string> = {};
    for (const rule of content.styles?.nodes ?? [])
      if (typeof rule.label === 'string' && rule.label !== '*' && typeof rule.icon === 'string' && rule.property === undefined)
        icons[rule.label] = rule.icon;
    this.useLabelStyles(captions, icons);
    this.changed();
  }

  private changed(): void {
    this.version++;
    this.workspace.refresh();
    this.notify();
  }

  /**
   * A change of the layer's own settings: the elements whose drawing it changes (hidden or shown,
   * colour, size, width, caption) are repainted alone (view/repaint.ts), not the whole canvas.
   */
  private update(change: () => void, drawn = true): void {
    this.ensure();
    const before = this.drawing();
    change();
    this.version++;
    if (drawn) {
      this.ensure();
      this.workspace.repaint(repaintTargets(before, this.drawing(), this.workspace.graph));
    }
    this.notify();
  }

  /** What the reducers draw from (maps are replaced, never changed, by ensure()). */
  private drawing(): Drawing {
    return { hidden: this.hidden, colors: this.colors, sizes: this.sizes, widths: this.widths, edgeCaptions: this.edgeCaptions };
  }

  private notify(): void {
    for (const listener of this.listeners) listener();
  }

  /** Recomputes the filter set and style maps when the canvas or the settings changed since the last time. */
  private ensure(): void {
    const state = this.workspace.state;
    if (state === this.computedFor && this.version === this.computedVersion) return;
    this.computedFor = state;
    this.computedVersion = this.version;
    this.hidden = filteredOut(Object.values(state.nodes), this.filters);
    // The style reads what stays on the canvas: the legend counts what the analyst sees.
    const shown = Object.values(state.nodes).filter((node) => !this.hidden.has(node.id));
    this.shown = shown;
    const nodeMaps = nodeStyleMaps(shown, this.style, this.metrics);
    this.colors = nodeMaps.colors;
    this.sizes = nodeMaps.sizes;
    this.currentLegend = nodeMaps.legend;
    const edgeMaps = edgeStyleMaps(Object.values(state.relationships), this.style);
    this.widths = edgeMaps.widths;
    this.edgeCaptions = edgeMaps.captions;
  }

  // Sigma hands the reducers a copy of the attributes: changed in place (no copy per element and refresh).
  private styleNode(id: string, data: Attributes): Attributes {
    this.ensure();
    if (this.hidden.has(id)) {
      data.hidden = true;
      return data;
    }
    const color = this.colors.get(id);
    const size = this.sizes.get(id);
    if (color !== undefined) data.color = color;
    if (size !== undefined) data.size = size;
    return data;
  }

  private styleEdge(id: string, data: Attributes): Attributes {
    this.ensure();
    // The relationship (its ends) is looked up only when the filters hide some node.
    const relationship = this.hidden.size ? this.workspace.state.relationships[id] : undefined;
    if (relationship && (this.hidden.has(relationship.startNodeId) || this.hidden.has(relationship.endNodeId))) {
      data.hidden = true;
      return data;
    }
    const size = this.widths.get(id);
    const label = this.edgeCaptions.get(id);
    if (size !== undefined) data.size = size;
    if (label !== undefined) data.label = label;
    return data;
  }
}
