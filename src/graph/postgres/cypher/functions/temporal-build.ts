import type { DateTime, Temporal, TemporalKind } from './temporal-model';
import {
  atInstant,
  checkRange,
  civilFromDays,
  dateOf,
  dayOfWeek,
  daysFromCivil,
  epochSecondOf,
  floorDiv,
  floorMod,
  isoWeek,
  MAX_YEAR,
  MIN_YEAR,
  NANOS_PER_DAY,
  NANOS_PER_SECOND,
  nanoOfDay,
  parseZone,
  resolveLocal,
  SECONDS_PER_DAY,
  TemporalError,
  TemporalUnsupported,
  timeParts,
  weekOneMonday,
} from './temporal-model';
import { durationFromComponents, ordinalDate, parseTemporalText, weekDate } from './temporal-parse';

/**
 * date(), localtime(), time(), localdatetime(), datetime() and duration() of a map, a string or
 * another temporal value (Neo4j's "select" semantics: a base value's components, overridden by the
 * map's), the epoch constructors and the truncate functions.
 */

export type Component = number | string | Temporal | null;
export type ComponentMap = Map<string, Component>;

const DATE_KEYS = ['year', 'month', 'day', 'week', 'dayOfWeek', 'quarter', 'dayOfQuarter', 'ordinalDay'];
const TIME_KEYS = ['hour', 'minute', 'second', 'millisecond', 'microsecond', 'nanosecond'];

const hasDate = (v: Temporal) => v.kind === 'Date' || v.kind === 'LocalDateTime' || v.kind === 'DateTime';
const hasTime = (v: Temporal) => v.kind === 'LocalTime' || v.kind === 'Time' || v.kind === 'LocalDateTime' || v.kind === 'DateTime';
const hasZone = (v: Temporal) => v.kind === 'Time' || v.kind === 'DateTime';

function int(map: ComponentMap, key: string): number | undefined {
  const v = map.get(key);
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'number' || !Number.isInteger(v)) throw new TemporalError(`${key} must be an integer`);
  return v;
}

function temporalOf(map: ComponentMap, key: string): Temporal | undefined {
  const v = map.get(key);
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'object') throw new TemporalError(`${key} must be a temporal value`);
  return v;
}

export function dayOf(v: Temporal): number {
  if (v.kind === 'Date' || v.kind === 'LocalDateTime' || v.kind === 'DateTime') return v.day;
  throw new TemporalError(`${v.kind} has no date`);
}

export function nanoOf(v: Temporal): number {
  if (v.kind === 'LocalTime' || v.kind === 'Time' || v.kind === 'LocalDateTime' || v.kind === 'DateTime') return v.nano;
  return 0;
}

/** The date of a map's components over a base date (or none). */
export function dateFromMap(map: ComponentMap, base: number | undefined): number {
  const year = int(map, 'year');
  if (base === undefined && year === undefined) {
    if (DATE_KEYS.some((k) => map.has(k))) throw new TemporalError('year must be specified');
    throw new TemporalError('No date given');
  }
  const b = base !== undefined ? civilFromDays(base) : undefined;
  if (map.has('week') || map.has('dayOfWeek')) {
    const w = base !== undefined ? isoWeek(base) : undefined;
    return weekDate(
      year ?? w!.weekYear,
      int(map, 'week') ?? w?.week ?? 1,
      int(map, 'dayOfWeek') ?? (base !== undefined ? dayOfWeek(base) : 1),
    );
  }
  if (map.has('ordinalDay')) return ordinalDate(year ?? b!.year, int(map, 'ordinalDay')!);
  if (map.has('quarter') || map.has('dayOfQuarter')) {
    const baseQuarter = b ? Math.floor((b.month - 1) / 3) + 1 : 1;
    const baseDayOfQuarter = b ? base! - daysFromCivil(b.year, (baseQuarter - 1) * 3 + 1, 1) + 1 : 1;
    const y = year ?? b!.year;
    const q = checkRange('QuarterOfYear', int(map, 'quarter') ?? baseQuarter, 1, 4);
    const first = daysFromCivil(y, (q - 1) * 3 + 1, 1);
    const length = daysFromCivil(q === 4 ? y + 1 : y, q === 4 ? 1 : q * 3 + 1, 1) - first;
    return first + checkRange('DayOfQuarter', int(map, 'dayOfQuarter') ?? baseDayOfQuarter, 1, length) - 1;
  }
  return dateOf(year ?? b!.year, int(map, 'month') ?? b?.month ?? 1, int(map, 'day') ?? b?.day ?? 1);
}

