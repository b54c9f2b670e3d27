import type { Logger } from 'pino';

export interface Neo4jGraphStoreOptions {
  url: string;
  username: string;
  password: string;
  /** Database name (4.0+); ignored on 3.5. Empty = the server's default database. */
  database?: string;
  queryTimeoutMs: number;
  /** Cap on list results (find limit, sample, paths); default 10000. */
  maxRows?: number;
  logger?: Logger;
  /** TCP connect time limit of a new connection (driver connectionTimeout); default 3000. */
  connectionTimeoutMs?: number;
  /** Longest wait for a pooled or new connection (driver connectionAcquisitionTimeout); default 5000. */
  connectionAcquisitionTimeoutMs?: number;
  /** How long the driver retries a transaction after transient / connection errors; default 2000. */
  maxTransactionRetryTimeMs?: number;
  /**
   * Client-side deadline of every adapter call beyond queryTimeoutMs; default 2000. Neo4j stops a
   * query itself at queryTimeoutMs (504 GRAPH_TIMEOUT); a server that says nothing for
   * queryTimeoutMs + this grace (frozen process, lost network, stuck handshake) is unavailable: 503.
   */
  deadlineGraceMs?: number;
  /** Rows an export may receive ahead of its consumer before the statement is stopped and resumed later; default 10000. */
  streamBufferRows?: number;
}

/** Driver settings derived from the options (exported for the unit tests). */
export function driverConfig(
  options: Pick<Neo4jGraphStoreOptions, 'connectionTimeoutMs' | 'connectionAcquisitionTimeoutMs' | 'maxTransactionRetryTimeMs'>,
) {
  return {
    userAgent: 'graph-analytics-service',
    disableLosslessIntegers: false,
    connectionTimeout: options.connectionTimeoutMs ?? 3000,
    connectionAcquisitionTimeout: options.connectionAcquisitionTimeoutMs ?? 5000,
    maxTransactionRetryTime: options.maxTransactionRetryTimeMs ?? 2000,
  };
}
