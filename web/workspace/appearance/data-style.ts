/**
 * Style by the data, per visualization: colour by a property's categories (a palette and a legend
 * with counts) or by numeric ranges (a gradient), size by a numeric property or a computed metric,
 * edge width and captions by a relationship property. Pure functions: the workspace computes the
 * style maps once per change and sigma's reducers read them (never a computation per frame).
 */
import type { CanvasNode, CanvasRelationship } from '../state/canvas-state';

export const METRICS = ['degree', 'pagerank', 'betweenness', 'community', 'component'] as const;
export type MetricName = (typeof METRICS)[number];
/** Computed metrics per node id (statistics/), as many as were run. */
export type Metrics = Partial<Record<MetricName, Readonly<Record<string, number>>>>;

/** What drives a style: a property of the element or a metric computed on the canvas. */
export type StyleKey = { property: string } | { metric: MetricName };

export interface DataStyle {
  nodeColor?: { mode: 'categories' | 'ranges'; key: StyleKey; from?: string; to?: string };
  nodeSize?: { key: StyleKey; min: number; max: number };
  edgeWidth?: { property: string; min: number; max: number };
  edgeCaption?: { property: string };
}

export const NO_DATA_STYLE: DataStyle = {};
/** Tableau 20: distinct enough side by side; categories past it share "other". */
export const PALETTE = [
  '#4e79a7',
  '#f28e2b',
  '#e15759',
  '#76b7b2',
  '#59a14f',
  '#edc948',
  '#b07aa1',
  '#ff9da7',
  '#9c755f',
  '#bab0ac',
  '#a0cbe8',
  '#ffbe7d',
  '#ff9d9a',
  '#86bcb6',
  '#8cd17d',
  '#f1ce63',
  '#d4a6c8',
  '#fabfd2',
  '#d7b5a6',
  '#79706e',
];
export const OTHER_COLOR = '#c8c8c8';
export const NO_VALUE_COLOR = '#e0e0e0';
const GRADIENT = { from: '#fde0c5', to: '#b3200e' };

export interface CategoryItem {
  /** The value as text; null for the elements without one. */
  value: string | null;
  color: string;
  count: number;
}

export type Legend =
  | { kind: 'categories'; key: StyleKey; items: CategoryItem[]; other: number }
  | { kind: 'gradient'; key: StyleKey; min: number; max: number; from: string; to: string; missing: number }
  | null;

export interface NodeStyleMaps {
  colors: Map<string, string>;
  sizes: Map<string, number>;
  legend: Legend;
}

export function keyName(key: StyleKey): string {
  return 'property' in key ? key.property : key.metric;
}

export function sameKey(a: StyleKey, b: StyleKey): boolean {
  return 'property' in a ? 'property' in b && a.property === b.property : 'metric' in b && a.metric === b.metric;
}

export function valueOf(node: CanvasNode, key: StyleKey, metrics: Metrics): unknown {
  return 'property' in key ? node.properties[key.property] : metrics[key.metric]?.[node.id];
}

/** A category's text: the same value always gives the same text (so the same colour). */
export function categoryText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  return typeof value === 'string' ? value : JSON.stringify(value);
}

