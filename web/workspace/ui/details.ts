/**
 * The details panel: the properties of the selected element as DATA_SCHEMA describes them (titles,
 * formats, hidden ones left out, read-only ones not editable), and, for users with Data management,
 * editing, deleting from the graph and creating nodes. Writes go through the REST API; the canvas
 * takes the server's answer (what the user may see of the element afterwards).
 */
import { ApiError, request } from '../../shared/api';
import { clear, h } from '../../shared/dom';
import type { DataSchema } from '../../shared/data-schema';
import { formatValue, propertySchema } from '../../shared/data-schema';
import { currentLocale, t } from '../../shared/i18n';
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
  const kind =
    dataType ??
    (typeof previous === 'number'
      ? Number.isInteger(previous)
        ? 'integer'
        : 'float'
      : typeof previous === 'boolean'
        ? 'boolean'
        : Array.isArray(previous)
          ? 'list'
          : 'string');
  if (text === '') return null;
  if (kind === 'integer' || kind === 'float') {
    const n = Number(text);
    if (!Number.isFinite(n) || (kind === 'integer' && !Number.isInteger(n)))
      throw new Error(t(kind === 'integer' ? 'web.workspace.details.notInteger' : 'web.workspace.details.notNumber', { text }));
    return n;
  }
  if (kind === 'boolean') {
    // The words of the page's language count too (ja / ano), besides the English ones scripts use.
    const word = text.toLowerCase();
    if (/^(true|yes|1)$/i.test(text) || word === t('web.common.yes').toLowerCase()) return true;
    if (/^(false|no|0)$/i.test(text) || word === t('web.common.no').toLowerCase()) return false;
    throw new Error(t('web.workspace.details.notBoolean', { text }));
  }
  if (kind === 'list')
    return text
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean);
  return text;
}

