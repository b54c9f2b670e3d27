/**
 * The plans of both sides of a figure over its target (issue 24: "print the plans of both sides
 * when a ratio is over target"): EXPLAIN (ANALYZE, BUFFERS) of every statement the product sent
 * during one call (captured by knex's 'query' event in this harness; product code is unchanged)
 * and of the raw's statements (recorded by RawPg). Statements that are not queries (BEGIN,
 * set_config, FETCH, COMMIT) are skipped; a cursor's DECLARE is explained as its query.
 */
import type { Knex } from 'knex';
import type { Pool } from 'pg';
import type { Statement } from './raw-pg';

interface Captured {
  sql: string;
  bindings: unknown[];
}

/** Runs one product call and returns the statements it sent. */
export async function captureProduct(knex: Knex, work: () => Promise<unknown>): Promise<Captured[]> {
  const seen: Captured[] = [];
  const listener = (q: { sql: string; bindings?: unknown[] }) => seen.push({ sql: q.sql, bindings: q.bindings ?? [] });
  knex.on('query', listener);
  try {
    await work();
  } finally {
    knex.removeListener('query', listener);
  }
  return seen;
}

const DECLARE = /^\s*declare\s+\S+\s+(?:no\s+scroll\s+)?cursor\s+(?:with(?:out)?\s+hold\s+)?for\s+/i;

function explainable(sql: string): string | null {
  if (DECLARE.test(sql)) return sql.replace(DECLARE, '');
  if (/^\s*(select\s+set_config|set\s|begin|commit|rollback|fetch|close)/i.test(sql)) return null;
  return /^\s*(select|with|values)/i.test(sql) ? sql : null;
}

/** EXPLAIN (ANALYZE, BUFFERS) of a statement, as text (in a rolled-back transaction: ANALYZE runs it). */
async function explain(pool: Pool, text: string, values: unknown[]): Promise<string> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    const rows = (await client.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${text}`, values)).rows;
    return rows.map((r) => r['QUERY PLAN']).join('\n');
  } catch (error) {
    return `explain failed: ${(error as Error).message}`;
  } finally {
    await client.query('rollback').catch(() => undefined);
    client.release();
  }
}

const indent = (text: string) => text.replace(/^/gm, '      ');

/** Prints both sides' plans under a heading naming the figure. */
export async function printPlans(title: string, pool: Pool, product: Captured[], raw: Statement[]): Promise<void> {
  console.log(`\n  plans of "${title}" (over target):`);
  let k = 0;
  for (const q of product) {
    const text = explainable(q.sql);
    if (text === null) continue;
    console.log(`    product statement ${++k}:\n${indent(text.trim())}\n    plan:\n${indent(await explain(pool, text, q.bindings))}`);
  }
  k = 0;
  for (const s of raw)
    console.log(
      `    raw statement ${++k} (${s.name}):\n${indent(s.text.trim())}\n    plan:\n${indent(await explain(pool, s.text, s.values))}`,
    );
}
