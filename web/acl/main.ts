/*
 * Access control page: each group's entitySecurity, propertySecurity and dataSecurity, each with
 * pickers offering the graph's labels, types and properties (they write the JSON below them) and the
 * raw JSON for experts. A rejected configuration shows the problem's detail next to its editor.
 * "See as a user" shows what a chosen user would see (preview.ts).
 */
import { call, client, type JsonBody, type Schemas } from '../shared/client';
import { h } from '../shared/dom';
import { t } from '../shared/i18n';
import { byId, errorText, onReady, showStatus } from '../shared/page-kit';
import { dataBuilder } from './data-builder';
import { entityBuilder } from './entity-builder';
import { pretty, readJson } from './json-text';
import { wirePreview } from './preview';
import { propertyBuilder } from './property-builder';

type Group = Schemas['Group'];
type KindKey = 'entitySecurity' | 'propertySecurity' | 'dataSecurity';
interface Kind {
  key: KindKey;
  label: string;
  saveLabel: string;
  keys: string[];
  builder(textarea: HTMLTextAreaElement, onChange: () => void): HTMLElement;
  load(id: string): Promise<unknown>;
  /** Sends JSON the shape check let through; the server's validation stays the authority. */
  save(id: string, value: unknown): Promise<unknown>;
}

const path = (id: string) => ({ params: { path: { id } } });
const KINDS: Kind[] = [
  {
    key: 'entitySecurity',
    label: t('page.acl.entitySecurity'),
    saveLabel: t('acl.saveEntity'),
    keys: ['nodeFilter', 'relationshipFilter'],
    builder: entityBuilder,
    load: (id) => call(client.GET('/groups/{id}/entitySecurity', path(id))),
    save: (id, value) =>
      call(client.POST('/groups/{id}/entitySecurity', { ...path(id), body: value as JsonBody<'postGroupsByIdEntitySecurity'> })),
  },
  {
    key: 'propertySecurity',
    label: t('page.acl.propertySecurity'),
    saveLabel: t('acl.saveProperty'),
    keys: ['nodes', 'relationships'],
    builder: propertyBuilder,
    load: (id) => call(client.GET('/groups/{id}/propertySecurity', path(id))),
    save: (id, value) =>
      call(client.POST('/groups/{id}/propertySecurity', { ...path(id), body: value as JsonBody<'postGroupsByIdPropertySecurity'> })),
  },
  {
    key: 'dataSecurity',
    label: t('page.acl.dataSecurity'),
    saveLabel: t('acl.saveData'),
    keys: ['rules'],
    builder: dataBuilder,
    load: (id) => call(client.GET('/groups/{id}/dataSecurity', path(id))),
    save: (id, value) =>
      call(client.PUT('/groups/{id}/dataSecurity', { ...path(id), body: value as JsonBody<'putGroupsByIdDataSecurity'> })),
  },
];

/** Checks the shape in words before sending; the server's validation stays the authority. */
function shapeProblem(kind: Kind, value: unknown): string | null {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return t('acl.shapeObject');
  const unknown = Object.keys(value).filter((key) => !kind.keys.includes(key));
  if (unknown.length) return t('acl.unknownField', { field: unknown[0], allowed: kind.keys.join(', ') });
  const rules = (value as Record<string, unknown>).rules;
  if (kind.key === 'dataSecurity' && rules !== undefined && !Array.isArray(rules)) return t('acl.rulesList');
  return null;
}

function setMessage(message: HTMLElement, text: string, kind: 'ok' | 'error' | 'message'): void {
  message.textContent = text;
  message.className = kind;
  message.setAttribute('role', kind === 'error' ? 'alert' : 'status');
}

