/**
 * The Filters panel: add a filter on any node property (categories with counts, a numeric range
 * with two sliders, a timeline over a date property with play), change or remove it. Each change
 * goes through the pure functions of filters.ts into the analysis layer, which hides the nodes.
 */
import { clear, h } from '../../shared/dom';
import { formatNumber, t } from '../../shared/i18n';
import type { AnalysisLayer } from '../appearance/analysis-layer';
import { categoryText, numericRange, propertyKeysOf } from '../appearance/data-style';
import type { CanvasFilter } from './filters';
import { categoryCounts, dateKeysOf, nextFrame, putFilter, removeFilter, timeRange, toggleCategory } from './filters';

/** Steps of a range or timeline slider (a slider moves over positions, not over raw values). */
const STEPS = 200;
/** A playing timeline moves one step per tick. */
const TICK_MS = 120;

let playing: { index: number; timer: number } | null = null;

function stopPlaying(): void {
  if (playing) window.clearInterval(playing.timer);
  playing = null;
}

function day(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

function slider(
  name: string,
  label: string,
  value: number,
  range: { min: number; max: number },
  onInput: (value: number) => void,
): HTMLInputElement {
  const span = range.max - range.min || 1;
  const input = h('input', {
    type: 'range',
    style: 'width:100%',
    name,
    min: '0',
    max: String(STEPS),
    step: '1',
    value: String(Math.round(((value - range.min) / span) * STEPS)),
    'aria-label': label,
  });
  input.addEventListener('input', () => onInput(range.min + (Number(input.value) / STEPS) * span));
  return input;
}

function rangeBody(layer: AnalysisLayer, index: number, filter: Extract<CanvasFilter, { kind: 'range' }>): HTMLElement[] {
  const range = numericRange(Object.values(layer.state.nodes).map((node) => node.properties[filter.property])) ?? {
    min: filter.min,
    max: filter.max,
  };
  const full = { min: Math.min(range.min, filter.min), max: Math.max(range.max, filter.max) };
  const shown = h('output', { class: 'range-values' }, `${formatNumber(filter.min)} – ${formatNumber(filter.max)}`);
  // Each handle reads the filter as it is now: the panel may not have re-rendered since the last move.
  const now = () => (layer.filters[index]?.kind === 'range' ? layer.filters[index] : filter);
  const set = (min: number, max: number) =>
    layer.setFilters(layer.filters.map((f, i) => (i === index ? { ...now(), min: Math.min(min, max), max: Math.max(min, max) } : f)));
  return [
    slider('range-min', t('web.workspace.filters.from'), filter.min, full, (value) => set(value, now().max)),
    slider('range-max', t('web.workspace.filters.to'), filter.max, full, (value) => set(now().min, value)),
    shown,
  ];
}

function timelineBody(layer: AnalysisLayer, index: number, filter: Extract<CanvasFilter, { kind: 'timeline' }>): HTMLElement[] {
  const range = timeRange(Object.values(layer.state.nodes), filter.property) ?? { min: filter.from, max: filter.to };
  const full = { min: Math.min(range.min, filter.from), max: Math.max(range.max, filter.to) };
  const now = () => (layer.filters[index]?.kind === 'timeline' ? layer.filters[index] : filter);
  const set = (from: number, to: number) =>
    layer.setFilters(layer.filters.map((f, i) => (i === index ? { ...now(), from: Math.min(from, to), to: Math.max(from, to) } : f)));
  const isPlaying = playing?.index === index;
  const play = h(
    'button',
    { type: 'button', class: 'play secondary', style: 'font-size:0.85em;padding:0.2em 0.6em', 'aria-pressed': String(isPlaying) },
    isPlaying ? t('web.workspace.filters.pause') : t('web.workspace.filters.play'),
  );
  play.addEventListener('click', () => {
    if (playing?.index === index) return void (stopPlaying(), layer.setFilters([...layer.filters]));
    stopPlaying();
    const step = (full.max - full.min) / STEPS || 1;
    // Playing starts with a window a tenth of the time span wide, unless one was chosen.
    const current = layer.filters[index];
    if (current?.kind === 'timeline' && current.from <= full.min && current.to >= full.max)
      set(full.min, full.min + (full.max - full.min) / 10);
    playing = {
      index,
      timer: window.setInterval(() => {
        const now = layer.filters[index];
        if (!now || now.kind !== 'timeline') return stopPlaying();
        layer.setFilters(layer.filters.map((f, i) => (i === index ? nextFrame(now, full, step) : f)));
      }, TICK_MS),
    };
    // The panel is not rebuilt while playing (movePlaying): the button says Pause in place.
    play.textContent = t('web.workspace.filters.pause');
    play.setAttribute('aria-pressed', 'true');
  });
  return [
    slider('time-from', t('web.workspace.filters.from'), filter.from, full, (value) => set(value, now().to)),
    slider('time-to', t('web.workspace.filters.to'), filter.to, full, (value) => set(now().from, value)),
    h('output', { class: 'range-values' }, `${day(filter.from)} – ${day(filter.to)}`),
    play,
  ];
}

function categoriesBody(layer: AnalysisLayer, index: number, filter: Extract<CanvasFilter, { kind: 'categories' }>): HTMLElement[] {
  const hidden = new Set(filter.hidden.map(categoryText));
  return [
    h(
      'ul',
      { class: 'categories', style: 'list-style:none;padding:0;margin:0;max-height:16em;overflow:auto' },
      ...categoryCounts(Object.values(layer.state.nodes), filter.property).map(({ value, text, count }) =>
        h(
          'li',
          {},
          h(
            'label',
            {
              style:
                'display:flex;flex-direction:row;align-items:center;justify-content:flex-start;gap:0.4em;font-weight:normal;margin:0;text-align:left',
            },
            h('input', {
              type: 'checkbox',
              style: 'margin:0;width:auto;flex:none',
              'data-value': text ?? '',
              checked: !hidden.has(text),
              onchange: () => layer.setFilters(toggleCategory(layer.filters, index, value)),
            }),
            ` ${text ?? t('web.workspace.style.noValue')} `,
            h('span', { class: 'count', style: 'color:#52606d' }, `(${formatNumber(count)})`),
          ),
        ),
      ),
    ),
  ];
}

function addForm(layer: AnalysisLayer): HTMLElement {
  const keys = propertyKeysOf(layer.state.nodes);
  const dates = dateKeysOf(layer.state.nodes);
  const property = h(
    'select',
    { name: 'filter-property', 'aria-label': t('web.workspace.filters.property') },
    ...keys.all.map((key) => h('option', { value: key }, key)),
  );
  const kind = h('select', { name: 'filter-kind', 'aria-label': t('web.workspace.filters.kind') });
  const kinds = () => {
    clear(kind);
    kind.append(h('option', { value: 'categories' }, t('web.workspace.filters.categories')));
    if (keys.numeric.includes(property.value)) kind.append(h('option', { value: 'range' }, t('web.workspace.filters.range')));
    if (dates.includes(property.value)) kind.append(h('option', { value: 'timeline' }, t('web.workspace.filters.timeline')));
  };
  property.addEventListener('change', kinds);
  kinds();
  const add = () => {
    const key = property.value;
    if (!key) return;
    const nodes = Object.values(layer.state.nodes);
    let filter: CanvasFilter;
    if (kind.value === 'range') {
      const range = numericRange(nodes.map((node) => node.properties[key])) ?? { min: 0, max: 0 };
      filter = { kind: 'range', property: key, ...range };
    } else if (kind.value === 'timeline') {
      const range = timeRange(nodes, key) ?? { min: 0, max: 0 };
      filter = { kind: 'timeline', property: key, from: range.min, to: range.max };
    } else filter = { kind: 'categories', property: key, hidden: [] };
    layer.setFilters(putFilter(layer.filters, filter));
  };
  return h(
    'form',
    { class: 'add-filter', style: 'display:flex;flex-wrap:wrap;gap:0.4em', onsubmit: (event: Event) => (event.preventDefault(), add()) },
    property,
    kind,
    h('button', { type: 'submit', disabled: !keys.all.length }, t('web.workspace.filters.add')),
  );
}

/** While a timeline plays, its window moves in place: rebuilding the panel every tick would take the Pause button from under the pointer. */
function movePlaying(target: HTMLElement, layer: AnalysisLayer): boolean {
  const filter = playing ? layer.filters[playing.index] : undefined;
  const fieldset = playing ? target.querySelector<HTMLElement>(`[data-filter-index="${playing.index}"].filter-timeline`) : null;
  if (!filter || filter.kind !== 'timeline' || !fieldset || target.querySelectorAll('fieldset.filter').length !== layer.filters.length)
    return false;
  const range = timeRange(Object.values(layer.state.nodes), filter.property) ?? { min: filter.from, max: filter.to };
  const full = { min: Math.min(range.min, filter.from), max: Math.max(range.max, filter.to) };
  const position = (value: number) => String(Math.round(((value - full.min) / (full.max - full.min || 1)) * STEPS));
  fieldset.querySelector<HTMLInputElement>('input[name="time-from"]')!.value = position(filter.from);
  fieldset.querySelector<HTMLInputElement>('input[name="time-to"]')!.value = position(filter.to);
  fieldset.querySelector('output')!.textContent = `${day(filter.from)} – ${day(filter.to)}`;
  const summary = target.querySelector('.filter-summary');
  if (summary)
    summary.textContent = t('web.workspace.filters.summary', {
      shown: formatNumber(layer.visibleNodes().length),
      total: formatNumber(Object.keys(layer.state.nodes).length),
    });
  return true;
}

export function renderFiltersPanel(target: HTMLElement, layer: AnalysisLayer): void {
  if (movePlaying(target, layer)) return;
  // A slider being dragged keeps its element: re-rendering under the pointer would drop the drag.
  const active = document.activeElement;
  if (active instanceof HTMLInputElement && active.type === 'range' && target.contains(active) && active.matches(':active')) return;
  const activeName = active instanceof HTMLElement && target.contains(active) ? active.getAttribute('name') : null;
  const activeIndex = active instanceof HTMLElement ? active.closest('[data-filter-index]')?.getAttribute('data-filter-index') : null;
  clear(target);
  const total = Object.keys(layer.state.nodes).length;
  const shown = layer.visibleNodes().length;
  target.append(
    h(
      'p',
      { class: 'filter-summary', role: 'status' },
      t('web.workspace.filters.summary', { shown: formatNumber(shown), total: formatNumber(total) }),
    ),
    ...layer.filters.map((filter, index) => {
      const body =
        filter.kind === 'categories'
          ? categoriesBody(layer, index, filter)
          : filter.kind === 'range'
            ? rangeBody(layer, index, filter)
            : timelineBody(layer, index, filter);
      return h(
        'fieldset',
        {
          class: `filter filter-${filter.kind}`,
          'data-filter-index': String(index),
          'data-property': filter.property,
          style: 'border:1px solid #d9e2ec;border-radius:6px;padding:0.5em 0.75em;margin:0 0 0.75em;min-width:0',
        },
        h('legend', {}, t(`web.workspace.filters.title.${filter.kind}`, { key: filter.property })),
        ...body,
        h(
          'button',
          {
            type: 'button',
            class: 'remove secondary',
            style: 'font-size:0.85em;padding:0.2em 0.6em;margin-top:0.4em',
            onclick: () => (playing?.index === index && stopPlaying(), layer.setFilters(removeFilter(layer.filters, index))),
          },
          t('web.workspace.filters.remove'),
        ),
      );
    }),
    addForm(layer),
  );
  if (activeName && activeIndex)
    target.querySelector<HTMLElement>(`[data-filter-index="${activeIndex}"] [name="${CSS.escape(activeName)}"]`)?.focus();
}
