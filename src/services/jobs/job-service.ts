import type { Knex } from 'knex';
import type { ServiceContext } from '../../core/context';
import { withDb } from '../../core/context';
import { ConflictError, ForbiddenError, NotFoundError, UnprocessableError, ValidationError } from '../../errors';
import { audit } from '../audit/audit-service';
import { jobTypeOf, JOB_TYPE_NAMES } from './types';
import { nextRunAfter, scheduleProblem, shorterIntervalThan, timeZoneProblem } from './schedule';
import type { JobRow, JobRunView, JobView, RunRow } from './job-views';
import { jobView, runView, ACTIVE_STATES } from './job-views';
import { JobAccess, redactJob, redactRun } from './job-access';

/** Names taken by fixed routes under /jobs (GET /jobs/list is the page). */
export const RESERVED_JOB_NAMES = ['list'];
export const JOB_NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,99}$/;

export interface JobInput {
  name: string;
  type: string;
  description?: string;
  config?: Record<string, unknown>;
  schedule?: string | null;
  timeZone?: string | null;
  enabled?: boolean;
}

export type JobPatch = Partial<Omit<JobInput, 'name'>>;

export interface HistoryPage {
  items: JobRunView[];
  total: number;
  offset: number;
  limit: number;
}

const isUniqueViolation = (error: unknown, constraint?: string) =>
  typeof error === 'object' &&
  error !== null &&
  (error as { code?: string }).code === '23505' &&
  (!constraint || (error as { constraint?: string }).constraint === constraint);

/**
 * Jobs (spec 4.2): CRUD with validation per type, starting and cancelling runs, the history.
 * A job runs with the rights of the user who last saved its type or configuration (runAs), so a
 * user cannot make a job do what that user may not do: the type's permissions are checked against
 * that user on save and against runAs before every run. Running is the scheduler's job (job-scheduler.ts); this
 * service only queues runs and flags cancellations in the shared table. What a reader sees of a
 * job, and who may start or reconfigure it, follows job-access.ts: configuration and results only
 * through the run-as user's rights.
 */
export class JobService {
  private readonly access: JobAccess;

  constructor(private readonly ctx: ServiceContext) {
    this.access = new JobAccess(ctx);
  }

  private get db(): Knex {
    return this.ctx.db;
  }

  private get defaultTimeZone(): string {
    return this.ctx.deps.config.jobs.timeZone;
  }

  async list(): Promise<JobView[]> {
    const rows: JobRow[] = await this.db('jobs').orderByRaw('lower(name)');
    const lastRuns: RunRow[] = await this.db
      .select('*')
      .from(this.db.raw('(select distinct on (job_id) * from job_runs order by job_id, id desc) as last'));
    return this.views(rows, lastRuns);
  }

  async get(name: string): Promise<JobView> {
    const row = await this.find(this.db, name);
    const last = (await this.db('job_runs').where('job_id', row.id).orderBy('id', 'desc').first()) as RunRow | undefined;
    const [view] = await this.views([row], last ? [last] : []);
    return view;
  }

