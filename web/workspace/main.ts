/**
 * Entry of the /visualization page: builds the workspace inside #workspace and wires search, explore,
 * layouts, filters, details, table, paths, undo/redo and the keyboard. Data comes only from the REST API.
 */
import { api, ApiError, request } from '../shared/api';
import { h } from '../shared/dom';
import { formatNumber, plural, t } from '../shared/i18n';
import type { ApiNode } from '../shared/graph-types';
import { Workspace } from './workspace';
import { mountAnalysis } from './appearance/analysis-tools';
import { withRelationsAmong } from './data-in/relations-among';
import {
  addSubgraph,
  collapse,
  removeNodes,
  select,
  selectAll,
  toggleLabel,
  toggleType,
  updateElement,
  vocabulary,
} from './state/canvas-state';
import type { Appearance } from './style/style';
import { labelColor, NO_APPEARANCE } from './style/style';
import { ELEMENT_ID, renderLegend, renderResults, renderTable } from './ui/panels';
import type { DetailsActions } from './ui/details';
import { renderDetails } from './ui/details';
import type { DataSchema } from '../shared/data-schema';
import { NO_SCHEMA } from '../shared/data-schema';
import type { LayoutName } from './layouts/layouts';
import { embeddedVisualization, exportPng, exportSvg, openFromLocation } from './ui/persistence';
import type { AreaMode } from './selection/area-select';
import { attachAreaSelection } from './selection/area-select';
import { Shell } from './ui/shell';
import { filePanel } from './ui/file-panel';
import { exportPanel } from './ui/export-panel';
import { attachViewControls } from './ui/view-controls';
import type { LegendEntry } from './export/legend';
import { undirectedTypes } from './style/undirected';

/** Below this width the rail is a row under the canvas and panels open as sheets (public/workspace.css). */
const NARROW_PX = 700;

