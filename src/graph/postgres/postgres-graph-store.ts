import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { BadRequestError, GraphUnavailableError } from '../../errors';
import type {
  BulkImportBatch,
  BulkImportOptions,
  BulkImportResult,
  AccessScope,
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
  GraphWriteOptions,
  ImportBatch,
  ImportBatchResult,
  NodeInput,
  NodeUpdate,
  PathQuery,
  PropertyPatch,
  RelationshipInput,
  SchemaIndex,
  SchemaIndexInput,
  ServerInfo,
  Subgraph,
} from '../graph-store';
import { assertIdentifier, assertIdentifiers } from '../identifiers';
import { FulltextIndex } from './fulltext';
import { canUseCursor, headThenCursor } from './cursor';
import { fetchNodes, fetchRelationships, typeCondition } from './reads';
import type { NodeRow, RelationshipRow } from './runner';
import { QueryRunner, toNode, toRelationship } from './runner';
import type { DirectPoolStats } from './direct-pool';
import { createSchemaIndex, dropSchemaIndex, listSchemaIndexes } from './schema-indexes';
import { and, FALSE, raw, Sql, sql, TRUE } from './sql';
import { codePointKey, jsonTypeRank, ScopeSql, typedValueKey } from './sql-filter';
import * as traversal from './traversal';
import * as writes from './writes';
import { bulkImport } from './bulk-import';
import { nodePropertyKeysByCatalog } from './property-keys';
import { deleteCreated } from './delete-created';
import { retryOnContention } from './contention';
import { assertPortableProperties } from '../property-values';
import { runCypherOnPostgres } from './cypher/run';
import { CypherPlanCache, DEFAULT_PLAN_CACHE_SIZE } from './cypher/plan-cache';

/** graphdb.cypherMaxDepth's default. */
export const DEFAULT_CYPHER_MAX_DEPTH = 15;

export interface PostgresGraphStoreOptions {
  queryTimeoutMs?: number;
  /** Rows per page of streamNodes / streamRelationships (default 1000). */
  streamPageSize?: number;
  /**
   * On a PostgreSQL server, the first rows of a stream from one plain statement, the rest (if any)
   * from a cursor after them (cursor.ts headThenCursor). Default 0: always the cursor. A head
   * saves the cursor protocol's five round trips on small exports (10,000 nodes, 1,678 rows: 1.0x
   * the statement by hand instead of 2x), but a larger export then reads its matches twice (the
   * cursor after the head re-scans what the GIN index returns): 1.66x at 17,200 rows.
   */
  streamHeadRows?: number;
  /** Nodes per batch when the fulltext index is populated (default 2000). */
  fulltextBatchSize?: number;
  /**
   * Cypher: the depth a variable-length relationship without an upper bound (`*`, `*2..`) is
   * followed to (default 15); a walk that would go deeper stops the query with 400
   * CYPHER_UNSUPPORTED instead of answering without it.
   */
  cypherMaxDepth?: number;
  /** Cypher: queries whose parse and translation are kept for reuse (cypher/plan-cache.ts; default 500, 0 = none). */
  cypherPlanCacheSize?: number;
  logger?: Logger;
}

const DEFAULT_LIMIT = 100;

function pageArgs(query: { skip?: number; limit?: number }): { skip: number; limit: number } {
  const skip = query.skip ?? 0;
  const limit = query.limit ?? DEFAULT_LIMIT;
  if (!Number.isInteger(skip) || skip < 0) throw new BadRequestError('skip must be a non-negative integer', 'INVALID_QUERY');
  if (!Number.isInteger(limit) || limit < 0) throw new BadRequestError('limit must be a non-negative integer', 'INVALID_QUERY');
  return { skip, limit };
}

/**
 * The GraphStore on PostgreSQL (server or PGlite): graph_nodes / graph_relationships with jsonb
 * properties (migration 20261120000300_property_graph). The AccessScope is compiled into every
 * statement (see sql-filter.ts); nothing hidden is read back into the process.
 */
