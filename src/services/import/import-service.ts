import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { AppError, ForbiddenError, NotFoundError, NotImplementedError, UnprocessableError } from '../../errors';
import type { AccessScope, CreatedElements, DeletedCreated } from '../../graph/graph-store';
import type { ServiceContext } from '../../core/context';
import { audit } from '../audit/audit-service';
import { auditedGraphWrite } from '../graph/audited-write';
import { CsvWriter } from '../export/csv-writer';
import { accessScopeFor } from '../security/access-scope';
import { SettingsService } from '../settings/settings-service';
import { analyzeGraphml, analyzeTables, type FileAnalysis } from './analysis';
import { executeImport } from './import-engine';
import {
  progressOf,
  rejectedPath,
  runningImports,
  sharedDatabase,
  statusOf,
  undoOf,
  type ImportRow,
  type ImportState,
  type ImportStatus,
  type Run,
} from './import-runs';
import type { ImportMapping, NodesMapping } from './mapping';
import { ImportUploadService, type UploadedImportFile } from './upload-service';
import { readHead, sniffType } from './file-types';
import { failAbandonedImports, holdImportLease, newImportLease } from './import-lease';

export type { ImportReport, ImportState, ImportStatus, ImportUndo } from './import-runs';

/**
 * Imports of a user (spec 4.7): analysis of an upload, start (direct or in the background),
 * status, cancel, undo and the rejected rows. The engine that runs an import is import-engine.ts;
 * the imports running in this process are in import-runs.ts.
 */
export class ImportService {
  constructor(private readonly ctx: ServiceContext) {}

  private get userId(): string {
    return String(this.ctx.user!.id);
  }

  async analyze(
    fileId: string,
    options: {
      encoding?: NodesMapping['encoding'];
      delimiter?: NodesMapping['delimiter'];
      quote?: NodesMapping['quote'];
      header?: boolean;
    } = {},
  ): Promise<FileAnalysis> {
    const file = await new ImportUploadService(this.ctx).get(fileId);
    const base = { fileId: file.fileId, name: file.name, type: file.type, size: file.size };
    if (file.type === 'graphml') return { ...base, graphml: await analyzeGraphml(file) };
    return { ...base, tables: await analyzeTables(this.ctx.deps.config, file, options) };
  }

