import type { GraphStore } from '../../src/graph/graph-store';

/**
 * The Neo4j that the environment names (NEO4J_URI, NEO4J_USERNAME, NEO4J_PASSWORD, NEO4J_DATABASE),
 * shared by the contract suites (test/support/graph-backends.ts) and the run's teardown, and the one
 * way tests empty a Neo4j graph (also createTestApp on GAS_TEST_GRAPH_BACKEND=neo4j). The run starts
 * only on an empty database or with NEO4J_TEST_ALLOW_WIPE=1 (scripts/neo4j-wipe-guard.mjs).
 */
export async function openEnvironmentNeo4j(queryTimeoutMs = 30000): Promise<GraphStore> {
  // Required lazily: runs without Neo4j never load the adapter.
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded only when NEO4J_URI is set
  const { createNeo4jGraphStore } = require('../../src/graph/neo4j/index') as {
    createNeo4jGraphStore: (options: {
      url: string;
      username: string;
      password: string;
      database?: string;
      queryTimeoutMs: number;
    }) => GraphStore;
  };
  const store = createNeo4jGraphStore({
    url: process.env.NEO4J_URI as string,
    username: process.env.NEO4J_USERNAME ?? 'neo4j',
    password: process.env.NEO4J_PASSWORD ?? '',
    ...(process.env.NEO4J_DATABASE ? { database: process.env.NEO4J_DATABASE } : {}),
    queryTimeoutMs,
  });
  await store.init();
  return store;
}

/** Deletes every node and relationship, the fulltext index and every property index. */
export async function emptyNeo4jGraph(store: GraphStore): Promise<void> {
  await store.runCypher('MATCH (n) DETACH DELETE n', {}, { readOnly: false, timeoutMs: 60000, maxRows: 1 });
  await store.dropFulltextIndex();
  // Property indexes too (bulkImport makes one per label + property it matches on; on 3.5 a label
  // named by an index stays listed by db.labels()).
  for (const index of await store.listIndexes()) await store.dropIndex(index);
}