export function numeric(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/** Categories of the key among the nodes, the most frequent first, each with its palette colour. */
export function categories(nodes: readonly CanvasNode[], key: StyleKey, metrics: Metrics): { items: CategoryItem[]; other: number } {
  const counts = new Map<string | null, number>();
  for (const node of nodes) {
    const text = categoryText(valueOf(node, key, metrics));
    counts.set(text, (counts.get(text) ?? 0) + 1);
  }
  const sorted = [...counts.entries()]
    .filter(([value]) => value !== null)
    .sort((a, b) => b[1] - a[1] || String(a[0]).localeCompare(String(b[0]), undefined, { numeric: true }));
  const items: CategoryItem[] = sorted.slice(0, PALETTE.length).map(([value, count], index) => ({ value, count, color: PALETTE[index] }));
  const other = sorted.slice(PALETTE.length).reduce((sum, [, count]) => sum + count, 0);
  const missing = counts.get(null) ?? 0;
  if (missing) items.push({ value: null, count: missing, color: NO_VALUE_COLOR });
  return { items, other };
}

export function numericRange(values: Iterable<unknown>): { min: number; max: number } | null {
  let min = Infinity;
  let max = -Infinity;
  for (const value of values) {
    const n = numeric(value);
    if (n === null) continue;
    if (n < min) min = n;
    if (n > max) max = n;
  }
  return min <= max ? { min, max } : null;
}

function channels(hex: string): [number, number, number] {
  const full = hex.length === 4 ? `#${hex[1]}${hex[1]}${hex[2]}${hex[2]}${hex[3]}${hex[3]}` : hex;
  return [1, 3, 5].map((i) => parseInt(full.slice(i, i + 2), 16)) as [number, number, number];
}

/** The colour at `t` (0..1) between two #rrggbb colours. */
export function mix(from: string, to: string, t: number): string {
  const a = channels(from);
  const b = channels(to);
  const at = Math.min(1, Math.max(0, t));
  return `#${a
    .map((c, i) =>
      Math.round(c + (b[i] - c) * at)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

/** Where a value sits in a range, 0..1 (the middle when the range is one value). */
export function position(value: number, range: { min: number; max: number }): number {
  return range.max === range.min ? 0.5 : (value - range.min) / (range.max - range.min);
}

/**
 * Colours and sizes per node under the data style (only the nodes it styles: the others keep the
 * label's look), and the legend that explains the colours.
 */
export function nodeStyleMaps(nodes: readonly CanvasNode[], style: DataStyle, metrics: Metrics): NodeStyleMaps {
  const colors = new Map<string, string>();
  const sizes = new Map<string, number>();
  let legend: Legend = null;
  const color = style.nodeColor;
  if (color?.mode === 'categories') {
    const { items, other } = categories(nodes, color.key, metrics);
    const byValue = new Map(items.map((item) => [item.value, item.color]));
    for (const node of nodes) colors.set(node.id, byValue.get(categoryText(valueOf(node, color.key, metrics))) ?? OTHER_COLOR);
    legend = { kind: 'categories', key: color.key, items, other };
  } else if (color?.mode === 'ranges') {
    const from = color.from ?? GRADIENT.from;
    const to = color.to ?? GRADIENT.to;
    const range = numericRange(nodes.map((node) => valueOf(node, color.key, metrics)));
    let missing = 0;
    for (const node of nodes) {
      const n = numeric(valueOf(node, color.key, metrics));
      if (n === null || !range) missing++;
      colors.set(node.id, n === null || !range ? NO_VALUE_COLOR : mix(from, to, position(n, range)));
    }
    legend = range ? { kind: 'gradient', key: color.key, min: range.min, max: range.max, from, to, missing } : null;
  }
  const size = style.nodeSize;
  if (size) {
    const range = numericRange(nodes.map((node) => valueOf(node, size.key, metrics)));
    for (const node of nodes) {
      const n = numeric(valueOf(node, size.key, metrics));
      // Area, not radius, follows the value: a node twice as important does not look four times as big.
      sizes.set(node.id, n === null || !range ? size.min : size.min + (size.max - size.min) * Math.sqrt(position(n, range)));
    }
  }
  return { colors, sizes, legend };
}

/** Edge widths and captions per relationship under the data style. */
export function edgeStyleMaps(
  relationships: readonly CanvasRelationship[],
  style: DataStyle,
): { widths: Map<string, number>; captions: Map<string, string> } {
  const widths = new Map<string, number>();
  const captions = new Map<string, string>();
  const width = style.edgeWidth;
  if (width) {
    const range = numericRange(relationships.map((r) => r.properties[width.property]));
    for (const r of relationships) {
      const n = numeric(r.properties[width.property]);
      widths.set(r.id, n === null || !range ? width.min : width.min + (width.max - width.min) * position(n, range));
    }
  }
  const caption = style.edgeCaption;
  if (caption) for (const r of relationships) captions.set(r.id, categoryText(r.properties[caption.property])?.slice(0, 60) ?? '');
  return { widths, captions };
}

/** Property keys of the nodes with how they can style: categories for any, ranges and sizes for numbers. */
export function propertyKeys(items: ReadonlyArray<{ properties: Readonly<Record<string, unknown>> }>): PropertyKeys {
  // The panels ask again on every render: once per list (the canvas state and the layer's lists are never changed in place).
  const known = keysOf.get(items);
  if (known) return known;
  const all = new Set<string>();
  const numbers = new Set<string>();
  for (const item of items) {
    for (const [key, value] of Object.entries(item.properties)) {
      all.add(key);
      if (numeric(value) !== null) numbers.add(key);
    }
  }
  const sort = (set: Set<string>) => [...set].sort((a, b) => a.localeCompare(b));
  const keys = { all: sort(all), numeric: sort(numbers) };
  keysOf.set(items, keys);
  return keys;
}

interface PropertyKeys {
  all: string[];
  numeric: string[];
}
const keysOf = new WeakMap<object, PropertyKeys>();

/** The property keys of a canvas state's nodes or relationships (its record), computed once per record. */
export function propertyKeysOf(record: Readonly<Record<string, { properties: Readonly<Record<string, unknown>> }>>): PropertyKeys {
  let items = valuesOf.get(record);
  if (!items) valuesOf.set(record, (items = Object.values(record)));
  return propertyKeys(items);
}
const valuesOf = new WeakMap<object, ReadonlyArray<{ properties: Readonly<Record<string, unknown>> }>>();
