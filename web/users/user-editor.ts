/** The users page's editors: a user's details, permissions, groups, enabled and password, the groups-only editor, and the user's effective security. */
import { call, client, type Schemas } from '../shared/client';
import { h } from '../shared/dom';
import { t } from '../shared/i18n';
import { byId, checkedValues, errorText, field, showStatus } from '../shared/page-kit';
import { describeFilter, describePropertyRules } from '../shared/security-words';

export type User = Schemas['User'];
type PermissionCode = Schemas['PermissionCode'];
type GroupRef = Schemas['GroupRef'];

export interface UsersPage {
  status: HTMLElement;
  currentUserId: string;
  groups(): GroupRef[];
  /** Reloads the list after a change. */
  reload(): Promise<void>;
}

export function formMessage(element: HTMLElement, message: string, kind: 'ok' | 'error'): void {
  element.textContent = message;
  element.className = `form-message${message ? ` ${kind}` : ''}`;
  element.setAttribute('role', kind === 'error' ? 'alert' : 'status');
}

export function groupIdsOf(user: User): string[] {
  return user.groups.map((group) => String(group.id));
}

export function groupChecks(container: HTMLElement, groups: GroupRef[], name: string, selected: string[]): void {
  container.replaceChildren(
    ...(groups.length
      ? groups.map((group) =>
          h(
            'label',
            { class: 'check' },
            h('input', { type: 'checkbox', name, value: group.id, checked: selected.includes(group.id) }),
            ' ',
            group.name,
          ),
        )
      : [h('span', { class: 'muted' }, t('groups.noGroups'))]),
  );
}

/** The permission checkboxes are written by the server from its own catalogue. */
export const permissionsIn = (container: ParentNode) => checkedValues(container, 'permissions') as PermissionCode[];

