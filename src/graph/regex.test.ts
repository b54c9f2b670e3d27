import { cypherRegex, parseRegex, postgresRegex, RegexSyntaxError } from './regex';

describe('=~ patterns with inline flags', () => {
  it('when a pattern has no flags, then both backends get a whole-value match where . matches line breaks', () => {
    expect(cypherRegex('a.c')).toBe('(?sd)a.c');
    expect(postgresRegex('a.c')).toBe('(?s)\\A(?:a.c)\\Z');
  });

  it('when leading flags are given in any order or groups, then each backend gets its own spelling', () => {
    expect(cypherRegex('(?i)abc')).toBe('(?sdiu)abc');
    expect(postgresRegex('(?i)abc')).toBe('(?si)\\A(?:abc)\\Z');
    expect(cypherRegex('(?mi)^a$')).toBe('(?sdmiu)^a$');
    expect(postgresRegex('(?i)(?m)^a$')).toBe('(?wi)\\A(?:^a$)\\Z');
    expect(parseRegex('(?su)x')).toEqual({ caseInsensitive: false, multiline: false, body: 'x' });
  });

  it('when flags appear later, are scoped, negated, unknown or empty, then the pattern is refused', () => {
    for (const pattern of ['a(?i)b', '(?i:a)', '(?-i)a', '(?x)a', '(?)a', '(?i', 'a\\\\(?i)b']) {
      expect(() => parseRegex(pattern)).toThrow(RegexSyntaxError);
    }
    // an escaped parenthesis is not a flag group, (?:...) and lookarounds are plain syntax
    expect(parseRegex('a\\(?i\\)b').body).toBe('a\\(?i\\)b');
    expect(parseRegex('(?:ab)+(?=c)c').body).toBe('(?:ab)+(?=c)c');
  });
});
