import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { AppConfig } from '../config';
import type { PermissionCode } from '../auth/permissions';
import type { GraphStore } from '../graph/graph-store';
import type { Mailer } from '../services/mail/mailer';
import type { CredentialCache } from '../auth/credential-cache';

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

export interface AuthenticatedUser {
  id: string;
  username: string;
  name: string;
  email: string;
  locale: string;
  mustChangePassword: boolean;
  permissions: ReadonlySet<PermissionCode>;
  groupIds: readonly string[];
}

export type AuthMethod = 'session' | 'basic' | 'token';

/**
 * Per-request context handed to services: who acts, from where, and the database handle to
 * use (a knex transaction when services share one).
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
