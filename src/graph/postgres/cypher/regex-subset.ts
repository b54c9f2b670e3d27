/**
 * Why a regular expression is outside the part java.util.regex and PostgreSQL's ARE read alike
 * (null when inside): printable ASCII; literal characters and escaped punctuation, `.`, classes
 * `[...]` (ranges, negation, \d \w \s), groups `( )` and `(?: )`, `|`, `^` `$`, the quantifiers
 * `* + ? {m} {m,} {m,n}` (lazy ones too), and leading flags (?i) (?s) (?u). Not: back-references,
 * look-around, possessive quantifiers, \b, \Q...\E, \p{...}, POSIX or nested classes, (?m).
 */
export function safeRegex(pattern: string): string | null {
  if (!/^[\x20-\x7e]*$/.test(pattern)) return 'only printable ASCII';
  let body = pattern;
  for (let m = /^\(\?([a-z]+)\)/.exec(body); m; m = /^\(\?([a-z]+)\)/.exec(body)) {
    if (![...m[1]].every((f) => f === 'i' || f === 's' || f === 'u')) return `the flag group ${m[0]}`;
    body = body.slice(m[0].length);
  }
  let i = 0;
  let lastAtom = false;
  while (i < body.length) {
    const c = body[i];
    if (c === '\\') {
      const e = body[i + 1];
      if (e === undefined) return 'a trailing backslash';
      if (/[dwsDWS]/.test(e) || /[^A-Za-z0-9]/.test(e)) {
        i += 2;
        lastAtom = true;
        continue;
      }
      return `the escape \\${e}`;
    }
    if (c === '[') {
      let j = i + 1;
      if (body[j] === '^') j++;
      if (body[j] === ']') return 'a class starting with ]';
      for (; j < body.length && body[j] !== ']'; j++) {
        if (body[j] === '[') return 'a class inside a class';
        if (body[j] === '&' && body[j + 1] === '&') return 'a class intersection';
        if (body[j] === '\\') {
          const e = body[j + 1];
          if (e === undefined || !(/[dws]/.test(e) || /[^A-Za-z0-9]/.test(e))) return `the escape \\${e ?? ''} in a class`;
          j++;
        }
      }
      if (j >= body.length) return 'an unclosed class';
      i = j + 1;
      lastAtom = true;
      continue;
    }
    if (c === '(') {
      if (body[i + 1] === '?') {
        if (body[i + 2] !== ':') return 'a group (?...) other than (?:...)';
        i += 3;
      } else i += 1;
      lastAtom = false;
      continue;
    }
    if (c === ')' || c === '|' || c === '^' || c === '$') {
      i += 1;
      lastAtom = c === ')';
      continue;
    }
    if (c === '*' || c === '+' || c === '?' || c === '{') {
      if (!lastAtom) return 'a quantifier without anything to repeat';
      if (c === '{') {
        const m = /^\{(\d{1,3})(,(\d{0,3}))?\}/.exec(body.slice(i));
        if (!m) return 'a brace that is not a quantifier';
        if (Number(m[1]) > 255 || (m[3] && Number(m[3]) > 255)) return 'a repetition count above 255';
        i += m[0].length;
      } else i += 1;
      if (body[i] === '+') return 'a possessive quantifier';
      if (body[i] === '?') i += 1;
      lastAtom = false;
      continue;
    }
    if (c === ']' || c === '}') return `a lone ${c}`;
    i += 1;
    lastAtom = true;
  }
  return null;
}
