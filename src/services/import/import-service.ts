import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { AppError, BadRequestError, ForbiddenError, NotFoundError, NotImplementedError, UnprocessableError } from '../../errors';
import type { AccessScope, BulkImportBatch, CreatedElements, DeletedCreated, BulkImportOptions, BulkImportNode, BulkImportRelationship, BulkImportResult, NodeRef, Properties } from '../../graph/graph-store';
import { isValidIdentifier } from '../../graph/identifiers';

const validName = (name: string): boolean => isValidIdentifier(name);
import { assertPortableValue, tooManyProperties } from '../../graph/property-values';
import type { ServiceContext } from '../../http/context';
import { audit } from '../audit/audit-service';
import { auditedGraphWrite } from '../graph/audited-write';
import { CsvWriter } from '../export/csv-writer';
import { writeRefusal } from '../security/write-scope';
import { accessScopeFor } from '../security/access-scope';
import { dataSchemaViolations } from '../settings/data-schema-validation';
import type { DataSchema } from '../settings/data-schema';
import { SettingsService } from '../settings/settings-service';
import { analyzeGraphml, analyzeTables, uniqueNames, type FileAnalysis } from './analysis';
import { readGraphml } from './graphml';
import { graphmlEdge, graphmlNode, graphmlPlan } from './graphml-plan';
import { importThroughImportBatch } from './import-batch-fallback';
import type { GraphmlMapping, ImportMapping, NodesMapping, RelationshipsMapping } from './mapping';
import { openTables, type TableRow } from './tables';
import { ImportUploadService, type UploadedImportFile } from './upload-service';
import { readHead, sniffType } from './file-types';
import { failAbandonedImports, holdImportLease, newImportLease } from './import-lease';
import { convertCell, type ColumnType } from './values';

export type ImportState = 'running' | 'succeeded' | 'failed' | 'cancelled';

export interface ImportReport {
  fileId: string;
  fileName: string;
  dryRun: boolean;
  rowsRead: number;
  nodesCreated: number;
  nodesUpdated: number;
  relationshipsCreated: number;
  /** Relationship rows whose start or end matched no node (missingEnds skip). */
  rowsSkipped: number;
  /** Rows refused (conversion, DATA_SCHEMA, access); with the skipped ones in the rejected-rows CSV. */
  rowsRejected: number;
  /** The first rejected or skipped rows and why. */
  rejected: Array<{ row: number; reason: string }>;
  /** What the file held that was left out (GraphML: ports, data of keys declared for other elements, markup). */
  warnings?: string[];
  /** A written import: `succeeded-with-rejected` when rows were rejected or skipped (issue 23: not a plain success). */
  outcome?: 'succeeded' | 'succeeded-with-rejected';
  durationMs: number;
}

/** Undo of a finished import (issue 23): whether it can be undone, why not, and when it was. */
export interface ImportUndo {
  possible: boolean;
  reason: string | null;
  undoneAt: string | null;
}

export interface ImportStatus {
  importId: string;
  fileId: string | null;
  fileName: string;
  state: ImportState;
  dryRun: boolean;
  progress: { rowsDone: number; rowsTotal: number | null; rowsPerSecond: number };
  report: ImportReport | null;
  error: { code: string; message: string; status?: number; details?: Record<string, unknown> } | null;
  startedAt: string;
  finishedAt: string | null;
  undo: ImportUndo;
  /** The first OPEN_NODES ids of the nodes the import created (open them in the workspace). */
  createdNodeIds: string[];
}

/** What an import created, as recorded in its row (imports.created); tooMany past imports.maxUndoElements. */
type CreatedRecord = (CreatedElements & { tooMany?: undefined }) | { tooMany: true; limit: number };

interface ImportRow {
  id: string;
  user_id: string;
  upload_id: string | null;
  file_name: string;
  state: ImportState;
  dry_run: boolean;
  progress: ImportStatus['progress'];
  report: ImportReport | null;
  error: ImportStatus['error'];
  started_at: Date;
  finished_at: Date | null;
  created?: CreatedRecord | null;
  undone_at?: Date | null;
}

class ImportCancelled extends Error {}

/** Imports running in this process: the cancel flag the engine checks between batches. */
const running = new Map<string, { cancelled: boolean; done: Promise<void>; userId: string; snapshot: () => ImportStatus }>();

/**
 * Progress goes to the imports table only on a PostgreSQL server: the embedded PGlite has one
 * connection, which the import's transaction holds, so there it stays in memory (status() reads
 * a running import of this process from memory first).
 */
function sharedDatabase(db: ServiceContext['db']): boolean {
  return (db.client as { config?: { client?: unknown } }).config?.client === 'pg';
}

const REPORT_REJECTED = 20;
/** Node ids of an import offered to the workspace (its link takes at most 500). */
const OPEN_NODES = 500;

function undoOf(row: ImportRow): ImportUndo {
  const undoneAt = row.undone_at ? row.undone_at.toISOString() : null;
  const no = (reason: string): ImportUndo => ({ possible: false, reason, undoneAt });
  if (undoneAt) return no('The import was undone already');
  if (row.dry_run) return no('A dry run wrote nothing');
  if (row.state !== 'succeeded') return no('Only a finished import can be undone');
  const created = row.created;
  if (!created) return no('The import did not record what it created');
  if (created.tooMany) return no(`The import created more than ${created.limit} nodes and relationships (imports.maxUndoElements): it cannot be undone here`);
  if (created.nodes.length + created.relationships.length === 0) return no('The import created nothing');
  return { possible: true, reason: null, undoneAt: null };
}

