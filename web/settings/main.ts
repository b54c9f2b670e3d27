/*
 * Settings page: each application setting as JSON with save (PUT /settings/{type}), the default
 * and automatic variants, export and import; the known settings also as a form (the *-form.ts files).
 */
import { call, client } from '../shared/client';
import { h } from '../shared/dom';
import { t } from '../shared/i18n';
import { byId, errorText, onReady, showStatus } from '../shared/page-kit';
import { appearanceForm } from './appearance-form';
import { dataSchemaForm } from './data-schema-form';
import { dataTypesForm, fulltextForm } from './data-types-form';
import type { SettingEditor } from './form-kit';

const FORMS: Record<string, SettingEditor> = {
  APPEARANCE: appearanceForm,
  DATA_TYPES: dataTypesForm,
  FULLTEXT_INDEX: fulltextForm,
  DATA_SCHEMA: dataSchemaForm,
};
/** A setting's title in words; a type the catalog does not know is shown as it is. */
function titleOf(type: string): string {
  const key = `settings.title.${type}`;
  const title = t(key);
  return title === key ? type : title;
}
const pretty = (value: unknown) => JSON.stringify(value === undefined ? null : value, null, 2);

onReady(() => {
  const list = byId('settings-list');
  const status = byId('settings-status');
  const importForm = byId<HTMLFormElement>('settings-import-form');

  function settingCard(type: string, value: unknown): HTMLElement {
    const fieldId = `setting-${type}`;
    const textarea = h(
      'textarea',
      { id: fieldId, class: 'json', rows: '12', spellcheck: 'false', 'aria-describedby': `${fieldId}-message` },
      pretty(value),
    );
    const message = h('p', { id: `${fieldId}-message`, class: 'message' });
    const say = (text: string, kind: 'ok' | 'error' | 'message') => {
      message.textContent = text;
      message.className = kind;
      message.setAttribute('role', kind === 'error' ? 'alert' : 'status');
    };
    async function load(variant: 'default' | 'automatic'): Promise<void> {
      try {
        const path = { params: { path: { type } } };
        textarea.value = pretty(
          await call(variant === 'default' ? client.GET('/settings/default/{type}', path) : client.GET('/settings/automatic/{type}', path)),
        );
        textarea.dispatchEvent(new Event('setting-loaded'));
        say(t(variant === 'default' ? 'settings.loadedDefault' : 'settings.loadedAutomatic'), 'ok');
      } catch (error) {
        say(errorText(error), 'error');
      }
    }
    const build = FORMS[type];
    const editorForm = build ? build(textarea, () => say(t('settings.changed'), 'message')) : null;
    const form = h(
      'form',
      { class: 'setting', 'data-type': type },
      editorForm,
      editorForm
        ? h(
            'details',
            { class: 'raw-json' },
            h('summary', {}, t('settings.rawJson')),
            h('label', { for: fieldId, class: 'visually-hidden' }, t('settings.valueAsJson')),
            textarea,
          )
        : [h('label', { for: fieldId, class: 'block-label' }, 'Value'), textarea],
      message,
      h(
        'div',
        { class: 'actions' },
        h('button', { type: 'submit' }, t('common.save')),
        h('button', { type: 'button', class: 'secondary', onclick: () => void load('default') }, t('settings.loadDefault')),
        h('button', { type: 'button', class: 'secondary', onclick: () => void load('automatic') }, t('settings.computeAutomatically')),
      ),
    );
    form.addEventListener('submit', async (event) => {
      event.preventDefault();
      let next: unknown;
      try {
        next = JSON.parse(textarea.value);
      } catch (error) {
        say(t('settings.notJson', { reason: errorText(error) }), 'error');
        return;
      }
      try {
        const saved = await call(client.PUT('/settings/{type}', { params: { path: { type } }, body: next }));
        if (saved && typeof saved === 'object' && !Array.isArray(saved)) {
          textarea.value = pretty(saved);
          textarea.dispatchEvent(new Event('setting-loaded'));
        }
        say(t('common.saved'), 'ok');
      } catch (error) {
        say(errorText(error), 'error');
      }
    });
    return h(
      'section',
      { class: 'card', 'aria-labelledby': `${fieldId}-heading` },
      h('h2', { id: `${fieldId}-heading` }, titleOf(type), ' ', h('code', { class: 'small muted' }, type)),
      form,
    );
  }

  async function load(): Promise<void> {
    try {
      const settings: Record<string, unknown> = await call(client.GET('/settings'));
      const types = Object.keys(settings).sort();
      list.replaceChildren(
        ...(types.length ? types.map((type) => settingCard(type, settings[type])) : [h('p', { class: 'muted' }, t('settings.none'))]),
      );
    } catch (error) {
      list.replaceChildren(h('p', { class: 'error', role: 'alert' }, errorText(error)));
    }
  }

  function resetAll(variant: 'default' | 'automatic', question: string): () => Promise<void> {
    return async () => {
      if (!window.confirm(question)) return;
      try {
        await call(variant === 'default' ? client.GET('/settings/default') : client.GET('/settings/automatic'));
        showStatus(status, t(variant === 'default' ? 'settings.allReplacedDefault' : 'settings.allReplacedAutomatic'), 'ok');
        await load();
      } catch (error) {
        showStatus(status, errorText(error), 'error');
      }
    };
  }
  byId('settings-all-default').addEventListener('click', resetAll('default', t('settings.confirmDefault')));
  byId('settings-all-automatic').addEventListener('click', resetAll('automatic', t('settings.confirmAutomatic')));

  importForm.addEventListener('submit', async (event) => {
    event.preventDefault();
    try {
      // A file upload: the form's own multipart body instead of JSON.
      const result = await call(client.POST('/settings/import', { body: {}, bodySerializer: () => new FormData(importForm) }));
      importForm.reset();
      showStatus(
        status,
        result.imported.length ? t('settings.importedList', { types: result.imported.join(', ') }) : t('settings.imported'),
        'ok',
      );
      await load();
    } catch (error) {
      showStatus(status, errorText(error), 'error');
    }
  });

  void Promise.all([
    call(client.GET('/data/nodes/possibleLabels')).catch(() => []),
    call(client.GET('/data/relationships/possibleTypes')).catch(() => []),
    call(client.GET('/data/possiblePropertyKeys')).catch(() => []),
  ]).then((lists) => {
    ['settings-labels', 'settings-types', 'settings-properties'].forEach((id, index) => {
      byId(id).replaceChildren(...(lists[index] ?? []).map((name) => h('option', { value: name })));
    });
  });

  void load();
});
