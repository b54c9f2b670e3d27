import { randomBytes } from 'node:crypto';
import { BadRequestError } from './errors';

/**
 * JSON with exact 64-bit integers. JSON.parse turns 9007199254740993 into 9007199254740992 and
 * JSON.stringify cannot write a BigInt, yet both graph backends store 64-bit integers exactly
 * (Neo4j INTEGER, PostgreSQL jsonb numeric). Here:
 *  - parseJsonText keeps an integer literal that is not a safe JS integer as a BigInt;
 *  - toJsonText writes a BigInt as its plain digits.
 * Fast path: text without a run of 16 digits (every unsafe integer has at least 16) goes straight
 * to JSON.parse, and a value without BigInt straight to JSON.stringify.
 *
 * Decimal and exponent literals (1.5, 1e20) stay IEEE-754 doubles, as on both backends (Neo4j FLOAT).
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

const INTEGER_LITERAL = /^-?(0|[1-9]\d*)$/;

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

/** JSON.parse that keeps integers beyond 2^53 exactly (see ParseMode). Throws SyntaxError like JSON.parse. */
export function parseJsonText(text: string, mode: ParseMode = 'request'): unknown {
  if (!hasLongDigitRun(text)) return JSON.parse(text);
  // Each long integer literal outside strings becomes a string carrying a random marker, which the
  // reviver turns back into the exact value; a client cannot guess the marker to forge one.
  const marker = `gas-int-${randomBytes(9).toString('hex')}:`;
  const n = text.length;
  const parts: string[] = [];
  let last = 0;
  let i = 0;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      i++;
      while (i < n) {
        const d = text.charCodeAt(i);
        if (d === 0x5c) i += 2;
        else if (d === 0x22) {
          i++;
          break;
        } else i++;
      }
      continue;
    }
    if (c === 0x2d || (c >= 0x30 && c <= 0x39)) {
      const start = i;
      i++;
      while (i < n && text.charCodeAt(i) >= 0x30 && text.charCodeAt(i) <= 0x39) i++;
      const end = i;
      let integral = true;
      while (i < n) {
        const d = text.charCodeAt(i);
        if (d === 0x2e || d === 0x65 || d === 0x45 || d === 0x2b || d === 0x2d || (d >= 0x30 && d <= 0x39)) {
          integral = false;
          i++;
        } else break;
      }
      const literal = text.slice(start, end);
      if (integral && end - start >= LONG_RUN && INTEGER_LITERAL.test(literal) && !Number.isSafeInteger(Number(literal))) {
        parts.push(text.slice(last, start), `"${marker}${literal}"`);
        last = end;
      }
      continue;
    }
    i++;
  }
  if (parts.length === 0) return JSON.parse(text);
  parts.push(text.slice(last));
  return JSON.parse(parts.join(''), (_key, value: unknown) =>
    typeof value === 'string' && value.startsWith(marker) ? convert(value.slice(marker.length), mode) : value,
  );
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

/** JSON.stringify that writes BigInt values as plain JSON digits. */
export function toJsonText(value: unknown): string {
  const before = bigintsWritten;
  let text: string | undefined;
  try {
    text = JSON.stringify(value);
    if (bigintsWritten === before) return text;
  } catch (error) {
    if (!(error instanceof TypeError) || !/BigInt/i.test(error.message)) throw error;
  }
  const marker = `gas-int-${randomBytes(9).toString('hex')}:`;
  text = JSON.stringify(value, function replacer(this: Record<string, unknown>, key: string, current: unknown) {
    const original = this[key];
    return typeof original === 'bigint' ? `${marker}${original.toString()}` : current;
  });
  return text.replace(new RegExp(`"${marker}(-?\\d+)"`, 'g'), '$1');
}
