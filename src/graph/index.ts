import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { AppConfig } from '../config';
import type { GraphStore } from './graph-store';
import type { CreateNeo4jGraphStoreOptions } from './neo4j';

// Adapters are loaded on demand: a service on PostgreSQL never loads the Neo4j driver.
type PostgresFactory = (
  knex: Knex,
  options?: { queryTimeoutMs?: number; cypherMaxDepth?: number; cypherPlanCacheSize?: number },
) => GraphStore;
// Type-only import: erased at build time, so the driver is still loaded only on demand.
type Neo4jFactory = (options: CreateNeo4jGraphStoreOptions) => GraphStore;
const createPostgresGraphStore: PostgresFactory = (...args) =>
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on demand, see above
  (require('./postgres') as { createPostgresGraphStore: PostgresFactory }).createPostgresGraphStore(...args);
const createNeo4jGraphStore: Neo4jFactory = (...args) =>
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on demand: the driver only when graphdb.backend is neo4j
  (require('./neo4j') as { createNeo4jGraphStore: Neo4jFactory }).createNeo4jGraphStore(...args);

/** Builds the configured backend: the service's own PostgreSQL (default) or Neo4j. */
export function createGraphStore(config: AppConfig, knex: Knex, logger: Logger): GraphStore {
  if (config.graphdb.backend === 'neo4j') {
    const { url, username, password, database } = config.graphdb.connector;
    const { queryTimeoutMs, maxRows, connectionTimeoutMs, connectionAcquisitionTimeoutMs, maxTransactionRetryTimeMs, deadlineGraceMs } =
      config.graphdb;
    return createNeo4jGraphStore({
      url,
      username,
      password,
      database: database || undefined,
      queryTimeoutMs,
      maxRows,
      logger,
      connectionTimeoutMs,
      connectionAcquisitionTimeoutMs,
      maxTransactionRetryTimeMs,
      deadlineGraceMs,
    });
  }
  return createPostgresGraphStore(knex, {
    queryTimeoutMs: config.graphdb.queryTimeoutMs,
    cypherMaxDepth: config.graphdb.cypherMaxDepth,
    cypherPlanCacheSize: config.cypher.planCacheSize,
  });
}

/**
 * Waits for the graph database with bounded, logged retries (spec 1.4: the graph database
 * first, the service second), then returns. Throws after the last attempt.
 */
export async function waitForGraph(graph: GraphStore, config: AppConfig, logger: Logger): Promise<void> {
  const attempts = config.graphdb.startupRetries + 1;
  for (let attempt = 1; ; attempt++) {
    try {
      await graph.init();
      const info = await graph.serverInfo();
      logger.info({ backend: info.backend, version: info.version }, 'graph database ready');
      return;
    } catch (error) {
      if (attempt >= attempts) throw error;
      logger.warn({ attempt, of: attempts, reason: (error as Error).message }, 'graph database not ready yet; retrying');
      await new Promise((resolve) => setTimeout(resolve, config.graphdb.startupRetryDelayMs));
    }
  }
}
