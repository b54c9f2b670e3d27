/**
 * Cypher's temporal values (Neo4j's Date, LocalTime, Time, LocalDateTime, DateTime, Duration) as
 * the translation computes them when a temporal function's arguments are known before the query
 * runs: the proleptic ISO calendar, nanosecond times, fixed offsets and IANA zones (through the
 * ICU data of Intl, which holds the historical offsets Neo4j's java.time gives, LMT included), and
 * the canonical text Neo4j's toString writes. A value leaves as the typed JSON of docs/values.md:
 * {"$type": "Date", "_value": "2015-07-21"}.
 */

/** A Cypher error of the query (400 CYPHER_ERROR): an invalid component, an unparsable text. */
export class TemporalError extends Error {}
/** A combination the translation does not compute (400 CYPHER_UNSUPPORTED): never a guess. */
export class TemporalUnsupported extends Error {}

export type Temporal =
  | { kind: 'Date'; day: number }
  | { kind: 'LocalTime'; nano: number }
  | { kind: 'Time'; nano: number; offset: number }
  | { kind: 'LocalDateTime'; day: number; nano: number }
  /** day and nano are local (wall clock) at `offset` seconds east of UTC; `zone` a named zone, if any. */
  | { kind: 'DateTime'; day: number; nano: number; offset: number; zone?: string }
  /** Neo4j's normalised form: 0 <= nanos < 1e9, seconds carries the sign. */
  | { kind: 'Duration'; months: number; days: number; seconds: number; nanos: number };

export type TemporalKind = Temporal['kind'];
export type DateTime = Extract<Temporal, { kind: 'DateTime' }>;
export type Duration = Extract<Temporal, { kind: 'Duration' }>;

export const NANOS_PER_SECOND = 1_000_000_000;
export const SECONDS_PER_DAY = 86_400;
export const NANOS_PER_DAY = 86_400 * NANOS_PER_SECOND;
export const MIN_YEAR = -999_999_999;
export const MAX_YEAR = 999_999_999;

export const floorDiv = (a: number, b: number) => Math.floor(a / b);
export const floorMod = (a: number, b: number) => a - Math.floor(a / b) * b;

// ---------------------------------------------------------------------------------------------
// The calendar (days since 1970-01-01, any year of the range)

export function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

export function civilFromDays(days: number): { year: number; month: number; day: number } {
  const z = days + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  return { year: month <= 2 ? era * 400 + yoe + 1 : era * 400 + yoe, month, day };
}

export const isLeap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
export const monthLength = (y: number, m: number) => (m === 2 ? (isLeap(y) ? 29 : 28) : [4, 6, 9, 11].includes(m) ? 30 : 31);
/** ISO day of week, Monday 1 ... Sunday 7 (1970-01-01 was a Thursday). */
export const dayOfWeek = (day: number) => floorMod(day + 3, 7) + 1;

/** The ISO week-based year and week of a day. */
export function isoWeek(day: number): { weekYear: number; week: number } {
  const thursday = day - dayOfWeek(day) + 4;
  const weekYear = civilFromDays(thursday).year;
  return { weekYear, week: Math.floor((thursday - daysFromCivil(weekYear, 1, 1)) / 7) + 1 };
}

/** Monday of week 1 of an ISO week-based year. */
export function weekOneMonday(weekYear: number): number {
  const jan4 = daysFromCivil(weekYear, 1, 4);
  return jan4 - dayOfWeek(jan4) + 1;
}

export const weeksInYear = (weekYear: number) => isoWeek(daysFromCivil(weekYear, 12, 28)).week;

export function checkRange(name: string, value: number, min: number, max: number): number {
  if (!Number.isInteger(value) || value < min || value > max)
    throw new TemporalError(`Invalid value for ${name} (valid values ${min} - ${max}): ${value}`);
  return value;
}

export function dateOf(year: number, month: number, day: number): number {
  checkRange('Year', year, MIN_YEAR, MAX_YEAR);
  checkRange('MonthOfYear', month, 1, 12);
  checkRange('DayOfMonth', day, 1, 31);
  if (day > monthLength(year, month)) throw new TemporalError(`Invalid date '${year}-${month}-${day}'`);
  return daysFromCivil(year, month, day);
}

export function nanoOfDay(hour: number, minute: number, second: number, nano: number): number {
  checkRange('HourOfDay', hour, 0, 23);
  checkRange('MinuteOfHour', minute, 0, 59);
  checkRange('SecondOfMinute', second, 0, 59);
  checkRange('NanoOfSecond', nano, 0, NANOS_PER_SECOND - 1);
  return ((hour * 60 + minute) * 60 + second) * NANOS_PER_SECOND + nano;
}

