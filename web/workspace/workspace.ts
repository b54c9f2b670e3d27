/**
 * The workspace controller: one history of canvas states, one graphology graph derived from the
 * present state, one sigma renderer. Every change goes through `change()`, so undo/redo covers it;
 * the view (hover, selection, filters) is applied by sigma's reducers, never written into the graph.
 */
import Graph from 'graphology';
import Sigma from 'sigma';
import { NodeCircleProgram } from 'sigma/rendering';
import { createNodeImageProgram } from '@sigma/node-image';
import type { ApiSubgraph } from '../shared/graph-types';
import { api } from '../shared/api';
import { apply, History, redo, startHistory, undo } from './history/history';
import { addSubgraph, CanvasState, EMPTY, isNodeShown, isRelationshipShown, Producer, setPositions } from './state/canvas-state';
import { positionsOf, syncGraph } from './graph/sync';
import { Appearance, NO_APPEARANCE } from './style/style';
import { runForceAtlas2, runInstant, LayoutName, RunningLayout } from './layouts/layouts';
import { SvgEdge, SvgNode, toSvg } from './export/svg';
import { edgeCaptionsShown } from './style/edge-captions';
import { withRelationsAmong } from './data-in/relations-among';

export interface ExpandOutcome {
  added: number;
  remaining: number;
  /** The skip of the next page. */
  next: number;
}

export class Workspace {
  /** What sigma draws; replaced whole when a visualization is opened (see load). */
  graph = new Graph({ multi: true, type: 'directed' });
  readonly renderer: Sigma;
  private history: History<CanvasState> = startHistory(EMPTY);
  private hovered: string | null = null;
  private readonly resizeObserver: ResizeObserver;
  private hoverNeighbours = new Set<string>();
  private layout: RunningLayout | null = null;
  private listeners: Array<(state: CanvasState) => void> = [];
  /** Neighbours fetched per expansion; more than this is a super-node that asks the user first. */
  expandPageSize = 200;

  constructor(container: HTMLElement, private appearance: Appearance = NO_APPEARANCE) {
    this.renderer = new Sigma(this.graph, container, {
      // Relationship types on the edges: switched on by showEdgeCaptions() when they can be read.
      renderEdgeLabels: false,
      edgeLabelSize: 11,
      edgeLabelColor: { color: '#52606d' },
      nodeProgramClasses: { circle: NodeCircleProgram, image: createNodeImageProgram({ keepWithinCircle: true, padding: 0.15, drawingMode: 'background' }) },
      // The canvas is hidden while the table view is shown.
      allowInvalidContainer: true,
      defaultEdgeType: 'arrow',
      labelRenderedSizeThreshold: 3,
      zIndex: true,
      nodeReducer: (id, data) => {
        const state = this.state;
        const node = state.nodes[id];
        const out = { ...data };
        if (node && !isNodeShown(state, node)) out.hidden = true;
        if (state.selection.includes(id)) {
          out.highlighted = true;
          out.zIndex = 2;
        }
        if (this.hovered && id !== this.hovered && !this.hoverNeighbours.has(id)) {
          out.color = '#e2e2e2';
          out.label = '';
          out.zIndex = 0;
        }
        return out;
      },
      edgeReducer: (id, data) => {
        const state = this.state;
        const relationship = state.relationships[id];
        const out = { ...data };
        if (relationship && !isRelationshipShown(state, relationship)) out.hidden = true;
        if (this.hovered && relationship && relationship.startNodeId !== this.hovered && relationship.endNodeId !== this.hovered) {
          out.color = '#f0f0f0';
          out.label = '';
        }
        if (state.selection.includes(id)) out.size = 3;
        return out;
      },
    });
    // Sigma follows window resizes only; the canvas also changes size when panels or toolbars do.
    this.resizeObserver = new ResizeObserver(() => {
      if (container.offsetWidth > 0 && container.offsetHeight > 0) this.renderer.refresh();
    });
    this.resizeObserver.observe(container);
    this.renderer.getCamera().on('updated', () => this.showEdgeCaptions());
    this.renderer.on('enterNode', ({ node }) => this.hover(node));
    this.renderer.on('leaveNode', () => this.hover(null));
  }

  get state(): CanvasState {
    return this.history.present;
  }

  get canUndo(): boolean {
    return this.history.past.length > 0;
  }

  get canRedo(): boolean {
    return this.history.future.length > 0;
  }

  onChange(listener: (state: CanvasState) => void): void {
    this.listeners.push(listener);
  }

  setAppearance(appearance: Appearance): void {
    this.appearance = appearance;
    this.render();
  }

  /** Applies a change to the canvas (recorded for undo). */
  change(producer: Producer): void {
    this.stopLayout();
    this.history = apply(this.history, producer);
    this.render();
  }

  undo(): void {
    this.stopLayout();
    this.history = undo(this.history);
    this.render();
  }

  redo(): void {
    this.stopLayout();
    this.history = redo(this.history);
    this.render();
  }

  /** Replaces the whole state (opening a saved visualization) as a fresh history. */
  load(state: CanvasState): void {
    this.stopLayout();
    this.history = startHistory(state);
    // Built whole and handed to sigma at once: thousands of single additions to a graph sigma
    // already watches each cost an incremental update.
    const graph = new Graph({ multi: true, type: 'directed' });
    syncGraph(graph, state, this.appearance);
    this.graph = graph;
    this.renderer.setGraph(graph);
    this.render();
  }

