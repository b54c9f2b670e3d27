import type { Knex } from 'knex';
import type { GraphStore } from '../graph-store';
import type { PostgresGraphStoreOptions } from './postgres-graph-store';
import { PostgresGraphStore } from './postgres-graph-store';

export { PostgresGraphStore } from './postgres-graph-store';
export type { PostgresGraphStoreOptions } from './postgres-graph-store';

/** The GraphStore on the service's own PostgreSQL database (server or embedded PGlite). */
export function createPostgresGraphStore(knex: Knex, options: PostgresGraphStoreOptions = {}): GraphStore {
  return new PostgresGraphStore(knex, options);
}
