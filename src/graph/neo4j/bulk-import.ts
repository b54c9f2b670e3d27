import type { Session, Transaction } from 'neo4j-driver';
import neo4j, { Neo4jError } from 'neo4j-driver';
import { AppError, BadRequestError, GraphUnavailableError } from '../../errors';
import type {
  AccessScope,
  BulkImportBatch,
  BulkImportNode,
  BulkImportOptions,
  BulkImportResult,
  ImportedBatch,
  NodeRef,
  Properties,
} from '../graph-store';
import { assertIdentifier, cypherIdentifier } from '../identifiers';
import { readAhead } from '../read-ahead';
import { CreatedRecorder } from '../created-recorder';
import { cleanImportProperties, endResolver, groupBy, normaliseImportNodes, planNodeBatch, valueKey } from '../bulk-import-plan';
import { and, CypherCompiler, TRUE } from './cypher-filter';
import type { Dialect } from './dialect';
import { encodeId, idExpr } from './dialect';
import { idToString, serializePropertyValue, toPropertyMap, toPropertyValue } from './serialize';

/**
 * The Neo4j bulk import (issue 10): the same contract as the PostgreSQL one
 * (src/graph/postgres/bulk-import.ts), written with `UNWIND $rows` statements of up to
 * BULK_STATEMENT_ROWS rows.
 *
 * - Batched (options.transaction, issue 23 item 10): the same statements, with a transaction per
 *   batch, its record (options.recordBatch) written before its commit; the caller undoes a failure.
 * - ONE explicit transaction for the whole import (default): a failed statement, a throw of the source (a
 *   cancel) or a dry run rolls it back, so nothing of a failed, cancelled or dry-run import is ever
 *   committed or visible. The transaction state lives on the server's heap until the commit
 *   (Neo4j 3.5: dbms.tx_state.memory_allocation, on-heap by default): an import needs heap in
 *   proportion to what it writes (measured by bench/import; see docs/import.md). One transaction
 *   keeps the PostgreSQL semantics exactly; an import past the heap asks for the batched mode.
 * - Merge keys and relationship ends given as label + property are matched set-based per batch:
 *   one `MATCH (n:L) WHERE n.p IN $values` per label + property (an index seek for every value
 *   when the index exists), visible nodes only (the AccessScope is compiled into the query), the
 *   smallest id per value, as on PostgreSQL. The transaction's own writes are seen by later
 *   batches (an index seek reads the transaction state too).
 * - Indexes: every label + property the import matches on gets a property index when none
 *   exists, created and awaited BEFORE the data transaction opens (a CREATE INDEX waits for the
 *   open write transactions that touched the label: it would wait for the import itself). The
 *   pairs come from options.matchKeys and the first batch; a pair first seen later is matched
 *   without a new index (correct, slower). A dry run creates no index (it writes nothing).
 * - Memory on this side: one batch plus the key -> id map of nodes referenced by { key }.
 */

/** Rows per UNWIND statement. */
export const BULK_STATEMENT_ROWS = 5000;

export interface BulkImportHost {
  dialect: Dialect;
  /** A WRITE session (closed by the import). */
  session(): Session;
  /** A statement that gets no answer within this long fails with 503 (the transaction is abandoned and rolled back by the server). */
  statementDeadlineMs: number;
  mapError(error: unknown): unknown;
  /** Makes sure a property index exists for each pair (outside any open transaction of this import) and waits for it. */
  ensureIndexes(pairs: Array<{ label: string; property: string }>): Promise<void>;
}

/** Thrown by the deadline race; the transaction is then abandoned (its session closed in the background). */
class StatementDeadline extends GraphUnavailableError {}

function chunks<T>(items: T[], size = BULK_STATEMENT_ROWS): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

const pairKey = (label: string, property: string): string => `${label}\u0000${property}`;

/** The label + property pairs a batch matches on (merge keys, ends given by property). */
function pairsOf(batch: BulkImportBatch): Array<{ label: string; property: string }> {
  const pairs = new Map<string, { label: string; property: string }>();
  for (const n of batch.nodes ?? []) if (n?.merge) pairs.set(pairKey(n.merge.label, n.merge.property), n.merge);
  for (const r of batch.relationships ?? []) {
    for (const ref of [r?.start, r?.end] as NodeRef[]) {
      if (ref && typeof ref === 'object' && 'label' in ref)
        pairs.set(pairKey(ref.label, ref.property), { label: ref.label, property: ref.property });
    }
  }
  return [...pairs.values()];
}

