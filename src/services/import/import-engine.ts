import { AppError, UnprocessableError } from '../../errors';
import type { BulkImportBatch, BulkImportOptions, BulkImportResult } from '../../graph/graph-store';
import { audit } from '../audit/audit-service';
import { auditedGraphWrite } from '../graph/audited-write';
import { SettingsService } from '../settings/settings-service';
import type { DataSchema } from '../settings/data-schema';
import { BatchRecord, type BatchedUndo } from './batch-record';
import { graphmlBatches } from './graphml-mapping';
import { ImportCancelled, type CreatedRecord, type ImportState, type ImportStatus, type Run } from './import-runs';
import type { ImportMapping } from './mapping';
import { countLines, tableBatches } from './row-mapping';

/**
 * The import engine (spec 4.7, issue 10). A mapping turns table rows into nodes or
 * relationships, or a GraphML file into both; rows that do not convert, break a DATA_SCHEMA
 * restriction or the user's data access are rejected with a reason (CSV download), the rest
 * go to the graph in batches through GraphStore.bulkImport, all in ONE transaction: a failure
 * or a cancel leaves nothing, a dry run rolls back after counting. Batched (transaction
 * 'batched', issue 23 item 10): a transaction per batch, and a failure or a cancel deletes what
 * the committed batches created (batch-record.ts) and reports what it could not undo.
 */
export async function executeImport(run: Run): Promise<void> {
  const { ctx } = run;
  let state: ImportState = 'succeeded';
  let error: ImportStatus['error'] = null;
  let created: CreatedRecord | null = null;
  // Batched (issue 23 item 10): what each committed batch created, for the undo of a failure.
  const record = run.transaction === 'batched' && !run.dryRun ? await BatchRecord.open(ctx.deps.config.dataDir, run.id) : undefined;
  try {
    // CSV: its line count (an estimate when quoted cells hold line breaks); a spreadsheet's
    // rows are counted when its sheet is read (tableBatches), GraphML's elements when parsed.
    if (run.mapping.kind !== 'graphml' && run.file.type === 'csv') run.progress.rowsTotal = await countLines(run.file.path);
    const read = run.mapping.kind === 'graphml' ? graphmlBatches(run, run.mapping) : tableBatches(run, run.mapping);
    const source = run.allOrNothing ? allOrNothing(run, read) : read;
    const started = Date.now();
    const graph = ctx.deps.graph;
    // The import and its data.import event are one unit (auditedGraphWrite: in the import's own
    // transaction on PostgreSQL, intent + confirmation elsewhere); a dry run records nothing.
    const matchKeys = matchKeysOf(run.mapping);
    const write = (options: BulkImportOptions): Promise<BulkImportResult> =>
      graph.bulkImport(source, run.scope, {
        ...options,
        matchKeys,
        ...(run.dryRun ? {} : { recordCreated: ctx.deps.config.imports.maxUndoElements }),
        ...(record ? { transaction: 'batched', recordBatch: (batch) => record.append(batch) } : {}),
      });
    const result = run.dryRun
      ? await write({ rollback: true })
      : await auditedGraphWrite<BulkImportResult>(
          ctx,
          { action: 'data.import', targetType: 'import', targetId: run.id },
          write,
          (totals) => {
            finishReport(run, totals, started);
            return auditEntry(run);
          },
        );
    finishReport(run, result, started);
    if (run.allOrNothing) refuseRejected(run);
    if (!run.dryRun) {
      run.report.outcome = run.report.rowsRejected + run.report.rowsSkipped > 0 ? 'succeeded-with-rejected' : 'succeeded';
      created = result.created ?? { tooMany: true, limit: ctx.deps.config.imports.maxUndoElements };
      await markUndirected(run);
    }
  } catch (caught) {
    const undo = record ? await undoBatches(run, record) : undefined;
    if (caught instanceof ImportCancelled) {
      state = 'cancelled';
      error = run.control.interrupted
        ? { code: 'IMPORT_INTERRUPTED', message: 'The service shut down during the import; nothing of it was written. Start it again' }
        : { code: 'IMPORT_CANCELLED', message: 'The import was cancelled; nothing of it was written' };
    } else {
      state = 'failed';
      error =
        caught instanceof AppError
          ? { code: caught.code, message: caught.message, status: caught.status, details: caught.extra }
          : {
              code: 'IMPORT_FAILED',
              message: `The import failed; nothing of it was written (${(caught as Error)?.message ?? caught})`.slice(0, 500),
            };
      if (!(caught instanceof AppError)) ctx.deps.logger.error({ err: caught, importId: run.id }, 'import failed');
    }
    run.report.durationMs = Date.now() - run.progress.started;
    // Nothing of a failed or cancelled import is in the graph: the counts of what was not written are dropped.
    Object.assign(run.report, { nodesCreated: 0, nodesUpdated: 0, relationshipsCreated: 0 });
    if (undo) {
      error = undoneError(error, undo);
      // What stays: merged updates, and what could not be deleted.
      Object.assign(run.report, {
        nodesCreated: undo.nodesLeft,
        nodesUpdated: undo.nodesUpdated,
        relationshipsCreated: undo.relationshipsLeft,
      });
    }
    await audit(ctx, {
      action: state === 'cancelled' ? 'data.import.cancel' : 'data.import.fail',
      targetType: 'import',
      targetId: run.id,
      details: {
        file: run.file.name,
        fileId: run.file.fileId,
        dryRun: run.dryRun,
        rowsRead: run.report.rowsRead,
        reason: error.code,
        durationMs: run.report.durationMs,
        ...(undo ? { transaction: 'batched', undo: { ...undo, updatedNodeIds: undefined } } : {}),
      },
    }).catch(() => undefined);
  } finally {
    await record?.remove();
  }
  await run.rejectedOut.end();
  const elapsed = Math.max(1, Date.now() - run.progress.started);
  await ctx
    .db('imports')
    .where({ id: run.id })
    .update({
      state,
      report: JSON.stringify(run.report),
      error: error ? JSON.stringify(error) : null,
      progress: JSON.stringify({
        rowsDone: run.progress.rowsDone,
        rowsTotal: run.progress.rowsTotal ?? run.progress.rowsDone,
        rowsPerSecond: Math.round((run.progress.rowsDone * 1000) / elapsed),
      }),
      finished_at: new Date(),
      ...(created ? { created: JSON.stringify(created) } : {}),
    });
}

