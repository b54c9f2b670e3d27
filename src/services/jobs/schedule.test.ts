import { nextRunAfter, scheduleProblem, timeZoneProblem } from './schedule';

describe('job schedules', () => {
  test('when a schedule has seconds, then it fires on them', () => {
    expect(nextRunAfter('*/15 * * * * *', 'UTC', new Date('2026-03-01T10:00:07Z'))!.toISOString()).toBe('2026-03-01T10:00:15.000Z');
  });

  test('when a schedule is read in a time zone, then local time counts, daylight saving included', () => {
    // 02:30 in Prague: UTC+1 in winter, UTC+2 in summer.
    expect(nextRunAfter('0 30 2 * * *', 'Europe/Prague', new Date('2026-01-10T12:00:00Z'))!.toISOString()).toBe('2026-01-11T01:30:00.000Z');
    expect(nextRunAfter('0 30 2 * * *', 'Europe/Prague', new Date('2026-07-10T12:00:00Z'))!.toISOString()).toBe('2026-07-11T00:30:00.000Z');
  });

  test.each([
    ['0 * * * *', /6 fields/],
    ['0 0 * * * * *', /6 fields/],
    ['61 * * * * *', /second/i],
    ['0 0 25 * * *', /hour/i],
    ['0 0 0 30 2 *', /never fires/],
  ])('when the schedule is %s, then it is refused in words', (pattern, message) => {
    expect(scheduleProblem(pattern, 'UTC')).toMatch(message);
  });

  test('when a time zone is not an IANA name, then it is refused', () => {
    expect(timeZoneProblem('Europe/Prague')).toBeNull();
    expect(timeZoneProblem('Moon/Base')).toMatch(/not a time zone/);
  });
});