function rejectedPath(dataDir: string, id: string): string {
  return path.join(dataDir, 'imports', `${id}-rejected.csv`);
}

function statusOf(row: ImportRow): ImportStatus {
  return {
    importId: row.id,
    fileId: row.upload_id,
    fileName: row.file_name,
    state: row.state,
    dryRun: row.dry_run,
    progress: { ...{ rowsDone: 0, rowsTotal: null, rowsPerSecond: 0 }, ...((row.progress ?? {}) as Partial<ImportStatus['progress']>) },
    report: row.report,
    error: row.error,
    startedAt: row.started_at.toISOString(),
    finishedAt: row.finished_at ? row.finished_at.toISOString() : null,
    undo: undoOf(row),
    createdNodeIds: row.created && !row.created.tooMany && !row.undone_at ? row.created.nodes.slice(0, OPEN_NODES).map(String) : [],
  };
}

/** Splits a label cell (":A:B", "A;B", "A|B", "A,B") into labels. */
function labelsOf(cell: string): string[] {
  return cell.split(/[:;|,]/).map((l) => l.trim()).filter(Boolean);
}

function endValue(text: string, type: 'auto' | 'integer' | 'float' | 'string' | undefined): unknown {
  const t = text.trim();
  if (type === 'string') return text;
  if (type === 'integer' || (type === undefined || type === 'auto') && /^[+-]?\d{1,15}$/.test(t)) return convertCell(t, 'integer');
  if (type === 'float') return convertCell(t, 'float');
  return text;
}

/** Everything one import needs while it runs. */
interface Run {
  id: string;
  ctx: ServiceContext;
  file: UploadedImportFile & { path: string };
  mapping: ImportMapping;
  dryRun: boolean;
  scope: AccessScope;
  schema: DataSchema;
  report: ImportReport;
  rejectedOut: CsvWriter;
  progress: { rowsDone: number; rowsTotal: number | null; lastSaved: number; started: number };
  control: { cancelled: boolean; external?: () => boolean };
  /** Any rejected or skipped row fails the import (422 IMPORT_ROWS_REJECTED): nothing is written. */
  allOrNothing: boolean;
}

/**
 * The import engine (spec 4.7, issue 10). A mapping turns table rows into nodes or
 * relationships, or a GraphML file into both; rows that do not convert, break a DATA_SCHEMA
 * restriction or the user's data access are rejected with a reason (CSV download), the rest
 * go to the graph in batches through GraphStore.bulkImport, all in ONE transaction: a failure
 * or a cancel leaves nothing, a dry run rolls back after counting.
 */
export class ImportService {
  constructor(private readonly ctx: ServiceContext) {}

  private get userId(): string {
    return String(this.ctx.user!.id);
  }

  async analyze(fileId: string, options: { encoding?: NodesMapping['encoding']; delimiter?: NodesMapping['delimiter']; quote?: NodesMapping['quote']; header?: boolean } = {}): Promise<FileAnalysis> {
    const file = await new ImportUploadService(this.ctx).get(fileId);
    const base = { fileId: file.fileId, name: file.name, type: file.type, size: file.size };
    if (file.type === 'graphml') return { ...base, graphml: await analyzeGraphml(file) };
    return { ...base, tables: await analyzeTables(this.ctx.deps.config, file, options) };
  }

  /** Starts an import: answers with the finished status when it is small (or waits), else at once with state running. */
  async start(input: { fileId: string; mapping: ImportMapping; dryRun?: boolean; background?: boolean; allOrNothing?: boolean }): Promise<ImportStatus> {
    const file = await new ImportUploadService(this.ctx).get(input.fileId);
    const { id, done } = await this.launch(file, input.mapping, input.dryRun ?? false, file.fileId, undefined, input.allOrNothing ?? false);
    const background = input.background ?? file.size > this.ctx.deps.config.imports.directMaxBytes;
    if (!background) {
      await done;
      // A direct import refused by its file (broken CSV, formulas, ...) answers with that error.
      const status = await this.status(id);
      const failure = status.error as (ImportStatus['error'] & { status?: number }) | null;
      if (status.state === 'failed' && failure?.status && failure.status < 500) {
        throw new AppError(failure.status, failure.code, failure.message, { importId: id, ...(failure.details ?? {}) });
      }
      return status;
    }
    return this.status(id);
  }

  /**
   * Imports a file of the server (the import job type: a CSV under jobs.importDir) with the same
   * engine, waiting for the end; `isCancelled` is checked between batches (a cancel rolls back).
   */
  async importServerFile(file: { path: string; name: string; size: number }, mapping: ImportMapping, isCancelled: () => boolean): Promise<ImportStatus> {
    const head = await readHead(file.path);
    const type = sniffType(head, () => false);
    if (type !== 'csv') throw new UnprocessableError(`The file ${file.name} is not CSV text`, 'IMPORT_FILE_TYPE', { file: file.name });
    const { id, done } = await this.launch({ fileId: '', name: file.name, type, size: file.size, archive: null, expiresAt: '', path: file.path }, mapping, false, null, isCancelled);
    await done;
    return this.status(id);
  }

