import neo4j from 'neo4j-driver';
import { NotImplementedError } from '../../errors';
import type { SchemaIndexInput } from '../graph-store';
import { cypherIdentifier } from '../identifiers';

/**
 * Per-version Cypher forms. Chosen once at init from `CALL dbms.components()`.
 *
 *  - 3.5: id(n) (integer ids), CALL db.indexes() (columns description, indexName, tokenNames, properties,
 *    state, type, progress, provider, id, failureMessage), CREATE INDEX ON :L(p) / DROP INDEX ON :L(p),
 *    fulltext through db.index.fulltext.* procedures, no relationship property indexes, no database
 *    selection (Bolt 3 refuses a database name), access mode not enforced by a single server.
 *  - 4.x: id(n), SHOW INDEXES from 4.2 (CALL db.indexes() before), CREATE INDEX name [IF NOT EXISTS]
 *    FOR (n:L) ON (n.p), DROP INDEX name, relationship indexes and CREATE FULLTEXT INDEX from 4.3,
 *    database selection via session({ database }) (not on 4.0 / 4.1: neo4j-driver 5 offers Bolt 5.x,
 *    4.4-4.2 and 3, so those servers speak Bolt 3; the store then drops the name, see init()).
 *  - 5.x and calendar versions (2025.x and later): elementId(n) (string ids), SHOW INDEXES,
 *    CREATE FULLTEXT INDEX ... ON EACH [...], db.index.fulltext.drop removed (DROP INDEX name).
 */
export type DialectKind = 'v3' | 'v4' | 'v5';

export interface ServerVersion {
  major: number;
  minor: number;
  patch: number;
  raw: string;
}

export interface Dialect {
  kind: DialectKind;
  version: ServerVersion;
  /** The id function: id (3.5, 4.x) or elementId (5.x). */
  idFunction: 'id' | 'elementId';
  /** Session may name a database (Bolt 4+). */
  multiDatabase: boolean;
  /** How to list indexes. */
  indexListing: 'db.indexes' | 'show';
  /** CREATE INDEX name FOR ... ON ... (4.0+); otherwise CREATE INDEX ON :L(p). */
  namedIndexes: boolean;
  /** IF NOT EXISTS / IF EXISTS on index commands (4.1+). */
  ifNotExists: boolean;
  /** Relationship property indexes (4.3+). */
  relationshipIndexes: boolean;
  /** CREATE FULLTEXT INDEX DDL (4.3+); otherwise db.index.fulltext.createNodeIndex / drop. */
  fulltextDdl: boolean;
  /** Password change: HTTP endpoint (3.5) or ALTER CURRENT USER on the system database (4.0+). */
  passwordChange: 'http' | 'alter-current-user';
}

export function parseServerVersion(raw: string): ServerVersion {
  const match = /^\s*(?:neo4j\/)?(\d+)(?:\.(\d+))?(?:\.(\d+))?/i.exec(raw ?? '');
  if (!match) throw new Error(`Cannot read the Neo4j version from ${JSON.stringify(raw)}`);
  return { major: Number(match[1]), minor: Number(match[2] ?? 0), patch: Number(match[3] ?? 0), raw: String(raw).trim() };
}

export function chooseDialect(versionString: string): Dialect {
  const version = parseServerVersion(versionString);
  const { major, minor } = version;
  if (major < 3 || (major === 3 && minor < 5)) {
    throw new NotImplementedError(`Neo4j ${version.raw} is not supported (3.5, 4.4 and 5.x are)`, 'GRAPH_VERSION_UNSUPPORTED');
  }
  if (major === 3) {
    return {
      kind: 'v3',
      version,
      idFunction: 'id',
      multiDatabase: false,
      indexListing: 'db.indexes',
      namedIndexes: false,
      ifNotExists: false,
      relationshipIndexes: false,
      fulltextDdl: false,
      passwordChange: 'http',
    };
  }
  if (major === 4) {
    return {
      kind: 'v4',
      version,
      idFunction: 'id',
      multiDatabase: true,
      indexListing: minor >= 2 ? 'show' : 'db.indexes',
      namedIndexes: true,
      ifNotExists: minor >= 1,
      relationshipIndexes: minor >= 3,
      fulltextDdl: minor >= 3,
      passwordChange: 'alter-current-user',
    };
  }
  // 5.x and the calendar-versioned releases (2025.01 and later) share the 5.x forms.
  return {
    kind: 'v5',
    version,
    idFunction: 'elementId',
    multiDatabase: true,
    indexListing: 'show',
    namedIndexes: true,
    ifNotExists: true,
    relationshipIndexes: true,
    fulltextDdl: true,
    passwordChange: 'alter-current-user',
  };
}

/** `id(v)` or `elementId(v)`. */
export function idExpr(dialect: Dialect, variable: string): string {
  return `${dialect.idFunction}(${variable})`;
}

const NUMERIC_ID = /^(0|[1-9]\d{0,18})$/;

/**
 * Converts a port id (string) to the parameter value the dialect compares with: an Integer for
 * id() (3.5, 4.x), the string itself for elementId() (5.x). Returns undefined for ids that cannot
 * exist in this dialect (they then match nothing, like an absent element).
 */
