/**
 * Entry of the /visualization page: builds the workspace inside #workspace and wires search, explore,
 * layouts, filters, details, table, paths, undo/redo and the keyboard. Data comes only from the REST API.
 */
import { api, ApiError, request } from '../shared/api';
import { h } from '../shared/dom';
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

  const searchInput = h('input', { type: 'search', name: 'q', placeholder: 'Search the graph', 'aria-label': 'Search the graph' });
  const results = h('div', { class: 'search-results' });
  const legend = h('div', { class: 'legend-panel' });
  const details = h('div', { class: 'details-panel' });
  const table = h('div', { class: 'table-panel', hidden: true });
  const canvas = h('div', { class: 'canvas', tabindex: '0', role: 'application', 'aria-label': 'Graph canvas; the table view lists the same elements' });
  const undoButton = h('button', { type: 'button', title: 'Undo (Ctrl+Z)' }, 'Undo');
  const redoButton = h('button', { type: 'button', title: 'Redo (Ctrl+Shift+Z)' }, 'Redo');
  const layoutSelect = h('select', { 'aria-label': 'Layout' }, ...(['forceAtlas2', 'circular', 'random', 'noverlap'] as LayoutName[]).map((name) => h('option', { value: name }, name === 'forceAtlas2' ? 'Force-directed' : name === 'noverlap' ? 'Remove overlaps' : name[0].toUpperCase() + name.slice(1))));
  const layoutButton = h('button', { type: 'button' }, 'Lay out');
  const pathButton = h('button', { type: 'button', title: 'Shortest paths between the two selected nodes' }, 'Shortest path');
  const areaSelect = h('select', { 'aria-label': 'Selection tool' }, h('option', { value: '' }, 'Click to select'), h('option', { value: 'box' }, 'Box select'), h('option', { value: 'lasso' }, 'Lasso select'));
  const relationsButton = h('button', { type: 'button', title: 'Add the relationships among the selected nodes' }, 'Relations among selection');
  const tableButton = h('button', { type: 'button', 'aria-pressed': 'false' }, 'Table');
  const csvButton = h('button', { type: 'button' }, 'Export CSV');
  const jsonButton = h('button', { type: 'button' }, 'Export JSON');
  const pngButton = h('button', { type: 'button' }, 'Export PNG');
  const svgButton = h('button', { type: 'button' }, 'Export SVG');
  const saveButton = h('button', { type: 'button', title: 'Save (Ctrl+S)' }, 'Save');
  const saveAsButton = h('button', { type: 'button', title: 'Save a copy under the name in the field' }, 'Save as new');
  const renameButton = h('button', { type: 'button', title: 'Give this visualization the name in the field' }, 'Rename');
  const shareButton = h('button', { type: 'button', title: 'Share with users and groups', hidden: !permissions.includes('SHARE_VISUALIZATION') }, 'Share…');
  const linkButton = h('button', { type: 'button', title: 'Copy a link that opens this visualization for everyone it is shared with' }, 'Copy link');
  const nameInput = h('input', { type: 'text', class: 'workspace-name', maxlength: '200', 'aria-label': 'Visualization name', value: 'New visualization' });
  const title = h('h1', { class: 'visually-hidden' }, 'Visualization');
  const superNode = h('div', { class: 'super-node', hidden: true });

  root.append(
    h(
      'div',
      { class: 'workspace' },
      h(
        'aside',
        { class: 'side' },
        h('form', { class: 'search', role: 'search', onsubmit: (event: Event) => (event.preventDefault(), void search()) }, searchInput, h('button', { type: 'submit' }, 'Search')),
        results,
        legend,
      ),
      h(
        'section',
        { class: 'stage' },
        h('div', { class: 'stage-head' }, title, h('div', { class: 'toolbar', role: 'toolbar', 'aria-label': 'Visualization' }, nameInput, saveButton, saveAsButton, renameButton, shareButton, linkButton)),
        h('div', { class: 'toolbar', role: 'toolbar', 'aria-label': 'Canvas tools' }, undoButton, redoButton, areaSelect, layoutSelect, layoutButton, pathButton, relationsButton, tableButton, csvButton, jsonButton, pngButton, svgButton),
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
    say(`${nodes.length} added to the canvas.`);
    if (nodes.length > 1) void workspace.runLayout('forceAtlas2');
  };

  async function search(): Promise<void> {
    const text = searchInput.value.trim();
    if (!text) return;
    say('Searching…');
    try {
      const answer = await api.findNodes({ text, limit: 100 });
      renderResults(results, answer.items, answer.total, appearance, addNodes);
      say(`${answer.total} found for “${text}”.`);
    } catch (error) {
      fail(error);
    }
  }

  /** Expands a node; a super-node (more neighbours than a page) asks what to add next: the next page, all, or one relationship type. */
  async function expand(nodeId: string, options: { all?: boolean; skip?: number; types?: string[] } = {}): Promise<void> {
    superNode.hidden = true;
    say('Expanding…');
    try {
      const outcome = await workspace.expand(nodeId, options);
      say(`${outcome.added} neighbours added${outcome.remaining ? `, ${outcome.remaining} more not shown` : ''}.`);
      if (outcome.remaining > 0) {
        const typeSelect = h('select', { 'aria-label': 'Only relationships of type' }, h('option', { value: '' }, 'Pick a relationship type…'));
        void api.relationshipTypes().then((types) => typeSelect.append(...types.map((type) => h('option', { value: type }, type))), () => undefined);
        typeSelect.addEventListener('change', () => typeSelect.value && void expand(nodeId, { types: [typeSelect.value] }));
        const page = Math.min(workspace.expandPageSize, outcome.remaining);
        superNode.replaceChildren(
          h('span', {}, `This node has ${outcome.remaining} more neighbours. `),
          h('button', { type: 'button', onclick: () => void expand(nodeId, { skip: outcome.next, types: options.types }) }, `Add the next ${page}`),
          h('button', { type: 'button', onclick: () => void expand(nodeId, { all: true, skip: outcome.next, types: options.types }) }, `Add all ${outcome.remaining}`),
          typeSelect,
          h('button', { type: 'button', onclick: () => (superNode.hidden = true) }, 'Keep as is'),
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
      if (!paths.length) return void say('No path between the two nodes.');
      const before = workspace.graph.order;
      // One step for all the paths: one undo takes them back.
      workspace.change((state) => {
        let next = state;
        for (const path of paths) next = addSubgraph(path, from)(next);
        return select([...new Set(paths.flatMap((path) => [...path.nodes.map((n) => n.id), ...path.relationships.map((r) => r.id)]))])(next);
      });
      if (workspace.graph.order > before) void workspace.runLayout('forceAtlas2');
      say(`${paths.length} shortest path${paths.length > 1 ? 's' : ''} of length ${paths[0].relationships.length}.`);
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
      say(`${Object.keys(workspace.state.relationships).length - before} relationships added among ${ids.length} nodes.`);
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

  let opened: Opened = { id: null, name: 'New visualization', own: true };
  const showOpened = () => {
    title.textContent = opened.name;
    nameInput.value = opened.name;
    document.title = `${opened.name} · Graph Analytics Service`;
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
      if (!typed) return void say('Give the visualization a name first.');
      name = { name: asNew && opened.id && typed === opened.name ? `${typed} (copy)` : typed };
    }
    try {
      opened = await save(workspace, opened, name);
      showOpened();
      say(`Saved “${opened.name}”.`);
    } catch (error) {
      fail(error);
    }
  };
  saveButton.addEventListener('click', () => void saveNow(false));
  saveAsButton.addEventListener('click', () => void saveNow(true));
  renameButton.addEventListener('click', async () => {
    const answer = nameInput.value.trim();
    if (!answer) return void say('Give the visualization a name first.');
    if (!opened.id) return;
    try {
      const renamed = await api.renameVisualization(opened.id, answer.trim());
      opened = { ...opened, name: renamed.name };
      showOpened();
      say(`Renamed to “${opened.name}”.`);
    } catch (error) {
      fail(error);
    }
  });
  linkButton.addEventListener('click', async () => {
    const link = `${window.location.origin}/visualization?id=${encodeURIComponent(opened.id ?? '')}`;
    try {
      await navigator.clipboard.writeText(link);
      say(`Link copied: ${link}`);
    } catch {
      say(`Link: ${link}`);
    }
  });
  shareButton.addEventListener('click', () => {
    if (!opened.id) return;
    void openShareDialog(opened.id, { everyone: permissions.includes('SHARE_VISUALIZATION_WITH_EVERYONE'), myId: userId, done: say }).catch(fail);
  });
  pngButton.addEventListener('click', () => void exportPng(workspace, fileName()).then(() => say('PNG exported.'), fail));
  svgButton.addEventListener('click', () => void exportSvg(workspace, fileName()).then(() => say('SVG exported.'), fail));
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
