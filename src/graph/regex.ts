/**
 * The `=~` operator of the filter language: one meaning on every backend.
 *
 * A pattern must match the whole string value (as Cypher's =~ does). It may start with inline flag
 * groups, Cypher / java.util.regex style, in any combination and order: `(?i)`, `(?m)`, `(?s)`,
 * `(?u)`, `(?im)`, `(?i)(?s)`, ...
 *
 *  - `(?i)` case-insensitive, Unicode-aware ('É' matches 'é');
 *  - `(?m)` `^` and `$` also match at line breaks (\n) inside the value;
 *  - `(?s)` and `(?u)` are accepted and change nothing: `.` always matches every character
 *    including line breaks, and case folding is always Unicode-aware when `(?i)` is given.
 *
 * Flags anywhere else, scoped flag groups `(?i:...)`, and flags turned off `(?-i)` are refused
 * (400 INVALID_FILTER): PostgreSQL's regular expressions only take options at the very start.
 *
 * How each backend is told (so both give the same answer):
 *  - Neo4j (java.util.regex, whole-string match): `(?sd[m][iu])body`; s = DOTALL, d = UNIX_LINES
 *    (only \n is a line break for ., ^ and $, as in PostgreSQL).
 *  - PostgreSQL (ARE): `(?s|w[i])\A(?:body)\Z`; s = `.` and brackets match \n (default),
 *    w = the same plus ^ and $ at line breaks; \A and \Z anchor at the string's ends.
 */
export const REGEX_INLINE_FLAGS = ['i', 'm', 's', 'u'] as const;

export interface ParsedRegex {
  caseInsensitive: boolean;
  multiline: boolean;
  /** The pattern without its leading flag groups. */
  body: string;
}

export class RegexSyntaxError extends Error {}

const LEADING_GROUP = /^\(\?([A-Za-z-]*)\)/;
/** An inline flag group or scoped flag group after the start: (?i) (?-i) (?i:...) (?i-m:...). */
const INNER_FLAGS = /(^|[^\\])(\\\\)*\(\?[A-Za-z-]*[A-Za-z][A-Za-z-]*[:)]/;

export function parseRegex(pattern: string): ParsedRegex {
  let body = pattern;
  let caseInsensitive = false;
  let multiline = false;
  for (let m = LEADING_GROUP.exec(body); m; m = LEADING_GROUP.exec(body)) {
    const letters = m[1];
    if (letters.length === 0) throw new RegexSyntaxError('an empty flag group (?) is not a pattern');
    for (const flag of letters) {
      if (!(REGEX_INLINE_FLAGS as readonly string[]).includes(flag)) {
        throw new RegexSyntaxError(`the inline flag ${JSON.stringify(flag)} is not supported (use (?i), (?m), (?s) or (?u) at the start)`);
      }
      if (flag === 'i') caseInsensitive = true;
      if (flag === 'm') multiline = true;
    }
    body = body.slice(m[0].length);
  }
  if (INNER_FLAGS.test(body))
    throw new RegexSyntaxError('inline flags are accepted only at the start of the pattern: (?i), (?m), (?s), (?u)');
  try {
    new RegExp(body);
  } catch {
    throw new RegexSyntaxError('not a valid regular expression');
  }
  return { caseInsensitive, multiline, body };
}

/** The pattern for Cypher's =~ (java.util.regex). */
export function cypherRegex(pattern: string): string {
  const p = parseRegex(pattern);
  return `(?sd${p.multiline ? 'm' : ''}${p.caseInsensitive ? 'iu' : ''})${p.body}`;
}

/** The pattern for PostgreSQL's ~ (ARE), anchored at both ends of the value. */
export function postgresRegex(pattern: string): string {
  const p = parseRegex(pattern);
  return `(?${p.multiline ? 'w' : 's'}${p.caseInsensitive ? 'i' : ''})\\A(?:${p.body})\\Z`;
}
