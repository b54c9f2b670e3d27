/**
 * The Appearance panel: colour by a property's categories or numeric range, or by a computed metric;
 * size by a numeric property or a metric; edge width and captions by a relationship property;
 * the caption per label; and the legend that explains the colours, with counts.
 */
import { clear, h } from '../../shared/dom';
import { formatNumber, t } from '../../shared/i18n';
import type { AnalysisLayer } from './analysis-layer';
import type { DataStyle, Legend, MetricName, StyleKey } from './data-style';
import { OTHER_COLOR, METRICS, propertyKeys, propertyKeysOf } from './data-style';

const SIZE = { min: 3, max: 22 };
// Inline: the panel brings its own few rules rather than depending on the page's stylesheet.
const ROW_STYLE = 'display:flex;align-items:center;gap:0.5em;padding:1px 0';
const COUNT_STYLE = 'margin-left:auto;color:#52606d;font-variant-numeric:tabular-nums';
const swatch = (color: string) => `display:inline-block;flex:none;width:12px;height:12px;border-radius:50%;background:${color}`;
const WIDTH = { min: 0.5, max: 6 };

export function metricTitle(metric: MetricName): string {
  return t(`web.workspace.statistics.metric.${metric}`);
}

function keyTitle(key: StyleKey): string {
  return 'property' in key ? key.property : metricTitle(key.metric);
}

/** Option values: "p:<property>" or "m:<metric>" (a property name is an identifier, never holding ':'). */
function encode(key: StyleKey): string {
  return 'property' in key ? `p:${key.property}` : `m:${key.metric}`;
}

function decode(value: string): StyleKey | null {
  if (value.startsWith('p:')) return { property: value.slice(2) };
  if (value.startsWith('m:') && (METRICS as readonly string[]).includes(value.slice(2))) return { metric: value.slice(2) as MetricName };
  return null;
}

function select(
  label: string,
  name: string,
  current: string,
  options: Array<[string, string]>,
  onChange: (value: string) => void,
): HTMLElement {
  const element = h(
    'select',
    { name, onchange: () => onChange(element.value) },
    ...options.map(([value, text]) => h('option', { value, selected: value === current }, text)),
  );
  return h('label', { class: 'field' }, h('span', {}, label), element);
}

export function renderLegendOf(legend: Legend): HTMLElement {
  if (!legend) return h('div', { class: 'data-legend', hidden: true });
  const title = h('h4', {}, t('web.workspace.style.legendTitle', { key: keyTitle(legend.key) }));
  if (legend.kind === 'gradient') {
    return h(
      'div',
      { class: 'data-legend', 'data-kind': 'gradient' },
      title,
      h('div', {
        class: 'gradient-bar',
        role: 'img',
        'aria-label': t('web.workspace.style.gradientRange', { min: formatNumber(legend.min), max: formatNumber(legend.max) }),
        style: `height:14px;border-radius:3px;background:linear-gradient(to right, ${legend.from}, ${legend.to})`,
      }),
      h(
        'div',
        { class: 'gradient-ends', style: ROW_STYLE },
        h('span', { class: 'min' }, formatNumber(legend.min)),
        h('span', { class: 'max', style: 'margin-left:auto' }, formatNumber(legend.max)),
      ),
    );
  }
  return h(
    'div',
    { class: 'data-legend', 'data-kind': 'categories' },
    title,
    h(
      'ul',
      { class: 'legend' },
      ...legend.items.map((item) =>
        h(
          'li',
          { 'data-value': item.value ?? '', style: ROW_STYLE },
          h('span', { class: 'swatch', style: swatch(item.color) }),
          h('span', { class: 'value' }, item.value ?? t('web.workspace.style.noValue')),
          h('span', { class: 'count', style: COUNT_STYLE }, formatNumber(item.count)),
        ),
      ),
      ...(legend.other
        ? [
            h(
              'li',
              { 'data-value': '', style: ROW_STYLE },
              h('span', { class: 'swatch', style: swatch(OTHER_COLOR) }),
              h('span', { class: 'value' }, t('web.workspace.style.other')),
              h('span', { class: 'count', style: COUNT_STYLE }, formatNumber(legend.other)),
            ),
          ]
        : []),
    ),
  );
}

