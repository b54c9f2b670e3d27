/* Users page: list (GET /users), create (POST /users), enable/disable, delete, group assignment. */
(function () {
  'use strict';
  var gas = window.gas;
  var h = gas.h;
  var status = document.getElementById('users-status');
  var tbody = document.querySelector('#users-table tbody');
  var createForm = document.getElementById('create-user-form');
  var createGroups = document.getElementById('create-user-groups');
  var editor = document.getElementById('group-editor');
  var editorForm = document.getElementById('group-editor-form');
  var editorOptions = document.getElementById('group-editor-options');
  var editorUser = document.getElementById('group-editor-user');
  var table = document.getElementById('users-table');
  var currentUserId = table.dataset.currentUserId;
  var catalogue = JSON.parse(table.dataset.permissions || '[]');
  var permissionNames = {};
  catalogue.forEach(function (permission) { permissionNames[permission.code] = permission.name; });
  var groups = [];
  var editing = null;

  function describePermissions(codes) {
    if (!codes.length) return h('span', { className: 'muted' }, 'none');
    if (catalogue.length && codes.length >= catalogue.length) return h('span', { title: codes.join(', ') }, 'All permissions');
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
    if (!groups.length) container.appendChild(h('span', { className: 'muted' }, 'No groups yet.'));
    groups.forEach(function (group) {
      container.appendChild(h('label', { className: 'check' },
        h('input', { type: 'checkbox', name: name, value: String(group.id), checked: selected.indexOf(String(group.id)) >= 0 }), ' ', group.name));
    });
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
      h('td', null, user.email || ''),
      h('td', null, h('span', { className: 'badge ' + (enabled ? 'on' : 'off') }, enabled ? 'Enabled' : 'Disabled')),
      h('td', null, ids.map(groupName).join(', ')),
      h('td', { className: 'chips', dataset: { permissions: permissions.join(' ') } }, describePermissions(permissions)),
      h('td', { className: 'row-actions' },
        h('button', { type: 'button', className: 'secondary', onclick: function () { openEditor(user); } }, 'Groups'),
        String(user.id) === currentUserId ? h('span', { className: 'muted small' }, 'you') : [enabled
          ? h('button', { type: 'button', className: 'secondary', onclick: function () { act('Disabled ' + user.username, function () { return gas.del('/users/' + id + '/enabled'); }); } }, 'Disable')
          : h('button', { type: 'button', className: 'secondary', onclick: function () { act('Enabled ' + user.username, function () { return gas.put('/users/' + id + '/enabled'); }); } }, 'Enable'),
        h('button', { type: 'button', className: 'danger', onclick: function () {
          if (!window.confirm('Delete the user ' + user.username + '?')) return;
          act('Deleted ' + user.username, function () { return gas.del('/users/' + id); });
        } }, 'Delete')]));
  }

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
    act('Saved the groups of ' + user.username, function () { return gas.put('/users/' + encodeURIComponent(user.id) + '/groups', { groupIds: groupIds }); }).then(function () {
      editor.hidden = true;
      editing = null;
    });
  });
  document.getElementById('group-editor-cancel').addEventListener('click', function () {
    editor.hidden = true;
    editing = null;
  });

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
      gas.showStatus(status, 'Created the user ' + body.username, 'ok');
      await load();
    } catch (error) {
      gas.showStatus(status, error.message, 'error');
    }
  });

  async function load() {
    try {
      var results = await Promise.all([gas.get('/users'), gas.get('/groups').catch(function () { return []; })]);
      groups = gas.listOf(results[1], ['groups']);
      var users = gas.listOf(results[0], ['users']).filter(function (user) { return !user.deleted; });
      users.sort(function (a, b) { return String(a.username).localeCompare(String(b.username)); });
      tbody.replaceChildren.apply(tbody, users.length ? users.map(row) : [h('tr', null, h('td', { colSpan: 7, className: 'muted' }, 'No users.'))]);
      if (!createGroups.querySelector('input:checked')) groupChecks(createGroups, 'groupIds', []);
    } catch (error) {
      tbody.replaceChildren(h('tr', null, h('td', { colSpan: 7, className: 'error' }, error.message)));
    }
  }

  load();
})();