  private async launch(file: UploadedImportFile & { path: string }, mapping: ImportMapping, dryRun: boolean, uploadId: string | null, isCancelled?: () => boolean, allOrNothing = false): Promise<{ id: string; done: Promise<void> }> {
    if (mapping.kind === 'graphml' && file.type !== 'graphml') throw new UnprocessableError(`The file ${file.name} is ${file.type}: a graphml mapping needs a GraphML file`, 'MAPPING_KIND');
    if (mapping.kind !== 'graphml' && file.type === 'graphml') throw new UnprocessableError(`The file ${file.name} is GraphML: use a mapping of kind graphml`, 'MAPPING_KIND');
    const scope = await accessScopeFor(this.ctx);
    this.assertMappingAllowed(mapping, scope);
    const schema = await new SettingsService(this.ctx).get('DATA_SCHEMA');
    const id = randomUUID();
    await mkdir(path.dirname(rejectedPath(this.ctx.deps.config.dataDir, id)), { recursive: true });
    if (uploadId && !dryRun) await this.assertNotStarted(uploadId);
    await this.ctx.db('imports').insert({
      id,
      user_id: this.userId,
      upload_id: uploadId,
      file_name: file.name,
      state: 'running',
      dry_run: dryRun,
      mapping: JSON.stringify(mapping),
      progress: JSON.stringify({ rowsDone: 0, rowsTotal: null, rowsPerSecond: 0 }),
      ...newImportLease(this.ctx),
    }).catch(async (error: unknown) => {
      // Two starts at once: the unique index imports_upload_once lets one in.
      if (uploadId && (error as { code?: string }).code === '23505' && /imports_upload_once/.test(String((error as Error).message))) await this.assertNotStarted(uploadId);
      throw error;
    });
    const out = createWriteStream(rejectedPath(this.ctx.deps.config.dataDir, id));
    const rejectedOut = new CsvWriter(out);
    await rejectedOut.row(['row', 'reason', 'values']);
    const control = { cancelled: false, external: isCancelled };
    const run: Run = {
      id,
      ctx: this.ctx,
      file,
      mapping,
      dryRun,
      scope,
      schema,
      report: {
        fileId: file.fileId, fileName: file.name, dryRun, rowsRead: 0, nodesCreated: 0, nodesUpdated: 0, relationshipsCreated: 0, rowsSkipped: 0, rowsRejected: 0, rejected: [], durationMs: 0,
      },
      rejectedOut,
      progress: { rowsDone: 0, rowsTotal: null, lastSaved: 0, started: Date.now() },
      control,
      allOrNothing,
    };
    // The lease tells the other instances that this one still runs the import (import-lease.ts); lost: stop and roll back.
    const lease = holdImportLease(this.ctx, id, () => (control.cancelled = true));
    const done = this.execute(run).finally(() => {
      lease.release();
      running.delete(id);
    });
    const startedAt = new Date().toISOString();
    const snapshot = (): ImportStatus => ({
      importId: id,
      fileId: uploadId,
      fileName: file.name,
      state: 'running',
      dryRun,
      progress: progressOf(run),
      report: null,
      error: null,
      startedAt,
      finishedAt: null,
      undo: { possible: false, reason: 'Only a finished import can be undone', undoneAt: null },
      createdNodeIds: [],
    });
    running.set(id, { cancelled: false, done, userId: this.userId, snapshot });
    Object.defineProperty(running.get(id)!, 'cancelled', { get: () => control.cancelled, set: (v: boolean) => (control.cancelled = v) });
    return { id, done };
  }

  /**
   * One upload is imported once (issue 23: a second click on Import duplicated everything): 409
   * while an import of it runs or after one succeeded, unless that one was undone. Dry runs and
   * failed imports do not count. The unique index imports_upload_once closes the race.
   */
  private async assertNotStarted(uploadId: string): Promise<void> {
    const other = (await this.ctx.db('imports')
      .where({ upload_id: uploadId, dry_run: false })
      .whereNull('undone_at')
      .whereIn('state', ['running', 'succeeded'])
      .first('id', 'state')) as { id: string; state: ImportState } | undefined;
    if (other) {
      throw new AppError(
        409,
        'IMPORT_ALREADY_STARTED',
        other.state === 'running'
          ? 'This file is being imported already; wait for that import (or cancel it)'
          : 'This file was imported already; undo that import to import it again',
        { importId: other.id, state: other.state },
      );
    }
  }

  /** Labels, types and properties the mapping names must be visible to the user (403 otherwise). */
  private assertMappingAllowed(mapping: ImportMapping, scope: AccessScope): void {
    if (scope.unrestricted) return;
    const labels: string[] = [];
    const types: string[] = [];
    if (mapping.kind === 'nodes') labels.push(...(mapping.labels ?? []), ...(mapping.mergeKey ? [mapping.mergeKey.label] : []));
    if (mapping.kind === 'relationships') {
      labels.push(mapping.start.label, mapping.end.label);
      if (mapping.type) types.push(mapping.type);
    }
    const hiddenLabels = labels.filter((l) => scope.labels !== '*' && !scope.labels.includes(l));
    const hiddenTypes = types.filter((t) => scope.types !== '*' && !scope.types.includes(t));
    if (hiddenLabels.length || hiddenTypes.length) {
      throw new ForbiddenError(`You may not import elements you could not see: ${[...hiddenLabels, ...hiddenTypes].join(', ')}`, { labels: hiddenLabels, types: hiddenTypes }, 'IMPORT_NOT_ALLOWED');
    }
  }

