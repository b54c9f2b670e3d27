/**
 * Data in: whatever adds nodes to the canvas (search, Cypher, explore, a saved visualization) also
 * brings the relationships among the nodes on the canvas, in one scoped request
 * (POST /data/graph/directRelationships: the reader's scope is applied inside the query, so a
 * hidden relationship or one to a hidden node never comes).
 */
import { request } from '../../shared/api';
import type { ApiRelationship, ApiSubgraph } from '../../shared/graph-types';

/** The endpoint's bound on each id list. */
export const MAX_IDS = 10_000;

/** The ids of one request: the new nodes against every node on the canvas (the new ones included). */
export function amongIds(newIds: Iterable<string>, canvasIds: Iterable<string>): { sourceIds: string[]; targetIds: string[] } {
  const sourceIds = [...new Set(newIds)].slice(0, MAX_IDS);
  const targetIds = [...new Set([...sourceIds, ...canvasIds])].slice(0, MAX_IDS);
  return { sourceIds, targetIds };
}

/** Relationships between the new nodes and the nodes on the canvas (and among the new ones). */
export async function relationsAmong(newIds: Iterable<string>, canvasIds: Iterable<string>): Promise<ApiRelationship[]> {
  const body = amongIds(newIds, canvasIds);
  if (!body.sourceIds.length) return [];
  const answer = await request<{ relationships: ApiRelationship[] }>('POST', '/data/graph/directRelationships', body);
  return answer.relationships;
}

/** The subgraph with the relationships among its new nodes and the canvas's added (duplicates once). */
export async function withRelationsAmong(subgraph: ApiSubgraph, canvasIds: readonly string[]): Promise<ApiSubgraph> {
  const onCanvas = new Set(canvasIds);
  const fresh = subgraph.nodes.map((node) => node.id).filter((id) => !onCanvas.has(id));
  const extra = await relationsAmong(fresh, canvasIds);
  const seen = new Set(subgraph.relationships.map((r) => r.id));
  return { nodes: subgraph.nodes, relationships: [...subgraph.relationships, ...extra.filter((r) => !seen.has(r.id))] };
}