export function encodeId(dialect: Dialect, id: string): unknown {
  if (typeof id !== 'string') return undefined;
  if (dialect.idFunction === 'elementId') return id;
  if (!NUMERIC_ID.test(id)) return undefined;
  const value = neo4j.int(id);
  return value.greaterThan(neo4j.int('9223372036854775807')) ? undefined : value;
}

export function encodeIds(dialect: Dialect, ids: readonly string[]): unknown[] {
  const out: unknown[] = [];
  for (const id of ids) {
    const encoded = encodeId(dialect, id);
    if (encoded !== undefined) out.push(encoded);
  }
  return out;
}

/** The keyset start for streaming in id order (below every id). */
export function idKeysetStart(dialect: Dialect): unknown {
  return dialect.idFunction === 'elementId' ? '' : neo4j.int(-1);
}

/** A deterministic index name for the 4.x/5.x named forms. */
export function indexName(input: SchemaIndexInput): string {
  const raw = `gas_${input.entity === 'node' ? 'n' : 'r'}_${input.token}_${input.properties.join('_')}`;
  // Names are backtick-quoted; keep them within the identifier rules (128 characters).
  return raw.length <= 120 ? raw : `${raw.slice(0, 100)}_${simpleHash(raw)}`;
}

function simpleHash(text: string): string {
  let h = 5381;
  for (let i = 0; i < text.length; i++) h = ((h * 33) ^ text.charCodeAt(i)) >>> 0;
  return h.toString(36);
}

function notSupported(dialect: Dialect, what: string): NotImplementedError {
  return new NotImplementedError(
    `${what} needs Neo4j 4.3 or later (connected to ${dialect.version.raw})`,
    'NOT_SUPPORTED_BY_GRAPH_VERSION',
  );
}

/** The Cypher command creating a property index. */
export function createIndexCypher(dialect: Dialect, input: SchemaIndexInput, name = indexName(input)): string {
  const properties = input.properties.map((p) => cypherIdentifier('property', p));
  if (properties.length === 0) throw new NotImplementedError('An index needs at least one property', 'INDEX_NEEDS_PROPERTIES');
  if (input.entity === 'relationship') {
    if (!dialect.relationshipIndexes) throw notSupported(dialect, 'A relationship property index');
    const type = cypherIdentifier('relationship type', input.token);
    return `CREATE INDEX ${cypherIdentifier('property', name)}${dialect.ifNotExists ? ' IF NOT EXISTS' : ''} FOR ()-[r:${type}]-() ON (${properties.map((p) => `r.${p}`).join(', ')})`;
  }
  const label = cypherIdentifier('label', input.token);
  if (!dialect.namedIndexes) return `CREATE INDEX ON :${label}(${properties.join(', ')})`;
  return `CREATE INDEX ${cypherIdentifier('property', name)}${dialect.ifNotExists ? ' IF NOT EXISTS' : ''} FOR (n:${label}) ON (${properties.map((p) => `n.${p}`).join(', ')})`;
}

/** The Cypher command dropping a property index found under `name` with the schema `input`. */
export function dropIndexCypher(dialect: Dialect, input: SchemaIndexInput, name: string): string {
  if (!dialect.namedIndexes) {
    if (input.entity === 'relationship') throw notSupported(dialect, 'A relationship property index');
    return `DROP INDEX ON :${cypherIdentifier('label', input.token)}(${input.properties.map((p) => cypherIdentifier('property', p)).join(', ')})`;
  }
  return `DROP INDEX ${cypherIdentifier('property', name)}${dialect.ifNotExists ? ' IF EXISTS' : ''}`;
}

export interface FulltextCommand {
  query: string;
  params: Record<string, unknown>;
}

/** Creates the node fulltext index `name` over labels × properties. */
export function createFulltextCypher(dialect: Dialect, name: string, labels: string[], properties: string[]): FulltextCommand {
  const quotedLabels = labels.map((l) => cypherIdentifier('label', l));
  const quotedProps = properties.map((p) => cypherIdentifier('property', p));
  if (!dialect.fulltextDdl) {
    // Values (name, labels, properties) are procedure arguments: parameters, not text.
    return { query: 'CALL db.index.fulltext.createNodeIndex($name, $labels, $properties)', params: { name, labels, properties } };
  }
  return {
    query: `CREATE FULLTEXT INDEX ${cypherIdentifier('property', name)}${dialect.ifNotExists ? ' IF NOT EXISTS' : ''} FOR (n:${quotedLabels.join('|')}) ON EACH [${quotedProps.map((p) => `n.${p}`).join(', ')}]`,
    params: {},
  };
}

export function dropFulltextCypher(dialect: Dialect, name: string): FulltextCommand {
  if (!dialect.fulltextDdl) return { query: 'CALL db.index.fulltext.drop($name)', params: { name } };
  return { query: `DROP INDEX ${cypherIdentifier('property', name)}${dialect.ifNotExists ? ' IF EXISTS' : ''}`, params: {} };
}

/** Lists every index (property, constraint-backed and fulltext). */
export function listIndexesCypher(dialect: Dialect): string {
  return dialect.indexListing === 'show' ? 'SHOW INDEXES' : 'CALL db.indexes()';
}
