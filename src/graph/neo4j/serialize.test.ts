import neo4j from 'neo4j-driver';
import { IntegralFloat } from '../../exact-json';
import {
  idToString,
  integerToJson,
  nodeFromProjection,
  pairsToProperties,
  pathFromProjection,
  relationshipFromProjection,
  serializeValue,
  toCypherParam,
  toPropertyMap,
  toPropertyValue,
} from './serialize';

const { Node, Relationship, Path, PathSegment, Point, Date: NDate, DateTime, LocalDateTime, LocalTime, Time, Duration } = neo4j.types;

describe('driver values → port JSON', () => {
  it('Integer → number when safe, else decimal string', () => {
    expect(integerToJson(neo4j.int(42))).toBe(42);
    expect(integerToJson(neo4j.int('9007199254740993'))).toBe(9007199254740993n);
    expect(serializeValue([neo4j.int(1), neo4j.int('-9223372036854775808')])).toEqual([1, -9223372036854775808n]);
  });

  it('Bolt 3/4 nodes and relationships: integer identities become string ids', () => {
    const node = new Node(neo4j.int(7), ['Person'], { name: 'Ada', born: neo4j.int(1815) });
    expect(serializeValue(node)).toEqual({ id: '7', labels: ['Person'], properties: { name: 'Ada', born: 1815 } });
    const rel = new Relationship(neo4j.int(3), neo4j.int(7), neo4j.int(8), 'KNOWS', { since: neo4j.int(2000) });
    expect(serializeValue(rel)).toEqual({ id: '3', type: 'KNOWS', startNodeId: '7', endNodeId: '8', properties: { since: 2000 } });
  });

  it('Bolt 5 nodes and relationships: element ids', () => {
    const node = new Node(neo4j.int(7), ['A'], {}, '4:db:7');
    expect(serializeValue(node)).toEqual({ id: '4:db:7', labels: ['A'], properties: {} });
    const rel = new Relationship(neo4j.int(1), neo4j.int(7), neo4j.int(8), 'T', {}, '5:db:1', '4:db:7', '4:db:8');
    expect(serializeValue(rel)).toMatchObject({ id: '5:db:1', startNodeId: '4:db:7', endNodeId: '4:db:8' });
  });

  it('paths → {nodes, relationships} in walk order', () => {
    const a = new Node(neo4j.int(1), ['A'], {});
    const b = new Node(neo4j.int(2), ['B'], {});
    const c = new Node(neo4j.int(3), ['C'], {});
    const r1 = new Relationship(neo4j.int(10), neo4j.int(1), neo4j.int(2), 'X', {});
    const r2 = new Relationship(neo4j.int(11), neo4j.int(3), neo4j.int(2), 'Y', {});
    const path = new Path(a, c, [new PathSegment(a, r1, b), new PathSegment(b, r2, c)]);
    const out = serializeValue(path) as { nodes: Array<{ id: string }>; relationships: Array<{ id: string; startNodeId: string }> };
    expect(out.nodes.map((n) => n.id)).toEqual(['1', '2', '3']);
    expect(out.relationships.map((r) => r.id)).toEqual(['10', '11']);
    expect(out.relationships[1].startNodeId).toBe('3');
  });

  it('temporals and points → typed JSON in the canonical text, whole floats → IntegralFloat, maps recursively', () => {
    const typed = ($type: string, _value: string) => ({ $type, _value });
    expect(serializeValue(new NDate(2024, 2, 29))).toEqual(typed('Date', '2024-02-29'));
    expect(serializeValue(new LocalTime(1, 2, 3, 0))).toEqual(typed('LocalTime', '01:02:03'));
    expect(serializeValue(new LocalTime(1, 2, 0, 0))).toEqual(typed('LocalTime', '01:02'));
    expect(serializeValue(new Time(1, 2, 3, 500000000, 3600))).toEqual(typed('Time', '01:02:03.500+01:00'));
    expect(serializeValue(new LocalDateTime(2024, 1, 2, 3, 4, 5, 1))).toEqual(typed('LocalDateTime', '2024-01-02T03:04:05.000000001'));
    expect(serializeValue(new DateTime(2024, 1, 2, 3, 4, 5, 0, 0))).toEqual(typed('OffsetDateTime', '2024-01-02T03:04:05Z'));
    expect(serializeValue(new DateTime(2024, 1, 2, 3, 4, 5, 0, undefined, 'Europe/Berlin'))).toEqual(
      typed('ZonedDateTime', '2024-01-02T03:04:05+01:00[Europe/Berlin]'),
    );
    expect(serializeValue(new DateTime(2024, 7, 2, 3, 4, 5, 0, 7200, 'Europe/Berlin'))).toEqual(
      typed('ZonedDateTime', '2024-07-02T03:04:05+02:00[Europe/Berlin]'),
    );
    expect(serializeValue(new Duration(14, 2, 3723, 500000000))).toEqual(typed('Duration', 'P1Y2M2DT1H2M3.5S'));
    expect(serializeValue(new Duration(0, 0, -2, 500000000))).toEqual(typed('Duration', 'PT-1.5S'));
    expect(serializeValue(new Duration(0, 0, 0, 0))).toEqual(typed('Duration', 'PT0S'));
    expect(serializeValue(new Point(neo4j.int(4326), 1.5, 2.5))).toEqual(typed('Point', 'SRID=4326;POINT (1.5 2.5)'));
    expect(serializeValue(new Point(neo4j.int(9157), 1, 2, 3))).toEqual(typed('Point', 'SRID=9157;POINT Z (1.0 2.0 3.0)'));
    expect(serializeValue([2, 2.5])).toEqual([new IntegralFloat(2), 2.5]);
    expect(serializeValue({ a: { b: neo4j.int(5) }, c: null })).toEqual({ a: { b: 5 }, c: null });
    expect(serializeValue(new Uint8Array([1, 2, 3]))).toBe('AQID');
  });

  it('when a stored property holds a point or a temporal value, then it reads as typed JSON that either backend can store back', () => {
    const props = {
      at: new NDate(2024, 2, 29),
      where: new Point(neo4j.int(4326), 1.5, 2.5),
      up: new Point(neo4j.int(4979), 1, 2, 3),
      path: [new Point(neo4j.int(7203), 0, 1)],
    };
    const node = new Node(neo4j.int(1), ['Place'], props, '1');
    const properties = {
      at: { $type: 'Date', _value: '2024-02-29' },
      where: { $type: 'Point', _value: 'SRID=4326;POINT (1.5 2.5)' },
      up: { $type: 'Point', _value: 'SRID=4979;POINT Z (1.0 2.0 3.0)' },
      path: [{ $type: 'Point', _value: 'SRID=7203;POINT (0.0 1.0)' }],
    };
    expect(serializeValue(node)).toEqual({ id: '1', labels: ['Place'], properties });
    expect(nodeFromProjection({ id: neo4j.int(1), labels: [], props: [['where', new Point(neo4j.int(4326), 3, 4)]] }).properties).toEqual({
      where: { $type: 'Point', _value: 'SRID=4326;POINT (3.0 4.0)' },
    });
    // Written back: the driver's own types again.
    for (const [key, value] of Object.entries(properties)) {
      const written = toPropertyValue(key, value);
      expect(serializeValue(written)).toEqual(value);
    }
  });

  it('projections from the adapter queries (pairs of visible properties)', () => {
    expect(
      nodeFromProjection({
        id: neo4j.int(5),
        labels: ['A'],
        props: [
          ['x', neo4j.int(1)],
          ['y', 'z'],
        ],
      }),
    ).toEqual({ id: '5', labels: ['A'], properties: { x: 1, y: 'z' } });
    expect(relationshipFromProjection({ id: '5:x:1', type: 'T', start: '4:x:1', end: '4:x:2', props: [] })).toEqual({
      id: '5:x:1',
      type: 'T',
      startNodeId: '4:x:1',
      endNodeId: '4:x:2',
      properties: {},
    });
    expect(pathFromProjection({ nodes: [{ id: neo4j.int(1), labels: [], props: [] }], rels: [] })).toEqual({
      nodes: [{ id: '1', labels: [], properties: {} }],
      relationships: [],
    });
    expect(idToString(neo4j.int(12))).toBe('12');
  });
});

