import type { Driver, Record as Neo4jRecord, Session } from 'neo4j-driver';
import neo4j from 'neo4j-driver';
import { GraphUnavailableError } from '../../../errors';
import type { AccessScope, FulltextStatus, ServerInfo } from '../../graph-store';
import { assertInteger, CypherCompiler } from '../cypher-filter';
import type { Dialect } from '../dialect';
import { chooseDialect } from '../dialect';
import type { MapErrorContext } from '../errors';
import { GraphPasswordChangeRequiredError, mapNeo4jError } from '../errors';
import { listProceduresCypher, ProcedureCatalogue } from '../procedures';
import { withNoDelaySockets } from '../tcp-nodelay';
import type { Tx } from './helpers';
import { run } from './helpers';
import type { StoreInternals } from './store-internals';
import type { Neo4jGraphStoreOptions } from './store-options';
import { driverConfig } from './store-options';

/**
 * The Neo4j adapter's connection: the driver, the dialect of the server found at init, and every
 * session with its client-side deadline. The sections of the adapter reach the server only
 * through it (StoreInternals).
 */
export class Neo4jConnection implements StoreInternals {
  private driver: Driver | null = null;
  private dialectValue: Dialect | null = null;
  fulltextCache: { at: number; status: FulltextStatus } | null = null;
  readonly maxRows: number;
  /** The server refused a database name at init (Bolt 3: Neo4j 3.5, or 4.0 / 4.1 with this driver). */
  private databaseRefused = false;
  /**
   * One bookmark manager for every session of this store: a read that follows a write (createIndex
   * then SHOW INDEXES, a write then the next request) sees it on every cluster member the routing
   * driver picks. Sessions do not share bookmarks otherwise; on a single server it changes nothing.
   */
  private bookmarks = neo4j.bookmarkManager();

  /** Procedure name -> mode, for the checks of user queries (procedures.ts). */
  readonly procedureCatalogue = new ProcedureCatalogue(async () => {
    const records = await this.readOne(listProceduresCypher(this.dialect));
    return new Map(records.map((r) => [String(r.get('name')), String(r.get('mode'))]));
  });
  /** `deps.driver` replaces the real driver (unit tests record the generated Cypher with it). */
  constructor(
    readonly options: Neo4jGraphStoreOptions,
    deps: { driver?: Driver } = {},
  ) {
    this.maxRows = options.maxRows ?? 10_000;
    this.driver = deps.driver ?? null;
  }

  get dialect(): Dialect {
    if (!this.dialectValue) throw new GraphUnavailableError('The graph store is not initialised (init() was not called or failed)');
    return this.dialectValue;
  }

  async init(): Promise<void> {
    if (!this.driver) {
      try {
        this.driver = neo4j.driver(
          this.options.url,
          neo4j.auth.basic(this.options.username, this.options.password),
          driverConfig(this.options),
        );
      } catch (error) {
        throw new GraphUnavailableError(`Invalid graphdb.connector.url ${JSON.stringify(this.options.url)}: ${(error as Error).message}`);
      }
    }
    const components = await this.components();
    const dialect = chooseDialect(components.version);
    // neo4j-driver 5 offers Bolt 5.x, 4.4-4.2 and 3: a 4.0 / 4.1 server answers with Bolt 3, which
    // cannot name a database either (the driver refuses it before sending).
    this.dialectValue = this.databaseRefused && dialect.multiDatabase ? { ...dialect, multiDatabase: false } : dialect;
    if (!this.dialectValue.multiDatabase && this.options.database) {
      this.options.logger?.warn(
        { database: this.options.database, version: components.version },
        'This Neo4j server (or its Bolt protocol version) cannot select a database: graphdb.connector.database is ignored',
      );
    }
    this.options.logger?.info(
      { version: components.version, edition: components.edition, dialect: this.dialectValue.kind },
      'Connected to Neo4j',
    );
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
      const session = driver.session({
        defaultAccessMode: neo4j.session.READ,
        bookmarkManager: this.bookmarks,
        ...(database ? { database } : {}),
      });
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

  session(mode: 'READ' | 'WRITE'): Session {
    const database = this.databaseName();
    return this.requireDriver().session({
      defaultAccessMode: mode === 'READ' ? neo4j.session.READ : neo4j.session.WRITE,
      bookmarkManager: this.bookmarks,
      ...(database ? { database } : {}),
    });
  }

  mapError(error: unknown, context?: MapErrorContext): unknown {
    const mapped = mapNeo4jError(error, context);
    if (mapped instanceof GraphPasswordChangeRequiredError) {
      this.options.logger?.error(
        'Neo4j requires a password change (Neo.ClientError.Security.CredentialsExpired): run `npm run graphdb:password`',
      );
    } else if (mapped instanceof GraphUnavailableError) {
      this.options.logger?.warn({ err: { code: (error as { code?: string })?.code, message: (error as Error)?.message } }, mapped.message);
    }
    return mapped;
  }

  /** queryTimeoutMs + deadlineGraceMs: no adapter call waits longer for the server. */
  get deadlineMs(): number {
    return this.options.queryTimeoutMs + (this.options.deadlineGraceMs ?? 2000);
  }

  /**
   * Runs work on a session and closes it, racing a client-side deadline: a server that accepts TCP
   * but does not answer (frozen process) makes the call fail with 503 GRAPH_UNAVAILABLE after
   * deadlineMs instead of hanging. On expiry the session is closed in the background (its
   * connection is released when the server answers or the socket dies), never awaited.
   */
  async withDeadline<T>(session: Session, work: () => Promise<T>): Promise<T> {
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
      if (/Bookmark/i.test((error as { code?: string } | undefined)?.code ?? '')) this.bookmarks = neo4j.bookmarkManager();
      throw this.mapError(error);
    } finally {
      if (timer) clearTimeout(timer);
      if (expired) void session.close().catch(() => undefined);
      else await session.close().catch(() => undefined);
    }
  }

  /** Read work in a read transaction (retried by the driver on transient errors for maxTransactionRetryTimeMs). */
  read<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
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
  readOne(query: string, params: Record<string, unknown> = {}): Promise<Neo4jRecord[]> {
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
  write<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    const session = this.session('WRITE');
    return this.withDeadline(session, () => session.executeWrite(work, { timeout: this.options.queryTimeoutMs }));
  }

  compiler(scope: AccessScope): CypherCompiler {
    return new CypherCompiler(this.dialect, scope);
  }

  limit(value: number | undefined, fallback: number, name = 'limit'): number {
    if (value === undefined) return Math.min(fallback, this.maxRows);
    return Math.min(assertInteger(name, value, 0, Number.MAX_SAFE_INTEGER), this.maxRows);
  }
}
