import type { Knex } from 'knex';
import { toJsonText } from '../../exact-json';
import type { Properties } from '../graph-store';
import type { QueryRunner } from './runner';
import { sql } from './sql';

/**
 * Orders ids drawn from a sequence, as decimal text (positive, no leading zeros): the shorter is
 * the smaller, equal lengths compare as text. No BigInt per comparison (26 million of them in a
 * 1M-row import, issue 24).
 */
export function compareIdText(a: string, b: string): number {
  return a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);
}

/**
 * Inserts nodes whose ids are drawn from the sequence first (in ascending order, one per node in
 * the given order), so that the caller knows each node's id without RETURNING and can refer to it
 * in the same transaction: the one node INSERT of importBatch (writes.ts) and the bulk import
 * (bulk-import.ts). Returns the ids in the nodes' order.
 */
export async function insertNodesWithIds(
  runner: QueryRunner,
  trx: Knex.Transaction,
  nodes: Array<{ labels: string[]; properties: Properties }>,
): Promise<string[]> {
  if (nodes.length === 0) return [];
  const seq = await runner.rows<{ id: string }>(
    sql`select nextval(pg_get_serial_sequence('graph_nodes', 'id'))::text as id from generate_series(1, ${nodes.length}::int)`,
    trx,
  );
  const ids = seq.map((s) => s.id).sort(compareIdText);
  const payload = nodes.map((n, i) => ({ id: ids[i], labels: n.labels, properties: n.properties }));
  await runner.rows(
    sql`insert into graph_nodes (id, labels, properties)
        select x.id::bigint, array(select jsonb_array_elements_text(x.labels)), x.properties
        from jsonb_to_recordset(${toJsonText(payload)}::jsonb) as x(id text, labels jsonb, properties jsonb)`,
    trx,
  );
  return ids;
}
