import { randomBytes } from 'node:crypto';
import { BadRequestError } from './errors';

/**
 * JSON with exact 64-bit integers and floats that stay floats (docs/values.md). JSON.parse turns
 * 9007199254740993 into 9007199254740992 and 2.0 into the integer 2, and JSON.stringify cannot write
 * a BigInt, yet both graph backends store 64-bit integers exactly (Neo4j INTEGER, PostgreSQL jsonb
 * numeric) and keep INTEGER and FLOAT apart. Here:
 *  - parseJsonText keeps an integer literal that is not a safe JS integer as a BigInt, and a
 *    literal with a '.' or an exponent whose value is whole (2.0, 1e3) as an IntegralFloat;
 *  - toJsonText writes a BigInt as its plain digits and an IntegralFloat with a '.0'.
 * So in JS: a number that is not whole is a FLOAT, a whole number or a BigInt is an INTEGER, an
 * IntegralFloat is a FLOAT. Fast path: text without a candidate literal (see needsExactParse) goes
 * straight to JSON.parse, and a value without BigInt or IntegralFloat straight to JSON.stringify.
 */

export const INT64_MIN = -(2n ** 63n);
export const INT64_MAX = 2n ** 63n - 1n;
const LONG_RUN = 16;

export function isInt64(value: bigint): boolean {
  return value >= INT64_MIN && value <= INT64_MAX;
}

/** True when the text (or UTF-8 bytes) holds a run of at least 16 ASCII digits. */
export function hasLongDigitRun(text: string | Uint8Array): boolean {
  let run = 0;
  const n = text.length;
  if (typeof text === 'string') {
    for (let i = 0; i < n; i++) {
      const c = text.charCodeAt(i);
      if (c >= 0x30 && c <= 0x39) {
        if (++run >= LONG_RUN) return true;
      } else run = 0;
    }
    return false;
  }
  for (let i = 0; i < n; i++) {
    const c = text[i];
    if (c >= 0x30 && c <= 0x39) {
      if (++run >= LONG_RUN) return true;
    } else run = 0;
  }
  return false;
}

/**
 * A FLOAT whose value is a whole number (2.0, 1e3): a JS number alone would read as an INTEGER.
 * valueOf makes it usable in arithmetic and comparisons; JSON.stringify writes its number (toJSON),
 * toJsonText writes it with '.0'.
 */
export class IntegralFloat {
  constructor(readonly value: number) {}

  valueOf(): number {
    return this.value;
  }

  toJSON(): number {
    floatsWritten++;
    return this.value;
  }

  toString(): string {
    return floatLiteral(this.value);
  }
}

let floatsWritten = 0;

/** A float as a JSON literal that reads back as a float: with a '.' (2.0) or an exponent, never as bare digits. */
export function floatLiteral(value: number): string {
  if (!Number.isInteger(value)) return String(value);
  if (Object.is(value, -0)) return '-0.0';
  // Whole doubles of 1e21 and above print with an exponent (1e+21), which PostgreSQL's numeric reads
  // as an integer: written as their exact digits with '.0' instead.
  return Math.abs(value) < 1e21 ? `${value}.0` : `${BigInt(value)}.0`;
}

/** Whether a value is a FLOAT in the JSON model: an IntegralFloat, or a finite JS number that is not whole. */
export function isFloatValue(value: unknown): value is number | IntegralFloat {
  return value instanceof IntegralFloat || (typeof value === 'number' && !Number.isInteger(value));
}

/** The JS number of a number-like value (number, BigInt, IntegralFloat), else undefined. */
export function numberOf(value: unknown): number | undefined {
  if (typeof value === 'number') return value;
  if (typeof value === 'bigint') return Number(value);
  if (value instanceof IntegralFloat) return value.value;
  return undefined;
}

const INTEGER_LITERAL = /^-?(0|[1-9]\d*)$/;
const NUMBER_LITERAL_OR_STRING = /"(?:[^"\\]|\\.)*"|(-?\d+)((?:\.\d+)?(?:[eE][-+]?\d+)?)/g;

/**
 * Whether the text (or UTF-8 bytes) may hold a literal that JSON.parse would not keep: a run of 16
 * digits or dots (an integer beyond 2^53, or a decimal long enough to round to a whole number), a
 * digit followed by an exponent, or a fraction of zeros only (2.0). Strings may match too: that only
 * costs the exact parse.
 */
export function needsExactParse(text: string | Uint8Array): boolean {
  // Two copies of one loop: a closure reading either kind made every body and every stored text scan slower.
  return typeof text === 'string' ? candidateInString(text) : candidateInBytes(text);
}

function candidateInString(text: string): boolean {
  let run = 0;
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if ((c >= 0x30 && c <= 0x39) || c === 0x2e) {
      if (++run >= LONG_RUN) return true;
      if (c === 0x2e && i > 0 && isDigit(text.charCodeAt(i - 1))) {
        let j = i + 1;
        while (j < n && text.charCodeAt(j) === 0x30) j++;
        if (j > i + 1 && (j >= n || !isDigit(text.charCodeAt(j)))) return true;
      }
      continue;
    }
    run = 0;
    if ((c === 0x65 || c === 0x45) && i > 0 && i + 1 < n && isDigit(text.charCodeAt(i - 1))) {
      const d = text.charCodeAt(i + 1);
      if (isDigit(d) || d === 0x2b || d === 0x2d) return true;
    }
  }
  return false;
}

