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
}

export function sql(strings: TemplateStringsArray, ...parts: unknown[]): Sql {
  let text = strings[0];
  const values: unknown[] = [];
  parts.forEach((part, i) => {
    if (part instanceof Sql) {
      text += part.text;
      values.push(...part.values);
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

export function join(parts: Sql[], separator: string, empty = ''): Sql {
  if (parts.length === 0) return raw(empty);
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
