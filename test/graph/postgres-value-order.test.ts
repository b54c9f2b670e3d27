import type { TestDatabase } from '../support/database';
import { createTestDatabase } from '../support/database';

/**
 * The comparison and sort keys of property values on PostgreSQL (migrations/*_value_order.ts,
 * docs/values.md): temporal values and points are typed JSON objects that compare with Neo4j's
 * meaning, and values of different types sort in Cypher's order.
 */
let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase();
});

afterAll(async () => {
  await db.drop();
});

const typed = (type: string, value: string): string => JSON.stringify({ $type: type, _value: value });

async function compare(a: string, b: string): Promise<number | null> {
  const result = await db.knex.raw<{ rows: Array<{ c: number | null }> }>('select gas_value_compare(?::jsonb, ?::jsonb) as c', [a, b]);
  return result.rows[0].c;
}

async function sorted(values: string[]): Promise<string[]> {
  const result = await db.knex.raw<{ rows: Array<{ v: string }> }>(
    `select v::text as v from unnest(?::jsonb[]) as u(v)
     order by gas_value_rank(v), (case when jsonb_typeof(v) = 'string' then v #>> '{}' end) collate "C", gas_value_key(v), v`,
    [values],
  );
  return result.rows.map((r) => r.v);
}

describe('value order on PostgreSQL', () => {
  it('when dates are compared, then they compare as days, and a date does not compare with a datetime or a string', async () => {
    expect(await compare(typed('Date', '2015-07-21'), typed('Date', '2015-07-22'))).toBe(-1);
    expect(await compare(typed('Date', '2016-01-01'), typed('Date', '2015-12-31'))).toBe(1);
    expect(await compare(typed('Date', '2015-07-21'), typed('Date', '2015-07-21'))).toBe(0);
    expect(await compare(typed('Date', '-0001-03-01'), typed('Date', '0000-02-28'))).toBe(-1);
    expect(await compare(typed('Date', '2015-07-21'), typed('LocalDateTime', '2015-07-21T00:00'))).toBeNull();
    expect(await compare(typed('Date', '2015-07-21'), '"2015-07-21"')).toBeNull();
  });

  it('when datetimes with zones are compared, then they compare by instant', async () => {
    expect(await compare(typed('OffsetDateTime', '2015-07-21T12:00+01:00'), typed('OffsetDateTime', '2015-07-21T11:30Z'))).toBe(-1);
    expect(await compare(typed('OffsetDateTime', '2015-07-21T12:00+01:00'), typed('ZonedDateTime', '2015-07-21T11:00Z[UTC]'))).toBe(0);
    expect(
      await compare(
        typed('ZonedDateTime', '2015-07-21T12:00:00.000000001-05:00[America/New_York]'),
        typed('OffsetDateTime', '2015-07-21T17:00Z'),
      ),
    ).toBe(1);
    expect(await compare(typed('Time', '12:00+01:00'), typed('Time', '11:30Z'))).toBe(-1);
    expect(await compare(typed('LocalTime', '12:00'), typed('LocalTime', '11:59:59.999999999'))).toBe(1);
    expect(
      await compare(typed('LocalDateTime', '2015-07-21T12:31:14.645876123'), typed('LocalDateTime', '2015-07-21T12:31:14.645876124')),
    ).toBe(-1);
  });

  it('when durations, points or maps are compared, then there is no order (NULL); strings compare by code point', async () => {
    expect(await compare(typed('Duration', 'P1D'), typed('Duration', 'PT1H'))).toBeNull();
    expect(await compare(typed('Point', 'SRID=7203;POINT (1 2)'), typed('Point', 'SRID=7203;POINT (1 3)'))).toBeNull();
    expect(await compare('{"a":1}', '{"a":2}')).toBeNull();
    expect(await compare('"Z"', '"a"')).toBe(-1);
    expect(await compare('1', '1.0')).toBe(0);
    expect(await compare('true', 'false')).toBe(1);
    expect(await compare('1', 'null')).toBeNull();
  });

  it('when values of every type are sorted, then they follow Cypher order and each type its own order', async () => {
    const values = [
      '2.5',
      '"b"',
      'true',
      typed('Duration', 'P1M'),
      typed('Duration', 'PT720H'),
      typed('LocalTime', '10:00'),
      typed('Time', '10:00+02:00'),
      typed('Date', '2020-01-02'),
      typed('Date', '1999-12-31'),
      typed('LocalDateTime', '2020-01-01T00:00'),
      typed('OffsetDateTime', '2020-01-01T00:00+05:00'),
      typed('ZonedDateTime', '2019-12-31T23:00Z[UTC]'),
      typed('Point', 'SRID=4326;POINT (1.5 2)'),
      '[1]',
      '{"k":1}',
      '"B"',
      '1',
    ];
    expect(await sorted(values)).toEqual(
      [
        '{"k": 1}',
        '[1]',
        typed('Point', 'SRID=4326;POINT (1.5 2)'),
        typed('OffsetDateTime', '2020-01-01T00:00+05:00'),
        typed('ZonedDateTime', '2019-12-31T23:00Z[UTC]'),
        typed('LocalDateTime', '2020-01-01T00:00'),
        typed('Date', '1999-12-31'),
        typed('Date', '2020-01-02'),
        typed('Time', '10:00+02:00'),
        typed('LocalTime', '10:00'),
        typed('Duration', 'PT720H'),
        typed('Duration', 'P1M'),
        '"B"',
        '"b"',
        'true',
        '1',
        '2.5',
      ].map((v) => JSON.stringify(JSON.parse(v)).replace(/":/g, '": ').replace(/,"/g, ', "')),
    );
  });

  it('when a typed value is malformed, then its key is NULL rather than an error', async () => {
    const result = await db.knex.raw<{ rows: Array<{ k: string | null; kind: string }> }>(
      `select gas_value_key(v)::text as k, gas_value_kind(v) as kind from unnest(?::jsonb[]) as u(v)`,
      [
        [
          typed('Date', 'yesterday'),
          typed('Point', 'SRID=1;POINT (a b)'),
          typed('Duration', 'P1.2.3D'),
          '{"$type":"Date","_value":"2015-07-21","x":1}',
        ],
      ],
    );
    expect(result.rows).toEqual([
      { k: null, kind: 'DATE' },
      { k: null, kind: 'POINT' },
      { k: null, kind: 'DURATION' },
      { k: null, kind: 'MAP' },
    ]);
  });

  it('when a key is used in an expression index, then PostgreSQL accepts it as immutable', async () => {
    await db.knex.raw(`create index value_order_probe on graph_nodes (gas_value_key(properties -> 'born'))`);
    await db.knex.raw('drop index value_order_probe');
  });
});
