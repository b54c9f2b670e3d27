import { BadRequestError } from './errors';
import { hasLongDigitRun, installBigIntJsonFallback, parseJsonText, toJsonText } from './exact-json';

describe('exact JSON (64-bit integers)', () => {
  it('when the text has no run of 16 digits, then it parses exactly like JSON.parse', () => {
    const text = '{"a":123456789012345,"b":[1.5,-2,"x"],"c":null}';
    expect(hasLongDigitRun(text)).toBe(false);
    expect(parseJsonText(text)).toEqual(JSON.parse(text));
  });

  it('when integers are beyond 2^53, then they become BigInt; safe ones, decimals and exponents stay numbers', () => {
    expect(
      parseJsonText(
        '{"a":9007199254740993,"b":[-9223372036854775808,9223372036854775807],"c":1234567890123456,"d":12345678901234567.5,"e":1e300}',
      ),
    ).toEqual({
      a: 9007199254740993n,
      b: [-9223372036854775808n, 9223372036854775807n],
      c: 1234567890123456,
      d: 12345678901234567.5, // eslint-disable-line no-loss-of-precision -- the same rounding as the parser's, which is what is checked
      e: 1e300,
    });
    expect(parseJsonText('9007199254740993')).toBe(9007199254740993n);
  });

  it('when a long digit run sits in a string (with escaped quotes), then the string is untouched', () => {
    expect(parseJsonText('{"s":"a\\"12345678901234567890\\"","t":"\\\\","n":9007199254740993}')).toEqual({
      s: 'a"12345678901234567890"',
      t: '\\',
      n: 9007199254740993n,
    });
    expect(parseJsonText('["9007199254740993", 9007199254740993]')).toEqual(['9007199254740993', 9007199254740993n]);
  });

  it('when an integer is outside the signed 64-bit range, then 400 INTEGER_OUT_OF_RANGE in requests and a double in stored text', () => {
    expect(() => parseJsonText('{"n":9223372036854775808}')).toThrow(BadRequestError);
    expect(() => parseJsonText('[-9223372036854775809]')).toThrow(/outside the 64-bit range/);
    expect(parseJsonText('[9223372036854775808]', 'stored')).toEqual([9223372036854775808]);
  });

  it('when the JSON is invalid around a long number (leading zeros, trailing comma), then SyntaxError as JSON.parse', () => {
    expect(() => parseJsonText('[00000000000000001]')).toThrow(SyntaxError);
    expect(() => parseJsonText('{"n":9007199254740993,}')).toThrow(SyntaxError);
  });

  it('when a string looks like the internal marker, then it stays a string (the marker is random per parse)', () => {
    expect(parseJsonText('["gas-int-000000000000000000:12345678901234567890", 9007199254740993]')).toEqual([
      'gas-int-000000000000000000:12345678901234567890',
      9007199254740993n,
    ]);
  });

  it('when BigInt values are written, then they are plain JSON digits, with or without the toJSON fallback', () => {
    const value = { a: 9007199254740993n, b: [1, -9223372036854775808n], c: 'x', d: { e: 2n } };
    expect(toJsonText(value)).toBe('{"a":9007199254740993,"b":[1,-9223372036854775808],"c":"x","d":{"e":2}}');
    installBigIntJsonFallback();
    expect(JSON.stringify({ a: 9007199254740993n })).toBe('{"a":"9007199254740993"}');
    expect(toJsonText(value)).toBe('{"a":9007199254740993,"b":[1,-9223372036854775808],"c":"x","d":{"e":2}}');
    expect(toJsonText({ plain: [1, 'two'] })).toBe('{"plain":[1,"two"]}');
  });
});
