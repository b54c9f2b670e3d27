/** The import wizard's mapping form: GraphML defaults and what each key becomes, or a table's rows as nodes or relationships and each column. */
import { h } from '../shared/dom';
import { t } from '../shared/i18n';
import { byId } from '../shared/page-kit';
import type { Current, Mapping } from './types';

const TYPES = ['string', 'integer', 'float', 'boolean', 'date', 'datetime', 'list'];

/** A mapping as the form reads and writes it; the server validates it as the Mapping it is sent as. */
type End = { column: string; label: string; property: string };
type ColumnMapping = { column: string; property?: string; type?: string; separator?: string; skip?: boolean };
type Draft = Record<string, unknown> & {
  kind: string;
  columns?: ColumnMapping[];
  labels?: string[];
  start?: End;
  end?: End;
  mergeKey?: { label: string; property: string };
  keys?: Record<string, string>;
  typeKey?: string | null;
};
const draftOf = (mapping: Mapping) => mapping as Draft;

function input(name: string, value: unknown, label: string, size?: string): HTMLLabelElement {
  return h(
    'label',
    {},
    `${t(label)} `,
    h('input', {
      name,
      value:
        value === null || value === undefined
          ? ''
          : typeof value === 'object'
            ? JSON.stringify(value)
            : String(value as string | number | boolean),
      size,
    }),
  );
}

export class MappingForm {
  private readonly section = byId('import-mapping');
  private readonly form = byId<HTMLFormElement>('import-mapping-form');

  constructor(private readonly current: () => Current | null) {}

  private get state(): Current {
    const current = this.current();
    if (!current) throw new Error('no file is being mapped');
    return current;
  }

  private columnNames(): string[] {
    return (this.state.table?.columns ?? []).map((c) => c.name);
  }

  private columnSelect(name: string, value: string | undefined, label: string, optional = false): HTMLLabelElement {
    return h(
      'label',
      {},
      `${t(label)} `,
      h(
        'select',
        { name },
        optional ? h('option', { value: '' }, t('import.noneOption')) : null,
        this.columnNames().map((n) => h('option', { value: n, selected: n === value }, n)),
      ),
    );
  }