  private async execute(run: Run): Promise<void> {
    const { ctx } = run;
    let state: ImportState = 'succeeded';
    let error: ImportStatus['error'] = null;
    let created: CreatedRecord | null = null;
    try {
      // CSV: its line count (an estimate when quoted cells hold line breaks); a spreadsheet's
      // rows are counted when its sheet is read (tableBatches), GraphML's elements when parsed.
      if (run.mapping.kind !== 'graphml' && run.file.type === 'csv') run.progress.rowsTotal = await countLines(run.file.path);
      const read = run.mapping.kind === 'graphml' ? this.graphmlBatches(run, run.mapping) : this.tableBatches(run, run.mapping);
      const source = run.allOrNothing ? allOrNothing(run, read) : read;
      const started = Date.now();
      const graph = ctx.deps.graph;
      // The import and its data.import event are one unit (auditedGraphWrite: in the import's own
      // transaction on PostgreSQL, intent + confirmation elsewhere); a dry run records nothing.
      const matchKeys = matchKeysOf(run.mapping);
      const write = (options: BulkImportOptions): Promise<BulkImportResult> =>
        graph.bulkImport
          ? graph.bulkImport(source, run.scope, { ...options, matchKeys, ...(run.dryRun ? {} : { recordCreated: ctx.deps.config.imports.maxUndoElements }) })
          : importThroughImportBatch(graph, source, options);
      const result = run.dryRun
        ? await write({ rollback: true })
        : await auditedGraphWrite<BulkImportResult>(ctx, { action: 'data.import', targetType: 'import', targetId: run.id }, write, (totals) => {
            this.finishReport(run, totals, started);
            return this.auditEntry(run);
          });
      this.finishReport(run, result, started);
      if (run.allOrNothing) refuseRejected(run);
      if (!run.dryRun) {
        run.report.outcome = run.report.rowsRejected + run.report.rowsSkipped > 0 ? 'succeeded-with-rejected' : 'succeeded';
        created = result.created ?? { tooMany: true, limit: ctx.deps.config.imports.maxUndoElements };
      }
    } catch (caught) {
      if (caught instanceof ImportCancelled) {
        state = 'cancelled';
        error = { code: 'IMPORT_CANCELLED', message: 'The import was cancelled; nothing of it was written' };
      } else {
        state = 'failed';
        error = caught instanceof AppError
          ? { code: caught.code, message: caught.message, status: caught.status, details: caught.extra }
          : { code: 'IMPORT_FAILED', message: `The import failed; nothing of it was written (${(caught as Error)?.message ?? caught})`.slice(0, 500) };
        if (!(caught instanceof AppError)) ctx.deps.logger.error({ err: caught, importId: run.id }, 'import failed');
      }
      run.report.durationMs = Date.now() - run.progress.started;
      // Nothing of a failed or cancelled import is in the graph: the counts of what was not written are dropped.
      Object.assign(run.report, { nodesCreated: 0, nodesUpdated: 0, relationshipsCreated: 0 });
      await audit(ctx, { action: state === 'cancelled' ? 'data.import.cancel' : 'data.import.fail', targetType: 'import', targetId: run.id, details: { file: run.file.name, fileId: run.file.fileId, dryRun: run.dryRun, rowsRead: run.report.rowsRead, reason: error.code, durationMs: run.report.durationMs } }).catch(() => undefined);
    }
    await run.rejectedOut.end();
    const elapsed = Math.max(1, Date.now() - run.progress.started);
    await ctx.db('imports').where({ id: run.id }).update({
      state,
      report: JSON.stringify(run.report),
      error: error ? JSON.stringify(error) : null,
      progress: JSON.stringify({ rowsDone: run.progress.rowsDone, rowsTotal: run.progress.rowsTotal ?? run.progress.rowsDone, rowsPerSecond: Math.round((run.progress.rowsDone * 1000) / elapsed) }),
      finished_at: new Date(),
      ...(created ? { created: JSON.stringify(created) } : {}),
    });
  }

  private finishReport(run: Run, totals: BulkImportResult, started: number): void {
    run.report.nodesCreated = totals.nodesCreated;
    run.report.nodesUpdated = totals.nodesUpdated;
    run.report.relationshipsCreated = totals.relationshipsCreated;
    run.report.durationMs = Date.now() - Math.min(started, run.progress.started);
  }

  private auditEntry(run: Run) {
    const r = run.report;
    return {
      action: 'data.import',
      targetType: 'import',
      targetId: run.id,
      details: {
        file: r.fileName, fileId: r.fileId, kind: run.mapping.kind, rowsRead: r.rowsRead, nodesCreated: r.nodesCreated, nodesUpdated: r.nodesUpdated,
        relationshipsCreated: r.relationshipsCreated, rowsSkipped: r.rowsSkipped, rowsRejected: r.rowsRejected, durationMs: r.durationMs,
      },
    };
  }

  private async reject(run: Run, row: number, reason: string, values: unknown[], skipped = false): Promise<void> {
    if (skipped) run.report.rowsSkipped++;
    else run.report.rowsRejected++;
    if (run.report.rejected.length < REPORT_REJECTED) run.report.rejected.push({ row, reason });
    await run.rejectedOut.row([row, reason, ...values]);
  }

  private async tick(run: Run, rows: number): Promise<void> {
    if (run.control.cancelled || run.control.external?.()) throw new ImportCancelled();
    run.progress.rowsDone += rows;
    const now = Date.now();
    if (now - run.progress.lastSaved < 500) return;
    run.progress.lastSaved = now;
    if (!sharedDatabase(run.ctx.db)) return;
    await run.ctx.db('imports').where({ id: run.id }).update({ progress: JSON.stringify(progressOf(run)) });
    const flag = (await run.ctx.db('imports').where({ id: run.id }).first('cancel_requested')) as { cancel_requested: boolean } | undefined;
    if (flag?.cancel_requested) throw new ImportCancelled();
  }

