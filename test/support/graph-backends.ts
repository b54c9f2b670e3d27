import type { GraphStore } from '../../src/graph/graph-store';
import { createPostgresGraphStore } from '../../src/graph/postgres';
import { createTestDatabase } from './database';
import { emptyNeo4jGraph, openEnvironmentNeo4j } from './neo4j-env';

/**
 * The graph backends the contract suite runs against: always PostgreSQL (a fresh test database),
 * and Neo4j when NEO4J_URI is set (its database is emptied first; the run refuses a database that
 * holds data unless NEO4J_TEST_ALLOW_WIPE=1: test/support/global-setup.ts).
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
    const store = await openEnvironmentNeo4j();
    await emptyNeo4jGraph(store);
    return {
      store,
      close: async () => {
        try {
          await emptyNeo4jGraph(store);
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

/** A backend of describeEachBackend: its store is open from the block's first beforeAll to its last afterAll. */
export interface BackendUnderTest {
  readonly name: Backend['name'];
  readonly store: GraphStore;
}

/**
 * The per-backend loop of the contract suites: `describe(title + ' on <backend>')` once per
 * reachable backend, the backend opened before the block's own beforeAll hooks and closed after
 * its own afterAll hooks (jest runs both in the order they are declared).
 */
export function describeEachBackend(title: string, body: (backend: BackendUnderTest) => void): void {
  describe.each(reachableBackends().map((backend) => [backend.name, backend] as const))(`${title} on %s`, (_name, backend) => {
    let open: OpenBackend | undefined;
    beforeAll(async () => {
      open = await backend.open();
    });
    body({
      name: backend.name,
      get store(): GraphStore {
        if (!open) throw new Error(`The ${backend.name} backend is not open: read backend.store in a hook or a test`);
        return open.store;
      },
    });
    afterAll(async () => {
      await open?.close();
    });
  });
}
