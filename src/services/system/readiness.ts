import type { AppDeps } from '../../core/context';

export interface ReadinessCheck {
  ok: boolean;
  ms: number;
  detail?: string;
}

export interface Readiness {
  status: 'ready' | 'unavailable';
  checks: { database: ReadinessCheck; graph: ReadinessCheck & { backend: string } };
}

/**
 * Whether the service's own store and the graph database answer. Each check gets its own short
 * deadline (graphdb.readyTimeoutMs; both run in parallel), so readiness is known within that time
 * even when a database is down or frozen (a driver would wait far longer).
 */
export async function readiness(deps: Pick<AppDeps, 'config' | 'db' | 'graph'>): Promise<Readiness> {
  const limitMs = deps.config.graphdb.readyTimeoutMs;
  const time = async (check: () => Promise<string | undefined>): Promise<ReadinessCheck> => {
    const started = performance.now();
    let timer: NodeJS.Timeout | undefined;
    try {
      const detail = await Promise.race([
        check(),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error(`no answer within ${limitMs} ms`)), limitMs);
        }),
      ]);
      return { ok: true, ms: Math.round(performance.now() - started), ...(detail ? { detail } : {}) };
    } catch (error) {
      return { ok: false, ms: Math.round(performance.now() - started), detail: (error as Error).message };
    } finally {
      if (timer) clearTimeout(timer);
    }
  };
  const [database, graphCheck] = await Promise.all([
    time(async () => {
      await deps.db.raw('select 1');
      return undefined;
    }),
    time(async () => {
      const info = await deps.graph.serverInfo();
      return `${info.backend} ${info.version}`;
    }),
  ]);
  const graph = { ...graphCheck, backend: deps.graph.backend };
  return { status: database.ok && graph.ok ? 'ready' : 'unavailable', checks: { database, graph } };
}
