import { randomUUID } from 'node:crypto';
import { AppError } from '../../errors';
import type { GraphWriteOptions } from '../../graph/graph-store';
import { withDb, type ServiceContext } from '../../core/context';
import { audit, type AuditEntry } from '../audit/audit-service';
import { WRITE_ABORT, WRITE_INTENT, WRITE_UNCONFIRMED } from '../audit/write-intents';

export interface WriteIntent {
  /** The action of the confirming event (node.create, nodes.bulk-update, cypher.run, ...). */
  action: string;
  targetType: string;
  /** Known before the write (update, delete); null for creations and bulk writes. */
  targetId?: string | null;
}

/**
 * A graph write and its audit event as one unit (issue 7, item 16). Every graph write path of
 * the services goes through here.
 *
 * - Graph in the service's own database (graph.atomicWrites 'sql', the PostgreSQL adapter): the
 *   adapter calls beforeCommit inside the write's transaction and the event is recorded with that
 *   transaction: the change and its event commit together or not at all (a failing audit write
 *   rolls the change back).
 * - Any other backend (Neo4j): two phases, see src/services/audit/write-intents.ts. An intent is
 *   committed before the write (no intent, no write), the event confirms it after the write, a
 *   failure records graph.write.abort (a definite refusal: nothing changed) or
 *   graph.write.unconfirmed (outcome unknown), and the start-up reconciliation resolves intents
 *   left without a record by a crash. A change is therefore never without an audit record.
 *
 * `describe` turns the result into the event, or null when the write did nothing (target absent
 * or invisible: the service then answers 404 and nothing is recorded on PostgreSQL; on Neo4j the
 * intent is resolved as an abort). It must not query anything (it runs inside the transaction).
 */
export async function auditedGraphWrite<T>(
  ctx: ServiceContext,
  intent: WriteIntent,
  write: (options: GraphWriteOptions<T>) => Promise<T>,
  describe: (result: T) => AuditEntry | null,
): Promise<T> {
  if (ctx.deps.graph.atomicWrites === 'sql') {
    let recorded = false;
    const result = await write({
      beforeCommit: async (value, transaction) => {
        const entry = describe(value);
        if (entry) await audit(transaction.sql ? withDb(ctx, transaction.sql) : ctx, entry);
        recorded = true;
      },
    });
    // A write path that does not offer the hook (none today) is still audited, after the fact.
    if (!recorded) {
      const entry = describe(result);
      if (entry) await audit(ctx, entry);
    }
    return result;
  }

  const intentId = randomUUID();
  const target = { targetType: intent.targetType, targetId: intent.targetId ?? null };
  await audit(ctx, { action: WRITE_INTENT, ...target, details: { intentId, action: intent.action, backend: ctx.deps.graph.backend } });
  let result: T;
  try {
    result = await write({});
  } catch (error) {
    const definite = error instanceof AppError && error.status < 500;
    const code = error instanceof AppError ? error.code : 'ERROR';
    await audit(ctx, {
      action: definite ? WRITE_ABORT : WRITE_UNCONFIRMED,
      ...target,
      details: { intentId, action: intent.action, outcome: definite ? 'not-applied' : 'unknown', reason: code },
    }).catch((auditError: unknown) =>
      ctx.deps.logger.error({ err: auditError, intentId }, 'could not resolve a graph write intent; the start-up reconciliation will'),
    );
    throw error;
  }
  try {
    const entry = describe(result);
    if (entry) await audit(ctx, { ...entry, details: { ...(entry.details ?? {}), intentId } });
    else
      await audit(ctx, {
        action: WRITE_ABORT,
        ...target,
        details: { intentId, action: intent.action, outcome: 'not-applied', reason: 'NOT_FOUND' },
      });
  } catch (auditError) {
    // The change is made and cannot be taken back: answer it, and leave the intent to the reconciliation.
    ctx.deps.logger.error(
      { err: auditError, intentId, action: intent.action },
      'the graph write succeeded but its audit record failed; the intent stays pending until reconciled',
    );
  }
  return result;
}
