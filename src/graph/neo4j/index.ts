import type { Logger } from 'pino';
import type { GraphStore } from '../graph-store';
import { Neo4jGraphStore } from './neo4j-graph-store';

export interface CreateNeo4jGraphStoreOptions {
  /** bolt://, bolt+s://, neo4j:// (routing) or neo4j+s:// URI, passed to neo4j.driver as is. */
  url: string;
  username: string;
  password: string;
  /** Database name on Neo4j 4.0+ (empty = the server's default); ignored on 3.5. */
  database?: string;
  queryTimeoutMs: number;
  maxRows?: number;
  logger?: Logger;
  /** Fail-fast settings (graphdb.* in the configuration; see Neo4jGraphStoreOptions). */
  connectionTimeoutMs?: number;
  connectionAcquisitionTimeoutMs?: number;
  maxTransactionRetryTimeMs?: number;
  deadlineGraceMs?: number;
}

/** The Neo4j adapter of the GraphStore port (Neo4j 3.5, 4.x and 5.x; the version is detected at init). */
export function createNeo4jGraphStore(options: CreateNeo4jGraphStoreOptions): GraphStore {
  return new Neo4jGraphStore(options);
}

export { Neo4jGraphStore, FULLTEXT_INDEX_NAME } from './neo4j-graph-store';
export { GraphPasswordChangeRequiredError } from './errors';
export { chooseDialect } from './dialect';
export type { Dialect } from './dialect';
