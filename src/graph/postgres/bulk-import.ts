import type { Knex } from 'knex';
import { BadRequestError } from '../../errors';
import { toJsonText } from '../../exact-json';
import type { BulkImportBatch, BulkImportNode, BulkImportOptions, BulkImportResult, NodeRef, Properties } from '../graph-store';
import { assertIdentifier } from '../identifiers';
import { readAhead } from '../read-ahead';
import { CreatedRecorder } from '../created-recorder';
import { cleanImportProperties, endResolver, normaliseImportNodes, planNodeBatch, valueKey } from '../bulk-import-plan';
import { insertNodesWithIds } from './insert-nodes';
import { QueryRunner } from './runner';
import { isValidId, raw, sql } from './sql';
import type { ScopeSql } from './sql-filter';

/** Thrown inside the transaction to roll a dry run back; never leaves this module. */
class DryRunRollback extends Error {
  constructor(readonly result: BulkImportResult) {
    super('dry run');
  }
}

/**
 * Matching nodes by label + property value during one import. Small look-ups probe the
 * properties GIN index per value (fast since its pending list is off); once an import has matched
 * more than CACHE_AFTER values for one label + property, the key of every visible node with that
 * label is read ONCE into a temporary table with a hash index (dropped at commit), kept up to date
 * with the nodes the import writes, and every later batch is matched by one indexed join: no
 * per-value probe, no scan of graph_nodes per batch (issue 10: the probe per relationship end was
 * 87% of importBatch's time).
 */
const CACHE_AFTER = 5000;

class KeyMatcher {
  private readonly seen = new Map<string, number>();
  private readonly tables = new Map<string, string>();

  constructor(
    private readonly runner: QueryRunner,
    private readonly trx: Knex.Transaction,
    private readonly scope: ScopeSql,
    /** Values matched before the key table is built; a batched import never builds it (it would die with each batch's commit). */
    private readonly cacheAfter = CACHE_AFTER,
  ) {}

  private group(label: string, property: string): string {
    return `${label}\u0000${property}`;
  }

  /**
   * The key table of a label + property when it exists or `count` more values take the import
   * past CACHE_AFTER (then it is built); undefined while the per-value probe is the better way.
   */
  async tableFor(label: string, property: string, count: number): Promise<string | undefined> {
    const group = this.group(label, property);
    const table = this.tables.get(group);
    if (table) return table;
    if ((this.seen.get(group) ?? 0) + count <= this.cacheAfter) return undefined;
    this.seen.set(group, (this.seen.get(group) ?? 0) + count);
    return this.buildCache(label, property);
  }

  /** For each value, the smallest id of a visible node with the label whose property equals it. */
  async match(label: string, property: string, values: unknown[]): Promise<Map<string, string>> {
    const found = new Map<string, string>();
    if (values.length === 0) return found;
    const group = this.group(label, property);
    const count = (this.seen.get(group) ?? 0) + values.length;
    this.seen.set(group, count);
    let table = this.tables.get(group);
    if (!table && count > this.cacheAfter) table = await this.buildCache(label, property);
    const payload = toJsonText(values);
    const rows = table
      ? await this.runner.rows<{ i: string; id: string }>(
          sql`select x.i::text as i, k.id::text as id
              from jsonb_array_elements(${payload}::jsonb) with ordinality as x(v, i)
              join ${raw(table)} k on k.v = x.v`,
          this.trx,
        )
      : await this.runner.rows<{ i: string; id: string | null }>(
          // min() over a fenced subquery (offset 0) keeps the planner on the GIN probe (see writes.ts).
          sql`select x.i::text as i, (select min(m.id)::text from (select n.id from graph_nodes n
                where ${label}::text = any(n.labels) and n.properties @> jsonb_build_object(${property}::text, x.v) and ${this.scope.nodeVisible('n')}
                offset 0) m) as id
              from jsonb_array_elements(${payload}::jsonb) with ordinality as x(v, i)`,
          this.trx,
        );
    for (const row of rows) if (row.id) found.set(valueKey(values[Number(row.i) - 1]), row.id);
    return found;
  }

