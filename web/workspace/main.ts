/**
 * Entry of the /visualization page: builds the workspace inside #workspace and wires search, explore,
 * layouts, filters, details, table, paths, undo/redo and the keyboard. Data comes only from the REST API.
 */
import { api, ApiError, request } from '../shared/api';
import { h } from '../shared/dom';
import { plural, t } from '../shared/i18n';
import type { ApiNode } from '../shared/graph-types';
import { Workspace } from './workspace';
import { addSubgraph, collapse, removeNodes, select, selectAll, toggleLabel, toggleType, updateElement } from './state/canvas-state';
import { Appearance, NO_APPEARANCE } from './style/style';
import { renderLegend, renderResults, renderTable } from './ui/panels';
import { renderDetails, DetailsActions } from './ui/details';
import { DataSchema, NO_SCHEMA } from '../shared/data-schema';
import type { LayoutName } from './layouts/layouts';
import { exportPng, exportSvg, openFromLocation, Opened, save } from './ui/persistence';
import { openShareDialog } from './ui/share';
import { attachAreaSelection, AreaMode } from './selection/area-select';

function download(name: string, type: string, content: string): void {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const link = h('a', { href: url, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The settings the workspace draws with (as the user may see them) and whether the user may write. */
async function loadContext(): Promise<{ appearance: Appearance; schema: DataSchema; canEdit: boolean; permissions: string[]; userId: string }> {
  const [settings, session] = await Promise.all([request<Record<string, unknown>>('GET', '/settings').catch(() => ({}) as Record<string, unknown>), api.session().catch(() => null)]);
  const value = (settings.APPEARANCE ?? NO_APPEARANCE) as Partial<Appearance>;
  const schema = (settings.DATA_SCHEMA as DataSchema | undefined) ?? NO_SCHEMA;
  // Captions: the APPEARANCE caption of a label, else the property DATA_SCHEMA gives the title role.
  const nodeCaptions: Record<string, string> = {};
  for (const [label, properties] of Object.entries(schema.nodes ?? {})) {
    const title = Object.entries(properties).find(([, description]) => description.role === 'title' && !description.hidden);
    if (title && label !== '*') nodeCaptions[label] = title[0];
  }
  return {
    appearance: { nodeCaptions: { ...nodeCaptions, ...(value.nodeCaptions ?? {}) }, colors: value.colors ?? {}, relationshipColors: value.relationshipColors ?? {}, icons: value.icons ?? {}, sizes: value.sizes ?? {} },
    schema,
    canEdit: !!session?.user?.permissions.includes('DATA_MANAGEMENT'),
    permissions: session?.user?.permissions ?? [],
    userId: session?.user?.id ?? '',
  };
}

export async function mountWorkspace(root: HTMLElement): Promise<Workspace> {
  performance.mark('gas:mount');
  const { appearance, schema, canEdit, permissions, userId } = await loadContext();
  performance.mark('gas:context');
  const status = h('p', { class: 'status', role: 'status', 'aria-live': 'polite' });
  const say = (text: string) => (status.textContent = text);
  const fail = (error: unknown) => say(error instanceof ApiError || error instanceof Error ? error.message : String(error));

  const searchInput = h('input', { type: 'search', name: 'q', placeholder: t('web.workspace.search.placeholder'), 'aria-label': t('web.workspace.search.placeholder') });
  const results = h('div', { class: 'search-results' });
  const legend = h('div', { class: 'legend-panel' });
  const details = h('div', { class: 'details-panel' });
  const table = h('div', { class: 'table-panel', hidden: true });
  const canvas = h('div', { class: 'canvas', tabindex: '0', role: 'application', 'aria-label': t('web.workspace.canvas.label') });
  const undoButton = h('button', { type: 'button', title: t('web.workspace.toolbar.undoTitle') }, t('web.workspace.toolbar.undo'));
  const redoButton = h('button', { type: 'button', title: t('web.workspace.toolbar.redoTitle') }, t('web.workspace.toolbar.redo'));
  const layoutSelect = h('select', { 'aria-label': t('web.workspace.toolbar.layout') }, ...(['forceAtlas2', 'circular', 'random', 'noverlap'] as LayoutName[]).map((name) => h('option', { value: name }, t(`web.workspace.layout.${name}`))));
  const layoutButton = h('button', { type: 'button' }, t('web.workspace.toolbar.runLayout'));
  const pathButton = h('button', { type: 'button', title: t('web.workspace.toolbar.shortestPathTitle') }, t('web.workspace.toolbar.shortestPath'));
  const areaSelect = h('select', { 'aria-label': t('web.workspace.toolbar.selectionTool') }, h('option', { value: '' }, t('web.workspace.toolbar.selectClick')), h('option', { value: 'box' }, t('web.workspace.toolbar.selectBox')), h('option', { value: 'lasso' }, t('web.workspace.toolbar.selectLasso')));
  const relationsButton = h('button', { type: 'button', title: t('web.workspace.toolbar.relationsTitle') }, t('web.workspace.toolbar.relations'));
  const tableButton = h('button', { type: 'button', 'aria-pressed': 'false' }, t('web.workspace.toolbar.table'));
  const csvButton = h('button', { type: 'button' }, t('web.workspace.toolbar.exportCsv'));
  const jsonButton = h('button', { type: 'button' }, t('web.workspace.toolbar.exportJson'));
  const pngButton = h('button', { type: 'button' }, t('web.workspace.toolbar.exportPng'));
  const svgButton = h('button', { type: 'button' }, t('web.workspace.toolbar.exportSvg'));
  const saveButton = h('button', { type: 'button', title: t('web.workspace.toolbar.saveTitle') }, t('web.workspace.toolbar.save'));
  const saveAsButton = h('button', { type: 'button', title: t('web.workspace.toolbar.saveAsTitle') }, t('web.workspace.toolbar.saveAs'));
  const renameButton = h('button', { type: 'button', title: t('web.workspace.toolbar.renameTitle') }, t('web.workspace.toolbar.rename'));
  const shareButton = h('button', { type: 'button', title: t('web.workspace.toolbar.shareTitle'), hidden: !permissions.includes('SHARE_VISUALIZATION') }, t('web.workspace.toolbar.share'));
  const linkButton = h('button', { type: 'button', title: t('web.workspace.toolbar.copyLinkTitle') }, t('web.workspace.toolbar.copyLink'));
  const nameInput = h('input', { type: 'text', class: 'workspace-name', maxlength: '200', 'aria-label': t('web.workspace.name.label'), value: t('web.workspace.name.default') });
  const title = h('h1', { class: 'visually-hidden' }, t('web.workspace.title'));
  const superNode = h('div', { class: 'super-node', hidden: true });

  root.append(
    h(
      'div',
      { class: 'workspace' },
      h(
        'aside',
        { class: 'side' },
        h('form', { class: 'search', role: 'search', onsubmit: (event: Event) => (event.preventDefault(), void search()) }, searchInput, h('button', { type: 'submit' }, t('web.workspace.search.button'))),
        results,
        legend,
      ),
      h(
        'section',
        { class: 'stage' },
        h('div', { class: 'stage-head' }, title, h('div', { class: 'toolbar', role: 'toolbar', 'aria-label': t('web.workspace.title') }, nameInput, saveButton, saveAsButton, renameButton, shareButton, linkButton)),
        h('div', { class: 'toolbar', role: 'toolbar', 'aria-label': t('web.workspace.toolbar.canvasTools') }, undoButton, redoButton, areaSelect, layoutSelect, layoutButton, pathButton, relationsButton, tableButton, csvButton, jsonButton, pngButton, svgButton),
        superNode,
        canvas,
        table,
        status,
      ),
      h('aside', { class: 'details' }, details),
    ),
  );

  const workspace = new Workspace(canvas, appearance);
  performance.mark('gas:sigma');
  const area = attachAreaSelection(workspace, canvas);
  areaSelect.addEventListener('change', () => area.setMode((areaSelect.value || null) as AreaMode));
  const detailsActions: DetailsActions = {
    canEdit,
    schema,
    updated: (element) => workspace.change(updateElement(element)),
    deleted: (nodeId) => workspace.change(removeNodes([nodeId])),
    created: (node) => workspace.change((state) => select([node.id])(addSubgraph({ nodes: [node], relationships: [] })(state))),
    say: (text) => say(text),
  };
  let sortKey = 'id';
  let lastDetailsKey: string | null = null;
  let tableCsv = () => '';

  const refresh = () => {
    const state = workspace.state;
    undoButton.disabled = !workspace.canUndo;
    redoButton.disabled = !workspace.canRedo;
    const selectedNodes = state.selection.filter((id) => state.nodes[id]).length;
    pathButton.disabled = selectedNodes !== 2;
    relationsButton.disabled = selectedNodes < 2;
    renderLegend(legend, state, appearance, (label) => workspace.change(toggleLabel(label)), (type) => workspace.change(toggleType(type)));
    // Re-rendered only when what it shows changes, so a layout settling never wipes a half-typed edit.
    const shownId = state.selection[state.selection.length - 1];
    const shown = shownId ? (state.nodes[shownId] ?? state.relationships[shownId]) : undefined;
    const detailsKey = `${state.selection.length}|${shownId ?? ''}|${shown ? JSON.stringify(shown.properties) : ''}|${shown && 'labels' in shown ? shown.labels.join(':') : ''}`;
    if (detailsKey !== lastDetailsKey) {
      lastDetailsKey = detailsKey;
      renderDetails(details, state, detailsActions);
    }
    if (!table.hidden) tableCsv = renderTable(table, state, sortKey, (key) => ((sortKey = key), refresh())).csv;
  };
  workspace.onChange(refresh);
  refresh();

  const addNodes = (nodes: ApiNode[]) => {
    workspace.add({ nodes, relationships: [] });
    say(plural('web.workspace.status.added', nodes.length));
    if (nodes.length > 1) void workspace.runLayout('forceAtlas2');
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
      say(outcome.remaining ? plural('web.workspace.status.expandedMore', outcome.added, { remaining: outcome.remaining }) : plural('web.workspace.status.expanded', outcome.added));
      if (outcome.remaining > 0) {
        const typeSelect = h('select', { 'aria-label': t('web.workspace.superNode.onlyType') }, h('option', { value: '' }, t('web.workspace.superNode.pickType')));
        void api.relationshipTypes().then((types) => typeSelect.append(...types.map((type) => h('option', { value: type }, type))), () => undefined);
        typeSelect.addEventListener('change', () => typeSelect.value && void expand(nodeId, { types: [typeSelect.value] }));
        const page = Math.min(workspace.expandPageSize, outcome.remaining);
        superNode.replaceChildren(
          h('span', {}, `${plural('web.workspace.superNode.more', outcome.remaining)} `),
          h('button', { type: 'button', onclick: () => void expand(nodeId, { skip: outcome.next, types: options.types }) }, plural('web.workspace.superNode.next', page)),
          h('button', { type: 'button', onclick: () => void expand(nodeId, { all: true, skip: outcome.next, types: options.types }) }, plural('web.workspace.superNode.all', outcome.remaining)),
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

  undoButton.addEventListener('click', () => workspace.undo());
  redoButton.addEventListener('click', () => workspace.redo());
  layoutButton.addEventListener('click', () => void workspace.runLayout(layoutSelect.value as LayoutName, { record: true }));
  pathButton.addEventListener('click', async () => {
    const [from, to] = workspace.state.selection.filter((id) => workspace.state.nodes[id]);
    try {
      const { paths } = await api.shortestPaths(from, to);
      if (!paths.length) return void say(t('web.workspace.status.noPath'));
      const before = workspace.graph.order;
      // One step for all the paths: one undo takes them back.
      workspace.change((state) => {
        let next = state;
        for (const path of paths) next = addSubgraph(path, from)(next);
        return select([...new Set(paths.flatMap((path) => [...path.nodes.map((n) => n.id), ...path.relationships.map((r) => r.id)]))])(next);
      });
      if (workspace.graph.order > before) void workspace.runLayout('forceAtlas2');
      say(plural('web.workspace.status.paths', paths.length, { length: paths[0].relationships.length }));
    } catch (error) {
      fail(error);
    }
  });
  relationsButton.addEventListener('click', async () => {
    const ids = workspace.state.selection.filter((id) => workspace.state.nodes[id]).slice(0, 1000);
    try {
      const { relationships } = await api.directRelationships(ids);
      const before = Object.keys(workspace.state.relationships).length;
      workspace.add({ nodes: [], relationships });
      say(plural('web.workspace.status.relationsAdded', Object.keys(workspace.state.relationships).length - before, { nodes: ids.length }));
    } catch (error) {
      fail(error);
    }
  });
  tableButton.addEventListener('click', () => {
    table.hidden = !table.hidden;
    canvas.hidden = !table.hidden;
    tableButton.setAttribute('aria-pressed', String(!table.hidden));
    refresh();
  });
  csvButton.addEventListener('click', () => {
    if (table.hidden) tableCsv = renderTable(h('div'), workspace.state, sortKey, () => undefined).csv;
    download('graph-nodes.csv', 'text/csv', tableCsv());
  });
  jsonButton.addEventListener('click', () => {
    const state = workspace.state;
    download('graph.json', 'application/json', JSON.stringify({ nodes: Object.values(state.nodes), relationships: Object.values(state.relationships) }, null, 2));
  });

  document.addEventListener('keydown', (event) => {
    const target = event.target as HTMLElement | null;
    if (target && /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName)) return;
    const mod = event.ctrlKey || event.metaKey;
    if (mod && event.key.toLowerCase() === 'z') {
      event.preventDefault();
      if (event.shiftKey) workspace.redo();
      else workspace.undo();
    } else if (mod && event.key.toLowerCase() === 'a') {
      event.preventDefault();
      workspace.change(selectAll());
    } else if (event.key === 'Escape') {
      workspace.change(select([]));
    } else if (event.key === 'Delete' || event.key === 'Backspace') {
      const nodes = workspace.state.selection.filter((id) => workspace.state.nodes[id]);
      if (nodes.length) workspace.change(removeNodes(nodes));
    } else if (event.key === 'c' && workspace.state.selection.length === 1) {
      workspace.change(collapse(workspace.state.selection[0]));
    }
  });

  let opened: Opened = { id: null, name: t('web.workspace.name.default'), own: true };
  const showOpened = () => {
    title.textContent = opened.name;
    nameInput.value = opened.name;
    document.title = t('web.workspace.documentTitle', { name: opened.name });
    renameButton.disabled = !opened.id || !opened.own;
    linkButton.disabled = !opened.id;
    shareButton.disabled = !opened.id || !opened.own;
    if (opened.id) {
      const url = new URL(window.location.href);
      url.search = `?id=${encodeURIComponent(opened.id)}`;
      window.history.replaceState(null, '', url);
    }
  };
  const fileName = () => opened.name.replace(/[^\p{L}\p{N} _.-]+/gu, '_').slice(0, 100) || 'visualization';
  const saveNow = async (asNew: boolean) => {
    let name: { name: string } | null = null;
    if (asNew || !opened.id || !opened.own) {
      const typed = nameInput.value.trim();
      if (!typed) return void say(t('web.workspace.status.nameFirst'));
      name = { name: asNew && opened.id && typed === opened.name ? t('web.workspace.name.copy', { name: typed }) : typed };
    }
    try {
      opened = await save(workspace, opened, name);
      showOpened();
      say(t('web.workspace.status.saved', { name: opened.name }));
    } catch (error) {
      fail(error);
    }
  };
  saveButton.addEventListener('click', () => void saveNow(false));
  saveAsButton.addEventListener('click', () => void saveNow(true));
  renameButton.addEventListener('click', async () => {
    const answer = nameInput.value.trim();
    if (!answer) return void say(t('web.workspace.status.nameFirst'));
    if (!opened.id) return;
    try {
      const renamed = await api.renameVisualization(opened.id, answer.trim());
      opened = { ...opened, name: renamed.name };
      showOpened();
      say(t('web.workspace.status.renamed', { name: opened.name }));
    } catch (error) {
      fail(error);
    }
  });
  linkButton.addEventListener('click', async () => {
    const link = `${window.location.origin}/visualization?id=${encodeURIComponent(opened.id ?? '')}`;
    try {
      await navigator.clipboard.writeText(link);
      say(t('web.workspace.status.linkCopied', { link }));
    } catch {
      say(t('web.workspace.status.link', { link }));
    }
  });
  shareButton.addEventListener('click', () => {
    if (!opened.id) return;
    void openShareDialog(opened.id, { everyone: permissions.includes('SHARE_VISUALIZATION_WITH_EVERYONE'), myId: userId, done: say }).catch(fail);
  });
  pngButton.addEventListener('click', () => void exportPng(workspace, fileName()).then(() => say(t('web.workspace.status.pngExported')), fail));
  svgButton.addEventListener('click', () => void exportSvg(workspace, fileName()).then(() => say(t('web.workspace.status.svgExported')), fail));
  document.addEventListener('keydown', (event) => {
    if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 's') {
      event.preventDefault();
      void saveNow(false);
    }
  });

  try {
    performance.mark('gas:open');
    const start = await openFromLocation(workspace, new URLSearchParams(window.location.search));
    opened = start.opened;
    showOpened();
    say(start.message);
  } catch (error) {
    showOpened();
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