  async create(input: JobInput): Promise<JobView> {
    const validated = await this.validate(
      { ...input, schedule: input.schedule ?? null, timeZone: input.timeZone ?? null, config: input.config ?? {} },
      true,
      true,
    );
    const userId = this.ctx.user?.id ?? null;
    const enabled = input.enabled ?? true;
    await this.db.transaction(async (trx) => {
      const taken: { id: string } | undefined = await trx('jobs').whereRaw('lower(name) = lower(?)', [input.name]).first('id');
      if (taken) throw new ConflictError(`A job named ${input.name} already exists`, 'JOB_NAME_TAKEN');
      try {
        await trx('jobs').insert({
          name: input.name,
          type: input.type,
          description: input.description ?? '',
          config: JSON.stringify(validated.config),
          schedule: validated.schedule,
          time_zone: validated.timeZone,
          enabled,
          next_run_at: this.nextRun(validated.schedule, validated.timeZone, enabled),
          created_by: userId,
          run_as: userId,
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new ConflictError(`A job named ${input.name} already exists`, 'JOB_NAME_TAKEN');
        throw error;
      }
      await audit(withDb(this.ctx, trx), {
        action: 'job.create',
        targetType: 'job',
        targetId: input.name,
        details: { type: input.type, schedule: validated.schedule, enabled },
      });
    });
    return this.get(input.name);
  }

  async update(name: string, patch: JobPatch): Promise<JobView> {
    const current = await this.find(this.db, name);
    // Anything that makes the job run, run differently or more often acts with its run-as user's
    // rights; disabling it and editing its description make it do nothing new.
    const acts =
      patch.type !== undefined ||
      patch.config !== undefined ||
      patch.schedule !== undefined ||
      patch.timeZone !== undefined ||
      (patch.enabled === true && !current.enabled);
    if (acts) await this.access.assertMayActAs(current, 'change the schedule or configuration of');
    if (patch.type && patch.type !== current.type && patch.config === undefined) {
      throw new ValidationError('Changing the type of a job needs the configuration of the new type', [
        { path: 'body.config', message: 'required when the type changes' },
      ]);
    }
    const merged = {
      name: current.name,
      type: patch.type ?? current.type,
      config: patch.config ?? current.config,
      schedule: patch.schedule === undefined ? current.schedule : patch.schedule,
      timeZone: patch.timeZone === undefined ? current.time_zone : patch.timeZone,
    };
    // What the job does changes only with its type or configuration: then the saving user becomes
    // the user it runs as (and must hold what the type uses). Schedule, enabled flag and description
    // are bookkeeping that any job manager may change without taking the job over.
    const contentChanged = patch.type !== undefined || patch.config !== undefined;
    const validated = await this.validate(merged, contentChanged, patch.schedule !== undefined || patch.timeZone !== undefined);
    const enabled = patch.enabled ?? current.enabled;
    const changed = Object.keys(patch).filter((key) => (patch as Record<string, unknown>)[key] !== undefined);
    await this.db.transaction(async (trx) => {
      const updated = await trx('jobs')
        .where('id', current.id)
        .update({
          type: merged.type,
          description: patch.description ?? current.description,
          config: JSON.stringify(validated.config),
          schedule: validated.schedule,
          time_zone: validated.timeZone,
          enabled,
          next_run_at: this.nextRun(validated.schedule, validated.timeZone, enabled),
          // A changed query starts the alert's "new since the last run" afresh.
          ...(patch.type !== undefined || patch.config !== undefined ? { memory: JSON.stringify({}) } : {}),
          run_as: contentChanged ? (this.ctx.user?.id ?? current.run_as) : current.run_as,
          updated_at: trx.fn.now(),
        });
      if (updated === 0) throw new NotFoundError(`Job ${name}`, 'JOB_NOT_FOUND');
      await audit(withDb(this.ctx, trx), {
        action: 'job.update',
        targetType: 'job',
        targetId: current.name,
        details: { changed, type: merged.type, schedule: validated.schedule, enabled },
      });
    });
    return this.get(current.name);
  }

  async remove(name: string): Promise<void> {
    await this.db.transaction(async (trx) => {
      const row = await this.find(trx, name);
      await trx('jobs').where('id', row.id).delete();
      await audit(withDb(this.ctx, trx), { action: 'job.delete', targetType: 'job', targetId: row.name, details: { type: row.type } });
    });
  }

  /** Queues a run now (PUT /jobs/{name}/started); 409 JOB_RUNNING while one is queued or running. */
  async start(name: string): Promise<JobRunView> {
    const job = await this.find(this.db, name);
    await this.access.assertMayActAs(job, 'start');
    const id = await this.db.transaction(async (trx) => {
      let inserted: Array<{ id: string }>;
      try {
        inserted = await trx('job_runs')
          .insert({ job_id: job.id, state: 'queued', trigger: 'manual', requested_by: this.ctx.user?.id ?? null })
          .returning('id');
      } catch (error) {
        if (isUniqueViolation(error))
          throw new ConflictError(`The job ${job.name} is already queued or running; wait for it or cancel it first`, 'JOB_RUNNING');
        throw error;
      }
      await audit(withDb(this.ctx, trx), {
        action: 'job.start',
        targetType: 'job',
        targetId: job.name,
        details: { runId: String(inserted[0].id) },
      });
      return String(inserted[0].id);
    });
    this.ctx.deps.jobScheduler?.wake();
    return this.run(job, id);
  }

  /**
   * Cancels the queued or running run (DELETE /jobs/{name}/started). A queued run is cancelled at
   * once; a running one is flagged, and the instance running it stops it at its next lease renewal
   * (within one scheduler tick) and records it as cancelled.
   */
  async cancel(name: string): Promise<JobRunView> {
    const job = await this.find(this.db, name);
    const id = await this.db.transaction(async (trx) => {
      const active = (await trx('job_runs').where('job_id', job.id).whereIn('state', ACTIVE_STATES).forUpdate().first()) as
        RunRow | undefined;
      if (!active) throw new ConflictError(`The job ${job.name} has no queued or running run to cancel`, 'JOB_NOT_RUNNING');
      if (active.state === 'queued') {
        await trx('job_runs')
          .where('id', active.id)
          .update({
            state: 'cancelled',
            cancel_requested: true,
            finished_at: trx.fn.now(),
            log: trx.raw(
              `log || jsonb_build_array(jsonb_build_object('at', to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'level', 'warn', 'message', ?::text))`,
              [`cancelled by ${this.ctx.user?.username ?? 'a user'} before it started`],
            ),
          });
      } else {
        await trx('job_runs').where('id', active.id).update({ cancel_requested: true });
      }
      await audit(withDb(this.ctx, trx), {
        action: 'job.cancel',
        targetType: 'job',
        targetId: job.name,
        details: { runId: String(active.id), state: active.state },
      });
      return String(active.id);
    });
    this.ctx.deps.jobScheduler?.wake();
    return this.run(job, id);
  }

  async history(name: string, page: { offset?: number; limit?: number; state?: string }): Promise<HistoryPage> {
    const job = await this.find(this.db, name);
    const offset = page.offset ?? 0;
    const limit = page.limit ?? 20;
    const base = () => {
      const query = this.db('job_runs').where('job_id', job.id);
      if (page.state) query.where('state', page.state);
      return query;
    };
    const [{ count }]: Array<{ count: string }> = await base().count({ count: '*' });
    const rows = (await base().orderBy('id', 'desc').offset(offset).limit(limit)) as RunRow[];
    const usernames = await this.usernames(rows.map((r) => r.requested_by));
    const full = await this.access.seesContent(job);
    return {
      items: rows.map((r) => runView(r, job.name, usernames)).map((run) => (full ? run : redactRun(run))),
      total: Number(count),
      offset,
      limit,
    };
  }

  private async run(job: JobRow, id: string): Promise<JobRunView> {
    const row = (await this.db('job_runs').where('id', id).first()) as RunRow;
    const view = runView(row, job.name, await this.usernames([row.requested_by]));
    return (await this.access.seesContent(job)) ? view : redactRun(view);
  }

  private async find(db: Knex, name: string): Promise<JobRow> {
    const row = (await db('jobs').whereRaw('lower(name) = lower(?)', [name]).first()) as JobRow | undefined;
    if (!row) throw new NotFoundError(`Job ${name}`, 'JOB_NOT_FOUND');
    return row;
  }

  private nextRun(schedule: string | null, timeZone: string | null, enabled: boolean): Date | null {
    if (!schedule || !enabled) return null;
    return nextRunAfter(schedule, timeZone ?? this.defaultTimeZone, new Date());
  }

  /** Everything a job must satisfy to be saved; returns the parsed configuration. */
  private async validate(
    input: { name: string; type: string; config: unknown; schedule: string | null; timeZone: string | null },
    contentChanged = true,
    scheduleChanged = false,
  ) {
    const issues: Array<{ path: string; message: string }> = [];
    if (!JOB_NAME_PATTERN.test(input.name))
      issues.push({
        path: 'body.name',
        message: "a job name has 1 to 100 letters, digits, '.', '_' or '-' and starts with a letter or digit",
      });
    if (RESERVED_JOB_NAMES.includes(input.name.toLowerCase()))
      issues.push({ path: 'body.name', message: `${input.name} is reserved (GET /jobs/${input.name} is a page); choose another name` });
    const type = jobTypeOf(input.type);
    if (!type) issues.push({ path: 'body.type', message: `unknown job type ${input.type}; one of ${JOB_TYPE_NAMES.join(', ')}` });
    if (input.timeZone !== null) {
      const problem = timeZoneProblem(input.timeZone);
      if (problem) issues.push({ path: 'body.timeZone', message: problem });
    }
    if (input.schedule !== null && !issues.some((i) => i.path === 'body.timeZone')) {
      const problem = scheduleProblem(input.schedule, input.timeZone ?? this.defaultTimeZone);
      if (problem) issues.push({ path: 'body.schedule', message: problem });
    }
    let config: unknown = input.config;
    if (type) {
      const parsed = type.configSchema.safeParse(input.config ?? {});
      if (parsed.success) config = parsed.data;
      else
        for (const issue of parsed.error.issues)
          issues.push({ path: ['body', 'config', ...issue.path.map(String)].join('.'), message: issue.message });
    }
    if (issues.length > 0) throw new ValidationError(`Invalid job: ${issues[0].path.replace(/^body\./, '')}: ${issues[0].message}`, issues);
    if (scheduleChanged && input.schedule !== null) this.assertInterval(input.schedule, input.timeZone ?? this.defaultTimeZone);
    if (!contentChanged)
      return { config: config as Record<string, unknown>, schedule: input.schedule?.trim() ?? null, timeZone: input.timeZone };
    for (const permission of type!.permissions) {
      if (!this.ctx.user?.permissions.has(permission)) {
        throw new ForbiddenError(
          `A ${type!.type} job runs with the rights of the user who saves it, and saving it needs the permission ${permission}`,
          { permission },
          'PERMISSION_DENIED',
        );
      }
    }
    await type!.check?.(config, this.ctx);
    return { config: config as Record<string, unknown>, schedule: input.schedule?.trim() ?? null, timeZone: input.timeZone };
  }

  /** 422 JOB_SCHEDULE_TOO_FREQUENT when the schedule fires more often than jobs.minIntervalMs. */
  private assertInterval(schedule: string, timeZone: string): void {
    const minIntervalMs = this.ctx.deps.config.jobs.minIntervalMs;
    const interval = shorterIntervalThan(schedule, timeZone, minIntervalMs);
    if (interval === null) return;
    throw new UnprocessableError(
      `The schedule "${schedule.trim()}" fires twice within ${interval / 1000} s; a job may be scheduled at most once every ${minIntervalMs / 1000} s (jobs.minIntervalMs)`,
      'JOB_SCHEDULE_TOO_FREQUENT',
      { minIntervalMs, intervalMs: interval },
    );
  }

  private async usernames(ids: Array<string | null>): Promise<Map<string, string>> {
    const wanted = [...new Set(ids.filter((id): id is string => id !== null).map(String))];
    if (wanted.length === 0) return new Map();
    const rows: Array<{ id: string; username: string }> = await this.db('users').whereIn('id', wanted).select('id', 'username');
    return new Map(rows.map((r) => [String(r.id), r.username]));
  }

  private async views(rows: JobRow[], lastRuns: RunRow[]): Promise<JobView[]> {
    const byJob = new Map(lastRuns.map((r) => [String(r.job_id), r]));
    const usernames = await this.usernames([...rows.flatMap((r) => [r.created_by, r.run_as]), ...lastRuns.map((r) => r.requested_by)]);
    return Promise.all(
      rows.map(async (row) => {
        const last = byJob.get(String(row.id));
        const view = jobView(row, last ? runView(last, row.name, usernames) : null, usernames, this.defaultTimeZone);
        return (await this.access.seesContent(row)) ? view : redactJob(view);
      }),
    );
  }
}
