import type { Record as Neo4jRecord, Session } from 'neo4j-driver';
import type { AccessScope, FulltextStatus } from '../../graph-store';
import type { CypherCompiler } from '../cypher-filter';
import type { Dialect } from '../dialect';
import type { MapErrorContext } from '../errors';
import type { ProcedureCatalogue } from '../procedures';
import type { Tx } from './helpers';
import type { Neo4jGraphStoreOptions } from './store-options';

/**
 * What the sections of the adapter (reads, search, writes, indexes, ...) need of the store: its
 * sessions with their deadline, the dialect of the server, and the two caches. Implemented by
 * Neo4jConnection; the sections take it as their first argument so that each stays a module of
 * plain functions.
 */
export interface StoreInternals {
  readonly options: Neo4jGraphStoreOptions;
  readonly dialect: Dialect;
  /** Cap on list results (find limit, sample, paths). */
  readonly maxRows: number;
  /** queryTimeoutMs + deadlineGraceMs: no adapter call waits longer for the server. */
  readonly deadlineMs: number;
  /** Procedure name -> mode, for the checks of user queries (procedures.ts). */
  readonly procedureCatalogue: ProcedureCatalogue;
  /** The fulltext status read last (fulltext.ts), reused by searches for a few seconds. */
  fulltextCache: { at: number; status: FulltextStatus } | null;
  session(mode: 'READ' | 'WRITE'): Session;
  withDeadline<T>(session: Session, work: () => Promise<T>): Promise<T>;
  read<T>(work: (tx: Tx) => Promise<T>): Promise<T>;
  readOne(query: string, params?: Record<string, unknown>): Promise<Neo4jRecord[]>;
  write<T>(work: (tx: Tx) => Promise<T>): Promise<T>;
  mapError(error: unknown, context?: MapErrorContext): unknown;
  compiler(scope: AccessScope): CypherCompiler;
  limit(value: number | undefined, fallback: number, name?: string): number;
}