export class PostgresGraphStore implements GraphStore {
  readonly backend = 'postgres' as const;
  /** The graph tables live in the service's own database: writes can share a transaction with the audit. */
  readonly atomicWrites = 'sql' as const;
  private readonly runner: QueryRunner;
  private readonly fulltext: FulltextIndex;
  private readonly pageSize: number;
  private readonly headRows: number;

  constructor(
    readonly knex: Knex,
    private readonly options: PostgresGraphStoreOptions = {},
  ) {
    // The one runner that owns a direct pool (closed by close()); per-call runners stay on knex.
    this.runner = new QueryRunner(knex, options.queryTimeoutMs, { direct: true });
    this.fulltext = new FulltextIndex(this.runner, options.fulltextBatchSize ?? 2000, options.logger);
    this.pageSize = options.streamPageSize ?? 1000;
    this.headRows = options.streamHeadRows ?? 0;
  }

  async init(): Promise<void> {
    // Start-up checks are not user queries: graphdb.queryTimeoutMs does not cut them short.
    const startup = new QueryRunner(this.runner.knex);
    try {
      await startup.rows(sql`select 1 from graph_nodes limit 1`);
    } catch (error) {
      if ((error as { code?: string }).code === '42P01')
        throw new Error('The graph tables are missing: run the migrations (npm run migrate)', { cause: error });
      throw error;
    }
    await this.fulltext.resume(startup);
  }

  async close(): Promise<void> {
    try {
      await this.fulltext.stop();
    } finally {
      await this.runner.close();
    }
  }

  /** The direct path's pool (runner.ts): for tests that check no connection stays lent out. */
  directPoolStats(): DirectPoolStats | null {
    return this.runner.poolStats();
  }

  async serverInfo(): Promise<ServerInfo> {
    try {
      const row = await this.runner.one<{ version: string }>(sql`select current_setting('server_version') as version`);
      return { backend: 'postgres', version: String(row?.version ?? '') };
    } catch (error) {
      if (error instanceof GraphUnavailableError) throw error;
      throw new GraphUnavailableError(`The graph database is not reachable: ${(error as Error).message}`);
    }
  }

  // ------------------------------------------------------------------------------------------
  // reads

  getNodes(ids: GraphId[], scope: AccessScope, properties?: string[]): Promise<GraphNode[]> {
    return fetchNodes(this.runner, ScopeSql.for(scope), ids, properties);
  }

  getRelationships(ids: GraphId[], scope: AccessScope, properties?: string[]): Promise<GraphRelationship[]> {
    return fetchRelationships(this.runner, ScopeSql.for(scope), ids, properties);
  }

  private async nodeWhere(s: ScopeSql, query: Pick<FindQuery, 'filter' | 'text'>): Promise<Sql> {
    const parts = [s.nodeVisible('n'), s.nodeFilter('n', query.filter)];
    if (typeof query.text === 'string' && query.text.trim() !== '') {
      parts.push(this.fulltext.condition(s, 'n', query.text.trim(), await this.fulltext.isOnline()));
    }
    return and(parts);
  }

  private relationshipWhere(s: ScopeSql, query: Pick<FindQuery, 'filter'>): Sql {
    return and([s.relationshipFilter('r', query.filter), s.relationshipVisible('r')]);
  }

