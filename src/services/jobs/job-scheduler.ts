import os from 'node:os';
import { randomUUID } from 'node:crypto';
import type { AppDeps, ServiceContext } from '../../core/context';
import { AppError, ForbiddenError } from '../../errors';
import { loadAuthenticatedUser } from '../../auth/user-loader';
import { recordAudit } from '../audit/audit-service';
import { jobTypeOf } from './types';
import { nextRunAfter } from './schedule';
import { RunLog } from './run-log';
import type { JobRow, RunRow } from './job-views';
import type { JobOutcome } from './job-type';

type StopReason = 'cancelled' | 'stopped' | 'lease-lost';

interface ActiveRun {
  id: string;
  controller: AbortController;
  reason?: StopReason;
  log: RunLog;
  counters: Record<string, number>;
  done: Promise<void>;
}

class RunStopped extends Error {}

const SYSTEM = { userId: null, username: null, ip: null };
const ENQUEUE_BATCH = 100;

function logEntrySql(): string {
  return `jsonb_build_array(jsonb_build_object('at', to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'level', 'error', 'message', ?::text))`;
}

/**
 * Runs jobs: one per service process, all sharing the job_runs table of one database.
 *
 * Every tick (jobs.tickIntervalMs) an instance
 *  1. fails the running runs whose lease ran out (their instance died or hung);
 *  2. enqueues the due scheduled runs: it locks the due jobs with FOR UPDATE SKIP LOCKED, inserts
 *     one queued run per (job, scheduled time) - unique in the table - and moves next_run_at on,
 *     so each scheduled run is enqueued exactly once whichever instances tick;
 *  3. renews the leases of its own runs (and saves their log and counters), stopping those whose
 *     cancellation was requested or whose row it no longer owns;
 *  4. claims queued runs (FOR UPDATE SKIP LOCKED again) up to jobs.maxConcurrentRuns and runs them.
 * Row locks work the same on PostgreSQL and PGlite; no extension, no extra table.
 */
