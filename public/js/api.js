/*
 * Shared client helpers for the pages: a fetch wrapper for the JSON API and a tiny DOM builder.
 * The API answers errors as application/problem+json; callers get an Error whose message is the
 * problem's detail (with validation issues), ready to show to the user.
 */
(function () {
  'use strict';

  function csrfToken() {
    var meta = document.querySelector('meta[name="csrf-token"]');
    return meta ? meta.getAttribute('content') || '' : '';
  }

  function ApiError(message, status, problem) {
    var error = new Error(message);
    error.name = 'ApiError';
    error.status = status;
    error.problem = problem || null;
    return error;
  }

  function problemMessage(problem, status) {
    if (!problem || typeof problem !== 'object') return t('api.requestFailed', { status: status });
    var message = problem.detail || problem.title || t('api.requestFailed', { status: status });
    if (Array.isArray(problem.issues) && problem.issues.length) {
      message += ': ' + problem.issues.map(function (issue) {
        return (issue.path ? issue.path + ': ' : '') + issue.message;
      }).join('; ');
    }
    return message;
  }

  async function request(method, url, body, options) {
    options = options || {};
    var headers = { Accept: 'application/json', 'X-Requested-With': 'fetch' };
    if (method !== 'GET' && method !== 'HEAD') headers['X-CSRF-Token'] = csrfToken();
    var payload;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      headers['Content-Type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    var response;
    try {
      response = await fetch(url, { method: method, credentials: 'same-origin', headers: headers, body: payload });
    } catch (networkError) {
      throw ApiError(t('api.unreachable', { reason: networkError.message }), 0, null);
    }
    var type = response.headers.get('content-type') || '';
    var data = null;
    if (response.status !== 204) {
      if (/json/.test(type)) {
        try { data = await response.json(); } catch (parseError) { data = null; }
      } else {
        data = await response.text();
      }
    }
    if (!response.ok) {
      if (response.status === 401 && !options.noRedirect) {
        window.location.assign('/login?next=' + encodeURIComponent(window.location.pathname + window.location.search));
      }
      throw ApiError(problemMessage(data, response.status), response.status, data);
    }
    return data;
  }

  /** Builds an element: h('a', { href: '/x', className: 'y', onclick: fn }, 'text', child). Text is never parsed as HTML. */
  function h(tag, attributes) {
    var element = document.createElement(tag);
    var attrs = attributes || {};
    Object.keys(attrs).forEach(function (name) {
      var value = attrs[name];
      if (value === undefined || value === null || value === false) return;
      if (name.slice(0, 2) === 'on' && typeof value === 'function') element.addEventListener(name.slice(2), value);
      else if (name === 'className') element.className = value;
      else if (name === 'dataset') Object.keys(value).forEach(function (key) { element.dataset[key] = value[key]; });
      else if (name in element && typeof value !== 'string') element[name] = value;
      else element.setAttribute(name, value === true ? '' : String(value));
    });
    for (var i = 2; i < arguments.length; i++) append(element, arguments[i]);
    return element;
  }

  function append(parent, child) {
    if (child === undefined || child === null || child === false) return;
    if (Array.isArray(child)) child.forEach(function (c) { append(parent, c); });
    else parent.appendChild(child instanceof Node ? child : document.createTextNode(String(child)));
  }

  /** The list inside a response: the response itself when it is an array, else its first array field. */
  function listOf(data, preferred) {
    if (Array.isArray(data)) return data;
    if (!data || typeof data !== 'object') return [];
    var keys = (preferred || []).concat(['items', 'results', 'data']);
    for (var i = 0; i < keys.length; i++) if (Array.isArray(data[keys[i]])) return data[keys[i]];
    for (var key in data) if (Array.isArray(data[key])) return data[key];
    return [];
  }

  /** Shows a message in a status region; kind is 'ok' or 'error'. */
  function showStatus(region, message, kind) {
    if (!region) return;
    region.textContent = message || '';
    region.className = 'status' + (message ? ' ' + (kind || 'ok') : '');
    if (kind === 'error') region.setAttribute('role', 'alert');
    else region.setAttribute('role', 'status');
  }

  function formValues(form) {
    var values = {};
    new FormData(form).forEach(function (value, key) {
      if (key in values) values[key] = [].concat(values[key], value);
      else values[key] = value;
    });
    return values;
  }

  function checkedValues(container, name) {
    return Array.prototype.map.call(container.querySelectorAll('input[type="checkbox"][name="' + name + '"]:checked'), function (input) { return input.value; });
  }

  /**
   * Fills a whole-sentence template: format('Saved the user {name}.', { name: 'jdoe' }). Pages write
   * each message as one template (never glued from pieces), so it can be translated as a whole.
   */
  function format(template, values) {
    return String(template).replace(/\{(\w+)\}/g, function (match, name) {
      return values && Object.prototype.hasOwnProperty.call(values, name) ? String(values[name]) : match;
    });
  }

  /*
   * The page's language and messages: the #gas-i18n element written by the layout
   * ({"locale":"de","messages":{...}}, English filled in where a locale lacks a key). Read once.
   */
  var i18n = (function () {
    var element = document.getElementById('gas-i18n');
    var data = null;
    try { data = element ? JSON.parse(element.textContent || '{}') : null; } catch (error) { data = null; }
    return { locale: (data && data.locale) || document.documentElement.lang || 'en', messages: (data && data.messages) || {} };
  })();
  var pluralRules = null;
  var numberFormat = null;
  var dateFormat = null;

  /**
   * The message of key in the page's language with {placeholders} filled: t('users.saved', { name: 'jdoe' }).
   * With a numeric params.count, the plural form key.one / key.few / key.many / key.other (Intl.PluralRules) is
   * taken when the catalog has it (falling back to key.other), and {count} is formatted for the locale.
   * An unknown key is returned as it is.
   */
  function t(key, params) {
    var messages = i18n.messages;
    var template;
    var values = params;
    if (params && typeof params.count === 'number') {
      if (!pluralRules) pluralRules = new Intl.PluralRules(i18n.locale);
      var category = pluralRules.select(params.count);
      template = messages[key + '.' + category];
      if (template === undefined) template = messages[key + '.other'];
      values = Object.assign({}, params, { count: n(params.count) });
    }
    if (template === undefined) template = Object.prototype.hasOwnProperty.call(messages, key) ? messages[key] : key;
    return format(template, values);
  }

  /** A number in the page's language (Intl.NumberFormat). */
  function n(value) {
    if (value === null || value === undefined || value === '') return '';
    var number = typeof value === 'number' || typeof value === 'bigint' ? value : Number(value);
    if (typeof number === 'number' && !isFinite(number)) return String(value);
    if (!numberFormat) numberFormat = new Intl.NumberFormat(i18n.locale);
    return numberFormat.format(number);
  }

  /** A date and time in the page's language (Intl.DateTimeFormat, medium date, short time). */
  function d(value) {
    if (value === null || value === undefined || value === '') return '';
    var date = value instanceof Date ? value : new Date(value);
    if (isNaN(date.getTime())) return String(value);
    if (!dateFormat) dateFormat = new Intl.DateTimeFormat(i18n.locale, { dateStyle: 'medium', timeStyle: 'short' });
    return dateFormat.format(date);
  }

  function formatDate(value) {
    return d(value);
  }

  window.gas = {
    csrfToken: csrfToken,
    request: request,
    get: function (url, options) { return request('GET', url, undefined, options); },
    post: function (url, body, options) { return request('POST', url, body, options); },
    put: function (url, body, options) { return request('PUT', url, body, options); },
    del: function (url, body, options) { return request('DELETE', url, body, options); },
    h: h,
    listOf: listOf,
    showStatus: showStatus,
    formValues: formValues,
    checkedValues: checkedValues,
    formatDate: formatDate,
    format: format,
    t: t,
    n: n,
    d: d,
    locale: i18n.locale,
    problemMessage: problemMessage,
  };
})();