  /** Starts an import: answers with the finished status when it is small (or waits), else at once with state running. */
  async start(input: {
    fileId: string;
    mapping: ImportMapping;
    dryRun?: boolean;
    background?: boolean;
    allOrNothing?: boolean;
    transaction?: Run['transaction'];
  }): Promise<ImportStatus> {
    const file = await new ImportUploadService(this.ctx).get(input.fileId);
    const { id, done } = await this.launch(
      file,
      input.mapping,
      input.dryRun ?? false,
      file.fileId,
      undefined,
      input.allOrNothing ?? false,
      input.transaction ?? 'single',
    );
    const background = input.background ?? file.size > this.ctx.deps.config.imports.directMaxBytes;
    if (!background) {
      await done;
      // A direct import refused by its file (broken CSV, formulas, ...) answers with that error.
      const status = await this.status(id);
      const failure = status.error;
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
  async importServerFile(
    file: { path: string; name: string; size: number },
    mapping: ImportMapping,
    isCancelled: () => boolean,
  ): Promise<ImportStatus> {
    const head = await readHead(file.path);
    const type = sniffType(head, () => false);
    if (type !== 'csv') throw new UnprocessableError(`The file ${file.name} is not CSV text`, 'IMPORT_FILE_TYPE', { file: file.name });
    const { id, done } = await this.launch(
      { fileId: '', name: file.name, type, size: file.size, archive: null, expiresAt: '', path: file.path },
      mapping,
      false,
      null,
      isCancelled,
    );
    await done;
    return this.status(id);
  }

  private async launch(
    file: UploadedImportFile & { path: string },
    mapping: ImportMapping,
    dryRun: boolean,
    uploadId: string | null,
    isCancelled?: () => boolean,
    allOrNothing = false,
    transaction: Run['transaction'] = 'single',
  ): Promise<{ id: string; done: Promise<void> }> {
    if (mapping.kind === 'graphml' && file.type !== 'graphml')
      throw new UnprocessableError(`The file ${file.name} is ${file.type}: a graphml mapping needs a GraphML file`, 'MAPPING_KIND');
    if (mapping.kind !== 'graphml' && file.type === 'graphml')
      throw new UnprocessableError(`The file ${file.name} is GraphML: use a mapping of kind graphml`, 'MAPPING_KIND');
    const scope = await accessScopeFor(this.ctx);
    this.assertMappingAllowed(mapping, scope);
    const schema = await new SettingsService(this.ctx).get('DATA_SCHEMA');
    const id = randomUUID();
    await mkdir(path.dirname(rejectedPath(this.ctx.deps.config.dataDir, id)), { recursive: true });
    if (uploadId && !dryRun) await this.assertNotStarted(uploadId);
    await this.ctx
      .db('imports')
      .insert({
        id,
        user_id: this.userId,
        upload_id: uploadId,
        file_name: file.name,
        state: 'running',
        dry_run: dryRun,
        mapping: JSON.stringify(mapping),
        progress: JSON.stringify({ rowsDone: 0, rowsTotal: null, rowsPerSecond: 0 }),
        ...newImportLease(this.ctx),
      })
      .catch(async (error: unknown) => {
        // Two starts at once: the unique index imports_upload_once lets one in.
        if (uploadId && (error as { code?: string }).code === '23505' && /imports_upload_once/.test(String((error as Error).message)))
          await this.assertNotStarted(uploadId);
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
        fileId: file.fileId,
        fileName: file.name,
        dryRun,
        rowsRead: 0,
        nodesCreated: 0,
        nodesUpdated: 0,
        relationshipsCreated: 0,
        rowsSkipped: 0,
        rowsRejected: 0,
        rejected: [],
        durationMs: 0,
      },
      rejectedOut,
      progress: { rowsDone: 0, rowsTotal: null, lastSaved: 0, started: Date.now() },
      control,
      allOrNothing,
      transaction,
    };
    // The lease tells the other instances that this one still runs the import (import-lease.ts); lost: stop and roll back.
    const lease = holdImportLease(this.ctx, id, () => (control.cancelled = true));
    const done = executeImport(run).finally(() => {
      lease.release();
      runningImports.remove(id);
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
    runningImports.add(id, { control, done, userId: this.userId, snapshot });
    return { id, done };
  }

  /**
   * One upload is imported once (issue 23: a second click on Import duplicated everything): 409
   * while an import of it runs or after one succeeded, unless that one was undone. Dry runs and
   * failed imports do not count. The unique index imports_upload_once closes the race.
   */
  private async assertNotStarted(uploadId: string): Promise<void> {
    const other: { id: string; state: ImportState } | undefined = await this.ctx
      .db('imports')
      .where({ upload_id: uploadId, dry_run: false })
      .whereNull('undone_at')
      .whereIn('state', ['running', 'succeeded'])
      .first('id', 'state');
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
      throw new ForbiddenError(
        `You may not import elements you could not see: ${[...hiddenLabels, ...hiddenTypes].join(', ')}`,
        { labels: hiddenLabels, types: hiddenTypes },
        'IMPORT_NOT_ALLOWED',
      );
    }
  }

  async status(id: string): Promise<ImportStatus> {
    const live = runningImports.get(id);
    if (live && live.userId === this.userId && !sharedDatabase(this.ctx.db)) return live.snapshot();
    const row = /^[0-9a-f-]{36}$/i.test(id)
      ? ((await this.ctx.db('imports').where({ id, user_id: this.userId }).first()) as ImportRow | undefined)
      : undefined;
    if (!row) throw new NotFoundError('Import', 'IMPORT_NOT_FOUND');
    // An import whose instance died (its lease ran out) is failed now, by whichever instance reads it.
    if (row.state === 'running' && (await failAbandonedImports(this.ctx.deps, { id })).length)
      return statusOf((await this.ctx.db('imports').where({ id }).first()) as ImportRow);
    return statusOf(row);
  }

  /** Requests the cancel of a running import (it rolls back at its next batch); a finished one is left as it is. */
  async cancel(id: string): Promise<ImportStatus> {
    const status = await this.status(id);
    if (status.state !== 'running') return status;
    const local = runningImports.get(id);
    if (local) {
      local.control.cancelled = true;
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
    const row = /^[0-9a-f-]{36}$/i.test(id)
      ? ((await this.ctx.db('imports').where({ id, user_id: this.userId }).first()) as ImportRow | undefined)
      : undefined;
    if (!row) throw new NotFoundError('Import', 'IMPORT_NOT_FOUND');
    const undo = undoOf(row);
    if (!undo.possible || !row.created || row.created.tooMany)
      throw new AppError(409, 'IMPORT_NOT_UNDOABLE', undo.reason ?? 'The import cannot be undone', { importId: id });
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
          file: row.file_name,
          fileId: row.upload_id,
          nodesCreated: created.nodes.length,
          relationshipsCreated: created.relationships.length,
          nodesDeleted: result.nodesDeleted,
          relationshipsDeleted: result.relationshipsDeleted,
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

  static async removeFile(file: string): Promise<void> {
    await rm(file, { force: true });
  }
}
