import neo4j from 'neo4j-driver';
import type { AccessScope, FrequencyQuery, FrequencyResult, Subgraph } from '../../graph-store';
import { assertIdentifier, assertIdentifiers, cypherIdentifier, isValidIdentifier } from '../../identifiers';
import { and, assertInteger, TRUE } from '../cypher-filter';
import { nodeFromProjection, relationshipFromProjection, serializeValue } from '../serialize';
import { DEFAULT_FIND_LIMIT, run, sortStrings, toNumber } from './helpers';
import type { StoreInternals } from './store-internals';

/* Schema of the data: the labels, types and property keys in use and visible, value frequencies, a sample. */

const DEFAULT_FREQUENCY_LIMIT = 20;

export async function labels(s: StoreInternals, scope: AccessScope): Promise<string[]> {
  if (scope.unrestricted) {
    const records = await s.readOne('CALL db.labels() YIELD label RETURN label');
    return sortStrings(records.map((r) => r.get('label') as string));
  }
  // One probe per label in use and in scope: a label scan that the first visible node ends
  // (at most about one pass over the nodes when nothing is visible, far less otherwise).
  const c = s.compiler(scope);
  const visible = c.nodeVisible('n');
  const where = visible === TRUE ? '' : ` WHERE ${visible}`;
  return s.read(async (tx) => {
    const inUse = (await run(tx, 'CALL db.labels() YIELD label RETURN label')).map((r) => r.get('label') as string);
    const found: string[] = [];
    for (const label of inUse) {
      if (!c.labelInScope(label)) continue;
      const probe = isValidIdentifier(label)
        ? `MATCH (n:${cypherIdentifier('label', label)})${where} RETURN 1 AS hit LIMIT 1`
        : `MATCH (n) WHERE ${and('$gasLabel IN labels(n)', visible)} RETURN 1 AS hit LIMIT 1`;
      if ((await run(tx, probe, { ...c.params.values, gasLabel: label })).length > 0) found.push(label);
    }
    return sortStrings(found);
  });
}

export async function relationshipTypes(s: StoreInternals, scope: AccessScope): Promise<string[]> {
  if (scope.unrestricted) {
    const records = await s.readOne('CALL db.relationshipTypes() YIELD relationshipType RETURN relationshipType');
    return sortStrings(records.map((r) => r.get('relationshipType') as string));
  }
  const c = s.compiler(scope);
  const visible = c.relationshipVisible('r', 'a', 'b');
  const query = `MATCH (a)-[r]->(b)${visible === TRUE ? '' : ` WHERE ${visible}`} RETURN DISTINCT type(r) AS type`;
  const records = await s.readOne(query, c.params.values);
  return sortStrings(records.map((r) => r.get('type') as string));
}

/**
 * Keys some visible element carries, computed from the data (db.propertyKeys() lists every token
 * ever created, also of deleted data). One pass over nodes and one over relationships, grouped
 * by key set first (far fewer distinct key sets than elements).
 */
export async function propertyKeys(s: StoreInternals, scope: AccessScope): Promise<string[]> {
  const c = s.compiler(scope);
  const nodeVisible = c.nodeVisible('n');
  const relVisible = c.relationshipVisible('r', 'a', 'b');
  const nodeProps = c.propertyVisible('node', 'n', 'gasK');
  const relProps = c.propertyVisible('relationship', 'r', 'gasK');
  const nodeKeys = `MATCH (n)${nodeVisible === TRUE ? '' : ` WHERE ${nodeVisible}`} WITH DISTINCT ${nodeProps === TRUE ? 'keys(n)' : `[gasK IN keys(n) WHERE ${nodeProps}]`} AS ks UNWIND ks AS key RETURN DISTINCT key`;
  const relMatch = relVisible === TRUE ? 'MATCH ()-[r]->()' : `MATCH (a)-[r]->(b) WHERE ${relVisible}`;
  const relKeys = `${relMatch} WITH DISTINCT ${relProps === TRUE ? 'keys(r)' : `[gasK IN keys(r) WHERE ${relProps}]`} AS ks UNWIND ks AS key RETURN DISTINCT key`;
  return s.read(async (tx) => {
    const keys = new Set<string>();
    for (const r of await run(tx, nodeKeys, c.params.values)) keys.add(r.get('key') as string);
    for (const r of await run(tx, relKeys, c.params.values)) keys.add(r.get('key') as string);
    return sortStrings([...keys]);
  });
}

