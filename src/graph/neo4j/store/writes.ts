import { ConflictError } from '../../../errors';
import type {
  AccessScope,
  CreatedElements,
  DeletedCreated,
  DeletedElements,
  Filter,
  GraphId,
  GraphNode,
  GraphRelationship,
  NodeInput,
  NodeUpdate,
  PropertyPatch,
  RelationshipInput,
} from '../../graph-store';
import { assertIdentifier, assertIdentifiers, cypherIdentifier } from '../../identifiers';
import type { CypherCompiler } from '../cypher-filter';
import { and, TRUE } from '../cypher-filter';
import { encodeId } from '../dialect';
import { nodeFromProjection, relationshipFromProjection, toPropertyMap, toPropertyValue } from '../serialize';
import { dedupe, run, toNumber, validatedProperties } from './helpers';
import type { StoreInternals } from './store-internals';

/* Writes of single elements, the bulk update by filter, and the undo of an import. */

export async function createNode(s: StoreInternals, input: NodeInput, scope: AccessScope): Promise<GraphNode> {
  const c = s.compiler(scope);
  const labels = assertIdentifiers('label', input.labels ?? [])
    .map((l) => ':' + cypherIdentifier('label', l))
    .join('');
  const props = c.params.add(toPropertyMap(validatedProperties(input.properties)), 'props');
  const query = `CREATE (n${labels}) SET n = ${props} RETURN ${c.nodeProjection('n')} AS item`;
  const records = await s.write((tx) => run(tx, query, c.params.values));
  return nodeFromProjection(records[0].get('item'));
}

export async function createRelationship(
  s: StoreInternals,
  input: RelationshipInput,
  scope: AccessScope,
): Promise<GraphRelationship | null> {
  const type = cypherIdentifier('relationship type', input.type);
  const c = s.compiler(scope);
  const start = encodeId(s.dialect, input.startNodeId);
  const end = encodeId(s.dialect, input.endNodeId);
  if (start === undefined || end === undefined) return null;
  const props = c.params.add(toPropertyMap(validatedProperties(input.properties)), 'props');
  const query =
    `MATCH (a) WHERE ${and(`${c.id('a')} = ${c.params.add(start, 'start')}`, c.nodeVisible('a'))} ` +
    `MATCH (b) WHERE ${and(`${c.id('b')} = ${c.params.add(end, 'end')}`, c.nodeVisible('b'))} ` +
    `CREATE (a)-[r:${type}]->(b) SET r = ${props} RETURN ${c.relationshipProjection('r')} AS item`;
  let records;
  try {
    records = await s.write((tx) => run(tx, query, c.params.values));
  } catch (error) {
    // An end deleted by a concurrent transaction after MATCH found it: a missing end (404).
    if ((error as { code?: unknown })?.code === 'Neo.ClientError.Statement.EntityNotFound') return null;
    throw error;
  }
  return records[0] ? relationshipFromProjection(records[0].get('item')) : null;
}

/** SET / REMOVE clauses for an update of `v`. */
function updateClauses(
  c: CypherCompiler,
  v: string,
  patch: PropertyPatch | undefined,
  addLabels?: string[],
  removeLabels?: string[],
): string {
  const set: Record<string, unknown> = {};
  const remove: string[] = [];
  for (const [key, value] of Object.entries(patch ?? {})) {
    assertIdentifier('property', key);
    if (value === null) remove.push(key);
    else if (value !== undefined) set[key] = toPropertyValue(key, value);
  }
  const clauses: string[] = [];
  if (Object.keys(set).length) clauses.push(`SET ${v} += ${c.params.add(set, 'set')}`);
  if (remove.length) clauses.push(`REMOVE ${remove.map((k) => `${v}.${cypherIdentifier('property', k)}`).join(', ')}`);
  if (addLabels?.length) clauses.push(`SET ${v}${addLabels.map((l) => ':' + cypherIdentifier('label', l)).join('')}`);
  if (removeLabels?.length) clauses.push(`REMOVE ${v}${removeLabels.map((l) => ':' + cypherIdentifier('label', l)).join('')}`);
  return clauses.join(' ');
}

export async function updateNode(s: StoreInternals, id: GraphId, update: NodeUpdate, scope: AccessScope): Promise<GraphNode | null> {
  const encoded = encodeId(s.dialect, id);
  if (encoded === undefined) return null;
  const c = s.compiler(scope);
  const where = and(`${c.id('n')} = ${c.params.add(encoded, 'id')}`, c.nodeVisible('n'));
  const clauses = updateClauses(c, 'n', update.properties, update.addLabels, update.removeLabels);
  const query = `MATCH (n) WHERE ${where} ${clauses} RETURN ${c.nodeProjection('n')} AS item`;
  const records = await s.write((tx) => run(tx, query, c.params.values));
  return records[0] ? nodeFromProjection(records[0].get('item')) : null;
}

export async function updateRelationship(
  s: StoreInternals,
  id: GraphId,
  patch: PropertyPatch,
  scope: AccessScope,
): Promise<GraphRelationship | null> {
  const encoded = encodeId(s.dialect, id);
  if (encoded === undefined) return null;
  const c = s.compiler(scope);
  const where = and(`${c.id('r')} = ${c.params.add(encoded, 'id')}`, c.relationshipVisible('r', 'a', 'b'));
  const clauses = updateClauses(c, 'r', patch);
  const query = `MATCH (a)-[r]->(b) WHERE ${where} ${clauses} RETURN ${c.relationshipProjection('r')} AS item`;
  const records = await s.write((tx) => run(tx, query, c.params.values));
  return records[0] ? relationshipFromProjection(records[0].get('item')) : null;
}

