import neo4j, { Driver, ManagedTransaction, Record as Neo4jRecord, Result, Session } from 'neo4j-driver';
import type { Logger } from 'pino';
import { BadRequestError, ConflictError, GraphTimeoutError, GraphUnavailableError, NotFoundError } from '../../errors';
import type {
  AccessScope,
  BulkImportBatch,
  BulkImportOptions,
  BulkImportResult,
  CypherOptions,
  CypherResult,
  CreatedElements,
  DeletedCreated,
  DeletedElements,
  ExploreQuery,
  ExploreResult,
  Filter,
  FindQuery,
  FindResult,
  FrequencyQuery,
  FrequencyResult,
  FulltextConfig,
  FulltextStatus,
  GraphId,
  GraphNode,
  GraphPath,
  GraphRelationship,
  GraphStore,
  ImportBatch,
  ImportBatchResult,
  NodeRef,
  NodeUpdate,
  NodeInput,
  PathQuery,
  PropertyPatch,
  RelationshipInput,
  SchemaIndex,
  SchemaIndexInput,
  ServerInfo,
  Subgraph,
} from '../graph-store';
import { assertFilter, assertIdentifier, assertIdentifiers, cypherIdentifier, isValidIdentifier } from '../identifiers';
import { and, assertInteger, CypherCompiler, luceneQuery, TRUE } from './cypher-filter';
import {
  chooseDialect,
  createFulltextCypher,
  createIndexCypher,
  Dialect,
  dropFulltextCypher,
  dropIndexCypher,
  encodeId,
  idKeysetStart,
  listIndexesCypher,
} from './dialect';
import { neo4jBulkImport } from './bulk-import';
import { GraphPasswordChangeRequiredError, mapNeo4jError, MapErrorContext } from './errors';
import { listProceduresCypher, ProcedureCatalogue } from './procedures';
import { checkPlan, prepareUserQuery } from './user-cypher';
import { withNoDelaySockets } from './tcp-nodelay';
import { orderedStream } from './ordered-stream';
import {
  idToString,
  nodeFromProjection,
  pathFromProjection,
  relationshipFromProjection,
  serializeValue,
  toCypherParam,
  toPropertyMap,
  toPropertyValue,
} from './serialize';

export interface Neo4jGraphStoreOptions {
  url: string;
  username: string;
  password: string;
  /** Database name (4.0+); ignored on 3.5. Empty = the server's default database. */
  database?: string;
  queryTimeoutMs: number;
  /** Cap on list results (find limit, sample, paths); default 10000. */
  maxRows?: number;
  logger?: Logger;
  /** TCP connect time limit of a new connection (driver connectionTimeout); default 3000. */
  connectionTimeoutMs?: number;
  /** Longest wait for a pooled or new connection (driver connectionAcquisitionTimeout); default 5000. */
  connectionAcquisitionTimeoutMs?: number;
  /** How long the driver retries a transaction after transient / connection errors; default 2000. */
  maxTransactionRetryTimeMs?: number;
  /**
   * Client-side deadline of every adapter call beyond queryTimeoutMs; default 2000. Neo4j stops a
   * query itself at queryTimeoutMs (504 GRAPH_TIMEOUT); a server that says nothing for
   * queryTimeoutMs + this grace (frozen process, lost network, stuck handshake) is unavailable: 503.
   */
  deadlineGraceMs?: number;
  /** Rows an export may receive ahead of its consumer before the statement is stopped and resumed later; default 10000. */
  streamBufferRows?: number;
}

/** Driver settings derived from the options (exported for the unit tests). */
export function driverConfig(options: Pick<Neo4jGraphStoreOptions, 'connectionTimeoutMs' | 'connectionAcquisitionTimeoutMs' | 'maxTransactionRetryTimeMs'>) {
  return {
    userAgent: 'graph-analytics-service',
    disableLosslessIntegers: false,
    connectionTimeout: options.connectionTimeoutMs ?? 3000,
    connectionAcquisitionTimeout: options.connectionAcquisitionTimeoutMs ?? 5000,
    maxTransactionRetryTime: options.maxTransactionRetryTimeMs ?? 2000,
  };
}

/** Name of the one node fulltext index the service manages. */
export const FULLTEXT_INDEX_NAME = 'gas_fulltext';
/** Rows per UNWIND batch (Neo4j 3.5 keeps the parameters of the last 8192 queries on its heap). */
export const IMPORT_BATCH_ROWS = 1000;
/** Rows streamNodes / streamRelationships receive ahead of a slow consumer before they pause the statement (ordered-stream.ts). */
export const STREAM_BUFFER_ROWS = 10_000;

const DEFAULT_FIND_LIMIT = 100;
const DEFAULT_EXPLORE_LIMIT = 100;
const DEFAULT_PATH_LIMIT = 100;
const DEFAULT_FREQUENCY_LIMIT = 20;
const DEFAULT_SHORTEST_DEPTH = 10;
const MAX_SHORTEST_DEPTH = 32;
const DEFAULT_INDIRECT_DEPTH = 3;
const MAX_INDIRECT_DEPTH = 10;
const FULLTEXT_CACHE_MS = 10_000;

interface RawIndex {
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

type Tx = ManagedTransaction;

async function run(tx: Tx, query: string, params: Record<string, unknown> = {}): Promise<Neo4jRecord[]> {
  const result = await tx.run(query, params);
  return result.records;
}

/**
 * A page shorter than the limit (and not past the end) already tells the total: skip + its
 * length, read in the same transaction. Undefined when the count statement is needed.
 */
export function shortPageTotal(skip: number, limit: number, length: number): number | undefined {
  return limit > 0 && length < limit && (length > 0 || skip === 0) ? skip + length : undefined;
}

function toNumber(value: unknown): number {
  if (neo4j.isInt(value)) return (value as { toNumber(): number }).toNumber();
  return typeof value === 'number' ? value : Number(value ?? 0);
}

function get(record: Neo4jRecord, key: string): unknown {
  return record.has(key) ? record.get(key) : undefined;
}

export class Neo4jGraphStore implements GraphStore {
  readonly backend = 'neo4j' as const;
  private driver: Driver | null = null;
  private dialectValue: Dialect | null = null;
  private info: ServerInfo | null = null;
  private fulltextCache: { at: number; status: FulltextStatus } | null = null;
  private readonly maxRows: number;
  /** The server refused a database name at init (Bolt 3: Neo4j 3.5, or 4.0 / 4.1 with this driver). */
  private databaseRefused = false;
  /**
   * One bookmark manager for every session of this store: a read that follows a write (createIndex
   * then SHOW INDEXES, a write then the next request) sees it on every cluster member the routing
   * driver picks. Sessions do not share bookmarks otherwise; on a single server it changes nothing.
   */
  private bookmarks = neo4j.bookmarkManager();

  /** Procedure name -> mode, for the checks of user queries (procedures.ts). */
  private readonly procedureCatalogue = new ProcedureCatalogue(async () => {
    const records = await this.readOne(listProceduresCypher(this.dialect));
    return new Map(records.map((r) => [String(r.get('name')), String(r.get('mode'))]));
  });
  /** `deps.driver` replaces the real driver (unit tests record the generated Cypher with it). */
  constructor(
    private readonly options: Neo4jGraphStoreOptions,
    deps: { driver?: Driver } = {},
  ) {
    this.maxRows = options.maxRows ?? 10_000;
    this.driver = deps.driver ?? null;
  }

  get dialect(): Dialect {
    if (!this.dialectValue) throw new GraphUnavailableError('The graph store is not initialised (init() was not called or failed)');
    return this.dialectValue;
  }

  // -------------------------------------------------------------------------------------------
  // Lifecycle

