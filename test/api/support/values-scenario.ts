import type { Express } from 'express';
import request from 'supertest';
import { parseJsonText, toJsonText } from '../../../src/exact-json';
import { parseCsv } from '../../../src/services/export/csv-writer';

/**
 * Every property value type through the API (docs/values.md), the same steps on every store: the
 * PostgreSQL server (values.test.ts), embedded PGlite (values-embedded.test.ts, in a process of
 * its own) and Neo4j when the tests run against it. Bodies go as raw JSON text (a JS object cannot
 * hold 2.0 or 2^53 + 1) and answers are read with the exact parser; the report holds JSON text, so
 * that a float that came back as an integer shows (2.0 against 2).
 */

const typed = (type: string, value: string) => `{"$type":"${type}","_value":"${value}"}`;

/** Sent: every type, some in a spelling that is not the canonical one. */
export const SENT = `{
  "int": 42, "big": 9007199254740993, "float": 2.0, "frac": 2.5, "exp": 1e3, "str": "x", "bool": true,
  "date": ${typed('Date', '2015-07-21')},
  "localTime": ${typed('LocalTime', '12:31:14.645876123')},
  "localTimeShort": ${typed('LocalTime', '12:31:00')},
  "time": ${typed('Time', '12:31:14.645876123+0100')},
  "localDateTime": ${typed('LocalDateTime', '2015-07-21T12:31:14.645876123')},
  "offsetDateTime": ${typed('OffsetDateTime', '2015-07-21T12:31:14.645+01:00')},
  "utc": ${typed('OffsetDateTime', '2015-07-21T12:31:14+00:00')},
  "zonedDateTime": ${typed('ZonedDateTime', '2015-07-21T12:31:14.645+01:00[Europe/London]')},
  "duration": ${typed('Duration', 'P14DT16H12M')},
  "weeks": ${typed('Duration', 'P2W')},
  "point": ${typed('Point', 'SRID=4326;POINT(1.2 3.4)')},
  "point3d": ${typed('Point', 'SRID=4979;POINT Z (1.2 3.4 5.6)')},
  "cartesian": ${typed('Point', 'SRID=7203;POINT (1 2)')},
  "dates": [${typed('Date', '2015-07-21')}, ${typed('Date', '2016-01-01')}],
  "floats": [1.0, 2.0], "mixed": [1, 2.5], "ints": [1, 2]
}`;

/** Read back: the canonical text of each, keys sorted. */
export const EXPECTED = canonicalText(`{
  "int": 42, "big": 9007199254740993, "float": 2.0, "frac": 2.5, "exp": 1000.0, "str": "x", "bool": true,
  "date": ${typed('Date', '2015-07-21')},
  "localTime": ${typed('LocalTime', '12:31:14.645876123')},
  "localTimeShort": ${typed('LocalTime', '12:31')},
  "time": ${typed('Time', '12:31:14.645876123+01:00')},
  "localDateTime": ${typed('LocalDateTime', '2015-07-21T12:31:14.645876123')},
  "offsetDateTime": ${typed('OffsetDateTime', '2015-07-21T12:31:14.645+01:00')},
  "utc": ${typed('OffsetDateTime', '2015-07-21T12:31:14Z')},
  "zonedDateTime": ${typed('ZonedDateTime', '2015-07-21T12:31:14.645+01:00[Europe/London]')},
  "duration": ${typed('Duration', 'P14DT16H12M')},
  "weeks": ${typed('Duration', 'P14D')},
  "point": ${typed('Point', 'SRID=4326;POINT (1.2 3.4)')},
  "point3d": ${typed('Point', 'SRID=4979;POINT Z (1.2 3.4 5.6)')},
  "cartesian": ${typed('Point', 'SRID=7203;POINT (1.0 2.0)')},
  "dates": [${typed('Date', '2015-07-21')}, ${typed('Date', '2016-01-01')}],
  "floats": [1.0, 2.0], "mixed": [1.0, 2.5], "ints": [1, 2]
}`);

/** JSON text with the keys of every object sorted (jsonb and Neo4j give their own key order). */
export function canonicalText(text: string): string {
  const sort = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(sort);
    if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype)
      return Object.fromEntries(
        Object.keys(value)
          .sort()
          .map((k) => [k, sort((value as Record<string, unknown>)[k])]),
      );
    return value;
  };
  return toJsonText(sort(parseJsonText(text)));
}

const PEOPLE: Array<[string, string | undefined]> = [
  ['Ann', typed('Date', '1980-04-01')],
  ['Ben', typed('Date', '1975-12-31')],
  ['Cyd', typed('Date', '1990-06-15')],
  ['Dan', '"1985-01-01"'],
  ['Eve', undefined],
  ['Fay', typed('Date', '1980-04-01')],
];

