/* Jobs page: list (GET /jobs), create and edit with a form per type, start now, cancel, enable/disable, delete, history with logs. */
(function () {
  'use strict';
  var gas = window.gas;
  var h = gas.h;
  var status = document.getElementById('jobs-status');
  var tbody = document.querySelector('#jobs-table tbody');
  var form = document.getElementById('job-form');
  var formError = document.getElementById('job-form-error');
  var formHeading = document.getElementById('job-form-heading');
  var submit = document.getElementById('job-form-submit');
  var cancelEdit = document.getElementById('job-form-cancel');
  var typeDescription = document.getElementById('job-type-description');
  var history = document.getElementById('job-history');
  var historyBody = document.querySelector('#job-history-table tbody');
  var historyOlder = document.getElementById('job-history-older');
  var types = JSON.parse(form.dataset.types || '[]');
  var editing = null;
  var historyJob = null;
  var historyLimit = 20;
  var highlightRun = null;
  var refreshTimer = null;
  // Logs and match lists a user opened stay open when the history refreshes.
  var opened = {};
  function keepOpen(key) {
    return function (event) { opened[key] = event.target.open; };
  }

  function typeOf(name) { return types.find(function (t) { return t.type === name; }) || { title: name, description: '' }; }
  function field(name) { return form.elements.namedItem(name); }
  function list(text) { return String(text || '').split(/[,\n]/).map(function (s) { return s.trim(); }).filter(Boolean); }
  function pairs(text) {
    var out = {};
    String(text || '').split('\n').forEach(function (line) {
      var at = line.indexOf('=');
      if (at > 0) out[line.slice(0, at).trim()] = line.slice(at + 1).trim();
    });
    return out;
  }
  function pairsText(object) { return Object.keys(object || {}).map(function (k) { return k + ' = ' + object[k]; }).join('\n'); }

  function json(name, label) {
    var text = String(field(name).value || '').trim();
    if (!text) return undefined;
    try { return JSON.parse(text); } catch (error) {
      throw { fieldError: true, path: field(name).dataset.path, message: gas.t(label, { reason: error.message }) };
    }
  }

  function showType() {
    var type = field('type').value;
    form.querySelectorAll('fieldset[data-type]').forEach(function (set) {
      set.hidden = set.dataset.type.split(' ').indexOf(type) < 0;
    });
    typeDescription.textContent = typeOf(type).description;
  }

  function configFromForm(type) {
    if (type === 'cypher') {
      var statements = String(field('statements').value || '').split(/\n\s*;\s*(?:\n|$)/).map(function (s) { return s.trim().replace(/;\s*$/, ''); }).filter(Boolean);
      var parameters = json('parameters', 'jobs.parametersNotJson');
      return parameters === undefined ? { statements: statements } : { statements: statements, parameters: parameters };
    }
    if (type === 'import') {
      var mapping = { label: field('importLabel').value.trim() };
      var columns = pairs(field('importColumns').value);
      var typesOf = pairs(field('importTypes').value);
      if (Object.keys(columns).length) mapping.columns = columns;
      if (Object.keys(typesOf).length) mapping.types = typesOf;
      return { file: field('importFile').value.trim(), mapping: mapping };
    }
    if (type === 'reindex') return {};
    var config = {};
    var labels = list(field('labels').value);
    if (labels.length) config.labels = labels;
    if (field('text').value.trim()) config.text = field('text').value.trim();
    var filter = json('filter', 'jobs.filterNotJson');
    if (filter !== undefined) config.filter = filter;
    if (type === 'alert') {
      if (field('cypher').value.trim()) config.cypher = field('cypher').value.trim();
      config.recipients = list(field('recipients').value);
      if (field('subject').value.trim()) config.subject = field('subject').value.trim();
      if (field('maxMatches').value) config.maxMatches = Number(field('maxMatches').value);
    } else {
      var properties = list(field('properties').value);
      if (properties.length) config.properties = properties;
      config.file = field('exportFile').value.trim();
      if (field('timestamped').checked) config.timestamped = true;
    }
    return config;
  }

  function fillForm(job) {
    form.reset();
    field('name').value = job.name;
    field('type').value = job.type;
    field('description').value = job.description || '';
    field('schedule').value = job.schedule || '';
    field('timeZone').value = job.timeZone || '';
    field('enabled').checked = job.enabled;
    var c = job.config || {};
    if (job.type === 'cypher') {
      field('statements').value = (c.statements || []).join('\n;\n');
      field('parameters').value = c.parameters && Object.keys(c.parameters).length ? JSON.stringify(c.parameters) : '';
    } else if (job.type === 'import') {
      field('importFile').value = c.file || '';
      field('importLabel').value = (c.mapping && c.mapping.label) || '';
      field('importColumns').value = pairsText(c.mapping && c.mapping.columns);
      field('importTypes').value = pairsText(c.mapping && c.mapping.types);
    } else if (job.type === 'alert' || job.type === 'export') {
      field('labels').value = (c.labels || []).join(', ');
      field('text').value = c.text || '';
      field('filter').value = c.filter ? JSON.stringify(c.filter) : '';
      if (job.type === 'alert') {
        field('cypher').value = c.cypher || '';
        field('recipients').value = (c.recipients || []).join(', ');
        field('subject').value = c.subject || '';
        field('maxMatches').value = c.maxMatches || '';
      } else {
        field('exportFile').value = c.file || '';
        field('properties').value = (c.properties || []).join(', ');
        field('timestamped').checked = Boolean(c.timestamped);
      }
    }
    showType();
  }

  function clearErrors() {
    formError.hidden = true;
    formError.textContent = '';
    form.querySelectorAll('.field-error').forEach(function (node) { node.remove(); });
    form.querySelectorAll('[aria-invalid]').forEach(function (node) { node.removeAttribute('aria-invalid'); });
  }

  /** Puts each issue under its field (the deepest visible field whose data-path starts the issue's path). */
  function showIssues(issues, message) {
    formError.textContent = message;
    formError.hidden = false;
    issues.forEach(function (issue) {
      var path = String(issue.path || '').replace(/^body\./, '');
      var target = null;
      form.querySelectorAll('[data-path]').forEach(function (input) {
        var set = input.closest('fieldset');
        if (set && set.hidden) return;
        var p = input.dataset.path;
        if ((path === p || path.indexOf(p + '.') === 0) && (!target || p.length > target.dataset.path.length)) target = input;
      });
      if (!target) return;
      target.setAttribute('aria-invalid', 'true');
      var label = target.closest('label') || target.parentNode;
      label.appendChild(h('span', { className: 'field-error error', role: 'alert' }, issue.message));
    });
  }

  function startEditing(job) {
    editing = job.name;
    fillForm(job);
    field('name').disabled = true;
    formHeading.textContent = gas.t('jobs.editHeading', { name: job.name });
    submit.textContent = gas.t('jobs.save');
    cancelEdit.hidden = false;
    clearErrors();
    form.scrollIntoView({ block: 'start' });
  }

  function stopEditing() {
    editing = null;
    form.reset();
    field('name').disabled = false;
    formHeading.textContent = gas.t('page.jobs.createHeading');
    submit.textContent = gas.t('page.jobs.create');
    cancelEdit.hidden = true;
    clearErrors();
    showType();
  }

  form.addEventListener('submit', async function (event) {
    event.preventDefault();
    clearErrors();
    var type = field('type').value;
    var body;
    try {
      body = {
        type: type,
        description: field('description').value.trim(),
        config: configFromForm(type),
        schedule: field('schedule').value.trim() || null,
        timeZone: field('timeZone').value.trim() || null,
        enabled: field('enabled').checked,
      };
    } catch (problem) {
      if (problem && problem.fieldError) return showIssues([{ path: problem.path, message: problem.message }], problem.message);
      throw problem;
    }
    try {
      if (editing) {
        await gas.put('/jobs/' + encodeURIComponent(editing), body);
        gas.showStatus(status, gas.t('jobs.saved', { name: editing }), 'ok');
      } else {
        body.name = field('name').value.trim();
        await gas.post('/jobs', body);
        gas.showStatus(status, gas.t('jobs.created', { name: body.name }), 'ok');
      }
      stopEditing();
      await load();
    } catch (error) {
      var issues = (error.problem && error.problem.issues) || [];
      showIssues(issues, error.message);
    }
  });
  field('type').addEventListener('change', showType);
  cancelEdit.addEventListener('click', stopEditing);

  /** A run state in words; a state the catalog does not know is shown as it is. */
  function stateWord(state) {
    var key = 'jobs.state.' + state;
    var word = gas.t(key);
    return word === key ? state : word;
  }

  function stateChip(run) {
    if (!run) return h('span', { className: 'muted' }, gas.t('profile.never'));
    var label = run.cancelRequested && run.state === 'running' ? gas.t('jobs.state.cancelling') : stateWord(run.state);
    return h('span', { className: 'chip state-' + run.state, dataset: { state: run.state } }, label);
  }

  function action(label, handler, className) {
    return h('button', { type: 'button', className: className || 'secondary', onclick: async function () {
      try {
        await handler();
        await load();
      } catch (error) {
        gas.showStatus(status, error.message, 'error');
      }
    } }, label);
  }

  function row(job) {
    var last = job.lastRun;
    var active = last && (last.state === 'queued' || last.state === 'running');
    var path = '/jobs/' + encodeURIComponent(job.name);
    return h('tr', { dataset: { job: job.name } },
      h('td', null, h('strong', null, job.name), job.description ? h('div', { className: 'muted' }, job.description) : null),
      h('td', null, typeOf(job.type).title),
      h('td', null, job.schedule ? h('code', null, job.schedule) : h('span', { className: 'muted' }, gas.t('jobs.byHand')),
        job.schedule ? h('div', { className: 'muted' }, (job.enabled ? job.effectiveTimeZone : gas.t('jobs.zoneDisabled', { zone: job.effectiveTimeZone }))) : (job.enabled ? null : h('div', { className: 'muted' }, gas.t('jobs.disabled')))),
      h('td', { className: 'next-run' }, job.nextRunAt ? gas.formatDate(job.nextRunAt) : h('span', { className: 'muted' }, '—')),
      h('td', { className: 'last-run' }, stateChip(last), last ? h('div', { className: 'muted' }, gas.formatDate(last.finishedAt || last.startedAt || last.queuedAt)) : null,
        last && last.error ? h('div', { className: 'error' }, last.error) : null),
      h('td', { className: 'row-actions' },
        active
          ? action(gas.t('common.cancel'), function () { return gas.del(path + '/started').then(function () { gas.showStatus(status, gas.t('jobs.cancelling', { name: job.name }), 'ok'); }); })
          : action(gas.t('jobs.startNow'), function () { return gas.put(path + '/started').then(function () { gas.showStatus(status, gas.t('jobs.started', { name: job.name }), 'ok'); return openHistory(job.name); }); }),
        action(job.enabled ? gas.t('users.disable') : gas.t('users.enable'), function () { return gas.put(path, { enabled: !job.enabled }).then(function () { gas.showStatus(status, gas.t(job.enabled ? 'jobs.disabledStatus' : 'jobs.enabledStatus', { name: job.name }), 'ok'); }); }),
        action(gas.t('common.edit'), async function () { startEditing(await gas.get(path)); }),
        action(gas.t('jobs.history'), function () { return openHistory(job.name); }),
        action(gas.t('common.delete'), async function () {
          if (!window.confirm(gas.t('jobs.deleteConfirm', { name: job.name }))) return;
          await gas.del(path);
          if (historyJob === job.name) closeHistory();
          gas.showStatus(status, gas.t('jobs.deleted', { name: job.name }), 'ok');
        }, 'danger')));
  }

  function runRow(run) {
    var counters = Object.keys(run.counters || {}).map(function (k) { return k + ': ' + run.counters[k]; }).join(', ');
    var matches = run.result && Array.isArray(run.result.newMatches) && run.result.newMatches.length
      ? h('details', { open: opened['m' + run.id] !== undefined ? opened['m' + run.id] : String(run.id) === highlightRun, ontoggle: keepOpen('m' + run.id) }, h('summary', null, gas.t('jobs.newMatches', { count: run.result.newMatches.length })),
        h('ul', { className: 'matches' }, run.result.newMatches.map(function (m) { return h('li', null, '#' + m.id + ' ' + (m.labels || []).join(', ') + (m.caption ? ' ' + m.caption : '')); })))
      : null;
    return h('tr', { dataset: { runId: String(run.id), state: run.state }, className: String(run.id) === highlightRun ? 'highlight' : '' },
      h('td', null, '#' + run.id),
      h('td', null, stateChip(run)),
      h('td', null, run.trigger === 'schedule' ? gas.t('jobs.trigger.schedule') : run.requestedBy ? gas.t('jobs.trigger.by', { name: run.requestedBy }) : gas.t('jobs.byHand')),
      h('td', null, gas.formatDate(run.startedAt)),
      h('td', null, gas.formatDate(run.finishedAt)),
      h('td', null, run.durationMs === null ? '' : gas.t('jobs.seconds', { seconds: gas.n(Math.round(run.durationMs / 100) / 10) })),
      h('td', null, counters),
      h('td', null,
        run.error ? h('div', { className: 'error' }, run.error) : null,
        matches,
        h('details', { className: 'run-log', open: opened['l' + run.id] !== undefined ? opened['l' + run.id] : String(run.id) === highlightRun, ontoggle: keepOpen('l' + run.id) }, h('summary', null, gas.t('jobs.log', { count: (run.log || []).length })),
          h('pre', null, (run.log || []).map(function (l) { return l.at + ' ' + l.level.toUpperCase() + ' ' + l.message; }).join('\n')))));
  }

  async function loadHistory() {
    if (!historyJob) return;
    var page = await gas.get('/jobs/' + encodeURIComponent(historyJob) + '/history?limit=' + historyLimit);
    historyBody.replaceChildren.apply(historyBody, page.items.length ? page.items.map(runRow) : [h('tr', null, h('td', { colSpan: 8, className: 'muted' }, gas.t('jobs.noRuns')))]);
    historyOlder.hidden = page.total <= page.items.length;
  }

  async function openHistory(name) {
    historyJob = name;
    historyLimit = 20;
    document.getElementById('job-history-name').textContent = name;
    history.hidden = false;
    await loadHistory();
  }

  function closeHistory() {
    historyJob = null;
    history.hidden = true;
  }
  document.getElementById('job-history-close').addEventListener('click', closeHistory);
  historyOlder.addEventListener('click', function () { historyLimit += 20; loadHistory().catch(function (e) { gas.showStatus(status, e.message, 'error'); }); });

  async function load() {
    try {
      var jobs = await gas.get('/jobs');
      tbody.replaceChildren.apply(tbody, jobs.length ? jobs.map(row) : [h('tr', null, h('td', { colSpan: 6, className: 'muted' }, gas.t('jobs.noJobs')))]);
      if (historyJob) await loadHistory();
      var busy = jobs.some(function (j) { return j.lastRun && (j.lastRun.state === 'queued' || j.lastRun.state === 'running'); });
      clearTimeout(refreshTimer);
      // Keep the states current while something runs or is scheduled soon.
      var soon = jobs.some(function (j) { return j.nextRunAt && new Date(j.nextRunAt).getTime() - Date.now() < 60000; });
      if (busy || soon) refreshTimer = setTimeout(load, busy ? 1000 : 3000);
    } catch (error) {
      tbody.replaceChildren(h('tr', null, h('td', { colSpan: 6, className: 'error' }, error.message)));
    }
  }

  showType();
  var params = new URLSearchParams(window.location.search);
  highlightRun = params.get('run');
  load().then(function () { if (params.get('job')) return openHistory(params.get('job')); }).catch(function (error) { gas.showStatus(status, error.message, 'error'); });
})();
