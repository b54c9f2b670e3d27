/* Groups page: list (GET /groups) with permissions and members, create (POST /groups), delete. */
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
        : h('span', { className: 'muted' }, 'none')),
      h('td', null, members.length ? members.join(', ') : h('span', { className: 'muted' }, 'none')),
      h('td', { className: 'row-actions' },
        h('button', { type: 'button', className: 'danger', onclick: async function () {
          if (!window.confirm('Delete the group ' + group.name + '?')) return;
          try {
            await gas.del('/groups/' + encodeURIComponent(group.id));
            gas.showStatus(status, 'Deleted the group ' + group.name, 'ok');
            await load();
          } catch (error) {
            gas.showStatus(status, error.message, 'error');
          }
        } }, 'Delete')));
  }

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
      gas.showStatus(status, 'Created the group ' + body.name, 'ok');
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
      tbody.replaceChildren.apply(tbody, groups.length ? groups.map(row) : [h('tr', null, h('td', { colSpan: 5, className: 'muted' }, 'No groups yet.'))]);
    } catch (error) {
      tbody.replaceChildren(h('tr', null, h('td', { colSpan: 5, className: 'error' }, error.message)));
    }
  }

  load();
})();
