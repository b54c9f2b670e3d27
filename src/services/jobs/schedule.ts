import { Cron } from 'croner';

/**
 * Cron schedules with seconds: six fields "second minute hour day-of-month month day-of-week"
 * (croner's syntax: *, lists, ranges, steps, names such as MON or JAN, L and #). Evaluated in the
 * job's time zone (or jobs.timeZone), so "0 0 2 * * *" means 02:00 local time, daylight saving included.
 */
export function scheduleProblem(pattern: string, timeZone: string): string | null {
  const fields = pattern.trim().split(/\s+/);
  if (fields.length !== 6) {
    return `a schedule has 6 fields (second minute hour day-of-month month day-of-week), this one has ${fields.length}; for example "0 */15 * * * *" runs every 15 minutes`;
  }
  try {
    const next = new Cron(pattern.trim(), { paused: true, timezone: timeZone }).nextRun();
    if (!next) return 'the schedule never fires';
  } catch (error) {
    return `the schedule is not valid: ${(error as Error).message.replace(/^CronPattern:\s*/, '')}`;
  }
  return null;
}

export function timeZoneProblem(timeZone: string): string | null {
  try {
    new Intl.DateTimeFormat('en', { timeZone });
    return null;
  } catch {
    return `${timeZone} is not a time zone; use an IANA name such as Europe/Prague or UTC`;
  }
}

/** The first time the schedule fires strictly after `after`, or null. */
export function nextRunAfter(pattern: string, timeZone: string, after: Date): Date | null {
  return new Cron(pattern.trim(), { paused: true, timezone: timeZone }).nextRun(after);
}

/** How many fires (at most a year ahead) the interval check looks at (croner takes up to ~0.5 ms a fire). */
const INTERVAL_CHECK_FIRES = 120;
const YEAR_MS = 366 * 24 * 3600 * 1000;

/**
 * An interval shorter than minIntervalMs between two consecutive fires of the schedule (the first
 * found), looking at its next 120 fires within a year from `from`; null when there is none (or the
 * minimum is 0). A cron schedule is a product of its fields, so when two fires are less than a
 * minute apart (a seconds field with two or more values) it shows within the first minute the
 * schedule fires: for minimums up to one minute (the default) the check is exact. For larger
 * minimums it is a check on save; the scheduler also never plans a run sooner than jobs.minIntervalMs
 * after the previous scheduled one (job-scheduler.ts).
 */
export function shorterIntervalThan(pattern: string, timeZone: string, minIntervalMs: number, from = new Date()): number | null {
  if (minIntervalMs <= 0) return null;
  const cron = new Cron(pattern.trim(), { paused: true, timezone: timeZone });
  let previous = cron.nextRun(from);
  if (!previous) return null;
  const horizon = previous.getTime() + YEAR_MS;
  for (let i = 1; i < INTERVAL_CHECK_FIRES; i++) {
    const next = cron.nextRun(previous);
    if (!next || next.getTime() > horizon) return null;
    const interval = next.getTime() - previous.getTime();
    if (interval < minIntervalMs) return interval;
    previous = next;
  }
  return null;
}