export function timeParts(nano: number): { hour: number; minute: number; second: number; nano: number } {
  const secondOfDay = Math.floor(nano / NANOS_PER_SECOND);
  return {
    hour: Math.floor(secondOfDay / 3600),
    minute: Math.floor(secondOfDay / 60) % 60,
    second: secondOfDay % 60,
    nano: nano % NANOS_PER_SECOND,
  };
}

// ---------------------------------------------------------------------------------------------
// Zones

const zoneFormats = new Map<string, Intl.DateTimeFormat>();

function zoneFormat(zone: string): Intl.DateTimeFormat {
  let format = zoneFormats.get(zone);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' });
    } catch {
      throw new TemporalError(`Invalid value for TimeZone: Text '${zone}' could not be parsed`);
    }
    zoneFormats.set(zone, format);
  }
  return format;
}

/** A zone name Intl knows (checked), as written. */
export function checkZone(zone: string): string {
  zoneFormat(zone);
  return zone;
}

const JS_DATE_LIMIT_DAYS = 100_000_000;

/** The offset (seconds east of UTC) of a named zone at an instant (epoch seconds). */
export function zoneOffsetAt(zone: string, epochSecond: number): number {
  const days = Math.floor(epochSecond / SECONDS_PER_DAY);
  if (Math.abs(days) >= JS_DATE_LIMIT_DAYS) throw new TemporalUnsupported(`A named time zone this far from today`);
  const part = zoneFormat(zone)
    .formatToParts(new Date(epochSecond * 1000))
    .find((p) => p.type === 'timeZoneName')?.value;
  const m = /^GMT(?:([+-])(\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(part ?? '');
  if (!m) throw new TemporalUnsupported(`The time zone ${zone}`);
  if (!m[1]) return 0;
  const seconds = Number(m[2]) * 3600 + Number(m[3]) * 60 + Number(m[4] ?? 0);
  return m[1] === '-' ? -seconds : seconds;
}

/**
 * The offset a local date-time has in a zone, as java.time resolves it: in an overlap the earlier
 * offset (or `preferred` when it is one of the two), in a gap the wall clock moves on by the gap.
 */
export function resolveLocal(zone: string, day: number, nano: number, preferred?: number): { day: number; nano: number; offset: number } {
  const local = day * SECONDS_PER_DAY + Math.floor(nano / NANOS_PER_SECOND);
  const candidates = new Set<number>();
  for (const probe of [local - 86400, local, local + 86400]) candidates.add(zoneOffsetAt(zone, probe));
  const valid = [...candidates].filter((o) => zoneOffsetAt(zone, local - o) === o).sort((a, b) => b - a);
  if (valid.length > 0) {
    const offset = preferred !== undefined && valid.includes(preferred) ? preferred : valid[0];
    return { day, nano, offset };
  }
  // A gap: the offset before it, the wall clock moved on by the gap's length.
  const before = zoneOffsetAt(zone, local - Math.max(...candidates) - 86400);
  const after = zoneOffsetAt(zone, local - before);
  const shifted = local + (after - before);
  return {
    day: Math.floor(shifted / SECONDS_PER_DAY),
    nano: floorMod(shifted, SECONDS_PER_DAY) * NANOS_PER_SECOND + (nano % NANOS_PER_SECOND),
    offset: after,
  };
}

/** A date-time at an instant (epoch seconds and nanos) in a zone or at an offset. */
export function atInstant(epochSecond: number, nano: number, zone: string | undefined, offset: number): DateTime {
  const off = zone ? zoneOffsetAt(zone, epochSecond) : offset;
  const local = epochSecond + off;
  return {
    kind: 'DateTime',
    day: Math.floor(local / SECONDS_PER_DAY),
    nano: floorMod(local, SECONDS_PER_DAY) * NANOS_PER_SECOND + nano,
    offset: off,
    zone,
  };
}

export function epochSecondOf(v: { day: number; nano: number; offset: number }): number {
  return v.day * SECONDS_PER_DAY + Math.floor(v.nano / NANOS_PER_SECOND) - v.offset;
}

/** A zone or an offset, as `timezone` components and zone names are written. */
export function parseZone(text: string): { zone?: string; offset: number } {
  const offset = parseOffset(text);
  if (offset !== undefined) return { offset };
  if (/^(UTC|GMT|UT)$/i.test(text)) return { offset: 0, zone: text.toUpperCase() };
  const zone = checkZone(text);
  return { zone, offset: 0 };
}

export function parseOffset(text: string): number | undefined {
  if (text === 'Z' || text === 'z') return 0;
  const m = /^([+-])(\d{2})(?::?(\d{2})(?::?(\d{2}))?)?$/.exec(text);
  if (!m) return undefined;
  const hours = Number(m[2]);
  const minutes = Number(m[3] ?? 0);
  const seconds = Number(m[4] ?? 0);
  if (hours > 18 || minutes > 59 || seconds > 59 || (hours === 18 && (minutes > 0 || seconds > 0)))
    throw new TemporalError(`Invalid offset ${text}`);
  const total = hours * 3600 + minutes * 60 + seconds;
  return m[1] === '-' ? -total : total;
}

// ---------------------------------------------------------------------------------------------
// Text (java.time's toString, as Neo4j writes its values)

const pad = (n: number, width: number) => String(Math.abs(n)).padStart(width, '0');

export function formatDate(day: number): string {
  const { year, month, day: d } = civilFromDays(day);
  const y = year > 9999 ? `+${year}` : year < 0 ? `-${pad(year, 4)}` : pad(year, 4);
  return `${y}-${pad(month, 2)}-${pad(d, 2)}`;
}

export function formatTime(nano: number): string {
  const p = timeParts(nano);
  let text = `${pad(p.hour, 2)}:${pad(p.minute, 2)}`;
  if (p.second === 0 && p.nano === 0) return text;
  text += `:${pad(p.second, 2)}`;
  if (p.nano === 0) return text;
  if (p.nano % 1_000_000 === 0) return `${text}.${pad(p.nano / 1_000_000, 3)}`;
  if (p.nano % 1000 === 0) return `${text}.${pad(p.nano / 1000, 6)}`;
  return `${text}.${pad(p.nano, 9)}`;
}

export function formatOffset(offset: number): string {
  if (offset === 0) return 'Z';
  const a = Math.abs(offset);
  const text = `${offset < 0 ? '-' : '+'}${pad(Math.floor(a / 3600), 2)}:${pad(Math.floor(a / 60) % 60, 2)}`;
  return a % 60 ? `${text}:${pad(a % 60, 2)}` : text;
}

function fraction(nanos: number): string {
  let digits = pad(Math.abs(nanos), 9);
  while (digits.endsWith('0')) digits = digits.slice(0, -1);
  return `.${digits}`;
}

export function formatDuration(v: Duration): string {
  const { months, days } = v;
  let seconds = v.seconds;
  let nanos = v.nanos;
  let text = 'P';
  const unit = (q: number, u: string) => (q !== 0 ? `${q}${u}` : '');
  text += unit(Math.trunc(months / 12), 'Y') + unit(months % 12, 'M') + unit(days, 'D');
  if (seconds !== 0 || nanos !== 0) {
    if (seconds < 0 && nanos !== 0) {
      seconds += 1;
      nanos -= NANOS_PER_SECOND;
    }
    text += 'T' + unit(Math.trunc(seconds / 3600), 'H');
    seconds %= 3600;
    text += unit(Math.trunc(seconds / 60), 'M');
    seconds %= 60;
    if (seconds !== 0) text += `${seconds}${nanos !== 0 ? fraction(nanos) : ''}S`;
    else if (nanos !== 0) text += `${nanos < 0 ? '-' : ''}0${fraction(nanos)}S`;
  }
  return text === 'P' ? 'PT0S' : text;
}

export function formatTemporal(v: Temporal): string {
  switch (v.kind) {
    case 'Date':
      return formatDate(v.day);
    case 'LocalTime':
      return formatTime(v.nano);
    case 'Time':
      return formatTime(v.nano) + formatOffset(v.offset);
    case 'LocalDateTime':
      return `${formatDate(v.day)}T${formatTime(v.nano)}`;
    case 'DateTime':
      return `${formatDate(v.day)}T${formatTime(v.nano)}${formatOffset(v.offset)}${v.zone ? `[${v.zone}]` : ''}`;
    case 'Duration':
      return formatDuration(v);
  }
}

// ---------------------------------------------------------------------------------------------
// Typed JSON (docs/values.md)

export interface TypedJson {
  $type: string;
  _value: string;
}

export function isTypedJson(value: unknown): value is TypedJson {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const keys = Object.keys(value);
  return (
    keys.length === 2 &&
    typeof (value as TypedJson).$type === 'string' &&
    typeof (value as TypedJson)._value === 'string' &&
    keys.includes('$type') &&
    keys.includes('_value')
  );
}

export function typeName(v: Temporal): string {
  return v.kind === 'DateTime' ? (v.zone ? 'ZonedDateTime' : 'OffsetDateTime') : v.kind;
}

export function toTypedJson(v: Temporal): TypedJson {
  return { $type: typeName(v), _value: formatTemporal(v) };
}

export function durationOf(months: number, days: number, seconds: number, nanos: number): Duration {
  const s = seconds + Math.floor(nanos / NANOS_PER_SECOND);
  const n = floorMod(nanos, NANOS_PER_SECOND);
  for (const x of [months, days, s]) {
    if (!Number.isSafeInteger(x)) throw new TemporalUnsupported('A duration this large');
  }
  return { kind: 'Duration', months, days, seconds: s, nanos: n };
}
