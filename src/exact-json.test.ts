import { BadRequestError } from './errors';
import {
  floatLiteral,
  hasLongDigitRun,
  installBigIntJsonFallback,
  IntegralFloat,
  needsExactParse,
  parseJsonText,
  toJsonText,
} from './exact-json';

describe('exact JSON (64-bit integers)', () => {
  it('when the text has no run of 16 digits, then it parses exactly like JSON.parse', () => {
    const text = '{"a":123456789012345,"b":[1.5,-2,"x"],"c":null}';
    expect(hasLongDigitRun(text)).toBe(false);
    expect(parseJsonText(text)).toEqual(JSON.parse(text));
  });

  it('when integers are beyond 2^53, then they become BigInt; safe ones and decimals stay numbers, whole floats IntegralFloat', () => {
    expect(
      parseJsonText(
        '{"a":9007199254740993,"b":[-9223372036854775808,9223372036854775807],"c":1234567890123456,"d":12345678901234567.5,"e":1e300}',
      ),
    ).toEqual({
      a: 9007199254740993n,
      b: [-9223372036854775808n, 9223372036854775807n],
      c: 1234567890123456,
      d: new IntegralFloat(12345678901234568),
      e: new IntegralFloat(1e300),
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

describe('exact JSON (floats stay floats)', () => {
  it('when a literal has a point or an exponent and a whole value, then it is an IntegralFloat; other decimals stay numbers', () => {
    const parsed = parseJsonText('{"a":2.0,"b":-0.0,"c":1e3,"d":1.5,"e":2,"f":[0.50,1E+2,3.000],"g":"2.0","h":1.0000000000000001}');
    expect(parsed).toEqual({
      a: new IntegralFloat(2),
      b: new IntegralFloat(-0),
      c: new IntegralFloat(1000),
      d: 1.5,
      e: 2,
      f: [0.5, new IntegralFloat(100), new IntegralFloat(3)],
      g: '2.0',
      h: new IntegralFloat(1),
    });
    expect((parsed as { a: unknown }).a).toBeInstanceOf(IntegralFloat);
    expect(parseJsonText('2.0', 'stored')).toEqual(new IntegralFloat(2));
  });

  it('when the text has no candidate literal, then the fast path is taken (and plain decimals do not force the exact parse)', () => {
    expect(needsExactParse('{"a":1.5,"b":[2,3],"c":"x"}')).toBe(false);
    expect(needsExactParse(Buffer.from('{"a":2.0}'))).toBe(true);
    expect(needsExactParse('{"a":2.00}')).toBe(true);
    expect(needsExactParse('{"a":2.05}')).toBe(false);
    expect(needsExactParse('[1e5]')).toBe(true);
    expect(needsExactParse('[12345678.12345678]')).toBe(true);
  });

  it('when a whole float is written, then it keeps a decimal point, also beyond 1e21 and for -0', () => {
    expect(
      toJsonText({ a: new IntegralFloat(2), b: [new IntegralFloat(-0), 1.5, 3], c: new IntegralFloat(1e21), d: 9007199254740993n }),
    ).toBe('{"a":2.0,"b":[-0.0,1.5,3],"c":1000000000000000000000.0,"d":9007199254740993}');
    expect(toJsonText(new IntegralFloat(7))).toBe('7.0');
    expect(JSON.stringify({ a: new IntegralFloat(2) })).toBe('{"a":2}');
    expect(floatLiteral(1e-7)).toBe('1e-7');
    expect(Number(new IntegralFloat(4)) + 1).toBe(5);
  });

  it('when a float is written and read back, then it is the same float (round trip)', () => {
    for (const value of [new IntegralFloat(2), new IntegralFloat(1e300), new IntegralFloat(-123), 0.1, 1e-7, 5e-324]) {
      expect(parseJsonText(toJsonText([value]))).toEqual([value]);
    }
  });

  it('when the JSON is invalid around a float literal (leading zeros), then SyntaxError as JSON.parse', () => {
    expect(() => parseJsonText('[01.0]')).toThrow(SyntaxError);
    expect(() => parseJsonText('[1.0.0]')).toThrow(SyntaxError);
  });
});
