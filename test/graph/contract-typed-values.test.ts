import { IntegralFloat, toJsonText } from '../../src/exact-json';
import { UNRESTRICTED, type GraphStore } from '../../src/graph/graph-store';
import { describeEachBackend } from '../support/graph-backends';

/**
 * The GraphStore contract for floats, temporal values and points (docs/values.md), on every
 * reachable backend (Neo4j when NEO4J_URI is set): stored natively on Neo4j and as typed jsonb on
 * PostgreSQL, they read back as the same JSON, compare and sort with Cypher's meaning.
 */
const typed = ($type: string, _value: string) => ({ $type, _value });

const VALUES = {
  float: new IntegralFloat(2),
  frac: 2.5,
  int: 7,
  date: typed('Date', '2015-07-21'),
  localTime: typed('LocalTime', '12:31:14.645876123'),
  time: typed('Time', '12:31:14.645876123+01:00'),
  localDateTime: typed('LocalDateTime', '2015-07-21T12:31:14.645876123'),
  offsetDateTime: typed('OffsetDateTime', '2015-07-21T12:31:14.645+01:00'),
  zonedDateTime: typed('ZonedDateTime', '2015-07-21T12:31:14.645+01:00[Europe/London]'),
  duration: typed('Duration', 'P1Y2M14DT16H12M0.5S'),
  point: typed('Point', 'SRID=4326;POINT (1.2 3.4)'),
  point3d: typed('Point', 'SRID=9157;POINT Z (1.0 2.0 3.0)'),
  dates: [typed('Date', '2015-07-21'), typed('Date', '2016-01-01')],
  floats: [new IntegralFloat(1), 2.5],
};

const sortedJson = (value: Record<string, unknown>) =>
  toJsonText(
    Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, value[k]]),
    ),
  );

describeEachBackend('GraphStore floats, temporal values and points', (backend) => {
  let store: GraphStore;

  beforeAll(async () => {
    store = backend.store;
  });

  it('when a node carries every type, then it reads back as the same JSON (2.0 stays a float)', async () => {
    const created = await store.createNode({ labels: ['Typed'], properties: VALUES }, UNRESTRICTED);
    const [read] = await store.getNodes([created.id], UNRESTRICTED);
    expect(sortedJson(read.properties)).toBe(sortedJson(VALUES));
    expect(sortedJson(created.properties)).toBe(sortedJson(VALUES));
  });

  it('when nodes are found and sorted by a date and datetimes with zones, then they compare as Cypher compares them', async () => {
    for (const [name, born, seen] of [
      ['a', '1980-04-01', '2020-01-01T10:00+01:00'],
      ['b', '1975-12-31', '2020-01-01T09:30Z'],
      ['c', '1990-06-15', '2020-01-01T08:00-02:00'],
    ]) {
      await store.createNode(
        { labels: ['Dated'], properties: { name, born: typed('Date', born), seen: typed('OffsetDateTime', seen) } },
        UNRESTRICTED,
      );
    }
    await store.createNode({ labels: ['Dated'], properties: { name: 'd', born: '1985-01-01' } }, UNRESTRICTED);
    const names = async (
      filter: unknown,
      sort: Array<{ property: string; direction: 'asc' | 'desc' }> = [{ property: 'name', direction: 'asc' }],
    ) =>
      (await store.findNodes({ filter: { and: [{ label: 'Dated' }, filter] } as never, sort }, UNRESTRICTED)).items.map(
        (n) => n.properties.name,
      );
    expect(await names({ property: 'born', operator: '>=', value: typed('Date', '1980-01-01') })).toEqual(['a', 'c']);
    expect(await names({ property: 'born', operator: '=', value: typed('Date', '1975-12-31') })).toEqual(['b']);
    // 10:00+01:00 is 09:00Z, before 09:30Z; 08:00-02:00 is 10:00Z.
    expect(await names({ property: 'seen', operator: '<', value: typed('OffsetDateTime', '2020-01-01T09:30Z') })).toEqual(['a']);
    expect(await names({ label: 'Dated' }, [{ property: 'seen', direction: 'asc' }])).toEqual(['a', 'b', 'c', 'd']);
    expect(await names({ label: 'Dated' }, [{ property: 'born', direction: 'desc' }])).toEqual(['d', 'c', 'a', 'b']);
    const frequency = await store.frequency({ target: 'nodes', labels: ['Dated'], property: 'born' }, UNRESTRICTED);
    expect(frequency.values.map((v) => toJsonText(v.value))).toEqual([
      '{"$type":"Date","_value":"1975-12-31"}',
      '{"$type":"Date","_value":"1980-04-01"}',
      '{"$type":"Date","_value":"1990-06-15"}',
      '"1985-01-01"',
    ]);
  });
});