  /**
   * The table is filled in one statement (values already unique: grouped), THEN indexed with a
   * hash index (jsonb's hash opclass agrees with jsonb equality, 1 = 1.0): building it afterwards
   * costs 2.1 s for 1,000,000 keys where inserting them one by one into a primary key btree cost
   * 17 s, and a probe of the hash index is cheaper than a btree descent comparing jsonb values.
   */
  private async buildCache(label: string, property: string): Promise<string> {
    const table = `gas_import_keys_${this.tables.size + 1}`;
    await this.runner.rows(
      sql`create temporary table ${raw(table)} on commit drop as
          select n.properties -> ${property}::text as v, min(n.id) as id from graph_nodes n
          where ${label}::text = any(n.labels) and (n.properties -> ${property}::text) is not null and ${this.scope.nodeVisible('n')}
          group by 1`,
      this.trx,
    );
    await this.runner.rows(sql`create index on ${raw(table)} using hash (v)`, this.trx);
    await this.runner.rows(sql`analyze ${raw(table)}`, this.trx);
    this.tables.set(this.group(label, property), table);
    return table;
  }

  /** Nodes the import created or changed: their keys join the caches (the first node of a value stays). */
  async written(ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    for (const [group, table] of this.tables) {
      const [label, property] = group.split('\u0000');
      // No unique index (hash): the smallest id per new value, values already cached left alone.
      await this.runner.rows(
        sql`insert into ${raw(table)} (v, id)
            select distinct on (s.v) s.v, s.id from (
              select n.properties -> ${property}::text as v, n.id from graph_nodes n
              where n.id = any(${ids}::bigint[]) and ${label}::text = any(n.labels) and (n.properties -> ${property}::text) is not null
            ) s
            where not exists (select 1 from ${raw(table)} k where k.v = s.v)
            order by s.v, s.id`,
        this.trx,
      );
    }
  }
}

async function writeBatch(
  runner: QueryRunner,
  trx: Knex.Transaction,
  scope: ScopeSql,
  batch: BulkImportBatch,
  keys: Map<string, string>,
  totals: BulkImportResult,
  matcher: KeyMatcher,
  recorder: CreatedRecorder,
): Promise<void> {
  const nodes = normaliseImportNodes(batch);

  // 1. Merge keys: existing nodes first (one join per label + property), then rows of this batch
  //    that share a key value with an earlier row of the batch are folded into it.
  const { updates, inserts, nodeIdOfRow } = await planNodeBatch(nodes, (label, property, values) => matcher.match(label, property, values));

  const realUpdates = [...updates].filter(([, u]) => !u.createOnly);
  if (realUpdates.length > 0) {
    const payload = realUpdates.map(([id, u]) => ({ id, labels: u.labels, properties: u.properties }));
    await runner.rows(
      sql`update graph_nodes n
          set properties = n.properties || x.properties,
              labels = n.labels || array(select l from jsonb_array_elements_text(x.labels) as l where not (l = any(n.labels)))
          from jsonb_to_recordset(${toJsonText(payload)}::jsonb) as x(id text, labels jsonb, properties jsonb)
          where n.id = x.id::bigint`,
      trx,
    );
    totals.nodesUpdated += realUpdates.length;
    recorder.updated(realUpdates.map(([id]) => id));
    await matcher.written(realUpdates.map(([id]) => id));
  }

  // 2. New nodes: ids drawn from the sequence first, so each row knows its id.
  const insertedIds = new Map<BulkImportNode, string>();
  if (inserts.length > 0) {
    const ids = await insertNodesWithIds(runner, trx, inserts);
    inserts.forEach((n, i) => insertedIds.set(n, ids[i]));
    totals.nodesCreated += inserts.length;
    recorder.add('nodes', ids);
    await matcher.written(ids);
  }
  for (const node of nodes) {
    if (node.key === undefined) continue;
    const target = nodeIdOfRow.get(node);
    const id = typeof target === 'string' ? target : target ? insertedIds.get(target) : undefined;
    if (id !== undefined) keys.set(node.key, id);
  }

  // 3. Relationship ends: by key, by id, by label + property (one join per label + property).
  const rels = (batch.relationships ?? []).map((r) => ({
    ...r,
    type: assertIdentifier('relationship type', r.type),
    properties: cleanImportProperties(r.properties),
  }));
  const direct = await insertMatchedInOne(runner, trx, rels, totals, matcher, recorder);
  if (direct) {
    totals.unresolvedRows.push(...direct);
    await batch.onWritten?.(direct);
    return;
  }
  const resolve = await endResolver(rels, keys, {
    validId: isValidId,
    match: (label, property, values) => matcher.match(label, property, values),
    visibleIds: async (ids) =>
      (
        await runner.rows<{ id: string }>(
          sql`select n.id::text as id from graph_nodes n where n.id = any(${ids}::bigint[]) and ${scope.nodeVisible('n')}`,
          trx,
        )
      ).map((f) => f.id),
  });
  const payload: Array<{ type: string; s: string; e: string; properties: Properties }> = [];
  const unresolved: number[] = [];
  for (const r of rels) {
    const s = resolve(r.start);
    const e = resolve(r.end);
    if (s === undefined || e === undefined) unresolved.push(r.row);
    else payload.push({ type: r.type, s, e, properties: r.properties });
  }
  if (payload.length > 0) {
    const inserted = await runner.rows<{ id: string }>(
      recorder.active
        ? sql`insert into graph_relationships (type, start_id, end_id, properties)
          select x.type, x.s::bigint, x.e::bigint, x.properties
          from jsonb_to_recordset(${toJsonText(payload)}::jsonb) as x(type text, s text, e text, properties jsonb)
          order by x.s::bigint
          returning id::text as id`
        : sql`insert into graph_relationships (type, start_id, end_id, properties)
          select x.type, x.s::bigint, x.e::bigint, x.properties
          from jsonb_to_recordset(${toJsonText(payload)}::jsonb) as x(type text, s text, e text, properties jsonb)
          order by x.s::bigint`,
      trx,
    );
    totals.relationshipsCreated += payload.length;
    recorder.add(
      'relationships',
      inserted.map((r) => r.id),
    );
  }
  totals.unresolvedRows.push(...unresolved);
  await batch.onWritten?.(unresolved);
}