  /** `complete`: the row creates the element (false for a merge row, which may update an existing node). */
  private checkProperties(run: Run, entity: 'node' | 'relationship', tokens: string[], properties: Properties, complete = true): string | undefined {
    for (const [key, value] of Object.entries(properties)) {
      try {
        assertPortableValue(key, value);
      } catch (e) {
        return (e as Error).message;
      }
    }
    const tooMany = tooManyProperties(Object.keys(properties).length, run.ctx.deps.config.graph.maxPropertiesPerElement);
    if (tooMany) return `${tooMany.code}: ${tooMany.message}`;
    // The same rules for writes as every other write path (labels, types, properties, row rules).
    const refused = writeRefusal(
      run.scope,
      entity === 'node'
        ? { entity, labels: tokens, properties, namedLabels: tokens, namedProperties: Object.keys(properties), complete }
        : { entity, type: tokens[0], namesType: true, properties, namedProperties: Object.keys(properties), complete },
    );
    if (refused) return `${refused.code}: ${refused.message}`;
    const violations = dataSchemaViolations(run.schema, entity, tokens, properties, 'create');
    if (violations.length) return `DATA_SCHEMA: ${violations.map((v) => v.message).join('; ')}`;
    return undefined;
  }

  private async *tableBatches(run: Run, mapping: NodesMapping | RelationshipsMapping): AsyncGenerator<BulkImportBatch> {
    const config = run.ctx.deps.config;
    const tables = await openTables(config, run.file, { encoding: mapping.encoding, delimiter: mapping.delimiter, quote: mapping.quote, sheet: mapping.sheet });
    const table = tables[0];
    if (!table) throw new UnprocessableError(`The file ${run.file.name} holds no table`, 'EMPTY_FILE');
    if (table.formulaCount && (mapping.formulas ?? 'refuse') === 'refuse') {
      throw new UnprocessableError(
        `The sheet ${table.name} of ${run.file.name} holds ${table.formulaCount} formula cell(s) (first: ${table.formulas?.slice(0, 5).join(', ')}); import their computed values with "formulas": "values"`,
        'SPREADSHEET_FORMULA',
        { file: run.file.name, sheet: table.name, cells: table.formulas },
      );
    }
    // A sheet is read whole: its data rows are the progress total (not the newlines of the binary file).
    if (table.rowCount !== undefined) run.progress.rowsTotal = Math.max(0, table.rowCount - (mapping.header !== false ? 1 : 0));
    const batchRows = config.imports.batchRows;
    let names: string[] | undefined;
    let plan: ReturnType<typeof columnPlan> | undefined;
    let batch: BulkImportBatch = { nodes: [], relationships: [] };
    let batchValues = new Map<number, string[]>();
    let inBatch = 0;
    let sawRow = false;
    const flush = async function* (this: ImportService): AsyncGenerator<BulkImportBatch> {
      if (inBatch === 0) return;
      const values = batchValues;
      const current = batch;
      current.onWritten = async (unresolved: number[]) => {
        for (const row of unresolved) await this.reject(run, row, 'start or end node not found', values.get(row) ?? [], true);
      };
      yield current;
      await this.tick(run, inBatch);
      batch = { nodes: [], relationships: [] };
      batchValues = new Map();
      inBatch = 0;
    }.bind(this);

    for await (const row of table.rows() as AsyncIterable<TableRow>) {
      sawRow = true;
      if (names === undefined) {
        if (mapping.header !== false) {
          names = uniqueNames(row.cells.map((c) => c.trim()), row.cells.length);
          plan = columnPlan(mapping, names, run.file.name);
          continue;
        }
        names = uniqueNames([], row.cells.length);
        plan = columnPlan(mapping, names, run.file.name);
      }
      run.report.rowsRead++;
      const cells = row.cells;
      try {
        if (mapping.kind === 'nodes') {
          const node = this.nodeFromRow(run, mapping, plan!, cells, row.line);
          batch.nodes.push(node);
        } else {
          const { relationship, ends } = this.relationshipFromRow(run, mapping, plan!, cells, row.line);
          batch.nodes.push(...ends);
          batch.relationships.push(relationship);
          batchValues.set(row.line, cells);
        }
      } catch (e) {
        if (e instanceof RowRejected) await this.reject(run, row.line, e.message, cells);
        else throw e;
      }
      inBatch++;
      if (inBatch >= batchRows) yield* flush();
    }
    if (!sawRow) throw new UnprocessableError(`The file ${run.file.name} has no rows`, 'EMPTY_FILE', { file: run.file.name });
    yield* flush();
  }

  private propertiesFromRow(plan: ReturnType<typeof columnPlan>, cells: string[]): Properties {
    const properties: Properties = {};
    for (const c of plan.columns) {
      const text = cells[c.index] ?? '';
      if (text.trim() === '') continue;
      try {
        properties[c.property] = convertCell(text, c.type, c.separator);
      } catch (e) {
        throw new RowRejected(`column ${c.column}: ${(e as Error).message}`);
      }
    }
    return properties;
  }

