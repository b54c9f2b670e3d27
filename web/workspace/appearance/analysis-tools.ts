/**
 * Mounts the analyst's tools on a workspace: the analysis layer (style by the data, canvas
 * filters, metrics), its three panels (Appearance with the legend, Filters, Statistics), and its
 * part of the saved content. The page places the panels (the shell's tools) and reads
 * `tableState` for the table, the CSV and the JSON export.
 */
import { h } from '../../shared/dom';
import { request } from '../../shared/api';
import { formatNumber, t } from '../../shared/i18n';
import type { Workspace } from '../workspace';
import type { CanvasState } from '../state/canvas-state';
import type { Appearance } from '../style/style';
import { AnalysisLayer } from './analysis-layer';
import { metricTitle, renderAppearancePanel } from './appearance-panel';
import { renderFiltersPanel } from '../filters/filters-panel';
import { statisticsPanel } from '../statistics/statistics-panel';
import { StatisticsRunner } from '../statistics/run';
import { registerContentExtension } from './content-extensions';
import type { Legend, MetricName } from './data-style';
import { OTHER_COLOR } from './data-style';

export interface AnalysisTools {
  layer: AnalysisLayer;
  panels: { appearance: HTMLElement; filters: HTMLElement; statistics: HTMLElement };
  /** The canvas as the table and the exports show it: filtered nodes left out, metrics as columns. */
  tableState(state: CanvasState): CanvasState;
  /** The data legend as rows for an exported picture (none while the colours are the labels'). */
  legendEntries(): Array<{ kind: 'node'; color: string; text: string }>;
  /** Renders the panels now (they otherwise follow once per frame): for bench/ui's main-thread figures. */
  renderNow(): void;
  /** Runs a metric in the worker; answers the milliseconds it took there (null when it could not run). */
  runMetric(metric: MetricName): Promise<number | null>;
  /** Computes a metric in the worker without taking the result (bench/ui: the main thread while the worker runs). */
  computeOnly(metric: MetricName): Promise<number>;
}

function legendRows(legend: Legend): Array<{ kind: 'node'; color: string; text: string }> {
  if (!legend) return [];
  const title = 'property' in legend.key ? legend.key.property : metricTitle(legend.key.metric);
  if (legend.kind === 'gradient') {
    return [
      { kind: 'node', color: legend.from, text: `${title}: ${formatNumber(legend.min)}` },
      { kind: 'node', color: legend.to, text: `${title}: ${formatNumber(legend.max)}` },
    ];
  }
  return [
    ...legend.items.map((item) => ({
      kind: 'node' as const,
      color: item.color,
      text: `${item.value ?? t('web.workspace.style.noValue')} (${formatNumber(item.count)})`,
    })),
    ...(legend.other
      ? [{ kind: 'node' as const, color: OTHER_COLOR, text: `${t('web.workspace.style.other')} (${formatNumber(legend.other)})` }]
      : []),
  ];
}

export function mountAnalysis(workspace: Workspace, appearance: Appearance, say: (text: string) => void): AnalysisTools {
  const layer = new AnalysisLayer(workspace, appearance);
  const panels = {
    appearance: h('div', { class: 'appearance-panel', 'data-panel': 'appearance', 'aria-label': t('web.workspace.style.title') }),
    filters: h('div', { class: 'filters-panel', 'data-panel': 'filters', 'aria-label': t('web.workspace.filters.panelTitle') }),
    statistics: h('div', { class: 'statistics-panel', 'data-panel': 'statistics', 'aria-label': t('web.workspace.statistics.title') }),
  };
  const runner = new StatisticsRunner();
  const statistics = statisticsPanel(panels.statistics, layer, say, runner);
  // Panels follow changes once per frame: a playing timeline or a burst of changes renders once.
  let scheduled = false;
  // The custom icons a label can be drawn with (GET /icons), read once; the panel offers them when there are any.
  let icons: string[] = [];
  void request<string[]>('GET', '/icons').then(
    (names) => ((icons = Array.isArray(names) ? names : []), renderAppearancePanel(panels.appearance, layer, icons)),
    () => undefined,
  );
  const renderNow = () => {
    scheduled = false;
    renderAppearancePanel(panels.appearance, layer, icons);
    renderFiltersPanel(panels.filters, layer);
    statistics.render();
  };
  layer.onChange(() => {
    if (scheduled) return;
    scheduled = true;
    requestAnimationFrame(() => scheduled && renderNow());
  });
  renderNow();
  registerContentExtension(
    () => layer.contentExtras(),
    (content) => {
      layer.applyContent(content);
      // Metrics are not saved (they follow the canvas): the ones the style names are computed again.
      const named = [layer.style.nodeColor?.key, layer.style.nodeSize?.key].flatMap((key) => (key && 'metric' in key ? [key.metric] : []));
      for (const metric of new Set<MetricName>(named)) void statistics.run(metric);
    },
  );
  const tools: AnalysisTools = {
    layer,
    panels,
    tableState: (state) => layer.tableState(state, metricTitle),
    legendEntries: () => legendRows(layer.legend),
    renderNow,
    runMetric: statistics.run,
    computeOnly: async (metric) =>
      (
        await runner.run(
          metric,
          layer.state,
          layer.visibleNodes().map((node) => node.id),
        )
      ).ms,
  };
  // For the browser tests, bench/ui and the console: the analysis tools of this page.
  (window as unknown as { gasAnalysis: AnalysisTools }).gasAnalysis = tools;
  return tools;
}
