import os from 'node:os';
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type { AppDeps, ServiceContext } from '../../core/context';
import { recordAudit } from '../audit/audit-service';
import { undoAbandonedBatches } from './abandoned-undo';

/**
 * Import leases (issue 18 item 16), as job runs have them (src/services/jobs/job-scheduler.ts).
 *
 * The instance that runs an import owns its `imports` row through `lease_owner` (this process) and
 * `lease_expires_at`, renewed every third of `imports.leaseMs` while the import runs. An instance
 * killed during an import (kill -9, a crash, a lost machine) stops renewing: its transaction is
 * rolled back by the database, and any live instance marks the import failed with the code
 * IMPORT_ABANDONED and the audit event `data.import.abandoned`:
 *  - when the import is read or cancelled (GET / DELETE /data/import/imports/{id}),
 *  - every half lease (startImportLeaseReaper, started by src/server.ts), and at start-up.
 * A batched import's committed batches are then deleted from its side file by the instance whose
 * data directory holds it (abandoned-undo.ts), and the outcome recorded on the import.
 * An instance whose renewal finds the row no longer its own running import (it was hung past its
 * lease and another instance failed it) stops the import at its next batch: it rolls back.
 *
 * On the embedded store (PGlite, one process holding the data directory) the import's transaction
 * holds the only connection, so no lease is written; a running import found at start-up belongs to
 * a process that is gone and is failed the same way.
 */

