import request from 'supertest';
import type { TestApp } from '../support/test-app';
import { createTestApp, ADMIN_PASSWORD, testGraphBackend } from '../support/test-app';

/**
 * Temporal values in POST /data/cypher (issue 21): results in the typed JSON of docs/values.md,
 * the same answers on both backends; on PostgreSQL the temporal functions are computed while
 * translating, values that only exist when the query runs compare and sort with Neo4j's meaning
 * (gas_value_compare / gas_value_key), and what is not computed is refused, never guessed.
 */
let t: TestApp;
let admin: string;
const onPostgres = testGraphBackend === 'postgres';

const cypher = (query: string, params: Record<string, unknown> = {}) =>
  request(t.app).post('/data/cypher').set('Authorization', admin).send({ query, params });

async function rows(query: string, params: Record<string, unknown> = {}): Promise<unknown[][]> {
  const response = await cypher(query, params);
  expect({ query, status: response.status, body: response.status === 200 ? undefined : response.body }).toEqual({
    query,
    status: 200,
    body: undefined,
  });
  return response.body.rows as unknown[][];
}

const typed = ($type: string, _value: string) => ({ $type, _value });

beforeAll(async () => {
  t = await createTestApp();
  admin = t.basic('admin', ADMIN_PASSWORD);
});

afterAll(async () => {
  await t?.close();
});

test('when a query builds temporal values, then they are answered as typed JSON with their components', async () => {
  expect(
    await rows(
      `WITH datetime({year: 1984, month: 10, day: 11, hour: 12, timezone: 'Europe/Stockholm'}) AS d
       RETURN date($text) AS a, d AS b, d.epochMillis AS c, duration.between(date('2015-01-31'), d) AS e, localtime({hour: 9}) AS f`,
      { text: '2015-W30-2' },
    ),
  ).toEqual([
    [
      typed('Date', '2015-07-21'),
      typed('ZonedDateTime', '1984-10-11T12:00+01:00[Europe/Stockholm]'),
      466340400000,
      typed('Duration', 'P-30Y-3M-19DT-12H'),
      typed('LocalTime', '09:00'),
    ],
  ]);
  expect(await rows(`RETURN date('2015-07-21') + duration('P1M10D') AS a, date('2015-07-21') < date('2015-07-22') AS b`)).toEqual([
    [typed('Date', '2015-08-31'), true],
  ]);
});

test('when values known only at run time are compared and sorted, then dates order as dates and durations do not order', async () => {
  expect(
    await rows(
      `UNWIND [date('2015-07-21'), date('1999-01-01'), date('2001-05-05')] AS d
       WITH d WHERE d > date('2000-01-01') RETURN d ORDER BY d DESC`,
    ),
  ).toEqual([[typed('Date', '2015-07-21')], [typed('Date', '2001-05-05')]]);
  expect(await rows(`UNWIND [duration('P1D')] AS d RETURN d < duration('P2D') AS lt, d = duration('P1D') AS eq`)).toEqual([[null, true]]);
});

test('when components of values known only at run time are read, then they equal the components computed while translating', async () => {
  const values = [
    "date('1984-01-01')",
    "localtime('12:31:14.645876123')",
    "time('12:31:14.645876+01:00')",
    "localdatetime('1984-11-11T12:31:14.645876123')",
    "datetime('1984-11-11T12:31:14.645876123+01:00[Europe/Stockholm]')",
    "datetime('2015-07-21T21:40:32.142-04:30')",
    "duration('P1Y4M10DT1H1M1.111111111S')",
    "duration('PT-23H-59M-59.9S')",
  ];
  const keys: Record<string, string[]> = {
    date: ['year', 'quarter', 'month', 'week', 'weekYear', 'day', 'ordinalDay', 'weekDay', 'dayOfQuarter'],
    time: ['hour', 'minute', 'second', 'millisecond', 'microsecond', 'nanosecond'],
    zone: ['timezone', 'offset', 'offsetMinutes', 'offsetSeconds'],
    epoch: ['epochSeconds', 'epochMillis'],
    duration: [
      'years',
      'quarters',
      'months',
      'weeks',
      'days',
      'hours',
      'minutes',
      'seconds',
      'milliseconds',
      'microseconds',
      'nanoseconds',
    ],
    parts: [
      'quartersOfYear',
      'monthsOfQuarter',
      'monthsOfYear',
      'daysOfWeek',
      'minutesOfHour',
      'secondsOfMinute',
      'millisecondsOfSecond',
      'nanosecondsOfSecond',
    ],
  };
  for (const value of values) {
    const names = value.startsWith('duration')
      ? [...keys.duration, ...keys.parts]
      : value.startsWith('date(')
        ? keys.date
        : value.startsWith('localtime')
          ? keys.time
          : value.startsWith('time')
            ? [...keys.time, ...keys.zone]
            : value.startsWith('localdatetime')
              ? [...keys.date, ...keys.time]
              : [...keys.date, ...keys.time, ...keys.zone, ...keys.epoch];
    const list = names.map((k) => `v.${k}`).join(', ');
    const folded = await rows(`WITH ${value} AS v RETURN [${list}] AS c`);
    const runtime = await rows(`UNWIND [${value}] AS v RETURN [${list}] AS c`);
    expect({ value, runtime }).toEqual({ value, runtime: folded });
  }
  expect(await rows(`UNWIND [date('2015-07-21')] AS d RETURN d.year AS y`)).toEqual([[2015]]);
});

test('when a query builds points, then they are typed JSON with their components and distances', async () => {
  expect(
    await rows(
      `WITH point({x: 1, y: 2}) AS p RETURN p AS a, point({longitude: 12.5, latitude: 56.25, height: 100}) AS b, p.x AS c, p.crs AS d,
       distance(p, point({x: 4, y: 6})) AS e, distance(p, point({latitude: 1, longitude: 2})) AS f`,
    ),
  ).toEqual([
    [typed('Point', 'SRID=7203;POINT (1.0 2.0)'), typed('Point', 'SRID=4979;POINT Z (12.5 56.25 100.0)'), 1, 'cartesian', 5, null],
  ]);
  expect(await rows(`UNWIND [point({x: 3, y: 4, z: 5})] AS p RETURN p.z AS z, p.srid AS srid`)).toEqual([[5, 9157]]);
  const geographic = await rows(`RETURN distance(point({latitude: 0, longitude: 0}), point({latitude: 0, longitude: 1})) AS d`);
  expect(Math.round(geographic[0][0] as number)).toBe(111320);
});

test('when a temporal value is invalid, then the query fails with a Cypher error', async () => {
  const response = await cypher(`RETURN date({year: 2015, month: 2, day: 30}) AS d`);
  expect({ status: response.status, code: response.body.code }).toEqual({ status: 400, code: 'CYPHER_ERROR' });
});

(onPostgres ? test : test.skip)(
  'when a temporal function needs a value known only at run time on PostgreSQL, then it is refused, not guessed',
  async () => {
    for (const query of [`UNWIND ['2015-07-21'] AS s RETURN date(s) AS d`, `RETURN datetime() AS now`]) {
      const response = await cypher(query);
      expect({ query, status: response.status, code: response.body.code }).toEqual({ query, status: 400, code: 'CYPHER_UNSUPPORTED' });
    }
  },
);