  async findNodes(query: FindQuery, scope: AccessScope): Promise<FindResult<GraphNode>> {
    const s = ScopeSql.for(scope);
    const { skip, limit } = pageArgs(query);
    const where = await this.nodeWhere(s, query);
    const order = s.nodeOrder('n', query.sort);
    if (where === FALSE) return { items: [], total: 0 };
    const bound = query.countLimit;
    if (bound !== undefined && Number.isInteger(bound) && bound >= 0 && limit > 0 && skip + limit <= bound + 1 && !query.sort?.length) {
      // One statement (a text search): the first bound + 1 matches in id order, counted, and the
      // page taken from them, instead of a page statement and a count statement that evaluate the
      // condition twice.
      const rows = await this.runner.rows<NodeRow & { total: number; sort_id: string | null }>(sql`
        with m as materialized (select n.id from graph_nodes n where ${where} order by n.id limit ${bound + 1}::bigint),
        p as (select id from m order by id offset ${skip}::bigint limit ${limit}::bigint)
        select c.total, x.* from (select count(*)::int as total from m) c
        left join lateral (select n.id as sort_id, ${s.nodeColumns('n', query.properties)} from graph_nodes n where n.id in (select id from p)) x on true
        order by x.sort_id`);
      const counted = Number(rows[0]?.total ?? 0);
      const items = rows.filter((r) => r.sort_id !== null).map(({ id, labels, properties }) => toNode({ id, labels, properties }));
      return counted > bound ? { items, total: bound, totalIsLowerBound: true } : { items, total: counted };
    }
    const items =
      limit === 0
        ? []
        : // Prepared (issue 24): a lookup by a key is planned once per connection; labels and keys are
          // literals in the text (sql.ts literal()), so the generic plan still uses their indexes.
          await this.runner.prepared<NodeRow>(
            sql`select ${s.nodeColumns('n', query.properties)} from graph_nodes n where ${where} ${order} offset ${skip}::bigint limit ${limit}::bigint`,
          );
    // A short page (not past the end) already tells the total: save the count statement.
    const known = limit > 0 && items.length < limit && (items.length > 0 || skip === 0) ? skip + items.length : undefined;
    if (known !== undefined) return { items: items.map(toNode), total: known };
    if (bound !== undefined && Number.isInteger(bound) && bound >= 0) {
      // Stops after bound + 1 matches: a common word at 1M nodes no longer reads every match.
      const counted = await this.runner.one<{ total: number }>(
        sql`select count(*)::int as total from (select 1 from graph_nodes n where ${where} limit ${bound + 1}::bigint) c`,
      );
      const total = Number(counted?.total ?? 0);
      return total > bound ? { items: items.map(toNode), total: bound, totalIsLowerBound: true } : { items: items.map(toNode), total };
    }
    const count = await this.runner.one<{ total: number }>(sql`select count(*)::int as total from graph_nodes n where ${where}`);
    return { items: items.map(toNode), total: Number(count?.total ?? 0) };
  }

  async findRelationships(query: FindQuery, scope: AccessScope): Promise<FindResult<GraphRelationship>> {
    const s = ScopeSql.for(scope);
    const { skip, limit } = pageArgs(query);
    if (typeof query.text === 'string' && query.text.trim() !== '') {
      throw new BadRequestError('Text search applies to nodes only', 'TEXT_SEARCH_NODES_ONLY');
    }
    const where = this.relationshipWhere(s, query);
    const order = s.relationshipOrder('r', query.sort);
    if (where === FALSE) return { items: [], total: 0 };
    const items =
      limit === 0
        ? []
        : await this.runner.rows<RelationshipRow>(
            sql`select ${s.relationshipColumns('r', query.properties)} from graph_relationships r where ${where} ${order} offset ${skip}::bigint limit ${limit}::bigint`,
          );
    // A short page (not past the end) already tells the total: save the count statement.
    const known = limit > 0 && items.length < limit && (items.length > 0 || skip === 0) ? skip + items.length : undefined;
    const count =
      known !== undefined
        ? { total: known }
        : await this.runner.one<{ total: number }>(sql`select count(*)::int as total from graph_relationships r where ${where}`);
    return { items: items.map(toRelationship), total: Number(count?.total ?? 0) };
  }