/**
 * neo4j-driver keeps every Result of an explicit transaction until it ends (Transaction._results,
 * to wait for unconsumed ones at commit), and a finished Result holds its records and its summary,
 * which holds the query's parameters: over an import of hundreds of batches that is every row
 * sent, on the service's heap (bench/import measured a peak RSS of 802 MB for 200,000 nodes and
 * 400,000 relationships before this). Finished results are dropped from that list after each
 * statement (an internal field of the driver: checked, and left alone when it is not there).
 */
function forgetFinishedResults(tx: Transaction): void {
  const internal = tx as unknown as { _results?: Array<{ isOpen?: () => boolean }> };
  if (!Array.isArray(internal._results)) return;
  internal._results = internal._results.filter((r) => typeof r?.isOpen !== 'function' || r.isOpen());
}

class ImportTransaction {
  private session: Session | null = null;
  private tx: Transaction | null = null;
  private abandoned = false;

  constructor(private readonly host: BulkImportHost) {}

  open(): void {
    this.session = this.host.session();
    this.tx = this.session.beginTransaction();
  }

  /** Runs one statement, racing the deadline. */
  async run(query: string, params: Record<string, unknown>): Promise<Array<{ get(key: string): unknown }>> {
    const tx = this.tx!;
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () =>
          reject(new StatementDeadline(`The graph database did not answer an import statement within ${this.host.statementDeadlineMs} ms`)),
        this.host.statementDeadlineMs,
      );
    });
    try {
      const result = await Promise.race([tx.run(query, params), deadline]);
      forgetFinishedResults(tx);
      return result.records;
    } catch (error) {
      if (error instanceof StatementDeadline) this.abandoned = true;
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }

  async commit(): Promise<void> {
    await this.tx!.commit();
  }

  /** Rolls back (when still open) and closes the session; never throws. */
  async close(): Promise<void> {
    const { session, tx } = this;
    this.session = null;
    this.tx = null;
    if (!session) return;
    if (this.abandoned) {
      // Do not wait for a server that does not answer: closing the connection ends the transaction.
      void session.close().catch(() => undefined);
      return;
    }
    if (tx?.isOpen()) await tx.rollback().catch(() => undefined);
    await session.close().catch(() => undefined);
  }
}

class Writer {
  /** { key } references of this import -> node id. */
  private readonly keys = new Map<string, string>();
  readonly totals: BulkImportResult = { nodesCreated: 0, nodesUpdated: 0, relationshipsCreated: 0, unresolvedRows: [] };
  /** BulkImportOptions.recordCreated: the ids of what the import creates. */
  private readonly recorder: CreatedRecorder;

  constructor(
    private readonly host: BulkImportHost,
    private readonly tx: ImportTransaction,
    private readonly scope: AccessScope,
    recordCreated?: number,
    perBatch = false,
  ) {
    this.recorder = new CreatedRecorder(this.totals, recordCreated, perBatch);
  }

  /** Batched mode: what the batch just written created and updated. */
  takeBatch(): ImportedBatch {
    return this.recorder.takeBatch();
  }

  private get dialect(): Dialect {
    return this.host.dialect;
  }

  private encode(id: string): unknown {
    return encodeId(this.dialect, id);
  }

  /** For each value, the smallest id of a visible node with the label whose property equals it (keyed by valueKey). */
  private async match(label: string, property: string, values: unknown[]): Promise<Map<string, string>> {
    const found = new Map<string, string>();
    if (values.length === 0) return found;
    const l = cypherIdentifier('label', label);
    const p = cypherIdentifier('property', property);
    for (const part of chunks(values)) {
      const c = new CypherCompiler(this.dialect, this.scope);
      const list = c.params.add(
        part.map((v) => toPropertyValue(property, v)),
        'values',
      );
      const visible = c.nodeVisible('n');
      const query = `MATCH (n:${l}) WHERE ${and(`n.${p} IN ${list}`, visible === TRUE ? undefined : visible)} RETURN n.${p} AS v, min(${idExpr(this.dialect, 'n')}) AS id`;
      for (const record of await this.tx.run(query, c.params.values)) {
        const key = valueKey(serializePropertyValue(record.get('v')));
        const id = idToString(record.get('id'));
        const before = found.get(key);
        if (before === undefined || lessId(id, before)) found.set(key, id);
      }
    }
    return found;
  }

