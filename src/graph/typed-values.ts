import { floatLiteral } from '../exact-json';

/**
 * Temporal values and points in Neo4j's Query API typed JSON (docs/values.md):
 * `{"$type": T, "_value": text}`. Parsed into parts (for the Neo4j driver's types and for checks)
 * and written back in the canonical text Neo4j's toString gives, so two equal values have equal
 * text on both backends (jsonb equality on PostgreSQL is then Cypher's equality).
 */

export const TYPED_VALUE_TYPES = [
  'Date',
  'Time',
  'LocalTime',
  'OffsetDateTime',
  'ZonedDateTime',
  'LocalDateTime',
  'Duration',
  'Point',
] as const;
export type TypedValueType = (typeof TYPED_VALUE_TYPES)[number];

export interface TypedValue {
  $type: TypedValueType;
  _value: string;
}

const TYPES: ReadonlySet<string> = new Set(TYPED_VALUE_TYPES);

/** An object with exactly the keys $type and _value (whatever they hold): meant as a typed value. */
export function hasTypedShape(value: unknown): value is { $type: unknown; _value: unknown } {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const keys = Object.keys(value);
  return keys.length === 2 && '$type' in value && '_value' in value;
}

/** A typed value of a known type with a text value (not yet checked to parse). */
export function isTypedValue(value: unknown): value is TypedValue {
  return hasTypedShape(value) && typeof value._value === 'string' && typeof value.$type === 'string' && TYPES.has(value.$type);
}

export interface DateParts {
  year: number;
  month: number;
  day: number;
}

export interface TimeParts {
  hour: number;
  minute: number;
  second: number;
  nanosecond: number;
}

export interface DurationParts {
  months: number;
  days: number;
  /** Seconds and nanoseconds together, as nanoseconds. */
  nanos: bigint;
}

export interface PointParts {
  srid: number;
  x: number;
  y: number;
  z?: number;
}

export type ParsedTypedValue =
  | { type: 'Date'; date: DateParts }
  | { type: 'LocalTime'; time: TimeParts }
  | { type: 'Time'; time: TimeParts; offsetSeconds: number }
  | { type: 'LocalDateTime'; date: DateParts; time: TimeParts }
  | { type: 'OffsetDateTime'; date: DateParts; time: TimeParts; offsetSeconds: number }
  | { type: 'ZonedDateTime'; date: DateParts; time: TimeParts; offsetSeconds: number; zone: string }
  | { type: 'Duration'; duration: DurationParts }
  | { type: 'Point'; point: PointParts };

