import type { ZodType, z } from 'zod';
import type { AppDeps, ServiceContext } from '../../core/context';
import type { PermissionCode } from '../../auth/permissions';

export type JobLogLevel = 'info' | 'warn' | 'error';

/** What a run of a job type gets: its configuration, the acting user's context, a log, counters, cancellation. */
export interface JobRunContext<C> {
  runId: string;
  job: { id: string; name: string; type: string };
  config: C;
  deps: AppDeps;
  /** The context of the user the job runs as (the last user who saved it), loaded fresh for this run. */
  ctx: ServiceContext;
  /** Aborted when the run is cancelled, its lease is lost or the service stops. */
  signal: AbortSignal;
  /** Throws when the signal is aborted: call it between units of work. */
  throwIfCancelled(): void;
  log(message: string, level?: JobLogLevel): void;
  /** Adds to a named counter (shown in the history). */
  count(name: string, by?: number): void;
  /** What the previous successful run left (JobOutcome.memory). */
  memory: Record<string, unknown>;
  /** The address people open the service at (for links in mails). */
  publicUrl: string;
}

export interface JobOutcome {
  /** Kept for the next run (replaces the previous memory). */
  memory?: Record<string, unknown>;
  /** Stored with the run (for example the new matches of an alert). */
  result?: Record<string, unknown>;
}

/**
 * One job type. A new type is one file in ./types exporting one of these, listed in ./types/index.ts.
 *  - configSchema validates the configuration on save (400 VALIDATION_FAILED with the issues);
 *  - check() adds what depends on the running service: the graph backend, the saving user's
 *    permissions, the configured directories (422 with a sentence);
 *  - run() does the work; it throws to fail the run.
 */
export interface JobType<S extends ZodType = ZodType> {
  type: string;
  title: string;
  description: string;
  configSchema: S;
  example: z.input<S>;
  /** Permissions the user the job runs as must hold (checked on save and before each run). */
  permissions: PermissionCode[];
  check?(config: z.infer<S>, ctx: ServiceContext): Promise<void> | void;
  run(run: JobRunContext<z.infer<S>>): Promise<JobOutcome | void>;
}

/** Declares a job type with its config type inferred from the schema. */
export function defineJobType<S extends ZodType>(definition: JobType<S>): JobType<S> {
  return definition;
}
