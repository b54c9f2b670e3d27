/*
 * Users page: list with search and paging on the server (GET /users/search), create (POST /users),
 * edit (PUT /users/{id}, enabled), password (PUT /users/{id}/password, /reset-password),
 * groups, delete, and the user's effective entity and property security.
 */
(function () {
  'use strict';
  var gas = window.gas;
  var h = gas.h;
  var words = window.gasSecurityWords;
  var status = document.getElementById('users-status');
  var tbody = document.querySelector('#users-table tbody');
  var createForm = document.getElementById('create-user-form');
  var createGroups = document.getElementById('create-user-groups');
  var editor = document.getElementById('group-editor');
  var editorForm = document.getElementById('group-editor-form');
  var editorOptions = document.getElementById('group-editor-options');
  var editorUser = document.getElementById('group-editor-user');
  var userEditor = document.getElementById('user-editor');
  var userForm = document.getElementById('user-editor-form');
  var userMessage = document.getElementById('user-editor-message');
  var passwordForm = document.getElementById('user-password-form');
  var passwordMessage = document.getElementById('user-password-message');
  var securityBox = document.getElementById('user-security');
  var search = document.getElementById('users-search');
  var pageSizeSelect = document.getElementById('users-page-size');
  var prevButton = document.getElementById('users-prev');
  var nextButton = document.getElementById('users-next');
  var range = document.getElementById('users-range');
  var table = document.getElementById('users-table');
  var currentUserId = table.dataset.currentUserId;
  var catalogue = JSON.parse(table.dataset.permissions || '[]');
  var permissionNames = {};
  catalogue.forEach(function (permission) { permissionNames[permission.code] = permission.name; });
  var groups = [];
  var pageIndex = 0;
  var editing = null;
  var editingUser = null;

  function describePermissions(codes) {
    if (!codes.length) return h('span', { className: 'muted' }, gas.t('common.none'));
    if (catalogue.length && codes.length >= catalogue.length) return h('span', { title: codes.join(', ') }, gas.t('users.allPermissions'));
    return codes.map(function (code) { return h('span', { className: 'chip', title: code }, permissionNames[code] || code); });
  }

  function groupIdsOf(user) {
    if (Array.isArray(user.groupIds)) return user.groupIds.map(String);
    if (Array.isArray(user.groups)) return user.groups.map(function (g) { return String(typeof g === 'object' ? g.id : g); });
    return [];
  }

  function groupName(id) {
    for (var i = 0; i < groups.length; i++) if (String(groups[i].id) === id) return groups[i].name;
    return '#' + id;
  }

  function groupChecks(container, name, selected) {
    container.replaceChildren();
    if (!groups.length) container.appendChild(h('span', { className: 'muted' }, gas.t('groups.noGroups')));
    groups.forEach(function (group) {
      container.appendChild(h('label', { className: 'check' },
        h('input', { type: 'checkbox', name: name, value: String(group.id), checked: selected.indexOf(String(group.id)) >= 0 }), ' ', group.name));
    });
  }

  function formMessage(element, message, kind) {
    element.textContent = message || '';
    element.className = 'form-message' + (message ? ' ' + kind : '');
    element.setAttribute('role', kind === 'error' ? 'alert' : 'status');
  }

  async function act(label, call) {
    try {
      await call();
      gas.showStatus(status, label, 'ok');
      await load();
    } catch (error) {
      gas.showStatus(status, error.message, 'error');
    }
  }

  function row(user) {
    var id = encodeURIComponent(user.id);
    var enabled = user.enabled !== false;
    var ids = groupIdsOf(user);
    var permissions = Array.isArray(user.permissions) ? user.permissions : [];
    return h('tr', { dataset: { userId: String(user.id), username: user.username } },
      h('td', null, h('strong', null, user.username)),
      h('td', null, user.name || ''),
      h('td', { className: 'wrap' }, user.email || ''),
      h('td', null, h('span', { className: 'badge ' + (enabled ? 'on' : 'off') }, enabled ? gas.t('users.enabled') : gas.t('users.disabled'))),
      h('td', null, ids.map(groupName).join(', ')),
      h('td', { className: 'chips', dataset: { permissions: permissions.join(' ') } }, describePermissions(permissions)),
      h('td', { className: 'row-actions' },
        h('button', { type: 'button', onclick: function () { openUserEditor(user); } }, gas.t('common.edit')),
        h('button', { type: 'button', className: 'secondary', onclick: function () { openEditor(user); } }, gas.t('common.groups')),
        String(user.id) === currentUserId ? h('span', { className: 'muted small' }, gas.t('users.you')) : [enabled
          ? h('button', { type: 'button', className: 'secondary', onclick: function () { act(gas.t('users.disabledStatus', { username: user.username }), function () { return gas.del('/users/' + id + '/enabled'); }); } }, gas.t('users.disable'))
          : h('button', { type: 'button', className: 'secondary', onclick: function () { act(gas.t('users.enabledStatus', { username: user.username }), function () { return gas.put('/users/' + id + '/enabled'); }); } }, gas.t('users.enable')),
        h('button', { type: 'button', className: 'danger', onclick: function () {
          if (!window.confirm(gas.t('users.deleteConfirm', { username: user.username }))) return;
          act(gas.t('users.deleted', { username: user.username }), function () { return gas.del('/users/' + id); });
        } }, gas.t('common.delete'))]));
  }

  /* ---- search and paging on the server (GET /users/search): thousands of users stay quick ---- */
  var total = 0;
  var searchTimer = null;
  var loadSerial = 0;

  function renderPage(users) {
    var size = Number(pageSizeSelect.value) || 50;
    var pages = Math.max(1, Math.ceil(total / size));
    tbody.replaceChildren.apply(tbody, users.length ? users.map(row) : [h('tr', null, h('td', { colSpan: 7, className: 'muted' }, search.value.trim() ? gas.t('users.noMatch') : gas.t('groups.noUsers')))]);
    range.textContent = users.length
      ? gas.t('users.range', { from: gas.n(pageIndex * size + 1), to: gas.n(pageIndex * size + users.length), total: gas.n(total) })
      : gas.t('users.noUsersShort');
    prevButton.disabled = pageIndex === 0;
    nextButton.disabled = pageIndex >= pages - 1;
  }

  search.addEventListener('input', function () {
    window.clearTimeout(searchTimer);
    searchTimer = window.setTimeout(function () { pageIndex = 0; load(); }, 250);
  });
  pageSizeSelect.addEventListener('change', function () { pageIndex = 0; load(); });
  prevButton.addEventListener('click', function () { if (pageIndex > 0) { pageIndex--; load(); } });
  nextButton.addEventListener('click', function () { pageIndex++; load(); });

  /* ---- group editor ---- */
  function openEditor(user) {
    editing = user;
    editorUser.textContent = user.username;
    groupChecks(editorOptions, 'groupIds', groupIdsOf(user));
    editor.hidden = false;
    editor.scrollIntoView({ block: 'nearest' });
    var first = editorOptions.querySelector('input');
    if (first) first.focus();
  }

  editorForm.addEventListener('submit', function (event) {
    event.preventDefault();
    if (!editing) return;
    var user = editing;
    var groupIds = gas.checkedValues(editorOptions, 'groupIds');
    act(gas.t('users.groupsSaved', { username: user.username }), function () { return gas.put('/users/' + encodeURIComponent(user.id) + '/groups', { groupIds: groupIds }); }).then(function () {
      editor.hidden = true;
      editing = null;
    });
  });
  document.getElementById('group-editor-cancel').addEventListener('click', function () {
    editor.hidden = true;
    editing = null;
  });

  /* ---- user editor ---- */
  function openUserEditor(user) {
    editingUser = user;
    document.getElementById('user-editor-name').textContent = user.username;
    userForm.elements.name.value = user.name || '';
    userForm.elements.email.value = user.email || '';
    userForm.elements.enabled.checked = user.enabled !== false;
    userForm.elements.enabled.disabled = String(user.id) === currentUserId;
    var held = Array.isArray(user.permissions) ? user.permissions : [];
    Array.prototype.forEach.call(userForm.querySelectorAll('input[name="permissions"]'), function (input) { input.checked = held.indexOf(input.value) >= 0; });
    groupChecks(document.getElementById('user-editor-groups'), 'groupIds', groupIdsOf(user));
    passwordForm.reset();
    formMessage(userMessage, '', 'ok');
    formMessage(passwordMessage, '', 'ok');
    userEditor.hidden = false;
    userEditor.scrollIntoView({ block: 'start' });
    userForm.elements.name.focus();
    loadSecurity(user);
  }

  async function loadSecurity(user) {
    securityBox.replaceChildren(h('span', { className: 'muted' }, gas.t('common.loading')));
    try {
      var id = encodeURIComponent(user.id);
      var results = await Promise.all([gas.get('/users/' + id + '/entitySecurity'), gas.get('/users/' + id + '/propertySecurity')]);
      var entity = results[0] || {};
      var property = results[1] || {};
      var readsAll = Array.isArray(user.effectivePermissions) && user.effectivePermissions.indexOf('READ_ALL_DATA') >= 0;
      securityBox.replaceChildren(
        readsAll ? h('p', { className: 'notice' }, gas.t('users.readsAll')) : null,
        h('dl', { className: 'security-summary' },
          h('dt', null, gas.t('users.nodesShown')), h('dd', { dataset: { kind: 'nodeFilter' } }, words.describeFilter(entity.nodeFilter)),
          h('dt', null, gas.t('users.relationshipsShown')), h('dd', { dataset: { kind: 'relationshipFilter' } }, words.describeFilter(entity.relationshipFilter)),
          h('dt', null, gas.t('users.nodeProperties')), h('dd', null, h('ul', null, words.describePropertyRules(property.nodes).map(function (line) { return h('li', null, line); }))),
          h('dt', null, gas.t('users.relationshipProperties')), h('dd', null, h('ul', null, words.describePropertyRules(property.relationships).map(function (line) { return h('li', null, line); })))),
        h('details', null, h('summary', null, gas.t('users.asJson')), h('pre', { className: 'json' }, JSON.stringify({ entitySecurity: entity, propertySecurity: property }, null, 2))));
    } catch (error) {
      securityBox.replaceChildren(h('p', { className: 'error' }, error.message));
    }
  }

  userForm.addEventListener('submit', async function (event) {
    event.preventDefault();
    if (!editingUser) return;
    var user = editingUser;
    var id = encodeURIComponent(user.id);
    var body = {
      name: userForm.elements.name.value.trim(),
      email: userForm.elements.email.value.trim(),
      permissions: gas.checkedValues(userForm, 'permissions'),
      groupIds: gas.checkedValues(document.getElementById('user-editor-groups'), 'groupIds'),
    };
    try {
      var updated = await gas.put('/users/' + id, body);
      var wantEnabled = userForm.elements.enabled.checked;
      if (String(user.id) !== currentUserId && wantEnabled !== (user.enabled !== false)) {
        updated = await (wantEnabled ? gas.put('/users/' + id + '/enabled') : gas.del('/users/' + id + '/enabled'));
      }
      editingUser = updated || user;
      formMessage(userMessage, gas.t('common.saved'), 'ok');
      gas.showStatus(status, gas.t('users.saved', { username: user.username }), 'ok');
      await load();
      loadSecurity(editingUser);
    } catch (error) {
      formMessage(userMessage, error.message, 'error');
    }
  });

  passwordForm.addEventListener('submit', async function (event) {
    event.preventDefault();
    if (!editingUser) return;
    try {
      await gas.put('/users/' + encodeURIComponent(editingUser.id) + '/password', {
        password: passwordForm.elements.password.value,
        mustChangePassword: passwordForm.elements.mustChangePassword.checked,
      });
      passwordForm.elements.password.value = '';
      formMessage(passwordMessage, gas.t('users.passwordSet'), 'ok');
    } catch (error) {
      formMessage(passwordMessage, error.message, 'error');
    }
  });

  document.getElementById('user-reset-mail').addEventListener('click', async function () {
    if (!editingUser) return;
    try {
      var result = await gas.put('/users/' + encodeURIComponent(editingUser.id) + '/reset-password');
      formMessage(passwordMessage, result && result.mailConfigured === false
        ? gas.t('users.resetLogged', { email: result.sentTo })
        : gas.t('users.resetSent', { email: result ? result.sentTo : '' }), 'ok');
    } catch (error) {
      formMessage(passwordMessage, error.message, 'error');
    }
  });

  document.getElementById('user-editor-close').addEventListener('click', function () {
    userEditor.hidden = true;
    editingUser = null;
  });

  /* ---- create ---- */
  createForm.addEventListener('submit', async function (event) {
    event.preventDefault();
    var values = gas.formValues(createForm);
    var body = {
      username: String(values.username || '').trim(),
      name: String(values.name || '').trim(),
      email: String(values.email || '').trim(),
      password: String(values.password || ''),
      permissions: gas.checkedValues(createForm, 'permissions'),
      groupIds: gas.checkedValues(createForm, 'groupIds'),
    };
    try {
      await gas.post('/users', body);
      createForm.reset();
      gas.showStatus(status, gas.t('users.created', { username: body.username }), 'ok');
      await load();
    } catch (error) {
      gas.showStatus(status, error.message, 'error');
    }
  });

  async function load() {
    var serial = ++loadSerial;
    var size = Number(pageSizeSelect.value) || 50;
    var params = new URLSearchParams({ page: String(pageIndex + 1), pageSize: String(size) });
    if (search.value.trim()) params.set('q', search.value.trim());
    try {
      var results = await Promise.all([gas.get('/users/search?' + params.toString()), gas.get('/groups').catch(function () { return []; })]);
      if (serial !== loadSerial) return; // a newer search answered meanwhile
      groups = gas.listOf(results[1], ['groups']);
      total = results[0].total;
      if (!results[0].items.length && pageIndex > 0 && total > 0) {
        pageIndex = Math.max(0, Math.ceil(total / size) - 1);
        return load();
      }
      renderPage(results[0].items);
      if (!createGroups.querySelector('input:checked')) groupChecks(createGroups, 'groupIds', []);
    } catch (error) {
      tbody.replaceChildren(h('tr', null, h('td', { colSpan: 7, className: 'error' }, error.message)));
    }
  }

  load();
})();
