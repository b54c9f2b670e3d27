/**
 * The details panel: the properties of the selected element as DATA_SCHEMA describes them (titles,
 * formats, hidden ones left out, read-only ones not editable), and, for users with Data management,
 * editing, deleting from the graph and creating nodes. Writes go through the REST API; the canvas
 * takes the server's answer (what the user may see of the element afterwards).
 */
import { ApiError, request } from '../../shared/api';
import { clear, h } from '../../shared/dom';
import { DataSchema, formatValue, propertySchema } from '../../shared/data-schema';
import type { ApiNode, ApiRelationship } from '../../shared/graph-types';
import type { CanvasState } from '../state/canvas-state';

export interface DetailsActions {
  canEdit: boolean;
  schema: DataSchema;
  /** The element as the server answered a write. */
  updated(element: ApiNode | ApiRelationship, kind: 'node' | 'relationship'): void;
  deleted(nodeId: string): void;
  created(node: ApiNode): void;
  say(message: string): void;
}

/** A typed value from an edit field: numbers and booleans where the schema (or the old value) says so. */
export function parseInput(text: string, dataType: string | undefined, previous: unknown): unknown {
  const kind = dataType ?? (typeof previous === 'number' ? (Number.isInteger(previous) ? 'integer' : 'float') : typeof previous === 'boolean' ? 'boolean' : Array.isArray(previous) ? 'list' : 'string');
  if (text === '') return null;
  if (kind === 'integer' || kind === 'float') {
    const n = Number(text);
    if (!Number.isFinite(n) || (kind === 'integer' && !Number.isInteger(n))) throw new Error(`“${text}” is not ${kind === 'integer' ? 'a whole number' : 'a number'}`);
    return n;
  }
  if (kind === 'boolean') {
    if (/^(true|yes|1)$/i.test(text)) return true;
    if (/^(false|no|0)$/i.test(text)) return false;
    throw new Error(`“${text}” is not yes or no`);
  }
  if (kind === 'list') return text.split(',').map((item) => item.trim()).filter(Boolean);
  return text;
}

export function renderDetails(target: HTMLElement, state: CanvasState, actions: DetailsActions): void {
  clear(target);
  const id = state.selection[state.selection.length - 1];
  const node = id ? state.nodes[id] : undefined;
  const relationship = id ? state.relationships[id] : undefined;
  if (!node && !relationship) {
    target.append(h('p', { class: 'empty' }, 'Select a node or relationship to see its properties. Double-click a node to expand it.'));
    if (actions.canEdit) target.append(newNodeForm(actions));
    return;
  }
  const kind = node ? 'nodes' : 'relationships';
  const tokens = node ? node.labels : [relationship!.type];
  const properties = (node ?? relationship)!.properties;
  const keys = Object.keys(properties)
    .filter((key) => !propertySchema(actions.schema, kind, tokens, key)?.hidden)
    .sort((a, b) => (propertySchema(actions.schema, kind, tokens, a)?.title ?? a).localeCompare(propertySchema(actions.schema, kind, tokens, b)?.title ?? b));
  const locale = document.documentElement.lang || undefined;
  target.append(
    h('h3', {}, node ? node.labels.join(', ') || 'Node' : relationship!.type),
    h('p', { class: 'muted' }, `id ${id}${state.selection.length > 1 ? ` · ${state.selection.length} selected` : ''}`),
    h(
      'table',
      { class: 'properties' },
      h(
        'tbody',
        {},
        ...keys.map((key) => {
          const schema = propertySchema(actions.schema, kind, tokens, key);
          return h('tr', {}, h('th', { scope: 'row', title: key }, schema?.title || key), h('td', {}, formatValue(properties[key], schema, locale)));
        }),
      ),
    ),
  );
  if (!actions.canEdit) return;
  const form = h('form', { class: 'edit-properties' }, h('h3', {}, 'Edit'));
  const inputs: Array<{ key: string; input: HTMLInputElement }> = [];
  for (const key of keys) {
    const schema = propertySchema(actions.schema, kind, tokens, key);
    const value = properties[key];
    const input = h('input', { type: 'text', name: key, value: value === null || value === undefined ? '' : Array.isArray(value) ? value.join(', ') : String(value), disabled: !!schema?.readOnly });
    inputs.push({ key, input });
    form.append(h('label', {}, schema?.title || key, input));
  }
  const newKey = h('input', { type: 'text', name: 'new-key', placeholder: 'property' });
  const newValue = h('input', { type: 'text', name: 'new-value', placeholder: 'value' });
  form.append(h('div', { class: 'new-property' }, h('label', {}, 'New property', newKey), h('label', {}, 'Value', newValue)));
  const error = h('p', { class: 'error', role: 'alert', hidden: true });
  const path = node ? `/data/nodes/${encodeURIComponent(id)}` : `/data/relationships/${encodeURIComponent(id)}`;
  form.append(error, h('button', { type: 'submit' }, 'Save changes'));
  if (node) form.append(h('button', { type: 'button', class: 'danger', onclick: () => void remove() }, 'Delete from the graph'));
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    try {
      const patch: Record<string, unknown> = {};
      for (const { key, input } of inputs) {
        if (input.disabled) continue;
        const value = parseInput(input.value.trim(), propertySchema(actions.schema, kind, tokens, key)?.dataType, properties[key]);
        if (JSON.stringify(value) !== JSON.stringify(properties[key] ?? null)) patch[key] = value;
      }
      if (newKey.value.trim()) patch[newKey.value.trim()] = parseInput(newValue.value.trim(), propertySchema(actions.schema, kind, tokens, newKey.value.trim())?.dataType, undefined);
      if (!Object.keys(patch).length) return actions.say('Nothing changed.');
      const element = await request<ApiNode | ApiRelationship>('PUT', path, { properties: patch });
      actions.updated(element, node ? 'node' : 'relationship');
      actions.say('Saved.');
    } catch (failure) {
      error.hidden = false;
      error.textContent = failure instanceof ApiError || failure instanceof Error ? failure.message : String(failure);
    }
  });
  target.append(form);

  async function remove(): Promise<void> {
    if (!window.confirm('Delete this node and its relationships from the graph? This cannot be undone.')) return;
    try {
      await request('DELETE', path);
      actions.deleted(id);
      actions.say('Deleted from the graph.');
    } catch (failure) {
      error.hidden = false;
      error.textContent = (failure as Error).message;
    }
  }
}

function newNodeForm(actions: DetailsActions): HTMLFormElement {
  const label = h('input', { type: 'text', name: 'label', required: true, placeholder: 'Person' });
  const name = h('input', { type: 'text', name: 'name', placeholder: 'Name' });
  const error = h('p', { class: 'error', role: 'alert', hidden: true });
  const form = h('form', { class: 'new-node' }, h('h3', {}, 'New node'), h('label', {}, 'Label', label), h('label', {}, 'Name', name), error, h('button', { type: 'submit' }, 'Create node'));
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    try {
      const node = await request<ApiNode>('POST', '/data/nodes', { labels: [label.value.trim()], properties: name.value.trim() ? { name: name.value.trim() } : {} });
      actions.created(node);
      actions.say('Node created.');
    } catch (failure) {
      error.hidden = false;
      error.textContent = (failure as Error).message;
    }
  });
  return form;
}
