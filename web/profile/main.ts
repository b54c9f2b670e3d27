/** Profile page: details (PUT /profile), password (PUT /profile/password), API tokens (/profile/tokens). */
import { call, client, type JsonAnswer, type JsonBody } from '../shared/client';
import { h } from '../shared/dom';
import { t } from '../shared/i18n';
import { byId, dateText, errorText, formValues, one, onReady, showStatus } from '../shared/page-kit';

type Token = JsonAnswer<'getProfileTokens'>[number];

onReady(() => {
  const status = byId('profile-status');
  const profileForm = byId<HTMLFormElement>('profile-form');
  const passwordForm = byId<HTMLFormElement>('password-form');
  const localeSelect = byId<HTMLSelectElement>('profile-locale');
  const tokenForm = byId<HTMLFormElement>('token-form');
  const tokensBody = one<HTMLTableSectionElement>(document, '#tokens-table tbody');
  const newToken = byId('new-token');
  const newTokenValue = byId('new-token-value');
  const mustChange = Boolean(document.querySelector('.notice[role="alert"]'));
  const fail = (error: unknown) => showStatus(status, errorText(error), 'error');

  async function loadLocales(): Promise<void> {
    try {
      const locales = await call(client.GET('/profile/locales'));
      if (!locales.length) return;
      const current = localeSelect.dataset.current;
      localeSelect.replaceChildren(
        ...locales.map((locale) => {
          const name = locale.nativeName || locale.name || locale.code;
          return h(
            'option',
            { value: locale.code, selected: locale.code === current },
            name === locale.code ? locale.code : `${name} (${locale.code})`,
          );
        }),
      );
    } catch {
      // Keep the current locale as the only choice.
    }
  }

  profileForm.addEventListener('submit', async (event) => {
    event.preventDefault();
    const values = formValues(profileForm);
    const name = (values.name ?? '').trim();
    try {
      await call(
        client.PUT('/profile', {
          body: { name, email: (values.email ?? '').trim(), locale: values.locale as JsonBody<'putProfile'>['locale'] },
        }),
      );
      showStatus(status, t('profile.saved'), 'ok');
      const link = document.querySelector('.topbar .profile-link');
      if (link && name) link.textContent = name;
    } catch (error) {
      fail(error);
    }
  });

  passwordForm.addEventListener('submit', async (event) => {
    event.preventDefault();
    const values = formValues(passwordForm);
    if (values.newPassword !== values.repeatPassword) {
      showStatus(status, t('profile.passwordsDiffer'), 'error');
      return;
    }
    try {
      await call(
        client.PUT('/profile/password', { body: { currentPassword: values.currentPassword ?? '', newPassword: values.newPassword ?? '' } }),
      );
      passwordForm.reset();
      if (mustChange) {
        window.location.assign('/');
        return;
      }
      showStatus(status, t('profile.passwordChanged'), 'ok');
    } catch (error) {
      fail(error);
    }
  });

  async function revoke(token: Token): Promise<void> {
    if (!window.confirm(t('profile.revokeConfirm', { name: token.name }))) return;
    try {
      await call(client.DELETE('/profile/tokens/{id}', { params: { path: { id: token.id } } }));
      showStatus(status, t('profile.tokenRevoked'), 'ok');
      await loadTokens();
    } catch (error) {
      fail(error);
    }
  }

  function tokenRow(token: Token): HTMLTableRowElement {
    const never = () => h('span', { class: 'muted' }, t('profile.never'));
    return h(
      'tr',
      { 'data-token-id': token.id },
      h('td', {}, token.name),
      h('td', {}, h('code', {}, token.prefix ? `${token.prefix}…` : '')),
      h('td', {}, dateText(token.createdAt)),
      h('td', {}, dateText(token.lastUsedAt) || never()),
      h('td', {}, dateText(token.expiresAt) || never()),
      h(
        'td',
        { class: 'row-actions' },
        h('button', { type: 'button', class: 'danger', onclick: () => void revoke(token) }, t('profile.revoke')),
      ),
    );
  }

  async function loadTokens(): Promise<void> {
    try {
      const tokens = await call(client.GET('/profile/tokens'));
      tokensBody.replaceChildren(
        ...(tokens.length ? tokens.map(tokenRow) : [h('tr', {}, h('td', { colspan: '6', class: 'muted' }, t('profile.noTokens')))]),
      );
    } catch (error) {
      tokensBody.replaceChildren(h('tr', {}, h('td', { colspan: '6', class: 'error' }, errorText(error))));
    }
  }

  tokenForm.addEventListener('submit', async (event) => {
    event.preventDefault();
    const values = formValues(tokenForm);
    try {
      const created = await call(client.POST('/profile/tokens', { body: { name: (values.name ?? '').trim() } }));
      newTokenValue.textContent = created.token ?? '';
      newToken.hidden = !newTokenValue.textContent;
      tokenForm.reset();
      await loadTokens();
    } catch (error) {
      fail(error);
    }
  });

  void loadLocales();
  void loadTokens();
});