function editor(group: Group, kind: Kind, value: unknown, loadError: string | null): HTMLFormElement {
  const fieldId = `acl-${group.id}-${kind.key}`;
  const textarea = h(
    'textarea',
    { id: fieldId, class: 'json', rows: '8', spellcheck: 'false', 'aria-describedby': `${fieldId}-message` },
    loadError ? '' : pretty(value),
  );
  const message = h(
    'p',
    { id: `${fieldId}-message`, class: loadError ? 'error' : 'message', role: loadError ? 'alert' : null },
    loadError ?? '',
  );
  const form = h(
    'form',
    { class: 'acl-editor', 'data-kind': kind.key },
    h('h3', { class: 'block-label' }, kind.label),
    kind.builder(textarea, () => setMessage(message, t('settings.changed'), 'message')),
    h(
      'details',
      { class: 'raw-json' },
      h('summary', {}, t('settings.rawJson')),
      h('label', { for: fieldId, class: 'visually-hidden' }, t('acl.kindAsJson', { kind: kind.label })),
      textarea,
      h(
        'button',
        {
          type: 'button',
          class: 'secondary',
          onclick: () => {
            const parsed = readJson(textarea);
            if (parsed.error) return setMessage(message, parsed.error, 'error');
            textarea.value = pretty(parsed.value);
            setMessage(message, '', 'message');
          },
        },
        t('acl.format'),
      ),
    ),
    message,
    h('div', { class: 'actions' }, h('button', { type: 'submit' }, kind.saveLabel)),
  );
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const parsed = readJson(textarea);
    if (parsed.error) return setMessage(message, parsed.error, 'error');
    const problem = shapeProblem(kind, parsed.value);
    if (problem) return setMessage(message, problem, 'error');
    try {
      const saved = await kind.save(group.id, parsed.value);
      const stored =
        saved && typeof saved === 'object' && !Array.isArray(saved)
          ? ((saved as Record<string, unknown>)[kind.key] ?? saved)
          : parsed.value;
      textarea.value = pretty(stored);
      textarea.dispatchEvent(new Event('input'));
      setMessage(message, t('common.saved'), 'ok');
    } catch (error) {
      setMessage(message, errorText(error), 'error');
    }
  });
  return form;
}

async function groupSection(group: Group, dataSecurity: Map<string, unknown> | null): Promise<HTMLElement> {
  const editors = await Promise.all(
    KINDS.map(async (kind) => {
      try {
        const known = kind.key === 'dataSecurity' && dataSecurity?.has(group.id);
        return editor(group, kind, known ? dataSecurity?.get(group.id) : await kind.load(group.id), null);
      } catch (error) {
        return editor(group, kind, null, errorText(error));
      }
    }),
  );
  return h(
    'section',
    { class: 'card acl-group', 'aria-labelledby': `acl-group-${group.id}`, 'data-group-id': group.id, 'data-group-name': group.name },
    h('h2', { id: `acl-group-${group.id}` }, group.name),
    h('div', { class: 'acl-editors' }, editors),
  );
}

async function loadVocabulary(): Promise<void> {
  const [labels, types, properties] = await Promise.all([
    call(client.GET('/data/nodes/possibleLabels')).catch(() => []),
    call(client.GET('/data/relationships/possibleTypes')).catch(() => []),
    call(client.GET('/data/possiblePropertyKeys')).catch(() => []),
  ]);
  const options = (names: string[]) => names.map((name) => h('option', { value: name }));
  byId('acl-labels').replaceChildren(h('option', { value: '*' }), ...options(labels));
  byId('acl-types').replaceChildren(h('option', { value: '*' }), ...options(types));
  byId('acl-properties').replaceChildren(...options(properties));
}

onReady(() => {
  const container = byId('acl-groups');
  const status = byId('acl-status');

  async function load(): Promise<void> {
    try {
      const [groups, dataSecurity] = await Promise.all([
        call(client.GET('/groups')),
        call(client.GET('/groups/dataSecurity'))
          .then((all) => new Map<string, unknown>(all.map((entry) => [entry.id, entry.dataSecurity])))
          .catch(() => null),
      ]);
      groups.sort((a, b) => a.name.localeCompare(b.name));
      if (!groups.length) {
        container.replaceChildren(
          h('p', { class: 'muted' }, t('acl.noGroups'), ' ', h('a', { href: '/groups/list' }, t('acl.groupsPage'))),
        );
        return;
      }
      container.replaceChildren(...(await Promise.all(groups.map((group) => groupSection(group, dataSecurity)))));
    } catch (error) {
      container.replaceChildren();
      showStatus(status, errorText(error), 'error');
    }
  }

  void loadVocabulary();
  wirePreview();
  void load();
});
