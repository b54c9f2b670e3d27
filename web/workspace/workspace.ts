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
import type { History } from './history/history';
import { apply, redo, startHistory, undo } from './history/history';
import type { CanvasState, Producer } from './state/canvas-state';
import { addSubgraph, EMPTY, isNodeShown, isRelationshipShown, setPositions } from './state/canvas-state';
import { positionsOf, syncGraph } from './graph/sync';
import type { Appearance } from './style/style';
import { NO_APPEARANCE } from './style/style';
import type { LayoutName, RunningLayout } from './layouts/layouts';
import { runForceAtlas2, runInstant } from './layouts/layouts';
import { drawOnCanvas } from '@sigma/export-image';
import type { SvgEdge, SvgNode } from './export/svg';
import { toSvg } from './export/svg';
import type { LegendEntry } from './export/legend';
import { svgLegend } from './export/legend';
import { edgeCaptionsShown } from './style/edge-captions';
import { withRelationsAmong } from './data-in/relations-among';
import type { Box, Camera, CameraMapping, Insets } from './view/fit';
import { boxOf, cameraToShow } from './view/fit';
import type { RepaintTargets } from './view/repaint';
import { repaint } from './view/repaint';

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
  /** The room panels take over the canvas (the shell's), so a fit centres the graph in what is left. */
  insets: () => Insets = () => ({ left: 0, right: 0, top: 0, bottom: 0 });
  /** Relationship types drawn without an arrow (undirected in DATA_SCHEMA or by the import). */
  private undirected: ReadonlySet<string> = new Set();

  constructor(
    container: HTMLElement,
    private appearance: Appearance = NO_APPEARANCE,
  ) {
    this.renderer = new Sigma(this.graph, container, {
      // Relationship types on the edges: switched on by showEdgeCaptions() when they can be read.
      renderEdgeLabels: false,
      edgeLabelSize: 11,
      edgeLabelColor: { color: '#52606d' },
      // The icon program joins when a node first has an icon (useImages): building it opens a WebGL
      // context of its own, a cost a canvas without icons never pays.
      nodeProgramClasses: { circle: NodeCircleProgram },
      // The canvas is hidden while the table view is shown.
      allowInvalidContainer: true,
      defaultEdgeType: 'arrow',
      labelRenderedSizeThreshold: 3,
      zIndex: true,
      // Sigma hands each reducer a copy of the element's attributes: they are changed in place, so a
      // refresh of thousands of elements allocates nothing here.
      // Each reducer runs for every element of a whole refresh: the canvas state's records (thousands of
      // keys) are looked up only when something is hidden by label or type, or hovered.
      nodeReducer: (id, data) => {
        const state = this.state;
        if (state.hiddenLabels.length) {
          const node = state.nodes[id];
          if (node && !isNodeShown(state, node)) data.hidden = true;
        }
        if (this.selected(state).has(id)) {
          data.highlighted = true;
          data.zIndex = 2;
        }
        if (this.hovered && id !== this.hovered && !this.hoverNeighbours.has(id)) {
          data.color = '#e2e2e2';
          data.label = '';
          data.zIndex = 0;
        }
        return data;
      },
      edgeReducer: (id, data) => {
        const state = this.state;
        // Without hidden labels or types an edge of the graph is shown (the graph holds its ends).
        if (state.hiddenLabels.length || state.hiddenTypes.length || this.hovered) {
          const relationship = state.relationships[id];
          if (relationship && !isRelationshipShown(state, relationship)) data.hidden = true;
          if (this.hovered && relationship && relationship.startNodeId !== this.hovered && relationship.endNodeId !== this.hovered) {
            data.color = '#f0f0f0';
            data.label = '';
          }
        }
        if (this.selected(state).has(id)) data.size = 3;
        return data;
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

  /** Drawing held by batch(): what is owed when it ends. */
  private holding = 0;
  private pendingLoad = false;
  private pendingRender = false;
  /** What the graph was last made equal to (syncGraph is skipped when nothing of it changed). */
  private synced: { state: CanvasState; appearance: Appearance; undirected: ReadonlySet<string> } | null = null;
  private imagesInUse = false;
  private selectedFor: readonly string[] | null = null;
  private selectedIds: ReadonlySet<string> = new Set();

  /** The selection as a set, built once per selection (the reducers ask once per element). */
  private selected(state: CanvasState): ReadonlySet<string> {
    if (state.selection !== this.selectedFor) {
      this.selectedFor = state.selection;
      this.selectedIds = new Set(state.selection);
    }
    return this.selectedIds;
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

  setUndirectedTypes(types: Iterable<string>): void {
    this.undirected = new Set(types);
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
    if (this.holding) this.pendingLoad = true;
    else this.install();
  }

  /**
   * Runs `work` with drawing held: what it changes (the state, the appearance, the analysis layer's
   * style and filters) is drawn once at the end. Opening a saved canvas is one drawing, not one per part.
   */
  batch(work: () => void): void {
    this.holding++;
    try {
      work();
    } finally {
      this.holding--;
      if (!this.holding) {
        const [load, render] = [this.pendingLoad, this.pendingRender];
        this.pendingLoad = this.pendingRender = false;
        if (load) this.install();
        else if (render) this.render();
      }
    }
  }

  /** Sigma's refresh, held while a batch runs (the analysis layer's repaints). */
  refresh(options?: Parameters<Sigma['refresh']>[0]): void {
    if (this.holding) this.pendingRender = true;
    else this.renderer.refresh(options);
  }

  /** Some elements' attributes repainted, nothing moved (the analysis layer's changes): see view/repaint.ts. */
  repaint(targets: RepaintTargets): void {
    if (this.holding) this.pendingRender = true;
    else repaint(this.renderer, this.graph, targets);
  }

  /**
   * The present state as a new graph, built whole and handed to sigma at once (which draws it):
   * thousands of single additions to a graph sigma already watches each cost an incremental update.
   */
  private install(): void {
    const graph = new Graph({ multi: true, type: 'directed' });
    if (syncGraph(graph, this.state, this.appearance, this.undirected).images) this.useImages();
    this.synced = { state: this.state, appearance: this.appearance, undirected: this.undirected };
    this.graph = graph;
    this.showEdgeCaptions();
    this.renderer.setGraph(graph);
    this.drawn();
  }

  /** Changes the present state without an undo step (what an opening brings after the first drawing). */
  amend(producer: Producer): void {
    this.history = { ...this.history, present: producer(this.history.present) };
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
  async expand(
    nodeId: string,
    options: { types?: string[]; direction?: 'in' | 'out' | 'both'; all?: boolean; skip?: number } = {},
  ): Promise<ExpandOutcome> {
    const before = Object.keys(this.state.nodes).length;
    const direction = options.direction ?? 'both';
    let skip = options.skip ?? 0;
    const nodes: ApiSubgraph['nodes'] = [];
    const relationships: ApiSubgraph['relationships'] = [];
    let remaining: number;
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
      const running = runForceAtlas2(this.graph, {
        onSettled: () => {
          // Settled by itself: no longer running (stopLayout has already let go of it otherwise).
          if (this.layout === running) this.layout = null;
          this.takePositions(record);
          // Settled or stopped (by a change or a click on the canvas): the view shows the result.
          this.fit();
        },
      });
      this.layout = running;
      return running.done;
    }
    runInstant(this.graph, name);
    this.takePositions(record);
    this.fit();
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

  /** How sigma maps framed graph coordinates to this viewport now (see view/fit.ts). */
  private cameraMapping(): CameraMapping {
    const cameraState = { x: 0, y: 0, ratio: 1, angle: 0 };
    const origin = this.renderer.framedGraphToViewport({ x: 0, y: 0 }, { cameraState });
    const ex = this.renderer.framedGraphToViewport({ x: 1, y: 0 }, { cameraState });
    const ey = this.renderer.framedGraphToViewport({ x: 0, y: 1 }, { cameraState });
    return { origin, scale: { x: ex.x - origin.x || 1, y: ey.y - origin.y || -1 } };
  }

  private moveCamera(camera: Camera, animate: boolean): void {
    const state = { ...camera, angle: 0 };
    if (animate) void this.renderer.getCamera().animate(state, { duration: 300 });
    else this.renderer.getCamera().setState(state);
  }

  /** Shows every node the filters leave on the canvas, inside the room the panels leave. */
  fit(options: { animate?: boolean } = {}): void {
    const { width, height } = this.renderer.getDimensions();
    if (!width || !height || this.graph.order === 0) return;
    this.renderer.refresh();
    let largest = 0;
    const points: Array<{ x: number; y: number }> = [];
    this.graph.forEachNode((id) => {
      const data = this.renderer.getNodeDisplayData(id);
      if (!data || data.hidden) return;
      points.push(data);
      largest = Math.max(largest, data.size);
    });
    const box = boxOf(points);
    if (!box) return;
    // Room for the largest node and a short caption past the outermost nodes.
    this.moveCamera(cameraToShow(box, this.cameraMapping(), { width, height }, this.insets(), largest + 16, 1), options.animate ?? false);
  }

  /** What the viewport shows, in graph coordinates (for saving: restored whole at any window size). */
  viewBox(): Box {
    const { width, height } = this.renderer.getDimensions();
    const a = this.renderer.viewportToGraph({ x: 0, y: 0 });
    const b = this.renderer.viewportToGraph({ x: width, y: height });
    return { minX: Math.min(a.x, b.x), minY: Math.min(a.y, b.y), maxX: Math.max(a.x, b.x), maxY: Math.max(a.y, b.y) };
  }

  /** Shows a box of graph coordinates whole in the viewport as it is now (the inverse of viewBox at another size). */
  showBox(box: Box): void {
    const { width, height } = this.renderer.getDimensions();
    if (!width || !height) return;
    this.renderer.refresh();
    // Graph to framed coordinates through any one camera: to the viewport and back.
    const cameraState = this.renderer.getCamera().getState();
    const framed = (x: number, y: number) =>
      this.renderer.viewportToFramedGraph(this.renderer.graphToViewport({ x, y }, { cameraState }), { cameraState });
    const a = framed(box.minX, box.minY);
    const b = framed(box.maxX, box.maxY);
    // 1 % more on each side: a node on the saved view's very edge stays inside after rounding.
    const mx = Math.abs(b.x - a.x) * 0.01;
    const my = Math.abs(b.y - a.y) * 0.01;
    const framedBox = {
      minX: Math.min(a.x, b.x) - mx,
      minY: Math.min(a.y, b.y) - my,
      maxX: Math.max(a.x, b.x) + mx,
      maxY: Math.max(a.y, b.y) + my,
    };
    this.moveCamera(
      cameraToShow(framedBox, this.cameraMapping(), { width, height }, { left: 0, right: 0, top: 0, bottom: 0 }, 0, cameraState.ratio),
      false,
    );
  }

  /** How much larger than the canvas a picture of width × height is (the view scaled to fit it, centred). */
  private exportScale(width: number, height: number): { k: number; dx: number; dy: number } {
    const current = this.renderer.getDimensions();
    const k = Math.min(width / (current.width || width), height / (current.height || height));
    return { k, dx: (width - current.width * k) / 2, dy: (height - current.height * k) / 2 };
  }

  /** What the canvas shows now, drawn at width × height pixels: a WebGL picture of the same view, items scaled with it. */
  async pngCanvas(width: number, height: number): Promise<HTMLCanvasElement> {
    const { k } = this.exportScale(width, height);
    const ratio = window.devicePixelRatio || 1;
    const nodeReducer = this.renderer.getSetting('nodeReducer');
    const edgeReducer = this.renderer.getSetting('edgeReducer');
    const drawn = await drawOnCanvas(this.renderer, {
      width: width / ratio,
      height: height / ratio,
      backgroundColor: '#ffffff',
      sigmaSettings: {
        labelSize: 14 * k,
        edgeLabelSize: 11 * k,
        nodeReducer: (id, data) => {
          const out = nodeReducer ? nodeReducer(id, data) : data;
          return { ...out, size: (out.size ?? 4) * k };
        },
        edgeReducer: (id, data) => {
          const out = edgeReducer ? edgeReducer(id, data) : data;
          return { ...out, size: (out.size ?? 1) * k };
        },
      },
    });
    if (drawn.width === width && drawn.height === height) return drawn;
    // A device pixel ratio that does not divide the size: copied to exactly the size asked for.
    const exact = document.createElement('canvas');
    exact.width = width;
    exact.height = height;
    exact.getContext('2d')?.drawImage(drawn, 0, 0, width, height);
    return exact;
  }

  /** What the canvas shows now, as SVG at width × height (hidden elements left out, as displayed), with `overlay` on top. */
  svgPicture(
    width = this.renderer.getDimensions().width,
    height = this.renderer.getDimensions().height,
    legend: LegendEntry[] = [],
  ): string {
    const { k, dx, dy } = this.exportScale(width, height);
    const nodes: SvgNode[] = [];
    const at = new Map<string, { x: number; y: number }>();
    this.graph.forEachNode((id) => {
      const data = this.renderer.getNodeDisplayData(id);
      if (!data || data.hidden) return;
      const viewport = this.renderer.framedGraphToViewport(data);
      const point = { x: dx + viewport.x * k, y: dy + viewport.y * k };
      at.set(id, point);
      nodes.push({ x: point.x, y: point.y, size: data.size * k, color: data.color, label: data.label ?? '' });
    });
    const edges: SvgEdge[] = [];
    this.graph.forEachEdge((id, _attributes, source, target) => {
      const data = this.renderer.getEdgeDisplayData(id);
      const a = at.get(source);
      const b = at.get(target);
      if (!data || data.hidden || !a || !b) return;
      edges.push({ x1: a.x, y1: a.y, x2: b.x, y2: b.y, color: data.color });
    });
    return toSvg(width, height, nodes, edges, svgLegend(legend, Math.max(1, Math.min(width, height) / 800)));
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
    if (this.holding) {
      this.pendingRender = true;
      return;
    }
    const synced = this.synced;
    // The graph already shows this state as drawn with these settings: only the reducers run again.
    if (!synced || synced.state !== this.state || synced.appearance !== this.appearance || synced.undirected !== this.undirected) {
      if (syncGraph(this.graph, this.state, this.appearance, this.undirected).images) this.useImages();
      this.synced = { state: this.state, appearance: this.appearance, undirected: this.undirected };
    }
    this.showEdgeCaptions();
    this.renderer.refresh();
    this.drawn();
  }

  /** Registers sigma's icon program, once, before the first node with an icon is drawn. */
  private useImages(): void {
    if (this.imagesInUse) return;
    this.imagesInUse = true;
    this.renderer.setSetting('nodeProgramClasses', {
      ...this.renderer.getSetting('nodeProgramClasses'),
      image: createNodeImageProgram({ keepWithinCircle: true, padding: 0.15, drawingMode: 'background' }),
    });
  }

  private drawn(): void {
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
