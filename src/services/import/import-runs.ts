import path from 'node:path';
import type { AccessScope, CreatedElements } from '../../graph/graph-store';
import type { ServiceContext } from '../../core/context';
import type { CsvWriter } from '../export/csv-writer';
import type { DataSchema } from '../settings/data-schema';
import type { ImportMapping } from './mapping';
import type { UploadedImportFile } from './upload-service';

/**
 * The state of imports: the types of an import's row and status, and the registry of the imports
 * running in this process (their cancel flags, what they finish with, their live status).
 */

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
export type CreatedRecord = (CreatedElements & { tooMany?: undefined }) | { tooMany: true; limit: number };

export interface ImportRow {
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

/** Everything one import needs while it runs. */
export interface Run {
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
  /** `interrupted`: the service is shutting down (the cancel is then reported as IMPORT_INTERRUPTED). */
  control: { cancelled: boolean; interrupted?: boolean; external?: () => boolean };
  /** Any rejected or skipped row fails the import (422 IMPORT_ROWS_REJECTED): nothing is written. */
  allOrNothing: boolean;
  /** 'batched': every batch commits on its own; a failure deletes what the import created (issue 23 item 10). */
  transaction: 'single' | 'batched';
  /** Relationship types written from undirected edges (GraphML): added to DATA_SCHEMA's undirected list after the import. */
  undirected?: Set<string>;
}

/** Thrown between batches when the import is cancelled (or interrupted by a shutdown): it rolls back. */
export class ImportCancelled extends Error {}

interface RunningImport {
  control: Run['control'];
  done: Promise<void>;
  userId: string;
  snapshot: () => ImportStatus;
}

/** Imports running in this process: the cancel flag the engine checks between batches. */
const running = new Map<string, RunningImport>();

export const runningImports = {
  get: (id: string): RunningImport | undefined => running.get(id),
  add: (id: string, entry: RunningImport): void => void running.set(id, entry),
  remove: (id: string): void => void running.delete(id),
};

/**
 * Graceful shutdown (src/server.ts): every import of this process is stopped at its next batch
 * and rolled back (a batched one deletes what it created), then recorded as cancelled with the
 * code IMPORT_INTERRUPTED, so that no import is left running for the lease reaper to find as
 * abandoned. Resolves once they have all finished.
 */
export async function interruptImports(): Promise<void> {
  for (const r of running.values()) {
    r.control.interrupted = true;
    r.control.cancelled = true;
  }
  await Promise.all([...running.values()].map((r) => r.done.catch(() => undefined)));
}

/**
 * Progress goes to the imports table only on a PostgreSQL server: the embedded PGlite has one
 * connection, which the import's transaction holds, so there it stays in memory (status() reads
 * a running import of this process from memory first).
 */
export function sharedDatabase(db: ServiceContext['db']): boolean {
  return (db.client as { config?: { client?: unknown } }).config?.client === 'pg';
}

/** Node ids of an import offered to the workspace (its link takes at most 500). */
const OPEN_NODES = 500;

export function undoOf(row: ImportRow): ImportUndo {
  const undoneAt = row.undone_at ? row.undone_at.toISOString() : null;
  const no = (reason: string): ImportUndo => ({ possible: false, reason, undoneAt });
  if (undoneAt) return no('The import was undone already');
  if (row.dry_run) return no('A dry run wrote nothing');
  if (row.state !== 'succeeded') return no('Only a finished import can be undone');
  const created = row.created;
  if (!created) return no('The import did not record what it created');
  if (created.tooMany)
    return no(`The import created more than ${created.limit} nodes and relationships (imports.maxUndoElements): it cannot be undone here`);
  if (created.nodes.length + created.relationships.length === 0) return no('The import created nothing');
  return { possible: true, reason: null, undoneAt: null };
}

export function rejectedPath(dataDir: string, id: string): string {
  return path.join(dataDir, 'imports', `${id}-rejected.csv`);
}

export function statusOf(row: ImportRow): ImportStatus {
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

export function progressOf(run: Run): ImportStatus['progress'] {
  const elapsed = Math.max(1, Date.now() - run.progress.started);
  return {
    rowsDone: run.progress.rowsDone,
    rowsTotal: run.progress.rowsTotal,
    rowsPerSecond: Math.round((run.progress.rowsDone * 1000) / elapsed),
  };
}
