import type { Duration, Temporal, TemporalKind, TypedJson } from './temporal-model';
import {
  checkRange,
  dateOf,
  dayOfWeek,
  daysFromCivil,
  durationOf,
  MAX_YEAR,
  MIN_YEAR,
  NANOS_PER_SECOND,
  nanoOfDay,
  parseOffset,
  parseZone,
  resolveLocal,
  TemporalError,
  weekOneMonday,
  weeksInYear,
} from './temporal-model';

/**
 * Temporal values from ISO 8601 text, in the forms Neo4j's date(), time(), ... accept (basic and
 * extended, week and ordinal dates, reduced precision, offsets and [zone] suffixes), and from the
 * typed JSON of docs/values.md.
 */

const YEAR = '([+-]\\d{4,9}|\\d{4})';
const DATE_FORMS: Array<[RegExp, (m: RegExpExecArray) => number]> = [
  [new RegExp(`^${YEAR}-(\\d{2})-(\\d{2})$`), (m) => dateOf(Number(m[1]), Number(m[2]), Number(m[3]))],
  [/^(\d{4})(\d{2})(\d{2})$/, (m) => dateOf(Number(m[1]), Number(m[2]), Number(m[3]))],
  [new RegExp(`^${YEAR}-?W(\\d{2})(?:-?(\\d))?$`), (m) => weekDate(Number(m[1]), Number(m[2]), Number(m[3] ?? 1))],
  [new RegExp(`^${YEAR}-(\\d{3})$`), (m) => ordinalDate(Number(m[1]), Number(m[2]))],
  [/^(\d{4})(\d{3})$/, (m) => ordinalDate(Number(m[1]), Number(m[2]))],
  [new RegExp(`^${YEAR}-(\\d{2})$`), (m) => dateOf(Number(m[1]), Number(m[2]), 1)],
  [/^(\d{4})(\d{2})$/, (m) => dateOf(Number(m[1]), Number(m[2]), 1)],
  [new RegExp(`^${YEAR}$`), (m) => dateOf(Number(m[1]), 1, 1)],
];

export function weekDate(weekYear: number, week: number, dow: number): number {
  checkRange('Year', weekYear, MIN_YEAR, MAX_YEAR);
  checkRange('Week', week, 1, weeksInYear(weekYear));
  checkRange('DayOfWeek', dow, 1, 7);
  return weekOneMonday(weekYear) + (week - 1) * 7 + dow - 1;
}

export function ordinalDate(year: number, ordinal: number): number {
  checkRange('Year', year, MIN_YEAR, MAX_YEAR);
  const length = daysFromCivil(year + 1, 1, 1) - daysFromCivil(year, 1, 1);
  checkRange('DayOfYear', ordinal, 1, length);
  return daysFromCivil(year, 1, 1) + ordinal - 1;
}

export function parseDateText(text: string): number {
  for (const [re, build] of DATE_FORMS) {
    const m = re.exec(text);
    if (m) return build(m);
  }
  throw new TemporalError(`Text cannot be parsed to a Date: ${text}`);
}

const TIME = /^(\d{2})(?::?(\d{2})(?::?(\d{2})(?:[.,](\d{1,9}))?)?)?$/;

export function parseLocalTimeText(text: string): number {
  const m = TIME.exec(text);
  if (!m) throw new TemporalError(`Text cannot be parsed to a Time: ${text}`);
  const nano = m[4] ? Number(m[4].padEnd(9, '0')) : 0;
  return nanoOfDay(Number(m[1]), Number(m[2] ?? 0), Number(m[3] ?? 0), nano);
}

/** Splits `12:00+01:00[Europe/Stockholm]` into the time, the offset text and the zone. */
function splitZone(text: string): { time: string; offset?: string; zone?: string } {
  let rest = text;
  let zone: string | undefined;
  const z = /\[([^\]]+)\]$/.exec(rest);
  if (z) {
    zone = z[1];
    rest = rest.slice(0, z.index);
  }
  const o = /(Z|z|[+-]\d{2}(?::?\d{2}(?::?\d{2})?)?)$/.exec(rest);
  // A sign inside the time part (`21:40:32`) never matches: offsets follow at least an hour.
  if (o && o.index >= 2) return { time: rest.slice(0, o.index), offset: o[1], zone };
  return { time: rest, zone };
}

export function parseTemporalText(kind: TemporalKind, text: string): Temporal {
  const s = text.trim();
  switch (kind) {
    case 'Date':
      return { kind, day: parseDateText(s) };
    case 'LocalTime':
      return { kind, nano: parseLocalTimeText(splitZone(s).time) };
    case 'Time': {
      const parts = splitZone(s);
      const offset = parts.offset !== undefined ? parseOffset(parts.offset)! : 0;
      return { kind, nano: parseLocalTimeText(parts.time), offset };
    }
    case 'LocalDateTime': {
      const [date, time] = splitDateTime(s);
      return { kind, day: parseDateText(date), nano: time === undefined ? 0 : parseLocalTimeText(splitZone(time).time) };
    }
    case 'DateTime': {
      const [date, time] = splitDateTime(s);
      const day = parseDateText(date);
      const parts = time === undefined ? { time: '00' } : splitZone(time);
      const nano = parseLocalTimeText(parts.time);
      const offset = parts.offset !== undefined ? parseOffset(parts.offset)! : undefined;
      if (parts.zone !== undefined) {
        const zone = parseZone(parts.zone);
        if (zone.zone === undefined) return { kind, day, nano, offset: zone.offset };
        const resolved = resolveLocal(zone.zone, day, nano, offset);
        return { kind, ...resolved, zone: zone.zone };
      }
      return { kind, day, nano, offset: offset ?? 0 };
    }
    case 'Duration':
      return parseDurationText(s);
  }
}

