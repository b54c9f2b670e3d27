/* Describes security filters and property rules in words (used by the users and access control pages). */
(function () {
  'use strict';
  var OPERATORS = {
    '=': 'is', '<>': 'is not', '<': 'is less than', '<=': 'is at most', '>': 'is greater than', '>=': 'is at least',
    IN: 'is one of', CONTAINS: 'contains', 'STARTS WITH': 'starts with', 'ENDS WITH': 'ends with', '=~': 'matches the pattern',
    'IS NULL': 'is missing', 'IS NOT NULL': 'is present',
  };

  /** One filter as a sentence fragment; null means "no restriction". */
  function describeFilter(filter) {
    if (filter === null || filter === undefined) return 'everything (no restriction)';
    if (typeof filter !== 'object') return JSON.stringify(filter);
    if (Array.isArray(filter.and)) return filter.and.length ? '(' + filter.and.map(describeFilter).join(' and ') + ')' : 'everything';
    if (Array.isArray(filter.or)) return filter.or.length ? '(' + filter.or.map(describeFilter).join(' or ') + ')' : 'nothing';
    if (filter.not) return 'not ' + describeFilter(filter.not);
    if (filter.label) return 'label ' + filter.label;
    if (filter.type) return 'type ' + filter.type;
    if (Array.isArray(filter.ids)) return 'ids ' + filter.ids.join(', ');
    if (filter.property) {
      var op = OPERATORS[filter.operator] || filter.operator;
      return 'property ' + filter.property + ' ' + op + ('value' in filter ? ' ' + JSON.stringify(filter.value) : '');
    }
    return JSON.stringify(filter);
  }

  /** Property rules ({ Label: { enabled, disabled } }) as lines. */
  function describePropertyRules(rules) {
    var keys = Object.keys(rules || {});
    if (!keys.length) return ['All properties are visible.'];
    return keys.map(function (key) {
      var rule = rules[key] || {};
      var target = key === '*' ? 'Every label or type' : key;
      var parts = [];
      if (rule.enabled) parts.push('only ' + (rule.enabled.length ? rule.enabled.join(', ') : '(none)') + ' visible');
      if (rule.disabled && rule.disabled.length) parts.push(rule.disabled.join(', ') + ' hidden');
      return target + ': ' + (parts.length ? parts.join('; ') : 'all visible');
    });
  }

  window.gasSecurityWords = { describeFilter: describeFilter, describePropertyRules: describePropertyRules };
})();
