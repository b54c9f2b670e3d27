/**
 * How elements look: colour and caption per label, colour per relationship type, from the
 * APPEARANCE setting, with a stable palette colour for labels it does not name. Pure functions.
 */
import type { CanvasNode, CanvasRelationship } from '../state/canvas-state';
import { t } from '../../shared/i18n';

export interface Appearance {
  nodeCaptions: Record<string, string>;
  colors: Record<string, string>;
  relationshipColors: Record<string, string>;
  /** Custom icon file names (GET /icons/{fileName}) per label. */
  icons: Record<string, string>;
  sizes: Record<string, number>;
}

export const NO_APPEARANCE: Appearance = { nodeCaptions: {}, colors: {}, relationshipColors: {}, icons: {}, sizes: {} };
const PALETTE = ['#4e79a7', '#f28e2b', '#e15759', '#76b7b2', '#59a14f', '#edc948', '#b07aa1', '#ff9da7', '#9c755f', '#bab0ac'];
const CAPTION_FALLBACKS = ['name', 'title', 'caption', 'label', 'uid', 'id'];

function hash(text: string): number {
  let h = 0;
  for (let i = 0; i < text.length; i++) h = (Math.imul(31, h) + text.charCodeAt(i)) | 0;
  return Math.abs(h);
}

export function labelColor(appearance: Appearance, label: string | undefined): string {
  if (!label) return '#888888';
  return appearance.colors[label] ?? PALETTE[hash(label) % PALETTE.length];
}

export function nodeColor(appearance: Appearance, node: CanvasNode): string {
  const styled = node.labels.find((label) => appearance.colors[label]);
  return labelColor(appearance, styled ?? [...node.labels].sort()[0]);
}

export function relationshipColor(appearance: Appearance, relationship: CanvasRelationship): string {
  return appearance.relationshipColors[relationship.type] ?? '#b0b0b0';
}

function text(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

/** The caption: the configured property of the first label that has one, else a name-like property, else the label and id. */
export function nodeCaption(appearance: Appearance, node: CanvasNode): string {
  for (const label of node.labels) {
    const property = appearance.nodeCaptions[label];
    if (property && node.properties[property] !== undefined) return text(node.properties[property]).slice(0, 80);
  }
  for (const key of CAPTION_FALLBACKS) if (node.properties[key] !== undefined) return text(node.properties[key]).slice(0, 80);
  return `${node.labels[0] ?? t('web.workspace.node')} ${node.id}`;
}

/** The size APPEARANCE gives the node's label, else one that grows gently with the degree on the canvas. */
export function nodeSize(degree: number, appearance: Appearance = NO_APPEARANCE, node?: CanvasNode): number {
  const styled = node?.labels.find((label) => appearance.sizes[label]);
  if (styled) return appearance.sizes[styled];
  return Math.min(4 + Math.sqrt(degree) * 2, 20);
}

/** The icon of the node's first label that has one, as the URL the server serves it at. */
export function nodeIcon(appearance: Appearance, node: CanvasNode): string | undefined {
  const styled = node.labels.find((label) => appearance.icons[label]);
  return styled ? `/icons/${encodeURIComponent(appearance.icons[styled])}` : undefined;
}
