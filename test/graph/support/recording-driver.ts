import type { Driver } from 'neo4j-driver';

type Statement = (query: string, params: Record<string, unknown>) => void;

/**
 * The driver with every statement the adapter sends reported to `onStatement` on its way to the
 * server: auto-commit runs (session.run) and the statements of read and write transactions
 * (executeRead / executeWrite). Everything else is the real driver.
 */
export function recordingDriver(driver: Driver, onStatement: Statement): Driver {
  const recordingTx = (tx: { run: (q: string, p?: Record<string, unknown>) => unknown }) =>
    new Proxy(tx, {
      get: (target, key) =>
        key === 'run'
          ? (query: string, params: Record<string, unknown> = {}) => {
              onStatement(query, params);
              return target.run(query, params);
            }
          : (target as Record<string | symbol, unknown>)[key],
    });
  return new Proxy(driver, {
    get: (target, key) => {
      if (key !== 'session') {
        const value = (target as unknown as Record<string | symbol, unknown>)[key];
        return typeof value === 'function' ? value.bind(target) : value;
      }
      return (config: Parameters<Driver['session']>[0]) => {
        const session = target.session(config);
        return new Proxy(session, {
          get: (s, k) => {
            if (k === 'run') {
              return (query: string, params: Record<string, unknown> = {}, txConfig?: unknown) => {
                onStatement(query, params);
                return s.run(query, params, txConfig as never);
              };
            }
            if (k === 'executeRead' || k === 'executeWrite') {
              return (work: (tx: unknown) => unknown, txConfig?: unknown) =>
                (s[k] as (w: (tx: never) => unknown, c?: unknown) => unknown).call(s, (tx: never) => work(recordingTx(tx)), txConfig);
            }
            const value = (s as unknown as Record<string | symbol, unknown>)[k];
            return typeof value === 'function' ? value.bind(s) : value;
          },
        });
      };
    },
  });
}
