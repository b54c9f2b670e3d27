/* Search page: each search runs POST /data/nodes/find and opens its results in a tab. */
(function () {
  'use strict';
  var gas = window.gas;
  var h = gas.h;
  var form = document.getElementById('search-form');
  var input = document.getElementById('search-q');
  var tabList = document.getElementById('search-tabs');
  var panels = document.getElementById('search-panels');
  var empty = document.getElementById('search-empty');
  var counter = 0;

  function labelsOf(node) {
    var labels = node.labels || (node.label ? [node.label] : []);
    return Array.isArray(labels) ? labels.join(', ') : String(labels);
  }

  function propertiesOf(node) {
    var properties = node.properties || node.props || {};
    var list = h('dl', { className: 'properties' });
    Object.keys(properties).slice(0, 12).forEach(function (key) {
      var value = properties[key];
      list.appendChild(h('dt', null, key));
      list.appendChild(h('dd', null, typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value)));
    });
    return list;
  }

  function resultTable(nodes, total) {
    var found = typeof total === 'number' && total > nodes.length
      ? 'Showing ' + nodes.length + ' of ' + total + ' nodes'
      : nodes.length === 1 ? '1 node found' : nodes.length + ' nodes found';
    return h('table', { className: 'grid results' },
      h('caption', { className: 'muted' }, found),
      h('thead', null, h('tr', null, h('th', { scope: 'col' }, 'Id'), h('th', { scope: 'col' }, 'Labels'), h('th', { scope: 'col' }, 'Properties'))),
      h('tbody', null, nodes.map(function (node) {
        return h('tr', null, h('td', null, String(node.id !== undefined ? node.id : node.uuid || '')), h('td', null, labelsOf(node)), h('td', null, propertiesOf(node)));
      })));
  }

  function select(tab) {
    Array.prototype.forEach.call(tabList.querySelectorAll('[role="tab"]'), function (other) {
      var selected = other === tab;
      other.setAttribute('aria-selected', String(selected));
      other.tabIndex = selected ? 0 : -1;
      document.getElementById(other.getAttribute('aria-controls')).hidden = !selected;
    });
  }

  async function search(text) {
    counter += 1;
    var id = 'search-tab-' + counter;
    var panel = h('section', { id: id + '-panel', role: 'tabpanel', 'aria-labelledby': id, className: 'tab-panel' }, h('p', { className: 'muted' }, 'Searching…'));
    var close = h('button', { type: 'button', className: 'tab-close', 'aria-label': 'Close search ' + text, onclick: function (event) {
      event.stopPropagation();
      var wasSelected = tab.getAttribute('aria-selected') === 'true';
      tab.parentNode.remove();
      panel.remove();
      var remaining = tabList.querySelector('[role="tab"]');
      if (wasSelected && remaining) select(remaining);
      if (!remaining) empty.hidden = false;
    } }, '×');
    var tab = h('button', { id: id, type: 'button', role: 'tab', 'aria-controls': id + '-panel', className: 'tab', onclick: function () { select(tab); } }, text);
    tabList.appendChild(h('span', { className: 'tab-wrap' }, tab, close));
    panels.appendChild(panel);
    empty.hidden = true;
    select(tab);
    try {
      var data = await gas.post('/data/nodes/find', { text: text });
      var nodes = gas.listOf(data, ['nodes']);
      panel.replaceChildren(nodes.length ? resultTable(nodes, data && data.total) : h('p', { className: 'muted' }, 'No nodes match “' + text + '”.'));
    } catch (error) {
      panel.replaceChildren(h('p', { className: 'error', role: 'alert' }, error.message));
    }
  }

  // Arrow keys move between tabs (the WAI-ARIA tabs pattern).
  tabList.addEventListener('keydown', function (event) {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    var tabs = Array.prototype.slice.call(tabList.querySelectorAll('[role="tab"]'));
    var index = tabs.indexOf(document.activeElement);
    if (index < 0) return;
    var next = tabs[(index + (event.key === 'ArrowRight' ? 1 : tabs.length - 1)) % tabs.length];
    select(next);
    next.focus();
    event.preventDefault();
  });

  form.addEventListener('submit', function (event) {
    event.preventDefault();
    var text = input.value.trim();
    if (!text) return;
    var url = new URL(window.location.href);
    url.searchParams.set('q', text);
    window.history.replaceState(null, '', url);
    search(text);
  });

  var initial = input.value.trim();
  if (initial) search(initial);
})();
