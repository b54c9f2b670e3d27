import type { CypherOptions } from '../graph-store';
import { CypherCompiler } from './cypher-filter';
import type { Dialect } from './dialect';
import { readOnlyError } from './errors';
import type { ProcedureCatalogue } from './procedures';
import { assertNoRefusedRoutines, assertPlanProcedures, proceduresInPlan } from './procedures';
import { scopeCypher } from './scoped-cypher';
import { assertNoLoadCsv } from '../../cypher/refused-clauses';

/**
 * The checks and the rewrite every user query of POST /data/cypher goes through in the Neo4j
 * adapter (runCypher):
 *  1. before anything reaches the server: LOAD CSV (the server would read its files or fetch a URL:
 *     src/cypher/refused-clauses.ts), dbms.* functions and routines that run Cypher text are
 *     refused, for every user (procedures.ts);
 *  2. a restricted scope (`options.scope` not unrestricted): the query is parsed and rewritten so
 *     every pattern carries the scope (scoped-cypher.ts) and runs read-only;
 *  3. on the server, before the query runs: its EXPLAIN plan (not executed) names every procedure
 *     it would call; each is judged by its declared mode (checkPlan), and a read-only run must be
 *     a pure read (query type `r`: Neo4j 3.5 single servers do not enforce READ sessions).
 */
export interface PreparedQuery {
  statement: string;
  params: Record<string, unknown>;
  readOnly: boolean;
  /** Restricted scope: the statement is the rewrite, not the user's text (its errors are never quoted back). */
  rewritten: boolean;
}

/** `params` are already converted for the driver. */
export async function prepareUserQuery(
  dialect: Dialect,
  query: string,
  params: Record<string, unknown>,
  options: CypherOptions,
): Promise<PreparedQuery> {
  assertNoLoadCsv(query);
  assertNoRefusedRoutines(query);
  if (options.scope && !options.scope.unrestricted) {
    const scoped = await scopeCypher(query, params, new CypherCompiler(dialect, options.scope));
    return { statement: scoped.query, params: scoped.params, readOnly: true, rewritten: true };
  }
  return { statement: query, params, readOnly: options.readOnly, rewritten: false };
}

/** Judges the EXPLAIN summary of a prepared query (throws 403). */
export async function checkPlan(
  summary: { plan?: unknown; queryType?: string },
  readOnly: boolean,
  catalogue: ProcedureCatalogue,
): Promise<void> {
  await assertPlanProcedures(proceduresInPlan(summary.plan), catalogue.resolver(), !readOnly);
  if (readOnly && summary.queryType !== 'r') throw readOnlyError();
}
