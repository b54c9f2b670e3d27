/**
 * Visualizations page: own, shared with me and hidden visualizations (GET /visualizations?content=false);
 * open, rename (PUT /visualizations/{id}/info), share with users and groups (PUT .../users, .../groups),
 * hide / unhide (PUT / DELETE .../hidden), delete, and create (POST /visualizations).
 */
import { call, client, type Schemas } from '../shared/client';
import { h } from '../shared/dom';
import { t } from '../shared/i18n';
import { byId, checkedValues, dateText, errorText, field, formValues, one, onReady, showStatus } from '../shared/page-kit';

type Visualization = Schemas['Visualization'];
type Named = { id: string; name: string };
type Person = { id: string; username: string };

onReady(() => {
  const root = byId('visualizations');
  const canShare = root.dataset.canShare === 'true';
  const everyone = root.dataset.canShareWithEveryone === 'true';
  const status = byId('visualizations-status');
  const tables = {
    own: one<HTMLTableSectionElement>(document, '#own-table tbody'),
    shared: one<HTMLTableSectionElement>(document, '#shared-table tbody'),
    hidden: one<HTMLTableSectionElement>(document, '#hidden-table tbody'),
  };
  const renameSection = byId('rename-editor');
  const renameForm = byId<HTMLFormElement>('rename-form');
  const shareSection = byId('share-editor');
  const shareForm = byId<HTMLFormElement>('share-form');
  const shareMessage = byId('share-message');
  const createForm = byId<HTMLFormElement>('create-form');
  let editing: Visualization | null = null;
  const path = (visualization: Visualization) => ({ params: { path: { id: visualization.id } } });
  const openHref = (visualization: Visualization) => `/visualization?id=${encodeURIComponent(visualization.id)}`;

  async function act(work: () => Promise<unknown>, success: string): Promise<void> {
    try {
      await work();
      showStatus(status, success, 'ok');
      await load();
    } catch (error) {
      showStatus(status, errorText(error), 'error');
    }
  }

  function sharedWith(visualization: Visualization): Node | Node[] {
    const shared = visualization.sharedWith ?? { users: [], groups: [] };
    const chips = [
      ...shared.users.map((user) => h('span', { class: 'chip', title: t('common.user') }, user.username)),
      ...shared.groups.map((group) =>
        h('span', { class: 'chip', title: t('visualizations.group') }, t('visualizations.groupChip', { name: group.name })),
      ),
    ];
    return chips.length ? chips : h('span', { class: 'muted' }, t('visualizations.nobody'));
  }

  function actions(visualization: Visualization): HTMLTableCellElement {
    const button = (text: string, onclick: () => void, kind = 'secondary') => h('button', { type: 'button', class: kind, onclick }, text);
    const name = visualization.name;
    return h(
      'td',
      { class: 'row-actions' },
      h('a', { class: 'button secondary', href: openHref(visualization) }, t('visualizations.open')),
      visualization.own && button(t('visualizations.rename'), () => openRename(visualization)),
      visualization.own && canShare && button(t('visualizations.share'), () => void openShare(visualization)),
      visualization.hidden
        ? button(
            t('visualizations.unhide'),
            () =>
              void act(
                () => call(client.DELETE('/visualizations/{id}/hidden', path(visualization))),
                t('visualizations.visibleAgain', { name }),
              ),
          )
        : button(
            t('visualizations.hide'),
            () =>
              void act(
                () => call(client.PUT('/visualizations/{id}/hidden', path(visualization))),
                t('visualizations.hiddenStatus', { name }),
              ),
          ),
      visualization.own &&
        button(
          t('common.delete'),
          () => {
            if (!window.confirm(t('visualizations.deleteConfirm', { name }))) return;
            void act(() => call(client.DELETE('/visualizations/{id}', path(visualization))), t('visualizations.deleted', { name }));
          },
          'danger',
        ),
    );
  }

  function row(visualization: Visualization, third: 'shares' | 'owner'): HTMLTableRowElement {
    const owner = visualization.own ? t('visualizations.ownerYou', { name: visualization.owner.username }) : visualization.owner.username;
    return h(
      'tr',
      { 'data-visualization-id': visualization.id, 'data-visualization-name': visualization.name },
      h('td', {}, h('a', { href: openHref(visualization) }, visualization.name)),
      h('td', {}, visualization.description || ''),
      h('td', {}, third === 'shares' ? sharedWith(visualization) : owner),
      h('td', {}, dateText(visualization.updatedAt)),
      actions(visualization),
    );
  }

  function fill(tbody: HTMLTableSectionElement, rows: HTMLTableRowElement[], empty: string): void {
    tbody.replaceChildren(...(rows.length ? rows : [h('tr', {}, h('td', { colspan: '5', class: 'muted' }, empty))]));
  }

  async function load(): Promise<void> {
    try {
      const all = await call(client.GET('/visualizations', { params: { query: { content: 'false' } } }));
      fill(
        tables.own,
        all.filter((v) => v.own && !v.hidden).map((v) => row(v, 'shares')),
        t('visualizations.noOwn'),
      );
      fill(
        tables.shared,
        all.filter((v) => !v.own && !v.hidden).map((v) => row(v, 'owner')),
        t('visualizations.noShared'),
      );
      fill(
        tables.hidden,
        all.filter((v) => v.hidden).map((v) => row(v, 'owner')),
        t('visualizations.noHidden'),
      );
    } catch (error) {
      for (const tbody of Object.values(tables))
        tbody.replaceChildren(h('tr', {}, h('td', { colspan: '5', class: 'error' }, errorText(error))));
    }
  }

  function closeEditors(): void {
    editing = null;
    renameSection.hidden = true;
    shareSection.hidden = true;
  }

  function openRename(visualization: Visualization): void {
    closeEditors();
    editing = visualization;
    byId('rename-name').textContent = visualization.name;
    field(renameForm, 'name').value = visualization.name;
    field(renameForm, 'description').value = visualization.description || '';
    renameSection.hidden = false;
    field(renameForm, 'name').focus();
  }

  function option(name: string, value: string, text: string, checked: boolean): HTMLLabelElement {
    return h('label', { class: 'check' }, h('input', { type: 'checkbox', name, value, checked }), ' ', text);
  }

  async function openShare(visualization: Visualization): Promise<void> {
    closeEditors();
    editing = visualization;
    byId('share-name').textContent = visualization.name;
    showStatus(shareMessage, '', 'ok');
    const shared = visualization.sharedWith ?? { users: [], groups: [] };
    try {
      const [pickableUsers, pickableGroups] = await Promise.all([
        call<Person[]>(everyone ? client.GET('/users/info') : client.GET('/users/user/related')),
        call<Named[]>(everyone ? client.GET('/groups/info') : client.GET('/users/user/groups')),
      ]);
      const users = pickableUsers.filter((u) => u.id !== root.dataset.userId);
      // Already shared with someone outside the pickable set: keep them listed so they can be removed.
      for (const u of shared.users) if (!users.some((x) => x.id === u.id)) users.push(u);
      const groups = [...pickableGroups];
      for (const g of shared.groups) if (!groups.some((x) => x.id === g.id)) groups.push(g);
      const sharedUsers = new Set(shared.users.map((u) => u.id));
      const sharedGroups = new Set(shared.groups.map((g) => g.id));
      byId('share-users').replaceChildren(
        ...(users.length
          ? users.map((u) => option('userIds', u.id, u.username, sharedUsers.has(u.id)))
          : [h('span', { class: 'muted' }, t('visualizations.noUsers'))]),
      );
      byId('share-groups').replaceChildren(
        ...(groups.length
          ? groups.map((g) => option('groupIds', g.id, g.name, sharedGroups.has(g.id)))
          : [h('span', { class: 'muted' }, t('visualizations.noGroups'))]),
      );
      shareSection.hidden = false;
    } catch (error) {
      showStatus(status, errorText(error), 'error');
    }
  }

  renameForm.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (!editing) return;
    const target = editing;
    const values = formValues(renameForm);
    const name = (values.name ?? '').trim();
    await act(
      async () => {
        await call(client.PUT('/visualizations/{id}/info', { ...path(target), body: { name, description: values.description ?? '' } }));
        closeEditors();
      },
      t('visualizations.renamed', { name }),
    );
  });

  shareForm.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (!editing) return;
    const target = editing;
    try {
      await call(client.PUT('/visualizations/{id}/users', { ...path(target), body: { userIds: checkedValues(shareForm, 'userIds') } }));
      await call(client.PUT('/visualizations/{id}/groups', { ...path(target), body: { groupIds: checkedValues(shareForm, 'groupIds') } }));
      closeEditors();
      showStatus(status, t('visualizations.sharingSaved', { name: target.name }), 'ok');
      await load();
    } catch (error) {
      showStatus(shareMessage, errorText(error), 'error');
    }
  });

  for (const button of document.querySelectorAll('[data-cancel]')) button.addEventListener('click', closeEditors);

  createForm.addEventListener('submit', async (event) => {
    event.preventDefault();
    const values = formValues(createForm);
    const body = { name: (values.name ?? '').trim(), description: values.description ?? '' };
    await act(
      async () => {
        await call(client.POST('/visualizations', { body }));
        createForm.reset();
      },
      t('visualizations.created', { name: body.name }),
    );
  });

  void load();
});
