import { IntegralFloat } from '../../exact-json';
import { canonicalTypedValue } from '../../graph/typed-values';

export type ColumnType = 'integer' | 'float' | 'boolean' | 'date' | 'datetime' | 'string' | 'list';

const INTEGER = /^[+-]?\d{1,19}$/;
const FLOAT = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;
const BOOLEAN = /^(true|false|yes|no)$/i;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATETIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?$/;

function validDate(text: string): boolean {
  const d = new Date(`${text.slice(0, 10)}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === text.slice(0, 10);
}

/** The narrowest type every non-empty sample fits. */
export function inferType(values: string[], listSeparator: string | undefined): ColumnType {
  const present = values.map((v) => v.trim()).filter((v) => v !== '');
  if (present.length === 0) return 'string';
  if (present.every((v) => INTEGER.test(v) && BigInt(v) <= 9223372036854775807n && BigInt(v) >= -9223372036854775808n)) return 'integer';
  if (present.every((v) => FLOAT.test(v))) return 'float';
  if (present.every((v) => BOOLEAN.test(v))) return 'boolean';
  if (present.every((v) => DATE.test(v) && validDate(v))) return 'date';
  if (present.every((v) => DATETIME.test(v) && validDate(v))) return 'datetime';
  if (listSeparator && present.filter((v) => v.includes(listSeparator)).length >= Math.max(1, present.length / 2)) return 'list';
  return 'string';
}

/** The list separator a column seems to use (| or ;), not the file's delimiter. */
export function listSeparatorOf(values: string[], delimiter: string | undefined): string | undefined {
  for (const separator of ['|', ';']) {
    if (separator === delimiter) continue;
    const present = values.filter((v) => v.trim() !== '');
    if (present.length > 0 && present.filter((v) => v.includes(separator)).length >= Math.max(1, present.length / 2)) return separator;
  }
  return undefined;
}

/** Converts a cell; throws an Error whose message is the rejection reason. */
export function convertCell(text: string, type: ColumnType, separator = '|'): unknown {
  const t = text.trim();
  switch (type) {
    case 'integer': {
      if (!INTEGER.test(t)) throw new Error(`"${text.slice(0, 50)}" is not an integer`);
      const n = Number(t);
      if (Number.isSafeInteger(n)) return n;
      const big = BigInt(t);
      if (big > 9223372036854775807n || big < -9223372036854775808n) throw new Error(`"${t}" is outside the 64-bit integer range`);
      return big;
    }
    case 'float': {
      if (!FLOAT.test(t)) throw new Error(`"${text.slice(0, 50)}" is not a number`);
      // A float column stays FLOAT also for a whole cell ("2" is 2.0), as on Neo4j.
      const n = Number(t);
      return Number.isInteger(n) ? new IntegralFloat(n) : n;
    }
    case 'boolean':
      if (/^(true|yes|1)$/i.test(t)) return true;
      if (/^(false|no|0)$/i.test(t)) return false;
      throw new Error(`"${text.slice(0, 50)}" is not true or false`);
    case 'date':
      if (!DATE.test(t) || !validDate(t)) throw new Error(`"${text.slice(0, 50)}" is not a date (YYYY-MM-DD)`);
      return { $type: 'Date', _value: t };
    case 'datetime': {
      if (!DATETIME.test(t) || !validDate(t)) throw new Error(`"${text.slice(0, 50)}" is not a date and time (ISO 8601)`);
      return dateTimeValue(t);
    }
    case 'list':
      return text
        .split(separator)
        .map((s) => s.trim())
        .filter((s) => s !== '');
    default:
      return text;
  }
}

/**
 * An ISO 8601 date and time as a typed value (docs/values.md): with an offset (or Z) an
 * OffsetDateTime, without one a LocalDateTime (a spreadsheet's date cells carry no zone).
 */
export function dateTimeValue(text: string): unknown {
  const iso = text.replace(' ', 'T');
  const zoned = /(Z|[+-]\d{2}:?\d{2})$/.test(iso);
  try {
    return canonicalTypedValue({ $type: zoned ? 'OffsetDateTime' : 'LocalDateTime', _value: iso });
  } catch {
    throw new Error(`"${text.slice(0, 50)}" is not a date and time (ISO 8601)`);
  }
}
