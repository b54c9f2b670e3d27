/**
 * The DATA_SCHEMA setting as the pages use it: which properties a label shows, under which title,
 * in which order (title role first), and how values are written (dates and numbers per the
 * page's locale). Pure functions.
 */
import { t } from './i18n';

export interface PropertySchema {
  title?: string;
  dataType: 'string' | 'integer' | 'float' | 'boolean' | 'date' | 'datetime' | 'time' | 'duration' | 'point' | 'list';
  role?: 'title' | 'subtitle' | 'uid' | 'description' | 'image' | 'none';
  format?: string;
  hidden?: boolean;
  readOnly?: boolean;
}

export interface DataSchema {
  nodes: Record<string, Record<string, PropertySchema>>;
  relationships: Record<string, Record<string, PropertySchema>>;
}

export const NO_SCHEMA: DataSchema = { nodes: {}, relationships: {} };

/** The description of a property for elements carrying these labels: a label's own entry wins over '*'. */
export function propertySchema(
  schema: DataSchema,
  kind: 'nodes' | 'relationships',
  tokens: string[],
  property: string,
): PropertySchema | undefined {
  for (const token of tokens) {
    const own = schema[kind][token]?.[property];
    if (own) return own;
  }
  return schema[kind]['*']?.[property];
}

const ROLE_ORDER: Record<string, number> = { title: 0, subtitle: 1, uid: 2, description: 3 };

/** Columns for a table of nodes: properties present, hidden ones left out, the title first, then by title. */
export function columnsFor(
  schema: DataSchema,
  labels: string[],
  present: string[],
): Array<{ property: string; title: string; schema?: PropertySchema }> {
  return present
    .map((property) => ({ property, schema: propertySchema(schema, 'nodes', labels, property) }))
    .filter((column) => !column.schema?.hidden)
    .map((column) => ({ ...column, title: column.schema?.title || column.property }))
    .sort((a, b) => (ROLE_ORDER[a.schema?.role ?? ''] ?? 9) - (ROLE_ORDER[b.schema?.role ?? ''] ?? 9) || a.title.localeCompare(b.title));
}

/**
 * A temporal value or point as the API writes it ({"$type": "Date", "_value": "2015-07-21"}) for
 * people: dates and datetimes per the locale (a date and a local datetime as written, a datetime
 * with a zone in the reader's zone), times, durations and points as their text.
 */
function formatTyped(type: string, text: string, locale?: string): string {
  const iso = text.replace(/\[[^\]]*\]$/, '').replace(/(\.\d{3})\d+/, '$1');
  if (type === 'Date') {
    const time = Date.parse(`${iso}T00:00:00Z`);
    if (!Number.isNaN(time)) return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(time);
  } else if (type === 'LocalDateTime') {
    const time = Date.parse(`${iso}Z`);
    if (!Number.isNaN(time))
      return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'medium', timeZone: 'UTC' }).format(time);
  } else if (type === 'OffsetDateTime' || type === 'ZonedDateTime') {
    const time = Date.parse(iso);
    if (!Number.isNaN(time)) return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'medium' }).format(time);
  }
  return text;
}

/** A value written for people: dates and numbers per the locale, lists joined, objects as JSON. */
export function formatValue(value: unknown, schema: PropertySchema | undefined, locale?: string): string {
  if (value === null || value === undefined) return '';
  const typed = value as { $type?: unknown; _value?: unknown };
  if (typeof typed === 'object' && typeof typed.$type === 'string' && typeof typed._value === 'string' && Object.keys(typed).length === 2)
    return formatTyped(typed.$type, typed._value, locale);
  if (Array.isArray(value)) return value.map((item) => formatValue(item, undefined, locale)).join(', ');
  if (typeof value === 'number')
    return new Intl.NumberFormat(locale, { maximumFractionDigits: schema?.dataType === 'integer' ? 0 : 6 }).format(value);
  if (typeof value === 'boolean') return value ? t('web.common.yes') : t('web.common.no');
  if (typeof value === 'string' && (schema?.dataType === 'date' || schema?.dataType === 'datetime')) {
    const time = Date.parse(value);
    if (!Number.isNaN(time)) {
      return schema.dataType === 'date'
        ? new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(time)
        : new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(time);
    }
  }
  return typeof value === 'string' ? value : JSON.stringify(value);
}
