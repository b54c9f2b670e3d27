/**
 * Filters on the canvas (as gephi-lite does): categories of a property, a numeric range, a timeline
 * over a date property (typed temporal values as the API writes them, {"$type": "Date", "_value":
 * "2015-07-21"}, ISO date strings or epoch numbers). Pure state and pure functions: the
 * workspace computes the hidden node ids once per change, sigma's reducers hide them, and the
 * table, the CSV and the exports read the same set. Saved in the visualization as filters of the
 * filter language (a filter names what stays shown).
 */
import type { CanvasNode } from '../state/canvas-state';
import { categoryText, numeric } from '../appearance/data-style';

export type Scalar = string | number | boolean | null;

export type CanvasFilter =
  | { kind: 'categories'; property: string; hidden: Scalar[] }
  | { kind: 'range'; property: string; min: number; max: number }
  /** from / to in epoch milliseconds, whatever the property holds. */
  | { kind: 'timeline'; property: string; from: number; to: number };

export type FilterList = readonly CanvasFilter[];

const ISO_DATE = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;
/** Numbers below this are epoch seconds, above it milliseconds (1e11 s is the year 5138, 1e11 ms is 1973). */
const SECONDS_BOUND = 1e11;

/** The temporal types (docs/values.md) a timeline can run over, as the API writes them. */
export type TimeForm = 'number' | 'text' | 'Date' | 'LocalDateTime' | 'OffsetDateTime' | 'ZonedDateTime';
const TEMPORAL_FORMS: ReadonlySet<string> = new Set(['Date', 'LocalDateTime', 'OffsetDateTime', 'ZonedDateTime']);

function temporal(value: unknown): { type: TimeForm; text: string } | null {
  const v = value as { $type?: unknown; _value?: unknown } | null;
  if (!v || typeof v !== 'object' || typeof v.$type !== 'string' || typeof v._value !== 'string' || !TEMPORAL_FORMS.has(v.$type))
    return null;
  return { type: v.$type as TimeForm, text: v._value };
}

/** Epoch ms of a typed temporal value: dates at midnight UTC, local datetimes read as UTC, zoned ones at their instant. */
function typedTime(type: TimeForm, text: string): number {
  const iso = text.replace(/\[[^\]]*\]$/, '').replace(/(\.\d{3})\d+/, '$1');
  if (type === 'Date') return Date.parse(`${iso}T00:00:00Z`);
  return Date.parse(type === 'LocalDateTime' ? `${iso}Z` : iso);
}

/** The form a timeline's bounds take for a property: the temporal type its values have, else ISO text or epoch numbers. */
export function timeFormOf(values: Iterable<unknown>): TimeForm {
  let text = false;
  for (const value of values) {
    const typed = temporal(value);
    if (typed) return typed.type === 'ZonedDateTime' ? 'OffsetDateTime' : typed.type;
    if (typeof value === 'string' && timeOf(value) !== null) text = true;
  }
  return text ? 'text' : 'number';
}

/** A property value as a point in time (epoch ms), or null when it is not a date. */
export function timeOf(value: unknown): number | null {
  const typed = temporal(value);
  if (typed) {
    const ms = typedTime(typed.type, typed.text);
    return Number.isFinite(ms) ? ms : null;
  }
  if (typeof value === 'string' && ISO_DATE.test(value)) {
    const ms = Date.parse(value);
    return Number.isFinite(ms) ? ms : null;
  }
  const n = numeric(value);
  if (n === null) return null;
  return Math.abs(n) < SECONDS_BOUND ? n * 1000 : n;
}

function passes(node: CanvasNode, filter: CanvasFilter, hiddenTexts: ReadonlySet<string | null> | undefined): boolean {
  const value = node.properties[filter.property];
  if (filter.kind === 'categories') return !hiddenTexts?.has(categoryText(value));
  if (filter.kind === 'range') {
    const n = numeric(value);
    return n !== null && n >= filter.min && n <= filter.max;
  }
  const time = timeOf(value);
  return time !== null && time >= filter.from && time <= filter.to;
}