/** Thrown by parseTypedValue: why the text is not a value of its type (a sentence fragment). */
export class TypedValueError extends Error {}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^(\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?$/;
const OFFSET = /(Z|[+-]\d{2}(?::?\d{2}(?::?\d{2})?)?)$/;
const ZONE = /\[([A-Za-z0-9_+\-/]{1,64})\]$/;
const DURATION =
  /^(-)?P(?:(-?\d+)Y)?(?:(-?\d+)M)?(?:(-?\d+)W)?(?:(-?\d+)D)?(?:T(?:(-?\d+)H)?(?:(-?\d+)M)?(?:(-?\d+)(?:[.,](\d{1,9}))?S)?)?$/;
const NUMBER = '[-+]?(?:\\d+(?:\\.\\d*)?|\\.\\d+)(?:[eE][-+]?\\d+)?';
const POINT = new RegExp(`^SRID=(\\d+);\\s*POINT\\s*(Z\\s*)?\\(\\s*(${NUMBER})\\s+(${NUMBER})(?:\\s+(${NUMBER}))?\\s*\\)$`, 'i');
const MAX_OFFSET = 18 * 3600;
const SRIDS: Record<number, { dimensions: 2 | 3; geographic: boolean }> = {
  7203: { dimensions: 2, geographic: false },
  9157: { dimensions: 3, geographic: false },
  4326: { dimensions: 2, geographic: true },
  4979: { dimensions: 3, geographic: true },
};

function fail(reason: string): never {
  throw new TypedValueError(reason);
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

function parseDate(text: string): DateParts {
  const m = DATE.exec(text);
  if (!m) fail('a date is written YYYY-MM-DD with a year from 0000 to 9999');
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) fail(`${text} is not a day of the calendar`);
  return { year, month, day };
}

function parseTime(text: string): TimeParts {
  const m = TIME.exec(text);
  if (!m) fail('a time is written HH:MM, HH:MM:SS or HH:MM:SS.fffffffff');
  const time = { hour: Number(m[1]), minute: Number(m[2]), second: Number(m[3] ?? 0), nanosecond: Number((m[4] ?? '').padEnd(9, '0')) };
  if (time.hour > 23 || time.minute > 59 || time.second > 59) fail(`${text} is not a time of day`);
  return time;
}

function parseOffset(text: string): number {
  if (text === 'Z') return 0;
  const digits = text.slice(1).replace(/:/g, '');
  const seconds = Number(digits.slice(0, 2)) * 3600 + Number(digits.slice(2, 4) || 0) * 60 + Number(digits.slice(4, 6) || 0);
  if (seconds > MAX_OFFSET) fail('an offset is at most 18 hours');
  return text.startsWith('-') ? -seconds : seconds;
}

/** Splits `<date>T<time><offset>[zone]` into its pieces; offset and zone optional. */
function splitDateTime(text: string): { date: DateParts; time: TimeParts; offset?: number; zone?: string } {
  let rest = text;
  let zone: string | undefined;
  const zoneMatch = ZONE.exec(rest);
  if (zoneMatch) {
    zone = zoneMatch[1];
    rest = rest.slice(0, zoneMatch.index);
  }
  const t = rest.indexOf('T');
  if (t < 0) fail('a datetime is written <date>T<time>');
  const date = parseDate(rest.slice(0, t));
  let timeText = rest.slice(t + 1);
  let offset: number | undefined;
  const offsetMatch = OFFSET.exec(timeText);
  // An offset follows the time; "12:30" alone ends in digits the offset pattern must not take.
  if (offsetMatch && (offsetMatch[1] === 'Z' || offsetMatch.index >= 5)) {
    offset = parseOffset(offsetMatch[1]);
    timeText = timeText.slice(0, offsetMatch.index);
  }
  return { date, time: parseTime(timeText), offset, zone };
}

const zoneFormats = new Map<string, Intl.DateTimeFormat>();

function zoneFormat(zone: string): Intl.DateTimeFormat {
  let format = zoneFormats.get(zone);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat('en-US', {
        timeZone: zone,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        second: 'numeric',
      });
    } catch {
      fail(`${zone} is not a known time zone`);
    }
    if (zoneFormats.size > 1000) zoneFormats.clear();
    zoneFormats.set(zone, format);
  }
  return format;
}

/** The offset (seconds) of a region zone at an instant (epoch milliseconds). */
export function zoneOffsetAt(zone: string, epochMillis: number): number {
  const parts: Record<string, number> = {};
  for (const part of zoneFormat(zone).formatToParts(new Date(epochMillis))) parts[part.type] = Number(part.value);
  const local = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second);
  return Math.round((local - Math.floor(epochMillis / 1000) * 1000) / 1000);
}

function localEpochMillis(date: DateParts, time: TimeParts): number {
  const d = new Date(0);
  d.setUTCFullYear(date.year, date.month - 1, date.day);
  d.setUTCHours(time.hour, time.minute, time.second, 0);
  return d.getTime();
}

/** The offset a region zone has at a local date and time (the earlier one in an overlap, as java.time). */
export function zoneOffsetForLocal(zone: string, date: DateParts, time: TimeParts): number {
  const local = localEpochMillis(date, time);
  const first = zoneOffsetAt(zone, local);
  const second = zoneOffsetAt(zone, local - first * 1000);
  return first === second ? first : Math.max(first, second);
}

function parseDuration(text: string): DurationParts {
  const m = DURATION.exec(text);
  if (!m || text === 'P' || text.endsWith('T') || text === '-P') fail('a duration is written in ISO 8601, as P1Y2M3DT4H5M6.5S');
  const n = (i: number): number => Number(m[i] ?? 0);
  const sign = m[1] ? -1 : 1;
  const months = sign * (n(2) * 12 + n(3));
  const days = sign * (n(4) * 7 + n(5));
  const secondsText = m[8] ?? '0';
  const fraction = BigInt((m[9] ?? '').padEnd(9, '0'));
  const wholeSeconds = BigInt(n(6)) * 3600n + BigInt(n(7)) * 60n + BigInt(secondsText);
  let nanos = wholeSeconds * 1_000_000_000n + (secondsText.startsWith('-') ? -fraction : fraction);
  if (sign < 0) nanos = -nanos;
  if (!Number.isSafeInteger(months) || !Number.isSafeInteger(days)) fail('a duration is too long');
  if (nanos > 2n ** 63n * 1_000_000_000n || nanos < -(2n ** 63n) * 1_000_000_000n) fail('a duration is too long');
  return { months, days, nanos };
}

