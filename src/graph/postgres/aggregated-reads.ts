import type { GraphNode, GraphRelationship } from '../graph-store';
import type { QueryRunner } from './runner';
import type { Executor, Sql } from './sql';
import { raw, sql } from './sql';
import type { ScopeSql } from './sql-filter';

/**
 * Reads of many elements (a canvas of 5,000 nodes and 10,000 relationships) as ONE json value built
 * in PostgreSQL: `json_agg` over the rows, one row with one column. Row by row, the driver decoded
 * 15,000 rows and parsed 15,000 jsonb texts (on embedded PGlite most of the read: 360 ms for such a
 * canvas, bench/ui/answer.ts); aggregated, the statement answers one text, parsed once by the
 * adapter's exact json parser (json-values.ts: the column is json, so big integers and integral
 * floats in the properties keep their values as in a row-by-row read). The objects already have
 * the port's shape (GraphNode, GraphRelationship): nothing is mapped after.
 *
 * The caller gives the FROM and WHERE of its statement, with the reader's scope in it exactly as its
 * row-by-row read had (ScopeSql's visibility conditions); the projection is the scope's too
 * (visible labels, visible properties).
 */
export function nodeColumns(scope: ScopeSql, alias: string, properties?: string[]): Sql {
  const a = raw(alias);
  return sql`${a}.id::text as id, coalesce(${scope.nodeLabels(alias)}, '{}'::text[]) as labels, coalesce(${scope.nodeProperties(alias, properties)}, '{}'::jsonb) as properties`;
}

export function relationshipColumns(scope: ScopeSql, alias: string, properties?: string[]): Sql {
  const a = raw(alias);
  return sql`${a}.id::text as id, ${a}.type as type, ${a}.start_id::text as "startNodeId", ${a}.end_id::text as "endNodeId", coalesce(${scope.relationshipProperties(alias, properties)}, '{}'::jsonb) as properties`;
}

/** How the statement runs: prepared (by its text) or not, on the runner's connection or a transaction's. */
export interface AggregatedOptions {
  executor?: Executor;
  prepared?: boolean;
}

/**
 * `json_agg` of the rows of `select <columns> <fromWhere> order by <alias>.id`: the elements in id
 * order, [] when none. The aggregate takes the rows of a sorted subquery (row_to_json of each: 15 to
 * 20 % faster on PGlite than json_build_object with the order inside the aggregate); PostgreSQL keeps
 * that order for a plain aggregate over one subquery, and the order is checked here anyway (one pass)
 * so the port's "in id order" never rests on it.
 */
async function aggregated<T extends { id: string }>(
  runner: QueryRunner,
  columns: Sql,
  alias: string,
  fromWhere: Sql,
  options: AggregatedOptions,
): Promise<T[]> {
  const statement = sql`select coalesce(json_agg(t), '[]'::json) as elements from (select ${columns} ${fromWhere} order by ${raw(alias)}.id) t`;
  const rows =
    options.prepared === false
      ? await runner.rows<{ elements: T[] }>(statement, options.executor)
      : await runner.prepared<{ elements: T[] }>(statement, options.executor);
  const elements = rows[0]?.elements ?? [];
  for (let i = 1; i < elements.length; i++) {
    if (compareIds(elements[i - 1].id, elements[i].id) > 0) return elements.sort((x, y) => compareIds(x.id, y.id));
  }
  return elements;
}

/** Ids are decimal digits without leading zeros: the shorter is the smaller. */
function compareIds(a: string, b: string): number {
  return a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);
}

export function aggregatedNodes(
  runner: QueryRunner,
  scope: ScopeSql,
  alias: string,
  fromWhere: Sql,
  properties?: string[],
  options: AggregatedOptions = {},
): Promise<GraphNode[]> {
  return aggregated<GraphNode>(runner, nodeColumns(scope, alias, properties), alias, fromWhere, options);
}

export function aggregatedRelationships(
  runner: QueryRunner,
  scope: ScopeSql,
  alias: string,
  fromWhere: Sql,
  properties?: string[],
  options: AggregatedOptions = {},
): Promise<GraphRelationship[]> {
  return aggregated<GraphRelationship>(runner, relationshipColumns(scope, alias, properties), alias, fromWhere, options);
}