/** Wires the editors; returns how the list opens them. */
export function userEditors(page: UsersPage): { openUserEditor(user: User): void; openGroupEditor(user: User): void } {
  const editor = byId('group-editor');
  const editorForm = byId<HTMLFormElement>('group-editor-form');
  const editorOptions = byId('group-editor-options');
  const userEditor = byId('user-editor');
  const userForm = byId<HTMLFormElement>('user-editor-form');
  const userGroups = byId('user-editor-groups');
  const userMessage = byId('user-editor-message');
  const passwordForm = byId<HTMLFormElement>('user-password-form');
  const passwordMessage = byId('user-password-message');
  const securityBox = byId('user-security');
  const enabledBox = field(userForm, 'enabled');
  let editing: User | null = null;
  let editingUser: User | null = null;

  function openGroupEditor(user: User): void {
    editing = user;
    byId('group-editor-user').textContent = user.username;
    groupChecks(editorOptions, page.groups(), 'groupIds', groupIdsOf(user));
    editor.hidden = false;
    editor.scrollIntoView({ block: 'nearest' });
    editorOptions.querySelector<HTMLInputElement>('input')?.focus();
  }

  editorForm.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (!editing) return;
    const user = editing;
    try {
      await call(
        client.PUT('/users/{id}/groups', {
          params: { path: { id: user.id } },
          body: { groupIds: checkedValues(editorOptions, 'groupIds') },
        }),
      );
      showStatus(page.status, t('users.groupsSaved', { username: user.username }), 'ok');
      await page.reload();
    } catch (error) {
      showStatus(page.status, errorText(error), 'error');
    }
    editor.hidden = true;
    editing = null;
  });
  byId('group-editor-cancel').addEventListener('click', () => {
    editor.hidden = true;
    editing = null;
  });

  function openUserEditor(user: User): void {
    editingUser = user;
    byId('user-editor-name').textContent = user.username;
    field(userForm, 'name').value = user.name || '';
    field(userForm, 'email').value = user.email || '';
    enabledBox.checked = user.enabled !== false;
    enabledBox.disabled = user.id === page.currentUserId;
    for (const input of userForm.querySelectorAll<HTMLInputElement>('input[name="permissions"]'))
      input.checked = user.permissions.includes(input.value as PermissionCode);
    groupChecks(userGroups, page.groups(), 'groupIds', groupIdsOf(user));
    passwordForm.reset();
    formMessage(userMessage, '', 'ok');
    formMessage(passwordMessage, '', 'ok');
    userEditor.hidden = false;
    userEditor.scrollIntoView({ block: 'start' });
    field(userForm, 'name').focus();
    void loadSecurity(user);
  }

  async function loadSecurity(user: User): Promise<void> {
    securityBox.replaceChildren(h('span', { class: 'muted' }, t('common.loading')));
    try {
      const path = { params: { path: { id: user.id } } };
      const [entity, property] = await Promise.all([
        call(client.GET('/users/{id}/entitySecurity', path)),
        call(client.GET('/users/{id}/propertySecurity', path)),
      ]);
      const readsAll = user.effectivePermissions.includes('READ_ALL_DATA');
      const lines = (rules: Record<string, { enabled?: string[]; disabled?: string[] }>) =>
        h(
          'ul',
          {},
          describePropertyRules(rules).map((line) => h('li', {}, line)),
        );
      securityBox.replaceChildren(
        ...(readsAll ? [h('p', { class: 'notice' }, t('users.readsAll'))] : []),
        h(
          'dl',
          { class: 'security-summary' },
          h('dt', {}, t('users.nodesShown')),
          h('dd', { 'data-kind': 'nodeFilter' }, describeFilter(entity.nodeFilter)),
          h('dt', {}, t('users.relationshipsShown')),
          h('dd', { 'data-kind': 'relationshipFilter' }, describeFilter(entity.relationshipFilter)),
          h('dt', {}, t('users.nodeProperties')),
          h('dd', {}, lines(property.nodes)),
          h('dt', {}, t('users.relationshipProperties')),
          h('dd', {}, lines(property.relationships)),
        ),
        h(
          'details',
          {},
          h('summary', {}, t('users.asJson')),
          h('pre', { class: 'json' }, JSON.stringify({ entitySecurity: entity, propertySecurity: property }, null, 2)),
        ),
      );
    } catch (error) {
      securityBox.replaceChildren(h('p', { class: 'error' }, errorText(error)));
    }
  }

  userForm.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (!editingUser) return;
    const user = editingUser;
    const path = { params: { path: { id: user.id } } };
    const body = {
      name: field(userForm, 'name').value.trim(),
      email: field(userForm, 'email').value.trim(),
      permissions: permissionsIn(userForm),
      groupIds: checkedValues(userGroups, 'groupIds'),
    };
    try {
      let updated = await call(client.PUT('/users/{id}', { ...path, body }));
      const wantEnabled = enabledBox.checked;
      if (user.id !== page.currentUserId && wantEnabled !== (user.enabled !== false)) {
        updated = await call(wantEnabled ? client.PUT('/users/{id}/enabled', path) : client.DELETE('/users/{id}/enabled', path));
      }
      editingUser = updated ?? user;
      formMessage(userMessage, t('common.saved'), 'ok');
      showStatus(page.status, t('users.saved', { username: user.username }), 'ok');
      await page.reload();
      void loadSecurity(editingUser);
    } catch (error) {
      formMessage(userMessage, errorText(error), 'error');
    }
  });

  passwordForm.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (!editingUser) return;
    try {
      const body = {
        password: field(passwordForm, 'password').value,
        mustChangePassword: field(passwordForm, 'mustChangePassword').checked,
      };
      await call(client.PUT('/users/{id}/password', { params: { path: { id: editingUser.id } }, body }));
      field(passwordForm, 'password').value = '';
      formMessage(passwordMessage, t('users.passwordSet'), 'ok');
    } catch (error) {
      formMessage(passwordMessage, errorText(error), 'error');
    }
  });

  byId('user-reset-mail').addEventListener('click', async () => {
    if (!editingUser) return;
    try {
      const result = await call(client.PUT('/users/{id}/reset-password', { params: { path: { id: editingUser.id } } }));
      formMessage(
        passwordMessage,
        result.mailConfigured === false ? t('users.resetLogged', { email: result.sentTo }) : t('users.resetSent', { email: result.sentTo }),
        'ok',
      );
    } catch (error) {
      formMessage(passwordMessage, errorText(error), 'error');
    }
  });

  byId('user-editor-close').addEventListener('click', () => {
    userEditor.hidden = true;
    editingUser = null;
  });

  return { openUserEditor, openGroupEditor };
}