/** Deletes what the committed batches of a failed or cancelled batched import created (batch-record.ts). */
async function undoBatches(run: Run, record: BatchRecord): Promise<BatchedUndo> {
  try {
    return await record.undo(run.ctx.deps.graph, run.scope);
  } catch (failure) {
    run.ctx.deps.logger.error({ err: failure, importId: run.id }, 'the undo of a failed batched import failed');
    return {
      batchesCommitted: -1,
      nodesDeleted: 0,
      relationshipsDeleted: 0,
      nodesUpdated: 0,
      updatedNodeIds: [],
      nodesLeft: 0,
      relationshipsLeft: 0,
      reasons: [`the undo failed: ${(failure as Error)?.message ?? failure}`.slice(0, 300)],
    };
  }
}

/** The error of a failed batched import, saying what its undo deleted and what stays (details.undo). */
function undoneError(error: NonNullable<ImportStatus['error']>, undo: BatchedUndo): NonNullable<ImportStatus['error']> {
  const stays: string[] = [];
  if (undo.nodesUpdated) stays.push(`${undo.nodesUpdated} existing node(s) it updated through the merge key keep the update`);
  if (undo.nodesLeft + undo.relationshipsLeft)
    stays.push(
      `${undo.nodesLeft} node(s) and ${undo.relationshipsLeft} relationship(s) it created could not be deleted (${undo.reasons[0] ?? ''})`,
    );
  const message = error.message.replace(/;? ?nothing of it was written\.?/, '');
  return {
    ...error,
    message:
      `${message}. The batched import was undone: ${undo.nodesDeleted} node(s) and ${undo.relationshipsDeleted} relationship(s) of ${undo.batchesCommitted} committed batch(es) were deleted${stays.length ? `; not undone: ${stays.join('; ')}` : ''}`.slice(
        0,
        1000,
      ),
    details: { ...(error.details ?? {}), undo },
  };
}

/**
 * Types the import wrote from undirected edges join DATA_SCHEMA's undirected list (the workspace
 * draws them without arrows); audited as a settings.update like any change of the setting.
 */
async function markUndirected(run: Run): Promise<void> {
  if (!run.undirected?.size) return;
  const settings = new SettingsService(run.ctx);
  const schema: DataSchema = await settings.get('DATA_SCHEMA');
  const before = schema.undirected ?? [];
  const after = [...new Set([...before, ...run.undirected])].sort();
  if (after.length > before.length) await settings.put('DATA_SCHEMA', { ...schema, undirected: after });
}

function finishReport(run: Run, totals: BulkImportResult, started: number): void {
  run.report.nodesCreated = totals.nodesCreated;
  run.report.nodesUpdated = totals.nodesUpdated;
  run.report.relationshipsCreated = totals.relationshipsCreated;
  run.report.durationMs = Date.now() - Math.min(started, run.progress.started);
}

function auditEntry(run: Run) {
  const r = run.report;
  return {
    action: 'data.import',
    targetType: 'import',
    targetId: run.id,
    details: {
      file: r.fileName,
      fileId: r.fileId,
      kind: run.mapping.kind,
      rowsRead: r.rowsRead,
      nodesCreated: r.nodesCreated,
      nodesUpdated: r.nodesUpdated,
      relationshipsCreated: r.relationshipsCreated,
      rowsSkipped: r.rowsSkipped,
      rowsRejected: r.rowsRejected,
      durationMs: r.durationMs,
      ...(run.transaction === 'batched' ? { transaction: 'batched' } : {}),
    },
  };
}

/** The label + property pairs an import matches on (merge key, relationship ends): the adapter prepares their indexes. */
function matchKeysOf(mapping: ImportMapping): Array<{ label: string; property: string }> {
  if (mapping.kind === 'relationships')
    return [
      { label: mapping.start.label, property: mapping.start.property },
      { label: mapping.end.label, property: mapping.end.property },
    ];
  return mapping.mergeKey ? [{ label: mapping.mergeKey.label, property: mapping.mergeKey.property }] : [];
}

/** all-or-nothing: the first rejected or skipped row fails the import; it rolls back whole. */
function refuseRejected(run: Run): void {
  const r = run.report;
  if (r.rowsRejected + r.rowsSkipped === 0) return;
  throw new UnprocessableError(
    `Rows were rejected (${r.rowsRejected} rejected, ${r.rowsSkipped} skipped when the import stopped; first: row ${r.rejected[0]?.row}: ${r.rejected[0]?.reason ?? ''}); the import is all-or-nothing, so nothing was imported`.slice(
      0,
      600,
    ),
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
