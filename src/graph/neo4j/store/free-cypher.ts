import { BadRequestError, GraphTimeoutError } from '../../../errors';
import type { CypherOptions, CypherResult } from '../../graph-store';
import { assertInteger } from '../cypher-filter';
import type { MapErrorContext } from '../errors';
import { serializeValue, toCypherParam } from '../serialize';
import { checkPlan, prepareUserQuery } from '../user-cypher';
import type { StoreInternals } from './store-internals';

/* Free Cypher: a user's query in an explicit transaction, checked by its plan first, with a client-side time guard. */

export async function runCypher(
  s: StoreInternals,
  query: string,
  params: Record<string, unknown>,
  options: CypherOptions,
): Promise<CypherResult> {
  if (typeof query !== 'string' || !query.trim()) throw new BadRequestError('The query is empty', 'CYPHER_ERROR');
  const timeoutMs = assertInteger('timeoutMs', options.timeoutMs, 1, 24 * 3600 * 1000);
  const maxRows = assertInteger('maxRows', options.maxRows, 0, Number.MAX_SAFE_INTEGER);
  const userParams: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(params ?? {})) userParams[k] = toCypherParam(v);
  // Refused routines, and the scope rewrite for restricted readers (user-cypher.ts).
  const { statement, params: boundParams, readOnly, rewritten } = await prepareUserQuery(s.dialect, query, userParams, options);
  // A rewritten statement (restricted reader) is never quoted back: errors.ts userQueryMessage.
  const context: MapErrorContext = { readOnly, userQuery: true, ...(rewritten ? { rewrittenFrom: query } : {}) };

  const session = s.session(readOnly ? 'READ' : 'WRITE');
  // An explicit transaction (no automatic retry of a user query): READ access mode for read-only
  // queries, the server-side time limit from the transaction config, and a client-side guard.
  let timer: NodeJS.Timeout | undefined;
  let timedOut = false;
  const tx = session.beginTransaction({ timeout: timeoutMs });
  const work = async (): Promise<CypherResult> => {
    // Ask the planner what the query does (EXPLAIN does not execute it): every procedure it would
    // call is judged by its mode (DBMS never; WRITE / SCHEMA only in write runs), and a read-only
    // run must be a pure read (Neo4j 3.5 single servers do not enforce the READ access mode).
    const explained = await tx.run(explainOf(statement), boundParams);
    await checkPlan(explained.summary, readOnly, s.procedureCatalogue);
    const result = tx.run(statement, boundParams);
    const columns = [...(await result.keys())];
    const rows: unknown[][] = [];
    let truncated = false;
    for await (const record of result) {
      if (rows.length >= maxRows) {
        truncated = true;
        break;
      }
      rows.push(columns.map((column) => serializeValue(record.get(column))));
    }
    if (readOnly) await tx.rollback();
    else await tx.commit();
    return { columns, rows, truncated };
  };
  const guard = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      timedOut = true;
      reject(new GraphTimeoutError());
    }, timeoutMs + 2000);
  });
  try {
    return await Promise.race([work(), guard]);
  } catch (error) {
    if (timedOut) {
      // Do not wait for a query the server has not stopped yet: release in the background.
      void tx
        .rollback()
        .catch(() => undefined)
        .finally(() => session.close().catch(() => undefined));
      throw new GraphTimeoutError();
    }
    if (tx.isOpen()) await tx.rollback().catch(() => undefined);
    throw s.mapError(error, context);
  } finally {
    if (timer) clearTimeout(timer);
    if (!timedOut) await session.close().catch(() => undefined);
  }
}

/** EXPLAIN form of a query (PROFILE → EXPLAIN; an EXPLAIN query stays as it is). */
export function explainOf(query: string): string {
  const trimmed = query.replace(/^\s+/, '');
  if (/^EXPLAIN\b/i.test(trimmed)) return trimmed;
  if (/^PROFILE\b/i.test(trimmed)) return trimmed.replace(/^PROFILE\b/i, 'EXPLAIN');
  return `EXPLAIN ${trimmed}`;
}
