/**
 * The data style as a visualization saves it (content "appearance", checked by the server's
 * content schema) read back defensively: a part that does not fit (an older or hand-written
 * content) is left out rather than breaking the canvas.
 */
import type { DataStyle, MetricName, StyleKey } from './data-style';
import { METRICS } from './data-style';

type Loose = Record<string, unknown>;
const isObject = (value: unknown): value is Loose => typeof value === 'object' && value !== null && !Array.isArray(value);
const COLOR = /^#[0-9a-fA-F]{3}([0-9a-fA-F]{3})?$/;

function key(value: unknown): StyleKey | null {
  if (!isObject(value)) return null;
  if (typeof value.property === 'string' && value.property) return { property: value.property };
  if (typeof value.metric === 'string' && (METRICS as readonly string[]).includes(value.metric))
    return { metric: value.metric as MetricName };
  return null;
}

function size(value: Loose): { min: number; max: number } | null {
  const { min, max } = value;
  return typeof min === 'number' && typeof max === 'number' && min >= 0 && max >= min && max <= 1000 ? { min, max } : null;
}

export function parseAppearance(raw: unknown): DataStyle {
  const style: DataStyle = {};
  if (!isObject(raw)) return style;
  const { nodeColor, nodeSize, edgeWidth, edgeCaption } = raw;
  if (isObject(nodeColor) && (nodeColor.mode === 'categories' || nodeColor.mode === 'ranges')) {
    const k = key(nodeColor.key);
    const colors = [nodeColor.from, nodeColor.to].every((c) => c === undefined || (typeof c === 'string' && COLOR.test(c)));
    if (k && colors)
      style.nodeColor = {
        mode: nodeColor.mode,
        key: k,
        ...(nodeColor.from ? { from: nodeColor.from as string } : {}),
        ...(nodeColor.to ? { to: nodeColor.to as string } : {}),
      };
  }
  if (isObject(nodeSize)) {
    const k = key(nodeSize.key);
    const range = size(nodeSize);
    if (k && range) style.nodeSize = { key: k, ...range };
  }
  if (isObject(edgeWidth) && typeof edgeWidth.property === 'string') {
    const range = size(edgeWidth);
    if (range) style.edgeWidth = { property: edgeWidth.property, ...range };
  }
  if (isObject(edgeCaption) && typeof edgeCaption.property === 'string') style.edgeCaption = { property: edgeCaption.property };
  return style;
}
