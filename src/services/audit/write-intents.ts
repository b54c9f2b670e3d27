import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { GraphStore } from '../../graph/graph-store';
import { UNRESTRICTED } from '../../graph/graph-store';
import { recordAudit } from './audit-service';

/**
 * Two-phase audit records of graph writes on a backend that cannot share a transaction with the
 * audit table (Neo4j; see src/services/graph/audited-write.ts):
 *
 *   graph.write.intent       committed before the graph write: { intentId, action, backend }
 *   <action> (node.create, ...) the confirmation: the usual event with details.intentId
 *   graph.write.abort        the write certainly changed nothing (refused, 4xx, or its target was absent)
 *   graph.write.unconfirmed  the outcome is unknown: the write failed without a definite answer
 *                            (timeout, lost connection), or - written by reconcileWriteIntents - no
 *                            resolution was recorded (the process died between write and record)
 *
 * Every intent is followed by exactly one resolution carrying its intentId. Events are only ever
 * appended (recordAudit), so the hash chain stays valid.
 */
export const WRITE_INTENT = 'graph.write.intent';
export const WRITE_ABORT = 'graph.write.abort';
export const WRITE_UNCONFIRMED = 'graph.write.unconfirmed';

interface PendingIntent {
  id: string;
  user_id: string | null;
  username: string | null;
  ip: string | null;
  target_type: string | null;
  target_id: string | null;
  details: { intentId?: string; action?: string; backend?: string };
}

export interface ReconcileResult {
  reconciled: number;
}

/**
 * Resolves intents older than `olderThanMs` that have no resolution: appends graph.write.unconfirmed
 * for each (attributed to the intent's user), with `targetExists` when the intent named an element
 * of the current backend (a delete whose target is gone probably happened; an update cannot be told).
 * Younger intents may belong to writes still running in another instance and are left alone.
 */
export async function reconcileWriteIntents(
  deps: { db: Knex; graph: GraphStore; logger: Logger },
  options: { olderThanMs: number; limit?: number },
): Promise<ReconcileResult> {
  const cutoff = new Date(Date.now() - options.olderThanMs);
  const result: { rows?: PendingIntent[] } = await deps.db.raw(
    `select i.id, i.user_id, i.username, i.ip, i.target_type, i.target_id, i.details
       from audit_events i
      where i.action = ? and i.at < ?
        and not exists (select 1 from audit_events c where (c.details->>'intentId') = (i.details->>'intentId') and c.id > i.id)
      order by i.id
      limit ?`,
    [WRITE_INTENT, cutoff, options.limit ?? 10_000],
  );
  const pending = result.rows ?? [];
  for (const intent of pending) {
    let targetExists: boolean | undefined;
    if (intent.target_id && intent.details.backend === deps.graph.backend) {
      try {
        if (intent.target_type === 'node') targetExists = (await deps.graph.getNodes([intent.target_id], UNRESTRICTED, [])).length > 0;
        else if (intent.target_type === 'relationship')
          targetExists = (await deps.graph.getRelationships([intent.target_id], UNRESTRICTED, [])).length > 0;
      } catch {
        targetExists = undefined;
      }
    }
    await recordAudit(
      deps.db,
      { userId: intent.user_id === null ? null : String(intent.user_id), username: intent.username, ip: intent.ip },
      {
        action: WRITE_UNCONFIRMED,
        targetType: intent.target_type,
        targetId: intent.target_id,
        details: {
          intentId: intent.details.intentId,
          action: intent.details.action,
          outcome: 'unknown',
          reason: 'no record followed the intent (the service stopped between the graph write and its audit record, or the record failed)',
          reconciled: true,
          ...(targetExists === undefined ? {} : { targetExists }),
        },
      },
    );
  }
  if (pending.length > 0)
    deps.logger.warn({ count: pending.length }, 'graph writes without a confirmed audit record were marked graph.write.unconfirmed');
  return { reconciled: pending.length };
}

/**
 * At start-up: reconcile what is older than a write can take, and once more when the intents of
 * writes that were running around the start are that old too. Returns a stop function.
 */
export function startWriteIntentReconciliation(
  deps: { db: Knex; graph: GraphStore; logger: Logger },
  graceMs: number,
): { first: Promise<void>; stop: () => void } {
  const run = () =>
    reconcileWriteIntents(deps, { olderThanMs: graceMs })
      .then(() => undefined)
      .catch((error: unknown) => deps.logger.error({ err: error }, 'reconciliation of graph write intents failed'));
  const first = run();
  const timer = setTimeout(() => void run(), graceMs + 1000);
  timer.unref();
  return { first, stop: () => clearTimeout(timer) };
}
