import neo4j from 'neo4j-driver';
import { BadRequestError, GraphUnavailableError } from '../../../errors';
import type { SchemaIndex, SchemaIndexInput } from '../../graph-store';
import { assertIdentifier, assertIdentifiers } from '../../identifiers';
import type { Dialect } from '../dialect';
import { createIndexCypher, dropIndexCypher, listIndexesCypher } from '../dialect';
import { run } from './helpers';
import type { StoreInternals } from './store-internals';

/* Schema indexes: the property indexes listed, created and dropped, whatever the server's version calls them. */

export interface RawIndex {
  name: string;
  entity: 'node' | 'relationship';
  tokens: string[];
  properties: string[];
  state: string;
  progress: number;
  fulltext: boolean;
  /** Backs a uniqueness / key constraint: not dropped by dropIndex. */
  constraint: boolean;
  /** BTREE (4.x) / RANGE (5.x) / node_label_property (3.5): the kind createIndex makes. */
  plain: boolean;
  failureMessage?: string;
}

export async function rawIndexes(s: StoreInternals): Promise<RawIndex[]> {
  const dialect = s.dialect;
  const records = await s.readOne(listIndexesCypher(dialect));
  const out: RawIndex[] = [];
  for (const r of records) {
    const parsed = parseIndexRecord(dialect, r);
    if (parsed) out.push(parsed);
  }
  return out;
}

export async function listIndexes(s: StoreInternals): Promise<SchemaIndex[]> {
  return (await rawIndexes(s)).filter((i) => !i.fulltext && i.tokens.length === 1).map(toSchemaIndex);
}

export async function createIndex(s: StoreInternals, input: SchemaIndexInput): Promise<SchemaIndex> {
  const normalised = normaliseIndexInput(input);
  const existing = findIndex(await rawIndexes(s), normalised, false);
  if (existing) return toSchemaIndex(existing);
  const query = createIndexCypher(s.dialect, normalised);
  await s.write((tx) => run(tx, query));
  const made = findIndex(await rawIndexes(s), normalised, false);
  if (!made) throw new GraphUnavailableError('Neo4j accepted the index but does not list it');
  return toSchemaIndex(made);
}

export async function dropIndex(s: StoreInternals, input: SchemaIndexInput): Promise<boolean> {
  const normalised = normaliseIndexInput(input);
  const existing = findIndex(await rawIndexes(s), normalised, true);
  if (!existing) return false;
  const query = dropIndexCypher(s.dialect, normalised, existing.name);
  await s.write((tx) => run(tx, query));
  return true;
}

export function normaliseIndexInput(input: SchemaIndexInput): SchemaIndexInput {
  if (input.entity !== 'node' && input.entity !== 'relationship')
    throw new BadRequestError('entity must be node or relationship', 'INVALID_INDEX');
  const token = assertIdentifier(input.entity === 'node' ? 'label' : 'relationship type', input.token);
  const properties = assertIdentifiers('property', input.properties ?? []);
  if (properties.length === 0) throw new BadRequestError('An index needs at least one property', 'INVALID_INDEX');
  return { entity: input.entity, token, properties };
}

export function findIndex(indexes: RawIndex[], input: SchemaIndexInput, forDrop: boolean): RawIndex | undefined {
  const same = (i: RawIndex) =>
    !i.fulltext &&
    i.entity === input.entity &&
    i.tokens.length === 1 &&
    i.tokens[0] === input.token &&
    i.properties.length === input.properties.length &&
    i.properties.every((p, k) => p === input.properties[k]);
  const candidates = indexes.filter(same);
  if (forDrop) return candidates.find((i) => !i.constraint && i.plain) ?? candidates.find((i) => !i.constraint);
  // createIndex makes a BTREE (4.x) / RANGE (5.x) / node_label_property (3.5) index. A TEXT or
  // POINT index on the same schema (4.4, 5.x) does not serve equality and range lookups and does
  // not stop CREATE INDEX: it must not count as the index asked for. A constraint-backed index
  // does (and CREATE INDEX would fail on it).
  return candidates.find((i) => i.plain && !i.constraint) ?? candidates.find((i) => i.plain || i.constraint);
}

export function toSchemaIndex(index: RawIndex): SchemaIndex {
  return {
    name: index.name,
    entity: index.entity,
    token: index.tokens[0],
    properties: index.properties,
    state: index.state === 'ONLINE' ? 'ONLINE' : index.state === 'FAILED' ? 'FAILED' : 'POPULATING',
  };
}

/**
 * One row of CALL db.indexes() (3.5: indexName, tokenNames, properties, state, type
 * node_label_property | node_unique_property | node_fulltext | relationship_fulltext, progress,
 * failureMessage; 4.0/4.1: name, labelsOrTypes, entityType, type, uniqueness, populationPercent) or
 * of SHOW INDEXES (4.2+: name, state, populationPercent, type BTREE | RANGE | TEXT | POINT |
 * FULLTEXT | LOOKUP | VECTOR, entityType, labelsOrTypes, properties, uniqueness (4.x) /
 * owningConstraint (5.x)). Token lookup and vector indexes are skipped.
 */
export function parseIndexRecord(dialect: Dialect, r: { has(key: string): boolean; get(key: string): unknown }): RawIndex | null {
  const value = (key: string) => (r.has(key) ? r.get(key) : undefined);
  // The columns read as text are strings in every Neo4j version; anything else reads as absent.
  const str = (v: unknown, fallback = ''): string => (typeof v === 'string' ? v : fallback);
  const list = (v: unknown) => (Array.isArray(v) ? (v as unknown[]).map(String) : []);
  const num = (v: unknown) => (v === undefined || v === null ? 0 : neo4j.isInt(v) ? (v as { toNumber(): number }).toNumber() : Number(v));
  if (dialect.kind === 'v3') {
    const type = str(value('type'));
    const name = str(value('indexName') ?? value('description'));
    return {
      name,
      entity: type.startsWith('relationship') ? 'relationship' : 'node',
      tokens: r.has('tokenNames') ? list(value('tokenNames')) : value('label') !== undefined ? [String(value('label'))] : [],
      properties: list(value('properties')),
      state: str(value('state')),
      progress: num(value('progress')),
      fulltext: type.endsWith('_fulltext'),
      constraint: type === 'node_unique_property',
      plain: type === 'node_label_property',
      failureMessage: typeof value('failureMessage') === 'string' ? (value('failureMessage') as string) : undefined,
    };
  }
  const type = str(value('type')).toUpperCase();
  if (type === 'LOOKUP' || type === 'VECTOR') return null;
  const tokens = list(value('labelsOrTypes'));
  if (tokens.length === 0) return null;
  const uniqueness = str(value('uniqueness'));
  const owning = value('owningConstraint');
  return {
    name: str(value('name')),
    entity: str(value('entityType'), 'NODE').toUpperCase() === 'RELATIONSHIP' ? 'relationship' : 'node',
    tokens,
    properties: list(value('properties')),
    state: str(value('state')),
    progress: num(value('populationPercent')),
    fulltext: type === 'FULLTEXT' || type.endsWith('_FULLTEXT'),
    constraint: uniqueness === 'UNIQUE' || (owning !== undefined && owning !== null),
    // 4.4 also lists RANGE / POINT indexes made for the move to 5.x, which its planner does not use.
    plain: dialect.kind === 'v4' ? type === 'BTREE' : type === 'RANGE',
    failureMessage: typeof value('failureMessage') === 'string' ? (value('failureMessage') as string) : undefined,
  };
}
