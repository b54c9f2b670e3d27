/** The import wizard's analysis: the file's summary, what the import would leave out or reject, and a sample (GraphML keys or table rows). */
import { h } from '../shared/dom';
import { t } from '../shared/i18n';
import { byId, numberText, one } from '../shared/page-kit';
import type { Current, GraphmlAnalysis, TableAnalysis } from './types';

function warnings(items: string[]): HTMLElement {
  return h(
    'div',
    { class: 'notice', id: 'import-warnings' },
    h('strong', {}, t('import.warningsTitle')),
    h(
      'ul',
      {},
      items.map((w) => h('li', {}, w)),
    ),
  );
}

function graphmlSummary(g: GraphmlAnalysis, summary: HTMLElement, thead: HTMLElement, tbody: HTMLElement): void {
  summary.append(
    h(
      'p',
      { id: 'import-summary-text' },
      t(g.parallelEdges ? 'import.graphmlSummaryParallel' : 'import.graphmlSummary', {
        nodes: numberText(g.nodeCount),
        edges: numberText(g.edgeCount),
        direction: t(g.directed ? 'import.directed' : 'import.undirected'),
        parallel: numberText(g.parallelEdges ?? 0),
        labels: g.labels.join(', ') || t('common.none'),
        source: g.labelSource,
        types: g.relationshipTypes.join(', ') || t('common.none'),
      }),
    ),
  );
  thead.append(
    h(
      'tr',
      {},
      [t('import.key'), t('settingsForms.for'), t('common.name'), t('acl.preview.type'), t('import.default')].map((c) =>
        h('th', { scope: 'col' }, c),
      ),
    ),
  );
  for (const k of g.keys)
    tbody.append(
      h(
        'tr',
        {},
        [k.id, k.for, k.name, k.type, k.default ?? ''].map((c) => h('td', {}, c)),
      ),
    );
  // Before the import: what it leaves out, and the rows it would reject (first reasons).
  if (g.warnings?.length) summary.append(warnings(g.warnings));
}

function tableSummary(table: TableAnalysis, summary: HTMLElement, thead: HTMLElement, tbody: HTMLElement): void {
  summary.append(
    h(
      'p',
      { id: 'import-summary-text' },
      t('import.tableSummary', {
        count: table.rowCount,
        kind: t(table.kind === 'relationships' ? 'import.kind.relationships' : 'import.kind.nodes'),
      }) +
        (table.encoding
          ? ` ${t('import.encoding', { encoding: table.encoding + (table.bom ? ' (BOM)' : ''), delimiter: JSON.stringify(table.delimiter) })}`
          : '') +
        (table.formulaCells?.count
          ? ` ${t('import.formulaCells', { count: table.formulaCells.count, cells: table.formulaCells.first.join(', ') })}`
          : ''),
    ),
  );
  // Before the import: rows past the type sample that would not convert (the first reasons).
  if (table.rejections?.rows)
    summary.append(warnings([t('import.tableRejections', { count: table.rejections.rows, first: table.rejections.first[0] })]));
  thead.append(
    h(
      'tr',
      {},
      table.columns.map((c) =>
        h(
          'th',
          { scope: 'col' },
          c.name,
          h('br'),
          h('span', { class: 'muted column-type' }, c.empty ? t('import.columnEmpty', { type: c.type, count: c.empty }) : c.type),
        ),
      ),
    ),
  );
  for (const row of table.sampleRows)
    tbody.append(
      h(
        'tr',
        {},
        table.columns.map((_, i) => h('td', {}, row[i] ?? '')),
      ),
    );
}

/** Shows the current file's analysis; choosing another sheet calls onSheet. */
export function showAnalysis(current: Current, onSheet: () => void): void {
  const a = current.analysis;
  byId('import-analysis-name').textContent = a.name;
  const summary = byId('import-analysis-summary');
  const thead = one(document, '#import-sample thead');
  const tbody = one(document, '#import-sample tbody');
  summary.textContent = '';
  thead.textContent = '';
  tbody.textContent = '';
  if (a.graphml) graphmlSummary(a.graphml, summary, thead, tbody);
  else if (a.tables && current.table) {
    const tables = a.tables;
    if (tables.length > 1) {
      const select: HTMLSelectElement = h(
        'select',
        {
          id: 'import-sheet',
          onchange: () => {
            current.table = tables[select.selectedIndex] ?? current.table;
            onSheet();
          },
        },
        tables.map((table) => h('option', { value: table.name, selected: table === current.table }, table.name)),
      );
      summary.append(h('label', {}, `${t('import.sheet')} `, select));
    }
    tableSummary(current.table, summary, thead, tbody);
  }
  byId('import-analysis').hidden = false;
}
