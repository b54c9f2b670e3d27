/**
 * The Cypher console (/cypher): a Cypher editor with highlighting and completion (@neo4j-cypher/codemirror,
 * CodeMirror 6, completion fed with the labels, types and property keys the user can see), JSON
 * parameters, results as a table and as a graph that opens in the visualization workspace, and a
 * per-user history kept as the user setting "cypherHistory". On the PostgreSQL backend the page says
 * which part of Cypher is translated there; a refusal (400 CYPHER_UNSUPPORTED) names the construct;
 * a writing query's side effects are shown under its rows.
 */
import { createCypherEditor, type EditorApi } from '@neo4j-cypher/codemirror';
import '@neo4j-cypher/codemirror/css/cypher-codemirror.css';
import { api, ApiError, request } from '../shared/api';
import { clear, h } from '../shared/dom';
import { formatDate, plural, t } from '../shared/i18n';
import type { ApiNode, ApiRelationship } from '../shared/graph-types';
import { drawResultGraph, showResultGraph } from './result-graph';

const HISTORY_TYPE = 'cypherHistory';
const HISTORY_SIZE = 30;

interface CypherAnswer {
  columns: string[];
  rows: unknown[][];
  truncated: boolean;
  /** A writing query on the PostgreSQL backend: what it changed. */
  sideEffects?: Record<string, number>;
}

interface HistoryEntry {
  query: string;
  params: Record<string, unknown>;
  at: string;
}

const form = document.getElementById('cypher-form') as HTMLFormElement;
const textarea = document.getElementById('cypher-query') as HTMLTextAreaElement;
const paramsInput = document.getElementById('cypher-params') as HTMLTextAreaElement;
const messageBox = document.getElementById('cypher-message') as HTMLElement;
const resultSection = document.getElementById('cypher-result') as HTMLElement;
const historyList = document.getElementById('cypher-history') as HTMLUListElement;
const onNeo4j = form.dataset.backend === 'neo4j';

let editor: EditorApi | null = null;
let history: HistoryEntry[] = [];

function message(text: string, kind: 'ok' | 'error' = 'ok'): void {
  messageBox.textContent = text;
  messageBox.className = `form-message${text ? ` ${kind}` : ''}`;
  messageBox.setAttribute('role', kind === 'error' ? 'alert' : 'status');
}

function queryText(): string {
  // The editor's document is the truth while the editor runs (its change events may come late).
  if (editor) textarea.value = editor.codemirror.state.doc.toString();
  return textarea.value;
}

function setQuery(text: string): void {
  textarea.value = text;
  editor?.setValue(text);
}

/** The CodeMirror editor over the textarea; the textarea stays the form's value and the fallback. */
function mountEditor(): void {
  const host = document.getElementById('cypher-editor-host') as HTMLElement;
  try {
    ({ editor } = createCypherEditor(host, {
      value: textarea.value,
      theme: 'light',
      lineNumbers: true,
      lineWrapping: true,
      autocomplete: true,
      lint: true,
      placeholder: 'MATCH (n) RETURN n LIMIT 25',
    }));
    host.classList.add('cypher-editor');
    editor.onValueChanged((value: string) => {
      textarea.value = value;
    });
    editor.onKeyDown((event: KeyboardEvent) => {
      if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
        event.preventDefault();
        form.requestSubmit();
      }
    });
    textarea.hidden = true;
    // Completion for what the user may see: labels, types and property keys of the graph.
    void Promise.all([
      api.labels().catch(() => [] as string[]),
      api.relationshipTypes().catch(() => [] as string[]),
      request<string[]>('GET', '/data/possiblePropertyKeys').catch(() => [] as string[]),
    ]).then(([labels, relationshipTypes, propertyKeys]) =>
      editor?.setSchema({ labels, relationshipTypes, propertyKeys: Array.isArray(propertyKeys) ? propertyKeys : [] }),
    );
  } catch (error) {
    // The plain textarea keeps working when the editor cannot start.
    editor = null;
    host.replaceChildren();
    textarea.hidden = false;
    console.warn('Cypher editor unavailable, using the plain text box', error);
  }
}

