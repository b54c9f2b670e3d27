import { UnprocessableError } from '../../errors';
import { IntegralFloat } from '../../exact-json';
import { isTypedValue } from '../../graph/typed-values';
import type { DataSchema, PropertySchema } from './data-schema';
import { typedDataType } from './data-schema';

/**
 * Input restrictions of DATA_SCHEMA for writes through the API (pure: the caller loads the
 * setting; SettingsService.validateNodeWrite / validateRelationshipWrite do both).
 *
 * The rules that apply to a property of an element are those of each of its labels (nodes) or of
 * its type (relationships); when none of them describes the property, the '*' entry does. Rules:
 * - mandatory: on create the property must be present and not null or ""; on update it may not
 *   be removed (set to null) or emptied;
 * - readOnly: on update the property may not be written (create may set it);
 * - dataType: string, integer, float (any finite number), boolean, date (a Date value, or
 *   YYYY-MM-DD text), datetime (a LocalDateTime, OffsetDateTime or ZonedDateTime value, or ISO
 *   8601 text), time (Time or LocalTime), duration, point (docs/values.md), list (an array);
 * - allowedValues: the value (each item of a list) is one of them;
 * - min / max: numbers compare numerically, dates and datetimes chronologically (a local datetime as if in UTC);
 * - maxLength: characters of a string, items of a list.
 * A null value in an update removes the property and is only checked against mandatory.
 */
export type WriteMode = 'create' | 'update';

export interface DataSchemaViolation {
  property: string;
  rule: 'mandatory' | 'readOnly' | 'dataType' | 'allowedValues' | 'min' | 'max' | 'maxLength';
  message: string;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATETIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/;

function rulesFor(section: DataSchema['nodes'] | undefined, tokens: string[]): Map<string, PropertySchema[]> {
  const result = new Map<string, PropertySchema[]>();
  if (!section) return result;
  for (const token of tokens) {
    for (const [property, rule] of Object.entries(section[token] ?? {})) {
      const list = result.get(property) ?? [];
      list.push(rule);
      result.set(property, list);
    }
  }
  for (const [property, rule] of Object.entries(section['*'] ?? {})) {
    if (!result.has(property)) result.set(property, [rule]);
  }
  return result;
}

function isEmpty(value: unknown): boolean {
  return value === undefined || value === null || value === '';
}

function typeMatches(dataType: PropertySchema['dataType'], value: unknown): boolean {
  const typed = typedDataType(value);
  if (typed) return typed === dataType;
  switch (dataType) {
    case 'string':
      return typeof value === 'string';
    case 'integer':
      return (typeof value === 'number' && Number.isInteger(value)) || typeof value === 'bigint';
    case 'float':
      return (typeof value === 'number' && Number.isFinite(value)) || typeof value === 'bigint' || value instanceof IntegralFloat;
    case 'boolean':
      return typeof value === 'boolean';
    case 'date':
      return typeof value === 'string' && DATE.test(value) && !Number.isNaN(Date.parse(value));
    case 'datetime':
      return typeof value === 'string' && DATETIME.test(value) && !Number.isNaN(Date.parse(value));
    case 'list':
      return Array.isArray(value);
    default:
      return false;
  }
}

/** A BigInt (an integer beyond 2^53) compares with the bounds exactly: JS compares bigint and number by value. */
function comparable(rule: PropertySchema, value: unknown): number | bigint | undefined {
  if ((rule.dataType === 'integer' || rule.dataType === 'float') && (typeof value === 'number' || typeof value === 'bigint')) return value;
  if (rule.dataType === 'float' && value instanceof IntegralFloat) return value.value;
  if (rule.dataType === 'date' || rule.dataType === 'datetime') {
    if (typeof value === 'string') return Date.parse(value);
    if (isTypedValue(value)) {
      const iso = value._value.replace(/\[[^\]]*\]$/, '').replace(/(\.\d{3})\d+/, '$1');
      const time = Date.parse(value.$type === 'Date' ? `${iso}T00:00:00Z` : value.$type === 'LocalDateTime' ? `${iso}Z` : iso);
      return Number.isNaN(time) ? undefined : time;
    }
  }
  return undefined;
}

