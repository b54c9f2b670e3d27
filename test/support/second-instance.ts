import knexFactory from 'knex';
import type { Express } from 'express';
import pino from 'pino';
import { createApp } from '../../src/app';
import { createGraphStore } from '../../src/graph';
import { createMailer } from '../../src/services/mail/mailer';
import { CredentialCache } from '../../src/auth/credential-cache';
import type { CredentialInvalidation } from '../../src/auth/credential-invalidation';
import { startCredentialInvalidation } from '../../src/auth/credential-invalidation';
import type { AppDeps } from '../../src/core/context';
import type { TestApp } from './test-app';

export interface SecondInstance {
  app: Express;
  deps: AppDeps;
  invalidation: CredentialInvalidation | null;
  close(): Promise<void>;
}

/**
 * Another service instance on the database of `first`, as a second process would be: its own
 * connection pool, graph store, credential cache and credential invalidation (started as
 * src/server.ts starts it). Only for the PostgreSQL server the tests run on.
 */
export async function createSecondInstance(first: TestApp): Promise<SecondInstance> {
  const config = first.config;
  const logger = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
  const db = knexFactory({ client: 'pg', connection: first.database.url, pool: { min: 0, max: 10 } });
  const graph = createGraphStore(config, db, logger);
  await graph.init();
  const deps: AppDeps = {
    config,
    db,
    graph,
    mailer: createMailer(config.mail.url, config.mail.from, logger),
    logger,
    credentialCache: new CredentialCache(config.auth.credentialCacheMs),
    version: '0.0.0-test',
  };
  const invalidation = await startCredentialInvalidation(deps);
  const { app, sessionStore } = createApp(deps);
  return {
    app,
    deps,
    invalidation,
    async close() {
      await invalidation?.stop();
      sessionStore.close();
      deps.mailer.close();
      await graph.close();
      await db.destroy();
    },
  };
}