type PropertyRef = { label: string; property: string; value: unknown };
const byProperties = (ref: NodeRef): ref is PropertyRef =>
  !!ref && typeof ref === 'object' && 'label' in ref && ref.value !== undefined && ref.value !== null;

/**
 * Relationships whose ends are all label + property (every CSV relationship row), once the key
 * tables of those pairs exist: ends matched and relationships inserted in ONE statement (the
 * batch's values joined to the key tables inside the INSERT, as the raw bulk path joins its
 * staging table), instead of sending the matched ids back and forth. Returns the unresolved
 * rows, or undefined when the batch does not qualify (the general path then runs).
 */
async function insertMatchedInOne(
  runner: QueryRunner,
  trx: Knex.Transaction,
  rels: Array<{ row: number; type: string; start: NodeRef; end: NodeRef; properties: Properties }>,
  totals: BulkImportResult,
  matcher: KeyMatcher,
  recorder: CreatedRecorder,
): Promise<number[] | undefined> {
  if (rels.length === 0 || !rels.every((r) => byProperties(r.start) && byProperties(r.end))) return undefined;
  const first = rels[0].start as PropertyRef;
  const last = rels[0].end as PropertyRef;
  const same = (a: PropertyRef, b: PropertyRef) => a.label === b.label && a.property === b.property;
  if (!rels.every((r) => same(r.start as PropertyRef, first) && same(r.end as PropertyRef, last))) return undefined;
  for (const ref of [first, last]) {
    assertIdentifier('label', ref.label);
    assertIdentifier('property', ref.property);
  }
  const startTable = await matcher.tableFor(first.label, first.property, same(first, last) ? 2 * rels.length : rels.length);
  const endTable = same(first, last) ? startTable : await matcher.tableFor(last.label, last.property, rels.length);
  if (!startTable || !endTable) return undefined;
  const payload = rels.map((r, i) => ({
    i,
    type: r.type,
    s: (r.start as PropertyRef).value,
    e: (r.end as PropertyRef).value,
    properties: r.properties,
  }));
  // With recordCreated, the ids of the inserted rows come back too (rows with i null).
  const matched = sql`with m as materialized (
          select x.i, x.type, x.properties, s.id as s, e.id as e
          from jsonb_to_recordset(${toJsonText(payload)}::jsonb) as x(i int, type text, s jsonb, e jsonb, properties jsonb)
          left join ${raw(startTable)} s on s.v = x.s
          left join ${raw(endTable)} e on e.v = x.e
        ), inserted as (
          insert into graph_relationships (type, start_id, end_id, properties)
          select m.type, m.s, m.e, m.properties from m where m.s is not null and m.e is not null
          order by m.s`;
  const rows = await runner.rows<{ i: number | null; id?: string | null }>(
    recorder.active
      ? sql`${matched}
          returning id
        )
        select m.i, null::text as id from m where m.s is null or m.e is null
        union all select null::int, inserted.id::text from inserted`
      : sql`${matched}
        )
        select m.i from m where m.s is null or m.e is null`,
    trx,
  );
  recorder.add(
    'relationships',
    rows.filter((r) => r.i === null && r.id).map((r) => r.id!),
  );
  const unresolved = rows
    .filter((r) => r.i !== null)
    .map((r) => rels[Number(r.i)].row)
    .sort((a, b) => a - b);
  totals.relationshipsCreated += rels.length - unresolved.length;
  return unresolved;
}

