import { safeRegex } from './translate';

describe('safeRegex (the part of the regex language java.util.regex and PostgreSQL read alike)', () => {
  test.each([['a.*'], ['(?i)[A-C].{2,4}'], ['C(Z|S)'], ['a(?:b|x)c'], ['a\\.c'], ['[a\\-]+b'], ['^x\\sy$'], ['[^a-z_]*?']])(
    'when the pattern is %s, then it is accepted',
    (pattern) => {
      expect(safeRegex(pattern)).toBeNull();
    },
  );

  test.each([
    ['a(?=b)', 'a group (?...) other than (?:...)'],
    ['(a)\\1', 'the escape \\1'],
    ['a*+', 'a possessive quantifier'],
    ['\\bword', 'the escape \\b'],
    ['(?m)^a', 'the flag group (?m)'],
    ['[[:alpha:]]', 'a class inside a class'],
    ['[a&&b]', 'a class intersection'],
    ['a{300}', 'a repetition count above 255'],
    ['a{', 'a brace that is not a quantifier'],
    ['*a', 'a quantifier without anything to repeat'],
    ['é', 'only printable ASCII'],
    ['[]a]', 'a class starting with ]'],
  ])('when the pattern is %s, then it is refused naming %s', (pattern, why) => {
    expect(safeRegex(pattern)).toBe(why);
  });
});
