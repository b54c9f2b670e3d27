/** Rows of jobs and job_runs and their API shapes. */
export type RunState = 'queued' | 'running' | 'succeeded' | 'failed' | 'cancelled';
export const RUN_STATES: readonly RunState[] = ['queued', 'running', 'succeeded', 'failed', 'cancelled'];
export const ACTIVE_STATES: readonly RunState[] = ['queued', 'running'];

export interface JobRow {
  id: string;
  name: string;
  type: string;
  description: string;
  config: Record<string, unknown>;
  schedule: string | null;
  time_zone: string | null;
  enabled: boolean;
  next_run_at: Date | null;
  memory: Record<string, unknown>;
  created_by: string | null;
  run_as: string | null;
  created_at: Date;
  updated_at: Date;
}

export interface RunRow {
  id: string;
  job_id: string;
  state: RunState;
  trigger: 'schedule' | 'manual';
  scheduled_for: Date | null;
  requested_by: string | null;
  queued_at: Date;
  started_at: Date | null;
  finished_at: Date | null;
  lease_owner: string | null;
  lease_expires_at: Date | null;
  cancel_requested: boolean;
  counters: Record<string, number>;
  log: LogLine[];
  error: string | null;
  result: Record<string, unknown> | null;
}

export interface LogLine {
  at: string;
  level: 'info' | 'warn' | 'error';
  message: string;
}

export interface JobRunView {
  id: string;
  job: string;
  state: RunState;
  trigger: 'schedule' | 'manual';
  scheduledFor: string | null;
  requestedBy: string | null;
  queuedAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  durationMs: number | null;
  instance: string | null;
  cancelRequested: boolean;
  counters: Record<string, number>;
  log: LogLine[];
  error: string | null;
  result: Record<string, unknown> | null;
}

export interface UserRef {
  id: string;
  username: string;
}

export interface JobView {
  name: string;
  type: string;
  description: string;
  config: Record<string, unknown>;
  schedule: string | null;
  timeZone: string | null;
  /** The time zone the schedule is evaluated in (the job's or jobs.timeZone). */
  effectiveTimeZone: string;
  enabled: boolean;
  nextRunAt: string | null;
  lastRun: JobRunView | null;
  createdBy: UserRef | null;
  runAs: UserRef | null;
  createdAt: string;
  updatedAt: string;
}

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

export function runView(row: RunRow, jobName: string, usernames: Map<string, string>): JobRunView {
  return {
    id: String(row.id),
    job: jobName,
    state: row.state,
    trigger: row.trigger,
    scheduledFor: iso(row.scheduled_for),
    requestedBy: row.requested_by ? (usernames.get(String(row.requested_by)) ?? null) : null,
    queuedAt: iso(row.queued_at)!,
    startedAt: iso(row.started_at),
    finishedAt: iso(row.finished_at),
    durationMs: row.started_at && row.finished_at ? new Date(row.finished_at).getTime() - new Date(row.started_at).getTime() : null,
    instance: row.lease_owner,
    cancelRequested: row.cancel_requested,
    counters: row.counters ?? {},
    log: row.log ?? [],
    error: row.error,
    result: row.result,
  };
}

export function jobView(row: JobRow, lastRun: JobRunView | null, usernames: Map<string, string>, defaultTimeZone: string): JobView {
  const ref = (id: string | null): UserRef | null => (id ? { id: String(id), username: usernames.get(String(id)) ?? `#${id}` } : null);
  return {
    name: row.name,
    type: row.type,
    description: row.description,
    config: row.config,
    schedule: row.schedule,
    timeZone: row.time_zone,
    effectiveTimeZone: row.time_zone ?? defaultTimeZone,
    enabled: row.enabled,
    nextRunAt: row.enabled && row.schedule ? iso(row.next_run_at) : null,
    lastRun,
    createdBy: ref(row.created_by),
    runAs: ref(row.run_as),
    createdAt: iso(row.created_at)!,
    updatedAt: iso(row.updated_at)!,
  };
}