/**
 * The PostgreSQL bulk import: all batches in one transaction (issue 10 asks that a failed or
 * cancelled import leave nothing; one transaction is the simplest way to get that exactly, and
 * PostgreSQL holds a long write transaction without trouble: no stamps to clean up, no window
 * where half an import is visible). Memory stays bounded by one batch plus the key map.
 */
export async function bulkImport(
  knex: Knex,
  timeoutMs: number | undefined,
  scope: ScopeSql,
  source: AsyncIterable<BulkImportBatch>,
  options: BulkImportOptions = {},
): Promise<BulkImportResult> {
  if (options.transaction === 'batched' && !options.rollback) return batchedImport(knex, timeoutMs, scope, source, options);
  try {
    return await knex.transaction(async (trx) => {
      const runner = new QueryRunner(trx, timeoutMs);
      const totals: BulkImportResult = { nodesCreated: 0, nodesUpdated: 0, relationshipsCreated: 0, unresolvedRows: [] };
      const keys = new Map<string, string>();
      const matcher = new KeyMatcher(runner, trx, scope);
      const recorder = new CreatedRecorder(totals, options.recordCreated);
      // The next batch is read and converted while this one is written (readAhead).
      for await (const batch of readAhead(source)) {
        if (!batch || typeof batch !== 'object') throw new BadRequestError('a bulk import batch must be an object', 'INVALID_IMPORT');
        await writeBatch(runner, trx, scope, batch, keys, totals, matcher, recorder);
      }
      if (options.rollback) throw new DryRunRollback(totals);
      await options.beforeCommit?.(totals, { sql: trx });
      return totals;
    });
  } catch (error) {
    if (error instanceof DryRunRollback) return error.result;
    throw error;
  }
}

/**
 * The batched mode (BulkImportOptions.transaction, issue 23 item 10): each batch in its own
 * transaction, with its record (recordBatch) written inside it before the commit; the audit
 * (beforeCommit) in a last short transaction once every batch is in. Matching by label +
 * property probes the GIN index per value (no key table: it would be dropped at each commit).
 */
async function batchedImport(
  knex: Knex,
  timeoutMs: number | undefined,
  scope: ScopeSql,
  source: AsyncIterable<BulkImportBatch>,
  options: BulkImportOptions,
): Promise<BulkImportResult> {
  const totals: BulkImportResult = { nodesCreated: 0, nodesUpdated: 0, relationshipsCreated: 0, unresolvedRows: [] };
  const keys = new Map<string, string>();
  const recorder = new CreatedRecorder(totals, options.recordCreated, true);
  for await (const batch of readAhead(source)) {
    if (!batch || typeof batch !== 'object') throw new BadRequestError('a bulk import batch must be an object', 'INVALID_IMPORT');
    // A failed batch ends the import: the keys it added to the map are never read again.
    const counts = { ...totals, unresolvedRows: [] as number[] };
    await knex.transaction(async (trx) => {
      const runner = new QueryRunner(trx, timeoutMs);
      await writeBatch(runner, trx, scope, batch, keys, counts, new KeyMatcher(runner, trx, scope, Number.POSITIVE_INFINITY), recorder);
      await options.recordBatch?.(recorder.takeBatch());
    });
    Object.assign(totals, {
      nodesCreated: counts.nodesCreated,
      nodesUpdated: counts.nodesUpdated,
      relationshipsCreated: counts.relationshipsCreated,
    });
    totals.unresolvedRows.push(...counts.unresolvedRows);
  }
  await knex.transaction(async (trx) => {
    await options.beforeCommit?.(totals, { sql: trx });
  });
  return totals;
}
