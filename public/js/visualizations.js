/*
 * Visualizations page: own, shared with me and hidden visualizations (GET /visualizations?content=false);
 * open, rename (PUT /visualizations/{id}/info), share with users and groups (PUT .../users, .../groups),
 * hide / unhide (PUT / DELETE .../hidden), delete, and create (POST /visualizations).
 */
(function () {
  'use strict';
  var gas = window.gas;
  var h = gas.h;
  var root = document.getElementById('visualizations');
  var canShare = root.dataset.canShare === 'true';
  var everyone = root.dataset.canShareWithEveryone === 'true';
  var status = document.getElementById('visualizations-status');
  var tables = {
    own: document.querySelector('#own-table tbody'),
    shared: document.querySelector('#shared-table tbody'),
    hidden: document.querySelector('#hidden-table tbody'),
  };
  var renameSection = document.getElementById('rename-editor');
  var renameForm = document.getElementById('rename-form');
  var shareSection = document.getElementById('share-editor');
  var shareForm = document.getElementById('share-form');
  var shareMessage = document.getElementById('share-message');
  var createForm = document.getElementById('create-form');
  var editing = null;

  function url(visualization, suffix) {
    return '/visualizations/' + encodeURIComponent(visualization.id) + (suffix || '');
  }

  async function act(work, success) {
    try {
      await work();
      gas.showStatus(status, success, 'ok');
      await load();
    } catch (error) {
      gas.showStatus(status, error.message, 'error');
    }
  }

  function sharedWith(visualization) {
    var shared = visualization.sharedWith || { users: [], groups: [] };
    var chips = shared.users.map(function (user) { return h('span', { className: 'chip', title: gas.t('common.user') }, user.username); })
      .concat(shared.groups.map(function (group) { return h('span', { className: 'chip', title: gas.t('visualizations.group') }, gas.t('visualizations.groupChip', { name: group.name })); }));
    return chips.length ? chips : h('span', { className: 'muted' }, gas.t('visualizations.nobody'));
  }

  function actions(visualization) {
    var buttons = [h('a', { className: 'button secondary', href: '/visualization?id=' + encodeURIComponent(visualization.id) }, gas.t('visualizations.open'))];
    if (visualization.own) {
      buttons.push(h('button', { type: 'button', className: 'secondary', onclick: function () { openRename(visualization); } }, gas.t('visualizations.rename')));
      if (canShare) buttons.push(h('button', { type: 'button', className: 'secondary', onclick: function () { openShare(visualization); } }, gas.t('visualizations.share')));
    }
    if (visualization.hidden) {
      buttons.push(h('button', { type: 'button', className: 'secondary', onclick: function () {
        act(function () { return gas.del(url(visualization, '/hidden')); }, gas.t('visualizations.visibleAgain', { name: visualization.name }));
      } }, gas.t('visualizations.unhide')));
    } else {
      buttons.push(h('button', { type: 'button', className: 'secondary', onclick: function () {
        act(function () { return gas.put(url(visualization, '/hidden')); }, gas.t('visualizations.hiddenStatus', { name: visualization.name }));
      } }, gas.t('visualizations.hide')));
    }
    if (visualization.own) {
      buttons.push(h('button', { type: 'button', className: 'danger', onclick: function () {
        if (!window.confirm(gas.t('visualizations.deleteConfirm', { name: visualization.name }))) return;
        act(function () { return gas.del(url(visualization)); }, gas.t('visualizations.deleted', { name: visualization.name }));
      } }, gas.t('common.delete')));
    }
    return h('td', { className: 'row-actions' }, buttons);
  }

  function row(visualization, third) {
    return h('tr', { dataset: { visualizationId: String(visualization.id), visualizationName: visualization.name } },
      h('td', null, h('a', { href: '/visualization?id=' + encodeURIComponent(visualization.id) }, visualization.name)),
      h('td', null, visualization.description || ''),
      h('td', null, third === 'shares' ? sharedWith(visualization) : (visualization.own ? gas.t('visualizations.ownerYou', { name: visualization.owner.username }) : visualization.owner.username)),
      h('td', null, gas.formatDate(visualization.updatedAt)),
      actions(visualization));
  }

  function fill(tbody, rows, empty) {
    tbody.replaceChildren.apply(tbody, rows.length ? rows : [h('tr', null, h('td', { colSpan: 5, className: 'muted' }, empty))]);
  }

  async function load() {
    try {
      var all = gas.listOf(await gas.get('/visualizations?content=false'));
      fill(tables.own, all.filter(function (v) { return v.own && !v.hidden; }).map(function (v) { return row(v, 'shares'); }), gas.t('visualizations.noOwn'));
      fill(tables.shared, all.filter(function (v) { return !v.own && !v.hidden; }).map(function (v) { return row(v, 'owner'); }), gas.t('visualizations.noShared'));
      fill(tables.hidden, all.filter(function (v) { return v.hidden; }).map(function (v) { return row(v, 'owner'); }), gas.t('visualizations.noHidden'));
    } catch (error) {
      Object.keys(tables).forEach(function (key) {
        tables[key].replaceChildren(h('tr', null, h('td', { colSpan: 5, className: 'error' }, error.message)));
      });
    }
  }

  function closeEditors() {
    editing = null;
    renameSection.hidden = true;
    shareSection.hidden = true;
  }

  function openRename(visualization) {
    closeEditors();
    editing = visualization;
    document.getElementById('rename-name').textContent = visualization.name;
    renameForm.elements.name.value = visualization.name;
    renameForm.elements.description.value = visualization.description || '';
    renameSection.hidden = false;
    renameForm.elements.name.focus();
  }

  function option(name, value, text, checked) {
    return h('label', { className: 'check' }, h('input', { type: 'checkbox', name: name, value: String(value), checked: checked }), ' ', text);
  }

  async function openShare(visualization) {
    closeEditors();
    editing = visualization;
    document.getElementById('share-name').textContent = visualization.name;
    gas.showStatus(shareMessage, '', 'ok');
    var shared = visualization.sharedWith || { users: [], groups: [] };
    var sharedUsers = shared.users.map(function (u) { return String(u.id); });
    var sharedGroups = shared.groups.map(function (g) { return String(g.id); });
    try {
      var results = await Promise.all([
        gas.get(everyone ? '/users/info' : '/users/user/related'),
        gas.get(everyone ? '/groups/info' : '/users/user/groups'),
      ]);
      var me = root.dataset.userId;
      var users = gas.listOf(results[0]).filter(function (u) { return String(u.id) !== me; });
      var groups = gas.listOf(results[1]);
      // Already shared with someone outside the pickable set: keep them listed so they can be removed.
      shared.users.forEach(function (u) { if (!users.some(function (x) { return String(x.id) === String(u.id); })) users.push(u); });
      shared.groups.forEach(function (g) { if (!groups.some(function (x) { return String(x.id) === String(g.id); })) groups.push(g); });
      var userBox = document.getElementById('share-users');
      var groupBox = document.getElementById('share-groups');
      userBox.replaceChildren.apply(userBox, users.length ? users.map(function (u) { return option('userIds', u.id, u.username, sharedUsers.indexOf(String(u.id)) >= 0); }) : [h('span', { className: 'muted' }, gas.t('visualizations.noUsers'))]);
      groupBox.replaceChildren.apply(groupBox, groups.length ? groups.map(function (g) { return option('groupIds', g.id, g.name, sharedGroups.indexOf(String(g.id)) >= 0); }) : [h('span', { className: 'muted' }, gas.t('visualizations.noGroups'))]);
      shareSection.hidden = false;
    } catch (error) {
      gas.showStatus(status, error.message, 'error');
    }
  }

  renameForm.addEventListener('submit', async function (event) {
    event.preventDefault();
    if (!editing) return;
    var target = editing;
    var values = gas.formValues(renameForm);
    await act(function () {
      return gas.put(url(target, '/info'), { name: String(values.name || '').trim(), description: String(values.description || '') }).then(closeEditors);
    }, gas.t('visualizations.renamed', { name: String(values.name || '').trim() }));
  });

  shareForm.addEventListener('submit', async function (event) {
    event.preventDefault();
    if (!editing) return;
    var target = editing;
    try {
      await gas.put(url(target, '/users'), { userIds: gas.checkedValues(shareForm, 'userIds') });
      await gas.put(url(target, '/groups'), { groupIds: gas.checkedValues(shareForm, 'groupIds') });
      closeEditors();
      gas.showStatus(status, gas.t('visualizations.sharingSaved', { name: target.name }), 'ok');
      await load();
    } catch (error) {
      gas.showStatus(shareMessage, error.message, 'error');
    }
  });

  document.querySelectorAll('[data-cancel]').forEach(function (button) { button.addEventListener('click', closeEditors); });

  createForm.addEventListener('submit', async function (event) {
    event.preventDefault();
    var values = gas.formValues(createForm);
    var body = { name: String(values.name || '').trim(), description: String(values.description || '') };
    await act(function () { return gas.post('/visualizations', body).then(function () { createForm.reset(); }); }, gas.t('visualizations.created', { name: body.name }));
  });

  load();
})();