function bound(value: number | string): number | undefined {
  if (typeof value === 'number') return value;
  const parsed = Date.parse(value);
  return Number.isNaN(parsed) ? undefined : parsed;
}

function checkValue(property: string, rule: PropertySchema, value: unknown, out: DataSchemaViolation[]): void {
  if (!typeMatches(rule.dataType, value)) {
    out.push({ property, rule: 'dataType', message: `${property} must be a ${rule.dataType}` });
    return;
  }
  if (rule.allowedValues && rule.allowedValues.length > 0) {
    const items = Array.isArray(value) ? value : [value];
    if (items.some((item) => !rule.allowedValues!.some((allowed) => allowed === item))) {
      out.push({
        property,
        rule: 'allowedValues',
        message: `${property} must be one of ${JSON.stringify(rule.allowedValues).slice(0, 300)}`,
      });
    }
  }
  const n = comparable(rule, value);
  if (n !== undefined) {
    if (rule.min !== undefined && bound(rule.min) !== undefined && n < bound(rule.min)!) {
      out.push({ property, rule: 'min', message: `${property} must be at least ${rule.min}` });
    }
    if (rule.max !== undefined && bound(rule.max) !== undefined && n > bound(rule.max)!) {
      out.push({ property, rule: 'max', message: `${property} must be at most ${rule.max}` });
    }
  }
  if (rule.maxLength !== undefined) {
    const length = typeof value === 'string' ? [...value].length : Array.isArray(value) ? value.length : undefined;
    if (length !== undefined && length > rule.maxLength) {
      out.push({
        property,
        rule: 'maxLength',
        message: `${property} may have at most ${rule.maxLength} ${Array.isArray(value) ? 'items' : 'characters'}`,
      });
    }
  }
}

/** Every violation of the DATA_SCHEMA restrictions by this write (empty when it is allowed). */
export function dataSchemaViolations(
  schema: DataSchema,
  entity: 'node' | 'relationship',
  tokens: string[],
  properties: Record<string, unknown>,
  mode: WriteMode,
): DataSchemaViolation[] {
  const rules = rulesFor(entity === 'node' ? schema.nodes : schema.relationships, tokens);
  const out: DataSchemaViolation[] = [];
  for (const [property, list] of rules) {
    const present = Object.prototype.hasOwnProperty.call(properties, property);
    const value = properties[property];
    for (const rule of list) {
      if (rule.mandatory) {
        if (mode === 'create' && isEmpty(value)) out.push({ property, rule: 'mandatory', message: `${property} is mandatory` });
        if (mode === 'update' && present && isEmpty(value))
          out.push({ property, rule: 'mandatory', message: `${property} is mandatory and cannot be removed` });
      }
      if (mode === 'update' && present && rule.readOnly) out.push({ property, rule: 'readOnly', message: `${property} is read-only` });
      if (present && value !== null && value !== undefined && !(mode === 'update' && rule.readOnly)) checkValue(property, rule, value, out);
    }
  }
  return out;
}

/** Throws 422 DATA_SCHEMA_VIOLATION naming the first offending property (all of them in violations). */
export function assertDataSchema(
  schema: DataSchema,
  entity: 'node' | 'relationship',
  tokens: string[],
  properties: Record<string, unknown>,
  mode: WriteMode,
): void {
  const violations = dataSchemaViolations(schema, entity, tokens, properties ?? {}, mode);
  if (violations.length === 0) return;
  const first = violations[0];
  throw new UnprocessableError(`DATA_SCHEMA: ${first.message}`, 'DATA_SCHEMA_VIOLATION', {
    property: first.property,
    rule: first.rule,
    violations,
  });
}