  add(subgraph: ApiSubgraph, anchorId?: string): void {
    this.change(addSubgraph(subgraph, anchorId));
  }

  /**
   * Expands a node by one page of neighbours (`skip` pages on); `remaining` tells how many follow.
   * With `all`, every remaining neighbour is fetched in pages of 1,000 and added as one step,
   * yielding to the browser between pages so a super-node never freezes the page.
   */
  async expand(nodeId: string, options: { types?: string[]; direction?: 'in' | 'out' | 'both'; all?: boolean; skip?: number } = {}): Promise<ExpandOutcome> {
    const before = Object.keys(this.state.nodes).length;
    const direction = options.direction ?? 'both';
    let skip = options.skip ?? 0;
    const nodes: ApiSubgraph['nodes'] = [];
    const relationships: ApiSubgraph['relationships'] = [];
    let remaining = 0;
    for (;;) {
      const limit = options.all ? 1000 : this.expandPageSize;
      const answer = await api.explore({ nodeId, direction, types: options.types, limit, skip });
      nodes.push(...answer.nodes);
      relationships.push(...answer.relationships);
      remaining = answer.remaining;
      skip += answer.nodes.filter((node) => node.id !== nodeId).length;
      if (!options.all || remaining === 0 || answer.nodes.length <= 1) break;
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    // Data in: the relationships among the new neighbours and the rest of the canvas come in the same step.
    this.add(await withRelationsAmong({ nodes, relationships }, Object.keys(this.state.nodes)), nodeId);
    return { added: Object.keys(this.state.nodes).length - before, remaining, next: skip };
  }

  /**
   * Runs a layout. Asked for by the user (`record`), its result is one undoable step; run after an
   * addition or expansion, it only settles the positions of that step, so one undo takes the whole
   * expansion back.
   */
  runLayout(name: LayoutName, options: { record?: boolean } = {}): Promise<void> {
    this.stopLayout();
    const record = options.record ?? false;
    if (name === 'forceAtlas2') {
      this.layout = runForceAtlas2(this.graph, { onSettled: () => this.takePositions(record) });
      return this.layout.done;
    }
    runInstant(this.graph, name);
    this.takePositions(record);
    return Promise.resolve();
  }

  stopLayout(): void {
    const running = this.layout;
    this.layout = null;
    running?.stop();
  }

  get layoutRunning(): boolean {
    return this.layout !== null;
  }

  /** Camera state, for saving. */
  view(): { x: number; y: number; ratio: number; angle: number } {
    const { x, y, ratio, angle } = this.renderer.getCamera().getState();
    return { x, y, ratio, angle };
  }

  setView(view: { x: number; y: number; ratio: number; angle?: number }): void {
    this.renderer.getCamera().setState({ x: view.x, y: view.y, ratio: view.ratio, angle: view.angle ?? 0 });
  }

  /** What the canvas shows now, as SVG (hidden elements left out, as displayed). */
  svgPicture(): string {
    const { width, height } = this.renderer.getDimensions();
    const nodes: SvgNode[] = [];
    const at = new Map<string, { x: number; y: number }>();
    this.graph.forEachNode((id) => {
      const data = this.renderer.getNodeDisplayData(id);
      if (!data || data.hidden) return;
      const point = this.renderer.framedGraphToViewport(data);
      at.set(id, point);
      nodes.push({ x: point.x, y: point.y, size: data.size, color: data.color, label: data.label ?? '' });
    });
    const edges: SvgEdge[] = [];
    this.graph.forEachEdge((id, _attributes, source, target) => {
      const data = this.renderer.getEdgeDisplayData(id);
      const a = at.get(source);
      const b = at.get(target);
      if (!data || data.hidden || !a || !b) return;
      edges.push({ x1: a.x, y1: a.y, x2: b.x, y2: b.y, color: data.color });
    });
    return toSvg(width, height, nodes, edges);
  }

  private takePositions(record: boolean): void {
    const positions = setPositions(positionsOf(this.graph));
    this.history = record ? apply(this.history, positions) : { ...this.history, present: positions(this.history.present) };
    this.notify();
  }

  private hover(node: string | null): void {
    this.hovered = node;
    this.hoverNeighbours = new Set(node && this.graph.hasNode(node) ? this.graph.neighbors(node) : []);
    this.renderer.refresh({ skipIndexation: true });
  }

  private firstRenderMarked = false;

  /** Writes relationship types on the edges when zoomed in enough (or when there are few); see style/edge-captions.ts. */
  private showEdgeCaptions(): void {
    const shown = edgeCaptionsShown(this.renderer.getCamera().ratio, this.graph.size);
    if (shown !== this.renderer.getSetting('renderEdgeLabels')) this.renderer.setSetting('renderEdgeLabels', shown);
  }

  private render(): void {
    syncGraph(this.graph, this.state, this.appearance);
    this.showEdgeCaptions();
    this.renderer.refresh();
    if (!this.firstRenderMarked && this.graph.order > 0) {
      // For bench/ui: when the first elements were drawn.
      this.firstRenderMarked = true;
      performance.mark('gas:first-render');
    }
    this.notify();
  }

  private notify(): void {
    for (const listener of this.listeners) listener(this.state);
  }

  destroy(): void {
    this.resizeObserver.disconnect();
    this.stopLayout();
    this.renderer.kill();
  }
}
