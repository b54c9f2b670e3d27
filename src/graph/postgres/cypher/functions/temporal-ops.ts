import type { DateTime, Duration, Temporal } from './temporal-model';
import {
  atInstant,
  civilFromDays,
  dayOfWeek,
  daysFromCivil,
  durationOf,
  epochSecondOf,
  floorDiv,
  floorMod,
  formatOffset,
  formatTemporal,
  isoWeek,
  monthLength,
  NANOS_PER_DAY,
  NANOS_PER_SECOND,
  resolveLocal,
  SECONDS_PER_DAY,
  TemporalError,
  TemporalUnsupported,
  timeParts,
} from './temporal-model';
import { approximate } from './temporal-parse';
import { dayOf, inZone, nanoOf } from './temporal-build';

/** Component access, duration.between and its relatives, arithmetic and comparison of temporal values. */

export function component(v: Temporal, key: string): number | string {
  if (v.kind === 'Duration') return durationComponent(v, key);
  const dated = v.kind === 'Date' || v.kind === 'LocalDateTime' || v.kind === 'DateTime';
  const timed = v.kind !== 'Date';
  if (dated) {
    const day = dayOf(v);
    const c = civilFromDays(day);
    const quarter = Math.floor((c.month - 1) / 3) + 1;
    switch (key) {
      case 'year':
        return c.year;
      case 'quarter':
        return quarter;
      case 'month':
        return c.month;
      case 'week':
        return isoWeek(day).week;
      case 'weekYear':
        return isoWeek(day).weekYear;
      case 'day':
        return c.day;
      case 'ordinalDay':
        return day - daysFromCivil(c.year, 1, 1) + 1;
      case 'weekDay':
      case 'dayOfWeek':
        return dayOfWeek(day);
      case 'dayOfQuarter':
        return day - daysFromCivil(c.year, (quarter - 1) * 3 + 1, 1) + 1;
    }
  }
  if (timed) {
    const p = timeParts(nanoOf(v));
    switch (key) {
      case 'hour':
        return p.hour;
      case 'minute':
        return p.minute;
      case 'second':
        return p.second;
      case 'millisecond':
        return Math.floor(p.nano / 1_000_000);
      case 'microsecond':
        return Math.floor(p.nano / 1000);
      case 'nanosecond':
        return p.nano;
    }
  }
  if (v.kind === 'Time' || v.kind === 'DateTime') {
    switch (key) {
      case 'timezone':
        return v.kind === 'DateTime' && v.zone ? v.zone : formatOffset(v.offset);
      case 'offset':
        return formatOffset(v.offset);
      case 'offsetMinutes':
        return Math.trunc(v.offset / 60);
      case 'offsetSeconds':
        return v.offset;
    }
  }
  if (v.kind === 'DateTime') {
    const seconds = epochSecondOf(v);
    if (key === 'epochSeconds') return seconds;
    if (key === 'epochMillis') return seconds * 1000 + Math.floor((v.nano % NANOS_PER_SECOND) / 1_000_000);
  }
  throw new TemporalError(`No such field: ${key}`);
}

function durationComponent(d: Duration, key: string): number {
  const { months, days, seconds, nanos } = d;
  const values: Record<string, () => number> = {
    years: () => Math.trunc(months / 12),
    quarters: () => Math.trunc(months / 3),
    months: () => months,
    weeks: () => Math.trunc(days / 7),
    days: () => days,
    hours: () => Math.trunc(seconds / 3600),
    minutes: () => Math.trunc(seconds / 60),
    seconds: () => seconds,
    milliseconds: () => seconds * 1000 + Math.floor(nanos / 1_000_000),
    microseconds: () => seconds * 1_000_000 + Math.floor(nanos / 1000),
    nanoseconds: () => seconds * NANOS_PER_SECOND + nanos,
    quartersOfYear: () => Math.trunc((months % 12) / 3),
    monthsOfQuarter: () => months % 3,
    monthsOfYear: () => months % 12,
    daysOfWeek: () => days % 7,
    minutesOfHour: () => Math.trunc(seconds / 60) % 60,
    secondsOfMinute: () => seconds % 60,
    millisecondsOfSecond: () => Math.floor(nanos / 1_000_000),
    microsecondsOfSecond: () => Math.floor(nanos / 1000),
    nanosecondsOfSecond: () => nanos,
  };
  const f = values[key];
  if (!f) throw new TemporalError(`No such field: ${key}`);
  const value = f();
  if (!Number.isSafeInteger(value)) throw new TemporalUnsupported(`The duration component ${key} beyond 2^53`);
  return value + 0;
}