describe('JSON → driver values for writes', () => {
  it('integers become Integer, floats stay, arrays must be homogeneous', () => {
    expect(neo4j.isInt(toPropertyValue('a', 3))).toBe(true);
    expect(toPropertyValue('a', 3.5)).toBe(3.5);
    expect((toPropertyValue('a', [1, 2]) as unknown[]).every((v) => neo4j.isInt(v))).toBe(true);
    expect(toPropertyValue('a', [1, 2.5])).toEqual([1, 2.5]);
    expect(() => toPropertyValue('a', { nested: 1 })).toThrow(/cannot be stored: maps/);
    expect(() => toPropertyValue('a', ['x', 1])).toThrow(/only strings/);
    expect((toPropertyValue('a', 9223372036854775807n) as { toString(): string }).toString()).toBe('9223372036854775807');
    expect(() => toPropertyValue('a', [[1]])).toThrow(/cannot hold lists/);
    expect(toPropertyMap({ a: null, b: 'x' })).toEqual({ b: 'x' });
  });

  it('when a value is a whole float or a typed value, then the driver gets a float or its native temporal and spatial type', () => {
    expect(toPropertyValue('f', new IntegralFloat(2))).toBe(2);
    expect(toPropertyValue('f', [new IntegralFloat(2), 3])).toEqual([2, 3]);
    expect(neo4j.isDate(toPropertyValue('d', { $type: 'Date', _value: '2015-07-21' }))).toBe(true);
    const zoned = toPropertyValue('z', { $type: 'ZonedDateTime', _value: '2015-07-21T12:31:14.645+01:00[Europe/London]' }) as InstanceType<
      typeof DateTime
    >;
    expect(neo4j.isDateTime(zoned)).toBe(true);
    expect(zoned.timeZoneId).toBe('Europe/London');
    expect(Number(zoned.nanosecond)).toBe(645000000);
    const duration = toPropertyValue('d', { $type: 'Duration', _value: 'PT-1.5S' }) as InstanceType<typeof Duration>;
    expect([Number(duration.seconds), Number(duration.nanoseconds)]).toEqual([-2, 500000000]);
    expect(neo4j.isPoint(toPropertyValue('p', { $type: 'Point', _value: 'SRID=4979;POINT Z (1 2 3)' }))).toBe(true);
    expect(() => toPropertyValue('d', { $type: 'Date', _value: '2015-02-30' })).toThrow(/not a Date/);
    expect(() =>
      toPropertyValue('d', [
        { $type: 'Date', _value: '2015-02-03' },
        { $type: 'LocalTime', _value: '12:00' },
      ]),
    ).toThrow(/one temporal type/);
    const params = toCypherParam({
      d: { $type: 'LocalTime', _value: '12:00' },
      f: new IntegralFloat(1),
      m: { $type: 'Date', _value: 'x' },
    }) as Record<string, unknown>;
    expect(neo4j.isLocalTime(params.d)).toBe(true);
    expect(params.f).toBe(1);
    expect(params.m).toEqual({ $type: 'Date', _value: 'x' });
  });

  it('Cypher parameters: safe integers → Integer so LIMIT $n works', () => {
    const out = toCypherParam({ n: 10, f: 0.5, list: [1], nested: { k: 2 } }) as Record<string, unknown>;
    expect(neo4j.isInt(out.n)).toBe(true);
    expect(out.f).toBe(0.5);
    expect(neo4j.isInt((out.list as unknown[])[0])).toBe(true);
    expect(neo4j.isInt((out.nested as Record<string, unknown>).k)).toBe(true);
  });
});

describe('pairsToProperties', () => {
  it('when the properties come as a map or as pairs, then both give the same own properties, __proto__ included', () => {
    const fromMap = pairsToProperties({ name: 'a', n: neo4j.int(7) });
    expect(fromMap).toEqual({ name: 'a', n: 7 });
    const fromPairs = pairsToProperties([
      ['__proto__', 'x'],
      ['name', 'b'],
    ]);
    expect(Object.keys(fromPairs)).toEqual(['__proto__', 'name']);
    expect(Object.getOwnPropertyDescriptor(fromPairs, '__proto__')?.value).toBe('x');
    expect(Object.getPrototypeOf(fromPairs)).toBe(Object.prototype);
  });
});