  async init(): Promise<void> {
    if (!this.driver) {
      try {
        this.driver = neo4j.driver(this.options.url, neo4j.auth.basic(this.options.username, this.options.password), driverConfig(this.options));
      } catch (error) {
        throw new GraphUnavailableError(`Invalid graphdb.connector.url ${JSON.stringify(this.options.url)}: ${(error as Error).message}`);
      }
    }
    const components = await this.components();
    const dialect = chooseDialect(components.version);
    // neo4j-driver 5 offers Bolt 5.x, 4.4-4.2 and 3: a 4.0 / 4.1 server answers with Bolt 3, which
    // cannot name a database either (the driver refuses it before sending).
    this.dialectValue = this.databaseRefused && dialect.multiDatabase ? { ...dialect, multiDatabase: false } : dialect;
    this.info = { backend: 'neo4j', version: components.version, edition: components.edition };
    if (!this.dialectValue.multiDatabase && this.options.database) {
      this.options.logger?.warn(
        { database: this.options.database, version: components.version },
        'This Neo4j server (or its Bolt protocol version) cannot select a database: graphdb.connector.database is ignored',
      );
    }
    this.options.logger?.info({ version: components.version, edition: components.edition, dialect: this.dialectValue.kind }, 'Connected to Neo4j');
  }

  async close(): Promise<void> {
    const driver = this.driver;
    this.driver = null;
    if (driver) await driver.close();
  }

  async serverInfo(): Promise<ServerInfo> {
    const components = await this.components();
    return { backend: 'neo4j', version: components.version, edition: components.edition };
  }

  /** CALL dbms.components() (3.5, 4.x, 5.x): name, versions, edition. */
  private async components(): Promise<{ version: string; edition: string }> {
    const driver = this.requireDriver();
    const query = 'CALL dbms.components() YIELD name, versions, edition RETURN name, versions, edition';
    const attempt = (database: string | undefined) => {
      const session = driver.session({ defaultAccessMode: neo4j.session.READ, bookmarkManager: this.bookmarks, ...(database ? { database } : {}) });
      return this.withDeadline(session, () => session.executeRead((tx) => run(tx, query), { timeout: this.options.queryTimeoutMs }));
    };
    let records: Neo4jRecord[];
    try {
      const database = this.dialectValue ? this.databaseName() : this.options.database || undefined;
      try {
        records = await attempt(database);
      } catch (error) {
        // Bolt 3 (Neo4j 3.5) refuses a database name: retry on the only database.
        if (database && /does not support multiple databases|upgrade to neo4j 4/i.test(String((error as Error).message))) {
          records = await attempt(undefined);
          this.databaseRefused = true;
        } else throw error;
      }
    } catch (error) {
      throw this.mapError(error);
    }
    const kernel = records.find((r) => r.get('name') === 'Neo4j Kernel') ?? records[0];
    if (!kernel) throw new GraphUnavailableError('Neo4j did not report its version (dbms.components() returned nothing)');
    const versions = kernel.get('versions') as string[];
    return { version: String(versions?.[0] ?? ''), edition: String(kernel.get('edition') ?? '') };
  }

  private requireDriver(): Driver {
    if (!this.driver) throw new GraphUnavailableError('The graph store is closed or not initialised');
    return this.driver;
  }

  private databaseName(): string | undefined {
    return this.dialectValue?.multiDatabase && this.options.database ? this.options.database : undefined;
  }

  private session(mode: 'READ' | 'WRITE'): Session {
    const database = this.databaseName();
    return this.requireDriver().session({
      defaultAccessMode: mode === 'READ' ? neo4j.session.READ : neo4j.session.WRITE,
      bookmarkManager: this.bookmarks,
      ...(database ? { database } : {}),
    });
  }

  private mapError(error: unknown, context?: MapErrorContext): unknown {
    const mapped = mapNeo4jError(error, context);
    if (mapped instanceof GraphPasswordChangeRequiredError) {
      this.options.logger?.error('Neo4j requires a password change (Neo.ClientError.Security.CredentialsExpired): run `npm run graphdb:password`');
    } else if (mapped instanceof GraphUnavailableError) {
      this.options.logger?.warn({ err: { code: (error as { code?: string })?.code, message: (error as Error)?.message } }, mapped.message);
    }
    return mapped;
  }

  /** queryTimeoutMs + deadlineGraceMs: no adapter call waits longer for the server. */
  private get deadlineMs(): number {
    return this.options.queryTimeoutMs + (this.options.deadlineGraceMs ?? 2000);
  }

