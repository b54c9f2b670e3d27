import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { floatLiteral, IntegralFloat, toJsonText } from '../../exact-json';
import { isTypedValue } from '../../graph/typed-values';

/**
 * The one CSV writer of every export (graph nodes, find, relationships and the audit log).
 * Streaming (RFC 4180: comma separated, CRLF line ends, fields quoted when they hold
 * a comma, quote, CR or LF or start/end with a space, quotes doubled). Rows are buffered into
 * chunks of about 64 KiB and written with back-pressure, so memory stays constant however many
 * rows pass through.
 */
export class CsvWriter {
  private buffer = '';
  private closed = false;

  constructor(
    private readonly out: Writable,
    private readonly chunkSize = 64 * 1024,
  ) {
    out.once('close', () => {
      this.closed = true;
    });
  }

  /** True once the receiver went away (client disconnect): callers stop producing rows. */
  get aborted(): boolean {
    return this.closed || this.out.destroyed;
  }

  async row(values: readonly unknown[]): Promise<void> {
    this.buffer += csvLine(values);
    if (this.buffer.length >= this.chunkSize) await this.flush();
  }

  async flush(): Promise<void> {
    if (this.buffer === '' || this.aborted) {
      this.buffer = '';
      return;
    }
    const chunk = this.buffer;
    this.buffer = '';
    if (!this.out.write(chunk)) {
      await Promise.race([once(this.out, 'drain'), once(this.out, 'close')]);
    }
  }

  async end(): Promise<void> {
    await this.flush();
    if (!this.aborted) this.out.end();
  }
}

/** Text cells starting with one of these are read as formulas by spreadsheets (CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One field, the same for every export (graph and audit): null/undefined empty; numbers, booleans
 * and big integers as text (a whole float with its '.0'); temporal values as their ISO 8601 text and
 * points as EWKT (docs/values.md); lists and maps as JSON; strings as they are, except that a string
 * starting with =, +, -, @, tab or carriage return gets a leading apostrophe so that a spreadsheet
 * shows it as text instead of running it. Numbers are never prefixed (-5 stays a number). Fields
 * are quoted when they hold a comma, quote, CR or LF or start/end with white space; quotes doubled.
 */
export function csvField(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text: string;
  if (typeof value === 'string') text = FORMULA_START.test(value) ? `'${value}` : value;
  else if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') text = String(value);
  else if (value instanceof IntegralFloat) text = floatLiteral(value.value);
  else if (isTypedValue(value)) text = value._value;
  else text = toJsonText(value); // integers beyond 2^53 (BigInt) as exact digits
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One CSV line (CRLF-terminated) of fields. */
export function csvLine(values: readonly unknown[]): string {
  return values.map(csvField).join(',') + '\r\n';
}

/** Parses CSV text written by CsvWriter (used by tests and imports of exported files). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
        i++;
        continue;
      }
      field += c;
      i++;
      continue;
    }
    if (c === '"') {
      quoted = true;
      i++;
    } else if (c === ',') {
      row.push(field);
      field = '';
      i++;
    } else if (c === '\r' || c === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i += c === '\r' && text[i + 1] === '\n' ? 2 : 1;
    } else {
      field += c;
      i++;
    }
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}