  /**
   * One statement through a cursor on a PostgreSQL server (cursor.ts); on PGlite keyset pages
   * (id > last order by id), which do not hold its only connection between pages.
   */
  async *streamNodes(query: Pick<FindQuery, 'filter' | 'text' | 'properties'>, scope: AccessScope): AsyncIterable<GraphNode> {
    const s = ScopeSql.for(scope);
    const where = await this.nodeWhere(s, query);
    if (where === FALSE) return;
    if (canUseCursor(this.runner.knex)) {
      const build = (after: string | null, limit: number | null) =>
        sql`select ${s.nodeColumns('n', query.properties)} from graph_nodes n where ${after === null ? sql`` : sql`n.id > ${after}::bigint and `}${where} order by n.id${limit === null ? sql`` : sql` limit ${limit}::bigint`}`;
      for await (const page of headThenCursor<NodeRow>(this.runner, build, this.headRows, this.pageSize))
        for (const row of page) yield toNode(row);
      return;
    }
    let last = '0';
    for (;;) {
      const rows = await this.runner.rows<NodeRow>(
        sql`select ${s.nodeColumns('n', query.properties)} from graph_nodes n where n.id > ${last}::bigint and ${where} order by n.id limit ${this.pageSize}::int`,
      );
      for (const row of rows) yield toNode(row);
      if (rows.length < this.pageSize) return;
      last = String(rows[rows.length - 1].id);
    }
  }

  /**
   * The export's column set, the hidden properties left out (the rows are then read once,
   * streamNodes): the key catalog's candidates confirmed by one existence probe each
   * (property-keys.ts), not a pass over every match.
   */
  async nodePropertyKeys(query: Pick<FindQuery, 'filter' | 'text'>, scope: AccessScope): Promise<string[]> {
    const s = ScopeSql.for(scope);
    const where = await this.nodeWhere(s, query);
    return nodePropertyKeysByCatalog(this.runner, s, where, [query.filter, scope.unrestricted ? undefined : scope.nodeFilter]);
  }

  async *streamRelationships(query: Pick<FindQuery, 'filter' | 'properties'>, scope: AccessScope): AsyncIterable<GraphRelationship> {
    const s = ScopeSql.for(scope);
    const where = this.relationshipWhere(s, query);
    if (where === FALSE) return;
    if (canUseCursor(this.runner.knex)) {
      const build = (after: string | null, limit: number | null) =>
        sql`select ${s.relationshipColumns('r', query.properties)} from graph_relationships r where ${after === null ? sql`` : sql`r.id > ${after}::bigint and `}${where} order by r.id${limit === null ? sql`` : sql` limit ${limit}::bigint`}`;
      for await (const page of headThenCursor<RelationshipRow>(this.runner, build, this.headRows, this.pageSize))
        for (const row of page) yield toRelationship(row);
      return;
    }
    let last = '0';
    for (;;) {
      const rows = await this.runner.rows<RelationshipRow>(
        sql`select ${s.relationshipColumns('r', query.properties)} from graph_relationships r where r.id > ${last}::bigint and ${where} order by r.id limit ${this.pageSize}::int`,
      );
      for (const row of rows) yield toRelationship(row);
      if (rows.length < this.pageSize) return;
      last = String(rows[rows.length - 1].id);
    }
  }

  // ------------------------------------------------------------------------------------------
  // schema of the data

  async labels(scope: AccessScope): Promise<string[]> {
    const s = ScopeSql.for(scope);
    const list = s.labelList;
    if (list !== null) {
      if (list.length === 0) return [];
      const rows = await this.runner.rows<{ label: string }>(sql`
        select l as label from unnest(${list}::text[]) as l
        where exists (select 1 from graph_nodes n where n.labels @> array[l] and ${s.nodeVisible('n')})
        order by l`);
      return rows.map((r) => r.label);
    }
    const rows = await this.runner.rows<{ label: string }>(sql`
      select distinct l as label from graph_nodes n cross join lateral unnest(n.labels) as l where ${s.nodeVisible('n')} order by 1`);
    return rows.map((r) => r.label);
  }