  /**
   * Runs work on a session and closes it, racing a client-side deadline: a server that accepts TCP
   * but does not answer (frozen process) makes the call fail with 503 GRAPH_UNAVAILABLE after
   * deadlineMs instead of hanging. On expiry the session is closed in the background (its
   * connection is released when the server answers or the socket dies), never awaited.
   */
  private async withDeadline<T>(session: Session, work: () => Promise<T>): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    let expired = false;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        expired = true;
        reject(new GraphUnavailableError(`The graph database did not answer within ${this.deadlineMs} ms`));
      }, this.deadlineMs);
    });
    try {
      return await Promise.race([withNoDelaySockets(work), deadline]);
    } catch (error) {
      if (expired) {
        this.options.logger?.warn({ deadlineMs: this.deadlineMs }, 'Neo4j did not answer within the deadline; the call failed with 503');
        // A server that stops answering may come back as another store (restored or replaced): it
        // would wait for bookmarks of transactions it never had on every call. Start afresh.
        this.bookmarks = neo4j.bookmarkManager();
        throw error;
      }
      if (/Bookmark/i.test(String((error as { code?: unknown })?.code ?? ''))) this.bookmarks = neo4j.bookmarkManager();
      throw this.mapError(error);
    } finally {
      if (timer) clearTimeout(timer);
      if (expired) void session.close().catch(() => undefined);
      else await session.close().catch(() => undefined);
    }
  }

  /** Read work in a read transaction (retried by the driver on transient errors for maxTransactionRetryTimeMs). */
  private read<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    const session = this.session('READ');
    return this.withDeadline(session, () => session.executeRead(work, { timeout: this.options.queryTimeoutMs }));
  }

  /**
   * One read statement as an auto-commit transaction in a READ session: one round trip (RUN and
   * PULL), where a read transaction pays BEGIN with the statement and then COMMIT on a round trip
   * of its own (about 0.5 to 1 ms per call on Neo4j 3.5, the difference between the adapter's
   * lookups and the raw query in bench:graph). Neo4j isolates one statement as it does one
   * transaction (read committed), so nothing is lost. Retried on the driver's retriable errors
   * for maxTransactionRetryTimeMs, as executeRead is.
   */
  private readOne(query: string, params: Record<string, unknown> = {}): Promise<Neo4jRecord[]> {
    const session = this.session('READ');
    return this.withDeadline(session, async () => {
      const started = Date.now();
      for (let attempt = 1; ; attempt++) {
        try {
          return (await session.run(query, params, { timeout: this.options.queryTimeoutMs })).records;
        } catch (error) {
          if (!neo4j.isRetriableError(error) || Date.now() - started >= (this.options.maxTransactionRetryTimeMs ?? 2000)) throw error;
          await new Promise((resolve) => setTimeout(resolve, Math.min(1000, 50 * 2 ** attempt)));
        }
      }
    });
  }

  /** Write work in one write transaction (retried by the driver on transient errors for maxTransactionRetryTimeMs). */
  private write<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    const session = this.session('WRITE');
    return this.withDeadline(session, () => session.executeWrite(work, { timeout: this.options.queryTimeoutMs }));
  }

  private compiler(scope: AccessScope): CypherCompiler {
    return new CypherCompiler(this.dialect, scope);
  }

  private limit(value: number | undefined, fallback: number, name = 'limit'): number {
    if (value === undefined) return Math.min(fallback, this.maxRows);
    return Math.min(assertInteger(name, value, 0, Number.MAX_SAFE_INTEGER), this.maxRows);
  }

  // -------------------------------------------------------------------------------------------
  // Reads by id

  async getNodes(ids: GraphId[], scope: AccessScope, properties?: string[]): Promise<GraphNode[]> {
    if (ids.length === 0) return [];
    const c = this.compiler(scope);
    const idsRef = c.idsParam(ids);
    const query = `MATCH (n) WHERE ${and(`${c.id('n')} IN ${idsRef}`, c.nodeVisible('n'))} RETURN ${c.nodeProjection('n', properties)} AS item`;
    const records = await this.readOne(query, c.params.values);
    return orderByIds(records.map((r) => nodeFromProjection(r.get('item'))), ids);
  }

  async getRelationships(ids: GraphId[], scope: AccessScope, properties?: string[]): Promise<GraphRelationship[]> {
    if (ids.length === 0) return [];
    const c = this.compiler(scope);
    const idsRef = c.idsParam(ids);
    const query = `MATCH (a)-[r]->(b) WHERE ${and(`${c.id('r')} IN ${idsRef}`, c.relationshipVisible('r', 'a', 'b'))} RETURN ${c.relationshipProjection('r', properties)} AS item`;
    const records = await this.readOne(query, c.params.values);
    return orderByIds(records.map((r) => relationshipFromProjection(r.get('item'))), ids);
  }

  // -------------------------------------------------------------------------------------------
  // Search

  /** MATCH part and WHERE conditions for a node search (fulltext when online, else a scan). */
  private async nodeSearch(c: CypherCompiler, query: Pick<FindQuery, 'filter' | 'text'>): Promise<{ match: string; where: string; scored: boolean }> {
    if (query.filter) assertFilter(query.filter);
    const text = query.text?.trim();
    let match = 'MATCH (n)';
    let textCondition: string = TRUE;
    let scored = false;
    if (text) {
      const status = await this.cachedFulltextStatus();
      const lucene = luceneQuery(text);
      if (status.state === 'ONLINE' && status.config && lucene) {
        match = `CALL db.index.fulltext.queryNodes(${c.params.add(FULLTEXT_INDEX_NAME, 'ft')}, ${c.params.add(lucene, 'ftq')}) YIELD node, score WITH node AS n, score`;
        scored = true;
        // A hit may come from a property this scope hides: re-check on the visible indexed ones.
        if (c.hasPropertyRules('node')) textCondition = c.anyWordMatch('node', 'n', text, status.config.properties);
      } else {
        textCondition = c.textMatch('node', 'n', text);
      }
    }
    const where = and(c.nodeVisible('n'), query.filter ? c.filter(query.filter, 'n', 'node') : undefined, textCondition);
    return { match, where, scored };
  }

  async findNodes(query: FindQuery, scope: AccessScope): Promise<FindResult<GraphNode>> {
    const c = this.compiler(scope);
    const { match, where, scored } = await this.nodeSearch(c, query);
    const skipCount = assertInteger('skip', query.skip ?? 0, 0, Number.MAX_SAFE_INTEGER);
    const limitCount = this.limit(query.limit, DEFAULT_FIND_LIMIT);
    const skip = c.params.add(neo4j.int(skipCount), 'skip');
    const limit = c.params.add(neo4j.int(limitCount), 'limit');
    const fallback = scored && !query.sort?.length ? `score DESC, ${c.id('n')}` : c.id('n');
    const carry = scored ? 'n, score' : 'n';
    const whereClause = where === TRUE ? '' : ` WHERE ${where}`;
    const order = c.orderBy('node', 'n', query.sort, fallback);
    const bound = query.countLimit;
    if (bound !== undefined && Number.isInteger(bound) && bound >= 0 && limitCount > 0 && skipCount + limitCount <= bound + 1) {
      // A bounded count (text search): ONE statement takes the first bound + 1 matches in the
      // page's order (a top-N, bounded memory), counts them and cuts the page from them, where a
      // full page needed a second statement reading every match again to count it.
      const top = c.params.add(neo4j.int(bound + 1), 'top');
      const cypher =
        `${match}${whereClause} WITH ${carry} ORDER BY ${order} LIMIT ${top} WITH collect(n) AS gasAll ` +
        `RETURN size(gasAll) AS total, [gasN IN gasAll[${skip}..(${skip} + ${limit})] | ${c.nodeProjection('gasN', query.properties)}] AS items`;
      const record = (await this.readOne(cypher, c.params.values))[0];
      const counted = toNumber(record?.get('total'));
      const items = ((record?.get('items') as unknown[] | undefined) ?? []).map((item) => nodeFromProjection(item));
      return counted > bound ? { items, total: bound, totalIsLowerBound: true } : { items, total: counted };
    }
    const itemsQuery = `${match}${whereClause} WITH ${carry} ORDER BY ${order} SKIP ${skip} LIMIT ${limit} RETURN ${c.nodeProjection('n', query.properties)} AS item`;
    const countQuery = `${match}${whereClause} RETURN count(n) AS total`;
    // Auto-commit statements (readOne): the count only when the page does not tell the total.
    const items = (await this.readOne(itemsQuery, c.params.values)).map((r) => nodeFromProjection(r.get('item')));
    const known = shortPageTotal(skipCount, limitCount, items.length);
    const total = known ?? toNumber((await this.readOne(countQuery, c.params.values))[0]?.get('total'));
    return { items, total };
  }

  async findRelationships(query: FindQuery, scope: AccessScope): Promise<FindResult<GraphRelationship>> {
    const c = this.compiler(scope);
    if (query.filter) assertFilter(query.filter);
    const text = query.text?.trim();
    const where = and(
      c.relationshipVisible('r', 'a', 'b'),
      query.filter ? c.filter(query.filter, 'r', 'relationship') : undefined,
      text ? c.textMatch('relationship', 'r', text) : undefined,
    );
    const whereClause = where === TRUE ? '' : ` WHERE ${where}`;
    const skipCount = assertInteger('skip', query.skip ?? 0, 0, Number.MAX_SAFE_INTEGER);
    const limitCount = this.limit(query.limit, DEFAULT_FIND_LIMIT);
    const skip = c.params.add(neo4j.int(skipCount), 'skip');
    const limit = c.params.add(neo4j.int(limitCount), 'limit');
    const itemsQuery = `MATCH (a)-[r]->(b)${whereClause} WITH r ORDER BY ${c.orderBy('relationship', 'r', query.sort, c.id('r'))} SKIP ${skip} LIMIT ${limit} RETURN ${c.relationshipProjection('r', query.properties)} AS item`;
    const countQuery = `MATCH (a)-[r]->(b)${whereClause} RETURN count(r) AS total`;
    // Auto-commit statements (readOne): the count only when the page does not tell the total.
    const items = (await this.readOne(itemsQuery, c.params.values)).map((r) => relationshipFromProjection(r.get('item')));
    const known = shortPageTotal(skipCount, limitCount, items.length);
    const total = known ?? toNumber((await this.readOne(countQuery, c.params.values))[0]?.get('total'));
    return { items, total };
  }

  async *streamNodes(query: Pick<FindQuery, 'filter' | 'text' | 'properties'>, scope: AccessScope): AsyncIterable<GraphNode> {
    const c = this.compiler(scope);
    const { match, where } = await this.nodeSearch(c, query);
    const cypher = `${match} WHERE ${and(where, `${c.id('n')} > $after`)} WITH n ORDER BY ${c.id('n')} RETURN ${c.id('n')} AS k, ${c.nodeProjection('n', query.properties)} AS item`;
    for await (const batch of this.ordered(cypher, c.params.values)) for (const record of batch) yield nodeFromProjection(record.get('item'));
  }

  async *streamRelationships(query: Pick<FindQuery, 'filter' | 'properties'>, scope: AccessScope): AsyncIterable<GraphRelationship> {
    const c = this.compiler(scope);
    if (query.filter) assertFilter(query.filter);
    const where = and(c.relationshipVisible('r', 'a', 'b'), query.filter ? c.filter(query.filter, 'r', 'relationship') : undefined, `${c.id('r')} > $after`);
    const cypher = `MATCH (a)-[r]->(b) WHERE ${where} WITH r ORDER BY ${c.id('r')} RETURN ${c.id('r')} AS k, ${c.relationshipProjection('r', query.properties)} AS item`;
    for await (const batch of this.ordered(cypher, c.params.values)) for (const record of batch) yield relationshipFromProjection(record.get('item'));
  }

  /** One statement ordered by `k`, streamed with bounded memory (ordered-stream.ts); `$after` is bound here. */
  private ordered(cypher: string, params: Record<string, unknown>): AsyncGenerator<Neo4jRecord[]> {
    return orderedStream({
      start: idKeysetStart(this.dialect),
      bufferRows: this.options.streamBufferRows ?? STREAM_BUFFER_ROWS,
      mapError: (error) => this.mapError(error),
      idleDeadlineMs: this.deadlineMs,
      deadlineError: () => {
        this.options.logger?.warn({ deadlineMs: this.deadlineMs }, 'Neo4j did not answer within the deadline during a stream; it failed with 503');
        return new GraphUnavailableError(`The graph database did not answer within ${this.deadlineMs} ms`);
      },
      open: (after) => {
        const session = this.session('READ');
        let result!: Result;
        // Run inside the no-delay context, so a connection opened for it gets TCP_NODELAY.
        void withNoDelaySockets(async () => {
          result = session.run(cypher, { ...params, after }, { timeout: this.options.queryTimeoutMs });
        });
        return { session, result };
      },
    });
  }

  // -------------------------------------------------------------------------------------------
  // Schema of the data

  async labels(scope: AccessScope): Promise<string[]> {
    if (scope.unrestricted) {
      const records = await this.readOne('CALL db.labels() YIELD label RETURN label');
      return sortStrings(records.map((r) => r.get('label') as string));
    }
    // One probe per label in use and in scope: a label scan that the first visible node ends
    // (at most about one pass over the nodes when nothing is visible, far less otherwise).
    const c = this.compiler(scope);
    const visible = c.nodeVisible('n');
    const where = visible === TRUE ? '' : ` WHERE ${visible}`;
    return this.read(async (tx) => {
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

  async relationshipTypes(scope: AccessScope): Promise<string[]> {
    if (scope.unrestricted) {
      const records = await this.readOne('CALL db.relationshipTypes() YIELD relationshipType RETURN relationshipType');
      return sortStrings(records.map((r) => r.get('relationshipType') as string));
    }
    const c = this.compiler(scope);
    const visible = c.relationshipVisible('r', 'a', 'b');
    const query = `MATCH (a)-[r]->(b)${visible === TRUE ? '' : ` WHERE ${visible}`} RETURN DISTINCT type(r) AS type`;
    const records = await this.readOne(query, c.params.values);
    return sortStrings(records.map((r) => r.get('type') as string));
  }

  /**
   * Keys some visible element carries, computed from the data (db.propertyKeys() lists every token
   * ever created, also of deleted data). One pass over nodes and one over relationships, grouped
   * by key set first (far fewer distinct key sets than elements).
   */
  async propertyKeys(scope: AccessScope): Promise<string[]> {
    const c = this.compiler(scope);
    const nodeVisible = c.nodeVisible('n');
    const relVisible = c.relationshipVisible('r', 'a', 'b');
    const nodeProps = c.propertyVisible('node', 'n', 'gasK');
    const relProps = c.propertyVisible('relationship', 'r', 'gasK');
    const nodeKeys = `MATCH (n)${nodeVisible === TRUE ? '' : ` WHERE ${nodeVisible}`} WITH DISTINCT ${nodeProps === TRUE ? 'keys(n)' : `[gasK IN keys(n) WHERE ${nodeProps}]`} AS ks UNWIND ks AS key RETURN DISTINCT key`;
    const relMatch = relVisible === TRUE ? 'MATCH ()-[r]->()' : `MATCH (a)-[r]->(b) WHERE ${relVisible}`;
    const relKeys = `${relMatch} WITH DISTINCT ${relProps === TRUE ? 'keys(r)' : `[gasK IN keys(r) WHERE ${relProps}]`} AS ks UNWIND ks AS key RETURN DISTINCT key`;
    return this.read(async (tx) => {
      const keys = new Set<string>();
      for (const r of await run(tx, nodeKeys, c.params.values)) keys.add(r.get('key') as string);
      for (const r of await run(tx, relKeys, c.params.values)) keys.add(r.get('key') as string);
      return sortStrings([...keys]);
    });
  }

  async frequency(query: FrequencyQuery, scope: AccessScope): Promise<FrequencyResult> {
    const property = assertIdentifier('property', query.property);
    const c = this.compiler(scope);
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
    const records = await this.readOne(cypher, c.params.values);
    const row = records[0];
    const top = (row?.get('top') as Array<{ v: unknown; c: unknown }> | undefined) ?? [];
    return {
      property,
      values: top.map((t) => ({ value: serializeValue(t.v), count: toNumber(t.c) })),
      total: toNumber(row?.get('total')),
      distinct: toNumber(row?.get('dc')),
    };
  }

  async sample(limit: number, scope: AccessScope): Promise<Subgraph> {
    const c = this.compiler(scope);
    const n = c.params.add(neo4j.int(this.limit(limit, DEFAULT_FIND_LIMIT)), 'limit');
    const nodeWhere = c.nodeVisible('n');
    const relWhere = c.relationshipVisible('r', 'a', 'b');
    const nodesQuery = `MATCH (n)${nodeWhere === TRUE ? '' : ` WHERE ${nodeWhere}`} WITH n LIMIT ${n} RETURN ${c.nodeProjection('n')} AS item`;
    const relsQuery = `MATCH (a)-[r]->(b)${relWhere === TRUE ? '' : ` WHERE ${relWhere}`} WITH r LIMIT ${n} RETURN ${c.relationshipProjection('r')} AS item`;
    return this.read(async (tx) => ({
      nodes: (await run(tx, nodesQuery, c.params.values)).map((r) => nodeFromProjection(r.get('item'))),
      relationships: (await run(tx, relsQuery, c.params.values)).map((r) => relationshipFromProjection(r.get('item'))),
    }));
  }

  // -------------------------------------------------------------------------------------------
  // Traversal

  async directRelationships(a: GraphId[], b: GraphId[], scope: AccessScope, types?: string[]): Promise<GraphRelationship[]> {
    if (a.length === 0 || b.length === 0) return [];
    const c = this.compiler(scope);
    const where = and(
      `${c.id('x')} IN ${c.idsParam(a)}`,
      `${c.id('y')} IN ${c.idsParam(b)}`,
      c.relationshipVisible('r', 'x', 'y'),
      c.hasAnyType('r', types),
    );
    const query = `MATCH (x)-[r]-(y) WHERE ${where} WITH DISTINCT r LIMIT ${c.params.add(neo4j.int(this.maxRows), 'limit')} RETURN ${c.relationshipProjection('r')} AS item`;
    const records = await this.readOne(query, c.params.values);
    return dedupe(records.map((r) => relationshipFromProjection(r.get('item'))));
  }

  async indirectRelationships(nodeIds: GraphId[], query: PathQuery, scope: AccessScope): Promise<GraphPath[]> {
    if (nodeIds.length < 2) return [];
    const depth = assertInteger('maxDepth', query.maxDepth ?? DEFAULT_INDIRECT_DEPTH, 2, MAX_INDIRECT_DEPTH);
    const c = this.compiler(scope);
    const ids = c.idsParam(nodeIds);
    const direction = query.direction ?? 'both';
    const typePattern = c.typePattern(query.types);
    if (typePattern === null) return [];
    const rel = `[${typePattern}*2..${depth}]`;
    const pattern = direction === 'out' ? `(x)-${rel}->(y)` : direction === 'in' ? `(x)<-${rel}-(y)` : `(x)-${rel}-(y)`;
    const where = and(
      `${c.id('x')} IN ${ids}`,
      `${c.id('y')} IN ${ids}`,
      direction === 'both' ? `${c.id('x')} < ${c.id('y')}` : `${c.id('x')} <> ${c.id('y')}`,
      `none(gasM IN nodes(p)[1..-1] WHERE ${c.id('gasM')} IN ${ids})`,
      c.pathVisible('p'),
    );
    const limit = c.params.add(neo4j.int(this.limit(query.limit, DEFAULT_PATH_LIMIT)), 'limit');
    const cypher = `MATCH p = ${pattern} WHERE ${where} WITH p LIMIT ${limit} RETURN ${c.pathProjection('p')} AS path`;
    const records = await this.readOne(cypher, c.params.values);
    return records.map((r) => pathFromProjection(r.get('path')));
  }

  async explore(query: ExploreQuery, scope: AccessScope): Promise<ExploreResult> {
    const c = this.compiler(scope);
    const center = encodeId(this.dialect, query.nodeId);
    if (center === undefined) throw new NotFoundError('Node');
    const id = c.params.add(center, 'id');
    const limit = c.params.add(neo4j.int(this.limit(query.limit, DEFAULT_EXPLORE_LIMIT)), 'limit');
    const skipCount = assertInteger('skip', query.skip ?? 0, 0, Number.MAX_SAFE_INTEGER);
    const skip = c.params.add(neo4j.int(skipCount), 'skip');
    const direction = query.direction ?? 'both';
    const rel = direction === 'out' ? '(c)-[r]->(m)' : direction === 'in' ? '(c)<-[r]-(m)' : '(c)-[r]-(m)';
    const labels = query.labels ? assertIdentifiers('label', query.labels) : undefined;
    const neighbour = and(c.relationshipCore('r'), c.nodeVisible('m'), c.hasAnyType('r', query.types), c.hasAnyLabel('m', labels));
    const centerWhere = and(`${c.id('c')} = ${id}`, c.nodeVisible('c'));
    // One statement, one round trip: the centre (visible, else no row), its visible neighbours
    // grouped with the relationships to each, in id order, their number, and the page of them,
    // projected. (Four statements in a read transaction before: 2.6x Neo4j's own query for an
    // ordinary node.) Only references are collected until the page is cut.
    const cypher =
      `MATCH (c) WHERE ${centerWhere} ` +
      `OPTIONAL MATCH ${rel}${neighbour === TRUE ? '' : ` WHERE ${neighbour}`} ` +
      `WITH c, m, collect(r) AS gasRs ORDER BY ${c.id('m')} ` +
      `WITH c, collect(CASE WHEN m IS NULL THEN NULL ELSE {m: m, rs: gasRs} END) AS gasAll ` +
      `WITH c, size(gasAll) AS total, gasAll[${skip}..(${skip} + ${limit})] AS gasPage ` +
      `RETURN ${c.nodeProjection('c')} AS center, total, ` +
      `[gasP IN gasPage | ${c.nodeProjection('gasP.m')}] AS page, ` +
      `[gasP IN gasPage | [gasR IN gasP.rs | ${c.relationshipProjection('gasR')}]] AS rels`;
    const record = (await this.readOne(cypher, c.params.values))[0];
    if (!record) throw new NotFoundError('Node');
    const page = (record.get('page') as unknown[]).map((item) => nodeFromProjection(item));
    const rels = (record.get('rels') as unknown[][]).flat().map((item) => relationshipFromProjection(item));
    return {
      nodes: dedupe([nodeFromProjection(record.get('center')), ...page]),
      relationships: dedupe(rels),
      remaining: Math.max(0, toNumber(record.get('total')) - skipCount - page.length),
    };
  }

  async shortestPaths(from: GraphId, to: GraphId, query: PathQuery, scope: AccessScope): Promise<GraphPath[]> {
    const depth = assertInteger('maxDepth', query.maxDepth ?? DEFAULT_SHORTEST_DEPTH, 1, MAX_SHORTEST_DEPTH);
    const c = this.compiler(scope);
    const a = encodeId(this.dialect, from);
    const b = encodeId(this.dialect, to);
    if (a === undefined || b === undefined) return [];
    if (from === to) {
      const nodes = await this.getNodes([from], scope);
      return nodes.length ? [{ nodes, relationships: [] }] : [];
    }
    const fromRef = c.params.add(a, 'from');
    const toRef = c.params.add(b, 'to');
    const direction = query.direction ?? 'both';
    const typePattern = c.typePattern(query.types);
    if (typePattern === null) return [];
    const rel = `[${typePattern}*..${depth}]`;
    const pattern = direction === 'out' ? `(a)-${rel}->(b)` : direction === 'in' ? `(a)<-${rel}-(b)` : `(a)-${rel}-(b)`;
    const visible = c.pathVisible('p');
    const limit = c.params.add(neo4j.int(this.limit(query.limit, DEFAULT_PATH_LIMIT)), 'limit');
    const cypher =
      `MATCH (a) WHERE ${and(`${c.id('a')} = ${fromRef}`, c.nodeVisible('a'))} ` +
      `MATCH (b) WHERE ${and(`${c.id('b')} = ${toRef}`, c.nodeVisible('b'))} ` +
      `MATCH p = allShortestPaths(${pattern})${visible === TRUE ? '' : ` WHERE ${visible}`} ` +
      `WITH p LIMIT ${limit} RETURN ${c.pathProjection('p')} AS path`;
    const records = await this.readOne(cypher, c.params.values);
    return records.map((r) => pathFromProjection(r.get('path')));
  }

  // -------------------------------------------------------------------------------------------
  // Writes

  async createNode(input: NodeInput, scope: AccessScope): Promise<GraphNode> {
    const c = this.compiler(scope);
    const labels = assertIdentifiers('label', input.labels ?? []).map((l) => ':' + cypherIdentifier('label', l)).join('');
    const props = c.params.add(toPropertyMap(validatedProperties(input.properties)), 'props');
    const query = `CREATE (n${labels}) SET n = ${props} RETURN ${c.nodeProjection('n')} AS item`;
    const records = await this.write((tx) => run(tx, query, c.params.values));
    return nodeFromProjection(records[0].get('item'));
  }

  async createRelationship(input: RelationshipInput, scope: AccessScope): Promise<GraphRelationship | null> {
    const type = cypherIdentifier('relationship type', input.type);
    const c = this.compiler(scope);
    const start = encodeId(this.dialect, input.startNodeId);
    const end = encodeId(this.dialect, input.endNodeId);
    if (start === undefined || end === undefined) return null;
    const props = c.params.add(toPropertyMap(validatedProperties(input.properties)), 'props');
    const query =
      `MATCH (a) WHERE ${and(`${c.id('a')} = ${c.params.add(start, 'start')}`, c.nodeVisible('a'))} ` +
      `MATCH (b) WHERE ${and(`${c.id('b')} = ${c.params.add(end, 'end')}`, c.nodeVisible('b'))} ` +
      `CREATE (a)-[r:${type}]->(b) SET r = ${props} RETURN ${c.relationshipProjection('r')} AS item`;
    let records;
    try {
      records = await this.write((tx) => run(tx, query, c.params.values));
    } catch (error) {
      // An end deleted by a concurrent transaction after MATCH found it: a missing end (404).
      if ((error as { code?: unknown })?.code === 'Neo.ClientError.Statement.EntityNotFound') return null;
      throw error;
    }
    return records[0] ? relationshipFromProjection(records[0].get('item')) : null;
  }

  /** SET / REMOVE clauses for an update of `v`. */
  private updateClauses(c: CypherCompiler, v: string, patch: PropertyPatch | undefined, addLabels?: string[], removeLabels?: string[]): string {
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

  async updateNode(id: GraphId, update: NodeUpdate, scope: AccessScope): Promise<GraphNode | null> {
    const encoded = encodeId(this.dialect, id);
    if (encoded === undefined) return null;
    const c = this.compiler(scope);
    const where = and(`${c.id('n')} = ${c.params.add(encoded, 'id')}`, c.nodeVisible('n'));
    const clauses = this.updateClauses(c, 'n', update.properties, update.addLabels, update.removeLabels);
    const query = `MATCH (n) WHERE ${where} ${clauses} RETURN ${c.nodeProjection('n')} AS item`;
    const records = await this.write((tx) => run(tx, query, c.params.values));
    return records[0] ? nodeFromProjection(records[0].get('item')) : null;
  }

  async updateRelationship(id: GraphId, patch: PropertyPatch, scope: AccessScope): Promise<GraphRelationship | null> {
    const encoded = encodeId(this.dialect, id);
    if (encoded === undefined) return null;
    const c = this.compiler(scope);
    const where = and(`${c.id('r')} = ${c.params.add(encoded, 'id')}`, c.relationshipVisible('r', 'a', 'b'));
    const clauses = this.updateClauses(c, 'r', patch);
    const query = `MATCH (a)-[r]->(b) WHERE ${where} ${clauses} RETURN ${c.relationshipProjection('r')} AS item`;
    const records = await this.write((tx) => run(tx, query, c.params.values));
    return records[0] ? relationshipFromProjection(records[0].get('item')) : null;
  }

  async updateNodesMatching(filter: Filter | undefined, update: NodeUpdate, scope: AccessScope): Promise<number> {
    const c = this.compiler(scope);
    const where = and(c.nodeVisible('n'), filter ? c.filter(filter, 'n', 'node') : undefined);
    const clauses = this.updateClauses(c, 'n', update.properties, update.addLabels, update.removeLabels);
    if (!clauses) {
      const records = await this.readOne(`MATCH (n)${where === TRUE ? '' : ` WHERE ${where}`} RETURN count(n) AS c`, c.params.values);
      return toNumber(records[0]?.get('c'));
    }
    // Matches locked (by SET) in id order: overlapping bulk updates cannot deadlock each other.
    const query = `MATCH (n)${where === TRUE ? '' : ` WHERE ${where}`} WITH n ORDER BY ${c.id('n')} ${clauses} RETURN count(n) AS c`;
    const records = await this.write((tx) => run(tx, query, c.params.values));
    return toNumber(records[0]?.get('c'));
  }

  async deleteNode(id: GraphId, scope: AccessScope): Promise<DeletedElements | null> {
    const encoded = encodeId(this.dialect, id);
    if (encoded === undefined) return null;
    const c = this.compiler(scope);
    const where = and(`${c.id('n')} = ${c.params.add(encoded, 'id')}`, c.nodeVisible('n'));
    const relVisible = c.relationshipVisible('gasE', 'n', 'gasO');
    // Project before deleting: a deleted element's properties cannot be read afterwards.
    const query =
      `MATCH (n) WHERE ${where} ` +
      `WITH n, ${c.nodeProjection('n')} AS node, [(n)-[gasE]-(gasO)${relVisible === TRUE ? '' : ` WHERE ${relVisible}`} | ${c.relationshipProjection('gasE')}] AS rels ` +
      `DETACH DELETE n RETURN node, rels`;
    const records = await this.write((tx) => run(tx, query, c.params.values));
    const row = records[0];
    if (!row) return null;
    return {
      nodes: [nodeFromProjection(row.get('node'))],
      relationships: dedupe((row.get('rels') as unknown[]).map(relationshipFromProjection)),
    };
  }

  async deleteRelationship(id: GraphId, scope: AccessScope): Promise<DeletedElements | null> {
    const encoded = encodeId(this.dialect, id);
    if (encoded === undefined) return null;
    const c = this.compiler(scope);
    const where = and(`${c.id('r')} = ${c.params.add(encoded, 'id')}`, c.relationshipVisible('r', 'a', 'b'));
    const query = `MATCH (a)-[r]->(b) WHERE ${where} WITH r, ${c.relationshipProjection('r')} AS item DELETE r RETURN item`;
    const records = await this.write((tx) => run(tx, query, c.params.values));
    return records[0] ? { nodes: [], relationships: [relationshipFromProjection(records[0].get('item'))] } : null;
  }

  /**
   * Undo of an import (issue 23), in one write transaction: the visible relationships of the
   * list, then the visible nodes, refused (409 UNDO_CONFLICT, rolled back) when a relationship
   * not in the list is still attached to one of them.
   */
  async deleteCreated(created: CreatedElements, scope: AccessScope): Promise<DeletedCreated> {
    const encode = (ids: GraphId[]) => ids.map((id) => encodeId(this.dialect, String(id))).filter((v) => v !== undefined);
    const relationshipIds = encode(created.relationships);
    const nodeIds = encode(created.nodes);
    return this.write(async (tx) => {
      let relationshipsDeleted = 0;
      for (let i = 0; i < relationshipIds.length; i += 5000) {
        const c = this.compiler(scope);
        const where = and(`${c.id('r')} IN ${c.params.add(relationshipIds.slice(i, i + 5000), 'ids')}`, c.relationshipVisible('r', 'a', 'b'));
        const records = await run(tx, `MATCH (a)-[r]->(b) WHERE ${where} DELETE r RETURN count(r) AS c`, c.params.values);
        relationshipsDeleted += toNumber(records[0]?.get('c'));
      }
      let nodesDeleted = 0;
      for (let i = 0; i < nodeIds.length; i += 5000) {
        const c = this.compiler(scope);
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

  async importBatch(batch: ImportBatch): Promise<ImportBatchResult> {
    const dialect = this.dialect;
    const id = (v: string) => `${dialect.idFunction}(${v})`;

    // Nodes: grouped by label set (labels are part of the query text, quoted).
    const nodeGroups = new Map<string, { labels: string[]; rows: Array<{ i: number; props: Record<string, unknown> }> }>();
    batch.nodes.forEach((node, i) => {
      const labels = assertIdentifiers('label', node.labels ?? []);
      const key = JSON.stringify(labels);
      if (!nodeGroups.has(key)) nodeGroups.set(key, { labels, rows: [] });
      nodeGroups.get(key)!.rows.push({ i, props: toPropertyMap(validatedProperties(node.properties)) });
    });

    // Relationships: grouped by type and how each end is found.
    type EndSpec = { kind: 'id' } | { kind: 'prop'; label: string; property: string };
    const specOf = (ref: NodeRef): EndSpec => ('label' in ref ? { kind: 'prop', label: assertIdentifier('label', ref.label), property: assertIdentifier('property', ref.property) } : { kind: 'id' });
    const relGroups = new Map<string, { type: string; start: EndSpec; end: EndSpec; rows: Array<{ i: number; s: unknown; e: unknown; props: Record<string, unknown> }> }>();
    for (const rel of batch.relationships) {
      assertIdentifier('relationship type', rel.type);
      specOf(rel.start);
      specOf(rel.end);
      toPropertyMap(validatedProperties(rel.properties));
    }

    return this.write(async (tx) => {
      const keys: Record<string, GraphId> = {};
      const created: Array<unknown> = new Array(batch.nodes.length);
      let nodesCreated = 0;
      for (const group of nodeGroups.values()) {
        const labels = group.labels.map((l) => ':' + cypherIdentifier('label', l)).join('');
        const query = `UNWIND $rows AS row CREATE (n${labels}) SET n = row.props RETURN row.i AS i, ${id('n')} AS id`;
        for (let offset = 0; offset < group.rows.length; offset += IMPORT_BATCH_ROWS) {
          const rows = group.rows.slice(offset, offset + IMPORT_BATCH_ROWS).map((r) => ({ i: neo4j.int(r.i), props: r.props }));
          for (const record of await run(tx, query, { rows })) {
            const i = toNumber(record.get('i'));
            created[i] = record.get('id');
            nodesCreated++;
            const key = batch.nodes[i].key;
            if (key !== undefined) keys[key] = idToString(record.get('id'));
          }
        }
      }

      const unresolved = new Set<number>();
      const resolve = (ref: NodeRef): { ok: boolean; value: unknown } => {
        if ('id' in ref) {
          const value = encodeId(dialect, ref.id);
          return { ok: value !== undefined, value };
        }
        if ('key' in ref) {
          const index = batch.nodes.findIndex((n) => n.key === ref.key);
          if (index < 0 || created[index] === undefined) return { ok: false, value: undefined };
          return { ok: true, value: created[index] };
        }
        return { ok: true, value: toPropertyValue(ref.property, ref.value) };
      };
      batch.relationships.forEach((rel, i) => {
        const s = resolve(rel.start);
        const e = resolve(rel.end);
        if (!s.ok || !e.ok) {
          unresolved.add(i);
          return;
        }
        const start = specOf(rel.start);
        const end = specOf(rel.end);
        const key = JSON.stringify([rel.type, start, end]);
        if (!relGroups.has(key)) relGroups.set(key, { type: rel.type, start, end, rows: [] });
        relGroups.get(key)!.rows.push({ i, s: s.value, e: e.value, props: toPropertyMap(rel.properties) });
      });

      const endMatch = (variable: string, spec: EndSpec, field: string) =>
        spec.kind === 'id'
          ? `MATCH (${variable}) WHERE ${id(variable)} = row.${field}`
          : `MATCH (${variable}:${cypherIdentifier('label', spec.label)}) WHERE ${variable}.${cypherIdentifier('property', spec.property)} = row.${field}`;
      let relationshipsCreated = 0;
      const resolved = new Set<number>();
      for (const group of relGroups.values()) {
        const query = `UNWIND $rows AS row ${endMatch('a', group.start, 's')} ${endMatch('b', group.end, 'e')} CREATE (a)-[r:${cypherIdentifier('relationship type', group.type)}]->(b) SET r = row.props RETURN row.i AS i`;
        for (let offset = 0; offset < group.rows.length; offset += IMPORT_BATCH_ROWS) {
          const rows = group.rows.slice(offset, offset + IMPORT_BATCH_ROWS).map((r) => ({ ...r, i: neo4j.int(r.i) }));
          for (const record of await run(tx, query, { rows })) {
            relationshipsCreated++;
            resolved.add(toNumber(record.get('i')));
          }
        }
        for (const row of group.rows) if (!resolved.has(row.i)) unresolved.add(row.i);
      }
      return { nodesCreated, relationshipsCreated, unresolved: [...unresolved].sort((x, y) => x - y), keys };
    });
  }

  /** Bulk import in one explicit transaction (src/graph/neo4j/bulk-import.ts). */
  async bulkImport(source: AsyncIterable<BulkImportBatch>, scope: AccessScope, options: BulkImportOptions = {}): Promise<BulkImportResult> {
    return neo4jBulkImport(
      {
        dialect: this.dialect,
        session: () => this.session('WRITE'),
        statementDeadlineMs: this.deadlineMs,
        mapError: (error) => this.mapError(error),
        ensureIndexes: (pairs) => this.ensureImportIndexes(pairs),
      },
      source,
      scope,
      options,
    );
  }

  /**
   * A property index for each label + property (any index that serves equality on exactly that
   * property counts, constraint-backed too), created when missing, then awaited: a POPULATING
   * index is not used by the planner. 3.5: CREATE INDEX ON :L(p); 4.x / 5.x: CREATE INDEX name
   * IF NOT EXISTS FOR (n:L) ON (n.p) (createIndexCypher).
   */
  private async ensureImportIndexes(pairs: Array<{ label: string; property: string }>): Promise<void> {
    const indexes = await this.rawIndexes();
    let created = false;
    for (const pair of pairs) {
      const input = normaliseIndexInput({ entity: 'node', token: pair.label, properties: [pair.property] });
      if (findIndex(indexes, input, false)) continue;
      try {
        await this.write((tx) => run(tx, createIndexCypher(this.dialect, input)));
        created = true;
      } catch (error) {
        // Made meanwhile by someone else (3.5 has no IF NOT EXISTS): fine.
        if (!(error instanceof ConflictError)) throw error;
      }
    }
    if (created) {
      const session = this.session('READ');
      // Waits at most queryTimeoutMs (within the call's deadline); past it the import goes on (correct, slower until online).
      const seconds = neo4j.int(Math.max(1, Math.floor(this.options.queryTimeoutMs / 1000)));
      await this.withDeadline(session, () => session.run('CALL db.awaitIndexes($seconds)', { seconds }))
        .catch((error: unknown) => this.options.logger?.warn({ err: error }, 'import indexes not online yet; the import matches without them meanwhile'));
    }
  }

  // -------------------------------------------------------------------------------------------
  // Schema indexes

  private async rawIndexes(): Promise<RawIndex[]> {
    const dialect = this.dialect;
    const records = await this.readOne(listIndexesCypher(dialect));
    const out: RawIndex[] = [];
    for (const r of records) {
      const parsed = parseIndexRecord(dialect, r);
      if (parsed) out.push(parsed);
    }
    return out;
  }

  async listIndexes(): Promise<SchemaIndex[]> {
    return (await this.rawIndexes()).filter((i) => !i.fulltext && i.tokens.length === 1).map(toSchemaIndex);
  }

  async createIndex(input: SchemaIndexInput): Promise<SchemaIndex> {
    const normalised = normaliseIndexInput(input);
    const existing = findIndex(await this.rawIndexes(), normalised, false);
    if (existing) return toSchemaIndex(existing);
    const query = createIndexCypher(this.dialect, normalised);
    await this.write((tx) => run(tx, query));
    const made = findIndex(await this.rawIndexes(), normalised, false);
    if (!made) throw new GraphUnavailableError('Neo4j accepted the index but does not list it');
    return toSchemaIndex(made);
  }

  async dropIndex(input: SchemaIndexInput): Promise<boolean> {
    const normalised = normaliseIndexInput(input);
    const existing = findIndex(await this.rawIndexes(), normalised, true);
    if (!existing) return false;
    const query = dropIndexCypher(this.dialect, normalised, existing.name);
    await this.write((tx) => run(tx, query));
    return true;
  }

  // -------------------------------------------------------------------------------------------
  // Fulltext

  async fulltextStatus(): Promise<FulltextStatus> {
    const index = (await this.rawIndexes()).find((i) => i.fulltext && i.name === FULLTEXT_INDEX_NAME);
    let status: FulltextStatus;
    if (!index) {
      status = { state: 'NOT_CREATED', progress: 0, config: null };
    } else {
      const state = index.state === 'ONLINE' ? 'ONLINE' : index.state === 'FAILED' ? 'FAILED' : 'POPULATING';
      status = {
        state,
        progress: state === 'ONLINE' ? 100 : Math.max(0, Math.min(100, index.progress)),
        config: { labels: index.tokens, properties: index.properties },
      };
      if (state === 'FAILED') status.failureMessage = index.failureMessage || (await this.indexFailure(index.name)) || 'The fulltext index failed (see the Neo4j log)';
    }
    this.fulltextCache = { at: Date.now(), status };
    return status;
  }

  private async indexFailure(name: string): Promise<string | undefined> {
    if (this.dialect.indexListing !== 'show') return undefined;
    try {
      const records = await this.readOne('SHOW INDEXES YIELD name, failureMessage WHERE name = $name RETURN failureMessage', { name });
      const message = records[0]?.get('failureMessage');
      return typeof message === 'string' && message ? message : undefined;
    } catch {
      return undefined;
    }
  }

  private async cachedFulltextStatus(): Promise<FulltextStatus> {
    if (this.fulltextCache && Date.now() - this.fulltextCache.at < FULLTEXT_CACHE_MS) return this.fulltextCache.status;
    return this.fulltextStatus();
  }

  async createFulltextIndex(config: FulltextConfig): Promise<FulltextStatus> {
    const labels = assertIdentifiers('label', config.labels ?? []);
    const properties = assertIdentifiers('property', config.properties ?? []);
    if (labels.length === 0 || properties.length === 0) throw new BadRequestError('The fulltext index needs at least one label and one property', 'INVALID_FULLTEXT_CONFIG');
    const current = await this.fulltextStatus();
    if (current.state !== 'NOT_CREATED') await this.dropFulltextIndex();
    const command = createFulltextCypher(this.dialect, FULLTEXT_INDEX_NAME, uniq(labels), uniq(properties));
    await this.write((tx) => run(tx, command.query, command.params));
    this.fulltextCache = null;
    return this.fulltextStatus();
  }

  async dropFulltextIndex(): Promise<void> {
    const exists = (await this.rawIndexes()).some((i) => i.fulltext && i.name === FULLTEXT_INDEX_NAME);
    this.fulltextCache = null;
    if (!exists) return;
    const command = dropFulltextCypher(this.dialect, FULLTEXT_INDEX_NAME);
    await this.write((tx) => run(tx, command.query, command.params));
  }

  // -------------------------------------------------------------------------------------------
  // Free Cypher

  async runCypher(query: string, params: Record<string, unknown>, options: CypherOptions): Promise<CypherResult> {
    if (typeof query !== 'string' || !query.trim()) throw new BadRequestError('The query is empty', 'CYPHER_ERROR');
    const timeoutMs = assertInteger('timeoutMs', options.timeoutMs, 1, 24 * 3600 * 1000);
    const maxRows = assertInteger('maxRows', options.maxRows, 0, Number.MAX_SAFE_INTEGER);
    const userParams: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(params ?? {})) userParams[k] = toCypherParam(v);
    // Refused routines, and the scope rewrite for restricted readers (user-cypher.ts).
    const { statement, params: boundParams, readOnly, rewritten } = await prepareUserQuery(this.dialect, query, userParams, options);
    // A rewritten statement (restricted reader) is never quoted back: errors.ts userQueryMessage.
    const context: MapErrorContext = { readOnly, userQuery: true, ...(rewritten ? { rewrittenFrom: query } : {}) };

    const session = this.session(readOnly ? 'READ' : 'WRITE');
    // An explicit transaction (no automatic retry of a user query): READ access mode for read-only
    // queries, the server-side time limit from the transaction config, and a client-side guard.
    let timer: NodeJS.Timeout | undefined;
    let timedOut = false;
    const tx = session.beginTransaction({ timeout: timeoutMs });
    const work = async (): Promise<CypherResult> => {
      // Ask the planner what the query does (EXPLAIN does not execute it): every procedure it would
      // call is judged by its mode (DBMS never; WRITE / SCHEMA only in write runs), and a read-only
      // run must be a pure read (Neo4j 3.5 single servers do not enforce the READ access mode).
      const explained = await tx.run(explainOf(statement), boundParams);
      await checkPlan(explained.summary, readOnly, this.procedureCatalogue);
      const result = tx.run(statement, boundParams);
      const columns = [...(await result.keys())];
      const rows: unknown[][] = [];
      let truncated = false;
      for await (const record of result) {
        if (rows.length >= maxRows) {
          truncated = true;
          break;
        }
        rows.push(columns.map((column) => serializeValue(record.get(column))));
      }
      if (readOnly) await tx.rollback();
      else await tx.commit();
      return { columns, rows, truncated };
    };
    const guard = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        timedOut = true;
        reject(new GraphTimeoutError());
      }, timeoutMs + 2000);
    });
    try {
      return await Promise.race([work(), guard]);
    } catch (error) {
      if (timedOut) {
        // Do not wait for a query the server has not stopped yet: release in the background.
        void tx.rollback().catch(() => undefined).finally(() => session.close().catch(() => undefined));
        throw new GraphTimeoutError();
      }
      if (tx.isOpen()) await tx.rollback().catch(() => undefined);
      throw this.mapError(error, context);
    } finally {
      if (timer) clearTimeout(timer);
      if (!timedOut) await session.close().catch(() => undefined);
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Helpers

/** EXPLAIN form of a query (PROFILE → EXPLAIN; an EXPLAIN query stays as it is). */
export function explainOf(query: string): string {
  const trimmed = query.replace(/^\s+/, '');
  if (/^EXPLAIN\b/i.test(trimmed)) return trimmed;
  if (/^PROFILE\b/i.test(trimmed)) return trimmed.replace(/^PROFILE\b/i, 'EXPLAIN');
  return `EXPLAIN ${trimmed}`;
}

function validatedProperties(properties: Record<string, unknown> | undefined): Record<string, unknown> {
  for (const key of Object.keys(properties ?? {})) assertIdentifier('property', key);
  return properties ?? {};
}

function uniq<T>(values: T[]): T[] {
  return [...new Set(values)];
}

function sortStrings(values: string[]): string[] {
  return uniq(values).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

function dedupe<T extends { id: string }>(items: T[]): T[] {
  const seen = new Set<string>();
  return items.filter((item) => (seen.has(item.id) ? false : (seen.add(item.id), true)));
}

function orderByIds<T extends { id: string }>(items: T[], ids: string[]): T[] {
  const byId = new Map(items.map((i) => [i.id, i]));
  const out: T[] = [];
  for (const id of uniq(ids)) {
    const item = byId.get(id);
    if (item) out.push(item);
  }
  return out;
}

function normaliseIndexInput(input: SchemaIndexInput): SchemaIndexInput {
  if (input.entity !== 'node' && input.entity !== 'relationship') throw new BadRequestError('entity must be node or relationship', 'INVALID_INDEX');
  const token = assertIdentifier(input.entity === 'node' ? 'label' : 'relationship type', input.token);
  const properties = assertIdentifiers('property', input.properties ?? []);
  if (properties.length === 0) throw new BadRequestError('An index needs at least one property', 'INVALID_INDEX');
  return { entity: input.entity, token, properties };
}

function findIndex(indexes: RawIndex[], input: SchemaIndexInput, forDrop: boolean): RawIndex | undefined {
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

function toSchemaIndex(index: RawIndex): SchemaIndex {
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
  const list = (v: unknown) => (Array.isArray(v) ? (v as unknown[]).map(String) : []);
  const num = (v: unknown) => (v === undefined || v === null ? 0 : neo4j.isInt(v) ? (v as { toNumber(): number }).toNumber() : Number(v));
  if (dialect.kind === 'v3') {
    const type = String(value('type') ?? '');
    const name = String(value('indexName') ?? value('description') ?? '');
    return {
      name,
      entity: type.startsWith('relationship') ? 'relationship' : 'node',
      tokens: r.has('tokenNames') ? list(value('tokenNames')) : value('label') !== undefined ? [String(value('label'))] : [],
      properties: list(value('properties')),
      state: String(value('state') ?? ''),
      progress: num(value('progress')),
      fulltext: type.endsWith('_fulltext'),
      constraint: type === 'node_unique_property',
      plain: type === 'node_label_property',
      failureMessage: typeof value('failureMessage') === 'string' ? (value('failureMessage') as string) : undefined,
    };
  }
  const type = String(value('type') ?? '').toUpperCase();
  if (type === 'LOOKUP' || type === 'VECTOR') return null;
  const tokens = list(value('labelsOrTypes'));
  if (tokens.length === 0) return null;
  const uniqueness = String(value('uniqueness') ?? '');
  const owning = value('owningConstraint');
  return {
    name: String(value('name') ?? ''),
    entity: String(value('entityType') ?? 'NODE').toUpperCase() === 'RELATIONSHIP' ? 'relationship' : 'node',
    tokens,
    properties: list(value('properties')),
    state: String(value('state') ?? ''),
    progress: num(value('populationPercent')),
    fulltext: type === 'FULLTEXT' || type.endsWith('_FULLTEXT'),
    constraint: uniqueness === 'UNIQUE' || (owning !== undefined && owning !== null),
    // 4.4 also lists RANGE / POINT indexes made for the move to 5.x, which its planner does not use.
    plain: dialect.kind === 'v4' ? type === 'BTREE' : type === 'RANGE',
    failureMessage: typeof value('failureMessage') === 'string' ? (value('failureMessage') as string) : undefined,
  };
}