/** The time of day of a map's components over a base time of day. */
export function timeFromMap(map: ComponentMap, base: number | undefined): number {
  const p = base !== undefined ? timeParts(base) : { hour: 0, minute: 0, second: 0, nano: 0 };
  const ms = int(map, 'millisecond');
  const us = int(map, 'microsecond');
  const ns = int(map, 'nanosecond');
  let nano = p.nano;
  if (ms !== undefined || us !== undefined || ns !== undefined) {
    if (ms !== undefined) checkRange('MilliOfSecond', ms, 0, 999);
    if (us !== undefined) checkRange('MicroOfSecond', us, 0, ms !== undefined ? 999 : 999_999);
    if (ns !== undefined) checkRange('NanoOfSecond', ns, 0, ms !== undefined || us !== undefined ? 999 : 999_999_999);
    nano = (ms ?? 0) * 1_000_000 + (us ?? 0) * 1000 + (ns ?? 0);
  }
  return nanoOfDay(int(map, 'hour') ?? p.hour, int(map, 'minute') ?? p.minute, int(map, 'second') ?? p.second, nano);
}

interface Zone {
  zone?: string;
  offset: number;
}

function zoneOfMap(map: ComponentMap): Zone | undefined {
  const tz = map.get('timezone');
  if (tz === undefined || tz === null) return undefined;
  if (typeof tz !== 'string') throw new TemporalError('timezone must be a string');
  return parseZone(tz);
}

function zoneOfValue(v: Temporal): Zone | undefined {
  if (v.kind === 'Time') return { offset: v.offset };
  if (v.kind === 'DateTime') return { zone: v.zone, offset: v.offset };
  return undefined;
}

/** A time-carrying value moved to another zone at the same instant (date-less times by their offset). */
function convertZone(v: Temporal, to: Zone): Temporal {
  if (v.kind === 'DateTime') return atInstant(epochSecondOf(v), v.nano % NANOS_PER_SECOND, to.zone, to.offset);
  if (v.kind === 'Time') {
    if (to.zone) throw new TemporalUnsupported('A time of day in a named time zone');
    return { kind: 'Time', nano: floorMod(v.nano + (to.offset - v.offset) * NANOS_PER_SECOND, NANOS_PER_DAY), offset: to.offset };
  }
  return v;
}

export function inZone(day: number, nano: number, zone: Zone): DateTime {
  if (!zone.zone) return { kind: 'DateTime', day, nano, offset: zone.offset };
  return { kind: 'DateTime', ...resolveLocal(zone.zone, day, nano), zone: zone.zone };
}

const UTC: Zone = { offset: 0 };

function checkKeys(map: ComponentMap, allowed: string[]): void {
  for (const k of map.keys()) if (!allowed.includes(k)) throw new TemporalError(`No such field: ${k}`);
}

