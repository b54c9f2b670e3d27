/** The workspace's side panels: search results, legend and filters, details of the selection, the table view. */
import { h, clear } from '../../shared/dom';
import { formatNumber, plural, t } from '../../shared/i18n';
import type { ApiNode } from '../../shared/graph-types';
import type { CanvasState } from '../state/canvas-state';
import { isNodeShown, vocabulary } from '../state/canvas-state';
import type { Appearance } from '../style/style';
import { labelColor, nodeCaption } from '../style/style';
import { toCsv } from './csv';

function display(value: unknown): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

export function renderResults(
  target: HTMLElement,
  items: ApiNode[],
  total: number,
  appearance: Appearance,
  onAdd: (nodes: ApiNode[]) => void,
): void {
  clear(target);
  if (!items.length) {
    target.append(h('p', { class: 'empty' }, t('web.workspace.results.empty')));
    return;
  }
  target.append(
    h(
      'p',
      {},
      t('web.workspace.results.found', { count: total }),
      ' ',
      h('button', { type: 'button', class: 'add-all', onclick: () => onAdd(items) }, plural('web.workspace.results.addAll', items.length)),
    ),
    h(
      'ul',
      { class: 'results' },
      ...items.map((node) =>
        h(
          'li',
          {},
          h('span', { class: 'swatch', style: `background:${labelColor(appearance, node.labels[0])}` }),
          h('span', { class: 'caption' }, nodeCaption(appearance, { ...node, x: 0, y: 0 })),
          h('span', { class: 'labels' }, node.labels.join(', ')),
          h('button', { type: 'button', class: 'add', onclick: () => onAdd([node]) }, t('web.workspace.results.add')),
        ),
      ),
    ),
  );
}

export function renderLegend(
  target: HTMLElement,
  state: CanvasState,
  appearance: Appearance,
  onToggleLabel: (label: string) => void,
  onToggleType: (type: string) => void,
): void {
  clear(target);
  const { labels, types } = vocabulary(state);
  if (!labels.length) {
    target.append(h('p', { class: 'empty' }, t('web.workspace.legend.empty')));
    return;
  }
  target.append(
    h('h3', {}, t('web.workspace.legend.labels')),
    h(
      'ul',
      { class: 'legend' },
      ...labels.map(([label, count]) =>
        h(
          'li',
          {},
          h(
            'label',
            {},
            h('input', {
              type: 'checkbox',
              'data-label': label,
              checked: !state.hiddenLabels.includes(label),
              onchange: () => onToggleLabel(label),
            }),
            h('span', { class: 'swatch', style: `background:${labelColor(appearance, label)}` }),
            ` ${label} (${formatNumber(count)})`,
          ),
        ),
      ),
    ),
    h('h3', {}, t('web.workspace.legend.types')),
    h(
      'ul',
      { class: 'legend' },
      ...types.map(([type, count]) =>
        h(
          'li',
          {},
          h(
            'label',
            {},
            h('input', {
              type: 'checkbox',
              'data-type': type,
              checked: !state.hiddenTypes.includes(type),
              onchange: () => onToggleType(type),
            }),
            ` ${type} (${formatNumber(count)})`,
          ),
        ),
      ),
    ),
  );
}

/**
 * Column keys of the element's own id and labels: never a property name (a property may be called
 * `id` or `labels`; it gets its own column under its own name).
 */
export const ELEMENT_ID = '\u0000id';
export const ELEMENT_LABELS = '\u0000labels';

/** The table view: every node the filters leave on the canvas, sortable by a column; also the canvas's text alternative. */
export function renderTable(
  target: HTMLElement,
  state: CanvasState,
  sortKey: string,
  onSort: (key: string) => void,
): { csv: () => string } {
  clear(target);
  const nodes = Object.values(state.nodes).filter((node) => isNodeShown(state, node));
  const keys = [...new Set(nodes.flatMap((node) => Object.keys(node.properties)))].sort();
  const columns = [ELEMENT_ID, ELEMENT_LABELS, ...keys];
  const heading = (column: string) =>
    column === ELEMENT_ID ? t('web.workspace.table.elementId') : column === ELEMENT_LABELS ? t('web.workspace.table.labels') : column;
  const cell = (node: (typeof nodes)[number], column: string): unknown =>
    column === ELEMENT_ID ? node.id : column === ELEMENT_LABELS ? node.labels.join(':') : node.properties[column];
  const rows = [...nodes].sort((a, b) => {
    const x = cell(a, sortKey);
    const y = cell(b, sortKey);
    if (x === undefined) return y === undefined ? 0 : 1;
    if (y === undefined) return -1;
    if (typeof x === 'number' && typeof y === 'number') return x - y;
    return display(x).localeCompare(display(y), undefined, { numeric: true });
  });
  target.append(
    h(
      'table',
      { class: 'data-table' },
      h('caption', {}, t('web.workspace.table.caption', { nodes: nodes.length, relationships: Object.keys(state.relationships).length })),
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          ...columns.map((column) =>
            h(
              'th',
              { scope: 'col', 'aria-sort': column === sortKey ? 'ascending' : 'none' },
              h('button', { type: 'button', class: 'link', onclick: () => onSort(column) }, heading(column)),
            ),
          ),
        ),
      ),
      h(
        'tbody',
        {},
        ...rows.map((node) =>
          h(
            'tr',
            {},
            ...columns.map((column) =>
              h('td', { class: typeof cell(node, column) === 'number' ? 'number' : '' }, display(cell(node, column))),
            ),
          ),
        ),
      ),
    ),
  );
  return {
    csv: () =>
      toCsv(
        columns.map(heading),
        rows.map((node) => columns.map((column) => cell(node, column))),
      ),
  };
}
