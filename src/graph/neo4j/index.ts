import type { GraphStore } from '../graph-store';
import { Neo4jGraphStore, type Neo4jGraphStoreOptions } from './neo4j-graph-store';

/** The adapter's options (bolt://, neo4j:// or +s URI; database on 4.0+; fail-fast settings): see Neo4jGraphStoreOptions. */
export type CreateNeo4jGraphStoreOptions = Neo4jGraphStoreOptions;

/** The Neo4j adapter of the GraphStore port (Neo4j 3.5, 4.x and 5.x; the version is detected at init). */
export function createNeo4jGraphStore(options: CreateNeo4jGraphStoreOptions): GraphStore {
  return new Neo4jGraphStore(options);
}

export { Neo4jGraphStore, FULLTEXT_INDEX_NAME } from './neo4j-graph-store';
export { GraphPasswordChangeRequiredError } from './errors';
export { chooseDialect } from './dialect';
export type { Dialect } from './dialect';