function splitDateTime(s: string): [string, string | undefined] {
  const i = s.indexOf('T');
  if (i < 0) return [s, undefined];
  return [s.slice(0, i), s.slice(i + 1)];
}

const NUM = '([-+]?\\d+(?:[.,]\\d+)?)';
const DURATION = new RegExp(`^([-+]?)P(?:${NUM}Y)?(?:${NUM}M)?(?:${NUM}W)?(?:${NUM}D)?(?:T(?:${NUM}H)?(?:${NUM}M)?(?:${NUM}S)?)?$`, 'i');
const DURATION_DATE_FORM = /^([-+]?)P(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2}(?:[.,]\d+)?)$/;

export function parseDurationText(text: string): Duration {
  const alt = DURATION_DATE_FORM.exec(text);
  if (alt) {
    const sign = alt[1] === '-' ? -1 : 1;
    const [y, mo, d, h, mi] = alt.slice(2, 7).map(Number);
    const [whole, nanos] = exactSeconds(alt[7]);
    return durationFromComponents(
      {
        years: sign * y,
        months: sign * mo,
        days: sign * d,
        hours: sign * h,
        minutes: sign * mi,
        seconds: sign * whole,
        nanoseconds: sign * nanos,
      },
      text,
    );
  }
  const m = DURATION.exec(text);
  if (!m || !/\d/.test(text) || /T$/i.test(text)) throw new TemporalError(`Text cannot be parsed to a Duration: ${text}`);
  const sign = m[1] === '-' ? -1 : 1;
  const n = (i: number) => (m[i] === undefined ? 0 : sign * Number(m[i].replace(',', '.')));
  // Seconds keep their fraction exactly (as nanoseconds), as Neo4j reads them.
  const [whole, nanos] = m[8] === undefined ? [0, 0] : exactSeconds(m[8]);
  return durationFromComponents(
    { years: n(2), months: n(3), weeks: n(4), days: n(5), hours: n(6), minutes: n(7), seconds: sign * whole, nanoseconds: sign * nanos },
    text,
  );
}

function exactSeconds(text: string): [number, number] {
  const [int, frac = ''] = text.replace(',', '.').split('.');
  const negative = int.startsWith('-');
  const whole = Math.abs(Number(int));
  const nanos = Number(frac.slice(0, 9).padEnd(9, '0'));
  return negative ? [-whole, -nanos] : [whole, nanos];
}

const AVG_SECONDS_PER_MONTH = 2_629_746;

/** Neo4j's DurationValue.approximate: fractions of a unit carried down to the smaller units. */
export function approximate(months: number, days: number, seconds: number, nanos: number): Duration {
  const monthsAsLong = Math.trunc(months);
  const nanosPerMonth = AVG_SECONDS_PER_MONTH * NANOS_PER_SECOND;
  const nanosPerDay = 86_400 * NANOS_PER_SECOND;
  days += (nanosPerMonth * months - nanosPerMonth * monthsAsLong) / nanosPerDay;
  const daysAsLong = Math.trunc(days);
  seconds += (nanosPerDay * days - nanosPerDay * daysAsLong) / NANOS_PER_SECOND;
  const secondsAsLong = Math.trunc(seconds);
  nanos += NANOS_PER_SECOND * seconds - NANOS_PER_SECOND * secondsAsLong;
  return durationOf(monthsAsLong, daysAsLong, secondsAsLong, Math.trunc(nanos));
}

export const DURATION_KEYS = [
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
];

export function durationFromComponents(c: Record<string, number>, what: string): Duration {
  for (const [k, v] of Object.entries(c)) {
    if (!DURATION_KEYS.includes(k)) throw new TemporalError(`No such field in a duration: ${k}`);
    if (typeof v !== 'number' || !Number.isFinite(v)) throw new TemporalError(`Invalid duration component ${k} in ${what}`);
  }
  const g = (k: string) => c[k] ?? 0;
  const months = g('years') * 12 + g('quarters') * 3 + g('months');
  const days = g('weeks') * 7 + g('days');
  const seconds = g('hours') * 3600 + g('minutes') * 60 + g('seconds');
  const nanos = g('milliseconds') * 1e6 + g('microseconds') * 1e3 + g('nanoseconds');
  if ([months, days, seconds, nanos].every((x) => Number.isSafeInteger(x))) return durationOf(months, days, seconds, nanos);
  return approximate(months, days, seconds, nanos);
}

const TYPE_KINDS: Record<string, TemporalKind> = {
  Date: 'Date',
  LocalTime: 'LocalTime',
  Time: 'Time',
  LocalDateTime: 'LocalDateTime',
  OffsetDateTime: 'DateTime',
  ZonedDateTime: 'DateTime',
  Duration: 'Duration',
};

/** A typed JSON value as a temporal, or undefined for another $type (a Point). */
export function fromTypedJson(value: TypedJson): Temporal | undefined {
  const kind = TYPE_KINDS[value.$type];
  return kind ? parseTemporalText(kind, value._value) : undefined;
}

export { dayOfWeek };
