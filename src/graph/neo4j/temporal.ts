import neo4j from 'neo4j-driver';
import { IntegralFloat } from '../../exact-json';
import type { DateParts, ParsedTypedValue, TimeParts, TypedValue } from '../typed-values';
import { formatTypedValue, isTypedValue, parseTypedValue, zoneOffsetForLocal } from '../typed-values';

/**
 * Typed JSON values (docs/values.md) ↔ the driver's native temporal and spatial types, so that
 * Neo4j stores, compares, sorts and indexes them itself: Date, LocalTime, Time, LocalDateTime,
 * DateTime (an offset: OffsetDateTime; a zone id: ZonedDateTime), Duration, Point.
 */

type DriverNumber = number | { toNumber(): number; toString(): string } | bigint;

function num(value: DriverNumber | null | undefined): number {
  if (value === null || value === undefined) return 0;
  if (typeof value === 'number') return value;
  if (typeof value === 'bigint') return Number(value);
  return value.toNumber();
}

function big(value: DriverNumber | null | undefined): bigint {
  if (value === null || value === undefined) return 0n;
  if (typeof value === 'bigint') return value;
  if (typeof value === 'number') return BigInt(value);
  return BigInt(value.toString());
}

type DriverInt = ReturnType<typeof neo4j.int>;

/** A date and a time as the driver's constructors take them: year, month, day, hour, minute, second, nanosecond. */
function dateTimeParts(d: DateParts, t: TimeParts): [DriverInt, DriverInt, DriverInt, DriverInt, DriverInt, DriverInt, DriverInt] {
  return [d.year, d.month, d.day, t.hour, t.minute, t.second, t.nanosecond].map((n) => neo4j.int(n)) as [
    DriverInt,
    DriverInt,
    DriverInt,
    DriverInt,
    DriverInt,
    DriverInt,
    DriverInt,
  ];
}

/** The driver value of a typed value; throws TypedValueError when its text does not parse. */
export function toDriverTyped(value: TypedValue): unknown {
  const parsed = parseTypedValue(value);
  const int = (n: number) => neo4j.int(n);
  switch (parsed.type) {
    case 'Date':
      return new neo4j.types.Date(int(parsed.date.year), int(parsed.date.month), int(parsed.date.day));
    case 'LocalTime': {
      const t = parsed.time;
      return new neo4j.types.LocalTime(int(t.hour), int(t.minute), int(t.second), int(t.nanosecond));
    }
    case 'Time': {
      const t = parsed.time;
      return new neo4j.types.Time(int(t.hour), int(t.minute), int(t.second), int(t.nanosecond), int(parsed.offsetSeconds));
    }
    case 'LocalDateTime': {
      return new neo4j.types.LocalDateTime(...dateTimeParts(parsed.date, parsed.time));
    }
    case 'OffsetDateTime':
    case 'ZonedDateTime': {
      const zone = parsed.type === 'ZonedDateTime' ? parsed.zone : undefined;
      return new neo4j.types.DateTime(...dateTimeParts(parsed.date, parsed.time), int(parsed.offsetSeconds), zone);
    }
    case 'Duration': {
      const { months, days, nanos } = parsed.duration;
      const seconds = nanos / 1_000_000_000n;
      return new neo4j.types.Duration(int(months), int(days), neo4j.int(seconds.toString()), int(Number(nanos % 1_000_000_000n)));
    }
    case 'Point': {
      const p = parsed.point;
      return p.z === undefined ? new neo4j.types.Point(int(p.srid), p.x, p.y) : new neo4j.types.Point(int(p.srid), p.x, p.y, p.z);
    }
  }
}

export function isDriverTemporal(value: unknown): boolean {
  return (
    neo4j.isDate(value) ||
    neo4j.isDateTime(value) ||
    neo4j.isLocalDateTime(value) ||
    neo4j.isLocalTime(value) ||
    neo4j.isTime(value) ||
    neo4j.isDuration(value) ||
    neo4j.isPoint(value)
  );
}

interface DriverDate {
  year: DriverNumber;
  month: DriverNumber;
  day: DriverNumber;
}

interface DriverTime {
  hour: DriverNumber;
  minute: DriverNumber;
  second: DriverNumber;
  nanosecond: DriverNumber;
}

const dateOf = (v: DriverDate): DateParts => ({ year: num(v.year), month: num(v.month), day: num(v.day) });
const timeOf = (v: DriverTime): TimeParts => ({
  hour: num(v.hour),
  minute: num(v.minute),
  second: num(v.second),
  nanosecond: num(v.nanosecond),
});

/** A driver temporal or spatial value as typed JSON in the canonical text (the driver's own toString is not Neo4j's). */
export function fromDriverTemporal(value: unknown): TypedValue {
  return formatTypedValue(parsedOfDriver(value));
}

function parsedOfDriver(value: unknown): ParsedTypedValue {
  if (neo4j.isDate(value)) return { type: 'Date', date: dateOf(value) };
  if (neo4j.isLocalTime(value)) return { type: 'LocalTime', time: timeOf(value) };
  if (neo4j.isTime(value)) return { type: 'Time', time: timeOf(value), offsetSeconds: num(value.timeZoneOffsetSeconds) };
  if (neo4j.isLocalDateTime(value)) return { type: 'LocalDateTime', date: dateOf(value), time: timeOf(value) };
  if (neo4j.isDateTime(value)) {
    const date = dateOf(value);
    const time = timeOf(value);
    if (value.timeZoneId) {
      // Bolt 4 sends a zoned datetime without its offset: the zone gives it.
      const offset =
        value.timeZoneOffsetSeconds === undefined || value.timeZoneOffsetSeconds === null
          ? zoneOffsetForLocal(value.timeZoneId, date, time)
          : num(value.timeZoneOffsetSeconds);
      return { type: 'ZonedDateTime', date, time, offsetSeconds: offset, zone: value.timeZoneId };
    }
    return { type: 'OffsetDateTime', date, time, offsetSeconds: num(value.timeZoneOffsetSeconds) };
  }
  if (neo4j.isDuration(value)) {
    const nanos = big(value.seconds) * 1_000_000_000n + big(value.nanoseconds);
    return { type: 'Duration', duration: { months: num(value.months), days: num(value.days), nanos } };
  }
  if (neo4j.isPoint(value)) {
    const z = value.z;
    const point = { srid: num(value.srid), x: value.x, y: value.y };
    return { type: 'Point', point: z === undefined || z === null ? point : { ...point, z } };
  }
  throw new Error('not a driver temporal or spatial value');
}

/**
 * A filter value as a Cypher parameter: typed values as driver values (so `n.born >= $v` compares
 * dates as dates; one that does not parse stays a map, which equals nothing), IntegralFloat as its
 * number, BigInt as an Integer; anything else (and a list without such values) the same object,
 * so that a list bound twice is still sent once.
 */
export function toFilterParam(value: unknown): unknown {
  if (value instanceof IntegralFloat) return value.value;
  if (typeof value === 'bigint') return neo4j.int(value.toString());
  if (isTypedValue(value)) {
    try {
      return toDriverTyped(value);
    } catch {
      return value;
    }
  }
  if (Array.isArray(value) && value.some((v) => v instanceof IntegralFloat || typeof v === 'bigint' || isTypedValue(v)))
    return value.map(toFilterParam);
  return value;
}
