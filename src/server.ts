import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import type { AppConfig } from './config';
import type { Database } from './db/database';
import { openDatabase } from './db/database';
import { migrateToLatest } from './db/migrations';
import { createLogger } from './logger';
import { createApp } from './app';
import { createHttpServer } from './http/http-server';
import { listenUrl } from './http/link-base-url';
import { syncPermissions, ensureAdmin, resolveSessionSecret } from './bootstrap';
import { createGraphStore, waitForGraph } from './graph';
import { reconcileFulltextIndex } from './services/settings/fulltext-reconcile';
import { startWriteIntentReconciliation } from './services/audit/write-intents';
import { createMailer } from './services/mail/mailer';
import { CredentialCache } from './auth/credential-cache';
import type { CredentialInvalidation } from './auth/credential-invalidation';
import { startCredentialInvalidation } from './auth/credential-invalidation';
import { JobScheduler } from './services/jobs/job-scheduler';
import { startImportLeaseReaper } from './services/import/import-lease';
import { interruptImports } from './services/import/import-runs';
import type { AppDeps } from './core/context';
import type { GraphStore } from './graph/graph-store';
import { projectRoot } from './paths';

export const SERVICE_VERSION: string = (JSON.parse(readFileSync(path.join(projectRoot, 'package.json'), 'utf8')) as { version: string })
  .version;

export interface RunningService {
  url: string;
  /** Set when this start created the administrator with a generated password (logged as initialPassword). */
  generatedAdminPassword: boolean;
  deps: AppDeps;
  close(): Promise<void>;
}

/** Opens the store, migrates, waits for the graph database, then listens (spec 1.4, 1.7). */
export async function startService(config: AppConfig, logger: Logger = createLogger(config.log.level)): Promise<RunningService> {
  let database: Database | undefined;
  let graph: GraphStore | undefined;
  let invalidation: CredentialInvalidation | null = null;
  let intents: { stop: () => void } | undefined;
  let importLeases: { stop: () => void } | undefined;
  try {
    database = await openDatabase(config);
    const applied = await migrateToLatest(database.knex);
    logger.info({ store: database.kind, migrationsApplied: applied.length }, 'internal store ready');
    await syncPermissions(database.knex);
    const admin = await ensureAdmin(database.knex, config, logger);
    config.session.secret = resolveSessionSecret(config);

    graph = createGraphStore(config, database.knex, logger);
    await waitForGraph(graph, config, logger);
    // The graph's fulltext index follows the service store; a failure leaves searches on the fallback scan, not the service down.
    await reconcileFulltextIndex({ db: database.knex, graph, logger }).catch((error: unknown) =>
      logger.error({ err: error }, 'fulltext index reconciliation failed'),
    );

    // Graph writes whose audit intent got no record (a crash between write and record, Neo4j) are
    // marked graph.write.unconfirmed: now for those older than a write can take, later for the rest.
    const reconciliation = startWriteIntentReconciliation(
      { db: database.knex, graph, logger },
      config.graphdb.queryTimeoutMs + config.graphdb.deadlineGraceMs + config.graphdb.maxTransactionRetryTimeMs,
    );
    intents = reconciliation;
    await reconciliation.first;

    const mailer = createMailer(config.mail.url, config.mail.from, logger);
    const deps: AppDeps = {
      config,
      db: database.knex,
      graph,
      mailer,
      logger,
      credentialCache: new CredentialCache(config.auth.credentialCacheMs),
      version: SERVICE_VERSION,
    };
    // Imports whose instance died (lease run out; on the embedded store every running one) are failed now and then every half lease.
    const reaper = startImportLeaseReaper(deps);
    importLeases = reaper;
    await reaper.first;
    // Other instances' credential changes reach this one's cache (PostgreSQL server only).
    invalidation = await startCredentialInvalidation(deps);
    const { app, sessionStore } = createApp(deps);
    // Requests are born with the app's prototypes (src/http/http-server.ts): no slow per-request Object.setPrototypeOf.
    const server = createHttpServer(app);
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(config.server.port, config.server.host, () => resolve());
    });
    const { port } = server.address() as AddressInfo;
    const url = listenUrl(config.server.host, port);
    logger.info({ url, store: database.kind, graph: graph.backend }, `listening on ${url}`);
    if (!config.server.baseUrl.trim()) {
      logger.warn(
        { linkBaseUrl: url },
        `server.baseUrl (BASE_URL) is not set: links in e-mails (password reset) point to the listen address ${url}; set BASE_URL to the address users open`,
      );
    }
    // Off with jobs.schedulerEnabled=false (JOBS_SCHEDULER_ENABLED=false): this instance then only queues runs for others.
    const scheduler = config.jobs.schedulerEnabled
      ? new JobScheduler(deps, { publicUrl: config.server.baseUrl || url }).start()
      : undefined;

    const db = database;
    const store = graph;
    let closing: Promise<void> | undefined;
    const close = () =>
      (closing ??= (async () => {
        // Stop accepting, let requests in flight finish (bounded), then close pools.
        const forced = setTimeout(() => server.closeAllConnections(), config.server.shutdownTimeoutMs);
        forced.unref();
        server.closeIdleConnections();
        const closed = new Promise<void>((resolve) => server.close(() => resolve()));
        // Running imports stop at their next batch and roll back (recorded IMPORT_INTERRUPTED);
        // a direct import's request then answers instead of holding the shutdown.
        await interruptImports();
        await closed;
        clearTimeout(forced);
        intents?.stop();
        importLeases?.stop();
        await scheduler?.stop();
        sessionStore.close();
        mailer.close();
        await invalidation?.stop();
        await store.close();
        await db.close();
      })());
    return { url, deps, close, generatedAdminPassword: admin.generatedPassword };
  } catch (error) {
    intents?.stop();
    importLeases?.stop();
    await invalidation?.stop();
    await graph?.close().catch(() => undefined);
    await database?.close().catch(() => undefined);
    throw error;
  }
}
