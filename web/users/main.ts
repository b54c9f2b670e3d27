/*
 * Users page: list with search and paging on the server (GET /users/search), create (POST /users),
 * edit (PUT /users/{id}, enabled), password (PUT /users/{id}/password, /reset-password),
 * groups, delete, and the user's effective entity and property security (user-editor.ts).
 */
import { call, client, type Schemas } from '../shared/client';
import { h } from '../shared/dom';
import { t } from '../shared/i18n';
import { byId, checkedValues, errorText, formValues, numberText, one, onReady, showStatus } from '../shared/page-kit';
import { groupChecks, permissionsIn, userEditors, type User } from './user-editor';

onReady(() => {
  const status = byId('users-status');
  const table = byId('users-table');
  const tbody = one<HTMLTableSectionElement>(table, 'tbody');
  const createForm = byId<HTMLFormElement>('create-user-form');
  const createGroups = byId('create-user-groups');
  const search = byId<HTMLInputElement>('users-search');
  const pageSizeSelect = byId<HTMLSelectElement>('users-page-size');
  const prevButton = byId<HTMLButtonElement>('users-prev');
  const nextButton = byId<HTMLButtonElement>('users-next');
  const range = byId('users-range');
  const currentUserId = table.dataset.currentUserId ?? '';
  const catalogue = JSON.parse(table.dataset.permissions || '[]') as Array<{ code: string; name: string }>;
  const permissionNames = new Map(catalogue.map((p) => [p.code, p.name]));
  let groups: Schemas['GroupRef'][] = [];
  let pageIndex = 0;
  let total = 0;
  let searchTimer = 0;
  let loadSerial = 0;
  const editors = userEditors({ status, currentUserId, groups: () => groups, reload: () => load() });

  function describePermissions(codes: string[]): Node | Node[] {
    if (!codes.length) return h('span', { class: 'muted' }, t('common.none'));
    if (catalogue.length && codes.length >= catalogue.length) return h('span', { title: codes.join(', ') }, t('users.allPermissions'));
    return codes.map((code) => h('span', { class: 'chip', title: code }, permissionNames.get(code) ?? code));
  }

  function groupName(id: string): string {
    return groups.find((group) => group.id === id)?.name ?? `#${id}`;
  }

  async function act(label: string, work: () => Promise<unknown>): Promise<void> {
    try {
      await work();
      showStatus(status, label, 'ok');
      await load();
    } catch (error) {
      showStatus(status, errorText(error), 'error');
    }
  }

  function row(user: User): HTMLTableRowElement {
    const path = { params: { path: { id: user.id } } };
    const enabled = user.enabled !== false;
    const username = user.username;
    const button = (text: string, onclick: () => void, kind = 'secondary') => h('button', { type: 'button', class: kind, onclick }, text);
    return h(
      'tr',
      { 'data-user-id': user.id, 'data-username': username },
      h('td', {}, h('strong', {}, username)),
      h('td', {}, user.name || ''),
      h('td', { class: 'wrap' }, user.email || ''),
      h('td', {}, h('span', { class: `badge ${enabled ? 'on' : 'off'}` }, enabled ? t('users.enabled') : t('users.disabled'))),
      h('td', {}, user.groups.map((group) => group.name || groupName(group.id)).join(', ')),
      h('td', { class: 'chips', 'data-permissions': user.permissions.join(' ') }, describePermissions(user.permissions)),
      h(
        'td',
        { class: 'row-actions' },
        h('button', { type: 'button', onclick: () => editors.openUserEditor(user) }, t('common.edit')),
        button(t('common.groups'), () => editors.openGroupEditor(user)),
        user.id === currentUserId
          ? h('span', { class: 'muted small' }, t('users.you'))
          : [
              enabled
                ? button(
                    t('users.disable'),
                    () => void act(t('users.disabledStatus', { username }), () => call(client.DELETE('/users/{id}/enabled', path))),
                  )
                : button(
                    t('users.enable'),
                    () => void act(t('users.enabledStatus', { username }), () => call(client.PUT('/users/{id}/enabled', path))),
                  ),
              button(
                t('common.delete'),
                () => {
                  if (!window.confirm(t('users.deleteConfirm', { username }))) return;
                  void act(t('users.deleted', { username }), () => call(client.DELETE('/users/{id}', path)));
                },
                'danger',
              ),
            ],
      ),
    );
  }

  /* Search and paging on the server (GET /users/search): thousands of users stay quick. */
  function renderPage(users: User[]): void {
    const size = Number(pageSizeSelect.value) || 50;
    const pages = Math.max(1, Math.ceil(total / size));
    tbody.replaceChildren(
      ...(users.length
        ? users.map(row)
        : [h('tr', {}, h('td', { colspan: '7', class: 'muted' }, search.value.trim() ? t('users.noMatch') : t('groups.noUsers')))]),
    );
    range.textContent = users.length
      ? t('users.range', {
          from: numberText(pageIndex * size + 1),
          to: numberText(pageIndex * size + users.length),
          total: numberText(total),
        })
      : t('users.noUsersShort');
    prevButton.disabled = pageIndex === 0;
    nextButton.disabled = pageIndex >= pages - 1;
  }

  search.addEventListener('input', () => {
    window.clearTimeout(searchTimer);
    searchTimer = window.setTimeout(() => {
      pageIndex = 0;
      void load();
    }, 250);
  });
  pageSizeSelect.addEventListener('change', () => {
    pageIndex = 0;
    void load();
  });
  prevButton.addEventListener('click', () => {
    if (pageIndex > 0) {
      pageIndex -= 1;
      void load();
    }
  });
  nextButton.addEventListener('click', () => {
    pageIndex += 1;
    void load();
  });

  createForm.addEventListener('submit', async (event) => {
    event.preventDefault();
    const values = formValues(createForm);
    const body = {
      username: (values.username ?? '').trim(),
      name: (values.name ?? '').trim(),
      email: (values.email ?? '').trim(),
      password: values.password ?? '',
      permissions: permissionsIn(createForm),
      groupIds: checkedValues(createForm, 'groupIds'),
    };
    try {
      await call(client.POST('/users', { body }));
      createForm.reset();
      showStatus(status, t('users.created', { username: body.username }), 'ok');
      await load();
    } catch (error) {
      showStatus(status, errorText(error), 'error');
    }
  });

  async function load(): Promise<void> {
    const serial = ++loadSerial;
    const size = Number(pageSizeSelect.value) || 50;
    const q = search.value.trim();
    try {
      const [found, allGroups] = await Promise.all([
        call(client.GET('/users/search', { params: { query: { page: pageIndex + 1, pageSize: size, ...(q ? { q } : {}) } } })),
        call(client.GET('/groups')).catch(() => []),
      ]);
      if (serial !== loadSerial) return; // a newer search answered meanwhile
      groups = allGroups.map((group) => ({ id: group.id, name: group.name }));
      total = found.total;
      if (!found.items.length && pageIndex > 0 && total > 0) {
        pageIndex = Math.max(0, Math.ceil(total / size) - 1);
        return load();
      }
      renderPage(found.items);
      if (!createGroups.querySelector('input:checked')) groupChecks(createGroups, groups, 'groupIds', []);
    } catch (error) {
      tbody.replaceChildren(h('tr', {}, h('td', { colspan: '7', class: 'error' }, errorText(error))));
    }
  }

  void load();
});
