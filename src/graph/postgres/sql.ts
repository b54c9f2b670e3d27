import type { Knex } from 'knex';

/**
 * A piece of parameterised SQL: text with knex `?` placeholders and its values. Fragments are
 * composed with the `sql` tag: interpolated Sql fragments are inlined, every other interpolated
 * value becomes a binding. Literal text never contains user input.
 */
export class Sql {
  constructor(
    readonly text: string,
    readonly values: readonly unknown[],
  ) {}

  wrap(before: string, after: string): Sql {
    return new Sql(before + this.text + after, this.values);
  }
}

/**
 * The longest statement text a composition may reach. Legitimate statements are far shorter; a
 * composition that repeats its parts (a Cypher expression nesting operations that read their operand
 * more than once) can double with each level, and is stopped here, before it exhausts the process.
 */
export const MAX_SQL_CHARS = 2_000_000;

/** A statement that would exceed MAX_SQL_CHARS (the Cypher runner answers 400 CYPHER_TOO_COMPLEX). */
export class SqlTooLargeError extends Error {
  constructor() {
    super(`The statement would exceed ${MAX_SQL_CHARS} characters`);
  }
}

function checked(text: string): string {
  if (text.length > MAX_SQL_CHARS) throw new SqlTooLargeError();
  return text;
}

export function sql(strings: TemplateStringsArray, ...parts: unknown[]): Sql {
  let text = strings[0];
  const values: unknown[] = [];
  parts.forEach((part, i) => {
    if (part instanceof Sql) {
      text = checked(text + part.text);
      // One by one: spreading a very long list into push() overflows the call stack.
      for (const value of part.values) values.push(value);
    } else {
      if (part === undefined) throw new Error('undefined SQL binding');
      text += '?';
      values.push(part);
    }
    text += strings[i + 1];
  });
  return new Sql(text, values);
}

/** Constant SQL text written in this code base (never user input). */
export function raw(text: string): Sql {
  return new Sql(text, []);
}

/**
 * A label, type or property name as a quoted SQL string literal in the statement's TEXT (not a
 * binding), so that a prepared statement's generic plan sees the constant: `properties ->> 'uid'`
 * matches the expression index on :Person(uid), where `properties ->> $1` cannot (issue 24).
 * For names checked by assertIdentifier (letters, digits, `_ .-:` and spaces); a name with a quote,
 * a backslash, a `?` (knex's placeholder) or NUL stays a binding, whatever the caller checked.
 */
export function literal(name: string): Sql {
  if (typeof name !== 'string' || /['\\?]/.test(name) || name.includes('\u0000')) return sql`${name}::text`;
  return new Sql(`'${name}'::text`, []);
}

/** A list of names (see literal) as a text[] constant in the statement's text. */
export function literalArray(names: readonly string[]): Sql {
  if (names.length === 0) return raw(`'{}'::text[]`);
  return join(
    names.map((n) => literal(n)),
    ', ',
  ).wrap('array[', ']');
}

export function join(parts: Sql[], separator: string, empty = ''): Sql {
  if (parts.length === 0) return raw(empty);
  let length = 0;
  for (const p of parts) length += p.text.length + separator.length;
  if (length > MAX_SQL_CHARS) throw new SqlTooLargeError();
  return new Sql(
    parts.map((p) => p.text).join(separator),
    parts.flatMap((p) => p.values),
  );
}

export const TRUE = raw('true');

/**
 * A condition that is always true and keeps the statement serial (see gas_serial in the
 * migration): small index walks finish before parallel workers would have started.
 */
export const SERIAL = raw('(select gas_serial())');
export const FALSE = raw('false');

export function and(parts: Sql[]): Sql {
  const kept = parts.filter((p) => p !== TRUE);
  if (kept.some((p) => p === FALSE)) return FALSE;
  if (kept.length === 0) return TRUE;
  if (kept.length === 1) return kept[0];
  return sql`(${join(kept, ' and ')})`;
}

export function or(parts: Sql[]): Sql {
  const kept = parts.filter((p) => p !== FALSE);
  if (kept.some((p) => p === TRUE)) return TRUE;
  if (kept.length === 0) return FALSE;
  if (kept.length === 1) return kept[0];
  return sql`(${join(kept, ' or ')})`;
}

export type Executor = Knex | Knex.Transaction;

/** Keeps only well-formed ids (strings of digits); anything else is absent and never reaches SQL. */
export function validIds(ids: readonly unknown[]): string[] {
  const out: string[] = [];
  for (const id of ids) if (typeof id === 'string' && /^\d{1,18}$/.test(id)) out.push(id);
  return out;
}

export function isValidId(id: unknown): id is string {
  return typeof id === 'string' && /^\d{1,18}$/.test(id);
}

/** Escapes LIKE wildcards so a search text matches literally. */
export function likeContains(text: string): string {
  return '%' + text.replace(/[\\%_]/g, (c) => '\\' + c) + '%';
}
