/* Groups page: list (GET /groups) with permissions and members, create (POST /groups), edit (PUT /groups/{id}: name, description, permissions, members), delete. */
(function () {
  'use strict';
  var gas = window.gas;
  var h = gas.h;
  var status = document.getElementById('groups-status');
  var tbody = document.querySelector('#groups-table tbody');
  var createForm = document.getElementById('create-group-form');
  var usernames = {};
  var permissionNames = {};
  JSON.parse(document.getElementById('groups-table').dataset.permissions || '[]').forEach(function (permission) { permissionNames[permission.code] = permission.name; });

  function membersOf(group) {
    var members = group.users || group.members || group.userIds || [];
    return members.map(function (member) {
      if (member && typeof member === 'object') return member.username || usernames[String(member.id)] || '#' + member.id;
      return usernames[String(member)] || '#' + member;
    });
  }

  function row(group) {
    var members = membersOf(group);
    return h('tr', { dataset: { groupId: String(group.id), groupName: group.name } },
      h('td', null, h('strong', null, group.name)),
      h('td', null, group.description || ''),
      h('td', { className: 'chips', dataset: { permissions: (group.permissions || []).join(' ') } }, (group.permissions || []).length
        ? group.permissions.map(function (code) { return h('span', { className: 'chip', title: code }, permissionNames[code] || code); })
        : h('span', { className: 'muted' }, gas.t('common.none'))),
      h('td', null, members.length ? members.join(', ') : h('span', { className: 'muted' }, gas.t('common.none'))),
      h('td', { className: 'row-actions' },
        h('button', { type: 'button', onclick: function () { openEditor(group); } }, gas.t('common.edit')),
        h('button', { type: 'button', className: 'danger', onclick: async function () {
          if (!window.confirm(gas.t('groups.deleteConfirm', { name: group.name }))) return;
          try {
            await gas.del('/groups/' + encodeURIComponent(group.id));
            gas.showStatus(status, gas.t('groups.deleted', { name: group.name }), 'ok');
            await load();
          } catch (error) {
            gas.showStatus(status, error.message, 'error');
          }
        } }, gas.t('common.delete'))));
  }

  var editSection = document.getElementById('group-edit');
  var editForm = document.getElementById('group-edit-form');
  var editMembers = document.getElementById('group-edit-members');
  var editFilter = document.getElementById('group-edit-filter');
  var editMessage = document.getElementById('group-edit-message');
  var editing = null;

  function memberIdsOf(group) {
    return (group.users || group.members || group.userIds || []).map(function (member) { return String(member && typeof member === 'object' ? member.id : member); });
  }

  function message(text, kind) {
    editMessage.textContent = text || '';
    editMessage.className = 'form-message' + (text ? ' ' + kind : '');
    editMessage.setAttribute('role', kind === 'error' ? 'alert' : 'status');
  }

  function renderMembers(selected) {
    var ids = Object.keys(usernames).sort(function (a, b) { return usernames[a].localeCompare(usernames[b]); });
    editMembers.replaceChildren.apply(editMembers, ids.length ? ids.map(function (id) {
      return h('label', { className: 'check', dataset: { username: usernames[id] } },
        h('input', { type: 'checkbox', name: 'userIds', value: id, checked: selected.indexOf(id) >= 0 }), ' ', usernames[id]);
    }) : [h('span', { className: 'muted' }, gas.t('groups.noUsers'))]);
  }

  editFilter.addEventListener('input', function () {
    var needle = editFilter.value.trim().toLowerCase();
    Array.prototype.forEach.call(editMembers.querySelectorAll('label.check'), function (label) {
      label.hidden = Boolean(needle) && label.dataset.username.toLowerCase().indexOf(needle) < 0;
    });
  });

  function openEditor(group) {
    editing = group;
    document.getElementById('group-edit-name').textContent = group.name;
    editForm.elements.name.value = group.name || '';
    editForm.elements.description.value = group.description || '';
    var held = group.permissions || [];
    Array.prototype.forEach.call(editForm.querySelectorAll('input[name="permissions"]'), function (input) { input.checked = held.indexOf(input.value) >= 0; });
    editFilter.value = '';
    renderMembers(memberIdsOf(group));
    message('', 'ok');
    editSection.hidden = false;
    editSection.scrollIntoView({ block: 'start' });
    editForm.elements.name.focus();
  }

  editForm.addEventListener('submit', async function (event) {
    event.preventDefault();
    if (!editing) return;
    var body = {
      name: editForm.elements.name.value.trim(),
      description: editForm.elements.description.value.trim(),
      permissions: gas.checkedValues(editForm, 'permissions'),
      userIds: gas.checkedValues(editMembers, 'userIds'),
    };
    try {
      editing = await gas.put('/groups/' + encodeURIComponent(editing.id), body);
      document.getElementById('group-edit-name').textContent = editing.name;
      message(gas.t('common.saved'), 'ok');
      gas.showStatus(status, gas.t('groups.saved', { name: editing.name }), 'ok');
      await load();
    } catch (error) {
      message(error.message, 'error');
    }
  });

  document.getElementById('group-edit-close').addEventListener('click', function () {
    editSection.hidden = true;
    editing = null;
  });

  createForm.addEventListener('submit', async function (event) {
    event.preventDefault();
    var values = gas.formValues(createForm);
    var body = {
      name: String(values.name || '').trim(),
      description: String(values.description || '').trim(),
      permissions: gas.checkedValues(createForm, 'permissions'),
    };
    try {
      await gas.post('/groups', body);
      createForm.reset();
      gas.showStatus(status, gas.t('groups.created', { name: body.name }), 'ok');
      await load();
    } catch (error) {
      gas.showStatus(status, error.message, 'error');
    }
  });

  async function load() {
    try {
      var results = await Promise.all([gas.get('/groups'), gas.get('/users/info').catch(function () { return []; })]);
      usernames = {};
      gas.listOf(results[1], ['users']).forEach(function (user) { usernames[String(user.id)] = user.username; });
      var groups = gas.listOf(results[0], ['groups']);
      groups.sort(function (a, b) { return String(a.name).localeCompare(String(b.name)); });
      tbody.replaceChildren.apply(tbody, groups.length ? groups.map(row) : [h('tr', null, h('td', { colSpan: 5, className: 'muted' }, gas.t('groups.noGroups')))]);
    } catch (error) {
      tbody.replaceChildren(h('tr', null, h('td', { colSpan: 5, className: 'error' }, error.message)));
    }
  }

  load();
})();
