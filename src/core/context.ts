import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { AppConfig } from '../config';
import type { GraphStore } from '../graph/graph-store';
import type { Mailer } from '../services/mail/mailer';
import type { CredentialCache } from '../auth/credential-cache';
import type { AuthenticatedUser } from './authenticated-user';

export type { AuthenticatedUser, AuthMethod } from './authenticated-user';

/**
 * The service context lives below both HTTP and the services: services, jobs and CLIs build and
 * pass it without Express. Nothing here (nor anything it imports) may import express or src/http.
 */

/** What the whole app shares: built once by the server (or a test) and handed to createApp. */
export interface AppDeps {
  config: AppConfig;
  db: Knex;
  graph: GraphStore;
  mailer: Mailer;
  logger: Logger;
  credentialCache: CredentialCache;
  version: string;
  /** The job scheduler of this process, when it runs one (src/services/jobs/job-scheduler.ts): woken when a run is queued or cancelled. */
  jobScheduler?: { wake(): void };
}

/**
 * Per-request (or per-job-run) context handed to services: who acts, from where, and the database
 * handle to use (a knex transaction when services share one).
 */
export interface ServiceContext {
  deps: AppDeps;
  db: Knex;
  user: AuthenticatedUser | null;
  ip: string;
  requestId: string;
}

export function withDb(ctx: ServiceContext, db: Knex): ServiceContext {
  return { ...ctx, db };
}