textarea.addEventListener('keydown', (event) => {
  if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
    event.preventDefault();
    form.requestSubmit();
  }
});

function isNode(value: unknown): value is ApiNode {
  return (
    Boolean(value) && typeof value === 'object' && Array.isArray((value as ApiNode).labels) && typeof (value as ApiNode).id === 'string'
  );
}

function isRelationship(value: unknown): value is ApiRelationship {
  return (
    Boolean(value) &&
    typeof value === 'object' &&
    typeof (value as ApiRelationship).type === 'string' &&
    typeof (value as ApiRelationship).startNodeId === 'string'
  );
}

function isPath(value: unknown): value is { nodes: ApiNode[]; relationships: ApiRelationship[] } {
  return (
    Boolean(value) &&
    typeof value === 'object' &&
    Array.isArray((value as { nodes: unknown }).nodes) &&
    Array.isArray((value as { relationships: unknown }).relationships)
  );
}

function caption(node: ApiNode): string {
  const props = node.properties ?? {};
  const named = props.name ?? props.title ?? props.caption;
  return typeof named === 'string' || typeof named === 'number' ? String(named) : `#${node.id}`;
}

function cell(value: unknown): Node | string {
  if (value === null || value === undefined) return h('span', { class: 'muted' }, 'null');
  if (isNode(value))
    return h('span', { title: JSON.stringify(value.properties) }, `(${value.labels.map((l) => `:${l}`).join('')} ${caption(value)})`);
  if (isRelationship(value)) return h('span', { title: JSON.stringify(value.properties) }, `[:${value.type} #${value.id}]`);
  if (isPath(value)) return plural('web.cypher.path', value.relationships.length);
  if (typeof value === 'object') return h('code', {}, JSON.stringify(value));
  // eslint-disable-next-line @typescript-eslint/no-base-to-string -- objects (and null) returned above: only primitives reach here
  return String(value);
}

/** Every node and relationship in the rows (nested in lists, maps and paths). */
function collect(rows: unknown[][]): { nodes: Map<string, ApiNode>; relationships: Map<string, ApiRelationship> } {
  const nodes = new Map<string, ApiNode>();
  const relationships = new Map<string, ApiRelationship>();
  const visit = (value: unknown, depth: number): void => {
    if (depth > 6 || value === null || typeof value !== 'object') return;
    if (isNode(value)) nodes.set(value.id, value);
    else if (isRelationship(value)) relationships.set(value.id, value);
    else if (isPath(value)) {
      value.nodes.forEach((n) => nodes.set(n.id, n));
      value.relationships.forEach((r) => relationships.set(r.id, r));
    } else if (Array.isArray(value)) value.forEach((v) => visit(v, depth + 1));
    else Object.values(value as Record<string, unknown>).forEach((v) => visit(v, depth + 1));
  };
  rows.forEach((row) => row.forEach((value) => visit(value, 0)));
  return { nodes, relationships };
}

function renderTable(answer: CypherAnswer): void {
  const table = document.getElementById('cypher-table') as HTMLTableElement;
  const head = table.tHead as HTMLTableSectionElement;
  const body = table.tBodies[0];
  clear(head);
  clear(body);
  head.append(h('tr', {}, ...answer.columns.map((column) => h('th', { scope: 'col' }, column))));
  if (!answer.rows.length)
    body.append(h('tr', {}, h('td', { colspan: String(Math.max(1, answer.columns.length)), class: 'muted' }, t('web.cypher.noRows'))));
  for (const row of answer.rows) body.append(h('tr', {}, ...row.map((value) => h('td', { class: 'wrap' }, cell(value)))));
  const summary = document.getElementById('cypher-summary') as HTMLElement;
  summary.textContent = answer.truncated
    ? plural('web.cypher.rowsTruncated', answer.rows.length)
    : plural('web.cypher.rows', answer.rows.length);
  if (answer.sideEffects) summary.textContent += ` ${t('web.cypher.sideEffects', answer.sideEffects)}`;
}