  private nodeFromRow(run: Run, mapping: NodesMapping, plan: ReturnType<typeof columnPlan>, cells: string[], line: number): BulkImportNode {
    const labels = [...(mapping.labels ?? [])];
    if (plan.labelIndex !== undefined) {
      for (const l of labelsOf(cells[plan.labelIndex] ?? '')) {
        if (!validName(l)) throw new RowRejected(`column ${mapping.labelColumn}: "${l.slice(0, 50)}" is not a valid label`);
        if (!labels.includes(l)) labels.push(l);
      }
    }
    if (labels.length === 0) throw new RowRejected('no label (the mapping gives none and the label column is empty)');
    const properties = this.propertiesFromRow(plan, cells);
    const problem = this.checkProperties(run, 'node', labels, properties, !mapping.mergeKey);
    if (problem) throw new RowRejected(problem);
    const node: BulkImportNode = { row: line, labels, properties };
    if (mapping.mergeKey) {
      if (properties[mapping.mergeKey.property] === undefined) throw new RowRejected(`the merge key ${mapping.mergeKey.property} is empty`);
      node.merge = mapping.mergeKey;
      if (!labels.includes(mapping.mergeKey.label)) node.labels = [...labels, mapping.mergeKey.label];
    }
    return node;
  }

  private relationshipFromRow(run: Run, mapping: RelationshipsMapping, plan: ReturnType<typeof columnPlan>, cells: string[], line: number): { relationship: BulkImportRelationship; ends: BulkImportNode[] } {
    let type = mapping.type;
    if (plan.typeIndex !== undefined) {
      const cell = (cells[plan.typeIndex] ?? '').trim();
      if (cell !== '') type = cell;
    }
    if (!type) throw new RowRejected('no relationship type (the mapping gives none and the type column is empty)');
    if (!validName(type)) throw new RowRejected(`"${type.slice(0, 50)}" is not a valid relationship type`);
    const ends: BulkImportNode[] = [];
    const refs: NodeRef[] = [];
    for (const [which, end, index] of [['start', mapping.start, plan.startIndex], ['end', mapping.end, plan.endIndex]] as const) {
      const text = cells[index] ?? '';
      if (text.trim() === '') throw new RowRejected(`the ${which} column ${end.column} is empty`);
      let value: unknown;
      try {
        value = endValue(text, end.type);
      } catch (e) {
        throw new RowRejected(`column ${end.column}: ${(e as Error).message}`);
      }
      refs.push({ label: end.label, property: end.property, value });
      if (mapping.missingEnds === 'create') {
        const properties = { [end.property]: value };
        const problem = this.checkProperties(run, 'node', [end.label], properties);
        if (problem) throw new RowRejected(`the ${which} node cannot be created: ${problem}`);
        ends.push({ row: line, labels: [end.label], properties, merge: { label: end.label, property: end.property }, createOnly: true });
      }
    }
    const properties = this.propertiesFromRow(plan, cells);
    const problem = this.checkProperties(run, 'relationship', [type], properties);
    if (problem) throw new RowRejected(problem);
    return { relationship: { row: line, type, start: refs[0], end: refs[1], properties }, ends };
  }

  private async *graphmlBatches(run: Run, mapping: GraphmlMapping): AsyncGenerator<BulkImportBatch> {
    const doc = await readGraphml(run.file.path, run.file.name);
    run.progress.rowsTotal = doc.nodes.length + doc.edges.length;
    if (doc.warnings.length) run.report.warnings = doc.warnings;
    const keys = new Map(doc.keys.map((k) => [k.id, k]));
    // What each key becomes (label, property, left out) and which edge key gives the type: the
    // mapping's choices over the analysis's proposal (graphml-plan.ts).
    const plan = graphmlPlan(doc, mapping);
    const batchRows = run.ctx.deps.config.imports.batchRows;
    let batch: BulkImportBatch = { nodes: [], relationships: [] };
    let row = 0;
    const rejectedIds = new Set<string>();
    for (const n of doc.nodes) {
      row++;
      run.report.rowsRead++;
      const read = graphmlNode(plan, keys, n, mapping.defaultLabel ?? 'Node');
      const labels = typeof read === 'string' ? [] : read.labels;
      const properties = typeof read === 'string' ? read : read.properties;
      let reason = typeof read === 'string' ? read : undefined;
      if (typeof properties !== 'string') {
        if (n.yedLabel !== undefined && properties.name === undefined) properties.name = n.yedLabel;
        const idProperty = mapping.idProperty === undefined ? 'id' : mapping.idProperty;
        if (idProperty) properties[idProperty] = n.id;
        reason ??= this.checkProperties(run, 'node', labels, properties, !mapping.mergeKey);
        if (!reason && mapping.mergeKey && properties[mapping.mergeKey.property] === undefined) reason = `the merge key ${mapping.mergeKey.property} is empty`;
      }
      if (reason || typeof properties === 'string') {
        rejectedIds.add(n.id);
        await this.reject(run, row, `node ${n.id} (line ${n.line}): ${reason}`, [n.id]);
      } else {
        const node: BulkImportNode = { row, labels, properties, key: n.id };
        if (mapping.mergeKey) node.merge = mapping.mergeKey;
        batch.nodes.push(node);
      }
      if (batch.nodes.length >= batchRows) {
        yield batch;
        await this.tick(run, batch.nodes.length);
        batch = { nodes: [], relationships: [] };
      }
    }
    if (batch.nodes.length) {
      yield batch;
      await this.tick(run, batch.nodes.length);
      batch = { nodes: [], relationships: [] };
    }
    const edgeRows = new Map<number, string[]>();
    const flushEdges = async function* (this: ImportService): AsyncGenerator<BulkImportBatch> {
      const rows = new Map(edgeRows);
      batch.onWritten = async (unresolved) => {
        for (const r of unresolved) await this.reject(run, r, `edge ${rows.get(r)?.join(' -> ')}: an end was not imported`, rows.get(r) ?? [], true);
      };
      const count = batch.relationships.length;
      yield batch;
      await this.tick(run, count);
      batch = { nodes: [], relationships: [] };
      edgeRows.clear();
    }.bind(this);
    for (const e of doc.edges) {
      row++;
      run.report.rowsRead++;
      const read = graphmlEdge(plan, keys, e, mapping.defaultType ?? 'RELATED_TO');
      const type = typeof read === 'string' ? '' : read.type;
      const properties = typeof read === 'string' ? read : read.properties;
      let reason = typeof read === 'string' ? read : undefined;
      if (!reason && typeof properties !== 'string') reason = this.checkProperties(run, 'relationship', [type], properties);
      if (!reason && (rejectedIds.has(e.source) || rejectedIds.has(e.target))) reason = 'its source or target node was rejected';
      if (reason || typeof properties === 'string') {
        await this.reject(run, row, `edge ${e.id ?? `${e.source}->${e.target}`} (line ${e.line}): ${reason}`, [e.source, e.target]);
        continue;
      }
      batch.relationships.push({ row, type, start: { key: e.source }, end: { key: e.target }, properties });
      edgeRows.set(row, [e.source, e.target]);
      if (batch.relationships.length >= batchRows) yield* flushEdges();
    }
    if (batch.relationships.length) yield* flushEdges();
  }