export function renderDetails(target: HTMLElement, state: CanvasState, actions: DetailsActions): void {
  clear(target);
  const id = state.selection[state.selection.length - 1];
  const node = id ? state.nodes[id] : undefined;
  const relationship = id ? state.relationships[id] : undefined;
  if (!node && !relationship) {
    target.append(h('p', { class: 'empty' }, t('web.workspace.details.empty')));
    if (actions.canEdit) target.append(newNodeForm(actions));
    return;
  }
  const kind = node ? 'nodes' : 'relationships';
  const tokens = node ? node.labels : [relationship!.type];
  const properties = (node ?? relationship)!.properties;
  const keys = Object.keys(properties)
    .filter((key) => !propertySchema(actions.schema, kind, tokens, key)?.hidden)
    .sort((a, b) =>
      (propertySchema(actions.schema, kind, tokens, a)?.title ?? a).localeCompare(
        propertySchema(actions.schema, kind, tokens, b)?.title ?? b,
      ),
    );
  const locale = currentLocale();
  target.append(
    h('h3', {}, node ? node.labels.join(', ') || t('web.workspace.node') : relationship!.type),
    h(
      'p',
      { class: 'muted' },
      state.selection.length > 1
        ? t('web.workspace.details.idSelected', { id, count: state.selection.length })
        : t('web.workspace.details.id', { id }),
    ),
    h(
      'table',
      { class: 'properties' },
      h(
        'tbody',
        {},
        ...keys.map((key) => {
          const schema = propertySchema(actions.schema, kind, tokens, key);
          return h(
            'tr',
            {},
            h('th', { scope: 'row', title: key }, schema?.title || key),
            h('td', {}, formatValue(properties[key], schema, locale)),
          );
        }),
      ),
    ),
  );
  if (!actions.canEdit) return;
  const form = h('form', { class: 'edit-properties' }, h('h3', {}, t('web.workspace.details.edit')));
  const inputs: Array<{ key: string; input: HTMLInputElement }> = [];
  for (const key of keys) {
    const schema = propertySchema(actions.schema, kind, tokens, key);
    const value = properties[key];
    const input = h('input', {
      type: 'text',
      name: key,
      value:
        value === null || value === undefined
          ? ''
          : Array.isArray(value)
            ? value
                .map((element: unknown) =>
                  typeof element === 'object' ? JSON.stringify(element) : String(element as string | number | boolean),
                )
                .join(', ')
            : typeof value === 'object'
              ? JSON.stringify(value)
              : String(value as string | number | boolean | bigint),
      disabled: !!schema?.readOnly,
    });
    inputs.push({ key, input });
    form.append(h('label', {}, schema?.title || key, input));
  }
  const newKey = h('input', { type: 'text', name: 'new-key', placeholder: t('web.workspace.details.newKeyPlaceholder') });
  const newValue = h('input', { type: 'text', name: 'new-value', placeholder: t('web.workspace.details.newValuePlaceholder') });
  form.append(
    h(
      'div',
      { class: 'new-property' },
      h('label', {}, t('web.workspace.details.newProperty'), newKey),
      h('label', {}, t('web.workspace.details.value'), newValue),
    ),
  );
  const error = h('p', { class: 'error', role: 'alert', hidden: true });
  const path = node ? `/data/nodes/${encodeURIComponent(id)}` : `/data/relationships/${encodeURIComponent(id)}`;
  form.append(error, h('button', { type: 'submit' }, t('web.workspace.details.save')));
  if (node) form.append(h('button', { type: 'button', class: 'danger', onclick: () => void remove() }, t('web.workspace.details.delete')));
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    try {
      const patch: Record<string, unknown> = {};
      for (const { key, input } of inputs) {
        if (input.disabled) continue;
        const value = parseInput(input.value.trim(), propertySchema(actions.schema, kind, tokens, key)?.dataType, properties[key]);
        if (JSON.stringify(value) !== JSON.stringify(properties[key] ?? null)) patch[key] = value;
      }
      if (newKey.value.trim())
        patch[newKey.value.trim()] = parseInput(
          newValue.value.trim(),
          propertySchema(actions.schema, kind, tokens, newKey.value.trim())?.dataType,
          undefined,
        );
      if (!Object.keys(patch).length) return actions.say(t('web.workspace.details.unchanged'));
      const element = await request<ApiNode | ApiRelationship>('PUT', path, { properties: patch });
      actions.updated(element, node ? 'node' : 'relationship');
      actions.say(t('web.workspace.details.saved'));
    } catch (failure) {
      error.hidden = false;
      error.textContent = failure instanceof ApiError || failure instanceof Error ? failure.message : String(failure);
    }
  });
  target.append(form);

  async function remove(): Promise<void> {
    if (!window.confirm(t('web.workspace.details.confirmDelete'))) return;
    try {
      await request('DELETE', path);
      actions.deleted(id);
      actions.say(t('web.workspace.details.deleted'));
    } catch (failure) {
      error.hidden = false;
      error.textContent = (failure as Error).message;
    }
  }
}

function newNodeForm(actions: DetailsActions): HTMLFormElement {
  const label = h('input', { type: 'text', name: 'label', required: true, placeholder: t('web.workspace.newNode.labelPlaceholder') });
  const name = h('input', { type: 'text', name: 'name', placeholder: t('web.workspace.newNode.namePlaceholder') });
  const error = h('p', { class: 'error', role: 'alert', hidden: true });
  const form = h(
    'form',
    { class: 'new-node' },
    h('h3', {}, t('web.workspace.newNode.title')),
    h('label', {}, t('web.workspace.newNode.label'), label),
    h('label', {}, t('web.workspace.newNode.name'), name),
    error,
    h('button', { type: 'submit' }, t('web.workspace.newNode.create')),
  );
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    try {
      const node = await request<ApiNode>('POST', '/data/nodes', {
        labels: [label.value.trim()],
        properties: name.value.trim() ? { name: name.value.trim() } : {},
      });
      actions.created(node);
      actions.say(t('web.workspace.newNode.created'));
    } catch (failure) {
      error.hidden = false;
      error.textContent = (failure as Error).message;
    }
  });
  return form;
}
