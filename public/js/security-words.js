/* Describes security filters and property rules in words (used by the users and access control pages). */
(function () {
  'use strict';
  /** One template key per operator, so each condition reads as a whole phrase in every language. */
  var OPERATORS = {
    '=': 'security.op.eq', '<>': 'security.op.ne', '<': 'security.op.lt', '<=': 'security.op.le', '>': 'security.op.gt', '>=': 'security.op.ge',
    IN: 'security.op.in', CONTAINS: 'security.op.contains', 'STARTS WITH': 'security.op.startsWith', 'ENDS WITH': 'security.op.endsWith',
    '=~': 'security.op.matches', 'IS NULL': 'security.op.isNull', 'IS NOT NULL': 'security.op.isNotNull',
  };

  /** One filter as a sentence fragment; null means "no restriction". */
  function describeFilter(filter) {
    if (filter === null || filter === undefined) return window.gas.t('security.noRestriction');
    if (typeof filter !== 'object') return JSON.stringify(filter);
    if (Array.isArray(filter.and)) return filter.and.length ? '(' + filter.and.map(describeFilter).join(' ' + window.gas.t('security.and') + ' ') + ')' : window.gas.t('security.everything');
    if (Array.isArray(filter.or)) return filter.or.length ? '(' + filter.or.map(describeFilter).join(' ' + window.gas.t('security.or') + ' ') + ')' : window.gas.t('security.nothing');
    var t = window.gas.t;
    if (filter.not) return t('security.not', { filter: describeFilter(filter.not) });
    if (filter.label) return t('security.label', { name: filter.label });
    if (filter.type) return t('security.type', { name: filter.type });
    if (Array.isArray(filter.ids)) return t('security.ids', { ids: filter.ids.join(', ') });
    if (filter.property) {
      // One template per operator, so each condition reads as a whole phrase.
      var values = { property: filter.property, operator: filter.operator, value: 'value' in filter ? JSON.stringify(filter.value) : '' };
      return t(OPERATORS[filter.operator] || 'security.op.other', values);
    }
    return JSON.stringify(filter);
  }

  /** Property rules ({ Label: { enabled, disabled } }) as lines. */
  function describePropertyRules(rules) {
    var keys = Object.keys(rules || {});
    if (!keys.length) return [window.gas.t('security.allVisible')];
    var t = window.gas.t;
    return keys.map(function (key) {
      var rule = rules[key] || {};
      var values = {
        target: key === '*' ? '*' : key,
        shown: rule.enabled && rule.enabled.length ? rule.enabled.join(', ') : '',
        hidden: rule.disabled && rule.disabled.length ? rule.disabled.join(', ') : '',
      };
      var onlyShown = Boolean(rule.enabled);
      var someHidden = Boolean(values.hidden);
      if (onlyShown && !values.shown) return t(key === '*' ? 'security.rule.any.none' : 'security.rule.none', values);
      if (onlyShown && someHidden) return t(key === '*' ? 'security.rule.any.onlyHidden' : 'security.rule.onlyHidden', values);
      if (onlyShown) return t(key === '*' ? 'security.rule.any.only' : 'security.rule.only', values);
      if (someHidden) return t(key === '*' ? 'security.rule.any.hidden' : 'security.rule.hidden', values);
      return t(key === '*' ? 'security.rule.any.all' : 'security.rule.all', values);
    });
  }

  window.gasSecurityWords = { describeFilter: describeFilter, describePropertyRules: describePropertyRules };
})();
