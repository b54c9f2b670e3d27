import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { FulltextConfig, FulltextStatus, GraphStore } from '../../graph/graph-store';
import { recordAudit } from '../audit/audit-service';
import { fulltextConfigSchema } from './fulltext-index';

/**
 * The fulltext index lives in the graph database, its description in the service store. They can
 * part: a new service store on an old Neo4j finds an index its settings do not describe, a wiped
 * Neo4j loses the index the service created. The service store is the truth:
 *
 *  - app_state 'fulltext.applied' records the index the service last made: { config } after
 *    POST /cfg/indexer/node/create, { config: null } after the drop. It is not the FULLTEXT_INDEX
 *    setting, because configuring takes effect only with create (until then the status shows the
 *    index as built, by design).
 *  - With no record yet (a store that never built an index, or one from before this record), the
 *    FULLTEXT_INDEX setting stands in: an index in the graph is rebuilt from the setting, or dropped
 *    when the setting configures none; no index and no record: nothing to do.
 *
 * reconcileFulltextIndex runs at start-up and on every status read. When the graph differs (other
 * labels or properties, or an index missing or extra), it rebuilds from the store, or drops, logs
 * one warning line and audits fulltext.reconcile.
 */

export const FULLTEXT_APPLIED_KEY = 'fulltext.applied';

interface AppliedRecord {
  config: FulltextConfig | null;
}

export async function recordAppliedFulltext(db: Knex, config: FulltextConfig | null): Promise<void> {
  const value = JSON.stringify({ config: config ? { labels: [...config.labels], properties: [...config.properties] } : null });
  await db('app_state')
    .insert({ key: FULLTEXT_APPLIED_KEY, value, updated_at: db.fn.now() })
    .onConflict('key')
    .merge(['value', 'updated_at']);
}

async function readApplied(db: Knex): Promise<AppliedRecord | undefined> {
  const row = (await db('app_state').where('key', FULLTEXT_APPLIED_KEY).first()) as { value: unknown } | undefined;
  if (!row) return undefined;
  const value = row.value as { config?: unknown } | null;
  const parsed = fulltextConfigSchema.safeParse(value?.config);
  return { config: parsed.success && isConfigured(parsed.data) ? parsed.data : null };
}

async function settingConfig(db: Knex): Promise<FulltextConfig | null> {
  const row = (await db('settings').where('type', 'FULLTEXT_INDEX').first()) as { value: unknown } | undefined;
  const parsed = fulltextConfigSchema.safeParse(row?.value);
  return parsed.success && isConfigured(parsed.data) ? parsed.data : null;
}

function isConfigured(config: FulltextConfig): boolean {
  return config.labels.length > 0 && config.properties.length > 0;
}

const sorted = (list: string[]) => [...new Set(list)].sort();

export function sameFulltextConfig(a: FulltextConfig | null, b: FulltextConfig | null): boolean {
  if (!a || !b) return a === b;
  return (
    JSON.stringify(sorted(a.labels)) === JSON.stringify(sorted(b.labels)) &&
    JSON.stringify(sorted(a.properties)) === JSON.stringify(sorted(b.properties))
  );
}

export interface ReconcileDeps {
  db: Knex;
  graph: GraphStore;
  logger: Logger;
}

// One reconciliation at a time per graph store: concurrent status reads must not rebuild twice.
const running = new WeakMap<GraphStore, Promise<FulltextStatus>>();

/** Brings the graph's fulltext index in line with the service store; returns the status after it. */
export function reconcileFulltextIndex(deps: ReconcileDeps): Promise<FulltextStatus> {
  const current = running.get(deps.graph);
  if (current) return current;
  const job = reconcile(deps).finally(() => running.delete(deps.graph));
  running.set(deps.graph, job);
  return job;
}

async function reconcile({ db, graph, logger }: ReconcileDeps): Promise<FulltextStatus> {
  const status = await graph.fulltextStatus();
  const actual = status.state === 'NOT_CREATED' ? null : status.config;
  const applied = await readApplied(db);
  if (!applied && !actual) return status;
  const desired = applied ? applied.config : await settingConfig(db);
  if (sameFulltextConfig(actual, desired)) return status;

  const source = applied ? 'the index the service last built' : 'the FULLTEXT_INDEX setting';
  try {
    await correct(graph, logger, actual, desired, source);
  } catch (error) {
    // Another instance may be correcting it at the same moment; searches keep their fallback.
    logger.error({ err: error, found: actual, expected: desired }, 'fulltext index reconciliation failed');
    return graph.fulltextStatus();
  }
  await recordAppliedFulltext(db, desired);
  await recordAudit(
    db,
    { userId: null, username: 'system', ip: null },
    {
      action: 'fulltext.reconcile',
      targetType: 'fulltext-index',
      targetId: 'node',
      details: { found: actual, applied: desired, source: applied ? 'applied' : 'setting' },
    },
  );
  return graph.fulltextStatus();
}

async function correct(
  graph: GraphStore,
  logger: Logger,
  actual: FulltextConfig | null,
  desired: FulltextConfig | null,
  source: string,
): Promise<void> {
  if (desired) {
    logger.warn(
      { found: actual, expected: desired, source },
      actual
        ? `fulltext index rebuilt: the graph database had labels [${actual.labels.join(', ')}] / properties [${actual.properties.join(', ')}], the service store describes labels [${desired.labels.join(', ')}] / properties [${desired.properties.join(', ')}] (${source})`
        : `fulltext index rebuilt: missing in the graph database, the service store describes labels [${desired.labels.join(', ')}] / properties [${desired.properties.join(', ')}] (${source})`,
    );
    await graph.createFulltextIndex(desired);
  } else {
    logger.warn(
      { found: actual, expected: null, source },
      `fulltext index dropped: the graph database had labels [${actual!.labels.join(', ')}] / properties [${actual!.properties.join(', ')}], the service store describes no index (${source})`,
    );
    await graph.dropFulltextIndex();
  }
}