  async status(id: string): Promise<ImportStatus> {
    const live = running.get(id);
    if (live && live.userId === this.userId && !sharedDatabase(this.ctx.db)) return live.snapshot();
    const row = /^[0-9a-f-]{36}$/i.test(id) ? ((await this.ctx.db('imports').where({ id, user_id: this.userId }).first()) as ImportRow | undefined) : undefined;
    if (!row) throw new NotFoundError('Import', 'IMPORT_NOT_FOUND');
    // An import whose instance died (its lease ran out) is failed now, by whichever instance reads it.
    if (row.state === 'running' && (await failAbandonedImports(this.ctx.deps, { id })).length) return statusOf((await this.ctx.db('imports').where({ id }).first()) as ImportRow);
    return statusOf(row);
  }

  /** Requests the cancel of a running import (it rolls back at its next batch); a finished one is left as it is. */
  async cancel(id: string): Promise<ImportStatus> {
    const status = await this.status(id);
    if (status.state !== 'running') return status;
    const local = running.get(id);
    if (local) {
      local.cancelled = true;
      await local.done.catch(() => undefined);
    } else {
      // Running in another instance: it reads the flag between batches.
      await this.ctx.db('imports').where({ id }).update({ cancel_requested: true });
    }
    await audit(this.ctx, { action: 'data.import.cancel-request', targetType: 'import', targetId: id, details: { file: status.fileName } });
    return this.status(id);
  }

  /**
   * Undo of a finished import (issue 23): deletes the nodes and relationships it created (as
   * recorded in its row) that the user's scope shows, in ONE transaction with its audit event
   * (data.import.undo) and the mark undone_at. Nodes it only updated (merge keys) keep the
   * update. Refused (409) when it cannot be undone, or when relationships it did not create are
   * attached to its nodes (UNDO_CONFLICT).
   */
  async undo(id: string): Promise<ImportStatus> {
    const row = /^[0-9a-f-]{36}$/i.test(id) ? ((await this.ctx.db('imports').where({ id, user_id: this.userId }).first()) as ImportRow | undefined) : undefined;
    if (!row) throw new NotFoundError('Import', 'IMPORT_NOT_FOUND');
    const undo = undoOf(row);
    if (!undo.possible || !row.created || row.created.tooMany) throw new AppError(409, 'IMPORT_NOT_UNDOABLE', undo.reason ?? 'The import cannot be undone', { importId: id });
    const graph = this.ctx.deps.graph;
    if (!graph.deleteCreated) throw new NotImplementedError('This graph backend cannot undo an import', 'IMPORT_UNDO_UNSUPPORTED');
    const created: CreatedElements = { nodes: row.created.nodes, relationships: row.created.relationships };
    const scope = await accessScopeFor(this.ctx);
    const markUndone = async (db: ServiceContext['db']): Promise<void> => {
      const marked = await db('imports').where({ id }).whereNull('undone_at').update({ undone_at: new Date() });
      if (!marked) throw new AppError(409, 'IMPORT_NOT_UNDOABLE', 'The import was undone already', { importId: id });
    };
    await auditedGraphWrite<DeletedCreated>(
      this.ctx,
      { action: 'data.import.undo', targetType: 'import', targetId: id },
      (options) =>
        graph.deleteCreated!(created, scope, {
          beforeCommit: async (result, transaction) => {
            if (transaction.sql) await markUndone(transaction.sql);
            await options.beforeCommit?.(result, transaction);
          },
        }),
      (result) => ({
        action: 'data.import.undo',
        targetType: 'import',
        targetId: id,
        details: {
          file: row.file_name, fileId: row.upload_id, nodesCreated: created.nodes.length, relationshipsCreated: created.relationships.length,
          nodesDeleted: result.nodesDeleted, relationshipsDeleted: result.relationshipsDeleted,
        },
      }),
    );
    // A backend without SQL transactions (Neo4j) deletes first; the mark follows.
    if (graph.atomicWrites !== 'sql') await markUndone(this.ctx.db);
    return this.status(id);
  }

