/**
 * Sharing from the workspace: a dialog with the users and groups the owner may share with (the
 * owner's own groups and their members, or everyone with Share visualization with everyone), the
 * same endpoints the list page uses. The server enforces the rules; refusals are shown in words.
 */
import { ApiError, request } from '../../shared/api';
import { h } from '../../shared/dom';
import { t } from '../../shared/i18n';

interface Named {
  id: string | number;
  username?: string;
  name?: string;
}

interface Shares {
  users: Array<{ id: string; username: string }>;
  groups: Array<{ id: string; name: string }>;
}

const asList = (value: unknown): Named[] =>
  Array.isArray(value)
    ? (value as Named[])
    : Array.isArray((value as { items?: unknown })?.items)
      ? (value as { items: Named[] }).items
      : [];

export async function openShareDialog(
  visualizationId: string,
  options: { everyone: boolean; myId: string; done(message: string): void },
): Promise<void> {
  const visualization = await request<{ sharedWith?: Shares; name: string }>(
    'GET',
    `/visualizations/${encodeURIComponent(visualizationId)}`,
  );
  const shared = visualization.sharedWith ?? { users: [], groups: [] };
  const [usersAnswer, groupsAnswer] = await Promise.all([
    request<unknown>('GET', options.everyone ? '/users/info' : '/users/user/related'),
    request<unknown>('GET', options.everyone ? '/groups/info' : '/users/user/groups'),
  ]);
  const users = asList(usersAnswer).filter((user) => String(user.id) !== options.myId);
  const groups = asList(groupsAnswer);
  for (const user of shared.users) if (!users.some((u) => String(u.id) === user.id)) users.push(user);
  for (const group of shared.groups) if (!groups.some((g) => String(g.id) === group.id)) groups.push(group);
  const box = (name: string, item: Named, checked: boolean) => {
    const input = h('input', { type: 'checkbox', name, value: String(item.id) });
    input.checked = checked;
    return h('label', { class: 'check' }, input, ` ${item.username ?? item.name ?? item.id}`);
  };
  const error = h('p', { class: 'error', role: 'alert', hidden: true });
  const dialog = h('dialog', { class: 'share-dialog', 'aria-label': t('web.workspace.share.label', { name: visualization.name }) });
  const form = h(
    'form',
    { method: 'dialog' },
    h('h2', {}, t('web.workspace.share.title', { name: visualization.name })),
    h(
      'fieldset',
      {},
      h('legend', {}, t('web.workspace.share.users')),
      ...(users.length
        ? users.map((u) =>
            box(
              'userIds',
              u,
              shared.users.some((s) => s.id === String(u.id)),
            ),
          )
        : [h('p', { class: 'muted' }, t('web.workspace.share.noUsers'))]),
    ),
    h(
      'fieldset',
      {},
      h('legend', {}, t('web.workspace.share.groups')),
      ...(groups.length
        ? groups.map((g) =>
            box(
              'groupIds',
              g,
              shared.groups.some((s) => s.id === String(g.id)),
            ),
          )
        : [h('p', { class: 'muted' }, t('web.workspace.share.noGroups'))]),
    ),
    error,
    h(
      'div',
      { class: 'actions' },
      h('button', { type: 'submit', value: 'save' }, t('web.workspace.share.save')),
      h('button', { type: 'button', onclick: () => dialog.close() }, t('web.workspace.share.cancel')),
    ),
  );
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const checked = (name: string) =>
      [...form.querySelectorAll<HTMLInputElement>(`input[name="${name}"]:checked`)].map((input) => input.value);
    try {
      await request('PUT', `/visualizations/${encodeURIComponent(visualizationId)}/users`, { userIds: checked('userIds') });
      await request('PUT', `/visualizations/${encodeURIComponent(visualizationId)}/groups`, { groupIds: checked('groupIds') });
      dialog.close();
      options.done(t('web.workspace.share.done', { users: checked('userIds').length, groups: checked('groupIds').length }));
    } catch (failure) {
      error.hidden = false;
      error.textContent = failure instanceof ApiError || failure instanceof Error ? failure.message : String(failure);
    }
  });
  dialog.append(form);
  dialog.addEventListener('close', () => dialog.remove());
  document.body.append(dialog);
  dialog.showModal();
}