function parsePoint(text: string): PointParts {
  const m = POINT.exec(text);
  if (!m) fail('a point is written SRID=<srid>;POINT (x y) or SRID=<srid>;POINT Z (x y z)');
  const srid = Number(m[1]);
  const crs = SRIDS[srid];
  if (!crs) fail('the SRID of a point is 7203, 9157 (cartesian), 4326 or 4979 (WGS-84)');
  const coordinates = [m[3], m[4], m[5]].filter((c): c is string => c !== undefined).map(Number);
  if (coordinates.length !== crs.dimensions || (crs.dimensions === 3) !== Boolean(m[2]))
    fail(`a point of SRID ${srid} has ${crs.dimensions} coordinates${crs.dimensions === 3 ? ' (POINT Z)' : ''}`);
  if (coordinates.some((c) => !Number.isFinite(c))) fail('coordinates are finite numbers');
  const [x, y, z] = coordinates;
  if (crs.geographic && (y < -90 || y > 90 || x < -180 || x > 180))
    fail('a WGS-84 point has a longitude within ±180 and a latitude within ±90');
  return z === undefined ? { srid, x, y } : { srid, x, y, z };
}

/** Parses a typed value; throws TypedValueError naming what is wrong. */
export function parseTypedValue(value: TypedValue): ParsedTypedValue {
  const text = value._value.trim();
  switch (value.$type) {
    case 'Date':
      return { type: 'Date', date: parseDate(text) };
    case 'LocalTime':
      return { type: 'LocalTime', time: parseTime(text) };
    case 'Time': {
      const m = OFFSET.exec(text);
      if (!m || (m[1] !== 'Z' && m.index < 5)) fail('a time with a zone is written HH:MM:SS+hh:mm (or Z)');
      return { type: 'Time', time: parseTime(text.slice(0, m.index)), offsetSeconds: parseOffset(m[1]) };
    }
    case 'LocalDateTime': {
      const parts = splitDateTime(text);
      if (parts.offset !== undefined || parts.zone !== undefined) fail('a local datetime has no offset or zone');
      return { type: 'LocalDateTime', date: parts.date, time: parts.time };
    }
    case 'OffsetDateTime': {
      const parts = splitDateTime(text);
      if (parts.offset === undefined || parts.zone !== undefined)
        fail('an offset datetime ends in its offset (Z or +hh:mm) and names no zone');
      return { type: 'OffsetDateTime', date: parts.date, time: parts.time, offsetSeconds: parts.offset };
    }
    case 'ZonedDateTime': {
      const parts = splitDateTime(text);
      if (parts.zone === undefined) fail('a zoned datetime ends in its zone, as [Europe/London]');
      const local = localEpochMillis(parts.date, parts.time);
      // A given offset must be the zone's at that instant (either one in an autumn overlap).
      if (parts.offset !== undefined && zoneOffsetAt(parts.zone, local - parts.offset * 1000) !== parts.offset)
        fail(`the offset does not match the zone ${parts.zone} at that time`);
      const offset = parts.offset ?? zoneOffsetForLocal(parts.zone, parts.date, parts.time);
      return { type: 'ZonedDateTime', date: parts.date, time: parts.time, offsetSeconds: offset, zone: parts.zone };
    }
    case 'Duration':
      return { type: 'Duration', duration: parseDuration(text) };
    case 'Point':
      return { type: 'Point', point: parsePoint(text) };
  }
}

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

export function formatDate(date: DateParts): string {
  return `${pad(date.year, 4)}-${pad(date.month)}-${pad(date.day)}`;
}

