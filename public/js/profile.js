/* Profile page: details (PUT /profile), password (PUT /profile/password), API tokens (/profile/tokens). */
(function () {
  'use strict';
  var gas = window.gas;
  var h = gas.h;
  var status = document.getElementById('profile-status');
  var profileForm = document.getElementById('profile-form');
  var passwordForm = document.getElementById('password-form');
  var localeSelect = document.getElementById('profile-locale');
  var tokenForm = document.getElementById('token-form');
  var tokensBody = document.querySelector('#tokens-table tbody');
  var newToken = document.getElementById('new-token');
  var newTokenValue = document.getElementById('new-token-value');
  var mustChange = Boolean(document.querySelector('.notice[role="alert"]'));

  async function loadLocales() {
    try {
      var locales = gas.listOf(await gas.get('/profile/locales'), ['locales']);
      if (!locales.length) return;
      var current = localeSelect.dataset.current;
      localeSelect.replaceChildren.apply(localeSelect, locales.map(function (locale) {
        var code = typeof locale === 'object' ? locale.code || locale.locale || locale.id : locale;
        var name = typeof locale === 'object' ? locale.nativeName || locale.name || locale.label || code : locale;
        return h('option', { value: code, selected: code === current }, name === code ? code : name + ' (' + code + ')');
      }));
    } catch (error) { /* keep the current locale as the only choice */ }
  }

  profileForm.addEventListener('submit', async function (event) {
    event.preventDefault();
    var values = gas.formValues(profileForm);
    try {
      await gas.put('/profile', { name: String(values.name).trim(), email: String(values.email).trim(), locale: values.locale });
      gas.showStatus(status, gas.t('profile.saved'), 'ok');
      var link = document.querySelector('.topbar .profile-link');
      if (link && String(values.name).trim()) link.textContent = String(values.name).trim();
    } catch (error) {
      gas.showStatus(status, error.message, 'error');
    }
  });

  passwordForm.addEventListener('submit', async function (event) {
    event.preventDefault();
    var values = gas.formValues(passwordForm);
    if (values.newPassword !== values.repeatPassword) {
      gas.showStatus(status, gas.t('profile.passwordsDiffer'), 'error');
      return;
    }
    try {
      await gas.put('/profile/password', { currentPassword: values.currentPassword, newPassword: values.newPassword });
      passwordForm.reset();
      if (mustChange) {
        window.location.assign('/');
        return;
      }
      gas.showStatus(status, gas.t('profile.passwordChanged'), 'ok');
    } catch (error) {
      gas.showStatus(status, error.message, 'error');
    }
  });

  function tokenRow(token) {
    return h('tr', { dataset: { tokenId: String(token.id) } },
      h('td', null, token.name),
      h('td', null, h('code', null, token.prefix ? token.prefix + '…' : '')),
      h('td', null, gas.formatDate(token.createdAt)),
      h('td', null, gas.formatDate(token.lastUsedAt) || h('span', { className: 'muted' }, gas.t('profile.never'))),
      h('td', null, gas.formatDate(token.expiresAt) || h('span', { className: 'muted' }, gas.t('profile.never'))),
      h('td', { className: 'row-actions' }, h('button', { type: 'button', className: 'danger', onclick: async function () {
        if (!window.confirm(gas.t('profile.revokeConfirm', { name: token.name }))) return;
        try {
          await gas.del('/profile/tokens/' + encodeURIComponent(token.id));
          gas.showStatus(status, gas.t('profile.tokenRevoked'), 'ok');
          await loadTokens();
        } catch (error) {
          gas.showStatus(status, error.message, 'error');
        }
      } }, gas.t('profile.revoke'))));
  }

  async function loadTokens() {
    try {
      var tokens = gas.listOf(await gas.get('/profile/tokens'), ['tokens']).filter(function (token) { return !token.revokedAt; });
      tokensBody.replaceChildren.apply(tokensBody, tokens.length ? tokens.map(tokenRow) : [h('tr', null, h('td', { colSpan: 6, className: 'muted' }, gas.t('profile.noTokens')))]);
    } catch (error) {
      tokensBody.replaceChildren(h('tr', null, h('td', { colSpan: 6, className: 'error' }, error.message)));
    }
  }

  tokenForm.addEventListener('submit', async function (event) {
    event.preventDefault();
    var values = gas.formValues(tokenForm);
    try {
      var created = await gas.post('/profile/tokens', { name: String(values.name).trim() });
      newTokenValue.textContent = created && (created.token || created.value) ? created.token || created.value : '';
      newToken.hidden = !newTokenValue.textContent;
      tokenForm.reset();
      await loadTokens();
    } catch (error) {
      gas.showStatus(status, error.message, 'error');
    }
  });

  loadLocales();
  loadTokens();
})();
