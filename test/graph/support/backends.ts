import type { GraphStore } from '../../../src/graph/graph-store';
import { createPostgresGraphStore } from '../../../src/graph/postgres';
import { createTestDatabase } from '../../support/database';

/**
 * The graph backends the contract suite runs against: always PostgreSQL (a fresh test database),
 * and Neo4j when NEO4J_URI is set (its database is emptied first).
 */
export interface OpenBackend {
  store: GraphStore;
  close(): Promise<void>;
}

export interface Backend {
  name: 'postgres' | 'neo4j';
  open(): Promise<OpenBackend>;
}

const postgres: Backend = {
  name: 'postgres',
  async open() {
    const db = await createTestDatabase();
    const store = createPostgresGraphStore(db.knex, { queryTimeoutMs: 30000 });
    await store.init();
    return {
      store,
      close: async () => {
        await store.close();
        await db.drop();
      },
    };
  },
};

const neo4j: Backend = {
  name: 'neo4j',
  async open() {
    // Required lazily: the suite compiles and runs without the Neo4j adapter.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { createNeo4jGraphStore } = require('../../../src/graph/neo4j/index') as {
      createNeo4jGraphStore(options: { url: string; username: string; password: string; database?: string; queryTimeoutMs: number }): GraphStore;
    };
    const store = createNeo4jGraphStore({
      url: process.env.NEO4J_URI as string,
      username: process.env.NEO4J_USERNAME ?? 'neo4j',
      password: process.env.NEO4J_PASSWORD ?? '',
      ...(process.env.NEO4J_DATABASE ? { database: process.env.NEO4J_DATABASE } : {}),
      queryTimeoutMs: 30000,
    });
    await store.init();
    const wipe = async () => {
      await store.runCypher('MATCH (n) DETACH DELETE n', {}, { readOnly: false, timeoutMs: 60000, maxRows: 1 });
      await store.dropFulltextIndex();
      // Property indexes too (bulkImport makes one per label + property it matches on; on 3.5 a
      // label named by an index stays listed by db.labels()).
      for (const index of await store.listIndexes()) await store.dropIndex(index);
    };
    await wipe();
    return {
      store,
      close: async () => {
        try {
          await wipe();
        } finally {
          await store.close();
        }
      },
    };
  },
};

export function reachableBackends(): Backend[] {
  return process.env.NEO4J_URI ? [postgres, neo4j] : [postgres];
}