  async write(batch: BulkImportBatch): Promise<void> {
    if (!batch || typeof batch !== 'object') throw new BadRequestError('a bulk import batch must be an object', 'INVALID_IMPORT');
    const nodes = normaliseImportNodes(batch);

    // 1. Merge keys: visible existing nodes first (one statement per label + property), then rows
    //    of this batch sharing a key value with an earlier row are folded into it.
    const { updates, inserts, nodeIdOfRow } = await planNodeBatch(nodes, (label, property, values) => this.match(label, property, values));

    // 2. Updates (properties merged, labels added), grouped by the labels they add (query text).
    const realUpdates = [...updates].filter(([, u]) => !u.createOnly);
    for (const [labelKey, list] of groupBy(realUpdates, ([, u]) => JSON.stringify([...u.labels].sort()))) {
      const labels = (JSON.parse(labelKey) as string[]).map((l) => ':' + cypherIdentifier('label', l)).join('');
      const query = `UNWIND $rows AS row MATCH (n) WHERE ${idExpr(this.dialect, 'n')} = row.id SET n += row.props${labels ? ` SET n${labels}` : ''} RETURN count(*) AS c`;
      for (const part of chunks(list)) {
        await this.tx.run(query, { rows: part.map(([id, u]) => ({ id: this.encode(id), props: toPropertyMap(u.properties) })) });
      }
    }
    this.totals.nodesUpdated += realUpdates.length;
    this.recorder.updated(realUpdates.map(([id]) => id));

    // 3. New nodes, grouped by label set (labels are query text, quoted).
    const insertedIds = new Map<BulkImportNode, string>();
    for (const [labelKey, list] of groupBy(inserts, (n) => JSON.stringify(n.labels))) {
      const labels = (JSON.parse(labelKey) as string[]).map((l) => ':' + cypherIdentifier('label', l)).join('');
      const query = `UNWIND $rows AS row CREATE (n${labels}) SET n = row.props RETURN row.i AS i, ${idExpr(this.dialect, 'n')} AS id`;
      for (const part of chunks(list)) {
        const records = await this.tx.run(query, { rows: part.map((n, i) => ({ i: neo4j.int(i), props: toPropertyMap(n.properties) })) });
        for (const record of records) insertedIds.set(part[toNumber(record.get('i'))], idToString(record.get('id')));
      }
    }
    this.totals.nodesCreated += inserts.length;
    this.recorder.add('nodes', insertedIds.values());
    for (const node of nodes) {
      if (node.key === undefined) continue;
      const target = nodeIdOfRow.get(node);
      const id = typeof target === 'string' ? target : target ? insertedIds.get(target) : undefined;
      if (id !== undefined) this.keys.set(node.key, id);
    }

    // 4. Relationship ends: by key, by id (visible), by label + property (one statement per pair).
    const all = (batch.relationships ?? []).map((r) => ({
      ...r,
      type: assertIdentifier('relationship type', r.type),
      properties: cleanImportProperties(r.properties),
    }));
    const unresolved: number[] = [];
    // Both ends given by label + property (every CSV relationship row): matched and created in
    // one statement per type and pair of ends, as the raw UNWIND would (matchAndCreate).
    const byProperties = (ref: NodeRef): ref is { label: string; property: string; value: unknown } =>
      !!ref && typeof ref === 'object' && 'label' in ref && ref.value !== undefined && ref.value !== null;
    const direct = all.filter((r) => byProperties(r.start) && byProperties(r.end));
    const rels = all.filter((r) => !(byProperties(r.start) && byProperties(r.end)));
    for (const [, list] of groupBy(direct, (r) => {
      const s = r.start as { label: string; property: string };
      const e = r.end as { label: string; property: string };
      return JSON.stringify([r.type, s.label, s.property, e.label, e.property]);
    })) {
      unresolved.push(...(await this.matchAndCreate(list)));
    }
    const resolve = await endResolver(rels, this.keys, {
      validId: (id) => this.encode(id) !== undefined,
      match: (label, property, values) => this.match(label, property, values),
      visibleIds: async (ids) => {
        const visible: string[] = [];
        for (const part of chunks(ids)) {
          const c = new CypherCompiler(this.dialect, this.scope);
          const param = c.params.add(
            part.map((id) => this.encode(id)),
            'ids',
          );
          const query = `UNWIND ${param} AS x MATCH (n) WHERE ${and(`${idExpr(this.dialect, 'n')} = x`, c.nodeVisible('n'))} RETURN ${idExpr(this.dialect, 'n')} AS id`;
          for (const record of await this.tx.run(query, c.params.values)) visible.push(idToString(record.get('id')));
        }
        return visible;
      },
    });
    const byType = new Map<string, Array<{ s: unknown; e: unknown; props: Record<string, unknown> }>>();
    for (const r of rels) {
      const s = resolve(r.start);
      const e = resolve(r.end);
      if (s === undefined || e === undefined) {
        unresolved.push(r.row);
        continue;
      }
      const list = byType.get(r.type) ?? [];
      list.push({ s: this.encode(s), e: this.encode(e), props: toPropertyMap(r.properties) });
      byType.set(r.type, list);
    }
    for (const [type, list] of byType) {
      const id = (v: string) => idExpr(this.dialect, v);
      const query =
        `UNWIND $rows AS row MATCH (a) WHERE ${id('a')} = row.s MATCH (b) WHERE ${id('b')} = row.e ` +
        `CREATE (a)-[r:${cypherIdentifier('relationship type', type)}]->(b) SET r = row.props ` +
        (this.recorder.active ? `RETURN ${id('r')} AS id` : 'RETURN count(r) AS c');
      for (const part of chunks(list)) {
        const records = await this.tx.run(query, { rows: part });
        if (this.recorder.active) {
          this.totals.relationshipsCreated += records.length;
          this.recorder.add(
            'relationships',
            records.map((record) => idToString(record.get('id'))),
          );
        } else this.totals.relationshipsCreated += toNumber(records[0]?.get('c'));
      }
    }
    unresolved.sort((a, b) => a - b);
    this.totals.unresolvedRows.push(...unresolved);
    await batch.onWritten?.(unresolved);
  }