// ---------------------------------------------------------------------------------------------
// Arithmetic

function plusMonthsDay(day: number, months: number): number {
  const c = civilFromDays(day);
  const total = c.year * 12 + (c.month - 1) + months;
  const year = floorDiv(total, 12);
  const month = floorMod(total, 12) + 1;
  return daysFromCivil(year, month, Math.min(c.day, monthLength(year, month)));
}

/** Months or days added to the wall clock (a zoned date-time keeps its offset where it can). */
function plusDateUnits(v: Temporal, months: number, days: number): Temporal {
  if (v.kind === 'Date') return { kind: 'Date', day: plusMonthsDay(v.day, months) + days };
  if (v.kind === 'LocalDateTime') return { kind: 'LocalDateTime', day: plusMonthsDay(v.day, months) + days, nano: v.nano };
  if (v.kind === 'DateTime') {
    const day = plusMonthsDay(v.day, months) + days;
    if (!v.zone) return { ...v, day };
    return { kind: 'DateTime', ...resolveLocal(v.zone, day, v.nano, v.offset), zone: v.zone };
  }
  return v;
}

/** Seconds and nanoseconds added: on the time line for a date-time, around the clock for a time of day. */
function plusTimeUnits(v: Temporal, seconds: number, nanos: number): Temporal {
  const add = seconds * NANOS_PER_SECOND + nanos;
  if (!Number.isSafeInteger(add)) throw new TemporalUnsupported('Temporal arithmetic with a duration this long');
  if (v.kind === 'LocalTime' || v.kind === 'Time') return { ...v, nano: floorMod(v.nano + add, NANOS_PER_DAY) };
  if (v.kind === 'LocalDateTime') {
    const total = v.nano + add;
    return { kind: 'LocalDateTime', day: v.day + floorDiv(total, NANOS_PER_DAY), nano: floorMod(total, NANOS_PER_DAY) };
  }
  if (v.kind === 'DateTime') {
    const nano = (v.nano % NANOS_PER_SECOND) + nanos;
    return atInstant(epochSecondOf(v) + seconds + floorDiv(nano, NANOS_PER_SECOND), floorMod(nano, NANOS_PER_SECOND), v.zone, v.offset);
  }
  return v;
}

/** Neo4j's DurationValue.addTo: months, then days, then seconds (whole days for a date), then nanoseconds. */
export function addDuration(v: Temporal, d: Duration, sign: 1 | -1): Temporal {
  if (v.kind === 'Duration') {
    return durationOf(v.months + sign * d.months, v.days + sign * d.days, v.seconds + sign * d.seconds, v.nanos + sign * d.nanos);
  }
  let r = plusDateUnits(v, sign * d.months, sign * d.days);
  if (r.kind === 'Date') {
    const days = Math.trunc(d.seconds / SECONDS_PER_DAY);
    return days ? { kind: 'Date', day: r.day + sign * days } : r;
  }
  r = plusTimeUnits(r, sign * d.seconds, 0);
  return plusTimeUnits(r, 0, sign * d.nanos);
}

export function multiply(d: Duration, factor: number, isFloat: boolean): Duration {
  if (!isFloat) return durationOf(d.months * factor, d.days * factor, d.seconds * factor, d.nanos * factor);
  return approximate(d.months * factor, d.days * factor, d.seconds * factor, d.nanos * factor);
}

