/**
 * The visualization content's parts that the analysis layer keeps (filters of the canvas, the data
 * style, captions per label), joined to the canvas state's content when saving and handed to the
 * layer when opening. One registration per page (analysis-tools.ts); without it content passes as is.
 */
import type { ContentExtras } from './analysis-layer';
import type { SavedFilter } from '../filters/filters';

type ReadContent = {
  filters?: SavedFilter[];
  appearance?: unknown;
  captions?: { nodes?: Record<string, string[]> };
  styles?: { nodes?: Array<Record<string, unknown>> };
};

let writer: (() => ContentExtras) | null = null;
let reader: ((content: ReadContent) => void) | null = null;

export function registerContentExtension(write: () => ContentExtras, read: (content: ReadContent) => void): void {
  writer = write;
  reader = read;
}

/** The content to save: the canvas's own filters (hidden labels and types) followed by the layer's. */
export function extendContent<T extends { filters: unknown[] }>(content: T): T {
  if (!writer) return content;
  const extras = writer();
  return {
    ...content,
    filters: [...content.filters, ...extras.filters],
    appearance: extras.appearance,
    captions: extras.captions,
    styles: extras.styles,
  };
}

export function readContentExtensions(content: unknown): void {
  if (reader && content && typeof content === 'object') reader(content);
}
