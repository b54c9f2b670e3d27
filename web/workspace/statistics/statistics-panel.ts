/**
 * The Statistics panel: degree, PageRank, betweenness, Louvain communities and connected components,
 * computed in the worker on the nodes on the canvas that pass the filters. A result becomes a node
 * attribute of the analysis layer: it can drive size and colour (Appearance) and shows in the table
 * and the CSV.
 */
import { clear, h } from '../../shared/dom';
import { formatNumber, t } from '../../shared/i18n';
import type { AnalysisLayer } from '../appearance/analysis-layer';
import type { MetricName } from '../appearance/data-style';
import { METRICS } from '../appearance/data-style';
import { metricTitle } from '../appearance/appearance-panel';
import { StatisticsRunner } from './run';

export interface StatisticsPanel {
  /** Runs a metric (also used to recompute the metrics a saved style names); answers the time spent in the worker, null when it failed or had no nodes. */
  run: (metric: MetricName) => Promise<number | null>;
  render(): void;
}

export function statisticsPanel(
  target: HTMLElement,
  layer: AnalysisLayer,
  say: (text: string) => void,
  runner = new StatisticsRunner(),
): StatisticsPanel {
  const done = new Map<MetricName, { nodes: number; ms: number }>();
  let running: MetricName | null = null;

  async function run(metric: MetricName): Promise<number | null> {
    const nodes = layer.visibleNodes().map((node) => node.id);
    if (!nodes.length) return null;
    running = metric;
    render();
    say(t('web.workspace.statistics.running', { metric: metricTitle(metric) }));
    try {
      const result = await runner.run(metric, layer.state, nodes);
      done.set(metric, { nodes: nodes.length, ms: result.ms });
      layer.setMetric(metric, result.values);
      say(
        t('web.workspace.statistics.done', {
          metric: metricTitle(metric),
          nodes: formatNumber(nodes.length),
          ms: formatNumber(Math.round(result.ms)),
        }),
      );
      return result.ms;
    } catch (error) {
      say(
        t('web.workspace.statistics.failed', {
          metric: metricTitle(metric),
          reason: error instanceof Error ? error.message : String(error),
        }),
      );
      return null;
    } finally {
      running = null;
      render();
    }
  }

  function render(): void {
    clear(target);
    target.append(
      h('p', { class: 'hint' }, t('web.workspace.statistics.hint')),
      h(
        'ul',
        { class: 'statistics' },
        ...METRICS.map((metric) => {
          const result = done.get(metric);
          return h(
            'li',
            { 'data-metric': metric },
            h(
              'button',
              {
                type: 'button',
                'data-metric': metric,
                disabled: running !== null || !layer.visibleNodes().length,
                onclick: () => void run(metric),
              },
              metricTitle(metric),
            ),
            h(
              'span',
              { class: 'result' },
              running === metric
                ? t('web.workspace.statistics.busy')
                : result
                  ? t('web.workspace.statistics.result', { nodes: formatNumber(result.nodes), ms: formatNumber(Math.round(result.ms)) })
                  : '',
            ),
          );
        }),
      ),
    );
  }

  render();
  return { run, render };
}