  async relationshipTypes(scope: AccessScope): Promise<string[]> {
    const s = ScopeSql.for(scope);
    const visible = s.relationshipVisible('r');
    if (visible === FALSE) return [];
    // Loose index scan over the type index, then one existence probe per type when restricted.
    const rows = await this.runner.rows<{ type: string }>(sql`
      with recursive t(type) as (
        (select type from graph_relationships order by type limit 1)
        union all
        select (select r2.type from graph_relationships r2 where r2.type > t.type order by r2.type limit 1) from t where t.type is not null
      )
      select t.type from t where t.type is not null
        ${visible === TRUE ? sql`` : sql`and exists (select 1 from graph_relationships r where r.type = t.type and ${visible})`}
      order by 1`);
    return rows.map((r) => r.type);
  }

  async propertyKeys(scope: AccessScope): Promise<string[]> {
    const s = ScopeSql.for(scope);
    const rows = await this.runner.rows<{ key: string }>(sql`
      select k as key from (
        select jsonb_object_keys(${s.nodeProperties('n')}) as k from graph_nodes n where ${s.nodeVisible('n')}
        union
        select jsonb_object_keys(${s.relationshipProperties('r')}) as k from graph_relationships r where ${s.relationshipVisible('r')}
      ) keys order by 1`);
    return rows.map((r) => r.key);
  }

  async frequency(query: FrequencyQuery, scope: AccessScope): Promise<FrequencyResult> {
    const s = ScopeSql.for(scope);
    const property = assertIdentifier('property', query?.property);
    if (!['nodes', 'relationships', 'all'].includes(query.target))
      throw new BadRequestError('target is one of nodes, relationships, all', 'INVALID_QUERY');
    const limit = query.limit ?? 20;
    if (!Number.isInteger(limit) || limit < 0) throw new BadRequestError('limit must be a non-negative integer', 'INVALID_QUERY');
    const parts: Sql[] = [];
    if (query.target !== 'relationships') {
      const labels = query.labels && query.labels.length > 0 ? assertIdentifiers('label', query.labels) : [];
      const labelSql = labels.length === 0 ? TRUE : labels.every((l) => s.labelVisible(l)) ? sql`n.labels @> ${labels}::text[]` : FALSE;
      const where = and([s.nodeVisible('n'), labelSql]);
      if (where !== FALSE) parts.push(sql`select ${s.nodeAccessor('n', property)} as v from graph_nodes n where ${where}`);
    }
    if (query.target !== 'nodes') {
      const where = and([typeCondition(s, 'r', query.types), s.relationshipVisible('r')]);
      if (where !== FALSE) parts.push(sql`select ${s.relationshipAccessor('r', property)} as v from graph_relationships r where ${where}`);
    }
    if (parts.length === 0) return { property, values: [], total: 0, distinct: 0 };
    const union = new Sql(
      parts.map((p) => p.text).join(' union all '),
      parts.flatMap((p) => p.values),
    );
    const rows = await this.runner.rows<{ value: unknown; count: number; total: string; distinct: number }>(sql`
      with vals as (${union}),
      agg as materialized (select v, count(*)::bigint as c from vals group by v)
      select v as value, c::int as count, (sum(c) over ())::bigint::text as total, (count(*) over ())::int as distinct
      from agg where v is not null order by c desc, ${jsonTypeRank(raw('v'))}, ${codePointKey(raw('v'))}, ${typedValueKey(raw('v'))}, v limit ${Math.max(limit, 1)}::int`);
    // (Equal counts come in value order, values of different types in Cypher's order, as on Neo4j.
    // The elements without the property form one group that is dropped after grouping: filtering
    // them first made PostgreSQL extract the property twice per row. "materialized" keeps that
    // condition from being pushed back below the grouping.)
    return {
      property,
      values: limit === 0 ? [] : rows.map((r) => ({ value: r.value, count: Number(r.count) })),
      total: rows.length > 0 ? Number(rows[0].total) : 0,
      distinct: rows.length > 0 ? Number(rows[0].distinct) : 0,
    };
  }

