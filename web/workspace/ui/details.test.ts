import { parseInput } from './details';

describe('details panel input', () => {
  test('when values are typed, then they take the type the schema or the old value has, and bad numbers are refused in words', () => {
    expect(parseInput('42', 'integer', undefined)).toBe(42);
    expect(parseInput('4.5', undefined, 1.5)).toBe(4.5);
    expect(parseInput('yes', 'boolean', undefined)).toBe(true);
    expect(parseInput('a, b ,c', undefined, ['x'])).toEqual(['a', 'b', 'c']);
    expect(parseInput('', 'string', 'old')).toBeNull();
    expect(parseInput('007', undefined, 'text')).toBe('007');
    expect(() => parseInput('4.5', 'integer', undefined)).toThrow('“4.5” is not a whole number');
    expect(() => parseInput('maybe', 'boolean', undefined)).toThrow('not yes or no');
  });
});
