import type { Knex } from 'knex';
import type { QueryRunner } from './runner';
import type { Sql } from './sql';
import { raw, sql } from './sql';

/** Whether the store runs on node-postgres (a server), where a cursor may hold a pooled connection. */
export function canUseCursor(knex: Knex): boolean {
  return (knex.client as { config?: { client?: unknown } }).config?.client === 'pg';
}

/**
 * The rows of ONE statement, fetched `pageSize` at a time through a server-side cursor in a
 * read-only transaction (issue 11 item 7): every match is read once, whatever the planner expects,
 * where keyset pages (id > last ... limit n) re-planned each page and, with a low estimate, re-read
 * every match for each page. Stopping early (the consumer returns) closes the transaction.
 * Only on a PostgreSQL server: PGlite has one connection, which a long export would hold.
 */
export async function* cursorRows<T>(runner: QueryRunner, query: Sql, pageSize: number): AsyncGenerator<T> {
  for await (const page of cursorPages<T>(runner, query, pageSize)) yield* page;
}

/**
 * cursorRows by page: a consumer that loops over each page itself pays one async step per page,
 * not one per row and generator layer (two layers of per-row yields cost about 1.5 us a row, a
 * third of a 17,200-row export's time over the statement run by hand).
 */
export async function* cursorPages<T>(runner: QueryRunner, query: Sql, pageSize: number): AsyncGenerator<T[]> {
  const trx = await runner.knex.transaction(undefined, { readOnly: true });
  try {
    // The whole result is read: plan for all rows, not for the first 10 % (the default
    // cursor_tuple_fraction), which made the planner walk the primary key in id order and filter
    // every node (a city's 17,200 rows out of 100,000: 2x the statement run to the end).
    await runner.rows(sql`select set_config('cursor_tuple_fraction', '1', true)`, trx);
    await runner.rows(sql`declare gas_stream no scroll cursor for ${query}`, trx);
    for (;;) {
      const rows = await runner.rows<T>(sql`fetch forward ${raw(String(Math.max(1, Math.floor(pageSize))))} from gas_stream`, trx);
      if (rows.length > 0) yield rows;
      if (rows.length < pageSize) break;
    }
    await trx.commit();
  } finally {
    if (!trx.isCompleted()) await trx.rollback().catch(() => undefined);
  }
}

/**
 * A stream's rows, by page: first at most `headRows` of them through one plain statement (no transaction, no
 * cursor: an export of a few thousand rows costs one round trip, as the statement run by hand,
 * where the cursor protocol added five: begin, setting, declare, the last fetch, commit), then,
 * only when there are more, the rest through one cursor (cursorRows) after the last id read.
 * `build(after, limit)` gives the statement: rows with an id above `after` (all when null), in id
 * order, at most `limit` (all when null).
 */
export async function* headThenCursor<T extends { id: string }>(
  runner: QueryRunner,
  build: (after: string | null, limit: number | null) => Sql,
  headRows: number,
  pageSize: number,
): AsyncGenerator<T[]> {
  if (headRows <= 0) {
    yield* cursorPages<T>(runner, build(null, null), pageSize);
    return;
  }
  const head = await runner.rows<T>(build(null, headRows + 1));
  const more = head.length > headRows;
  if (more) head.length = headRows;
  if (head.length > 0) yield head;
  if (!more) return;
  yield* cursorPages<T>(runner, build(String(head[head.length - 1].id), null), pageSize);
}
