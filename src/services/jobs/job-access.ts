import { isDeepStrictEqual } from 'node:util';
import type { AuthenticatedUser, ServiceContext } from '../../core/context';
import type { AccessScope } from '../../graph/graph-store';
import { ForbiddenError } from '../../errors';
import { loadAuthenticatedUser } from '../../auth/user-loader';
import { accessScopeFor } from '../security/access-scope';
import { jobTypeOf } from './types';
import type { JobRow, JobRunView, JobView } from './job-views';

/**
 * Who may see what a job does and act with its rights (issue 18, item 6).
 *
 * A job runs with the rights of its run-as user (the last who saved its type or configuration), so
 * its configuration (labels, filters, queries) and what its runs produced (result, log, counters,
 * error) are data seen through that user's scope. The rule:
 *
 * - They are shown in full only to the run-as user and to a reader whose scope covers the run-as
 *   user's (unrestricted graph access, or a scope that is provably no narrower: see scopeCovers).
 *   Everybody else with Jobs management sees the job's name, type, description, schedule, state,
 *   users and times, with `config` and each run's `result` replaced by {"redacted": true}, an
 *   empty log, no counters and a fixed error sentence. A job whose run-as user is gone (disabled,
 *   deleted) is shown in full only to unrestricted readers.
 * - Starting a job, or changing its type, configuration, schedule or time zone, or enabling it,
 *   needs the same coverage plus the permissions its type uses (403 JOB_RUN_AS_RIGHTS_REQUIRED,
 *   or PERMISSION_DENIED naming the permission). Disabling it, editing its description,
 *   cancelling its run and deleting it stay open to every job manager: they make it do nothing.
 *
 * Limit (documented): coverage compares the scopes as they are now, not as they were at each run.
 */

export const REDACTED = { redacted: true } as const;
export const REDACTED_ERROR = 'redacted: the run ran with the rights of another user, whose access to the data you do not hold';

const namesCover = (reader: '*' | string[], owner: '*' | string[]) =>
  reader === '*' || (owner !== '*' && owner.every((name) => reader.includes(name)));
/** An absent rule restricts nothing; otherwise only the same rule is known to show no less. */
const ruleCovers = (reader: unknown, owner: unknown) => reader === undefined || isDeepStrictEqual(reader, owner);

/**
 * Whether the reader sees at least everything the owner sees. Sound, not complete: it says yes for
 * an unrestricted reader, and for a reader whose labels and types include the owner's and whose
 * row and property rules are absent or equal to the owner's (visibility is monotone in the
 * labels and types for fixed rules: a node is visible when one of its labels is and the row
 * rule admits it). Any other pair of scopes is treated as not covered.
 */
export function scopeCovers(reader: AccessScope, owner: AccessScope): boolean {
  if (reader.unrestricted) return true;
  if (owner.unrestricted) return false;
  return (
    namesCover(reader.labels, owner.labels) &&
    namesCover(reader.types, owner.types) &&
    ruleCovers(reader.nodeFilter, owner.nodeFilter) &&
    ruleCovers(reader.relationshipFilter, owner.relationshipFilter) &&
    ruleCovers(reader.nodeProperties, owner.nodeProperties) &&
    ruleCovers(reader.relationshipProperties, owner.relationshipProperties)
  );
}

export function redactRun(run: JobRunView): JobRunView {
  return {
    ...run,
    counters: {},
    log: [],
    error: run.error === null ? null : REDACTED_ERROR,
    result: run.result === null ? null : { ...REDACTED },
  };
}

export function redactJob(job: JobView): JobView {
  return { ...job, config: { ...REDACTED }, lastRun: job.lastRun ? redactRun(job.lastRun) : null };
}

/** The reader's view of jobs, built per service (one scope per run-as user). */
export class JobAccess {
  private readonly runAsUsers = new Map<string, Promise<AuthenticatedUser | null>>();
  private readonly runAsScopes = new Map<string, Promise<AccessScope | null>>();

  constructor(private readonly ctx: ServiceContext) {}

  private runAsUser(id: string): Promise<AuthenticatedUser | null> {
    let user = this.runAsUsers.get(id);
    if (!user) {
      user = loadAuthenticatedUser(this.ctx.db, id);
      this.runAsUsers.set(id, user);
    }
    return user;
  }

  private runAsScope(id: string): Promise<AccessScope | null> {
    let scope = this.runAsScopes.get(id);
    if (!scope) {
      scope = this.runAsUser(id).then((user) => (user ? accessScopeFor({ ...this.ctx, user }) : null));
      this.runAsScopes.set(id, scope);
    }
    return scope;
  }

  /** Whether the reader sees the job's configuration and its runs' results, logs, counters and errors. */
  async seesContent(job: Pick<JobRow, 'run_as'>): Promise<boolean> {
    const reader = this.ctx.user;
    if (!reader) return false;
    if (job.run_as !== null && String(job.run_as) === reader.id) return true;
    const mine = await accessScopeFor(this.ctx);
    if (mine.unrestricted) return true;
    if (job.run_as === null) return false;
    const theirs = await this.runAsScope(String(job.run_as));
    return theirs !== null && scopeCovers(mine, theirs);
  }

  /**
   * Refuses to start or reconfigure a job that runs with another user's rights unless the acting
   * user holds them: the data access (seesContent) and the permissions the job's type uses.
   */
  async assertMayActAs(job: JobRow, action: string): Promise<void> {
    const actor = this.ctx.user;
    if (actor && job.run_as !== null && String(job.run_as) === actor.id) return;
    const type = jobTypeOf(job.type);
    for (const permission of type?.permissions ?? []) {
      if (!actor?.permissions.has(permission)) {
        throw new ForbiddenError(
          `The job ${job.name} runs with the rights of another user: to ${action} it you need the permission ${permission} its type uses`,
          { permission },
          'PERMISSION_DENIED',
        );
      }
    }
    const parsed = type?.configSchema.safeParse(job.config);
    if (type?.check && parsed?.success) await type.check(parsed.data, this.ctx);
    if (!(await this.seesContent(job))) {
      const runAs = job.run_as === null ? null : ((await this.runAsUser(String(job.run_as)))?.username ?? null);
      throw new ForbiddenError(
        `The job ${job.name} runs with the rights of ${runAs ?? 'a user who is no longer active'}; to ${action} it you need at least the same access to the data`,
        {},
        'JOB_RUN_AS_RIGHTS_REQUIRED',
      );
    }
  }
}
