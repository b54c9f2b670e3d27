/** Groups page: list (GET /groups) with permissions and members, create (POST /groups), edit (PUT /groups/{id}: name, description, permissions, members), delete. */
import { call, client, type Schemas } from '../shared/client';
import { h } from '../shared/dom';
import { t } from '../shared/i18n';
import { byId, checkedValues, errorText, field, formValues, one, onReady, showStatus } from '../shared/page-kit';

type Group = Schemas['Group'];
type PermissionCode = Schemas['PermissionCode'];
/** The permission checkboxes are written by the server from its own catalogue. */
const permissionsIn = (container: ParentNode) => checkedValues(container, 'permissions') as PermissionCode[];

onReady(() => {
  const status = byId('groups-status');
  const table = byId('groups-table');
  const tbody = one<HTMLTableSectionElement>(table, 'tbody');
  const createForm = byId<HTMLFormElement>('create-group-form');
  const editSection = byId('group-edit');
  const editForm = byId<HTMLFormElement>('group-edit-form');
  const editMembers = byId('group-edit-members');
  const editFilter = byId<HTMLInputElement>('group-edit-filter');
  const editMessage = byId('group-edit-message');
  const permissionNames = new Map<string, string>(
    (JSON.parse(table.dataset.permissions || '[]') as Array<{ code: string; name: string }>).map((p) => [p.code, p.name]),
  );
  let usernames = new Map<string, string>();
  let editing: Group | null = null;
  const fail = (error: unknown) => showStatus(status, errorText(error), 'error');

  function membersOf(group: Group): string[] {
    return group.users.map((member) => member.username || usernames.get(member.id) || `#${member.id}`);
  }

  async function remove(group: Group): Promise<void> {
    if (!window.confirm(t('groups.deleteConfirm', { name: group.name }))) return;
    try {
      await call(client.DELETE('/groups/{id}', { params: { path: { id: group.id } } }));
      showStatus(status, t('groups.deleted', { name: group.name }), 'ok');
      await load();
    } catch (error) {
      fail(error);
    }
  }

  function row(group: Group): HTMLTableRowElement {
    const members = membersOf(group);
    const none = () => h('span', { class: 'muted' }, t('common.none'));
    return h(
      'tr',
      { 'data-group-id': group.id, 'data-group-name': group.name },
      h('td', {}, h('strong', {}, group.name)),
      h('td', {}, group.description || ''),
      h(
        'td',
        { class: 'chips', 'data-permissions': group.permissions.join(' ') },
        group.permissions.length
          ? group.permissions.map((code) => h('span', { class: 'chip', title: code }, permissionNames.get(code) ?? code))
          : none(),
      ),
      h('td', {}, members.length ? members.join(', ') : none()),
      h(
        'td',
        { class: 'row-actions' },
        h('button', { type: 'button', onclick: () => openEditor(group) }, t('common.edit')),
        h('button', { type: 'button', class: 'danger', onclick: () => void remove(group) }, t('common.delete')),
      ),
    );
  }

  function message(text: string, kind: 'ok' | 'error'): void {
    editMessage.textContent = text;
    editMessage.className = `form-message${text ? ` ${kind}` : ''}`;
    editMessage.setAttribute('role', kind === 'error' ? 'alert' : 'status');
  }

  function renderMembers(selected: string[]): void {
    const ids = [...usernames.keys()].sort((a, b) => (usernames.get(a) ?? '').localeCompare(usernames.get(b) ?? ''));
    editMembers.replaceChildren(
      ...(ids.length
        ? ids.map((id) =>
            h(
              'label',
              { class: 'check', 'data-username': usernames.get(id) },
              h('input', { type: 'checkbox', name: 'userIds', value: id, checked: selected.includes(id) }),
              ' ',
              usernames.get(id),
            ),
          )
        : [h('span', { class: 'muted' }, t('groups.noUsers'))]),
    );
  }

  editFilter.addEventListener('input', () => {
    const needle = editFilter.value.trim().toLowerCase();
    for (const label of editMembers.querySelectorAll<HTMLElement>('label.check')) {
      label.hidden = Boolean(needle) && !(label.dataset.username ?? '').toLowerCase().includes(needle);
    }
  });

  function openEditor(group: Group): void {
    editing = group;
    byId('group-edit-name').textContent = group.name;
    field(editForm, 'name').value = group.name || '';
    field(editForm, 'description').value = group.description || '';
    for (const input of editForm.querySelectorAll<HTMLInputElement>('input[name="permissions"]'))
      input.checked = group.permissions.includes(input.value as PermissionCode);
    editFilter.value = '';
    renderMembers(group.userIds.map(String));
    message('', 'ok');
    editSection.hidden = false;
    editSection.scrollIntoView({ block: 'start' });
    field(editForm, 'name').focus();
  }

  editForm.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (!editing) return;
    const body = {
      name: field(editForm, 'name').value.trim(),
      description: field(editForm, 'description').value.trim(),
      permissions: permissionsIn(editForm),
      userIds: checkedValues(editMembers, 'userIds'),
    };
    try {
      editing = await call(client.PUT('/groups/{id}', { params: { path: { id: editing.id } }, body }));
      byId('group-edit-name').textContent = editing.name;
      message(t('common.saved'), 'ok');
      showStatus(status, t('groups.saved', { name: editing.name }), 'ok');
      await load();
    } catch (error) {
      message(errorText(error), 'error');
    }
  });

  byId('group-edit-close').addEventListener('click', () => {
    editSection.hidden = true;
    editing = null;
  });

  createForm.addEventListener('submit', async (event) => {
    event.preventDefault();
    const values = formValues(createForm);
    const body = {
      name: (values.name ?? '').trim(),
      description: (values.description ?? '').trim(),
      permissions: permissionsIn(createForm),
    };
    try {
      await call(client.POST('/groups', { body }));
      createForm.reset();
      showStatus(status, t('groups.created', { name: body.name }), 'ok');
      await load();
    } catch (error) {
      fail(error);
    }
  });

  async function load(): Promise<void> {
    try {
      const [groups, users] = await Promise.all([call(client.GET('/groups')), call(client.GET('/users/info')).catch(() => [])]);
      usernames = new Map(users.map((user) => [String(user.id), user.username]));
      groups.sort((a, b) => a.name.localeCompare(b.name));
      tbody.replaceChildren(
        ...(groups.length ? groups.map(row) : [h('tr', {}, h('td', { colspan: '5', class: 'muted' }, t('groups.noGroups')))]),
      );
    } catch (error) {
      tbody.replaceChildren(h('tr', {}, h('td', { colspan: '5', class: 'error' }, errorText(error))));
    }
  }

  void load();
});