export class JobScheduler {
  readonly instanceId = `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private readonly active = new Map<string, ActiveRun>();
  private timer?: NodeJS.Timeout;
  private ticking?: Promise<void>;
  private wakeRequested = false;
  private stopped = true;
  /** Set by stop(): no new run is claimed any more (a scheduler that was never started may still be ticked by hand). */
  private halted = false;

  constructor(
    private readonly deps: AppDeps,
    private readonly options: { publicUrl?: string } = {},
  ) {}

  private get config() {
    return this.deps.config.jobs;
  }

  start(): this {
    if (!this.stopped) return this;
    this.stopped = false;
    this.halted = false;
    this.deps.jobScheduler = this;
    this.deps.logger.info(
      { instance: this.instanceId, tickIntervalMs: this.config.tickIntervalMs, leaseMs: this.config.leaseMs },
      'job scheduler started',
    );
    this.schedule(0);
    return this;
  }

  /** Ticks as soon as possible (a run was queued or a cancellation requested here). */
  wake(): void {
    if (this.stopped) return;
    if (this.ticking) this.wakeRequested = true;
    else this.schedule(0);
  }

  /** Stops ticking; runs still going are stopped and recorded as failed (the service stopped during the run). */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    this.halted = true;
    clearTimeout(this.timer);
    await this.ticking;
    for (const run of this.active.values()) this.abort(run, 'stopped');
    await Promise.all([...this.active.values()].map((run) => run.done));
    if (this.deps.jobScheduler === this) delete this.deps.jobScheduler;
    this.deps.logger.info({ instance: this.instanceId }, 'job scheduler stopped');
  }

  /** Ids of the runs this instance is executing. */
  runningHere(): string[] {
    return [...this.active.keys()];
  }

  private schedule(delay: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.loop(), delay);
    this.timer.unref?.();
  }

  private async loop(): Promise<void> {
    if (this.stopped || this.ticking) return;
    this.wakeRequested = false;
    this.ticking = this.tick().catch((error) =>
      this.deps.logger.error({ err: error, instance: this.instanceId }, 'job scheduler tick failed'),
    );
    await this.ticking;
    this.ticking = undefined;
    if (!this.stopped) this.schedule(this.wakeRequested ? 0 : this.config.tickIntervalMs);
  }

  async tick(): Promise<void> {
    await this.failExpiredLeases();
    await this.enqueueDue();
    await this.renewLeases();
    await this.claim();
  }

  private async failExpiredLeases(): Promise<void> {
    const { db } = this.deps;
    const result: { rows: Array<{ id: string; job_id: string; lease_owner: string | null }> } = await db.raw(
      `update job_runs set state = 'failed', finished_at = now(),
         error = 'the service instance running it (' || coalesce(lease_owner, 'unknown') || ') stopped renewing its lease: it stopped or died during the run',
         log = log || ${logEntrySql()}
       where state = 'running' and lease_expires_at < now()
       returning id, job_id, lease_owner`,
      ['lease expired: the instance running this run stopped renewing it'],
    );
    for (const row of result.rows) {
      this.deps.logger.warn(
        { runId: String(row.id), owner: row.lease_owner, instance: this.instanceId },
        'job run failed: its lease expired',
      );
      await recordAudit(db, SYSTEM, {
        action: 'job.run.lease-expired',
        targetType: 'job_run',
        targetId: String(row.id),
        details: { jobId: String(row.job_id), owner: row.lease_owner },
      });
    }
  }

  private async enqueueDue(): Promise<void> {
    await this.deps.db.transaction(async (trx) => {
      const due = (await trx('jobs')
        .where('enabled', true)
        .whereNotNull('schedule')
        .whereNotNull('next_run_at')
        .where('next_run_at', '<=', trx.fn.now())
        .orderBy('next_run_at')
        .limit(ENQUEUE_BATCH)
        .forUpdate()
        .skipLocked()) as JobRow[];
      for (const job of due) {
        const scheduledFor = new Date(job.next_run_at!);
        // A job still queued or running skips this tick (the partial unique index refuses a second active run).
        await trx('job_runs')
          .insert({ job_id: job.id, state: 'queued', trigger: 'schedule', scheduled_for: scheduledFor })
          .onConflict()
          .ignore();
        // A schedule saved before jobs.minIntervalMs held (or under a smaller one) fires no more often than it allows.
        const from = new Date(Math.max(Date.now(), scheduledFor.getTime() + Math.max(0, (this.config.minIntervalMs ?? 0) - 1)));
        let next: Date | null = null;
        try {
          next = nextRunAfter(job.schedule!, job.time_zone ?? this.config.timeZone, from);
        } catch (error) {
          this.deps.logger.error({ err: error, job: job.name }, 'job schedule cannot be evaluated; the job is no longer scheduled');
        }
        await trx('jobs').where('id', job.id).update({ next_run_at: next });
      }
    });
  }

  private async renewLeases(): Promise<void> {
    for (const run of [...this.active.values()]) {
      if (run.controller.signal.aborted) continue;
      const rows: Array<{ id: string; cancel_requested: boolean }> = await this.deps
        .db('job_runs')
        .where({ id: run.id, lease_owner: this.instanceId, state: 'running' })
        .update({
          lease_expires_at: this.deps.db.raw(`now() + (? * interval '1 millisecond')`, [this.config.leaseMs]),
          counters: JSON.stringify(run.counters),
          log: JSON.stringify(run.log.lines()),
        })
        .returning(['id', 'cancel_requested']);
      if (rows.length === 0) this.abort(run, 'lease-lost');
      else if (rows[0].cancel_requested) this.abort(run, 'cancelled');
    }
  }

  /**
   * SKIP LOCKED lets instances claim different runs without waiting for each other; the outer
   * state check makes a claim that raced another one (and waited for its row) find the run taken.
   */
  private async claim(): Promise<void> {
    if (this.halted) return;
    const capacity = this.config.maxConcurrentRuns - this.active.size;
    if (capacity <= 0) return;
    const result: { rows: RunRow[] } = await this.deps.db.raw(
      `update job_runs r set state = 'running', started_at = now(), lease_owner = ?, lease_expires_at = now() + (? * interval '1 millisecond')
       from (select id from job_runs where state = 'queued' and not cancel_requested order by id limit ? for update skip locked) q
       where r.id = q.id and r.state = 'queued'
       returning r.*`,
      [this.instanceId, this.config.leaseMs, capacity],
    );
    for (const row of result.rows) this.execute(row);
  }

  private abort(run: ActiveRun, reason: StopReason): void {
    if (run.controller.signal.aborted) return;
    run.reason = reason;
    run.controller.abort(new RunStopped(reason));
  }

  private execute(row: RunRow): void {
    const id = String(row.id);
    const controller = new AbortController();
    const run: ActiveRun = { id, controller, log: new RunLog(this.config.maxLogLines), counters: {}, done: Promise.resolve() };
    this.active.set(id, run);
    run.done = this.perform(row, run)
      .catch((error) => this.deps.logger.error({ err: error, runId: id }, 'job run could not be recorded'))
      .finally(() => this.active.delete(id));
  }

  private async perform(row: RunRow, run: ActiveRun): Promise<void> {
    const { db, logger } = this.deps;
    const job = (await db('jobs').where('id', row.job_id).first()) as JobRow | undefined;
    if (!job) return; // deleted meanwhile: its runs went with it
    run.log.add(`started on ${this.instanceId} (${row.trigger === 'schedule' ? 'scheduled' : 'started by hand'})`);
    let outcome: JobOutcome | void = undefined;
    let failure: unknown;
    try {
      const ctx = await this.contextFor(job, run);
      const type = jobTypeOf(job.type);
      if (!type) throw new Error(`unknown job type ${job.type}`);
      for (const permission of type.permissions) {
        if (!ctx.user!.permissions.has(permission))
          throw new ForbiddenError(
            `the user ${ctx.user!.username} the job runs as lacks the permission ${permission}`,
            { permission },
            'PERMISSION_DENIED',
          );
      }
      const parsed = type.configSchema.safeParse(job.config);
      if (!parsed.success) throw new Error(`the stored configuration is no longer valid: ${parsed.error.issues[0]?.message}`);
      await type.check?.(parsed.data, ctx);
      const signal = run.controller.signal;
      const work = type.run({
        runId: run.id,
        job: { id: String(job.id), name: job.name, type: job.type },
        config: parsed.data,
        deps: this.deps,
        ctx,
        signal,
        throwIfCancelled: () => {
          if (signal.aborted) throw new RunStopped(run.reason ?? 'cancelled');
        },
        log: (message, level) => run.log.add(message, level),
        count: (name, by = 1) => {
          run.counters[name] = (run.counters[name] ?? 0) + by;
        },
        memory: job.memory ?? {},
        publicUrl: (this.options.publicUrl || this.deps.config.server.baseUrl || '').replace(/\/+$/, ''),
      });
      work.catch(() => undefined);
      const stopped = new Promise<never>((_, reject) => {
        // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- the abort's reason, as the caller gave it
        if (signal.aborted) reject(signal.reason);
        // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- the abort's reason, as the caller gave it
        signal.addEventListener('abort', () => reject(signal.reason), { once: true });
      });
      stopped.catch(() => undefined);
      outcome = await Promise.race([work, stopped]);
    } catch (error) {
      failure = error;
    }

    if (run.reason === 'lease-lost') {
      logger.warn({ runId: run.id, job: job.name }, 'job run stopped: this instance no longer holds its lease');
      return;
    }
    let state: 'succeeded' | 'failed' | 'cancelled' = 'succeeded';
    let message: string | null = null;
    if (run.reason === 'cancelled') {
      state = 'cancelled';
      run.log.add('cancelled', 'warn');
    } else if (run.reason === 'stopped') {
      state = 'failed';
      message = 'the service instance stopped during the run';
      run.log.add(message, 'error');
    } else if (failure !== undefined) {
      state = 'failed';
      // eslint-disable-next-line @typescript-eslint/no-base-to-string -- a thrown non-error: its string is all the run's log can say of it
      message = failure instanceof Error ? failure.message : String(failure);
      run.log.add(message, 'error');
      if (!(failure instanceof AppError)) logger.warn({ err: failure, runId: run.id, job: job.name }, 'job run failed');
    } else {
      run.log.add('finished');
    }
    await db.transaction(async (trx) => {
      const updated = await trx('job_runs')
        .where({ id: run.id, lease_owner: this.instanceId, state: 'running' })
        .update({
          state,
          finished_at: trx.fn.now(),
          lease_expires_at: null,
          counters: JSON.stringify(run.counters),
          log: JSON.stringify(run.log.lines()),
          error: message,
          result: outcome?.result ? JSON.stringify(outcome.result) : null,
        });
      if (updated > 0 && state === 'succeeded' && outcome?.memory) {
        await trx('jobs')
          .where('id', job.id)
          .update({ memory: JSON.stringify(outcome.memory) });
      }
    });
  }

  /** The context of the user the job runs as, as a request of that user would get it. */
  private async contextFor(job: JobRow, run: ActiveRun): Promise<ServiceContext> {
    const user = job.run_as ? await loadAuthenticatedUser(this.deps.db, String(job.run_as)) : null;
    if (!user)
      throw new ForbiddenError(
        'the user this job runs as (the last who saved it) is disabled, deleted or missing: save the job again',
        {},
        'JOB_USER_UNAVAILABLE',
      );
    return { deps: this.deps, db: this.deps.db, user, ip: '', requestId: `job-run-${run.id}` };
  }
}