/** Ids of the nodes the filters take off the canvas (a node must pass every filter). */
export function filteredOut(nodes: Iterable<CanvasNode>, filters: FilterList): Set<string> {
  const out = new Set<string>();
  if (!filters.length) return out;
  const texts = filters.map((f) => (f.kind === 'categories' ? new Set(f.hidden.map(categoryText)) : undefined));
  for (const node of nodes) {
    for (let i = 0; i < filters.length; i++) {
      if (!passes(node, filters[i], texts[i])) {
        out.add(node.id);
        break;
      }
    }
  }
  return out;
}

/** The values of a property with their counts, most frequent first (the category filter's list). */
export function categoryCounts(
  nodes: Iterable<CanvasNode>,
  property: string,
): Array<{ value: Scalar; text: string | null; count: number }> {
  const counts = new Map<string | null, { value: Scalar; count: number }>();
  for (const node of nodes) {
    const raw = node.properties[property];
    const value: Scalar = raw === undefined ? null : typeof raw === 'object' && raw !== null ? JSON.stringify(raw) : raw;
    const text = categoryText(raw);
    const entry = counts.get(text) ?? { value, count: 0 };
    entry.count++;
    counts.set(text, entry);
  }
  return [...counts.entries()]
    .map(([text, entry]) => ({ text, ...entry }))
    .sort(
      (a, b) =>
        b.count - a.count || (a.text === null ? 1 : b.text === null ? -1 : a.text.localeCompare(b.text, undefined, { numeric: true })),
    );
}

/** dateKeys of a canvas state's nodes (its record), computed once per record: the panel asks on every render. */
export function dateKeysOf(nodes: Readonly<Record<string, CanvasNode>>): string[] {
  let keys = datesOf.get(nodes);
  if (!keys) datesOf.set(nodes, (keys = dateKeys(Object.values(nodes))));
  return keys;
}
const datesOf = new WeakMap<object, string[]>();

/** Properties whose values are dates (ISO strings) or numbers that read as epoch times (after 1973 in seconds). */
export function dateKeys(nodes: Iterable<CanvasNode>): string[] {
  const verdict = new Map<string, boolean>();
  for (const node of nodes) {
    for (const [key, value] of Object.entries(node.properties)) {
      if (value === null || value === undefined || verdict.get(key) === false) continue;
      const isDate =
        temporal(value) !== null ||
        (typeof value === 'string' && ISO_DATE.test(value)) ||
        (typeof value === 'number' && Number.isFinite(value) && value >= 1e8);
      verdict.set(key, isDate);
    }
  }
  return [...verdict.entries()]
    .filter(([, ok]) => ok)
    .map(([key]) => key)
    .sort();
}

export function timeRange(nodes: Iterable<CanvasNode>, property: string): { min: number; max: number } | null {
  let min = Infinity;
  let max = -Infinity;
  for (const node of nodes) {
    const time = timeOf(node.properties[property]);
    if (time === null) continue;
    min = Math.min(min, time);
    max = Math.max(max, time);
  }
  return min <= max ? { min, max } : null;
}

// ------------------------------------------------------------------ changes (pure)

/** Adds a filter, or replaces the one of the same kind on the same property. */
export const putFilter = (filters: FilterList, filter: CanvasFilter): CanvasFilter[] => {
  const index = filters.findIndex((f) => f.kind === filter.kind && f.property === filter.property);
  return index < 0 ? [...filters, filter] : filters.map((f, i) => (i === index ? filter : f));
};

export const removeFilter = (filters: FilterList, index: number): CanvasFilter[] => filters.filter((_, i) => i !== index);

/** Shows or hides one category of a category filter. */
export const toggleCategory = (filters: FilterList, index: number, value: Scalar): CanvasFilter[] =>
  filters.map((f, i) => {
    if (i !== index || f.kind !== 'categories') return f;
    const text = categoryText(value);
    const hidden = f.hidden.some((v) => categoryText(v) === text) ? f.hidden.filter((v) => categoryText(v) !== text) : [...f.hidden, value];
    return { ...f, hidden };
  });

/** The next frame of a playing timeline: the window moves by `step`, and starts again at the beginning once past the end. */
export function nextFrame(
  filter: Extract<CanvasFilter, { kind: 'timeline' }>,
  range: { min: number; max: number },
  step: number,
): Extract<CanvasFilter, { kind: 'timeline' }> {
  const width = filter.to - filter.from;
  if (filter.to >= range.max) return { ...filter, from: range.min, to: range.min + width };
  const to = Math.min(range.max, filter.to + step);
  return { ...filter, from: to - width, to };
}

