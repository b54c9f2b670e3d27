/* Audit page: filtered, paged events (GET /audit/data), details, chain verification (GET /audit/verify), CSV and JSON lines export. */
(function () {
  'use strict';
  var gas = window.gas;
  var h = gas.h;
  var status = document.getElementById('audit-status');
  var form = document.getElementById('audit-filter');
  var formMessage = document.getElementById('audit-filter-message');
  var tbody = document.querySelector('#audit-table tbody');
  var range = document.getElementById('audit-range');
  var prev = document.getElementById('audit-prev');
  var next = document.getElementById('audit-next');
  var details = document.getElementById('audit-details');
  var page = 1;
  var total = 0;

  function isoOf(localValue) {
    if (!localValue) return '';
    var date = new Date(localValue);
    return isNaN(date.getTime()) ? '' : date.toISOString();
  }

  /** The filters as query parameters (without paging). */
  function filterParams() {
    var params = new URLSearchParams();
    var from = isoOf(form.elements.from.value);
    var to = isoOf(form.elements.to.value);
    if (from) params.set('from', from);
    if (to) params.set('to', to);
    ['username', 'action', 'targetType', 'targetId'].forEach(function (name) {
      var value = form.elements[name].value.trim();
      if (value) params.set(name, value);
    });
    return params;
  }

  function updateExportLinks() {
    ['csv', 'jsonl'].forEach(function (format) {
      var params = filterParams();
      params.set('format', format);
      document.getElementById('audit-export-' + format).href = '/audit/data?' + params.toString();
    });
  }

  function showMessage(text, kind) {
    formMessage.textContent = text || '';
    formMessage.className = 'form-message' + (text ? ' ' + kind : '');
    formMessage.setAttribute('role', kind === 'error' ? 'alert' : 'status');
  }

  function target(event) {
    if (!event.targetType && !event.targetId) return '';
    return (event.targetType || '') + (event.targetId ? ' #' + event.targetId : '');
  }

  function showDetails(event) {
    document.getElementById('audit-details-id').textContent = event.id;
    var fields = document.getElementById('audit-details-fields');
    fields.replaceChildren(
      h('dt', null, gas.t('page.audit.time')), h('dd', null, gas.formatDate(event.at)),
      h('dt', null, gas.t('common.user')), h('dd', null, event.username || (event.userId ? '#' + event.userId : gas.t('audit.system'))),
      h('dt', null, gas.t('page.audit.action')), h('dd', null, event.action),
      h('dt', null, gas.t('page.audit.target')), h('dd', null, target(event) || '—'),
      h('dt', null, gas.t('page.audit.ip')), h('dd', null, event.ip || '—'));
    document.getElementById('audit-details-json').textContent = JSON.stringify(event.details || {}, null, 2);
    details.hidden = false;
    details.scrollIntoView({ block: 'nearest' });
  }

  function row(event) {
    return h('tr', { dataset: { eventId: event.id, action: event.action } },
      h('td', null, gas.formatDate(event.at)),
      h('td', null, event.username || (event.userId ? '#' + event.userId : h('span', { className: 'muted' }, gas.t('audit.system')))),
      h('td', null, h('code', null, event.action)),
      h('td', { className: 'wrap' }, target(event)),
      h('td', null, event.ip || ''),
      h('td', { className: 'row-actions' }, h('button', { type: 'button', className: 'secondary', onclick: function () { showDetails(event); } }, gas.t('common.details'))));
  }

  async function load() {
    var params = filterParams();
    var size = Number(form.elements.pageSize.value) || 50;
    params.set('page', String(page));
    params.set('pageSize', String(size));
    updateExportLinks();
    try {
      var result = await gas.get('/audit/data?' + params.toString());
      total = result.total;
      var items = result.items || [];
      tbody.replaceChildren.apply(tbody, items.length ? items.map(row) : [h('tr', null, h('td', { colSpan: 6, className: 'muted' }, gas.t('audit.noEvents')))]);
      var first = (page - 1) * size + 1;
      range.textContent = items.length ? gas.t('audit.range', { from: gas.n(first), to: gas.n(first + items.length - 1), total: gas.n(total) }) : gas.t('audit.noEventsShort');
      prev.disabled = page <= 1;
      next.disabled = page * size >= total;
      showMessage('', 'ok');
    } catch (error) {
      showMessage(error.message, 'error');
      tbody.replaceChildren(h('tr', null, h('td', { colSpan: 6, className: 'error' }, error.message)));
    }
  }

  form.addEventListener('submit', function (event) {
    event.preventDefault();
    var from = form.elements.from.value;
    var to = form.elements.to.value;
    if (from && to && new Date(from) >= new Date(to)) {
      showMessage(gas.t('audit.timeRange'), 'error');
      return;
    }
    page = 1;
    load();
  });
  form.addEventListener('input', updateExportLinks);
  document.getElementById('audit-clear').addEventListener('click', function () {
    form.reset();
    page = 1;
    load();
  });
  document.getElementById('audit-frontend').addEventListener('click', function () {
    form.elements.action.value = 'frontend.*';
    page = 1;
    load();
  });
  prev.addEventListener('click', function () { if (page > 1) { page--; load(); } });
  next.addEventListener('click', function () { page++; load(); });
  document.getElementById('audit-details-close').addEventListener('click', function () { details.hidden = true; });

  document.getElementById('audit-verify-button').addEventListener('click', async function () {
    var output = document.getElementById('audit-verify');
    output.textContent = gas.t('audit.checking');
    try {
      var result = await gas.get('/audit/verify');
      output.className = result.ok ? 'ok' : 'error';
      output.textContent = result.ok
        ? gas.t('audit.intact', { count: result.checked })
        : gas.t(result.brokenAt.reason === 'hash-mismatch' ? 'audit.brokenContent' : 'audit.brokenLink', { id: result.brokenAt.id, count: result.checked });
    } catch (error) {
      output.className = 'error';
      output.textContent = error.message;
    }
  });

  gas.get('/users/info').then(function (users) {
    var list = document.getElementById('audit-usernames');
    list.replaceChildren.apply(list, gas.listOf(users, ['users']).map(function (user) { return h('option', { value: user.username }); }));
  }).catch(function () { /* pickers are a convenience */ });

  load();
})();