  show(mapping: Mapping): void {
    const m = draftOf(mapping);
    this.form.textContent = '';
    this.section.hidden = false;
    if (m.kind === 'graphml') return this.showGraphml(m);
    const kind: HTMLSelectElement = h(
      'select',
      {
        name: 'kind',
        onchange: () => {
          const next = draftOf(this.read());
          next.kind = kind.value;
          if (next.kind === 'relationships' && !next.start) {
            const cols = this.columnNames();
            next.start = { column: cols[0] ?? '', label: 'Node', property: 'id' };
            next.end = { column: cols[1] ?? cols[0] ?? '', label: 'Node', property: 'id' };
            next.type = 'RELATED_TO';
          }
          this.show(next as Mapping);
        },
      },
      h('option', { value: 'nodes', selected: m.kind === 'nodes' }, t('import.rowsAreNodes')),
      h('option', { value: 'relationships', selected: m.kind === 'relationships' }, t('import.rowsAreRelationships')),
    );
    this.form.append(h('label', {}, `${t('import.rows')} `, kind));
    if (m.kind === 'nodes') {
      this.form.append(
        h(
          'fieldset',
          {},
          h('legend', {}, t('import.nodesLegend')),
          input('labels', (m.labels ?? []).join(', '), 'page.jobs.labels'),
          this.columnSelect('labelColumn', m.labelColumn as string | undefined, 'import.labelColumn', true),
          input('mergeLabel', m.mergeKey?.label, 'import.mergeLabel'),
          input('mergeProperty', m.mergeKey?.property, 'import.mergePropertyHint'),
        ),
      );
    } else {
      const end = (which: 'start' | 'end', e: End | undefined) =>
        h(
          'fieldset',
          { 'data-end': which },
          h('legend', {}, which === 'start' ? t('import.startNode') : t('import.endNode')),
          this.columnSelect(`${which}Column`, e?.column, 'import.column'),
          input(`${which}Label`, e?.label, 'acl.label'),
          input(`${which}Property`, e?.property, 'import.matchedProperty'),
        );
      this.form.append(
        h(
          'fieldset',
          {},
          h('legend', {}, t('import.relationshipsLegend')),
          input('type', m.type ?? '', 'acl.preview.type'),
          this.columnSelect('typeColumn', m.typeColumn as string | undefined, 'import.typeColumn', true),
          end('start', m.start),
          end('end', m.end),
          h(
            'label',
            {},
            `${t('import.missingEnd')} `,
            h(
              'select',
              { name: 'missingEnds' },
              h('option', { value: 'skip', selected: m.missingEnds !== 'create' }, t('import.skipRow')),
              h('option', { value: 'create', selected: m.missingEnds === 'create' }, t('import.createNode')),
            ),
          ),
        ),
      );
    }
    const byColumn = new Map((m.columns ?? []).map((c) => [c.column, c]));
    const rows = (this.state.table?.columns ?? []).map((col) => {
      const c = byColumn.get(col.name) ?? { column: col.name, property: col.name, type: col.type, skip: Boolean(m.columns) };
      return h(
        'tr',
        { 'data-column': col.name },
        h('th', { scope: 'row' }, col.name),
        h(
          'td',
          {},
          h('input', {
            type: 'checkbox',
            name: 'columnInclude',
            checked: !c.skip,
            'aria-label': t('import.includeColumn', { name: col.name }),
          }),
        ),
        h(
          'td',
          {},
          h('input', { name: 'columnProperty', value: c.property || col.name, 'aria-label': t('import.propertyFor', { name: col.name }) }),
        ),
        h(
          'td',
          {},
          h(
            'select',
            { name: 'columnType', 'aria-label': t('import.typeOf', { name: col.name }) },
            TYPES.map((type) => h('option', { value: type, selected: type === (c.type || 'string') }, type)),
          ),
        ),
        h(
          'td',
          {},
          h('input', {
            name: 'columnSeparator',
            value: c.separator ?? '',
            size: '3',
            'aria-label': t('import.separatorOf', { name: col.name }),
          }),
        ),
      );
    });
    this.form.append(
      h(
        'table',
        { class: 'grid', id: 'import-columns' },
        h(
          'thead',
          {},
          h(
            'tr',
            {},
            [t('import.column'), t('import.importColumn'), t('acl.property'), t('acl.preview.type'), t('import.listSeparator')].map((c) =>
              h('th', { scope: 'col' }, c),
            ),
          ),
        ),
        h('tbody', {}, rows),
      ),
    );
  }

  private showGraphml(m: Draft): void {
    this.form.append(
      h(
        'fieldset',
        {},
        h('legend', {}, 'GraphML'),
        input('defaultLabel', m.defaultLabel || 'Node', 'import.defaultLabel'),
        input('defaultType', m.defaultType || 'RELATED_TO', 'import.defaultType'),
        input('idProperty', m.idProperty, 'import.idProperty'),
        input('mergeLabel', m.mergeKey?.label, 'import.mergeLabel'),
        input('mergeProperty', m.mergeKey?.property, 'import.mergeProperty'),
      ),
    );
    // What each key of nodes and edges becomes: labels (nodes) or the relationship type (edges), a property, or left out.
    const keys = (this.state.analysis.graphml?.keys ?? []).filter((k) => ['node', 'edge', 'all'].includes(k.for));
    const choices = m.keys ?? {};
    this.form.append(
      h(
        'table',
        { class: 'grid', id: 'import-keys' },
        h('caption', {}, t('import.keysLegend')),
        h(
          'thead',
          {},
          h(
            'tr',
            {},
            [t('import.key'), t('settingsForms.for'), t('common.name'), t('import.keyBecomes')].map((c) => h('th', { scope: 'col' }, c)),
          ),
        ),
        h(
          'tbody',
          {},
          keys.map((k) => {
            const edgeOnly = k.for === 'edge';
            const chosen = edgeOnly && m.typeKey === k.id ? 'type' : choices[k.id] || 'property';
            const options = [
              ...(edgeOnly ? [['type', 'import.keyType']] : [['label', 'import.keyLabel']]),
              ['property', 'import.keyProperty'],
              ['skip', 'import.keySkip'],
            ] as Array<[string, string]>;
            return h(
              'tr',
              { 'data-key': k.id },
              h('th', { scope: 'row' }, k.id),
              h('td', {}, k.for),
              h('td', {}, k.name),
              h(
                'td',
                {},
                h(
                  'select',
                  { name: 'keyChoice', 'data-key': k.id, 'aria-label': t('import.keyChoiceOf', { name: k.name }) },
                  options.map(([value, label]) => h('option', { value, selected: value === chosen }, t(label))),
                ),
              ),
            );
          }),
        ),
      ),
    );
  }