  async sample(limit: number, scope: AccessScope): Promise<Subgraph> {
    if (!Number.isInteger(limit) || limit < 0) throw new BadRequestError('limit must be a non-negative integer', 'INVALID_QUERY');
    if (limit === 0) return { nodes: [], relationships: [] };
    const s = ScopeSql.for(scope);
    const nodes = await this.runner.rows<NodeRow>(
      sql`select ${s.nodeColumns('n')} from graph_nodes n where ${s.nodeVisible('n')} order by n.id limit ${limit}::int`,
    );
    const rels = await this.runner.rows<RelationshipRow>(
      sql`select ${s.relationshipColumns('r')} from graph_relationships r where ${s.relationshipVisible('r')} order by r.id limit ${limit}::int`,
    );
    return { nodes: nodes.map(toNode), relationships: rels.map(toRelationship) };
  }

  // ------------------------------------------------------------------------------------------
  // traversal

  directRelationships(a: GraphId[], b: GraphId[], scope: AccessScope, types?: string[]): Promise<GraphRelationship[]> {
    return traversal.directRelationships(this.runner, ScopeSql.for(scope), a, b, types);
  }

  indirectRelationships(nodeIds: GraphId[], query: PathQuery, scope: AccessScope): Promise<GraphPath[]> {
    return traversal.indirectRelationships(this.runner, ScopeSql.for(scope), nodeIds, query ?? {});
  }

  explore(query: ExploreQuery, scope: AccessScope): Promise<ExploreResult> {
    return traversal.explore(this.runner, ScopeSql.for(scope), query);
  }

  shortestPaths(from: GraphId, to: GraphId, query: PathQuery, scope: AccessScope): Promise<GraphPath[]> {
    return traversal.shortestPaths(this.runner, ScopeSql.for(scope), from, to, query ?? {});
  }

  // ------------------------------------------------------------------------------------------
  // writes

  /**
   * Without options.beforeCommit the write runs as it always did. With it, the write and the
   * callback run in one transaction of this (the service's own) database: the callback gets the
   * result and the transaction (the caller records its audit event there), a throw rolls both
   * back. A deadlock or serialization failure reruns the whole unit (retryOnContention; the write
   * inside does not retry on a transaction it does not own).
   */
  private atomically<T>(options: GraphWriteOptions<T> | undefined, work: (runner: QueryRunner) => Promise<T>): Promise<T> {
    const beforeCommit = options?.beforeCommit;
    if (!beforeCommit) return work(this.runner);
    return retryOnContention(this.knex, () =>
      this.knex.transaction(async (trx) => {
        const result = await work(new QueryRunner(trx, this.options.queryTimeoutMs));
        await beforeCommit(result, { sql: trx });
        return result;
      }),
    );
  }

  createNode(input: NodeInput, scope: AccessScope, options?: GraphWriteOptions<GraphNode>): Promise<GraphNode> {
    return this.atomically(options, (runner) => writes.createNode(runner, ScopeSql.for(scope), input));
  }

  createRelationship(
    input: RelationshipInput,
    scope: AccessScope,
    options?: GraphWriteOptions<GraphRelationship | null>,
  ): Promise<GraphRelationship | null> {
    return this.atomically(options, (runner) => writes.createRelationship(runner, ScopeSql.for(scope), input));
  }

  updateNode(
    id: GraphId,
    update: NodeUpdate,
    scope: AccessScope,
    options?: GraphWriteOptions<GraphNode | null>,
  ): Promise<GraphNode | null> {
    return this.atomically(options, (runner) => writes.updateNode(runner, ScopeSql.for(scope), id, update));
  }