/** This process, as it appears in lease_owner: host:pid:random. */
export const IMPORT_INSTANCE_ID = `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;

export const IMPORT_ABANDONED = 'IMPORT_ABANDONED';

const SYSTEM = { userId: null, username: null, ip: null };

/** A PostgreSQL server (leases, several instances) rather than the embedded PGlite. */
function onServer(db: Knex): boolean {
  return (db.client as { config?: { client?: unknown } }).config?.client === 'pg';
}

function leaseInterval(leaseMs: number): string {
  return `now() + (${Math.trunc(leaseMs)} * interval '1 millisecond')`;
}

/** The lease columns of a new import row. */
export function newImportLease(ctx: ServiceContext): { lease_owner: string; lease_expires_at: Knex.Raw | null } {
  return {
    lease_owner: IMPORT_INSTANCE_ID,
    lease_expires_at: onServer(ctx.db) ? ctx.db.raw(leaseInterval(ctx.deps.config.imports.leaseMs)) : null,
  };
}

/**
 * Renews the lease of a running import of this process until released. `onLost` is called once
 * when the row is no longer this instance's running import (another instance failed it).
 */
export function holdImportLease(ctx: ServiceContext, id: string, onLost: () => void): { release(): void } {
  if (!onServer(ctx.db)) return { release: () => undefined };
  const leaseMs = ctx.deps.config.imports.leaseMs;
  let renewing = false;
  let released = false;
  const renew = async (): Promise<void> => {
    if (renewing || released) return;
    renewing = true;
    try {
      const renewed = await ctx
        .db('imports')
        .where({ id, state: 'running', lease_owner: IMPORT_INSTANCE_ID })
        .update({ lease_expires_at: ctx.db.raw(leaseInterval(leaseMs)) }, ['id']);
      if (renewed.length === 0 && !released) {
        released = true;
        clearInterval(timer);
        ctx.deps.logger.warn({ importId: id, instance: IMPORT_INSTANCE_ID }, 'import stopped: this instance no longer holds its lease');
        onLost();
      }
    } catch (error) {
      // The next renewal tries again; if none gets through before the lease runs out, another instance fails the import.
      ctx.deps.logger.warn({ err: error, importId: id }, 'import lease renewal failed');
    } finally {
      renewing = false;
    }
  };
  const timer = setInterval(() => void renew(), Math.max(100, Math.floor(leaseMs / 3)));
  timer.unref?.();
  return {
    release() {
      released = true;
      clearInterval(timer);
    },
  };
}

interface AbandonedRow {
  id: string;
  user_id: string;
  upload_id: string | null;
  file_name: string;
  dry_run: boolean;
  lease_owner: string | null;
  progress: { rowsDone?: number } | null;
}

/** What the import's user reads in its status: BEFORE + the instance + AFTER. */
const MESSAGE_BEFORE = 'The service instance running this import (';
const MESSAGE_AFTER = ') stopped before the import finished; nothing of it was written. Start the import again.';

/**
 * Marks failed the running imports whose lease ran out, each with a `data.import.abandoned`
 * event in the same transaction. `id`: only that import. `unleased`: also running imports
 * without a lease (the embedded store at start-up, where no other process can run one).
 * Answers the ids it failed.
 */
export async function failAbandonedImports(
  deps: Pick<AppDeps, 'db' | 'logger'>,
  options: { id?: string; unleased?: boolean } = {},
): Promise<string[]> {
  const { db } = deps;
  const expired = options.unleased ? '(lease_expires_at < now() or lease_expires_at is null)' : 'lease_expires_at < now()';
  if (options.id) {
    // A read of a running import pays one indexed select; the transaction only for an expired lease.
    const due: { id: string } | undefined = await db('imports').where({ id: options.id, state: 'running' }).whereRaw(expired).first('id');
    if (!due) return [];
  }
  const failed = await db.transaction(async (trx) => {
    const result: { rows: AbandonedRow[] } = await trx.raw(
      `update imports set state = 'failed', finished_at = now(), lease_expires_at = null,
         error = jsonb_build_object('code', ?::text, 'message', ?::text || coalesce(lease_owner, 'unknown') || ?::text, 'details', jsonb_build_object('instance', lease_owner))
       where state = 'running' and ${expired}${options.id ? ' and id = ?' : ''}
       returning id, user_id, upload_id, file_name, dry_run, lease_owner, progress`,
      [IMPORT_ABANDONED, MESSAGE_BEFORE, MESSAGE_AFTER, ...(options.id ? [options.id] : [])],
    );
    const rows = result.rows;
    for (const row of rows) {
      await recordAudit(trx, SYSTEM, {
        action: 'data.import.abandoned',
        targetType: 'import',
        targetId: String(row.id),
        details: {
          file: row.file_name,
          fileId: row.upload_id,
          dryRun: row.dry_run,
          userId: String(row.user_id),
          owner: row.lease_owner,
          rowsDone: row.progress?.rowsDone ?? 0,
          detectedBy: IMPORT_INSTANCE_ID,
        },
      });
    }
    return rows;
  });
  for (const row of failed)
    deps.logger.warn(
      { importId: String(row.id), owner: row.lease_owner, instance: IMPORT_INSTANCE_ID },
      'import failed: the instance running it stopped renewing its lease',
    );
  return failed.map((row) => String(row.id));
}

/**
 * Fails abandoned imports at start-up (`first`) and then every half lease on a PostgreSQL server;
 * on the embedded store only at start-up, where every running import is a dead process's.
 */
export function startImportLeaseReaper(deps: Pick<AppDeps, 'db' | 'logger' | 'config' | 'graph'>): { first: Promise<void>; stop(): void } {
  const server = onServer(deps.db);
  // A failed batched import of a dead process still has its committed batches: undone from its side file (abandoned-undo.ts).
  const sweep = (unleased: boolean) =>
    failAbandonedImports(deps, { unleased })
      .then(() => undoAbandonedBatches(deps))
      .then(
        () => undefined,
        (error: unknown) => deps.logger.error({ err: error }, 'failing abandoned imports failed'),
      );
  const first = sweep(!server);
  let timer: NodeJS.Timeout | undefined;
  let sweeping: Promise<void> | undefined;
  if (server) {
    timer = setInterval(
      () => {
        sweeping ??= first.then(() => sweep(false)).finally(() => (sweeping = undefined));
      },
      Math.max(250, Math.floor(deps.config.imports.leaseMs / 2)),
    );
    timer.unref?.();
  }
  return {
    first,
    stop() {
      clearInterval(timer);
    },
  };
}