  private value(name: string): string {
    const element = this.form.elements.namedItem(name);
    return element && 'value' in element ? String(element.value).trim() : '';
  }

  /** The mapping as the form shows it now. */
  read(): Mapping {
    const v = (name: string) => this.value(name);
    const state = this.state;
    const base = draftOf((state.table ? state.table.mapping : state.analysis.graphml?.mapping) as Mapping);
    if (base.kind === 'graphml') {
      const g: Draft = {
        kind: 'graphml',
        defaultLabel: v('defaultLabel') || 'Node',
        defaultType: v('defaultType') || 'RELATED_TO',
        idProperty: v('idProperty') || null,
      };
      if (v('mergeLabel') && v('mergeProperty')) g.mergeKey = { label: v('mergeLabel'), property: v('mergeProperty') };
      const keys: Record<string, string> = {};
      g.keys = keys;
      g.typeKey = null;
      for (const select of this.form.querySelectorAll<HTMLSelectElement>('select[name="keyChoice"]')) {
        const key = select.dataset.key ?? '';
        if (select.value === 'type') {
          if (g.typeKey === null) g.typeKey = key;
          keys[key] = 'skip';
        } else keys[key] = select.value;
      }
      return g as Mapping;
    }
    const m: Draft = { kind: v('kind') || base.kind };
    for (const k of ['sheet', 'encoding', 'delimiter', 'quote', 'header']) if (base[k] !== undefined) m[k] = base[k];
    const table = document.getElementById('import-columns');
    const columns: ColumnMapping[] = table
      ? Array.from(table.querySelectorAll<HTMLTableRowElement>('tbody tr'), (tr) => {
          const control = <T extends HTMLInputElement | HTMLSelectElement>(name: string) => tr.querySelector<T>(`[name="${name}"]`);
          const c: ColumnMapping = {
            column: tr.dataset.column ?? '',
            property: control<HTMLInputElement>('columnProperty')?.value.trim(),
            type: control<HTMLSelectElement>('columnType')?.value,
          };
          const separator = control<HTMLInputElement>('columnSeparator')?.value;
          if (separator) c.separator = separator;
          if (!control<HTMLInputElement>('columnInclude')?.checked) c.skip = true;
          return c;
        })
      : (base.columns ?? []);
    m.columns = columns;
    if (m.kind === 'nodes') {
      m.labels = v('labels')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      if (v('labelColumn')) m.labelColumn = v('labelColumn');
      if (v('mergeLabel') && v('mergeProperty')) m.mergeKey = { label: v('mergeLabel'), property: v('mergeProperty') };
      if (m.labelColumn) for (const c of columns) if (c.column === m.labelColumn) c.skip = true;
    } else if (v('startColumn')) {
      if (v('type')) m.type = v('type');
      if (v('typeColumn')) m.typeColumn = v('typeColumn');
      m.start = { column: v('startColumn'), label: v('startLabel'), property: v('startProperty') };
      m.end = { column: v('endColumn'), label: v('endLabel'), property: v('endProperty') };
      m.missingEnds = v('missingEnds') || 'skip';
      const special = [m.start.column, m.end.column, m.typeColumn];
      for (const c of columns) if (special.includes(c.column)) c.skip = true;
    }
    return m as Mapping;
  }
}
