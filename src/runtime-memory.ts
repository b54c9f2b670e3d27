import v8 from 'node:v8';
import { z } from 'zod';

/**
 * How the service keeps its memory bounded under a high allocation rate (issue 24: a 1M-row CSV
 * import held 45 MB of live heap yet peaked at 300 MB RSS on Node 20 and 465 MB on Node 24).
 *
 * NODE_FLAGS: the node options the service is started with (package.json `start`, the
 * Dockerfile's CMD, the benchmarks and the startup tests; test/startup/heap-growing.test.ts
 * checks that they agree). Node 24's V8 sizes each semi-space of the young generation from the
 * heap limit, 64 MB on a machine with 16 GB or more (a young generation of 128 MB), where Node 20
 * had 16 MB; the size is fixed when the isolate is made, so only a command-line flag sets it.
 * 16 MB is Node 20's value: the measured import time did not change (bench/README.md).
 */
export const NODE_FLAGS: readonly string[] = ['--max-semi-space-size=16'];

/**
 * Bounds how far the old generation grows between full collections (config
 * server.heapGrowingPercent). Under a high allocation rate (an import converts millions of rows,
 * each batch living across its database round trip and so promoted to the old generation) V8 lets
 * the heap reach up to four times its live size before a full collection. With 50 % the next full
 * collection comes at 1.5 times the live heap; full collections are incremental and concurrent,
 * and the measured import time did not change. V8 reads the flag at each collection, so setting
 * it applies to the whole process, its worker threads included; but the limit a full collection
 * sets stays until the next one, and loading the service's modules already runs one (at 0.8 s,
 * with 30 MB live): applied only in main(), the first import after a start grew the heap to 150 MB
 * before its first full collection. So src/index.ts imports src/memory-first.ts first. 0: V8's own
 * factor.
 */
export function applyHeapGrowing(percent: number): void {
  v8.setFlagsFromString(`--heap-growing-percent=${Math.trunc(percent)}`);
}

/** server.heapGrowingPercent, as the configuration validates it (src/config) and memory-first reads it. */
export const heapGrowingPercentSchema = z.coerce.number().int().min(0).max(300).default(50);

/**
 * HEAP_GROWING_PERCENT from the environment, or the default: what src/memory-first.ts applies
 * before the service's modules load (a value from CONFIG_FILE is applied by main() once the
 * configuration is read; an invalid value is loadConfig's to report).
 */
export function heapGrowingFromEnvironment(env: NodeJS.ProcessEnv): number {
  // As loadConfig reads the environment: an empty variable is not set.
  const parsed = heapGrowingPercentSchema.safeParse(env.HEAP_GROWING_PERCENT || undefined);
  return parsed.success ? parsed.data : heapGrowingPercentSchema.parse(undefined);
}
