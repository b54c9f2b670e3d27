/* Import wizard: upload (POST /data/import/uploadFile), analysis (POST /data/import/analyzeFile), mapping per file,
   dry run and import (POST /data/import/importFile, background) with progress (GET /data/import/imports/{id}), cancel, report and rejected rows. */
(function () {
  'use strict';
  var gas = window.gas;
  var h = gas.h;
  var TYPES = ['string', 'integer', 'float', 'boolean', 'date', 'datetime', 'list'];
  var status = document.getElementById('import-status');
  var uploadForm = document.getElementById('import-upload');
  var fileInput = document.getElementById('import-file-input');
  var drop = document.getElementById('import-drop');
  var filesTable = document.getElementById('import-files-table');
  var analysisSection = document.getElementById('import-analysis');
  var mappingSection = document.getElementById('import-mapping');
  var mappingForm = document.getElementById('import-mapping-form');
  var progressSection = document.getElementById('import-progress');
  var progressBar = document.getElementById('import-progress-bar');
  var progressText = document.getElementById('import-progress-text');
  var cancelButton = document.getElementById('import-cancel');
  var report = document.getElementById('import-report');
  var current = null; // { file, analysis, table }
  var running = null;
  var mappings = {}; // fileId -> last mapping the user edited
  var imported = {}; // fileId -> importId of its import (the server refuses a second one: 409)
  var runButton = document.getElementById('import-run');
  var dryRunButton = document.getElementById('import-dry-run');
  var allOrNothing = document.getElementById('import-all-or-nothing');

  /** The Import button cannot start an import again: disabled while one runs and once the current file is imported. */
  function updateButtons() {
    var done = current && imported[current.file.fileId];
    runButton.disabled = !!running || !!done;
    dryRunButton.disabled = !!running;
    runButton.title = done ? gas.t('import.alreadyImported') : '';
  }

  function sizeText(bytes) {
    if (bytes < 1024) return gas.n(bytes) + ' B';
    if (bytes < 1024 * 1024) return gas.n(Math.round(bytes / 102.4) / 10) + ' KB';
    return gas.n(Math.round(bytes / 1024 / 102.4) / 10) + ' MB';
  }

  async function upload(files) {
    if (!files || files.length === 0) return gas.showStatus(status, gas.t('import.chooseFile'), 'error');
    var data = new FormData();
    Array.prototype.forEach.call(files, function (f) { data.append('file', f, f.name); });
    gas.showStatus(status, gas.t('import.uploading'));
    try {
      var result = await gas.post('/data/import/uploadFile', data);
      gas.showStatus(status, gas.t('import.uploaded', { count: result.files.length }), 'ok');
      var tbody = filesTable.querySelector('tbody');
      result.files.forEach(function (f) {
        tbody.appendChild(h('tr', { dataset: { fileId: f.fileId } },
          h('td', null, f.name), h('td', null, f.type), h('td', null, sizeText(f.size)), h('td', null, f.archive || ''),
          h('td', null, h('button', { type: 'button', className: 'secondary', onclick: function () { analyse(f); } }, gas.t('import.analyse', { name: f.name })))));
      });
      filesTable.hidden = false;
    } catch (error) {
      gas.showStatus(status, error.message, 'error');
    }
  }

  uploadForm.addEventListener('submit', function (event) {
    event.preventDefault();
    upload(fileInput.files);
  });
  drop.addEventListener('dragover', function (event) { event.preventDefault(); drop.classList.add('dragging'); });
  drop.addEventListener('dragleave', function () { drop.classList.remove('dragging'); });
  drop.addEventListener('drop', function (event) {
    event.preventDefault();
    drop.classList.remove('dragging');
    upload(event.dataTransfer.files);
  });

  async function analyse(file) {
    gas.showStatus(status, gas.t('import.analysing', { name: file.name }));
    try {
      var analysis = await gas.post('/data/import/analyzeFile', { fileId: file.fileId });
      current = { file: file, analysis: analysis, table: analysis.tables ? analysis.tables[0] : null };
      gas.showStatus(status, gas.t('import.analysed', { name: file.name }), 'ok');
      showAnalysis();
      showMapping(mappings[file.fileId] || (current.table ? current.table.mapping : analysis.graphml.mapping));
      updateButtons();
    } catch (error) {
      gas.showStatus(status, error.message, 'error');
    }
  }

  function showAnalysis() {
    var a = current.analysis;
    document.getElementById('import-analysis-name').textContent = a.name;
    var summary = document.getElementById('import-analysis-summary');
    summary.textContent = '';
    var thead = document.querySelector('#import-sample thead');
    var tbody = document.querySelector('#import-sample tbody');
    thead.textContent = '';
    tbody.textContent = '';
    if (a.graphml) {
      var g = a.graphml;
      summary.appendChild(h('p', { id: 'import-summary-text' }, gas.t(g.parallelEdges ? 'import.graphmlSummaryParallel' : 'import.graphmlSummary', {
        nodes: gas.n(g.nodeCount), edges: gas.n(g.edgeCount), direction: gas.t(g.directed ? 'import.directed' : 'import.undirected'), parallel: gas.n(g.parallelEdges || 0),
        labels: g.labels.join(', ') || gas.t('common.none'), source: g.labelSource, types: g.relationshipTypes.join(', ') || gas.t('common.none') })));
      thead.appendChild(h('tr', null, [gas.t('import.key'), gas.t('settingsForms.for'), gas.t('common.name'), gas.t('acl.preview.type'), gas.t('import.default')].map(function (c) { return h('th', { scope: 'col' }, c); })));
      g.keys.forEach(function (k) { tbody.appendChild(h('tr', null, [k.id, k.for, k.name, k.type, k.default || ''].map(function (c) { return h('td', null, c); }))); });
      // Before the import: what it leaves out, and the rows it would reject (first reasons).
      if (g.warnings && g.warnings.length) {
        summary.appendChild(h('div', { className: 'notice', id: 'import-warnings' }, h('strong', null, gas.t('import.warningsTitle')),
          h('ul', null, g.warnings.map(function (w) { return h('li', null, w); }))));
      }
    } else {
      if (a.tables.length > 1) {
        var select = h('select', { id: 'import-sheet', onchange: function () {
          current.table = a.tables[select.selectedIndex];
          showAnalysis();
          showMapping(current.table.mapping);
        } }, a.tables.map(function (t) { return h('option', { value: t.name, selected: t === current.table }, t.name); }));
        summary.appendChild(h('label', null, gas.t('import.sheet') + ' ', select));
      }
      var t = current.table;
      summary.appendChild(h('p', { id: 'import-summary-text' }, gas.t('import.tableSummary', { count: t.rowCount, kind: gas.t(t.kind === 'relationships' ? 'import.kind.relationships' : 'import.kind.nodes') }) +
        (t.encoding ? ' ' + gas.t('import.encoding', { encoding: t.encoding + (t.bom ? ' (BOM)' : ''), delimiter: JSON.stringify(t.delimiter) }) : '') +
        (t.formulaCells && t.formulaCells.count ? ' ' + gas.t('import.formulaCells', { count: t.formulaCells.count, cells: t.formulaCells.first.join(', ') }) : '')));
      // Before the import: rows past the type sample that would not convert (the first reasons).
      if (t.rejections && t.rejections.rows) {
        summary.appendChild(h('div', { className: 'notice', id: 'import-warnings' }, h('strong', null, gas.t('import.warningsTitle')),
          h('ul', null, h('li', null, gas.t('import.tableRejections', { count: t.rejections.rows, first: t.rejections.first[0] })))));
      }
      thead.appendChild(h('tr', null, t.columns.map(function (c) {
        return h('th', { scope: 'col' }, c.name, h('br'), h('span', { className: 'muted column-type' }, c.empty ? gas.t('import.columnEmpty', { type: c.type, count: c.empty }) : c.type));
      })));
      t.sampleRows.forEach(function (row) { tbody.appendChild(h('tr', null, t.columns.map(function (c, i) { return h('td', null, row[i] || ''); }))); });
    }
    analysisSection.hidden = false;
  }

  function input(name, value, label, attrs) {
    return h('label', null, gas.t(label) + ' ', h('input', Object.assign({ name: name, value: value == null ? '' : String(value) }, attrs || {})));
  }
  function columnSelect(name, value, label, optional) {
    var names = current.table.columns.map(function (c) { return c.name; });
    return h('label', null, gas.t(label) + ' ', h('select', { name: name },
      optional ? h('option', { value: '' }, gas.t('import.noneOption')) : null,
      names.map(function (n) { return h('option', { value: n, selected: n === value }, n); })));
  }

  function showMapping(mapping) {
    mappingForm.textContent = '';
    mappingSection.hidden = false;
    if (mapping.kind === 'graphml') {
      mappingForm.appendChild(h('fieldset', null, h('legend', null, 'GraphML'),
        input('defaultLabel', mapping.defaultLabel || 'Node', 'import.defaultLabel'),
        input('defaultType', mapping.defaultType || 'RELATED_TO', 'import.defaultType'),
        input('idProperty', mapping.idProperty == null ? '' : mapping.idProperty, 'import.idProperty'),
        input('mergeLabel', mapping.mergeKey ? mapping.mergeKey.label : '', 'import.mergeLabel'),
        input('mergeProperty', mapping.mergeKey ? mapping.mergeKey.property : '', 'import.mergeProperty')));
      // What each key of nodes and edges becomes: labels (nodes) or the relationship type (edges), a property, or left out.
      var keys = current.analysis.graphml.keys.filter(function (k) { return ['node', 'edge', 'all'].indexOf(k.for) >= 0; });
      var choices = mapping.keys || {};
      mappingForm.appendChild(h('table', { className: 'grid', id: 'import-keys' },
        h('caption', null, gas.t('import.keysLegend')),
        h('thead', null, h('tr', null, [gas.t('import.key'), gas.t('settingsForms.for'), gas.t('common.name'), gas.t('import.keyBecomes')].map(function (c) { return h('th', { scope: 'col' }, c); }))),
        h('tbody', null, keys.map(function (k) {
          var edgeOnly = k.for === 'edge';
          var chosen = edgeOnly && mapping.typeKey === k.id ? 'type' : (choices[k.id] || 'property');
          var options = (edgeOnly ? [['type', 'import.keyType']] : [['label', 'import.keyLabel']]).concat([['property', 'import.keyProperty'], ['skip', 'import.keySkip']]);
          return h('tr', { dataset: { key: k.id } },
            h('th', { scope: 'row' }, k.id), h('td', null, k.for), h('td', null, k.name),
            h('td', null, h('select', { name: 'keyChoice', dataset: { key: k.id }, 'aria-label': gas.t('import.keyChoiceOf', { name: k.name }) },
              options.map(function (o) { return h('option', { value: o[0], selected: o[0] === chosen }, gas.t(o[1])); }))));
        }))));
      return;
    }
    var kind = h('select', { name: 'kind', onchange: function () {
      var next = readMapping();
      next.kind = kind.value;
      if (next.kind === 'relationships' && !next.start) {
        var cols = current.table.columns.map(function (c) { return c.name; });
        next.start = { column: cols[0], label: 'Node', property: 'id' };
        next.end = { column: cols[1] || cols[0], label: 'Node', property: 'id' };
        next.type = 'RELATED_TO';
      }
      showMapping(next);
    } }, h('option', { value: 'nodes', selected: mapping.kind === 'nodes' }, gas.t('import.rowsAreNodes')), h('option', { value: 'relationships', selected: mapping.kind === 'relationships' }, gas.t('import.rowsAreRelationships')));
    mappingForm.appendChild(h('label', null, gas.t('import.rows') + ' ', kind));
    if (mapping.kind === 'nodes') {
      mappingForm.appendChild(h('fieldset', null, h('legend', null, gas.t('import.nodesLegend')),
        input('labels', (mapping.labels || []).join(', '), 'page.jobs.labels'),
        columnSelect('labelColumn', mapping.labelColumn, 'import.labelColumn', true),
        input('mergeLabel', mapping.mergeKey ? mapping.mergeKey.label : '', 'import.mergeLabel'),
        input('mergeProperty', mapping.mergeKey ? mapping.mergeKey.property : '', 'import.mergePropertyHint')));
    } else {
      var end = function (which, e) {
        return h('fieldset', { dataset: { end: which } }, h('legend', null, which === 'start' ? gas.t('import.startNode') : gas.t('import.endNode')),
          columnSelect(which + 'Column', e.column, 'import.column'), input(which + 'Label', e.label, 'acl.label'), input(which + 'Property', e.property, 'import.matchedProperty'));
      };
      mappingForm.appendChild(h('fieldset', null, h('legend', null, gas.t('import.relationshipsLegend')),
        input('type', mapping.type || '', 'acl.preview.type'),
        columnSelect('typeColumn', mapping.typeColumn, 'import.typeColumn', true),
        end('start', mapping.start), end('end', mapping.end),
        h('label', null, gas.t('import.missingEnd') + ' ', h('select', { name: 'missingEnds' },
          h('option', { value: 'skip', selected: mapping.missingEnds !== 'create' }, gas.t('import.skipRow')),
          h('option', { value: 'create', selected: mapping.missingEnds === 'create' }, gas.t('import.createNode'))))));
    }
    var byColumn = {};
    (mapping.columns || []).forEach(function (c) { byColumn[c.column] = c; });
    var rows = current.table.columns.map(function (col) {
      var c = byColumn[col.name] || { column: col.name, property: col.name, type: col.type, skip: !mapping.columns ? false : true };
      return h('tr', { dataset: { column: col.name } },
        h('th', { scope: 'row' }, col.name),
        h('td', null, h('input', { type: 'checkbox', name: 'columnInclude', checked: !c.skip, 'aria-label': gas.t('import.includeColumn', { name: col.name }) })),
        h('td', null, h('input', { name: 'columnProperty', value: c.property || col.name, 'aria-label': gas.t('import.propertyFor', { name: col.name }) })),
        h('td', null, h('select', { name: 'columnType', 'aria-label': gas.t('import.typeOf', { name: col.name }) }, TYPES.map(function (t) { return h('option', { value: t, selected: t === (c.type || 'string') }, t); }))),
        h('td', null, h('input', { name: 'columnSeparator', value: c.separator || '', size: 3, 'aria-label': gas.t('import.separatorOf', { name: col.name }) })));
    });
    mappingForm.appendChild(h('table', { className: 'grid', id: 'import-columns' },
      h('thead', null, h('tr', null, [gas.t('import.column'), gas.t('import.importColumn'), gas.t('acl.property'), gas.t('acl.preview.type'), gas.t('import.listSeparator')].map(function (c) { return h('th', { scope: 'col' }, c); }))),
      h('tbody', null, rows)));
  }

  function value(name) {
    var el = mappingForm.elements.namedItem(name);
    return el && 'value' in el ? String(el.value).trim() : '';
  }

  function readMapping() {
    var base = current.table ? current.table.mapping : current.analysis.graphml.mapping;
    if (base.kind === 'graphml') {
      var g = { kind: 'graphml', defaultLabel: value('defaultLabel') || 'Node', defaultType: value('defaultType') || 'RELATED_TO', idProperty: value('idProperty') || null };
      if (value('mergeLabel') && value('mergeProperty')) g.mergeKey = { label: value('mergeLabel'), property: value('mergeProperty') };
      g.keys = {};
      g.typeKey = null;
      Array.prototype.forEach.call(mappingForm.querySelectorAll('select[name="keyChoice"]'), function (select) {
        if (select.value === 'type') {
          if (g.typeKey === null) g.typeKey = select.dataset.key;
          g.keys[select.dataset.key] = 'skip';
        } else g.keys[select.dataset.key] = select.value;
      });
      return g;
    }
    var m = {};
    ['sheet', 'encoding', 'delimiter', 'quote', 'header'].forEach(function (k) { if (base[k] !== undefined) m[k] = base[k]; });
    m.kind = value('kind') || base.kind;
    var table = document.getElementById('import-columns');
    m.columns = table ? Array.prototype.map.call(table.querySelectorAll('tbody tr'), function (tr) {
      var c = { column: tr.dataset.column, property: tr.querySelector('[name="columnProperty"]').value.trim(), type: tr.querySelector('[name="columnType"]').value };
      var sep = tr.querySelector('[name="columnSeparator"]').value;
      if (sep) c.separator = sep;
      if (!tr.querySelector('[name="columnInclude"]').checked) c.skip = true;
      return c;
    }) : base.columns;
    if (m.kind === 'nodes') {
      m.labels = value('labels').split(',').map(function (s) { return s.trim(); }).filter(Boolean);
      if (value('labelColumn')) m.labelColumn = value('labelColumn');
      if (value('mergeLabel') && value('mergeProperty')) m.mergeKey = { label: value('mergeLabel'), property: value('mergeProperty') };
    } else if (value('startColumn')) {
      if (value('type')) m.type = value('type');
      if (value('typeColumn')) m.typeColumn = value('typeColumn');
      m.start = { column: value('startColumn'), label: value('startLabel'), property: value('startProperty') };
      m.end = { column: value('endColumn'), label: value('endLabel'), property: value('endProperty') };
      m.missingEnds = value('missingEnds') || 'skip';
      var special = [m.start.column, m.end.column, m.typeColumn];
      m.columns.forEach(function (c) { if (special.indexOf(c.column) >= 0) c.skip = true; });
    }
    if (m.kind === 'nodes' && m.labelColumn) m.columns.forEach(function (c) { if (c.column === m.labelColumn) c.skip = true; });
    return m;
  }

  async function start(dryRun) {
    if (!current || running) return;
    if (!dryRun && imported[current.file.fileId]) return;
    var file = current.file;
    running = 'starting';
    updateButtons();
    var mapping = readMapping();
    mappings[current.file.fileId] = mapping;
    report.textContent = '';
    progressSection.hidden = false;
    document.getElementById('import-progress-title').textContent = dryRun ? gas.t('page.import.dryRun') : gas.t('page.import.progressTitle');
    progressBar.value = 0;
    progressText.textContent = gas.t('import.starting');
    try {
      var body = { fileId: file.fileId, mapping: mapping, dryRun: dryRun, background: true };
      if (allOrNothing.checked) body.allOrNothing = true;
      var state = await gas.post('/data/import/importFile', body);
      running = state.importId;
      if (!dryRun) imported[file.fileId] = state.importId;
      cancelButton.hidden = false;
      while (state.state === 'running') {
        showProgress(state);
        await new Promise(function (r) { setTimeout(r, 300); });
        state = await gas.get('/data/import/imports/' + encodeURIComponent(running));
      }
      showProgress(state);
      // A failed or cancelled import wrote nothing: the file may be imported again.
      if (!dryRun && state.state !== 'succeeded') delete imported[file.fileId];
      showReport(state);
    } catch (error) {
      progressText.textContent = '';
      gas.showStatus(status, error.message, 'error');
      if (!dryRun && error.problem && error.problem.code === 'IMPORT_ALREADY_STARTED') imported[file.fileId] = error.problem.importId;
    } finally {
      running = null;
      cancelButton.hidden = true;
      updateButtons();
    }
  }

  function showProgress(state) {
    var p = state.progress;
    var total = p.rowsTotal || 0;
    progressBar.value = state.state === 'running' ? (total ? Math.min(99, Math.floor((p.rowsDone * 100) / total)) : 0) : 100;
    progressText.textContent = state.state === 'running'
      ? gas.t(total ? 'import.progressOf' : 'import.progress', { done: gas.n(p.rowsDone), total: gas.n(total), rate: gas.n(p.rowsPerSecond) })
      : state.report && state.report.outcome === 'succeeded-with-rejected'
        ? gas.t('import.finishedWithRejected', { count: state.report.rowsRejected + state.report.rowsSkipped })
        : gas.t('import.state.' + (['succeeded', 'failed', 'cancelled'].indexOf(state.state) >= 0 ? state.state : 'other'), { state: state.state });
  }

  function showReport(state) {
    report.textContent = '';
    if (state.error) {
      gas.showStatus(status, state.error.message, state.state === 'cancelled' ? 'ok' : 'error');
    } else if (state.dryRun) {
      gas.showStatus(status, gas.t('import.dryRunFinished'), 'ok');
    } else if (state.report && state.report.outcome === 'succeeded-with-rejected') {
      // Not a plain success: some rows are not in the graph.
      gas.showStatus(status, gas.t('import.finishedWithRejected', { count: state.report.rowsRejected + state.report.rowsSkipped }), 'error');
    } else {
      gas.showStatus(status, gas.t('import.finished'), 'ok');
    }
    var r = state.report;
    if (!r) return;
    report.appendChild(h('dl', { className: 'report', id: 'import-report-counts' },
      [['import.rowsRead', r.rowsRead], ['import.nodesCreated', r.nodesCreated], ['import.nodesUpdated', r.nodesUpdated], ['import.relationshipsCreated', r.relationshipsCreated],
        ['import.rowsSkipped', r.rowsSkipped], ['import.rowsRejected', r.rowsRejected]].map(function (pair) {
        return [h('dt', null, gas.t(pair[0])), h('dd', null, gas.n(pair[1]))];
      }).concat([[h('dt', null, gas.t('page.jobs.duration')), h('dd', null, gas.n(r.durationMs) + ' ms')]]).map(function (pair) {
        return pair;
      })));
    if (r.rejected.length) {
      report.appendChild(h('ul', { id: 'import-rejected' }, r.rejected.map(function (x) { return h('li', null, gas.t('import.rejectedRow', { row: gas.n(x.row), reason: x.reason })); })));
      report.appendChild(h('a', { href: '/data/import/imports/' + encodeURIComponent(state.importId) + '/rejected.csv', download: '' }, gas.t('import.downloadRejected')));
    }
    if (state.dryRun || state.state !== 'succeeded') return;
    // What next: open what was imported in the workspace, or undo the import.
    var next = h('div', { className: 'actions', id: 'import-next' });
    if (state.createdNodeIds && state.createdNodeIds.length) {
      next.appendChild(h('a', { className: 'button', id: 'import-open-workspace', href: '/visualization?nodes=' + state.createdNodeIds.map(encodeURIComponent).join(',') }, gas.t('import.openWorkspace')));
    }
    if (state.undo && state.undo.possible) {
      var undoButton = h('button', { type: 'button', className: 'secondary', id: 'import-undo', onclick: async function () {
        if (!window.confirm(gas.t('import.undoConfirm', { nodes: gas.n(r.nodesCreated), relationships: gas.n(r.relationshipsCreated) }))) return;
        undoButton.disabled = true;
        try {
          await gas.post('/data/import/imports/' + encodeURIComponent(state.importId) + '/undo', {});
          next.remove();
          Object.keys(imported).forEach(function (fileId) { if (imported[fileId] === state.importId) delete imported[fileId]; });
          updateButtons();
          gas.showStatus(status, gas.t('import.undone', { nodes: gas.n(r.nodesCreated), relationships: gas.n(r.relationshipsCreated) }), 'ok');
        } catch (error) {
          undoButton.disabled = false;
          gas.showStatus(status, error.message, 'error');
        }
      } }, gas.t('import.undo'));
      next.appendChild(undoButton);
    } else if (state.undo && state.undo.reason) {
      next.appendChild(h('p', { className: 'muted' }, state.undo.reason));
    }
    report.appendChild(next);
  }

  dryRunButton.addEventListener('click', function () { start(true); });
  runButton.addEventListener('click', function () { start(false); });
  cancelButton.addEventListener('click', async function () {
    if (!running) return;
    try {
      await gas.del('/data/import/imports/' + encodeURIComponent(running));
    } catch (error) {
      gas.showStatus(status, error.message, 'error');
    }
  });
})();