  updateRelationship(
    id: GraphId,
    patch: PropertyPatch,
    scope: AccessScope,
    options?: GraphWriteOptions<GraphRelationship | null>,
  ): Promise<GraphRelationship | null> {
    return this.atomically(options, (runner) => writes.updateRelationship(runner, ScopeSql.for(scope), id, patch));
  }

  updateNodesMatching(
    filter: Filter | undefined,
    update: NodeUpdate,
    scope: AccessScope,
    options?: GraphWriteOptions<number>,
  ): Promise<number> {
    return this.atomically(options, (runner) => writes.updateNodesMatching(runner, ScopeSql.for(scope), filter, update));
  }

  deleteNode(id: GraphId, scope: AccessScope, options?: GraphWriteOptions<DeletedElements | null>): Promise<DeletedElements | null> {
    return this.atomically(options, (runner) => writes.deleteNode(runner, ScopeSql.for(scope), id));
  }

  deleteRelationship(
    id: GraphId,
    scope: AccessScope,
    options?: GraphWriteOptions<DeletedElements | null>,
  ): Promise<DeletedElements | null> {
    return this.atomically(options, (runner) => writes.deleteRelationship(runner, ScopeSql.for(scope), id));
  }

  /** Undo of an import: one transaction, always (the deletions and beforeCommit commit together). */
  deleteCreated(created: CreatedElements, scope: AccessScope, options?: GraphWriteOptions<DeletedCreated>): Promise<DeletedCreated> {
    return retryOnContention(this.knex, () =>
      this.knex.transaction(async (trx) => {
        const result = await deleteCreated(new QueryRunner(trx, this.options.queryTimeoutMs), ScopeSql.for(scope), created);
        await options?.beforeCommit?.(result, { sql: trx });
        return result;
      }),
    );
  }

  async importBatch(batch: ImportBatch, options?: GraphWriteOptions<ImportBatchResult>): Promise<ImportBatchResult> {
    for (const item of [...(batch?.nodes ?? []), ...(batch?.relationships ?? [])]) assertPortableProperties(item?.properties);
    return this.atomically(options, (runner) => writes.importBatch(runner, batch));
  }

  bulkImport(source: AsyncIterable<BulkImportBatch>, scope: AccessScope, options?: BulkImportOptions): Promise<BulkImportResult> {
    return bulkImport(this.knex, this.options.queryTimeoutMs, ScopeSql.for(scope), source, options);
  }

  // ------------------------------------------------------------------------------------------
  // schema indexes and fulltext

  listIndexes(): Promise<SchemaIndex[]> {
    return listSchemaIndexes(this.runner);
  }

  createIndex(input: SchemaIndexInput): Promise<SchemaIndex> {
    return createSchemaIndex(this.runner, input);
  }

  dropIndex(input: SchemaIndexInput): Promise<boolean> {
    return dropSchemaIndex(this.runner, input);
  }

  fulltextStatus(): Promise<FulltextStatus> {
    return this.fulltext.status();
  }

  createFulltextIndex(config: FulltextConfig): Promise<FulltextStatus> {
    return this.fulltext.create(config);
  }

  dropFulltextIndex(): Promise<void> {
    return this.fulltext.drop();
  }

  /** Waits until no fulltext population runs in this process (tests, orderly shutdown). */
  fulltextIdle(): Promise<void> {
    return this.fulltext.idle();
  }

  /** A read subset of Cypher, translated to one SQL statement with the scope compiled in (cypher/). */
  runCypher(query: string, params: Record<string, unknown>, options: CypherOptions): Promise<CypherResult> {
    this.cypherPlans ??= new CypherPlanCache(this.options.cypherPlanCacheSize ?? DEFAULT_PLAN_CACHE_SIZE);
    return runCypherOnPostgres(
      this.knex,
      query,
      params,
      options,
      this.options.cypherMaxDepth ?? DEFAULT_CYPHER_MAX_DEPTH,
      this.cypherPlans,
    );
  }

  private cypherPlans?: CypherPlanCache;
}
