import { applyHeapGrowing, heapGrowingFromEnvironment } from './runtime-memory';

/**
 * Imported first by src/index.ts, before the modules of the service load: the heap growing bound
 * (server.heapGrowingPercent, from HEAP_GROWING_PERCENT or its default) is in force for the full
 * collection that loading them runs (src/runtime-memory.ts).
 */
applyHeapGrowing(heapGrowingFromEnvironment(process.env));
