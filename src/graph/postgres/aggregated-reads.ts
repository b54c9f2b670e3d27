import type { GraphNode, GraphRelationship, Properties } from '../graph-store';
import type { QueryRunner } from './runner';
import type { Executor, Sql } from './sql';
import { raw, sql } from './sql';
import type { ScopeSql } from './sql-filter';

/**
 * Reads of many elements (a canvas of 5,000 nodes and 10,000 relationships) as ONE json value built
 * in PostgreSQL: `json_agg` of one json array per element, in id order, one row with one column.
 * Row by row, the driver decoded 15,000 rows and parsed 15,000 jsonb texts (on embedded PGlite
 * most of the read: 360 ms for such a canvas, bench/ui/answer.ts); aggregated, the statement
 * answers one text, parsed once by the adapter's exact json parser (json-values.ts: the column is
 * json, so big integers and integral floats in the properties keep their values as in a row-by-row
 * read). An array per element, not an object: no key written 15,000 times, a third less text to
 * build, send and parse (measured on PGlite: 25 to 35 % faster than json_build_object or row_to_json).
 *
 * The caller gives the FROM and WHERE of its statement, with the reader's scope in it exactly as its
 * row-by-row read had (ScopeSql's visibility conditions); the projection is the scope's too
 * (visible labels, visible properties).
 */
function nodeArray(scope: ScopeSql, alias: string, properties?: string[]): Sql {
  const a = raw(alias);
  return sql`json_build_array(${a}.id::text, ${scope.nodeLabels(alias)}, ${scope.nodeProperties(alias, properties)})`;
}

function relationshipArray(scope: ScopeSql, alias: string, properties?: string[]): Sql {
  const a = raw(alias);
  return sql`json_build_array(${a}.id::text, ${a}.type, ${a}.start_id::text, ${a}.end_id::text, ${scope.relationshipProperties(alias, properties)})`;
}

type NodeArray = [string, string[] | null, Properties | null];
type RelationshipArray = [string, string, string, string, Properties | null];

/** How the statement runs: prepared (by its text) or not, on the runner's connection or a transaction's. */
export interface AggregatedOptions {
  executor?: Executor;
  prepared?: boolean;
}

/** `select json_agg(<array> order by <alias>.id) <fromWhere>`: the elements in id order, [] when none. */
async function aggregated<T>(runner: QueryRunner, array: Sql, alias: string, fromWhere: Sql, options: AggregatedOptions): Promise<T[]> {
  const statement = sql`select coalesce(json_agg(${array} order by ${raw(alias)}.id), '[]'::json) as elements ${fromWhere}`;
  const rows =
    options.prepared === false
      ? await runner.rows<{ elements: T[] }>(statement, options.executor)
      : await runner.prepared<{ elements: T[] }>(statement, options.executor);
  return rows[0]?.elements ?? [];
}

function toNodes(arrays: NodeArray[]): GraphNode[] {
  const nodes = new Array<GraphNode>(arrays.length);
  for (let i = 0; i < arrays.length; i++) {
    const [id, labels, props] = arrays[i];
    nodes[i] = { id, labels: labels ?? [], properties: props ?? {} };
  }
  return nodes;
}

function toRelationships(arrays: RelationshipArray[]): GraphRelationship[] {
  const relationships = new Array<GraphRelationship>(arrays.length);
  for (let i = 0; i < arrays.length; i++) {
    const [id, type, startNodeId, endNodeId, props] = arrays[i];
    relationships[i] = { id, type, startNodeId, endNodeId, properties: props ?? {} };
  }
  return relationships;
}

/**
 * Nodes and relationships in ONE prepared statement (two aggregates side by side): a read that needs
 * both (the elements of shortest paths) pays one round trip, not two statements on two connections.
 * The FROM and WHERE of each half carry the reader's scope as in aggregatedNodes / aggregatedRelationships.
 */
export async function aggregatedGraph(
  runner: QueryRunner,
  scope: ScopeSql,
  nodeFromWhere: Sql,
  relationshipFromWhere: Sql,
): Promise<{ nodes: GraphNode[]; relationships: GraphRelationship[] }> {
  const statement = sql`select
    (select coalesce(json_agg(${nodeArray(scope, 'n')} order by n.id), '[]'::json) ${nodeFromWhere}) as nodes,
    (select coalesce(json_agg(${relationshipArray(scope, 'r')} order by r.id), '[]'::json) ${relationshipFromWhere}) as relationships`;
  const rows = await runner.prepared<{ nodes: NodeArray[]; relationships: RelationshipArray[] }>(statement);
  return { nodes: toNodes(rows[0]?.nodes ?? []), relationships: toRelationships(rows[0]?.relationships ?? []) };
}

export async function aggregatedNodes(
  runner: QueryRunner,
  scope: ScopeSql,
  alias: string,
  fromWhere: Sql,
  properties?: string[],
  options: AggregatedOptions = {},
): Promise<GraphNode[]> {
  return toNodes(await aggregated<NodeArray>(runner, nodeArray(scope, alias, properties), alias, fromWhere, options));
}

export async function aggregatedRelationships(
  runner: QueryRunner,
  scope: ScopeSql,
  alias: string,
  fromWhere: Sql,
  properties?: string[],
  options: AggregatedOptions = {},
): Promise<GraphRelationship[]> {
  return toRelationships(
    await aggregated<RelationshipArray>(runner, relationshipArray(scope, alias, properties), alias, fromWhere, options),
  );
}