/** The result's graph: what it returned, drawn in the graph tab; the workspace opens the same nodes with the relationships among them. */
function renderGraph(answer: CypherAnswer): void {
  const { nodes, relationships } = collect(answer.rows);
  const box = document.getElementById('cypher-graph') as HTMLElement;
  const summary = document.getElementById('cypher-graph-summary') as HTMLElement;
  const link = document.getElementById('cypher-open-workspace') as HTMLAnchorElement;
  // A relationship returned without its ends still opens with them: the workspace then brings the
  // relationships among all these nodes (the returned ones and the paths' among them) in one request.
  const ids = [...new Set([...nodes.keys(), ...[...relationships.values()].flatMap((r) => [r.startNodeId, r.endNodeId])])];
  link.href = `/visualization?nodes=${ids.slice(0, 500).map(encodeURIComponent).join(',')}`;
  link.hidden = ids.length === 0;
  summary.textContent = ids.length
    ? t('web.cypher.graphSummary', { nodes: nodes.size, relationships: relationships.size })
    : t('web.cypher.graphEmpty');
  box.setAttribute('aria-label', summary.textContent ?? '');
  void drawResultGraph(box, nodes, relationships);
}

function selectTab(which: 'table' | 'graph'): void {
  for (const name of ['table', 'graph'] as const) {
    (document.getElementById(`cypher-tab-${name}`) as HTMLElement).setAttribute('aria-selected', String(name === which));
    (document.getElementById(`cypher-panel-${name}`) as HTMLElement).hidden = name !== which;
  }
  if (which === 'graph') showResultGraph();
}
document.getElementById('cypher-tab-table')?.addEventListener('click', () => selectTab('table'));
document.getElementById('cypher-tab-graph')?.addEventListener('click', () => selectTab('graph'));

function renderHistory(): void {
  clear(historyList);
  if (!history.length) {
    historyList.append(h('li', { class: 'muted' }, t('web.cypher.noHistory')));
    return;
  }
  for (const entry of history) {
    const button = h('button', { type: 'button', class: 'link', title: formatDate(entry.at) }, entry.query);
    button.addEventListener('click', () => {
      setQuery(entry.query);
      paramsInput.value = JSON.stringify(entry.params ?? {}, null, 2);
      message(t('web.cypher.historyRestored'));
    });
    historyList.append(h('li', {}, button));
  }
}

async function loadHistory(): Promise<void> {
  try {
    const stored = await request<{ value: { entries?: HistoryEntry[] } }>('GET', `/userSettings/${HISTORY_TYPE}`);
    history = Array.isArray(stored.value.entries) ? stored.value.entries.slice(0, HISTORY_SIZE) : [];
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 404)) console.warn('history not loaded', error);
    history = [];
  }
  renderHistory();
}

async function remember(query: string, params: Record<string, unknown>): Promise<void> {
  history = [{ query, params, at: new Date().toISOString() }, ...history.filter((entry) => entry.query !== query)].slice(0, HISTORY_SIZE);
  renderHistory();
  try {
    await request('POST', '/userSettings', { type: HISTORY_TYPE, value: { entries: history } });
  } catch (error) {
    console.warn('history not saved', error);
  }
}

form.addEventListener('submit', async (event) => {
  event.preventDefault();
  const query = queryText().trim();
  if (!query) {
    message(t('web.cypher.queryMissing'), 'error');
    return;
  }
  let params: Record<string, unknown> = {};
  const rawParams = paramsInput.value.trim();
  if (rawParams) {
    try {
      params = JSON.parse(rawParams) as Record<string, unknown>;
    } catch (error) {
      message(t('web.cypher.paramsNotJson', { reason: (error as Error).message }), 'error');
      return;
    }
    if (!params || typeof params !== 'object' || Array.isArray(params)) {
      message(t('web.cypher.paramsNotObject'), 'error');
      return;
    }
  }
  message(t('web.cypher.running'));
  try {
    const answer = await request<CypherAnswer>('POST', '/data/cypher', { query, params });
    message('');
    renderTable(answer);
    renderGraph(answer);
    resultSection.hidden = false;
    await remember(query, params);
  } catch (error) {
    message((error as Error).message, 'error');
    await remember(query, params);
  }
});

mountEditor();
void loadHistory();
if (!onNeo4j) message('');