/** java.time's LocalTime.toString: seconds only when not zero, the fraction in groups of three digits. */
export function formatTime(time: TimeParts): string {
  let text = `${pad(time.hour)}:${pad(time.minute)}`;
  if (time.second === 0 && time.nanosecond === 0) return text;
  text += `:${pad(time.second)}`;
  if (time.nanosecond === 0) return text;
  const nanos = pad(time.nanosecond, 9);
  if (time.nanosecond % 1_000_000 === 0) return `${text}.${nanos.slice(0, 3)}`;
  if (time.nanosecond % 1000 === 0) return `${text}.${nanos.slice(0, 6)}`;
  return `${text}.${nanos}`;
}

export function formatOffset(seconds: number): string {
  if (seconds === 0) return 'Z';
  const abs = Math.abs(seconds);
  const text = `${seconds < 0 ? '-' : '+'}${pad(Math.floor(abs / 3600))}:${pad(Math.floor((abs % 3600) / 60))}`;
  return abs % 60 === 0 ? text : `${text}:${pad(abs % 60)}`;
}

/** Neo4j's Duration.toString: years and months, days, then hours, minutes and seconds, each with its sign; PT0S for zero. */
export function formatDuration(duration: DurationParts): string {
  let text = 'P';
  const years = Math.trunc(duration.months / 12);
  const months = duration.months % 12;
  if (years !== 0) text += `${years}Y`;
  if (months !== 0) text += `${months}M`;
  if (duration.days !== 0) text += `${duration.days}D`;
  if (duration.nanos !== 0n) {
    const negative = duration.nanos < 0n;
    const abs = negative ? -duration.nanos : duration.nanos;
    const sign = negative ? '-' : '';
    let seconds = abs / 1_000_000_000n;
    const fraction = abs % 1_000_000_000n;
    const hours = seconds / 3600n;
    seconds %= 3600n;
    const minutes = seconds / 60n;
    seconds %= 60n;
    text += 'T';
    if (hours !== 0n) text += `${sign}${hours}H`;
    if (minutes !== 0n) text += `${sign}${minutes}M`;
    if (seconds !== 0n || fraction !== 0n) {
      const decimals = fraction === 0n ? '' : `.${fraction.toString().padStart(9, '0').replace(/0+$/, '')}`;
      text += `${sign}${seconds}${decimals}S`;
    }
  }
  return text === 'P' ? 'PT0S' : text;
}

export function formatPoint(point: PointParts): string {
  return point.z === undefined
    ? `SRID=${point.srid};POINT (${floatLiteral(point.x)} ${floatLiteral(point.y)})`
    : `SRID=${point.srid};POINT Z (${floatLiteral(point.x)} ${floatLiteral(point.y)} ${floatLiteral(point.z)})`;
}

/** The canonical typed value of parsed parts. */
export function formatTypedValue(parsed: ParsedTypedValue): TypedValue {
  switch (parsed.type) {
    case 'Date':
      return { $type: 'Date', _value: formatDate(parsed.date) };
    case 'LocalTime':
      return { $type: 'LocalTime', _value: formatTime(parsed.time) };
    case 'Time':
      return { $type: 'Time', _value: formatTime(parsed.time) + formatOffset(parsed.offsetSeconds) };
    case 'LocalDateTime':
      return { $type: 'LocalDateTime', _value: `${formatDate(parsed.date)}T${formatTime(parsed.time)}` };
    case 'OffsetDateTime':
      return {
        $type: 'OffsetDateTime',
        _value: `${formatDate(parsed.date)}T${formatTime(parsed.time)}${formatOffset(parsed.offsetSeconds)}`,
      };
    case 'ZonedDateTime':
      return {
        $type: 'ZonedDateTime',
        _value: `${formatDate(parsed.date)}T${formatTime(parsed.time)}${formatOffset(parsed.offsetSeconds)}[${parsed.zone}]`,
      };
    case 'Duration':
      return { $type: 'Duration', _value: formatDuration(parsed.duration) };
    case 'Point':
      return { $type: 'Point', _value: formatPoint(parsed.point) };
  }
}

/** The canonical form of a typed value; throws TypedValueError when its text is not a value of its type. */
export function canonicalTypedValue(value: TypedValue): TypedValue {
  return formatTypedValue(parseTypedValue(value));
}

/** The ISO 8601 (or EWKT, for points) text of a typed value, e.g. for a CSV cell. */
export function typedValueText(value: TypedValue): string {
  return value._value;
}
