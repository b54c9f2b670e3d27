/**
 * The /search page: every search opens a tab (the q parameter fills the first one, spec 4.13).
 * Inside a tab: one view per fulltext-indexed label (and "All"), a table whose columns follow
 * DATA_SCHEMA (titles, formats, hidden properties left out), paging, row selection that opens the
 * chosen nodes in the visualization workspace, and a CSV export for users with Export data.
 */
import { ApiError, call, client } from '../shared/client';
import { clear, h } from '../shared/dom';
import type { ApiNode } from '../shared/graph-types';
import type { DataSchema } from '../shared/data-schema';
import { columnsFor, formatValue, NO_SCHEMA } from '../shared/data-schema';
import { currentLocale, plural, t } from '../shared/i18n';

const PAGE_SIZE = 25;

interface Context {
  schema: DataSchema;
  indexedLabels: string[];
  canExport: boolean;
}

function message(error: unknown): string {
  return error instanceof ApiError || error instanceof Error ? error.message : String(error);
}

function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = h('a', { href: url, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

function resultTable(nodes: ApiNode[], schema: DataSchema, selected: Set<string>, onSelection: () => void): HTMLTableElement {
  const present = [...new Set(nodes.flatMap((node) => Object.keys(node.properties)))];
  const labelsInPage = [...new Set(nodes.flatMap((node) => node.labels))];
  const columns = columnsFor(schema, labelsInPage, present).slice(0, 8);
  const all = h('input', { type: 'checkbox', 'aria-label': t('web.search.selectPage') });
  all.checked = nodes.length > 0 && nodes.every((node) => selected.has(node.id));
  all.addEventListener('change', () => {
    for (const node of nodes)
      if (all.checked) selected.add(node.id);
      else selected.delete(node.id);
    table.querySelectorAll<HTMLInputElement>('tbody input[type=checkbox]').forEach((box) => (box.checked = all.checked));
    onSelection();
  });
  const locale = currentLocale();
  const table = h(
    'table',
    { class: 'grid results' },
    h(
      'thead',
      {},
      h(
        'tr',
        {},
        h('th', { scope: 'col' }, all),
        h('th', { scope: 'col' }, t('web.search.labels')),
        ...columns.map((column) => h('th', { scope: 'col' }, column.title)),
      ),
    ),
    h(
      'tbody',
      {},
      ...nodes.map((node) => {
        const box = h('input', { type: 'checkbox', 'aria-label': t('web.search.selectNode', { id: node.id }) });
        box.checked = selected.has(node.id);
        box.addEventListener('change', () => {
          if (box.checked) selected.add(node.id);
          else selected.delete(node.id);
          onSelection();
        });
        return h(
          'tr',
          {},
          h('td', {}, box),
          h('td', {}, node.labels.join(', ')),
          ...columns.map((column) => {
            const own = columnsFor(schema, node.labels, [column.property])[0];
            return h('td', {}, own ? formatValue(node.properties[column.property], own.schema, locale) : '');
          }),
        );
      }),
    ),
  );
  return table;
}

/** One search: a view per label, paging, selection, open and export. */
async function runSearch(panel: HTMLElement, text: string, context: Context): Promise<void> {
  const selected = new Set<string>();
  const views = ['', ...context.indexedLabels];
  let label = '';
  let skip = 0;
  const viewBar = h('div', { class: 'label-views', role: 'group', 'aria-label': t('web.search.labels') });
  const body = h('div', { class: 'results-body' });
  const openButton = h('button', { type: 'button', disabled: true }, t('web.search.openSelected'));
  const exportButton = h('button', { type: 'button' }, t('web.search.exportCsv'));
  const actions = h('div', { class: 'actions' }, openButton, context.canExport ? exportButton : null);
  const onSelection = () => {
    openButton.disabled = selected.size === 0;
    openButton.textContent = selected.size ? plural('web.search.openCount', selected.size) : t('web.search.openSelected');
  };
  openButton.addEventListener('click', () => {
    window.location.href = `/visualization?nodes=${encodeURIComponent([...selected].join(','))}`;
  });
  exportButton.addEventListener('click', async () => {
    try {
      const csv = await call(
        client.POST('/data/nodes/find/export/csv', { body: { text, ...(label ? { labels: [label] } : {}) }, parseAs: 'blob' }),
      );
      saveBlob(csv, `search-${label || 'all'}.csv`);
    } catch (error) {
      body.prepend(h('p', { class: 'error', role: 'alert' }, message(error)));
    }
  });

  async function load(): Promise<void> {
    for (const button of viewBar.querySelectorAll('button')) button.setAttribute('aria-pressed', String(button.dataset.label === label));
    try {
      const answer = await call(
        client.POST('/data/nodes/find', { body: { text, ...(label ? { labels: [label] } : {}), skip, limit: PAGE_SIZE } }),
      );
      clear(body);
      if (!answer.items.length) {
        body.append(h('p', { class: 'muted' }, label ? t('web.search.noMatchLabel', { text, label }) : t('web.search.noMatch', { text })));
        return;
      }
      const last = Math.min(skip + answer.items.length, answer.total);
      const prev = h(
        'button',
        { type: 'button', disabled: skip === 0, onclick: () => ((skip = Math.max(0, skip - PAGE_SIZE)), void load()) },
        t('web.search.previous'),
      );
      // Past a lower-bound total there may be more pages: only a short page says it is the last.
      const atEnd = answer.totalIsLowerBound ? answer.items.length < PAGE_SIZE : last >= answer.total;
      const next = h(
        'button',
        { type: 'button', disabled: atEnd, onclick: () => ((skip += PAGE_SIZE), void load()) },
        t('web.search.next'),
      );
      const count = answer.totalIsLowerBound
        ? t('web.search.rangeMoreThan', { from: skip + 1, to: skip + answer.items.length, total: answer.total })
        : answer.total === 1
          ? t('web.search.oneFound')
          : t('web.search.range', { from: skip + 1, to: last, total: answer.total });
      body.append(
        h('p', { class: 'muted count' }, count),
        h('div', { class: 'table-scroll' }, resultTable(answer.items, context.schema, selected, onSelection)),
        h('div', { class: 'pager' }, prev, next),
      );
    } catch (error) {
      clear(body);
      body.append(h('p', { class: 'error', role: 'alert' }, message(error)));
    }
  }

  if (views.length > 1) {
    for (const view of views)
      viewBar.append(
        h(
          'button',
          { type: 'button', 'data-label': view, onclick: () => ((label = view), (skip = 0), void load()) },
          view || t('web.search.all'),
        ),
      );
  }
  panel.replaceChildren(viewBar, actions, body);
  await load();
}

async function main(): Promise<void> {
  const form = document.getElementById('search-form') as HTMLFormElement | null;
  const input = document.getElementById('search-q') as HTMLInputElement | null;
  const tabList = document.getElementById('search-tabs');
  const panels = document.getElementById('search-panels');
  const empty = document.getElementById('search-empty');
  if (!form || !input || !tabList || !panels || !empty) return;

  const [settings, session] = await Promise.all([
    call(client.GET('/settings')).catch(() => null),
    call(client.GET('/session')).catch(() => null),
  ]);
  const fulltext = settings?.FULLTEXT_INDEX ?? { labels: [] };
  const context: Context = {
    schema: settings?.DATA_SCHEMA ?? NO_SCHEMA,
    indexedLabels: [...(fulltext.labels ?? [])].sort(),
    canExport: !!session?.user?.permissions.includes('EXPORT_DATA'),
  };
  let counter = 0;

  const select = (tab: HTMLElement) => {
    for (const other of tabList.querySelectorAll<HTMLElement>('[role="tab"]')) {
      const selected = other === tab;
      other.setAttribute('aria-selected', String(selected));
      other.tabIndex = selected ? 0 : -1;
      document.getElementById(other.getAttribute('aria-controls')!)!.hidden = !selected;
    }
  };

  const search = (text: string) => {
    counter += 1;
    const id = `search-tab-${counter}`;
    const panel = h(
      'section',
      { id: `${id}-panel`, role: 'tabpanel', 'aria-labelledby': id, class: 'tab-panel' },
      h('p', { class: 'muted' }, t('web.search.searching')),
    );
    const tab = h('button', { id, type: 'button', role: 'tab', 'aria-controls': `${id}-panel`, class: 'tab' }, text);
    tab.addEventListener('click', () => select(tab));
    const close = h('button', { type: 'button', class: 'tab-close', 'aria-label': t('web.search.close', { text }) }, '×');
    const wrap = h('span', { class: 'tab-wrap' }, tab, close);
    close.addEventListener('click', (event) => {
      event.stopPropagation();
      const wasSelected = tab.getAttribute('aria-selected') === 'true';
      wrap.remove();
      panel.remove();
      const remaining = tabList.querySelector<HTMLElement>('[role="tab"]');
      if (wasSelected && remaining) select(remaining);
      if (!remaining) empty.hidden = false;
    });
    tabList.append(wrap);
    panels.append(panel);
    empty.hidden = true;
    select(tab);
    void runSearch(panel, text, context);
  };

  // Arrow keys move between tabs (the WAI-ARIA tabs pattern).
  tabList.addEventListener('keydown', (event) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    const tabs = [...tabList.querySelectorAll<HTMLElement>('[role="tab"]')];
    const index = tabs.indexOf(document.activeElement as HTMLElement);
    if (index < 0) return;
    const next = tabs[(index + (event.key === 'ArrowRight' ? 1 : tabs.length - 1)) % tabs.length];
    select(next);
    next.focus();
    event.preventDefault();
  });

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const text = input.value.trim();
    if (!text) return;
    const url = new URL(window.location.href);
    url.searchParams.set('q', text);
    window.history.replaceState(null, '', url);
    search(text);
  });

  const initial = input.value.trim();
  if (initial) search(initial);
}

void main();
