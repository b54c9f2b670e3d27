/**
 * Opening, saving and exporting: the workspace's round trips with /visualizations and
 * /visualization/export/image. The saved content is the canvas state (persistence/content.ts).
 */
import type { VisualizationAnswer } from '../../shared/api';
import { api, download } from '../../shared/api';
import { plural, t } from '../../shared/i18n';
import type { Workspace } from '../workspace';
import { fromContent, toContent } from '../persistence/content';
import { addSubgraph } from '../state/canvas-state';
import { relationsAmong, withRelationsAmong } from '../data-in/relations-among';
import { extendContent, readContentExtensions } from '../appearance/content-extensions';
import { base64Utf8 } from '../export/svg';
import type { LegendEntry } from '../export/legend';
import { drawLegend } from '../export/legend';

export interface Opened {
  id: string | null;
  name: string;
  own: boolean;
}

let embedded: VisualizationAnswer | null | undefined;

/**
 * The visualization the page embeds, parsed once: the page parses it while its first requests
 * (settings, session) are on their way, and the opening takes it from here.
 */
export function embeddedVisualization(): VisualizationAnswer | null {
  if (embedded === undefined) {
    const text = document.getElementById('visualization-data')?.textContent;
    embedded = text ? (JSON.parse(text) as VisualizationAnswer) : null;
  }
  return embedded;
}

/** Opens ?id= (a saved visualization) or ?nodes= (ids chosen on the search page) into the workspace. */
export async function openFromLocation(workspace: Workspace, search: URLSearchParams): Promise<{ opened: Opened; message: string }> {
  const id = search.get('id');
  if (id) {
    // The page embeds what the server read for it (one read, one access event); the API is the fallback.
    const visualization = embeddedVisualization() ?? (await api.visualization(id));
    if (visualization.content) {
      const { state, view } = fromContent(visualization.content);
      // The canvas, its appearance and the layer's style and filters are drawn once, together.
      workspace.batch(() => {
        workspace.load(state);
        readContentExtensions(visualization.content);
      });
      // The box saved shows whole at this window size; an older save without one keeps its camera.
      if (view.box) workspace.showBox(view.box);
      else workspace.setView(view);
      // Data in: relationships among the saved nodes (made since the save, or not saved) join them
      // once they come, as part of the opened state (not an undo step); the saved canvas is drawn first.
      const ids = Object.keys(state.nodes);
      // Only the ones not on the canvas yet change it: an answer of nothing new costs no redraw.
      void relationsAmong(ids, ids).then(
        (among) => {
          const fresh = among.filter((relationship) => !workspace.state.relationships[relationship.id]);
          if (fresh.length) workspace.amend(addSubgraph({ nodes: [], relationships: fresh }));
        },
        () => undefined,
      );
    }
    const gone = visualization.deleted && visualization.deleted.nodes + visualization.deleted.relationships;
    return {
      opened: { id: visualization.id, name: visualization.name, own: visualization.own },
      message: gone
        ? t('web.workspace.open.deleted', { nodes: visualization.deleted!.nodes, relationships: visualization.deleted!.relationships })
        : t('web.workspace.open.opened', { name: visualization.name }),
    };
  }
  const ids = (search.get('nodes') ?? '')
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean)
    .slice(0, 1000);
  if (ids.length) {
    const found = await api.findNodes({ filter: { ids }, limit: ids.length });
    workspace.add(await withRelationsAmong({ nodes: found.items, relationships: [] }, Object.keys(workspace.state.nodes)));
    if (found.items.length > 1) void workspace.runLayout('forceAtlas2');
    else workspace.fit();
    return {
      opened: { id: null, name: t('web.workspace.name.default'), own: true },
      message: plural('web.workspace.open.fromSearch', found.items.length),
    };
  }
  return { opened: { id: null, name: t('web.workspace.name.default'), own: true }, message: t('web.workspace.open.start') };
}

export async function save(workspace: Workspace, opened: Opened, asNew: { name: string } | null): Promise<Opened> {
  const content = extendContent(toContent(workspace.state, { ...workspace.view(), box: workspace.viewBox() }));
  if (!asNew && opened.id && opened.own) {
    const saved = await api.saveVisualization(opened.id, content);
    return { id: saved.id, name: saved.name, own: true };
  }
  const created = await api.createVisualization({ name: asNew?.name ?? opened.name, content });
  return { id: created.id, name: created.name, own: true };
}

function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Options of an image export: its size in pixels (up to 8,000 a side) and the legend drawn on it. */
export interface ImageOptions {
  width: number;
  height: number;
  legend: LegendEntry[];
}

/** PNG through the server's export endpoint (checked there, named safely, audited), at the size chosen. */
export async function exportPng(workspace: Workspace, name: string, options: ImageOptions): Promise<void> {
  const canvas = await workspace.pngCanvas(options.width, options.height);
  const context = canvas.getContext('2d');
  if (context && options.legend.length) drawLegend(context, options.legend, Math.max(1, Math.min(options.width, options.height) / 800));
  const image = canvas.toDataURL('image/png');
  saveBlob(await download('/visualization/export/image', { image, fileName: name }), `${name}.png`);
}

export async function exportSvg(workspace: Workspace, name: string, options: ImageOptions): Promise<void> {
  const image = `data:image/svg+xml;base64,${base64Utf8(workspace.svgPicture(options.width, options.height, options.legend))}`;
  saveBlob(await download('/visualization/export/image', { image, fileName: name }), `${name}.svg`);
}