  /**
   * Relationships of one type whose ends are both given by label + property: one statement per
   * BULK_STATEMENT_ROWS rows matches each end among the visible nodes (index seeks), keeps the
   * smallest id per end (as on PostgreSQL: an end value carried by several nodes links one of
   * them, never all), and creates. Returns the rows whose start or end was not found.
   */
  private async matchAndCreate(
    list: Array<{ row: number; type: string; start: NodeRef; end: NodeRef; properties: Properties }>,
  ): Promise<number[]> {
    const first = list[0];
    const s = first.start as { label: string; property: string };
    const e = first.end as { label: string; property: string };
    const sl = cypherIdentifier('label', s.label);
    const sp = cypherIdentifier('property', s.property);
    const el = cypherIdentifier('label', e.label);
    const ep = cypherIdentifier('property', e.property);
    const type = cypherIdentifier('relationship type', first.type);
    const id = (v: string) => idExpr(this.dialect, v);
    const unresolved: number[] = [];
    for (const part of chunks(list)) {
      const c = new CypherCompiler(this.dialect, this.scope);
      const visibleA = c.nodeVisible('a');
      const visibleB = c.nodeVisible('b');
      const rows = c.params.add(
        part.map((r, i) => ({
          i: neo4j.int(i),
          s: toPropertyValue(s.property, (r.start as { value: unknown }).value),
          e: toPropertyValue(e.property, (r.end as { value: unknown }).value),
          props: toPropertyMap(r.properties),
        })),
        'rows',
      );
      const query =
        `UNWIND ${rows} AS row ` +
        `MATCH (a:${sl}) WHERE ${and(`a.${sp} = row.s`, visibleA === TRUE ? undefined : visibleA)} ` +
        `WITH row, min(${id('a')}) AS aid ` +
        `MATCH (b:${el}) WHERE ${and(`b.${ep} = row.e`, visibleB === TRUE ? undefined : visibleB)} ` +
        `WITH row, aid, min(${id('b')}) AS bid ` +
        `MATCH (a) WHERE ${id('a')} = aid MATCH (b) WHERE ${id('b')} = bid ` +
        `CREATE (a)-[r:${type}]->(b) SET r = row.props RETURN row.i AS i, ${id('r')} AS rid`;
      const created = new Set<number>();
      const ids: string[] = [];
      for (const record of await this.tx.run(query, c.params.values)) {
        created.add(toNumber(record.get('i')));
        ids.push(idToString(record.get('rid')));
      }
      this.recorder.add('relationships', ids);
      this.totals.relationshipsCreated += created.size;
      part.forEach((r, i) => {
        if (!created.has(i)) unresolved.push(r.row);
      });
    }
    return unresolved;
  }
}