// ------------------------------------------------------------------ saved form (filter language)

type FilterTree = Record<string, unknown>;
export interface SavedFilter {
  target: 'nodes' | 'relationships';
  filter: FilterTree;
  enabled?: boolean;
  description?: string;
}

const TIMELINE = 'timeline ';

/**
 * The saved form of a canvas filter. A timeline's bounds take the form of the property's values
 * (timeForm, or true for ISO text): typed values of the same temporal type compare as dates on
 * both backends, where text would compare as text and match no date.
 */
export function toSaved(filter: CanvasFilter, timeForm: boolean | TimeForm): SavedFilter {
  const { property } = filter;
  if (filter.kind === 'categories') {
    const values = filter.hidden.filter((v) => v !== null);
    const notIn = { not: { property, operator: 'IN', value: values } };
    // Two-valued logic: an element without the property passes "not IN"; hiding "no value" says so.
    const tree = filter.hidden.includes(null) ? { and: [notIn, { property, operator: 'IS NOT NULL' }] } : notIn;
    return { target: 'nodes', filter: tree, enabled: true, description: `categories ${property}` };
  }
  if (filter.kind === 'range') {
    return {
      target: 'nodes',
      filter: {
        and: [
          { property, operator: '>=', value: filter.min },
          { property, operator: '<=', value: filter.max },
        ],
      },
      enabled: true,
      description: `range ${property}`,
    };
  }
  const form: TimeForm = timeForm === true ? 'text' : timeForm === false ? 'number' : timeForm;
  const bound = (ms: number): unknown => {
    if (form === 'number') return ms;
    const iso = new Date(ms).toISOString();
    if (form === 'text') return iso;
    if (form === 'Date') return { $type: 'Date', _value: iso.slice(0, 10) };
    if (form === 'LocalDateTime') return { $type: 'LocalDateTime', _value: iso.slice(0, -1) };
    return { $type: 'OffsetDateTime', _value: iso };
  };
  return {
    target: 'nodes',
    filter: {
      and: [
        { property, operator: '>=', value: bound(filter.from) },
        { property, operator: '<=', value: bound(filter.to) },
      ],
    },
    enabled: true,
    description: `${TIMELINE}${property}`,
  };
}

interface Comparison {
  property: string;
  operator: string;
  value?: unknown;
}

function comparison(tree: unknown): Comparison | null {
  const c = tree as Partial<Comparison> | null;
  return c && typeof c === 'object' && typeof c.property === 'string' && typeof c.operator === 'string' ? (c as Comparison) : null;
}

function categoriesOf(tree: FilterTree): CanvasFilter | null {
  const inner = comparison(tree.not);
  if (!inner || inner.operator !== 'IN' || !Array.isArray(inner.value)) return null;
  return { kind: 'categories', property: inner.property, hidden: inner.value as Scalar[] };
}

/** A saved filter back as a canvas filter; null for filters this panel did not write (left as they are). */
export function fromSaved(saved: SavedFilter): CanvasFilter | null {
  if (saved.target !== 'nodes' || saved.enabled === false) return null;
  const tree = saved.filter;
  if (tree.not) return categoriesOf(tree);
  const parts = Array.isArray(tree.and) ? (tree.and as unknown[]) : null;
  if (!parts || parts.length !== 2) return null;
  const first = parts[0] as FilterTree;
  const notNull = comparison(parts[1]);
  if (first?.not && notNull?.operator === 'IS NOT NULL') {
    const categories = categoriesOf(first);
    return categories && categories.kind === 'categories' ? { ...categories, hidden: [...categories.hidden, null] } : null;
  }
  const low = comparison(parts[0]);
  const high = comparison(parts[1]);
  if (!low || !high || low.operator !== '>=' || high.operator !== '<=' || low.property !== high.property) return null;
  if (saved.description?.startsWith(TIMELINE)) {
    const from = timeOf(low.value);
    const to = timeOf(high.value);
    return from === null || to === null ? null : { kind: 'timeline', property: low.property, from, to };
  }
  const min = numeric(low.value);
  const max = numeric(high.value);
  return min === null || max === null ? null : { kind: 'range', property: low.property, min, max };
}
