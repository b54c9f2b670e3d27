/**
 * The statistics web worker (bundle workspace-statistics.js): runs one algorithm per message off
 * the main thread, so the canvas stays responsive while PageRank or Louvain run on thousands of nodes.
 */
import { compute } from './algorithms';
import type { StatisticsRequest, StatisticsAnswer } from './protocol';

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<StatisticsRequest>) => void) | null;
  postMessage(message: StatisticsAnswer, transfer: Transferable[]): void;
};

scope.onmessage = (event) => {
  const { id, metric, ids, edges } = event.data;
  const started = performance.now();
  try {
    const values = compute(metric, ids, edges);
    scope.postMessage({ id, values, ms: performance.now() - started }, [values.buffer]);
  } catch (error) {
    scope.postMessage({ id, error: error instanceof Error ? error.message : String(error), ms: performance.now() - started }, []);
  }
};
