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
  var ROLE_WORDS = { '': '(no role)', title: 'title (caption)', subtitle: 'subtitle', uid: 'unique id', description: 'description', image: 'image URL', none: 'none' };

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
        box.replaceChildren(h('p', { className: 'muted' }, 'The JSON below is not valid: correct it there, or load the default.'));
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
    var chips = all ? [h('span', { className: 'chip' }, 'all (*)')]
      : names.map(function (name) {
        return h('span', { className: 'chip', dataset: { name: name } }, name, ' ',
          h('button', { type: 'button', className: 'link', 'aria-label': gas.format('Remove {name}', { name: name }), onclick: function () { write(names.filter(function (n) { return n !== name; })); } }, '×'));
      });
    var allBox = allowAll ? h('label', { className: 'check' }, h('input', { type: 'checkbox', checked: all, onchange: function (event) { write(event.target.checked ? ['*'] : []); } }), ' All (*)') : null;
    return h('fieldset', { className: 'name-list' }, h('legend', null, caption),
      h('div', { className: 'chips' }, chips.length ? chips : h('span', { className: 'muted' }, 'none')),
      allBox,
      all ? null : h('div', { className: 'picker-row' }, field('Add', input),
        h('button', { type: 'button', className: 'secondary', onclick: function () {
          var name = input.value.trim();
          if (name && names.indexOf(name) < 0) write(names.concat([name]));
        } }, 'Add')));
  }

  /* ---------------- APPEARANCE ---------------- */
  function appearance(textarea, onChange) {
    return frame(textarea, onChange, function () { return { nodeCaptions: {}, colors: {}, relationshipColors: {} }; }, function (value, write) {
      value.nodeCaptions = value.nodeCaptions || {};
      value.colors = value.colors || {};
      value.relationshipColors = value.relationshipColors || {};
      var problems = h('p', { className: 'form-message' });
      function colourInputs(map, key, name) {
        var text = h('input', { value: map[key] || '', size: 10, 'aria-label': gas.format('Colour of {name}', { name: name }), placeholder: '#4e79a7' });
        var picker = h('input', { type: 'color', value: hexOf(map[key] || ''), 'aria-label': gas.format('Pick the colour of {name}', { name: name }) });
        picker.addEventListener('input', function () { text.value = picker.value; map[key] = picker.value; write(value, false); });
        text.addEventListener('change', function () {
          var colour = text.value.trim();
          if (colour && !isColour(colour)) {
            problems.textContent = gas.format('"{value}" is not a colour: write #rgb, #rrggbb, rgb(…), hsl(…) or a colour name.', { value: colour });
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
        var caption = h('input', { list: 'settings-properties', value: value.nodeCaptions[label] || '', size: 12, 'aria-label': gas.format('Caption property of {label}', { label: label }) });
        caption.addEventListener('change', function () {
          var p = caption.value.trim();
          if (p) value.nodeCaptions[label] = p; else delete value.nodeCaptions[label];
          write(value);
        });
        return h('tr', { dataset: { label: label } }, h('th', { scope: 'row' }, label), h('td', null, colourInputs(value.colors, label, label)), h('td', null, caption),
          h('td', null, removeButton('Remove', function () { delete value.colors[label]; delete value.nodeCaptions[label]; write(value); })));
      });
      var typeRows = types.map(function (type) {
        return h('tr', { dataset: { type: type } }, h('th', { scope: 'row' }, type), h('td', null, colourInputs(value.relationshipColors, type, type)),
          h('td', null, removeButton('Remove', function () { delete value.relationshipColors[type]; write(value); })));
      });
      var newLabel = h('input', { list: 'settings-labels', size: 14 });
      var newType = h('input', { list: 'settings-types', size: 14 });
      return h('div', null,
        h('p', { className: 'muted small' }, 'Labels and types without an entry get a colour from the palette and a caption from the data schema\'s title property.'),
        h('div', { className: 'table-scroll' }, h('table', { className: 'grid compact' },
          h('caption', null, 'Node labels'),
          h('thead', null, h('tr', null, h('th', { scope: 'col' }, 'Label'), h('th', { scope: 'col' }, 'Colour'), h('th', { scope: 'col' }, 'Caption property'), h('th', { scope: 'col' }, h('span', { className: 'visually-hidden' }, 'Actions')))),
          h('tbody', null, labelRows.length ? labelRows : h('tr', null, h('td', { colSpan: 4, className: 'muted' }, 'No label configured.'))))),
        h('div', { className: 'picker-row' }, field('Label', newLabel), h('button', { type: 'button', className: 'secondary', onclick: function () {
          var label = newLabel.value.trim();
          if (!label) return;
          if (!value.colors[label]) value.colors[label] = '#4e79a7';
          write(value);
        } }, 'Add label')),
        h('div', { className: 'table-scroll' }, h('table', { className: 'grid compact' },
          h('caption', null, 'Relationship types'),
          h('thead', null, h('tr', null, h('th', { scope: 'col' }, 'Type'), h('th', { scope: 'col' }, 'Colour'), h('th', { scope: 'col' }, h('span', { className: 'visually-hidden' }, 'Actions')))),
          h('tbody', null, typeRows.length ? typeRows : h('tr', null, h('td', { colSpan: 3, className: 'muted' }, 'No type configured.'))))),
        h('div', { className: 'picker-row' }, field('Relationship type', newType), h('button', { type: 'button', className: 'secondary', onclick: function () {
          var type = newType.value.trim();
          if (!type) return;
          if (!value.relationshipColors[type]) value.relationshipColors[type] = '#999999';
          write(value);
        } }, 'Add type')),
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
        ? h('p', { className: 'form-message error' }, 'An empty list is not allowed: choose at least one label and one type, or "All".') : null;
      var uidRows = [];
      ['nodes', 'relationships'].forEach(function (side) {
        Object.keys(value.uid[side]).sort().forEach(function (name) {
          uidRows.push(h('li', null, gas.format(side === 'nodes' ? 'Label {name}: {property}' : 'Type {name}: {property}', { name: name, property: value.uid[side][name] }), ' ',
            removeButton('Remove', function () { delete value.uid[side][name]; write(value); })));
        });
      });
      var uidSide = h('select', null, h('option', { value: 'nodes' }, 'Label'), h('option', { value: 'relationships' }, 'Type'));
      var uidName = h('input', { list: 'settings-labels', size: 12 });
      var uidProperty = h('input', { list: 'settings-properties', size: 12 });
      uidSide.addEventListener('change', function () { uidName.setAttribute('list', uidSide.value === 'nodes' ? 'settings-labels' : 'settings-types'); });
      return h('div', null,
        h('p', { className: 'muted small' }, 'Which labels and relationship types anyone may see at all ("All" = every one), and the property that holds a unique id per label or type.'),
        nameList('Visible node labels', value.nodeLabels, 'settings-labels', true, function (names) { value.nodeLabels = names; write(value); }),
        nameList('Visible relationship types', value.relationshipTypes, 'settings-types', true, function (names) { value.relationshipTypes = names; write(value); }),
        warning,
        h('fieldset', null, h('legend', null, 'Unique id property'),
          h('ul', { className: 'rule-list' }, uidRows.length ? uidRows : h('li', { className: 'muted' }, 'None.')),
          h('div', { className: 'picker-row' }, field('For', uidSide), field('Name', uidName), field('Property', uidProperty),
            h('button', { type: 'button', className: 'secondary', onclick: function () {
              var name = uidName.value.trim();
              var prop = uidProperty.value.trim();
              if (!name || !prop) return;
              value.uid[uidSide.value][name] = prop;
              write(value);
            } }, 'Set'))));
    });
  }

  /* ---------------- FULLTEXT_INDEX ---------------- */
  function fulltextIndex(textarea, onChange) {
    return frame(textarea, onChange, function () { return { labels: [], properties: [] }; }, function (value, write) {
      value.labels = Array.isArray(value.labels) ? value.labels : [];
      value.properties = Array.isArray(value.properties) ? value.properties : [];
      return h('div', null,
        h('p', { className: 'muted small' }, 'The fulltext index covers these properties of nodes with these labels. Both lists empty: no fulltext index (search scans the text instead).'),
        nameList('Indexed labels', value.labels, 'settings-labels', false, function (names) { value.labels = names; write(value); }),
        nameList('Indexed properties', value.properties, 'settings-properties', false, function (names) { value.properties = names; write(value); }),
        (value.labels.length > 0) !== (value.properties.length > 0) ? h('p', { className: 'form-message error' }, 'Choose at least one label and one property, or leave both empty.') : null);
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
          var input = h('input', { value: p[key] === undefined ? '' : String(p[key]), size: 8, 'aria-label': gas.format(key === 'min' ? 'Smallest value of {name}' : 'Largest value of {name}', { name: name }) });
          input.addEventListener('change', function () {
            var raw = input.value.trim();
            if (!raw) return set(key, undefined);
            if (p.dataType === 'integer' || p.dataType === 'float') {
              var n = Number(raw);
              if (!isFinite(n)) { say(gas.format(key === 'min' ? 'The smallest value of {name} must be a number.' : 'The largest value of {name} must be a number.', { name: name })); return; }
              set(key, n);
            } else if (p.dataType === 'date' || p.dataType === 'datetime') {
              if (isNaN(Date.parse(raw))) { say(gas.format(key === 'min' ? 'The earliest value of {name} must be an ISO date such as 2026-01-31.' : 'The latest value of {name} must be an ISO date such as 2026-01-31.', { name: name })); return; }
              set(key, raw);
            } else set(key, raw);
            if (p.min !== undefined && p.max !== undefined && typeof p.min === typeof p.max && p.min > p.max) say(gas.format('The smallest value of {name} is greater than its largest value.', { name: name }));
            else say('');
          });
          return input;
        }
        function check(key, labelTemplate) {
          return h('input', { type: 'checkbox', checked: Boolean(p[key]), 'aria-label': gas.format(labelTemplate, { name: name }), onchange: function (event) { set(key, event.target.checked); } });
        }
        var type = h('select', { 'aria-label': gas.format('Data type of {name}', { name: name }) }, DATA_TYPES.map(function (t) { return h('option', { value: t, selected: p.dataType === t }, t); }));
        type.addEventListener('change', function () { p.dataType = type.value; write(value, false); });
        var role = h('select', { 'aria-label': gas.format('Role of {name}', { name: name }) }, ROLES.map(function (r) { return h('option', { value: r, selected: (p.role || '') === r }, ROLE_WORDS[r]); }));
        role.addEventListener('change', function () { set('role', role.value); });
        var allowed = h('input', { value: Array.isArray(p.allowedValues) ? p.allowedValues.join(', ') : '', size: 14, 'aria-label': gas.format('Allowed values of {name}', { name: name }), placeholder: 'a, b, c' });
        allowed.addEventListener('change', function () {
          var list = allowed.value.split(',').map(function (s) { return s.trim(); }).filter(Boolean).map(function (s) {
            return (p.dataType === 'integer' || p.dataType === 'float') && isFinite(Number(s)) ? Number(s) : p.dataType === 'boolean' ? s === 'true' : s;
          });
          set('allowedValues', list.length ? list : undefined);
        });
        var maxLength = h('input', { type: 'number', min: '0', value: p.maxLength === undefined ? '' : String(p.maxLength), 'aria-label': gas.format('Longest text of {name}', { name: name }), style: 'width:5rem' });
        maxLength.addEventListener('change', function () { set('maxLength', maxLength.value === '' ? undefined : Math.max(0, Math.floor(Number(maxLength.value)))); });
        return h('tr', { dataset: { owner: owner, property: name } },
          h('th', { scope: 'row' }, gas.format('{owner} · {property}', { owner: owner === '*' ? 'all' : owner, property: name })),
          h('td', null, text('title', 12, 'Title of {name}')), h('td', null, type), h('td', null, role), h('td', null, text('format', 8, 'Format of {name}')),
          h('td', null, check('hidden', 'Hidden: {name}')), h('td', null, check('mandatory', 'Mandatory: {name}')), h('td', null, check('readOnly', 'Read-only: {name}')),
          h('td', null, bound('min')), h('td', null, bound('max')), h('td', null, maxLength), h('td', null, allowed),
          h('td', null, removeButton('Remove', function () { delete value[side][owner][name]; if (!Object.keys(value[side][owner]).length) delete value[side][owner]; write(value); })));
      }
      function table(side, caption) {
        var rows = [];
        Object.keys(value[side]).sort().forEach(function (owner) {
          Object.keys(value[side][owner] || {}).sort().forEach(function (name) { rows.push(propertyRow(side, owner, name)); });
        });
        return h('div', { className: 'table-scroll' }, h('table', { className: 'grid compact', dataset: { side: side } },
          h('caption', null, caption),
          h('thead', null, h('tr', null, ['Property', 'Title', 'Data type', 'Role', 'Format', 'Hidden', 'Mandatory', 'Read-only', 'Min', 'Max', 'Max length', 'Allowed values', ''].map(function (t) { return h('th', { scope: 'col' }, t); }))),
          h('tbody', null, rows.length ? rows : h('tr', null, h('td', { colSpan: 13, className: 'muted' }, 'No property described.')))));
      }
      var side = h('select', null, h('option', { value: 'nodes' }, 'Nodes with label'), h('option', { value: 'relationships' }, 'Relationships of type'));
      var owner = h('input', { list: 'settings-labels', size: 12, value: '*' });
      var prop = h('input', { list: 'settings-properties', size: 12 });
      side.addEventListener('change', function () { owner.setAttribute('list', side.value === 'nodes' ? 'settings-labels' : 'settings-types'); });
      return h('div', null,
        h('p', { className: 'muted small' }, 'How properties are shown (title, format, role, hidden) and what may be written (data type, mandatory, read-only, bounds, length, allowed values). "*" describes the property for every label or type.'),
        table('nodes', 'Node properties'),
        table('relationships', 'Relationship properties'),
        h('div', { className: 'picker-row' }, field('For', side), field('Label or type', owner), field('Property', prop),
          h('button', { type: 'button', className: 'secondary', onclick: function () {
            var o = owner.value.trim() || '*';
            var n = prop.value.trim();
            if (!n) { say('Choose a property to describe.'); return; }
            value[side.value][o] = value[side.value][o] || {};
            if (!value[side.value][o][n]) value[side.value][o][n] = { dataType: 'string' };
            write(value);
          } }, 'Describe property')),
        problems);
    });
  }

  window.gasSettingsForms = { APPEARANCE: appearance, DATA_TYPES: dataTypes, FULLTEXT_INDEX: fulltextIndex, DATA_SCHEMA: dataSchema };
})();