export async function frequency(s: StoreInternals, query: FrequencyQuery, scope: AccessScope): Promise<FrequencyResult> {
  const property = assertIdentifier('property', query.property);
  const c = s.compiler(scope);
  const limit = c.params.add(neo4j.int(assertInteger('limit', query.limit ?? DEFAULT_FREQUENCY_LIMIT, 0, 10_000)), 'limit');
  const nodeWhere = and(c.nodeVisible('n'), c.hasAllLabels('n', query.labels ? assertIdentifiers('label', query.labels) : undefined));
  const relWhere = and(c.relationshipVisible('r', 'a', 'b'), c.hasAnyType('r', query.types));
  const nodeValue = c.property('node', 'n', property);
  const relValue = c.property('relationship', 'r', property);
  let head: string;
  if (query.target === 'nodes') {
    head = `MATCH (n)${nodeWhere === TRUE ? '' : ` WHERE ${nodeWhere}`} WITH ${nodeValue} AS value`;
  } else if (query.target === 'relationships') {
    head = `MATCH (a)-[r]->(b)${relWhere === TRUE ? '' : ` WHERE ${relWhere}`} WITH ${relValue} AS value`;
  } else {
    head =
      `OPTIONAL MATCH (n)${nodeWhere === TRUE ? '' : ` WHERE ${nodeWhere}`} WITH collect(${nodeValue}) AS nodeValues ` +
      // A pattern comprehension, not OPTIONAL MATCH: Neo4j 3.5 plans OPTIONAL MATCH after the
      // aggregation with row rules on both ends into "Unknown variable `nodeValues`".
      // (Unlike collect(), a comprehension keeps nulls: elements without the value are left out in it.)
      `WITH nodeValues, [(a)-[r]->(b) WHERE ${and(relWhere, `${relValue} IS NOT NULL`)} | ${relValue}] AS relValues ` +
      `UNWIND nodeValues + relValues AS value WITH value`;
  }
  const cypher =
    `${head} WHERE value IS NOT NULL ` +
    // Equal counts in value order (Cypher's order of values; PostgreSQL orders the same way).
    `WITH value, count(*) AS c ORDER BY c DESC, value ` +
    `WITH collect({v: value, c: c}) AS rows, sum(c) AS total, count(*) AS dc ` +
    `RETURN rows[0..${limit}] AS top, total, dc`;
  const records = await s.readOne(cypher, c.params.values);
  const row = records[0];
  const top = (row?.get('top') as Array<{ v: unknown; c: unknown }> | undefined) ?? [];
  return {
    property,
    values: top.map((t) => ({ value: serializeValue(t.v), count: toNumber(t.c) })),
    total: toNumber(row?.get('total')),
    distinct: toNumber(row?.get('dc')),
  };
}

export async function sample(s: StoreInternals, limit: number, scope: AccessScope): Promise<Subgraph> {
  const c = s.compiler(scope);
  const n = c.params.add(neo4j.int(s.limit(limit, DEFAULT_FIND_LIMIT)), 'limit');
  const nodeWhere = c.nodeVisible('n');
  const relWhere = c.relationshipVisible('r', 'a', 'b');
  const nodesQuery = `MATCH (n)${nodeWhere === TRUE ? '' : ` WHERE ${nodeWhere}`} WITH n LIMIT ${n} RETURN ${c.nodeProjection('n')} AS item`;
  const relsQuery = `MATCH (a)-[r]->(b)${relWhere === TRUE ? '' : ` WHERE ${relWhere}`} WITH r LIMIT ${n} RETURN ${c.relationshipProjection('r')} AS item`;
  return s.read(async (tx) => ({
    nodes: (await run(tx, nodesQuery, c.params.values)).map((r) => nodeFromProjection(r.get('item'))),
    relationships: (await run(tx, relsQuery, c.params.values)).map((r) => relationshipFromProjection(r.get('item'))),
  }));
}
