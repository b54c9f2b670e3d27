/*
 * Form editors for the settings page. Each editor shows one setting's JSON (in the textarea it is
 * given) as fields, and writes every change back into that JSON: the JSON stays the value that is
 * saved, the form is a view of it. Pickers offer the labels, types and property keys of the graph.
 */
(function () {
  'use strict';
  var gas = window.gas;
  var h = gas.h;
  var uid = 0;
  var DATA_TYPES = ['string', 'integer', 'float', 'boolean', 'date', 'datetime', 'list'];
  var ROLES = ['', 'title', 'subtitle', 'uid', 'description', 'image', 'none'];
  var ROLE_WORDS = { '': gas.t('settingsForms.role.none'), title: gas.t('settingsForms.role.title'), subtitle: gas.t('settingsForms.role.subtitle'), uid: gas.t('settingsForms.role.uid'), description: gas.t('settingsForms.role.description'), image: gas.t('settingsForms.role.image'), none: gas.t('settingsForms.role.hidden') };

  function nextId() { uid += 1; return 'sf-' + uid; }

  function read(textarea, fallback) {
    try {
      var value = JSON.parse(textarea.value);
      return value && typeof value === 'object' && !Array.isArray(value) ? value : fallback;
    } catch (error) {
      return null;
    }
  }

  function field(text, input) {
    var id = input.id || nextId();
    input.id = id;
    return h('label', { for: id }, text, input);
  }

  function isColour(value) {
    return typeof CSS !== 'undefined' && CSS.supports ? CSS.supports('color', value) : /^#[0-9a-f]{3,8}$/i.test(value);
  }

  /** #rgb / #rrggbb for the colour picker; other CSS colours stay in the text field. */
  function hexOf(value) {
    if (/^#[0-9a-f]{6}$/i.test(value)) return value;
    if (/^#[0-9a-f]{3}$/i.test(value)) return '#' + value.slice(1).split('').map(function (c) { return c + c; }).join('');
    return '#888888';
  }

  /**
   * The common frame: renders the fields from the JSON, rewrites the JSON on change, re-renders when
   * the JSON is edited by hand or loaded (default / automatic). Invalid JSON disables the form.
   */
  function frame(textarea, onChange, fallback, build) {
    var box = h('div', { className: 'setting-form' });
    function render() {
      var value = read(textarea, fallback());
      if (value === null) {
        box.replaceChildren(h('p', { className: 'muted' }, gas.t('settingsForms.invalidJson')));
        return;
      }
      box.replaceChildren(build(value, function (next, rerender) {
        textarea.value = JSON.stringify(next, null, 2);
        onChange();
        if (rerender !== false) render();
      }));
    }
    textarea.addEventListener('input', render);
    textarea.addEventListener('setting-loaded', render);
    render();
    return box;
  }

  function removeButton(text, onclick) {
    return h('button', { type: 'button', className: 'link', onclick: onclick }, text);
  }

  /** A list of names as chips, with an input (and datalist) to add one; '*' may mean "all". */
  function nameList(caption, names, list, allowAll, write) {
    var input = h('input', { list: list, autocomplete: 'off', size: 16 });
    var all = allowAll && names.indexOf('*') >= 0;
    var chips = all ? [h('span', { className: 'chip' }, gas.t('settingsForms.allChip'))]
      : names.map(function (name) {
        return h('span', { className: 'chip', dataset: { name: name } }, name, ' ',
          h('button', { type: 'button', className: 'link', 'aria-label': gas.t('acl.removeName', { name: name }), onclick: function () { write(names.filter(function (n) { return n !== name; })); } }, '×'));
      });
    var allBox = allowAll ? h('label', { className: 'check' }, h('input', { type: 'checkbox', checked: all, onchange: function (event) { write(event.target.checked ? ['*'] : []); } }), ' ' + gas.t('settingsForms.allCheck')) : null;
    return h('fieldset', { className: 'name-list' }, h('legend', null, caption),
      h('div', { className: 'chips' }, chips.length ? chips : h('span', { className: 'muted' }, gas.t('common.none'))),
      allBox,
      all ? null : h('div', { className: 'picker-row' }, field(gas.t('settingsForms.add'), input),
        h('button', { type: 'button', className: 'secondary', onclick: function () {
          var name = input.value.trim();
          if (name && names.indexOf(name) < 0) write(names.concat([name]));
        } }, gas.t('settingsForms.add'))));
  }

  /* ---------------- APPEARANCE ---------------- */
  function appearance(textarea, onChange) {
    return frame(textarea, onChange, function () { return { nodeCaptions: {}, colors: {}, relationshipColors: {} }; }, function (value, write) {
      value.nodeCaptions = value.nodeCaptions || {};
      value.colors = value.colors || {};
      value.relationshipColors = value.relationshipColors || {};
      var problems = h('p', { className: 'form-message' });
      function colourInputs(map, key, name) {
        var text = h('input', { value: map[key] || '', size: 10, 'aria-label': gas.t('settingsForms.colourOf', { name: name }), placeholder: '#4e79a7' });
        var picker = h('input', { type: 'color', value: hexOf(map[key] || ''), 'aria-label': gas.t('settingsForms.pickColour', { name: name }) });
        picker.addEventListener('input', function () { text.value = picker.value; map[key] = picker.value; write(value, false); });
        text.addEventListener('change', function () {
          var colour = text.value.trim();
          if (colour && !isColour(colour)) {
            problems.textContent = gas.t('settingsForms.notColour', { value: colour });
            problems.className = 'form-message error';
            return;
          }
          problems.textContent = '';
          problems.className = 'form-message';
          if (colour) map[key] = colour; else delete map[key];
          write(value);
        });
        return h('span', { className: 'colour-inputs' }, picker, ' ', text);
      }
      var labels = Object.keys(value.colors).concat(Object.keys(value.nodeCaptions)).filter(function (l, i, a) { return a.indexOf(l) === i; }).sort();
      var types = Object.keys(value.relationshipColors).sort();
      var labelRows = labels.map(function (label) {
        var caption = h('input', { list: 'settings-properties', value: value.nodeCaptions[label] || '', size: 12, 'aria-label': gas.t('settingsForms.captionOf', { label: label }) });
        caption.addEventListener('change', function () {
          var p = caption.value.trim();
          if (p) value.nodeCaptions[label] = p; else delete value.nodeCaptions[label];
          write(value);
        });
        return h('tr', { dataset: { label: label } }, h('th', { scope: 'row' }, label), h('td', null, colourInputs(value.colors, label, label)), h('td', null, caption),
          h('td', null, removeButton(gas.t('acl.remove'), function () { delete value.colors[label]; delete value.nodeCaptions[label]; write(value); })));
      });
      var typeRows = types.map(function (type) {
        return h('tr', { dataset: { type: type } }, h('th', { scope: 'row' }, type), h('td', null, colourInputs(value.relationshipColors, type, type)),
          h('td', null, removeButton(gas.t('acl.remove'), function () { delete value.relationshipColors[type]; write(value); })));
      });
      var newLabel = h('input', { list: 'settings-labels', size: 14 });
      var newType = h('input', { list: 'settings-types', size: 14 });
      return h('div', null,
        h('p', { className: 'muted small' }, gas.t('settingsForms.appearanceHint')),
        h('div', { className: 'table-scroll' }, h('table', { className: 'grid compact' },
          h('caption', null, gas.t('settingsForms.nodeLabels')),
          h('thead', null, h('tr', null, h('th', { scope: 'col' }, gas.t('acl.label')), h('th', { scope: 'col' }, gas.t('settingsForms.colour')), h('th', { scope: 'col' }, gas.t('settingsForms.captionProperty')), h('th', { scope: 'col' }, h('span', { className: 'visually-hidden' }, gas.t('common.actions'))))),
          h('tbody', null, labelRows.length ? labelRows : h('tr', null, h('td', { colSpan: 4, className: 'muted' }, gas.t('settingsForms.noLabel')))))),
        h('div', { className: 'picker-row' }, field(gas.t('acl.label'), newLabel), h('button', { type: 'button', className: 'secondary', onclick: function () {
          var label = newLabel.value.trim();
          if (!label) return;
          if (!value.colors[label]) value.colors[label] = '#4e79a7';
          write(value);
        } }, gas.t('acl.addLabel'))),
        h('div', { className: 'table-scroll' }, h('table', { className: 'grid compact' },
          h('caption', null, gas.t('settingsForms.relationshipTypes')),
          h('thead', null, h('tr', null, h('th', { scope: 'col' }, gas.t('acl.preview.type')), h('th', { scope: 'col' }, gas.t('settingsForms.colour')), h('th', { scope: 'col' }, h('span', { className: 'visually-hidden' }, gas.t('common.actions'))))),
          h('tbody', null, typeRows.length ? typeRows : h('tr', null, h('td', { colSpan: 3, className: 'muted' }, gas.t('settingsForms.noType')))))),
        h('div', { className: 'picker-row' }, field(gas.t('acl.relationshipType'), newType), h('button', { type: 'button', className: 'secondary', onclick: function () {
          var type = newType.value.trim();
          if (!type) return;
          if (!value.relationshipColors[type]) value.relationshipColors[type] = '#999999';
          write(value);
        } }, gas.t('acl.addType'))),
        problems);
    });
  }

  /* ---------------- DATA_TYPES ---------------- */
  function dataTypes(textarea, onChange) {
    return frame(textarea, onChange, function () { return { nodeLabels: ['*'], relationshipTypes: ['*'], uid: { nodes: {}, relationships: {} } }; }, function (value, write) {
      value.nodeLabels = Array.isArray(value.nodeLabels) ? value.nodeLabels : ['*'];
      value.relationshipTypes = Array.isArray(value.relationshipTypes) ? value.relationshipTypes : ['*'];
      value.uid = value.uid || { nodes: {}, relationships: {} };
      value.uid.nodes = value.uid.nodes || {};
      value.uid.relationships = value.uid.relationships || {};
      var warning = !value.nodeLabels.length || !value.relationshipTypes.length
        ? h('p', { className: 'form-message error' }, gas.t('settingsForms.emptyList')) : null;
      var uidRows = [];
      ['nodes', 'relationships'].forEach(function (side) {
        Object.keys(value.uid[side]).sort().forEach(function (name) {
          uidRows.push(h('li', null, gas.format(side === 'nodes' ? gas.t('settingsForms.uidLabel') : gas.t('settingsForms.uidType'), { name: name, property: value.uid[side][name] }), ' ',
            removeButton(gas.t('acl.remove'), function () { delete value.uid[side][name]; write(value); })));
        });
      });
      var uidSide = h('select', null, h('option', { value: 'nodes' }, gas.t('acl.label')), h('option', { value: 'relationships' }, gas.t('acl.preview.type')));
      var uidName = h('input', { list: 'settings-labels', size: 12 });
      var uidProperty = h('input', { list: 'settings-properties', size: 12 });
      uidSide.addEventListener('change', function () { uidName.setAttribute('list', uidSide.value === 'nodes' ? 'settings-labels' : 'settings-types'); });
      return h('div', null,
        h('p', { className: 'muted small' }, gas.t('settingsForms.dataTypesHint')),
        nameList(gas.t('settingsForms.visibleLabels'), value.nodeLabels, 'settings-labels', true, function (names) { value.nodeLabels = names; write(value); }),
        nameList(gas.t('settingsForms.visibleTypes'), value.relationshipTypes, 'settings-types', true, function (names) { value.relationshipTypes = names; write(value); }),
        warning,
        h('fieldset', null, h('legend', null, gas.t('settingsForms.uidLegend')),
          h('ul', { className: 'rule-list' }, uidRows.length ? uidRows : h('li', { className: 'muted' }, gas.t('acl.none'))),
          h('div', { className: 'picker-row' }, field(gas.t('settingsForms.for'), uidSide), field(gas.t('common.name'), uidName), field(gas.t('acl.property'), uidProperty),
            h('button', { type: 'button', className: 'secondary', onclick: function () {
              var name = uidName.value.trim();
              var prop = uidProperty.value.trim();
              if (!name || !prop) return;
              value.uid[uidSide.value][name] = prop;
              write(value);
            } }, gas.t('settingsForms.set')))));
    });
  }

  /* ---------------- FULLTEXT_INDEX ---------------- */
  function fulltextIndex(textarea, onChange) {
    return frame(textarea, onChange, function () { return { labels: [], properties: [] }; }, function (value, write) {
      value.labels = Array.isArray(value.labels) ? value.labels : [];
      value.properties = Array.isArray(value.properties) ? value.properties : [];
      return h('div', null,
        h('p', { className: 'muted small' }, gas.t('settingsForms.fulltextHint')),
        nameList(gas.t('settingsForms.indexedLabels'), value.labels, 'settings-labels', false, function (names) { value.labels = names; write(value); }),
        nameList(gas.t('settingsForms.indexedProperties'), value.properties, 'settings-properties', false, function (names) { value.properties = names; write(value); }),
        (value.labels.length > 0) !== (value.properties.length > 0) ? h('p', { className: 'form-message error' }, gas.t('settingsForms.bothOrNone')) : null);
    });
  }

  /* ---------------- DATA_SCHEMA ---------------- */
  function dataSchema(textarea, onChange) {
    return frame(textarea, onChange, function () { return { nodes: {}, relationships: {} }; }, function (value, write) {
      value.nodes = value.nodes || {};
      value.relationships = value.relationships || {};
      var problems = h('p', { className: 'form-message' });
      function say(text) { problems.textContent = text; problems.className = 'form-message' + (text ? ' error' : ''); }
      function propertyRow(side, owner, name) {
        var p = value[side][owner][name];
        function set(key, v) {
          if (v === '' || v === false || v === undefined) delete p[key]; else p[key] = v;
          write(value, false);
        }
        function text(key, size, labelTemplate) {
          var input = h('input', { value: p[key] === undefined ? '' : String(p[key]), size: size, 'aria-label': gas.format(labelTemplate, { name: name }) });
          input.addEventListener('change', function () { set(key, input.value.trim()); });
          return input;
        }
        function bound(key) {
          var input = h('input', { value: p[key] === undefined ? '' : String(p[key]), size: 8, 'aria-label': gas.format(key === 'min' ? gas.t('settingsForms.smallestOf') : gas.t('settingsForms.largestOf'), { name: name }) });
          input.addEventListener('change', function () {
            var raw = input.value.trim();
            if (!raw) return set(key, undefined);
            if (p.dataType === 'integer' || p.dataType === 'float') {
              var n = Number(raw);
              if (!isFinite(n)) { say(gas.format(key === 'min' ? gas.t('settingsForms.minNumber') : gas.t('settingsForms.maxNumber'), { name: name })); return; }
              set(key, n);
            } else if (p.dataType === 'date' || p.dataType === 'datetime') {
              if (isNaN(Date.parse(raw))) { say(gas.format(key === 'min' ? gas.t('settingsForms.minDate') : gas.t('settingsForms.maxDate'), { name: name })); return; }
              set(key, raw);
            } else set(key, raw);
            if (p.min !== undefined && p.max !== undefined && typeof p.min === typeof p.max && p.min > p.max) say(gas.t('settingsForms.minAboveMax', { name: name }));
            else say('');
          });
          return input;
        }
        function check(key, labelTemplate) {
          return h('input', { type: 'checkbox', checked: Boolean(p[key]), 'aria-label': gas.format(labelTemplate, { name: name }), onchange: function (event) { set(key, event.target.checked); } });
        }
        var type = h('select', { 'aria-label': gas.t('settingsForms.dataTypeOf', { name: name }) }, DATA_TYPES.map(function (t) { return h('option', { value: t, selected: p.dataType === t }, t); }));
        type.addEventListener('change', function () { p.dataType = type.value; write(value, false); });
        var role = h('select', { 'aria-label': gas.t('settingsForms.roleOf', { name: name }) }, ROLES.map(function (r) { return h('option', { value: r, selected: (p.role || '') === r }, ROLE_WORDS[r]); }));
        role.addEventListener('change', function () { set('role', role.value); });
        var allowed = h('input', { value: Array.isArray(p.allowedValues) ? p.allowedValues.join(', ') : '', size: 14, 'aria-label': gas.t('settingsForms.allowedOf', { name: name }), placeholder: 'a, b, c' });
        allowed.addEventListener('change', function () {
          var list = allowed.value.split(',').map(function (s) { return s.trim(); }).filter(Boolean).map(function (s) {
            return (p.dataType === 'integer' || p.dataType === 'float') && isFinite(Number(s)) ? Number(s) : p.dataType === 'boolean' ? s === 'true' : s;
          });
          set('allowedValues', list.length ? list : undefined);
        });
        var maxLength = h('input', { type: 'number', min: '0', value: p.maxLength === undefined ? '' : String(p.maxLength), 'aria-label': gas.t('settingsForms.longestOf', { name: name }), style: 'width:5rem' });
        maxLength.addEventListener('change', function () { set('maxLength', maxLength.value === '' ? undefined : Math.max(0, Math.floor(Number(maxLength.value)))); });
        return h('tr', { dataset: { owner: owner, property: name } },
          h('th', { scope: 'row' }, gas.t('settingsForms.ownerProperty', { owner: owner === '*' ? gas.t('settingsForms.allOwners') : owner, property: name })),
          h('td', null, text('title', 12, gas.t('settingsForms.titleOf'))), h('td', null, type), h('td', null, role), h('td', null, text('format', 8, gas.t('settingsForms.formatOf'))),
          h('td', null, check('hidden', gas.t('settingsForms.hiddenOf'))), h('td', null, check('mandatory', gas.t('settingsForms.mandatoryOf'))), h('td', null, check('readOnly', gas.t('settingsForms.readOnlyOf'))),
          h('td', null, bound('min')), h('td', null, bound('max')), h('td', null, maxLength), h('td', null, allowed),
          h('td', null, removeButton(gas.t('acl.remove'), function () { delete value[side][owner][name]; if (!Object.keys(value[side][owner]).length) delete value[side][owner]; write(value); })));
      }
      function table(side, caption) {
        var rows = [];
        Object.keys(value[side]).sort().forEach(function (owner) {
          Object.keys(value[side][owner] || {}).sort().forEach(function (name) { rows.push(propertyRow(side, owner, name)); });
        });
        return h('div', { className: 'table-scroll' }, h('table', { className: 'grid compact', dataset: { side: side } },
          h('caption', null, caption),
          h('thead', null, h('tr', null, [gas.t('acl.property'), gas.t('settingsForms.title'), gas.t('settingsForms.dataType'), gas.t('settingsForms.role'), gas.t('settingsForms.format'), gas.t('settingsForms.hidden'), gas.t('settingsForms.mandatory'), gas.t('settingsForms.readOnly'), 'Min', 'Max', gas.t('settingsForms.maxLength'), gas.t('settingsForms.allowedValues'), ''].map(function (t) { return h('th', { scope: 'col' }, t); }))),
          h('tbody', null, rows.length ? rows : h('tr', null, h('td', { colSpan: 13, className: 'muted' }, gas.t('settingsForms.noProperty'))))));
      }
      var side = h('select', null, h('option', { value: 'nodes' }, gas.t('acl.nodesWithLabel')), h('option', { value: 'relationships' }, gas.t('acl.relationshipsOfType')));
      var owner = h('input', { list: 'settings-labels', size: 12, value: '*' });
      var prop = h('input', { list: 'settings-properties', size: 12 });
      side.addEventListener('change', function () { owner.setAttribute('list', side.value === 'nodes' ? 'settings-labels' : 'settings-types'); });
      return h('div', null,
        h('p', { className: 'muted small' }, gas.t('settingsForms.schemaHint')),
        table('nodes', gas.t('users.nodeProperties')),
        table('relationships', gas.t('users.relationshipProperties')),
        h('div', { className: 'picker-row' }, field(gas.t('settingsForms.for'), side), field(gas.t('acl.labelOrType'), owner), field(gas.t('acl.property'), prop),
          h('button', { type: 'button', className: 'secondary', onclick: function () {
            var o = owner.value.trim() || '*';
            var n = prop.value.trim();
            if (!n) { say(gas.t('settingsForms.chooseProperty')); return; }
            value[side.value][o] = value[side.value][o] || {};
            if (!value[side.value][o][n]) value[side.value][o][n] = { dataType: 'string' };
            write(value);
          } }, gas.t('settingsForms.describe'))),
        problems);
    });
  }

  window.gasSettingsForms = { APPEARANCE: appearance, DATA_TYPES: dataTypes, FULLTEXT_INDEX: fulltextIndex, DATA_SCHEMA: dataSchema };
})();