export function divide(d: Duration, divisor: number): Duration {
  if (divisor === 0) throw new TemporalError('/ by zero');
  return approximate(d.months / divisor, d.days / divisor, d.seconds / divisor, d.nanos / divisor);
}

// ---------------------------------------------------------------------------------------------
// duration.between (Neo4j's TemporalValue.until with its conversions)

type Unit = 'MONTHS' | 'DAYS' | 'NANOS';

const hasDatePart = (v: Temporal) => v.kind === 'Date' || v.kind === 'LocalDateTime' || v.kind === 'DateTime';
const hasTimePart = (v: Temporal) => v.kind !== 'Date' && v.kind !== 'Duration';
const hasZonePart = (v: Temporal) => v.kind === 'Time' || v.kind === 'DateTime';

function attachTime(v: Temporal): Temporal {
  return v.kind === 'Date' ? { kind: 'LocalDateTime', day: v.day, nano: 0 } : v;
}

function attachDate(v: Temporal, day: number): Temporal {
  if (v.kind === 'LocalTime') return { kind: 'LocalDateTime', day, nano: v.nano };
  if (v.kind === 'Time') return { kind: 'DateTime', day, nano: v.nano, offset: v.offset };
  return v;
}

function attachZone(v: Temporal, from: Temporal): Temporal {
  const zone = from.kind === 'DateTime' ? from.zone : undefined;
  const offset = from.kind === 'DateTime' || from.kind === 'Time' ? from.offset : 0;
  if (v.kind === 'LocalTime') return { kind: 'Time', nano: v.nano, offset };
  if (v.kind === 'LocalDateTime') return inZone(v.day, v.nano, { zone, offset });
  return v;
}

const BIG_NANOS_PER_DAY = BigInt(NANOS_PER_DAY);
const BIG_NANOS_PER_SECOND = BigInt(NANOS_PER_SECOND);

function localUntil(a: { day: number; nano: number }, b: { day: number; nano: number }, unit: Unit): bigint {
  if (unit === 'NANOS') return BigInt(b.day - a.day) * BIG_NANOS_PER_DAY + BigInt(b.nano - a.nano);
  let endDay = b.day;
  if (endDay > a.day && b.nano < a.nano) endDay -= 1;
  else if (endDay < a.day && b.nano > a.nano) endDay += 1;
  return BigInt(unit === 'DAYS' ? endDay - a.day : monthsUntil(a.day, endDay));
}

function monthsUntil(from: number, to: number): number {
  const a = civilFromDays(from);
  const b = civilFromDays(to);
  const packed1 = (a.year * 12 + a.month - 1) * 32 + a.day;
  const packed2 = (b.year * 12 + b.month - 1) * 32 + b.day;
  return Math.trunc((packed2 - packed1) / 32);
}

/** The whole units from one temporal value to another (nanoseconds as a bigint: they pass 2^53 within three months). */
export function until(fromValue: Temporal, toValue: Temporal, unit: Unit): bigint {
  let from = fromValue;
  let to = toValue;
  if (unit === 'NANOS') {
    from = attachTime(from);
    to = attachTime(to);
  } else if (hasTimePart(from) && !hasTimePart(to)) to = attachTime(to);
  else if (hasTimePart(to) && !hasTimePart(from)) from = attachTime(from);
  if (hasDatePart(from) && !hasDatePart(to)) to = attachDate(to, dayOf(from));
  else if (hasDatePart(to) && !hasDatePart(from)) from = attachDate(from, dayOf(to));
  if (hasZonePart(from) && !hasZonePart(to)) to = attachZone(to, from);
  else if (hasZonePart(to) && !hasZonePart(from)) from = attachZone(from, to);
  if (from.kind !== to.kind) throw new TemporalUnsupported(`duration.between() of a ${fromValue.kind} and a ${toValue.kind}`);
  switch (from.kind) {
    case 'Date': {
      const end = (to as { day: number }).day;
      return BigInt(unit === 'DAYS' ? end - from.day : monthsUntil(from.day, end));
    }
    case 'LocalTime':
    case 'Time': {
      if (unit !== 'NANOS') return 0n;
      const shift = (v: Temporal) => (v.kind === 'Time' ? v.offset * NANOS_PER_SECOND : 0);
      return BigInt(to.kind === 'LocalTime' || to.kind === 'Time' ? to.nano - shift(to) - (from.nano - shift(from)) : 0);
    }
    case 'LocalDateTime':
      return localUntil(from, to as { day: number; nano: number }, unit);
    case 'DateTime': {
      const t = to as DateTime;
      if (unit === 'NANOS')
        return (
          BigInt(epochSecondOf(t) - epochSecondOf(from)) * BIG_NANOS_PER_SECOND +
          BigInt((t.nano % NANOS_PER_SECOND) - (from.nano % NANOS_PER_SECOND))
        );
      const same = atInstant(epochSecondOf(t), t.nano % NANOS_PER_SECOND, from.zone, from.offset);
      return localUntil(from, same, unit);
    }
    default:
      throw new TemporalError('duration.between() needs two temporal values that are not durations');
  }
}

