import { canonicalTypedValue, TypedValueError } from './typed-values';
import type { TypedValue } from './typed-values';

const canonical = ($type: TypedValue['$type'], _value: string): string => canonicalTypedValue({ $type, _value })._value;

describe('typed values (docs/values.md)', () => {
  it("when temporal text is given in another spelling, then it is written as Neo4j's toString writes it", () => {
    expect(canonical('Date', '2015-07-21')).toBe('2015-07-21');
    expect(canonical('LocalTime', '12:31:14.645876123')).toBe('12:31:14.645876123');
    expect(canonical('LocalTime', '12:31:00')).toBe('12:31');
    expect(canonical('LocalTime', '12:31:14.5')).toBe('12:31:14.500');
    expect(canonical('LocalTime', '12:31:14.6458')).toBe('12:31:14.645800');
    expect(canonical('Time', '12:31:14.645876123+0100')).toBe('12:31:14.645876123+01:00');
    expect(canonical('Time', '12:31+00:00')).toBe('12:31Z');
    expect(canonical('LocalDateTime', '2015-07-21T12:31:14')).toBe('2015-07-21T12:31:14');
    expect(canonical('OffsetDateTime', '2015-07-21T12:31:14.645+01:00')).toBe('2015-07-21T12:31:14.645+01:00');
    expect(canonical('OffsetDateTime', '2015-07-21T12:31:14.645-00:00')).toBe('2015-07-21T12:31:14.645Z');
    expect(canonical('ZonedDateTime', '2015-07-21T12:31:14.645+01:00[Europe/London]')).toBe('2015-07-21T12:31:14.645+01:00[Europe/London]');
    expect(canonical('ZonedDateTime', '2015-01-21T12:31[Europe/London]')).toBe('2015-01-21T12:31Z[Europe/London]');
    expect(canonical('Duration', 'P14DT16H12M')).toBe('P14DT16H12M');
    expect(canonical('Duration', 'P1W')).toBe('P7D');
    expect(canonical('Duration', 'PT90M')).toBe('PT1H30M');
    expect(canonical('Duration', 'P14M')).toBe('P1Y2M');
    expect(canonical('Duration', 'PT0.000000001S')).toBe('PT0.000000001S');
    expect(canonical('Duration', '-PT1.5S')).toBe('PT-1.5S');
    expect(canonical('Duration', 'P0D')).toBe('PT0S');
    expect(canonical('Point', 'SRID=4326;POINT(1.2 3.4)')).toBe('SRID=4326;POINT (1.2 3.4)');
    expect(canonical('Point', 'SRID=4979;POINT Z (1 2 3)')).toBe('SRID=4979;POINT Z (1.0 2.0 3.0)');
  });

  it('when the text is not a value of its type, then TypedValueError says why', () => {
    const cases: Array<[TypedValue['$type'], string, RegExp]> = [
      ['Date', '2015-02-29', /not a day of the calendar/],
      ['Date', '+12015-02-01', /0000 to 9999/],
      ['LocalTime', '24:00', /not a time of day/],
      ['Time', '12:00', /zone/],
      ['LocalDateTime', '2015-07-21T12:00Z', /no offset/],
      ['OffsetDateTime', '2015-07-21T12:00', /offset/],
      ['OffsetDateTime', '2015-07-21T12:00+19:00', /18 hours/],
      ['ZonedDateTime', '2015-07-21T12:00+01:00[Mars/Olympus]', /not a known time zone/],
      ['ZonedDateTime', '2015-07-21T12:00+05:00[Europe/London]', /does not match the zone/],
      ['Duration', 'P', /ISO 8601/],
      ['Duration', 'PT', /ISO 8601/],
      ['Point', 'SRID=1234;POINT (1 2)', /SRID/],
      ['Point', 'SRID=4979;POINT (1 2)', /3 coordinates/],
      ['Point', 'SRID=4326;POINT (1 91)', /latitude/],
    ];
    for (const [type, text, reason] of cases) {
      expect(() => canonical(type, text)).toThrow(TypedValueError);
      expect(() => canonical(type, text)).toThrow(reason);
    }
  });
});
