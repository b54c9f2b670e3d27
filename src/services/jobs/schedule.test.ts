import { nextRunAfter, scheduleProblem, shorterIntervalThan, timeZoneProblem } from './schedule';

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

  test.each([
    ['*/30 * * * * *', 60_000, 30_000],
    ['0,1 * * * * *', 60_000, 59_000],
    ['0,1 * * * * *', 60_000, 1_000, '2026-06-15T09:59:59Z'],
    ['0 * * * * *', 60_000, null],
    ['0 0,59 * * * *', 300_000, 60_000],
    ['0 0 1,2 * * *', 7_200_000, 3_600_000],
    ['* * * 1 1 *', 60_000, 1_000],
    ['* * * * * *', 0, null],
  ] as Array<[string, number, number | null, string?]>)(
    'when the schedule %s is checked against a minimum of %i ms, then the first shorter interval is %p',
    (pattern, minimum, found, from = '2026-06-15T10:00:00Z') => {
      expect(shorterIntervalThan(pattern, 'UTC', minimum, new Date(from))).toBe(found);
    },
  );
});