  /** The path of the rejected-rows CSV of one of the caller's imports. */
  async rejectedFile(id: string): Promise<{ path: string; name: string }> {
    const status = await this.status(id);
    const file = rejectedPath(this.ctx.deps.config.dataDir, id);
    if (status.state === 'running' || !(await stat(file).catch(() => null))) throw new NotFoundError('Rejected rows', 'REJECTED_NOT_READY');
    return { path: file, name: `${status.fileName.replace(/[^A-Za-z0-9._-]/g, '_')}-rejected.csv` };
  }

  static openRejected(file: string) {
    return createReadStream(file);
  }

  /** Waits for the imports running in this process (tests, orderly shutdown). */
  static async settle(): Promise<void> {
    await Promise.all([...running.values()].map((r) => r.done.catch(() => undefined)));
  }

  static async removeFile(file: string): Promise<void> {
    await rm(file, { force: true });
  }
}

class RowRejected extends Error {}

function progressOf(run: Run): ImportStatus['progress'] {
  const elapsed = Math.max(1, Date.now() - run.progress.started);
  return { rowsDone: run.progress.rowsDone, rowsTotal: run.progress.rowsTotal, rowsPerSecond: Math.round((run.progress.rowsDone * 1000) / elapsed) };
}

function columnPlan(mapping: NodesMapping | RelationshipsMapping, names: string[], fileName: string) {
  const index = (column: string, what: string): number => {
    const i = names.indexOf(column);
    if (i < 0) throw new UnprocessableError(`The file ${fileName} has no column ${JSON.stringify(column)} (${what}); it has ${names.slice(0, 30).join(', ')}`, 'IMPORT_COLUMN_MISSING', { file: fileName, column });
    return i;
  };
  const special = new Set<number>();
  let labelIndex: number | undefined;
  let typeIndex: number | undefined;
  let startIndex = -1;
  let endIndex = -1;
  if (mapping.kind === 'nodes' && mapping.labelColumn) special.add((labelIndex = index(mapping.labelColumn, 'labelColumn')));
  if (mapping.kind === 'relationships') {
    if (mapping.typeColumn) special.add((typeIndex = index(mapping.typeColumn, 'typeColumn')));
    special.add((startIndex = index(mapping.start.column, 'start')));
    special.add((endIndex = index(mapping.end.column, 'end')));
  }
  const given: NonNullable<NodesMapping['columns']> = mapping.columns ?? names.filter((_, i) => !special.has(i)).map((column) => ({ column }));
  const columns: Array<{ column: string; index: number; property: string; type: ColumnType; separator?: string }> = [];
  const properties = new Set<string>();
  for (const c of given) {
    const i = index(c.column, 'columns');
    if (c.skip) continue;
    const property = c.property ?? c.column;
    if (!validName(property)) throw new BadRequestError(`The column ${c.column} needs a property name (its own name is not a valid one)`, 'INVALID_MAPPING', { column: c.column });
    if (properties.has(property)) throw new BadRequestError(`Two columns map to the property ${property}`, 'INVALID_MAPPING', { property });
    properties.add(property);
    columns.push({ column: c.column, index: i, property, type: c.type ?? 'string', separator: c.separator });
  }
  return { columns, labelIndex, typeIndex, startIndex, endIndex };
}

/** The label + property pairs an import matches on (merge key, relationship ends): the adapter prepares their indexes. */
function matchKeysOf(mapping: ImportMapping): Array<{ label: string; property: string }> {
  if (mapping.kind === 'relationships') return [{ label: mapping.start.label, property: mapping.start.property }, { label: mapping.end.label, property: mapping.end.property }];
  return mapping.mergeKey ? [{ label: mapping.mergeKey.label, property: mapping.mergeKey.property }] : [];
}

/** Line count (newlines), for the progress total of a table; quoted line breaks make it an estimate. */
async function countLines(file: string): Promise<number> {
  let count = 0;
  let last = 10;
  for await (const chunk of createReadStream(file) as AsyncIterable<Buffer>) {
    for (let i = chunk.indexOf(10); i >= 0; i = chunk.indexOf(10, i + 1)) count++;
    if (chunk.length) last = chunk[chunk.length - 1];
  }
  return Math.max(0, count + (last === 10 ? 0 : 1) - 1);
}

/** all-or-nothing: the first rejected or skipped row fails the import; it rolls back whole. */
function refuseRejected(run: Run): void {
  const r = run.report;
  if (r.rowsRejected + r.rowsSkipped === 0) return;
  throw new UnprocessableError(
    `Rows were rejected (${r.rowsRejected} rejected, ${r.rowsSkipped} skipped when the import stopped; first: row ${r.rejected[0]?.row}: ${r.rejected[0]?.reason ?? ''}); the import is all-or-nothing, so nothing was imported`.slice(0, 600),
    'IMPORT_ROWS_REJECTED',
    { rowsRejected: r.rowsRejected, rowsSkipped: r.rowsSkipped, rejected: r.rejected.slice(0, 5) },
  );
}

/** The batches of an all-or-nothing import: stops at the first rejected row, also one found once a batch is written (unresolved ends). */
async function* allOrNothing(run: Run, source: AsyncIterable<BulkImportBatch>): AsyncGenerator<BulkImportBatch> {
  for await (const batch of source) {
    refuseRejected(run);
    const written = batch.onWritten;
    batch.onWritten = async (unresolved) => {
      await written?.(unresolved);
      refuseRejected(run);
    };
    yield batch;
  }
  refuseRejected(run);
}