/** date({...}), localtime({...}), ... : the value of a map. */
export function fromMap(kind: TemporalKind, map: ComponentMap): Temporal {
  if (kind === 'Duration') {
    const c: Record<string, number> = {};
    for (const [k, v] of map) {
      if (v === null) continue;
      if (typeof v !== 'number') throw new TemporalError(`The duration component ${k} must be a number`);
      c[k] = v;
    }
    return durationFromComponents(c, 'a map');
  }
  if (kind === 'DateTime' && (map.has('epochSeconds') || map.has('epochMillis'))) {
    checkKeys(map, ['epochSeconds', 'epochMillis', 'nanosecond', 'millisecond', 'microsecond', 'timezone']);
    const millis = int(map, 'epochMillis');
    const seconds = millis !== undefined ? floorDiv(millis, 1000) : int(map, 'epochSeconds')!;
    const nano =
      (millis !== undefined ? floorMod(millis, 1000) * 1_000_000 : 0) +
      (int(map, 'millisecond') ?? 0) * 1_000_000 +
      (int(map, 'microsecond') ?? 0) * 1000 +
      (int(map, 'nanosecond') ?? 0);
    const zone = zoneOfMap(map) ?? UTC;
    return atInstant(seconds + floorDiv(nano, NANOS_PER_SECOND), floorMod(nano, NANOS_PER_SECOND), zone.zone, zone.offset);
  }
  checkKeys(map, [...DATE_KEYS, ...TIME_KEYS, 'timezone', 'date', 'time', 'datetime']);
  const datetimeBase = temporalOf(map, 'datetime');
  const dateBase = temporalOf(map, 'date') ?? datetimeBase;
  let timeBase = temporalOf(map, 'time') ?? datetimeBase;
  const zoneGiven = zoneOfMap(map);
  // A new time zone for a base that has one: the same instant in the new zone, then the overrides.
  if (zoneGiven && timeBase && hasZone(timeBase) && kind === 'Time') timeBase = convertZone(timeBase, zoneGiven);
  const needsDate = kind === 'Date' || kind === 'LocalDateTime' || kind === 'DateTime';
  const needsTime = kind !== 'Date';
  if (!needsDate && DATE_KEYS.some((k) => map.has(k))) throw new TemporalError(`A ${kind} has no date fields`);
  if (!needsTime && TIME_KEYS.some((k) => map.has(k))) throw new TemporalError(`A ${kind} has no time fields`);
  if (dateBase && !hasDate(dateBase)) throw new TemporalError(`${dateBase.kind} has no date`);
  if (timeBase && !hasTime(timeBase)) throw new TemporalError(`${timeBase.kind} has no time`);
  const day = needsDate ? dateFromMap(map, dateBase ? dayOf(dateBase) : undefined) : 0;
  const originalTime = temporalOf(map, 'time') ?? datetimeBase;
  if (kind === 'DateTime' && zoneGiven && originalTime && hasZone(originalTime)) {
    // As Neo4j: the base's wall clock on the new date in the base's zone, that instant in the new
    // zone, then the time fields (TCK Temporal3 [10]).
    const there = inZone(day, nanoOf(originalTime), zoneOfValue(originalTime)!);
    const here = convertZone(there, zoneGiven) as DateTime;
    return inZone(here.day, timeFromMap(map, here.nano), zoneGiven);
  }
  const nano = needsTime ? timeFromMap(map, timeBase ? nanoOf(timeBase) : undefined) : 0;
  switch (kind) {
    case 'Date':
      return { kind, day };
    case 'LocalTime':
      return { kind, nano };
    case 'LocalDateTime':
      return { kind, day, nano };
    case 'Time': {
      // A zoned base gives its offset at its instant; a named zone given for a time of day would
      // need a date to know its offset.
      if (zoneGiven?.zone) throw new TemporalUnsupported('time() in a named time zone');
      const zone = zoneGiven ?? (timeBase && zoneOfValue(timeBase)) ?? UTC;
      return { kind, nano, offset: zone.offset };
    }
    default: {
      const zone = zoneGiven ?? (timeBase && zoneOfValue(timeBase)) ?? UTC;
      return inZone(day, nano, zone);
    }
  }
}

/** date(x), localtime(x), ...: a value of another temporal type, converted. */
export function fromValue(kind: TemporalKind, v: Temporal): Temporal {
  if (kind === 'Duration') {
    if (v.kind !== 'Duration') throw new TemporalError(`Cannot construct a duration from a ${v.kind}`);
    return v;
  }
  if (v.kind === 'Duration') throw new TemporalError(`Cannot construct a ${kind} from a duration`);
  switch (kind) {
    case 'Date':
      return { kind, day: dayOf(v) };
    case 'LocalTime':
      if (!hasTime(v)) throw new TemporalError(`Cannot construct a local time from a ${v.kind}`);
      return { kind, nano: nanoOf(v) };
    case 'Time':
      if (!hasTime(v)) throw new TemporalError(`Cannot construct a time from a ${v.kind}`);
      return { kind, nano: nanoOf(v), offset: zoneOfValue(v)?.offset ?? 0 };
    case 'LocalDateTime':
      return { kind, day: dayOf(v), nano: nanoOf(v) };
    default:
      if (v.kind === 'DateTime') return v;
      return inZone(dayOf(v), nanoOf(v), UTC);
  }
}

export function fromText(kind: TemporalKind, text: string): Temporal {
  return parseTemporalText(kind, text);
}

const DATE_UNITS = ['millennium', 'century', 'decade', 'year', 'weekyear', 'quarter', 'month', 'week', 'day'];
const TIME_UNITS: Record<string, number> = {
  hour: 3600 * NANOS_PER_SECOND,
  minute: 60 * NANOS_PER_SECOND,
  second: NANOS_PER_SECOND,
  millisecond: 1_000_000,
  microsecond: 1000,
};

