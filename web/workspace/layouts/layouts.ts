/**
 * Layouts. ForceAtlas2 runs in a web worker (graphology-layout-forceatlas2/worker), so the page
 * never blocks while it runs; it stops by itself when the movement settles or after a time bound.
 * Circular and random are instant; noverlap removes overlaps after any of them.
 */
import type Graph from 'graphology';
import FA2Layout from 'graphology-layout-forceatlas2/worker';
import forceAtlas2 from 'graphology-layout-forceatlas2';
import { circular, random } from 'graphology-layout';
import noverlap from 'graphology-layout-noverlap';

export type LayoutName = 'forceAtlas2' | 'circular' | 'random' | 'noverlap';

export interface RunningLayout {
  stop(): void;
  /** Resolves when the layout has stopped (settled, timed out or stopped). */
  done: Promise<void>;
}

/** Largest movement of any node between two samples, relative to the graph's extent. */
function movement(before: Map<string, [number, number]>, graph: Graph): number {
  let max = 0;
  graph.forEachNode((id, a) => {
    const old = before.get(id);
    if (old) max = Math.max(max, Math.hypot((a.x as number) - old[0], (a.y as number) - old[1]));
  });
  return max;
}

function snapshot(graph: Graph): Map<string, [number, number]> {
  const out = new Map<string, [number, number]>();
  graph.forEachNode((id, a) => out.set(id, [a.x as number, a.y as number]));
  return out;
}

export function runForceAtlas2(graph: Graph, options: { maxMs?: number; onSettled?: () => void } = {}): RunningLayout {
  const settings = forceAtlas2.inferSettings(graph);
  const layout = new FA2Layout(graph, { settings: { ...settings, barnesHutOptimize: graph.order > 500 } });
  layout.start();
  const maxMs = options.maxMs ?? 8000;
  const started = performance.now();
  let resolve: () => void = () => undefined;
  const done = new Promise<void>((r) => (resolve = r));
  let last = snapshot(graph);
  const timer = setInterval(() => {
    const moved = movement(last, graph);
    last = snapshot(graph);
    if (performance.now() - started > maxMs || (performance.now() - started > 800 && moved < 0.5)) finish();
  }, 400);
  let finished = false;
  function finish() {
    if (finished) return;
    finished = true;
    clearInterval(timer);
    layout.kill();
    resolve();
    options.onSettled?.();
  }
  return { stop: finish, done };
}

export function runInstant(graph: Graph, name: Exclude<LayoutName, 'forceAtlas2'>): void {
  if (name === 'circular') circular.assign(graph, { scale: 10 + Math.sqrt(graph.order) * 3 });
  else if (name === 'random') random.assign(graph, { scale: 10 + Math.sqrt(graph.order) * 3, center: 0 });
  else noverlap.assign(graph, { maxIterations: 200 });
}
