import type { GraphNode, GraphRelationship } from '../graph-store';
import { assertIdentifiers } from '../identifiers';
import { aggregatedGraph, aggregatedNodes, aggregatedRelationships } from './aggregated-reads';
import type { QueryRunner } from './runner';
import type { Executor, Sql } from './sql';
import { FALSE, raw, SERIAL, sql, TRUE, validIds } from './sql';
import type { ScopeSql } from './sql-filter';

/** Visible nodes by id, projected through the scope, in id order. */
export async function fetchNodes(
  runner: QueryRunner,
  scope: ScopeSql,
  ids: readonly unknown[],
  properties?: string[],
  executor?: Executor,
): Promise<GraphNode[]> {
  const valid = [...new Set(validIds(ids))];
  if (valid.length === 0) return [];
  // One json aggregate, not a row per node (aggregated-reads.ts).
  const fromWhere = sql`from graph_nodes n where n.id = any(${valid}::bigint[]) and ${scope.nodeVisible('n')} and ${SERIAL}`;
  return aggregatedNodes(runner, scope, 'n', fromWhere, properties, { executor });
}

/** Visible relationships by id (own rule and both ends visible), projected, in id order. */
export async function fetchRelationships(
  runner: QueryRunner,
  scope: ScopeSql,
  ids: readonly unknown[],
  properties?: string[],
  executor?: Executor,
): Promise<GraphRelationship[]> {
  const valid = [...new Set(validIds(ids))];
  if (valid.length === 0) return [];
  const fromWhere = sql`from graph_relationships r where r.id = any(${valid}::bigint[]) and ${scope.relationshipVisible('r')} and ${SERIAL}`;
  return aggregatedRelationships(runner, scope, 'r', fromWhere, properties, { executor });
}

/** Visible nodes and visible relationships by id (as fetchNodes and fetchRelationships), in one statement. */
export async function fetchGraph(
  runner: QueryRunner,
  scope: ScopeSql,
  nodeIds: readonly unknown[],
  relationshipIds: readonly unknown[],
): Promise<{ nodes: GraphNode[]; relationships: GraphRelationship[] }> {
  const nodes = [...new Set(validIds(nodeIds))];
  const relationships = [...new Set(validIds(relationshipIds))];
  return aggregatedGraph(
    runner,
    scope,
    sql`from graph_nodes n where n.id = any(${nodes}::bigint[]) and ${scope.nodeVisible('n')} and ${SERIAL}`,
    sql`from graph_relationships r where r.id = any(${relationships}::bigint[]) and ${scope.relationshipVisible('r')} and ${SERIAL}`,
  );
}

/** "r has one of these types", limited to the visible ones; TRUE when no types are asked for. */
export function typeCondition(scope: ScopeSql, alias: string, types: string[] | undefined): Sql {
  if (!types || types.length === 0) return TRUE;
  const visible = scope.filterLabelsOrTypes(assertIdentifiers('relationship type', types), 'type');
  return visible.length === 0 ? FALSE : sql`${raw(alias)}.type = any(${visible}::text[])`;
}

/** "n has at least one of these labels", limited to the visible ones; TRUE when none are asked for. */
export function labelCondition(scope: ScopeSql, alias: string, labels: string[] | undefined): Sql {
  if (!labels || labels.length === 0) return TRUE;
  const visible = scope.filterLabelsOrTypes(assertIdentifiers('label', labels), 'label');
  return visible.length === 0 ? FALSE : sql`${raw(alias)}.labels && ${visible}::text[]`;
}
