import type { AccessScope, GraphId, GraphNode, GraphRelationship } from '../../graph-store';
import { and } from '../cypher-filter';
import { nodeFromProjection, relationshipFromProjection } from '../serialize';
import { orderByIds } from './helpers';
import type { StoreInternals } from './store-internals';

/* Reads by id: the visible elements among the ids asked for, in the order asked. */
export async function getNodes(s: StoreInternals, ids: GraphId[], scope: AccessScope, properties?: string[]): Promise<GraphNode[]> {
  if (ids.length === 0) return [];
  const c = s.compiler(scope);
  const idsRef = c.idsParam(ids);
  const query = `MATCH (n) WHERE ${and(`${c.id('n')} IN ${idsRef}`, c.nodeVisible('n'))} RETURN ${c.nodeProjection('n', properties)} AS item`;
  const records = await s.readOne(query, c.params.values);
  return orderByIds(
    records.map((r) => nodeFromProjection(r.get('item'))),
    ids,
  );
}

export async function getRelationships(
  s: StoreInternals,
  ids: GraphId[],
  scope: AccessScope,
  properties?: string[],
): Promise<GraphRelationship[]> {
  if (ids.length === 0) return [];
  const c = s.compiler(scope);
  const idsRef = c.idsParam(ids);
  const query = `MATCH (a)-[r]->(b) WHERE ${and(`${c.id('r')} IN ${idsRef}`, c.relationshipVisible('r', 'a', 'b'))} RETURN ${c.relationshipProjection('r', properties)} AS item`;
  const records = await s.readOne(query, c.params.values);
  return orderByIds(
    records.map((r) => relationshipFromProjection(r.get('item'))),
    ids,
  );
}