export async function valuesScenario(app: Express, auth: string): Promise<Record<string, unknown>> {
  const send = (method: 'post' | 'put', url: string, json: string) =>
    request(app)[method](url).set('Authorization', auth).set('Content-Type', 'application/json').send(json);
  const report: Record<string, unknown> = {};

  const created = await send('post', '/data/nodes', `{"labels":["Val"],"properties":${SENT}}`);
  report.createdStatus = created.status;
  const id = (parseJsonText(created.text) as { id: string }).id;
  report.created = canonicalText(toJsonText((parseJsonText(created.text) as { properties: unknown }).properties));
  const read = await send('post', `/data/nodes/${id}`, '{}');
  report.read = canonicalText(toJsonText((parseJsonText(read.text) as { properties: unknown }).properties));
  const updated = await send('put', `/data/nodes/${id}`, `{"properties":{"float":3.0,"date":${typed('Date', '2020-02-29')}}}`);
  const after = parseJsonText(updated.text) as { properties: Record<string, unknown> };
  report.updated = toJsonText([after.properties.float, after.properties.date]);

  for (const [name, born] of PEOPLE) {
    const response = await send(
      'post',
      '/data/nodes',
      `{"labels":["Born"],"properties":{"name":"${name}"${born ? `,"born":${born}` : ''}}}`,
    );
    if (response.status !== 201) throw new Error(`seed ${name}: ${response.status} ${response.text}`);
  }
  const names = async (body: string): Promise<string[] | string> => {
    const response = await send('post', '/data/nodes/find', body);
    if (response.status !== 200) return `${response.status} ${response.text}`;
    return (response.body as { items: Array<{ properties: { name: string } }> }).items.map((n) => n.properties.name);
  };
  const sorted = (direction: string) => `{"labels":["Born"],"sort":[{"property":"born","direction":"${direction}"},{"property":"name"}]}`;
  report.findRange = await names(
    `{"labels":["Born"],"filter":{"and":[{"property":"born","operator":">=","value":${typed('Date', '1980-01-01')}},` +
      `{"property":"born","operator":"<","value":${typed('Date', '1990-06-15')}}]},"sort":[{"property":"name"}]}`,
  );
  report.findEqual = await names(
    `{"labels":["Born"],"filter":{"property":"born","operator":"=","value":${typed('Date', '1980-04-01')}},"sort":[{"property":"name"}]}`,
  );
  report.findIn = await names(
    `{"labels":["Born"],"filter":{"property":"born","operator":"IN","value":[${typed('Date', '1975-12-31')},${typed('Date', '1990-06-15')}]},"sort":[{"property":"name"}]}`,
  );
  report.findNot = await names(
    `{"labels":["Born"],"filter":{"not":{"property":"born","operator":"<","value":${typed('Date', '1985-01-01')}}},"sort":[{"property":"name"}]}`,
  );
  report.sortAsc = await names(sorted('asc'));
  report.sortDesc = await names(sorted('desc'));
  report.badFilter = (
    await send('post', '/data/nodes/find', `{"filter":{"property":"born","operator":"=","value":${typed('Date', '1980-13-01')}}}`)
  ).status;

  const frequency = await request(app).get('/data/stats/frequency/nodes/Born/born').set('Authorization', auth);
  report.frequency = toJsonText((parseJsonText(frequency.text) as { values: unknown }).values);

  const csv = await send('post', '/data/nodes/find/export/csv', '{"labels":["Born"],"sort":[{"property":"name"}]}');
  const rows = parseCsv(csv.text);
  const column = rows[0]?.indexOf('born') ?? -1;
  report.csv = rows.slice(1).map((row) => row[column]);
  const valCsv = await send('post', '/data/nodes/export/csv', `{"ids":["${id}"]}`);
  const valRows = parseCsv(valCsv.text);
  report.csvVal = Object.fromEntries(
    ['float', 'zonedDateTime', 'point', 'dates'].map((key) => [key, valRows[1]?.[valRows[0].indexOf(key)]]),
  );

  const refused: Record<string, unknown> = {};
  for (const [key, value] of Object.entries({
    badDate: typed('Date', '2015-02-29'),
    badZone: typed('ZonedDateTime', '2015-07-21T12:00+05:00[Europe/London]'),
    badSrid: typed('Point', 'SRID=1;POINT (1 2)'),
    mixedTypes: `[${typed('Date', '2015-07-21')},${typed('LocalTime', '12:00')}]`,
    unknownType: '{"$type":"Instant","_value":"x"}',
  })) {
    const response = await send('post', '/data/nodes', `{"labels":["Val"],"properties":{"p":${value}}}`);
    refused[key] = `${response.status} ${(response.body as { code?: string }).code}`;
  }
  report.refused = refused;
  return report;
}

/** What every store answers. */
export const EXPECTED_REPORT = {
  createdStatus: 201,
  created: EXPECTED,
  read: EXPECTED,
  updated: `[3.0,{"$type":"Date","_value":"2020-02-29"}]`,
  findRange: ['Ann', 'Fay'],
  findEqual: ['Ann', 'Fay'],
  findIn: ['Ben', 'Cyd'],
  // "not" of a comparison with a missing or differently typed value is true (two-valued logic).
  findNot: ['Cyd', 'Dan', 'Eve'],
  // Dates before strings (Cypher's order of types), missing values last in both directions.
  sortAsc: ['Ben', 'Ann', 'Fay', 'Cyd', 'Dan', 'Eve'],
  sortDesc: ['Dan', 'Cyd', 'Ann', 'Fay', 'Ben', 'Eve'],
  badFilter: 400,
  frequency: `[{"value":{"$type":"Date","_value":"1980-04-01"},"count":2},{"value":{"$type":"Date","_value":"1975-12-31"},"count":1},{"value":{"$type":"Date","_value":"1990-06-15"},"count":1},{"value":"1985-01-01","count":1}]`,
  csv: ['1980-04-01', '1975-12-31', '1990-06-15', '1985-01-01', '', '1980-04-01'],
  csvVal: {
    float: '3.0',
    zonedDateTime: '2015-07-21T12:31:14.645+01:00[Europe/London]',
    point: 'SRID=4326;POINT (1.2 3.4)',
    dates: '[{"$type":"Date","_value":"2015-07-21"},{"$type":"Date","_value":"2016-01-01"}]',
  },
  refused: {
    badDate: '400 PROPERTY_VALUE_NOT_PORTABLE',
    badZone: '400 PROPERTY_VALUE_NOT_PORTABLE',
    badSrid: '400 PROPERTY_VALUE_NOT_PORTABLE',
    mixedTypes: '400 PROPERTY_VALUE_NOT_PORTABLE',
    unknownType: '400 PROPERTY_VALUE_NOT_PORTABLE',
  },
};
