/**
 * The main thread's side of the statistics worker: one worker for the page, started on first use,
 * one promise per run. The canvas graph is packed into one transferable buffer (nothing but ids
 * and index pairs crosses), so a run on 10,000 nodes costs the main thread a few milliseconds.
 */
import type { CanvasState } from '../state/canvas-state';
import type { MetricName } from '../appearance/data-style';
import { packGraph } from './pack';
import type { StatisticsAnswer, StatisticsRequest } from './protocol';

export const WORKER_URL = '/assets/build/workspace-statistics.js';

export interface MetricResult {
  metric: MetricName;
  values: Record<string, number>;
  /** Time spent in the worker. */
  ms: number;
}

export class StatisticsRunner {
  private worker: Worker | null = null;
  private next = 1;
  private pending = new Map<number, { resolve: (answer: StatisticsAnswer) => void }>();

  constructor(private readonly url = WORKER_URL) {}

  private start(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(this.url);
    worker.onmessage = (event: MessageEvent<StatisticsAnswer>) => {
      const waiting = this.pending.get(event.data.id);
      this.pending.delete(event.data.id);
      waiting?.resolve(event.data);
    };
    worker.onerror = (event) => {
      // A broken worker fails every run in flight instead of leaving them waiting.
      for (const [id, waiting] of this.pending) waiting.resolve({ id, error: event.message || 'worker error', ms: 0 });
      this.pending.clear();
    };
    this.worker = worker;
    return worker;
  }

  /** Runs the metric on the nodes given (the ones on the canvas and not filtered out). */
  async run(metric: MetricName, state: CanvasState, nodeIds: readonly string[]): Promise<MetricResult> {
    const ids = [...nodeIds];
    const edges = packGraph(ids, Object.values(state.relationships));
    const id = this.next++;
    const request: StatisticsRequest = { id, metric, ids, edges };
    const answer = await new Promise<StatisticsAnswer>((resolve) => {
      this.pending.set(id, { resolve });
      this.start().postMessage(request, [edges.buffer]);
    });
    if ('error' in answer) throw new Error(answer.error);
    const values: Record<string, number> = {};
    ids.forEach((nodeId, i) => (values[nodeId] = answer.values[i]));
    return { metric, values, ms: answer.ms };
  }

  destroy(): void {
    this.worker?.terminate();
    this.worker = null;
  }
}
