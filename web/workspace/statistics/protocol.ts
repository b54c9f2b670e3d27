/** Messages between the workspace and its statistics worker. */
import type { MetricName } from '../appearance/data-style';

export interface StatisticsRequest {
  id: number;
  metric: MetricName;
  ids: string[];
  /** Relationships as pairs of indexes into ids. */
  edges: Uint32Array;
}

export type StatisticsAnswer = { id: number; values: Float64Array; ms: number } | { id: number; error: string; ms: number };
