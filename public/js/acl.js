/*
 * Access control page: each group's entitySecurity, propertySecurity and dataSecurity, each with
 * pickers offering the graph's labels, types and properties (they write the JSON below them) and the
 * raw JSON for experts. A rejected configuration shows the problem's detail next to its editor.
 * "See as a user" shows what a chosen user would see (GET /users/{id}/preview).
 */
(function () {
  'use strict';
  var gas = window.gas;
  var h = gas.h;
  var words = window.gasSecurityWords;
  var container = document.getElementById('acl-groups');
  var status = document.getElementById('acl-status');
  var uid = 0;

  var OPERATORS = ['=', '<>', '<', '<=', '>', '>=', 'CONTAINS', 'STARTS WITH', 'ENDS WITH', '=~', 'IN', 'IS NULL', 'IS NOT NULL'];
  var OPERATOR_WORDS = {
    '=': gas.t('acl.op.eq'), '<>': gas.t('acl.op.ne'), '<': gas.t('acl.op.lt'), '<=': gas.t('acl.op.le'), '>': gas.t('acl.op.gt'), '>=': gas.t('acl.op.ge'),
    CONTAINS: gas.t('acl.op.contains'), 'STARTS WITH': gas.t('acl.op.startsWith'), 'ENDS WITH': gas.t('acl.op.endsWith'), '=~': gas.t('acl.op.matches'), IN: gas.t('acl.op.in'),
    'IS NULL': gas.t('acl.op.isNull'), 'IS NOT NULL': gas.t('acl.op.isNotNull'),
  };

  var KINDS = [
    { key: 'entitySecurity', label: gas.t('page.acl.entitySecurity'), saveLabel: gas.t('acl.saveEntity'), save: function (id, value) { return gas.post('/groups/' + id + '/entitySecurity', value); }, keys: ['nodeFilter', 'relationshipFilter'] },
    { key: 'propertySecurity', label: gas.t('page.acl.propertySecurity'), saveLabel: gas.t('acl.saveProperty'), save: function (id, value) { return gas.post('/groups/' + id + '/propertySecurity', value); }, keys: ['nodes', 'relationships'] },
    { key: 'dataSecurity', label: gas.t('page.acl.dataSecurity'), saveLabel: gas.t('acl.saveData'), save: function (id, value) { return gas.put('/groups/' + id + '/dataSecurity', value); }, keys: ['rules'] },
  ];

  function pretty(value) {
    return JSON.stringify(value === undefined || value === null ? {} : value, null, 2);
  }

  function nextId(prefix) {
    uid += 1;
    return prefix + '-' + uid;
  }

  /** A labelled input offering a datalist (labels, types or properties), free text allowed. */
  function pickInput(text, list, name, extra) {
    var id = nextId('pick');
    var input = h('input', Object.assign({ id: id, name: name, list: list, autocomplete: 'off', size: 14 }, extra || {}));
    return { input: input, label: h('label', { for: id }, text, input) };
  }

  /** Checks the shape in words before sending; the server's validation stays the authority. */
  function shapeProblem(kind, value) {
    if (!value || typeof value !== 'object' || Array.isArray(value)) return gas.t('acl.shapeObject');
    var unknown = Object.keys(value).filter(function (key) { return kind.keys.indexOf(key) < 0; });
    if (unknown.length) return gas.t('acl.unknownField', { field: unknown[0], allowed: kind.keys.join(', ') });
    if (kind.key === 'dataSecurity' && value.rules !== undefined && !Array.isArray(value.rules)) return gas.t('acl.rulesList');
    return null;
  }

  function readJson(textarea) {
    try { return { value: JSON.parse(textarea.value || '{}') }; } catch (error) { return { error: gas.t('settings.notJson', { reason: error.message }) }; }
  }

  /* ---------- pickers per kind; each writes the JSON of its editor ---------- */

  function entityBuilder(textarea, onChange) {
    var nodes = pickInput(gas.t('acl.label'), 'acl-labels', 'label');
    var types = pickInput(gas.t('acl.relationshipType'), 'acl-types', 'type');
    var summary = h('ul', { className: 'rule-list' });
    function current() { var r = readJson(textarea); return r.error || !r.value || typeof r.value !== 'object' ? {} : r.value; }
    function namesOf(filter, key) {
      if (!filter) return [];
      if (filter[key]) return [filter[key]];
      if (Array.isArray(filter.or) && filter.or.every(function (f) { return f && typeof f[key] === 'string' && Object.keys(f).length === 1; })) return filter.or.map(function (f) { return f[key]; });
      return null;
    }
    function write(value) { textarea.value = pretty(value); onChange(); render(); }
    function setNames(field, key, names) {
      var value = current();
      if (!names.length) delete value[field];
      else value[field] = names.length === 1 ? (function () { var f = {}; f[key] = names[0]; return f; })() : { or: names.map(function (n) { var f = {}; f[key] = n; return f; }) };
      write(value);
    }
    function add(field, key, input) {
      var name = input.value.trim();
      if (!name) return;
      var names = namesOf(current()[field], key);
      if (names === null) names = [];
      if (names.indexOf(name) < 0) names.push(name);
      input.value = '';
      setNames(field, key, names);
    }
    function render() {
      var value = current();
      summary.replaceChildren();
      [['nodeFilter', 'label', gas.t('acl.nodesColon')], ['relationshipFilter', 'type', gas.t('acl.relationshipsColon')]].forEach(function (entry) {
        var names = namesOf(value[entry[0]], entry[1]);
        var item = h('li', null, h('strong', null, entry[2]), ' ');
        if (names === null) item.appendChild(document.createTextNode(gas.t('acl.editInJson', { filter: words.describeFilter(value[entry[0]]) })));
        else if (!names.length) item.appendChild(document.createTextNode(gas.t('acl.all.noRestriction')));
        else names.forEach(function (name) {
          item.appendChild(h('span', { className: 'chip' }, gas.t(entry[1] === 'label' ? 'security.label' : 'security.type', { name: name }),
            h('button', { type: 'button', className: 'link', 'aria-label': gas.t('acl.removeName', { name: name }), onclick: function () {
              setNames(entry[0], entry[1], names.filter(function (n) { return n !== name; }));
            } }, '×')));
        });
        summary.appendChild(item);
      });
    }
    textarea.addEventListener('input', render);
    render();
    return h('div', { className: 'builder' },
      h('p', { className: 'muted small' }, gas.t('acl.entityHint')),
      summary,
      h('div', { className: 'picker-row' }, nodes.label, h('button', { type: 'button', className: 'secondary', onclick: function () { add('nodeFilter', 'label', nodes.input); } }, gas.t('acl.addLabel'))),
      h('div', { className: 'picker-row' }, types.label, h('button', { type: 'button', className: 'secondary', onclick: function () { add('relationshipFilter', 'type', types.input); } }, gas.t('acl.addType'))));
  }

  function propertyBuilder(textarea, onChange) {
    var target = h('select', { name: 'target' }, h('option', { value: 'nodes' }, gas.t('acl.nodesWithLabel')), h('option', { value: 'relationships' }, gas.t('acl.relationshipsOfType')));
    var targetId = nextId('pick');
    target.id = targetId;
    var name = pickInput(gas.t('acl.labelOrTypeAll'), 'acl-labels', 'name', { value: '*' });
    var property = pickInput(gas.t('acl.property'), 'acl-properties', 'property');
    var modeId = nextId('pick');
    var mode = h('select', { id: modeId, name: 'mode' }, h('option', { value: 'disabled' }, gas.t('acl.hide')), h('option', { value: 'enabled' }, gas.t('acl.showOnly')));
    var summary = h('ul', { className: 'rule-list' });
    target.addEventListener('change', function () { name.input.setAttribute('list', target.value === 'nodes' ? 'acl-labels' : 'acl-types'); });
    function current() { var r = readJson(textarea); return r.error || !r.value || typeof r.value !== 'object' ? {} : r.value; }
    function render() {
      var value = current();
      summary.replaceChildren();
      ['nodes', 'relationships'].forEach(function (side) {
        var rules = value[side] || {};
        Object.keys(rules).forEach(function (key) {
          ['enabled', 'disabled'].forEach(function (list) {
            (rules[key][list] || []).forEach(function (prop) {
              var template = side === 'nodes'
                ? (list === 'enabled' ? 'acl.rule.nodesShowOnly' : 'acl.rule.nodesHide')
                : (list === 'enabled' ? 'acl.rule.relationshipsShowOnly' : 'acl.rule.relationshipsHide');
              summary.appendChild(h('li', null,
                gas.t(template, { name: key === '*' ? gas.t('acl.all') : key, property: prop }),
                h('button', { type: 'button', className: 'link', 'aria-label': gas.t('acl.remove'), onclick: function () {
                  var v = current();
                  var rule = v[side][key];
                  rule[list] = rule[list].filter(function (p) { return p !== prop; });
                  if (list === 'disabled' && !rule[list].length) delete rule[list];
                  if (!rule.enabled && !rule.disabled) delete v[side][key];
                  if (!Object.keys(v[side]).length) delete v[side];
                  textarea.value = pretty(v); onChange(); render();
                } }, gas.t('acl.remove'))));
            });
            if (list === 'enabled' && Array.isArray(rules[key].enabled) && !rules[key].enabled.length) {
              summary.appendChild(h('li', null, gas.t(side === 'nodes' ? 'acl.rule.nodesNone' : 'acl.rule.relationshipsNone', { name: key })));
            }
          });
        });
      });
      if (!summary.children.length) summary.appendChild(h('li', { className: 'muted' }, gas.t('acl.noPropertyRule')));
    }
    function add() {
      var key = name.input.value.trim() || '*';
      var prop = property.input.value.trim();
      if (!prop) return;
      var v = current();
      var side = target.value;
      v[side] = v[side] || {};
      v[side][key] = v[side][key] || {};
      var list = v[side][key][mode.value] = v[side][key][mode.value] || [];
      if (list.indexOf(prop) < 0) list.push(prop);
      property.input.value = '';
      textarea.value = pretty(v); onChange(); render();
    }
    textarea.addEventListener('input', render);
    render();
    return h('div', { className: 'builder' },
      summary,
      h('div', { className: 'picker-row' },
        h('label', { for: targetId }, gas.t('acl.appliesTo'), target), name.label,
        h('label', { for: modeId }, gas.t('acl.rule'), mode), property.label,
        h('button', { type: 'button', className: 'secondary', onclick: add }, gas.t('acl.addPropertyRule'))));
  }

  function dataBuilder(textarea, onChange) {
    var targetId = nextId('pick');
    var target = h('select', { id: targetId, name: 'target' }, h('option', { value: 'label' }, gas.t('acl.nodesWithLabel')), h('option', { value: 'type' }, gas.t('acl.relationshipsOfType')));
    var name = pickInput(gas.t('acl.labelOrType'), 'acl-labels', 'name');
    var property = pickInput(gas.t('acl.property'), 'acl-properties', 'property');
    var operatorId = nextId('pick');
    var operator = h('select', { id: operatorId, name: 'operator' }, OPERATORS.map(function (op) { return h('option', { value: op }, OPERATOR_WORDS[op]); }));
    var value = pickInput(gas.t('acl.value'), null, 'value');
    value.input.removeAttribute('list');
    var description = pickInput(gas.t('acl.descriptionOptional'), null, 'description');
    description.input.removeAttribute('list');
    var error = h('p', { className: 'form-message' });
    var summary = h('ul', { className: 'rule-list' });
    target.addEventListener('change', function () { name.input.setAttribute('list', target.value === 'label' ? 'acl-labels' : 'acl-types'); });
    operator.addEventListener('change', function () { value.input.disabled = /NULL/.test(operator.value); });
    function current() { var r = readJson(textarea); return r.error || !r.value || typeof r.value !== 'object' ? { rules: [] } : r.value; }
    function render() {
      var rules = current().rules || [];
      summary.replaceChildren();
      if (!Array.isArray(rules) || !rules.length) { summary.appendChild(h('li', { className: 'muted' }, gas.t('acl.noDataRule'))); return; }
      rules.forEach(function (rule, index) {
        summary.appendChild(h('li', null,
          gas.t(rule.label
            ? (rule.description ? 'acl.data.nodesDescribed' : 'acl.data.nodes')
            : (rule.description ? 'acl.data.relationshipsDescribed' : 'acl.data.relationships'),
          { name: rule.label || rule.type, condition: words.describeFilter(rule.filter), description: rule.description || '' }),
          h('button', { type: 'button', className: 'link', onclick: function () {
            var v = current();
            v.rules.splice(index, 1);
            textarea.value = pretty(v); onChange(); render();
          } }, gas.t('acl.remove'))));
      });
    }
    function parseValue(text, op) {
      if (op === 'IN') {
        var list = JSON.parse(text);
        if (!Array.isArray(list)) throw new Error(gas.t('acl.inList'));
        return list;
      }
      var trimmed = text.trim();
      if (/^-?\d+(\.\d+)?$/.test(trimmed)) return Number(trimmed);
      if (trimmed === 'true' || trimmed === 'false') return trimmed === 'true';
      return text;
    }
    function add() {
      error.textContent = '';
      error.className = 'form-message';
      var kindName = name.input.value.trim();
      var prop = property.input.value.trim();
      if (!kindName || !prop) {
        error.textContent = gas.t('acl.chooseLabelAndProperty');
        error.className = 'form-message error';
        return;
      }
      var filter = { property: prop, operator: operator.value };
      if (!/NULL/.test(operator.value)) {
        try { filter.value = parseValue(value.input.value, operator.value); } catch (e) {
          error.textContent = gas.t('acl.valueInvalid', { reason: e.message });
          error.className = 'form-message error';
          return;
        }
      }
      var rule = {};
      rule[target.value] = kindName;
      rule.filter = filter;
      if (description.input.value.trim()) rule.description = description.input.value.trim();
      var v = current();
      if (!Array.isArray(v.rules)) v.rules = [];
      v.rules.push(rule);
      property.input.value = '';
      value.input.value = '';
      description.input.value = '';
      textarea.value = pretty(v); onChange(); render();
    }
    textarea.addEventListener('input', render);
    render();
    return h('div', { className: 'builder' },
      summary,
      h('div', { className: 'picker-row' },
        h('label', { for: targetId }, gas.t('acl.appliesTo'), target), name.label, property.label,
        h('label', { for: operatorId }, gas.t('acl.condition'), operator), value.label, description.label,
        h('button', { type: 'button', className: 'secondary', onclick: add }, gas.t('acl.addDataRule'))),
      error);
  }

  var BUILDERS = { entitySecurity: entityBuilder, propertySecurity: propertyBuilder, dataSecurity: dataBuilder };

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

  function setMessage(message, text, kind) {
    message.textContent = text;
    message.className = kind;
    message.setAttribute('role', kind === 'error' ? 'alert' : 'status');
  }

  function editor(group, kind, value, loadError) {
    var id = String(group.id);
    var fieldId = 'acl-' + id + '-' + kind.key;
    var textarea = h('textarea', { id: fieldId, className: 'json', rows: 8, spellcheck: 'false', 'aria-describedby': fieldId + '-message' }, loadError ? '' : pretty(value));
    var message = h('p', { id: fieldId + '-message', className: loadError ? 'error' : 'message', role: loadError ? 'alert' : null }, loadError || '');
    function changed() { setMessage(message, gas.t('settings.changed'), 'message'); }
    var form = h('form', { className: 'acl-editor', dataset: { kind: kind.key } },
      h('h3', { className: 'block-label' }, kind.label),
      BUILDERS[kind.key](textarea, changed),
      h('details', { className: 'raw-json' },
        h('summary', null, gas.t('settings.rawJson')),
        h('label', { for: fieldId, className: 'visually-hidden' }, gas.t('acl.kindAsJson', { kind: kind.label })),
        textarea,
        h('button', { type: 'button', className: 'secondary', onclick: function () {
          var parsed = readJson(textarea);
          if (parsed.error) setMessage(message, parsed.error, 'error');
          else { textarea.value = pretty(parsed.value); setMessage(message, '', 'message'); }
        } }, gas.t('acl.format'))),
      message,
      h('div', { className: 'actions' },
        h('button', { type: 'submit' }, kind.saveLabel)));
    form.addEventListener('submit', async function (event) {
      event.preventDefault();
      var parsed = readJson(textarea);
      if (parsed.error) { setMessage(message, parsed.error, 'error'); return; }
      var problem = shapeProblem(kind, parsed.value);
      if (problem) { setMessage(message, problem, 'error'); return; }
      try {
        var saved = await kind.save(encodeURIComponent(id), parsed.value);
        textarea.value = pretty(saved && typeof saved === 'object' && !Array.isArray(saved) ? (saved[kind.key] !== undefined ? saved[kind.key] : saved) : parsed.value);
        textarea.dispatchEvent(new Event('input'));
        setMessage(message, gas.t('common.saved'), 'ok');
      } catch (error) {
        setMessage(message, error.message, 'error');
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

  function fillList(id, names) {
    var list = document.getElementById(id);
    list.replaceChildren.apply(list, [h('option', { value: '*' })].concat((names || []).map(function (name) { return h('option', { value: name }); })));
  }

  async function loadVocabulary() {
    var results = await Promise.all([
      gas.get('/data/nodes/possibleLabels').catch(function () { return []; }),
      gas.get('/data/relationships/possibleTypes').catch(function () { return []; }),
      gas.get('/data/possiblePropertyKeys').catch(function () { return []; }),
    ]);
    fillList('acl-labels', results[0]);
    fillList('acl-types', results[1]);
    var props = document.getElementById('acl-properties');
    props.replaceChildren.apply(props, (results[2] || []).map(function (name) { return h('option', { value: name }); }));
  }

  /* ---------- see as a user ---------- */
  var previewForm = document.getElementById('acl-preview-form');
  var previewUser = document.getElementById('acl-preview-user');
  var previewResult = document.getElementById('acl-preview-result');

  function countTable(caption, kind, heading, rows) {
    return h('div', { className: 'table-scroll' }, h('table', { className: 'grid preview-table', dataset: { kind: kind } },
      h('caption', null, caption),
      h('thead', null, h('tr', null, h('th', { scope: 'col' }, heading), h('th', { scope: 'col' }, gas.t('acl.visible')))),
      h('tbody', null, rows.length ? rows.map(function (row) { return h('tr', { dataset: { name: row[0] } }, h('td', null, row[0]), h('td', null, gas.n(row[1]))); })
        : h('tr', null, h('td', { colSpan: 2, className: 'muted' }, gas.t('acl.none'))))));
  }

  previewForm.addEventListener('submit', async function (event) {
    event.preventDefault();
    if (!previewUser.value) return;
    previewResult.replaceChildren(h('p', { className: 'muted' }, gas.t('acl.computing')));
    try {
      var p = await gas.get('/users/' + encodeURIComponent(previewUser.value) + '/preview?sample=10');
      var sampleRows = p.sample.map(function (node) {
        return h('tr', { dataset: { nodeId: node.id } }, h('td', null, node.labels.join(', ')), h('td', { className: 'wrap' }, Object.keys(node.properties).map(function (key) { return key + ': ' + JSON.stringify(node.properties[key]); }).join('; ')));
      });
      previewResult.replaceChildren(
        h('p', { className: p.unrestricted ? 'notice' : 'muted' },
          gas.t(p.unrestricted ? 'acl.preview.unrestricted' : p.readAllData ? 'acl.preview.readAll' : 'acl.preview.sees',
            { username: p.username, nodes: gas.n(p.nodes.total), relationships: gas.n(p.relationships.total) })),
        h('p', { className: 'preview-totals', dataset: { nodes: String(p.nodes.total), relationships: String(p.relationships.total) } },
          gas.t('acl.preview.totals', { nodes: gas.n(p.nodes.total), relationships: gas.n(p.relationships.total) })),
        countTable(gas.t('acl.preview.perLabel'), 'label', gas.t('acl.preview.label'), p.nodes.perLabel.map(function (e) { return [e.label, e.count]; })),
        countTable(gas.t('acl.preview.perType'), 'type', gas.t('acl.preview.type'), p.relationships.perType.map(function (e) { return [e.type, e.count]; })),
        h('div', { className: 'table-scroll' }, h('table', { className: 'grid preview-sample' },
          h('caption', null, gas.t('acl.sampleCaption')),
          h('thead', null, h('tr', null, h('th', { scope: 'col' }, gas.t('acl.labels')), h('th', { scope: 'col' }, gas.t('acl.properties')))),
          h('tbody', null, sampleRows.length ? sampleRows : h('tr', null, h('td', { colSpan: 2, className: 'muted' }, gas.t('acl.noVisibleNode')))))));
    } catch (error) {
      previewResult.replaceChildren(h('p', { className: 'error', role: 'alert' }, error.message));
    }
  });

  async function loadUsers() {
    try {
      var users = gas.listOf(await gas.get('/users/info'), ['users']);
      users.sort(function (a, b) { return String(a.username).localeCompare(String(b.username)); });
      previewUser.replaceChildren.apply(previewUser, [h('option', { value: '' }, gas.t('acl.chooseUser'))].concat(users.map(function (user) { return h('option', { value: String(user.id) }, user.username); })));
    } catch (error) {
      previewUser.replaceChildren(h('option', { value: '' }, error.message));
    }
  }

  async function load() {
    try {
      var results = await Promise.all([gas.get('/groups'), loadDataSecurity()]);
      var groups = gas.listOf(results[0], ['groups']);
      groups.sort(function (a, b) { return String(a.name).localeCompare(String(b.name)); });
      if (!groups.length) {
        container.replaceChildren(h('p', { className: 'muted' }, gas.t('acl.noGroups'), ' ', h('a', { href: '/groups/list' }, gas.t('acl.groupsPage'))));
        return;
      }
      var sections = await Promise.all(groups.map(function (group) { return groupSection(group, results[1]); }));
      container.replaceChildren.apply(container, sections);
    } catch (error) {
      container.replaceChildren();
      gas.showStatus(status, error.message, 'error');
    }
  }

  loadVocabulary();
  loadUsers();
  load();
})();
