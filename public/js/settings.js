/*
 * Settings page: each application setting as JSON with save (PUT /settings/{type}), the default
 * and automatic variants, export and import.
 */
(function () {
  'use strict';
  var gas = window.gas;
  var h = gas.h;
  var list = document.getElementById('settings-list');
  var status = document.getElementById('settings-status');
  var importForm = document.getElementById('settings-import-form');
  var forms = window.gasSettingsForms || {};
  var TITLES = {
    APPEARANCE: gas.t('settings.title.APPEARANCE'),
    DATA_SCHEMA: gas.t('settings.title.DATA_SCHEMA'),
    DATA_TYPES: gas.t('settings.title.DATA_TYPES'),
    FULLTEXT_INDEX: gas.t('settings.title.FULLTEXT_INDEX'),
  };

  function pretty(value) {
    return JSON.stringify(value === undefined ? null : value, null, 2);
  }

  /** GET /settings may answer {TYPE: value} or [{type, value}]. */
  function entriesOf(data) {
    if (Array.isArray(data)) return data.map(function (item) { return { type: item.type, value: item.value !== undefined ? item.value : item.configuration }; });
    if (data && typeof data === 'object') {
      var source = data.settings && typeof data.settings === 'object' ? data.settings : data;
      if (Array.isArray(source)) return entriesOf(source);
      return Object.keys(source).map(function (type) { return { type: type, value: source[type] }; });
    }
    return [];
  }

  function settingCard(entry) {
    var type = entry.type;
    var fieldId = 'setting-' + type;
    var textarea = h('textarea', { id: fieldId, className: 'json', rows: 12, spellcheck: 'false', 'aria-describedby': fieldId + '-message' }, pretty(entry.value));
    var message = h('p', { id: fieldId + '-message', className: 'message' });
    function say(text, kind) {
      message.textContent = text;
      message.className = kind;
      message.setAttribute('role', kind === 'error' ? 'alert' : 'status');
    }
    async function load(variant) {
      try {
        textarea.value = pretty(await gas.get('/settings/' + variant + '/' + encodeURIComponent(type)));
        textarea.dispatchEvent(new Event('setting-loaded'));
        say(gas.t(variant === 'default' ? 'settings.loadedDefault' : 'settings.loadedAutomatic'), 'ok');
      } catch (error) {
        say(error.message, 'error');
      }
    }
    var build = forms[type];
    var editorForm = build ? build(textarea, function () { say(gas.t('settings.changed'), 'message'); }) : null;
    var form = h('form', { className: 'setting', dataset: { type: type } },
      editorForm,
      editorForm
        ? h('details', { className: 'raw-json' }, h('summary', null, gas.t('settings.rawJson')), h('label', { for: fieldId, className: 'visually-hidden' }, gas.t('settings.valueAsJson')), textarea)
        : [h('label', { for: fieldId, className: 'block-label' }, 'Value'), textarea],
      message,
      h('div', { className: 'actions' },
        h('button', { type: 'submit' }, gas.t('common.save')),
        h('button', { type: 'button', className: 'secondary', onclick: function () { load('default'); } }, gas.t('settings.loadDefault')),
        h('button', { type: 'button', className: 'secondary', onclick: function () { load('automatic'); } }, gas.t('settings.computeAutomatically'))));
    form.addEventListener('submit', async function (event) {
      event.preventDefault();
      var value;
      try {
        value = JSON.parse(textarea.value);
      } catch (error) {
        say(gas.t('settings.notJson', { reason: error.message }), 'error');
        return;
      }
      try {
        var saved = await gas.put('/settings/' + encodeURIComponent(type), value);
        if (saved && typeof saved === 'object' && !Array.isArray(saved)) {
          textarea.value = pretty(saved.value !== undefined && Object.keys(saved).indexOf('type') >= 0 ? saved.value : saved);
          textarea.dispatchEvent(new Event('setting-loaded'));
        }
        say(gas.t('common.saved'), 'ok');
      } catch (error) {
        say(error.message, 'error');
      }
    });
    return h('section', { className: 'card', 'aria-labelledby': fieldId + '-heading' }, h('h2', { id: fieldId + '-heading' }, TITLES[type] || type, ' ', h('code', { className: 'small muted' }, type)), form);
  }

  async function load() {
    try {
      var entries = entriesOf(await gas.get('/settings'));
      entries.sort(function (a, b) { return String(a.type).localeCompare(String(b.type)); });
      list.replaceChildren.apply(list, entries.length ? entries.map(settingCard) : [h('p', { className: 'muted' }, gas.t('settings.none'))]);
    } catch (error) {
      list.replaceChildren(h('p', { className: 'error', role: 'alert' }, error.message));
    }
  }

  function resetAll(variant, question) {
    return async function () {
      if (!window.confirm(question)) return;
      try {
        await gas.get('/settings/' + variant);
        gas.showStatus(status, gas.t(variant === 'default' ? 'settings.allReplacedDefault' : 'settings.allReplacedAutomatic'), 'ok');
        await load();
      } catch (error) {
        gas.showStatus(status, error.message, 'error');
      }
    };
  }
  document.getElementById('settings-all-default').addEventListener('click', resetAll('default', gas.t('settings.confirmDefault')));
  document.getElementById('settings-all-automatic').addEventListener('click', resetAll('automatic', gas.t('settings.confirmAutomatic')));

  importForm.addEventListener('submit', async function (event) {
    event.preventDefault();
    try {
      var result = await gas.post('/settings/import', new FormData(importForm));
      importForm.reset();
      var imported = result && Array.isArray(result.imported) ? result.imported : [];
      gas.showStatus(status, imported.length ? gas.t('settings.importedList', { types: imported.join(', ') }) : gas.t('settings.imported'), 'ok');
      await load();
    } catch (error) {
      gas.showStatus(status, error.message, 'error');
    }
  });

  Promise.all([
    gas.get('/data/nodes/possibleLabels').catch(function () { return []; }),
    gas.get('/data/relationships/possibleTypes').catch(function () { return []; }),
    gas.get('/data/possiblePropertyKeys').catch(function () { return []; }),
  ]).then(function (lists) {
    ['settings-labels', 'settings-types', 'settings-properties'].forEach(function (id, index) {
      var datalist = document.getElementById(id);
      datalist.replaceChildren.apply(datalist, (lists[index] || []).map(function (name) { return h('option', { value: name }); }));
    });
  });

  load();
})();