function toNumber(value: unknown): number {
  if (neo4j.isInt(value)) return (value as { toNumber(): number }).toNumber();
  return typeof value === 'number' ? value : Number(value ?? 0);
}

/** Ids compare as numbers (id()) or as text (elementId()). */
function lessId(a: string, b: string): boolean {
  if (/^\d+$/.test(a) && /^\d+$/.test(b)) return a.length !== b.length ? a.length < b.length : a < b;
  return a < b;
}

/** Neo4j ran out of heap for the transaction (3.5 keeps its state on the heap; 5.x may cap it). */
function outOfMemory(error: unknown): boolean {
  if (!(error instanceof Neo4jError)) return false;
  return /OutOfMemory|TransactionOutOfMemory|MemoryLimitExceeded/i.test(String(error.code)) || /not enough memory/i.test(error.message);
}

export async function neo4jBulkImport(
  host: BulkImportHost,
  source: AsyncIterable<BulkImportBatch>,
  scope: AccessScope,
  options: BulkImportOptions = {},
): Promise<BulkImportResult> {
  const iterator = source[Symbol.asyncIterator]();
  const tx = new ImportTransaction(host);
  let finished = false;
  try {
    // The first batch is read before the transaction opens: its pairs get their indexes first.
    const next = await iterator.next();
    if (!options.rollback) {
      const pairs = new Map<string, { label: string; property: string }>();
      for (const p of [
        ...(options.matchKeys ?? []),
        ...(next.done || !next.value || typeof next.value !== 'object' ? [] : pairsOf(next.value)),
      ]) {
        pairs.set(pairKey(assertIdentifier('label', p.label), assertIdentifier('property', p.property)), p);
      }
      if (pairs.size) await host.ensureIndexes([...pairs.values()]);
    }
    // Batched (issue 23 item 10): a transaction per batch, its record written before its commit;
    // the heap then holds one batch's transaction state, whatever the import's size.
    const batched = options.transaction === 'batched' && !options.rollback;
    const writer = new Writer(host, tx, scope, options.recordCreated, batched);
    const write = async (batch: BulkImportBatch): Promise<void> => {
      if (!batched) return writer.write(batch);
      tx.open();
      await writer.write(batch);
      await options.recordBatch?.(writer.takeBatch());
      await tx.commit();
      await tx.close();
    };
    if (!batched) tx.open();
    if (!next.done) {
      await write(next.value);
      // The next batch is read and converted while this one is written (readAhead).
      for await (const batch of readAhead({ [Symbol.asyncIterator]: () => iterator })) await write(batch);
    }
    finished = true;
    if (options.rollback || batched) return writer.totals;
    await tx.commit();
    return writer.totals;
  } catch (error) {
    if (!finished) await iterator.return?.(undefined).catch(() => undefined);
    if (outOfMemory(error)) {
      throw new AppError(
        503,
        'GRAPH_IMPORT_TOO_LARGE',
        'The import does not fit in one Neo4j transaction on this server (its heap ran out); nothing of it was written. ' +
          'Split the file, import it with transaction "batched" (a transaction per batch), or give Neo4j more heap (dbms.memory.heap.max_size) or, on 3.5, off-heap transaction state (dbms.tx_state.memory_allocation=OFF_HEAP)',
        { neo4jCode: (error as { code?: unknown }).code },
      );
    }
    throw error instanceof Neo4jError ? host.mapError(error) : error;
  } finally {
    await tx.close();
  }
}
