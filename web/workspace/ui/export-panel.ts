/**
 * The export panel (only for users with Export data; the server refuses the image export without it
 * too): PNG and SVG at a chosen size up to 8,000 px a side, with or without the legend; the table as
 * CSV and the canvas as JSON. What the filters hide is left out of all of them.
 */
import { h } from '../../shared/dom';
import { t } from '../../shared/i18n';
import type { LegendEntry } from '../export/legend';

export const MAX_EXPORT_SIDE = 8000;

export interface ExportActions {
  png(options: { width: number; height: number; legend: boolean }): void;
  svg(options: { width: number; height: number; legend: boolean }): void;
  // Functions, not methods: handed to the buttons as they are.
  csv: () => void;
  json: () => void;
  /** The canvas's size now: the default picture is twice that, for a sharp print. */
  canvasSize(): { width: number; height: number };
}

export type LegendSource = () => LegendEntry[];

export function exportPanel(actions: ExportActions): { panel: HTMLElement; refreshSize: () => void } {
  const sizeInput = (name: string, label: string) =>
    h('input', { type: 'number', name, min: '16', max: String(MAX_EXPORT_SIDE), step: '1', required: true, 'aria-label': label });
  const width = sizeInput('width', t('web.workspace.export.width'));
  const height = sizeInput('height', t('web.workspace.export.height'));
  const legend = h('input', { type: 'checkbox', name: 'legend', checked: true });
  const error = h('p', { class: 'error', role: 'alert', hidden: true });
  const chosen = () => {
    const w = Math.round(Number(width.value));
    const hgt = Math.round(Number(height.value));
    const ok = (n: number) => Number.isFinite(n) && n >= 16 && n <= MAX_EXPORT_SIDE;
    error.hidden = ok(w) && ok(hgt);
    if (!error.hidden) {
      error.textContent = t('web.workspace.export.sizeInvalid', { max: MAX_EXPORT_SIDE });
      return null;
    }
    return { width: w, height: hgt, legend: legend.checked };
  };
  const button = (text: string, action: () => void) => h('button', { type: 'button', class: 'secondary', onclick: action }, text);
  const refreshSize = () => {
    const size = actions.canvasSize();
    const k = Math.min(2, MAX_EXPORT_SIDE / Math.max(size.width, size.height, 1));
    width.value = String(Math.max(16, Math.round(size.width * k)));
    height.value = String(Math.max(16, Math.round(size.height * k)));
  };
  const panel = h(
    'div',
    { class: 'export-panel' },
    h(
      'fieldset',
      {},
      h('legend', {}, t('web.workspace.export.picture')),
      h(
        'div',
        { class: 'size-row' },
        h('label', {}, t('web.workspace.export.width'), width),
        h('span', { 'aria-hidden': 'true' }, '×'),
        h('label', {}, t('web.workspace.export.height'), height),
      ),
      h('label', { class: 'check' }, legend, t('web.workspace.export.withLegend')),
      h('p', { class: 'muted small' }, t('web.workspace.export.sizeHint', { max: MAX_EXPORT_SIDE })),
      error,
      h(
        'div',
        { class: 'actions' },
        button(t('web.workspace.toolbar.exportPng'), () => {
          const o = chosen();
          if (o) actions.png(o);
        }),
        button(t('web.workspace.toolbar.exportSvg'), () => {
          const o = chosen();
          if (o) actions.svg(o);
        }),
      ),
    ),
    h(
      'fieldset',
      {},
      h('legend', {}, t('web.workspace.export.data')),
      h(
        'div',
        { class: 'actions' },
        button(t('web.workspace.toolbar.exportCsv'), actions.csv),
        button(t('web.workspace.toolbar.exportJson'), actions.json),
      ),
    ),
  );
  return { panel, refreshSize };
}