/** Renders the panel into `target` (again on every change of the canvas or the layer); `icons`: the custom icons' file names. */
export function renderAppearancePanel(target: HTMLElement, layer: AnalysisLayer, icons: readonly string[] = []): void {
  const focused =
    document.activeElement instanceof HTMLSelectElement && target.contains(document.activeElement) ? document.activeElement.name : null;
  clear(target);
  const nodes = layer.visibleNodes();
  const state = layer.state;
  const nodeKeys = propertyKeys(nodes);
  const relationshipKeys = propertyKeysOf(state.relationships);
  const metrics = METRICS.filter((metric) => layer.metrics[metric]);
  const style = layer.style;
  const put = (change: Partial<DataStyle>) => {
    const next: DataStyle = { ...style, ...change };
    for (const key of Object.keys(next) as Array<keyof DataStyle>) if (next[key] === undefined) delete next[key];
    layer.setStyle(next);
  };

  const colorOptions: Array<[string, string]> = [['', t('web.workspace.style.byLabel')]];
  for (const property of nodeKeys.all)
    colorOptions.push([`categories|p:${property}`, t('web.workspace.style.categoriesOf', { key: property })]);
  for (const property of nodeKeys.numeric)
    colorOptions.push([`ranges|p:${property}`, t('web.workspace.style.rangesOf', { key: property })]);
  for (const metric of metrics) {
    const mode = metric === 'community' || metric === 'component' ? 'categories' : 'ranges';
    colorOptions.push([
      `${mode}|m:${metric}`,
      t(mode === 'categories' ? 'web.workspace.style.categoriesOf' : 'web.workspace.style.rangesOf', { key: metricTitle(metric) }),
    ]);
  }
  const colorNow = style.nodeColor ? `${style.nodeColor.mode}|${encode(style.nodeColor.key)}` : '';
  const sizeOptions: Array<[string, string]> = [
    ['', t('web.workspace.style.sizeDefault')],
    ...nodeKeys.numeric.map((p): [string, string] => [`p:${p}`, p]),
    ...metrics.map((m): [string, string] => [`m:${m}`, metricTitle(m)]),
  ];
  const labels = [...new Set(Object.values(state.nodes).flatMap((node) => node.labels))].sort();

  target.append(
    h('h3', {}, t('web.workspace.style.nodes')),
    select(t('web.workspace.style.colorBy'), 'color-by', colorNow, colorOptions, (value) => {
      const [mode, encoded] = value.split('|');
      const key = encoded ? decode(encoded) : null;
      put({ nodeColor: key && (mode === 'categories' || mode === 'ranges') ? { mode, key } : undefined });
    }),
    select(t('web.workspace.style.sizeBy'), 'size-by', style.nodeSize ? encode(style.nodeSize.key) : '', sizeOptions, (value) => {
      const key = decode(value);
      put({ nodeSize: key ? { key, ...SIZE } : undefined });
    }),
    ...labels.map((label) =>
      select(
        t('web.workspace.style.captionOf', { label }),
        `caption-${label}`,
        layer.labelCaptions[label] ?? '',
        [['', t('web.workspace.style.captionDefault')], ...nodeKeys.all.map((p): [string, string] => [p, p])],
        (value) => layer.setLabelCaption(label, value || null),
      ),
    ),
    ...(icons.length
      ? labels.map((label) =>
          select(
            t('web.workspace.style.iconOf', { label }),
            `icon-${label}`,
            layer.labelIcons[label] ?? '',
            [['', t('web.workspace.style.captionDefault')], ...icons.map((icon): [string, string] => [icon, icon])],
            (value) => layer.setLabelIcon(label, value || null),
          ),
        )
      : []),
    h('h3', {}, t('web.workspace.style.relationships')),
    select(
      t('web.workspace.style.widthBy'),
      'width-by',
      style.edgeWidth?.property ?? '',
      [['', t('web.workspace.style.widthDefault')], ...relationshipKeys.numeric.map((p): [string, string] => [p, p])],
      (value) => put({ edgeWidth: value ? { property: value, ...WIDTH } : undefined }),
    ),
    select(
      t('web.workspace.style.edgeCaptionBy'),
      'edge-caption-by',
      style.edgeCaption?.property ?? '',
      [['', t('web.workspace.style.edgeCaptionDefault')], ...relationshipKeys.all.map((p): [string, string] => [p, p])],
      (value) => put({ edgeCaption: value ? { property: value } : undefined }),
    ),
    renderLegendOf(layer.legend),
  );
  if (focused) target.querySelector<HTMLSelectElement>(`select[name="${CSS.escape(focused)}"]`)?.focus();
}