export async function updateNodesMatching(
  s: StoreInternals,
  filter: Filter | undefined,
  update: NodeUpdate,
  scope: AccessScope,
): Promise<number> {
  const c = s.compiler(scope);
  const where = and(c.nodeVisible('n'), filter ? c.filter(filter, 'n', 'node') : undefined);
  const clauses = updateClauses(c, 'n', update.properties, update.addLabels, update.removeLabels);
  if (!clauses) {
    const records = await s.readOne(`MATCH (n)${where === TRUE ? '' : ` WHERE ${where}`} RETURN count(n) AS c`, c.params.values);
    return toNumber(records[0]?.get('c'));
  }
  // Matches locked (by SET) in id order: overlapping bulk updates cannot deadlock each other.
  const query = `MATCH (n)${where === TRUE ? '' : ` WHERE ${where}`} WITH n ORDER BY ${c.id('n')} ${clauses} RETURN count(n) AS c`;
  const records = await s.write((tx) => run(tx, query, c.params.values));
  return toNumber(records[0]?.get('c'));
}

export async function deleteNode(s: StoreInternals, id: GraphId, scope: AccessScope): Promise<DeletedElements | null> {
  const encoded = encodeId(s.dialect, id);
  if (encoded === undefined) return null;
  const c = s.compiler(scope);
  const where = and(`${c.id('n')} = ${c.params.add(encoded, 'id')}`, c.nodeVisible('n'));
  const relVisible = c.relationshipVisible('gasE', 'n', 'gasO');
  // Project before deleting: a deleted element's properties cannot be read afterwards.
  const query =
    `MATCH (n) WHERE ${where} ` +
    `WITH n, ${c.nodeProjection('n')} AS node, [(n)-[gasE]-(gasO)${relVisible === TRUE ? '' : ` WHERE ${relVisible}`} | ${c.relationshipProjection('gasE')}] AS rels ` +
    `DETACH DELETE n RETURN node, rels`;
  const records = await s.write((tx) => run(tx, query, c.params.values));
  const row = records[0];
  if (!row) return null;
  return {
    nodes: [nodeFromProjection(row.get('node'))],
    relationships: dedupe((row.get('rels') as unknown[]).map(relationshipFromProjection)),
  };
}

export async function deleteRelationship(s: StoreInternals, id: GraphId, scope: AccessScope): Promise<DeletedElements | null> {
  const encoded = encodeId(s.dialect, id);
  if (encoded === undefined) return null;
  const c = s.compiler(scope);
  const where = and(`${c.id('r')} = ${c.params.add(encoded, 'id')}`, c.relationshipVisible('r', 'a', 'b'));
  const query = `MATCH (a)-[r]->(b) WHERE ${where} WITH r, ${c.relationshipProjection('r')} AS item DELETE r RETURN item`;
  const records = await s.write((tx) => run(tx, query, c.params.values));
  return records[0] ? { nodes: [], relationships: [relationshipFromProjection(records[0].get('item'))] } : null;
}

/**
 * Undo of an import (issue 23), in one write transaction: the visible relationships of the
 * list, then the visible nodes, refused (409 UNDO_CONFLICT, rolled back) when a relationship
 * not in the list is still attached to one of them.
 */
export async function deleteCreated(s: StoreInternals, created: CreatedElements, scope: AccessScope): Promise<DeletedCreated> {
  const encode = (ids: GraphId[]) => ids.map((id) => encodeId(s.dialect, String(id))).filter((v) => v !== undefined);
  const relationshipIds = encode(created.relationships);
  const nodeIds = encode(created.nodes);
  return s.write(async (tx) => {
    let relationshipsDeleted = 0;
    for (let i = 0; i < relationshipIds.length; i += 5000) {
      const c = s.compiler(scope);
      const where = and(`${c.id('r')} IN ${c.params.add(relationshipIds.slice(i, i + 5000), 'ids')}`, c.relationshipVisible('r', 'a', 'b'));
      const records = await run(tx, `MATCH (a)-[r]->(b) WHERE ${where} DELETE r RETURN count(r) AS c`, c.params.values);
      relationshipsDeleted += toNumber(records[0]?.get('c'));
    }
    let nodesDeleted = 0;
    for (let i = 0; i < nodeIds.length; i += 5000) {
      const c = s.compiler(scope);
      const where = and(`${c.id('n')} IN ${c.params.add(nodeIds.slice(i, i + 5000), 'ids')}`, c.nodeVisible('n'));
      const others = await run(tx, `MATCH (n) WHERE ${where} MATCH (n)-[o]-() RETURN count(o) AS c`, c.params.values);
      const count = toNumber(others[0]?.get('c'));
      if (count > 0) {
        throw new ConflictError(
          `The import cannot be undone: ${count} relationship(s) that it did not create (or that you cannot see) are attached to nodes it created; delete them first, or delete the nodes yourself`,
          'UNDO_CONFLICT',
        );
      }
      const records = await run(tx, `MATCH (n) WHERE ${where} DELETE n RETURN count(n) AS c`, c.params.values);
      nodesDeleted += toNumber(records[0]?.get('c'));
    }
    return { nodesDeleted, relationshipsDeleted };
  });
}
