/*
 * Access control page: each group's entitySecurity, propertySecurity and dataSecurity as JSON,
 * each with an editor. A rejected configuration shows the problem's detail next to its editor.
 */
(function () {
  'use strict';
  var gas = window.gas;
  var h = gas.h;
  var container = document.getElementById('acl-groups');
  var status = document.getElementById('acl-status');

  var KINDS = [
    { key: 'entitySecurity', label: 'Entity security', save: function (id, value) { return gas.post('/groups/' + id + '/entitySecurity', value); } },
    { key: 'propertySecurity', label: 'Property security', save: function (id, value) { return gas.post('/groups/' + id + '/propertySecurity', value); } },
    { key: 'dataSecurity', label: 'Data security', save: function (id, value) { return gas.put('/groups/' + id + '/dataSecurity', value); } },
  ];

  function pretty(value) {
    return JSON.stringify(value === undefined || value === null ? {} : value, null, 2);
  }

  async function loadDataSecurity() {
    try {
      var all = gas.listOf(await gas.get('/groups/dataSecurity'), ['groups']);
      var byId = {};
      all.forEach(function (entry) { byId[String(entry.id !== undefined ? entry.id : entry.groupId)] = entry.dataSecurity !== undefined ? entry.dataSecurity : entry; });
      return byId;
    } catch (error) {
      return null;
    }
  }

  async function current(kind, id, dataSecurity) {
    if (kind.key === 'dataSecurity' && dataSecurity && id in dataSecurity) return dataSecurity[id];
    return gas.get('/groups/' + encodeURIComponent(id) + '/' + kind.key);
  }

  function editor(group, kind, value, loadError) {
    var id = String(group.id);
    var fieldId = 'acl-' + id + '-' + kind.key;
    var textarea = h('textarea', { id: fieldId, className: 'json', rows: 8, spellcheck: 'false', 'aria-describedby': fieldId + '-message' }, loadError ? '' : pretty(value));
    var message = h('p', { id: fieldId + '-message', className: loadError ? 'error' : 'message', role: loadError ? 'alert' : null }, loadError || '');
    var form = h('form', { className: 'acl-editor', dataset: { kind: kind.key } },
      h('label', { for: fieldId, className: 'block-label' }, kind.label),
      textarea,
      message,
      h('div', { className: 'actions' },
        h('button', { type: 'submit' }, 'Save ' + kind.label.toLowerCase()),
        h('button', { type: 'button', className: 'secondary', onclick: function () {
          try { textarea.value = pretty(JSON.parse(textarea.value)); message.textContent = ''; } catch (error) { message.textContent = 'Not valid JSON: ' + error.message; message.className = 'error'; }
        } }, 'Format')));
    form.addEventListener('submit', async function (event) {
      event.preventDefault();
      var parsed;
      try {
        parsed = JSON.parse(textarea.value || '{}');
      } catch (error) {
        message.textContent = 'Not valid JSON: ' + error.message;
        message.className = 'error';
        message.setAttribute('role', 'alert');
        return;
      }
      try {
        var saved = await kind.save(encodeURIComponent(id), parsed);
        if (saved && typeof saved === 'object' && !Array.isArray(saved)) textarea.value = pretty(saved[kind.key] !== undefined ? saved[kind.key] : saved);
        else textarea.value = pretty(parsed);
        message.textContent = 'Saved.';
        message.className = 'ok';
        message.setAttribute('role', 'status');
      } catch (error) {
        message.textContent = error.message;
        message.className = 'error';
        message.setAttribute('role', 'alert');
      }
    });
    return form;
  }

  async function groupSection(group, dataSecurity) {
    var id = String(group.id);
    var editors = await Promise.all(KINDS.map(async function (kind) {
      try {
        return editor(group, kind, await current(kind, id, dataSecurity), null);
      } catch (error) {
        return editor(group, kind, null, error.message);
      }
    }));
    return h('section', { className: 'card acl-group', 'aria-labelledby': 'acl-group-' + id, dataset: { groupId: id, groupName: group.name } },
      h('h2', { id: 'acl-group-' + id }, group.name),
      h('div', { className: 'acl-editors' }, editors));
  }

  async function load() {
    try {
      var results = await Promise.all([gas.get('/groups'), loadDataSecurity()]);
      var groups = gas.listOf(results[0], ['groups']);
      groups.sort(function (a, b) { return String(a.name).localeCompare(String(b.name)); });
      if (!groups.length) {
        container.replaceChildren(h('p', { className: 'muted' }, 'No groups yet. Create groups on the ', h('a', { href: '/groups/list' }, 'groups page'), '.'));
        return;
      }
      var sections = await Promise.all(groups.map(function (group) { return groupSection(group, results[1]); }));
      container.replaceChildren.apply(container, sections);
    } catch (error) {
      container.replaceChildren();
      gas.showStatus(status, error.message, 'error');
    }
  }

  load();
})();