function download(name: string, type: string, content: string): void {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const link = h('a', { href: url, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The settings the workspace draws with (as the user may see them) and whether the user may write. */
async function loadContext(): Promise<{
  appearance: Appearance;
  schema: DataSchema;
  canEdit: boolean;
  permissions: string[];
  userId: string;
  undirected: string[];
}> {
  const [settings, session] = await Promise.all([
    request<Record<string, unknown>>('GET', '/settings').catch((): Record<string, unknown> => ({})),
    api.session().catch(() => null),
  ]);
  const value = (settings.APPEARANCE ?? NO_APPEARANCE) as Partial<Appearance>;
  const schema = (settings.DATA_SCHEMA as DataSchema | undefined) ?? NO_SCHEMA;
  // Captions: the APPEARANCE caption of a label, else the property DATA_SCHEMA gives the title role.
  const nodeCaptions: Record<string, string> = {};
  for (const [label, properties] of Object.entries(schema.nodes ?? {})) {
    const title = Object.entries(properties).find(([, description]) => description.role === 'title' && !description.hidden);
    if (title && label !== '*') nodeCaptions[label] = title[0];
  }
  return {
    appearance: {
      nodeCaptions: { ...nodeCaptions, ...(value.nodeCaptions ?? {}) },
      colors: value.colors ?? {},
      relationshipColors: value.relationshipColors ?? {},
      icons: value.icons ?? {},
      sizes: value.sizes ?? {},
    },
    schema,
    canEdit: !!session?.user?.permissions.includes('DATA_MANAGEMENT'),
    permissions: session?.user?.permissions ?? [],
    userId: session?.user?.id ?? '',
    undirected: undirectedTypes(settings.DATA_SCHEMA),
  };
}

export async function mountWorkspace(root: HTMLElement): Promise<Workspace> {
  performance.mark('gas:mount');
  const context = loadContext();
  // The embedded canvas is parsed while the settings and the session are on their way.
  embeddedVisualization();
  const { appearance, schema, canEdit, permissions, userId, undirected } = await context;
  performance.mark('gas:context');
  const shell = new Shell(root);
  const say = (text: string) => (shell.status.textContent = text);
  const fail = (error: unknown) => say(error instanceof ApiError || error instanceof Error ? error.message : String(error));
  const wide = () => window.innerWidth > NARROW_PX;

  const searchInput = h('input', {
    type: 'search',
    name: 'q',
    placeholder: t('web.workspace.search.placeholder'),
    'aria-label': t('web.workspace.search.placeholder'),
  });
  const results = h('div', { class: 'search-results' });
  const searchPanel = h(
    'div',
    { class: 'search-panel' },
    h(
      'form',
      { class: 'search', role: 'search', onsubmit: (event: Event) => (event.preventDefault(), void search()) },
      searchInput,
      h('button', { type: 'submit' }, t('web.workspace.search.button')),
    ),
    results,
  );
  const legend = h('div', { class: 'legend-panel' });
  const details = h('div', { class: 'details-panel' });
  const table = h('div', { class: 'table-panel', hidden: true });
  const layoutSelect = h(
    'select',
    { 'aria-label': t('web.workspace.toolbar.layout') },
    ...(['forceAtlas2', 'circular', 'random', 'noverlap'] as LayoutName[]).map((name) =>
      h('option', { value: name }, t(`web.workspace.layout.${name}`)),
    ),
  );
  const layoutPanel = h(
    'div',
    { class: 'layout-panel' },
    layoutSelect,
    h(
      'button',
      { type: 'button', onclick: () => void workspace.runLayout(layoutSelect.value as LayoutName, { record: true }) },
      t('web.workspace.toolbar.runLayout'),
    ),
  );
  const superNode = h('div', { class: 'super-node', hidden: true });
  shell.stage.append(table, superNode);

  const workspace = new Workspace(shell.canvas, appearance);
  workspace.setUndirectedTypes(undirected);
  workspace.insets = () => ({ top: 0, ...shell.panelInsets() });
  performance.mark('gas:sigma');
  const area = attachAreaSelection(workspace, shell.canvas);
  const file = filePanel(workspace, { permissions, userId, say, fail });
  const view = attachViewControls(workspace, shell.stage);

  // The rail, top to bottom: find, history, selection, canvas, file. Feature folders add their own tools.
  shell.addTool({
    id: 'search',
    icon: 'search',
    title: t('web.workspace.tool.search'),
    shortcut: 'S',
    panel: searchPanel,
    side: 'left',
    group: 'find',
  });
  shell.addTool({
    id: 'legend',
    icon: 'legend',
    title: t('web.workspace.tool.legend'),
    shortcut: 'L',
    panel: legend,
    side: 'left',
    group: 'find',
  });
  const undoTool = shell.addTool({
    id: 'undo',
    icon: 'undo',
    title: t('web.workspace.toolbar.undo'),
    shortcut: 'Ctrl+Z',
    group: 'history',
    onClick: () => workspace.undo(),
  });
  const redoTool = shell.addTool({
    id: 'redo',
    icon: 'redo',
    title: t('web.workspace.toolbar.redo'),
    shortcut: 'Ctrl+Shift+Z',
    group: 'history',
    onClick: () => workspace.redo(),
  });
  let areaMode: AreaMode = null;
  const setArea = (mode: AreaMode) => {
    areaMode = areaMode === mode ? null : mode;
    area.setMode(areaMode);
    boxTool.setPressed(areaMode === 'box');
    lassoTool.setPressed(areaMode === 'lasso');
  };
  const boxTool = shell.addTool({
    id: 'box-select',
    icon: 'box',
    title: t('web.workspace.toolbar.selectBox'),
    shortcut: 'B',
    group: 'select',
    toggle: true,
    onClick: () => setArea('box'),
  });
  const lassoTool = shell.addTool({
    id: 'lasso-select',
    icon: 'lasso',
    title: t('web.workspace.toolbar.selectLasso'),
    shortcut: 'O',
    group: 'select',
    toggle: true,
    onClick: () => setArea('lasso'),
  });
  const pathTool = shell.addTool({
    id: 'shortest-path',
    icon: 'path',
    title: t('web.workspace.toolbar.shortestPath'),
    shortcut: 'P',
    group: 'select',
    onClick: () => void shortestPath(),
  });
  const relationsTool = shell.addTool({
    id: 'relations',
    icon: 'relations',
    title: t('web.workspace.toolbar.relations'),
    shortcut: 'R',
    group: 'select',
    onClick: () => void relationsAmong(),
  });
  shell.addTool({
    id: 'layout',
    icon: 'layout',
    title: t('web.workspace.toolbar.layout'),
    shortcut: 'G',
    panel: layoutPanel,
    side: 'left',
    group: 'canvas',
  });
  const tableTool = shell.addTool({
    id: 'table',
    icon: 'table',
    title: t('web.workspace.toolbar.table'),
    shortcut: 'T',
    group: 'canvas',
    toggle: true,
    onClick: () => toggleTable(),
  });
  // Style by the data, canvas filters and graph algorithms (appearance/, filters/, statistics/).
  const analysis = mountAnalysis(workspace, appearance, say);
  shell.addTool({
    id: 'appearance',
    icon: 'palette',
    title: t('web.workspace.style.title'),
    shortcut: 'A',
    panel: analysis.panels.appearance,
    side: 'left',
    group: 'analysis',
  });
  shell.addTool({
    id: 'filters',
    icon: 'filter',
    title: t('web.workspace.filters.panelTitle'),
    shortcut: 'Shift+F',
    panel: analysis.panels.filters,
    side: 'left',
    group: 'analysis',
  });
  shell.addTool({
    id: 'statistics',
    icon: 'statistics',
    title: t('web.workspace.statistics.title'),
    shortcut: 'M',
    panel: analysis.panels.statistics,
    side: 'left',
    group: 'analysis',
  });
  const detailsTool = shell.addTool({
    id: 'details',
    icon: 'details',
    title: t('web.workspace.tool.details'),
    shortcut: 'I',
    panel: details,
    side: 'right',
    group: 'canvas',
  });
  const exporter = exportPanel({
    png: (options) =>
      void exportPng(workspace, file.fileName(), { ...options, legend: options.legend ? legendEntries() : [] }).then(
        () => say(t('web.workspace.status.pngExported')),
        fail,
      ),
    svg: (options) =>
      void exportSvg(workspace, file.fileName(), { ...options, legend: options.legend ? legendEntries() : [] }).then(
        () => say(t('web.workspace.status.svgExported')),
        fail,
      ),
    csv: () =>
      download('graph-nodes.csv', 'text/csv', renderTable(h('div'), analysis.tableState(workspace.state), sortKey, () => undefined).csv()),
    json: () => {
      const state = analysis.tableState(workspace.state);
      download(
        'graph.json',
        'application/json',
        JSON.stringify({ nodes: Object.values(state.nodes), relationships: Object.values(state.relationships) }, null, 2),
      );
    },
    canvasSize: () => workspace.renderer.getDimensions(),
  });
  const exportTool = shell.addTool({
    id: 'export',
    icon: 'export',
    title: t('web.workspace.tool.export'),
    shortcut: 'E',
    panel: exporter.panel,
    side: 'left',
    group: 'file',
    onClick: exporter.refreshSize,
  });
  // Export data is the server's rule for exports; the controls are not offered without it.
  exportTool.setHidden(!permissions.includes('EXPORT_DATA'));
  shell.addTool({
    id: 'file',
    icon: 'file',
    title: t('web.workspace.tool.file'),
    shortcut: 'F',
    panel: file.panel,
    side: 'left',
    group: 'file',
  });
  shell.addTool({
    id: 'save',
    icon: 'save',
    title: t('web.workspace.toolbar.save'),
    shortcut: 'Ctrl+S',
    evenWhileTyping: true,
    group: 'file',
    onClick: () => void file.saveNow(false),
  });
  if (wide()) shell.openPanel('search');
  shell.onPanelsChanged(() => view.drawOverview());

  /** The legend drawn on exported pictures: the labels' and types' colours on the canvas. */
  const legendEntries = (): LegendEntry[] => {
    const { labels, types } = vocabulary(workspace.state);
    const data = analysis.legendEntries();
    return [
      ...data,
      ...labels
        .filter(([label]) => !data.length && !workspace.state.hiddenLabels.includes(label))
        .map(([label, count]): LegendEntry => ({
          kind: 'node',
          color: labelColor(appearance, label),
          text: `${label} (${formatNumber(count)})`,
        })),
      ...types
        .filter(([type]) => !workspace.state.hiddenTypes.includes(type))
        .map(([type, count]): LegendEntry => ({
          kind: 'edge',
          color: appearance.relationshipColors[type] ?? '#b0b0b0',
          text: `${type} (${formatNumber(count)})`,
        })),
    ];
  };
  const toggleTable = () => {
    table.hidden = !table.hidden;
    shell.canvas.hidden = !table.hidden;
    tableTool.setPressed(!table.hidden);
    refresh();
  };
  const detailsActions: DetailsActions = {
    canEdit,
    schema,
    updated: (element) => workspace.change(updateElement(element)),
    deleted: (nodeId) => workspace.change(removeNodes([nodeId])),
    created: (node) => workspace.change((state) => select([node.id])(addSubgraph({ nodes: [node], relationships: [] })(state))),
    say: (text) => say(text),
  };
  let sortKey = ELEMENT_ID;
  let lastDetailsKey: string | null = null;
  let hadSelection = false;

  const refresh = () => {
    const state = workspace.state;
    undoTool.setDisabled(!workspace.canUndo);
    redoTool.setDisabled(!workspace.canRedo);
    const selectedNodes = state.selection.filter((id) => state.nodes[id]).length;
    pathTool.setDisabled(selectedNodes !== 2);
    relationsTool.setDisabled(selectedNodes < 2);
    // The details open when something gets selected (on a wide screen); they close only when asked to.
    if (state.selection.length && !hadSelection && wide()) detailsTool.open();
    hadSelection = state.selection.length > 0;
    shell.info.textContent = t('web.workspace.status.counts', {
      nodes: formatNumber(Object.keys(state.nodes).length),
      relationships: formatNumber(Object.keys(state.relationships).length),
    });
    renderLegend(
      legend,
      state,
      appearance,
      (label) => workspace.change(toggleLabel(label)),
      (type) => workspace.change(toggleType(type)),
    );
    // Re-rendered only when what it shows changes, so a layout settling never wipes a half-typed edit.
    const shownId = state.selection[state.selection.length - 1];
    const shown = shownId ? (state.nodes[shownId] ?? state.relationships[shownId]) : undefined;
    const detailsKey = `${state.selection.length}|${shownId ?? ''}|${shown ? JSON.stringify(shown.properties) : ''}|${shown && 'labels' in shown ? shown.labels.join(':') : ''}`;
    if (detailsKey !== lastDetailsKey) {
      lastDetailsKey = detailsKey;
      renderDetails(details, state, detailsActions);
    }
    if (!table.hidden) renderTable(table, analysis.tableState(state), sortKey, (key) => ((sortKey = key), refresh()));
  };
  workspace.onChange(refresh);
  refresh();

  const addNodes = async (nodes: ApiNode[]) => {
    workspace.add(await withRelationsAmong({ nodes, relationships: [] }, Object.keys(workspace.state.nodes)));
    say(plural('web.workspace.status.added', nodes.length));
    if (nodes.length > 1) void workspace.runLayout('forceAtlas2');
    else workspace.fit();
  };

  async function search(): Promise<void> {
    const text = searchInput.value.trim();
    if (!text) return;
    say(t('web.workspace.status.searching'));
    try {
      const answer = await api.findNodes({ text, limit: 100 });
      renderResults(results, answer.items, answer.total, appearance, addNodes);
      say(plural('web.workspace.status.found', answer.total, { text }));
    } catch (error) {
      fail(error);
    }
  }

  /** Expands a node; a super-node (more neighbours than a page) asks what to add next: the next page, all, or one relationship type. */
  async function expand(nodeId: string, options: { all?: boolean; skip?: number; types?: string[] } = {}): Promise<void> {
    superNode.hidden = true;
    say(t('web.workspace.status.expanding'));
    try {
      const outcome = await workspace.expand(nodeId, options);
      say(
        outcome.remaining
          ? plural('web.workspace.status.expandedMore', outcome.added, { remaining: outcome.remaining })
          : plural('web.workspace.status.expanded', outcome.added),
      );
      if (outcome.remaining > 0) {
        const typeSelect = h(
          'select',
          { 'aria-label': t('web.workspace.superNode.onlyType') },
          h('option', { value: '' }, t('web.workspace.superNode.pickType')),
        );
        void api.relationshipTypes().then(
          (types) => typeSelect.append(...types.map((type) => h('option', { value: type }, type))),
          () => undefined,
        );
        typeSelect.addEventListener('change', () => typeSelect.value && void expand(nodeId, { types: [typeSelect.value] }));
        const page = Math.min(workspace.expandPageSize, outcome.remaining);
        superNode.replaceChildren(
          h('span', {}, `${plural('web.workspace.superNode.more', outcome.remaining)} `),
          h(
            'button',
            { type: 'button', onclick: () => void expand(nodeId, { skip: outcome.next, types: options.types }) },
            plural('web.workspace.superNode.next', page),
          ),
          h(
            'button',
            { type: 'button', onclick: () => void expand(nodeId, { all: true, skip: outcome.next, types: options.types }) },
            plural('web.workspace.superNode.all', outcome.remaining),
          ),
          typeSelect,
          h('button', { type: 'button', onclick: () => (superNode.hidden = true) }, t('web.workspace.superNode.keep')),
        );
        superNode.hidden = false;
      }
      if (outcome.added) void workspace.runLayout('forceAtlas2');
    } catch (error) {
      fail(error);
    }
  }

  workspace.renderer.on('doubleClickNode', (event) => {
    event.preventSigmaDefault();
    void expand(event.node);
  });
  workspace.renderer.on('clickNode', ({ node, event }) => {
    const current = workspace.state.selection;
    const additive = event.original.shiftKey || event.original.ctrlKey || event.original.metaKey;
    workspace.change(select(additive ? (current.includes(node) ? current.filter((id) => id !== node) : [...current, node]) : [node]));
  });
  workspace.renderer.on('clickEdge', ({ edge }) => workspace.change(select([edge])));
  workspace.renderer.on('clickStage', () => {
    if (workspace.state.selection.length) workspace.change(select([]));
  });

  async function shortestPath(): Promise<void> {
    const [from, to] = workspace.state.selection.filter((id) => workspace.state.nodes[id]);
    try {
      const { paths } = await api.shortestPaths(from, to);
      if (!paths.length) return void say(t('web.workspace.status.noPath'));
      const before = workspace.graph.order;
      // One step for all the paths: one undo takes them back.
      workspace.change((state) => {
        let next = state;
        for (const path of paths) next = addSubgraph(path, from)(next);
        return select([...new Set(paths.flatMap((path) => [...path.nodes.map((n) => n.id), ...path.relationships.map((r) => r.id)]))])(
          next,
        );
      });
      if (workspace.graph.order > before) void workspace.runLayout('forceAtlas2');
      say(plural('web.workspace.status.paths', paths.length, { length: paths[0].relationships.length }));
    } catch (error) {
      fail(error);
    }
  }
  async function relationsAmong(): Promise<void> {
    const ids = workspace.state.selection.filter((id) => workspace.state.nodes[id]).slice(0, 1000);
    try {
      const { relationships } = await api.directRelationships(ids);
      const before = Object.keys(workspace.state.relationships).length;
      workspace.add({ nodes: [], relationships });
      say(plural('web.workspace.status.relationsAdded', Object.keys(workspace.state.relationships).length - before, { nodes: ids.length }));
    } catch (error) {
      fail(error);
    }
  }

  document.addEventListener('keydown', (event) => {
    const target = event.target as HTMLElement | null;
    if (target && /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName)) return;
    const mod = event.ctrlKey || event.metaKey;
    if (mod && event.key.toLowerCase() === 'a') {
      event.preventDefault();
      workspace.change(selectAll());
    } else if (event.key === 'Escape') {
      if (areaMode) setArea(areaMode);
      else workspace.change(select([]));
    } else if (event.key === 'Delete' || event.key === 'Backspace') {
      const nodes = workspace.state.selection.filter((id) => workspace.state.nodes[id]);
      if (nodes.length) workspace.change(removeNodes(nodes));
    } else if (event.key === 'c' && workspace.state.selection.length === 1) {
      workspace.change(collapse(workspace.state.selection[0]));
    }
  });

  try {
    performance.mark('gas:open');
    const start = await openFromLocation(workspace, new URLSearchParams(window.location.search));
    file.setOpened(start.opened);
    say(start.message);
  } catch (error) {
    fail(error);
  }
  return workspace;
}

const root = document.getElementById('workspace');
if (root) {
  void mountWorkspace(root).then((workspace) => {
    // For the browser tests and the console: the workspace of this page.
    (window as unknown as { gasWorkspace: Workspace }).gasWorkspace = workspace;
  });
}
