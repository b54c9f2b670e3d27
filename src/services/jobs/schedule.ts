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
