/* Describes security filters and property rules in words (used by the users and access control pages). */
(function () {
  'use strict';
  var OPERATORS = {
    '=': 'property {property} is {value}', '<>': 'property {property} is not {value}', '<': 'property {property} is less than {value}',
    '<=': 'property {property} is at most {value}', '>': 'property {property} is greater than {value}', '>=': 'property {property} is at least {value}',
    IN: 'property {property} is one of {value}', CONTAINS: 'property {property} contains {value}', 'STARTS WITH': 'property {property} starts with {value}',
    'ENDS WITH': 'property {property} ends with {value}', '=~': 'property {property} matches the pattern {value}',
    'IS NULL': 'property {property} is missing', 'IS NOT NULL': 'property {property} is present',
  };

  /** One filter as a sentence fragment; null means "no restriction". */
  function describeFilter(filter) {
    if (filter === null || filter === undefined) return 'everything (no restriction)';
    if (typeof filter !== 'object') return JSON.stringify(filter);
    if (Array.isArray(filter.and)) return filter.and.length ? '(' + filter.and.map(describeFilter).join(' and ') + ')' : 'everything';
    if (Array.isArray(filter.or)) return filter.or.length ? '(' + filter.or.map(describeFilter).join(' or ') + ')' : 'nothing';
    var format = window.gas.format;
    if (filter.not) return format('not {filter}', { filter: describeFilter(filter.not) });
    if (filter.label) return format('label {name}', { name: filter.label });
    if (filter.type) return format('type {name}', { name: filter.type });
    if (Array.isArray(filter.ids)) return format('ids {ids}', { ids: filter.ids.join(', ') });
    if (filter.property) {
      // One template per operator, so each condition reads as a whole phrase.
      var template = OPERATORS[filter.operator] || ('property {property} ' + filter.operator + ' {value}');
      return format(template, { property: filter.property, value: 'value' in filter ? JSON.stringify(filter.value) : '' });
    }
    return JSON.stringify(filter);
  }

  /** Property rules ({ Label: { enabled, disabled } }) as lines. */
  function describePropertyRules(rules) {
    var keys = Object.keys(rules || {});
    if (!keys.length) return ['All properties are visible.'];
    var format = window.gas.format;
    return keys.map(function (key) {
      var rule = rules[key] || {};
      var values = {
        target: key === '*' ? '*' : key,
        shown: rule.enabled && rule.enabled.length ? rule.enabled.join(', ') : '',
        hidden: rule.disabled && rule.disabled.length ? rule.disabled.join(', ') : '',
      };
      var onlyShown = Boolean(rule.enabled);
      var someHidden = Boolean(values.hidden);
      if (onlyShown && !values.shown) return format(key === '*' ? 'Every label or type: no property visible' : '{target}: no property visible', values);
      if (onlyShown && someHidden) return format(key === '*' ? 'Every label or type: only {shown} visible; {hidden} hidden' : '{target}: only {shown} visible; {hidden} hidden', values);
      if (onlyShown) return format(key === '*' ? 'Every label or type: only {shown} visible' : '{target}: only {shown} visible', values);
      if (someHidden) return format(key === '*' ? 'Every label or type: {hidden} hidden' : '{target}: {hidden} hidden', values);
      return format(key === '*' ? 'Every label or type: all visible' : '{target}: all visible', values);
    });
  }

  window.gasSecurityWords = { describeFilter: describeFilter, describePropertyRules: describePropertyRules };
})();