export function between(a: Temporal, b: Temporal, which: 'between' | 'inmonths' | 'indays' | 'inseconds'): Duration {
  if (a.kind === 'Duration' || b.kind === 'Duration') throw new TemporalError(`duration.${which}() of a duration`);
  if (which === 'inmonths') return durationOf(Number(until(a, b, 'MONTHS')), 0, 0, 0);
  if (which === 'indays') return durationOf(0, Number(until(a, b, 'DAYS')), 0, 0);
  if (which === 'inseconds') return fromNanos(0, 0, until(a, b, 'NANOS'));
  let from: Temporal = a;
  let months = 0;
  let days = 0;
  const dated = (v: Temporal) => v.kind === 'Date' || v.kind === 'LocalDateTime' || v.kind === 'DateTime';
  if (dated(a) && dated(b)) {
    months = Number(until(from, b, 'MONTHS'));
    from = addDuration(from, durationOf(months, 0, 0, 0), 1);
    days = Number(until(from, b, 'DAYS'));
    from = addDuration(from, durationOf(0, days, 0, 0), 1);
  }
  return fromNanos(months, days, until(from, b, 'NANOS'));
}

function fromNanos(months: number, days: number, nanos: bigint): Duration {
  let seconds = nanos / BIG_NANOS_PER_SECOND;
  let rest = nanos % BIG_NANOS_PER_SECOND;
  if (rest < 0n) {
    seconds -= 1n;
    rest += BIG_NANOS_PER_SECOND;
  }
  return durationOf(months, days, Number(seconds), Number(rest));
}

// ---------------------------------------------------------------------------------------------
// Comparison

/** Cypher's order of two temporal values: a number, or null when they do not compare (other types, durations). */
export function compareTemporal(a: Temporal, b: Temporal): number | null {
  if (a.kind !== b.kind || a.kind === 'Duration') return null;
  const key = (v: Temporal): number[] => {
    switch (v.kind) {
      case 'Date':
        return [v.day];
      case 'LocalTime':
        return [v.nano];
      case 'Time':
        return [v.nano - v.offset * NANOS_PER_SECOND];
      case 'LocalDateTime':
        return [v.day, v.nano];
      case 'DateTime':
        return [epochSecondOf(v), v.nano % NANOS_PER_SECOND];
      default:
        return [];
    }
  };
  const x = key(a);
  const y = key(b);
  for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return x[i] < y[i] ? -1 : 1;
  return 0;
}

/**
 * Cypher's equality on Neo4j: the same type and the same value, a time or date-time with the same
 * wall clock and the same offset and zone (java.time's equals: the same instant at another offset
 * is not equal), a duration with the same months, days, seconds and nanoseconds; so exactly when
 * the canonical texts are equal (the jsonb equality of docs/values.md).
 */
export function equalTemporal(a: Temporal, b: Temporal): boolean {
  return a.kind === b.kind && formatTemporal(a) === formatTemporal(b);
}
