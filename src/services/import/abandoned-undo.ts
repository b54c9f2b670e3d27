import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { loadAuthenticatedUser } from '../../auth/user-loader';
import type { AppDeps } from '../../core/context';
import { recordAudit } from '../audit/audit-service';
import { accessScopeFor } from '../security/access-scope';
import { BatchRecord, type BatchedUndo } from './batch-record';

/**
 * The undo of a batched import whose process died (issue 23 item 10). A batched import commits
 * batch by batch and lists what each batch created in `<dataDir>/imports/<id>-created.jsonl`
 * (batch-record.ts); its own process deletes that on a failure, but a process killed mid-way
 * leaves the batches and the file. The lease reaper (import-lease.ts) calls this after failing
 * abandoned imports: every side file in this instance's data directory whose import is no longer
 * running (failed by any instance as IMPORT_ABANDONED, or its row gone) is undone like a failure,
 * within the importer's access scope, audited as `data.import.undo`; the outcome goes into the
 * import's error (details.undo) and report; the file is then removed. A live import of this
 * process keeps its row `running`, so its file is never touched. Only the data directory the dead
 * process wrote holds the file: another instance fails the import, the restarted one undoes it.
 */
const SIDE_FILE = /^(.+)-created\.jsonl$/;

const SYSTEM = { userId: null, username: null, ip: null };

interface RunRow {
  id: string;
  user_id: string;
  state: string;
  error: { code: string; message: string; details?: Record<string, unknown> } | null;
  report: Record<string, unknown> | null;
}

/** Undoes the side files of imports that no longer run; answers the ids undone. */
export async function undoAbandonedBatches(deps: Pick<AppDeps, 'db' | 'logger' | 'config' | 'graph'>): Promise<string[]> {
  const dir = path.join(deps.config.dataDir, 'imports');
  const names = await readdir(dir).catch(() => [] as string[]);
  const undone: string[] = [];
  for (const name of names) {
    const id = SIDE_FILE.exec(name)?.[1];
    if (!id) continue;
    const row = (await deps
      .db('imports')
      .where({ id })
      .first('id', 'user_id', 'state', 'error', 'report')
      .catch(() => undefined)) as RunRow | undefined;
    if (row?.state === 'running') continue;
    try {
      await undoOne(deps, path.join(dir, name), id, row);
      undone.push(id);
    } catch (error) {
      // The file stays: the next sweep tries again.
      deps.logger.error({ err: error, importId: id }, 'the undo of an abandoned batched import failed');
    }
  }
  return undone;
}

async function undoOne(
  deps: Pick<AppDeps, 'db' | 'logger' | 'config' | 'graph'>,
  file: string,
  id: string,
  row: RunRow | undefined,
): Promise<void> {
  const record = await BatchRecord.load(file);
  const user = row ? await loadAuthenticatedUser(deps.db, String(row.user_id)) : null;
  const scope = user ? await accessScopeFor({ deps: deps as AppDeps, db: deps.db, user, ip: '', requestId: `import-undo-${id}` }) : null;
  const undo = await record.undo(deps.graph, scope);
  if (row) {
    const error = row.error ?? {
      code: 'IMPORT_ABANDONED',
      message: 'The service instance running this import stopped before the import finished',
    };
    const message = error.message.replace(/;? ?nothing of it was written\. Start the import again\.?/, '');
    const left = undo.nodesLeft + undo.relationshipsLeft;
    const stays = [
      ...(undo.nodesUpdated ? [`${undo.nodesUpdated} existing node(s) it updated through the merge key keep the update`] : []),
      ...(left
        ? [
            `${undo.nodesLeft} node(s) and ${undo.relationshipsLeft} relationship(s) it created could not be deleted (${undo.reasons[0] ?? ''})`,
          ]
        : []),
    ];
    await deps
      .db('imports')
      .where({ id })
      .update({
        error: JSON.stringify({
          ...error,
          message:
            `${message}. The batched import was undone: ${undo.nodesDeleted} node(s) and ${undo.relationshipsDeleted} relationship(s) of ${undo.batchesCommitted} committed batch(es) were deleted${stays.length ? `; not undone: ${stays.join('; ')}` : ''}. Start the import again`.slice(
              0,
              1000,
            ),
          details: { ...(error.details ?? {}), undo },
        }),
        // A dead process's import has no report (it is written when the import ends); one that has is corrected to what stays.
        ...(row.report
          ? {
              report: JSON.stringify({
                ...row.report,
                nodesCreated: undo.nodesLeft,
                nodesUpdated: undo.nodesUpdated,
                relationshipsCreated: undo.relationshipsLeft,
              }),
            }
          : {}),
      });
  }
  await recordAudit(deps.db, SYSTEM, {
    action: 'data.import.undo',
    targetType: 'import',
    targetId: id,
    details: {
      transaction: 'batched',
      userId: row ? String(row.user_id) : null,
      reason: row?.error?.code ?? 'IMPORT_ABANDONED',
      undo: summary(undo),
    },
  });
  await record.remove();
  deps.logger.warn(
    { importId: id, nodesDeleted: undo.nodesDeleted, relationshipsDeleted: undo.relationshipsDeleted, nodesLeft: undo.nodesLeft },
    'abandoned batched import undone',
  );
}

function summary(undo: BatchedUndo): Omit<BatchedUndo, 'updatedNodeIds'> {
  const { updatedNodeIds: _listed, ...rest } = undo;
  return rest;
}