function candidateInBytes(text: Uint8Array): boolean {
  let run = 0;
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const c = text[i];
    if ((c >= 0x30 && c <= 0x39) || c === 0x2e) {
      if (++run >= LONG_RUN) return true;
      if (c === 0x2e && i > 0 && isDigit(text[i - 1])) {
        let j = i + 1;
        while (j < n && text[j] === 0x30) j++;
        if (j > i + 1 && (j >= n || !isDigit(text[j]))) return true;
      }
      continue;
    }
    run = 0;
    if ((c === 0x65 || c === 0x45) && i > 0 && i + 1 < n && isDigit(text[i - 1])) {
      const d = text[i + 1];
      if (isDigit(d) || d === 0x2b || d === 0x2d) return true;
    }
  }
  return false;
}

function isDigit(c: number): boolean {
  return c >= 0x30 && c <= 0x39;
}

function shown(literal: string): string {
  return literal.length <= 40 ? literal : `${literal.slice(0, 20)}... (${literal.replace('-', '').length} digits)`;
}

export function integerOutOfRange(literal: string): BadRequestError {
  return new BadRequestError(
    `The integer ${shown(literal)} is outside the 64-bit range (${INT64_MIN} to ${INT64_MAX}); send it as a string or a decimal number`,
    'INTEGER_OUT_OF_RANGE',
    { value: shown(literal) },
  );
}

/**
 * - 'request': integers that are not safe JS integers become BigInt; beyond the signed 64-bit
 *   range: 400 INTEGER_OUT_OF_RANGE (never a silent float).
 * - 'stored' (graph property text from PostgreSQL): the same BigInt within the 64-bit range;
 *   beyond it a double, as JSON.parse gives (never an error on read).
 */
export type ParseMode = 'request' | 'stored';

function convert(literal: string, mode: ParseMode): number | bigint {
  const big = BigInt(literal);
  if (isInt64(big)) return big;
  if (mode === 'request') throw integerOutOfRange(literal);
  return Number(literal);
}

/** JSON.parse that keeps integers beyond 2^53 exactly and whole floats as IntegralFloat (see ParseMode). Throws SyntaxError like JSON.parse. */
export function parseJsonText(text: string, mode: ParseMode = 'request'): unknown {
  if (!needsExactParse(text)) return JSON.parse(text);
  // Each such literal outside strings becomes a string carrying a random marker, which the reviver
  // turns back into the exact value; a client cannot guess the marker to forge one. The regex skips
  // strings whole (the alternative before the number).
  const marker = `gas-num-${randomBytes(9).toString('hex')}:`;
  const parts: string[] = [];
  let last = 0;
  for (const match of text.matchAll(NUMBER_LITERAL_OR_STRING)) {
    const integer = match[1];
    if (integer === undefined) continue;
    const rest = match[2];
    const start = match.index;
    const literal = integer + rest;
    let kind: 'i' | 'f' | undefined;
    // Leading zeros are not JSON: left for JSON.parse to refuse.
    if (!INTEGER_LITERAL.test(integer)) continue;
    if (rest === '') {
      if (integer.length >= LONG_RUN && !Number.isSafeInteger(Number(literal))) kind = 'i';
    } else if (Number.isInteger(Number(literal))) kind = 'f';
    if (kind === undefined) continue;
    // A literal glued to a letter or digit is not a JSON number: left for JSON.parse to refuse.
    const after = text.charCodeAt(start + literal.length);
    if ((after >= 0x30 && after <= 0x39) || (after >= 0x41 && after <= 0x5a) || (after >= 0x61 && after <= 0x7a) || after === 0x2e)
      continue;
    parts.push(text.slice(last, start), `"${marker}${kind}${literal}"`);
    last = start + literal.length;
  }
  if (parts.length === 0) return JSON.parse(text);
  parts.push(text.slice(last));
  return JSON.parse(parts.join(''), (_key, value: unknown) => {
    if (typeof value !== 'string' || !value.startsWith(marker)) return value;
    const literal = value.slice(marker.length + 1);
    return value.charCodeAt(marker.length) === 0x69 ? convert(literal, mode) : new IntegralFloat(Number(literal));
  });
}

let bigintsWritten = 0;

/**
 * Makes JSON.stringify write a BigInt as its decimal text (a JSON string) instead of throwing,
 * so code unaware of BigInt (audit details, user settings, knex jsonb bindings) stores the exact
 * digits rather than failing with a 500. Responses and graph writes use toJsonText, which writes
 * numbers. Installed once by the JSON body parser.
 */
export function installBigIntJsonFallback(): void {
  const proto = BigInt.prototype as unknown as { toJSON?: () => string };
  if (proto.toJSON) return;
  Object.defineProperty(BigInt.prototype, 'toJSON', {
    configurable: true,
    writable: true,
    value: function toJSON(this: bigint): string {
      bigintsWritten++;
      return this.toString();
    },
  });
}

/** JSON.stringify that writes BigInt values as plain JSON digits and IntegralFloat values with '.0'. */
export function toJsonText(value: unknown): string {
  const bigints = bigintsWritten;
  const floats = floatsWritten;
  let text: string | undefined;
  try {
    text = JSON.stringify(value);
    if (bigintsWritten === bigints && floatsWritten === floats) return text;
  } catch (error) {
    if (!(error instanceof TypeError) || !/BigInt/i.test(error.message)) throw error;
  }
  const marker = `gas-num-${randomBytes(9).toString('hex')}:`;
  text = JSON.stringify(value, function replacer(this: Record<string, unknown>, key: string, current: unknown) {
    const original = this[key];
    if (typeof original === 'bigint') return `${marker}${original.toString()}`;
    if (original instanceof IntegralFloat) return `${marker}${floatLiteral(original.value)}`;
    return current;
  });
  return text.replace(new RegExp(`"${marker}(-?[\\d.]+)"`, 'g'), '$1');
}