function truncateDay(unit: string, day: number): number {
  const { year, month } = civilFromDays(day);
  const yearStart = (y: number) => {
    checkRange('Year', y, MIN_YEAR, MAX_YEAR);
    return daysFromCivil(y, 1, 1);
  };
  switch (unit) {
    case 'millennium':
      return yearStart(floorDiv(year, 1000) * 1000);
    case 'century':
      return yearStart(floorDiv(year, 100) * 100);
    case 'decade':
      return yearStart(floorDiv(year, 10) * 10);
    case 'year':
      return yearStart(year);
    case 'weekyear':
      return weekOneMonday(isoWeek(day).weekYear);
    case 'quarter':
      return daysFromCivil(year, Math.floor((month - 1) / 3) * 3 + 1, 1);
    case 'month':
      return daysFromCivil(year, month, 1);
    case 'week':
      return day - dayOfWeek(day) + 1;
    default:
      return day;
  }
}

/** date.truncate(unit, value, map) and its relatives. */
export function truncate(kind: TemporalKind, unitText: string, v: Temporal, map: ComponentMap): Temporal {
  const unit = unitText.toLowerCase();
  const dateUnit = DATE_UNITS.includes(unit);
  if (!dateUnit && TIME_UNITS[unit] === undefined) throw new TemporalError(`Unsupported unit: ${unitText}`);
  if (v.kind === 'Duration') throw new TemporalError('Cannot truncate a duration');
  const dated = kind === 'Date' || kind === 'LocalDateTime' || kind === 'DateTime';
  if (kind === 'Date' && !dateUnit) throw new TemporalError(`Cannot truncate a date to the unit ${unitText}`);
  if (!dated && dateUnit && unit !== 'day') throw new TemporalError(`Cannot truncate a time to the unit ${unitText}`);
  if (dated && !hasDate(v)) throw new TemporalError(`Cannot truncate a ${v.kind} to a date`);
  const day = dated ? truncateDay(unit, dayOf(v)) : 0;
  const nano = dateUnit ? 0 : Math.floor(nanoOf(v) / TIME_UNITS[unit]) * TIME_UNITS[unit];
  const zoneGiven = zoneOfMap(map);
  const rest = new Map([...map].filter(([k]) => k !== 'timezone'));
  const d = dated && [...rest.keys()].some((k) => DATE_KEYS.includes(k)) ? dateFromMap(rest, day) : day;
  let n = kind !== 'Date' && [...rest.keys()].some((k) => TIME_KEYS.includes(k)) ? timeFromMap(rest, nano) : nano;
  // Sub-second fields below the unit fill the digits the truncation cleared (`{nanosecond: 2}` after
  // 'millisecond': .645000002), as on Neo4j.
  const sub = ['millisecond', 'microsecond', 'nanosecond'].filter((k) => rest.has(k));
  if (sub.length && kind !== 'Date')
    n =
      timeFromMap(new Map([...rest].filter(([k]) => !sub.includes(k))), nano) + timeFromMap(new Map(sub.map((k) => [k, rest.get(k)!])), 0);
  checkKeys(rest, kind === 'Date' ? DATE_KEYS : kind === 'LocalTime' || kind === 'Time' ? TIME_KEYS : [...DATE_KEYS, ...TIME_KEYS]);
  const zone = zoneGiven ?? zoneOfValue(v) ?? UTC;
  switch (kind) {
    case 'Date':
      return { kind, day: d };
    case 'LocalTime':
      return { kind, nano: n };
    case 'LocalDateTime':
      return { kind, day: d, nano: n };
    case 'Time':
      if (zone.zone) {
        if (v.kind !== 'DateTime' || zoneGiven) throw new TemporalUnsupported('time.truncate() in a named time zone');
        return { kind, nano: n, offset: v.offset };
      }
      return { kind, nano: n, offset: zone.offset };
    default:
      return inZone(d, n, zone);
  }
}

/** datetime.fromepoch(seconds, nanos), datetime.fromepochmillis(millis): UTC. */
export function fromEpoch(seconds: number, nanos: number): Temporal {
  if (!Number.isSafeInteger(seconds) || !Number.isSafeInteger(nanos)) throw new TemporalError('epoch values must be integers');
  return atInstant(seconds + floorDiv(nanos, NANOS_PER_SECOND), floorMod(nanos, NANOS_PER_SECOND), undefined, 0);
}

export { SECONDS_PER_DAY };
