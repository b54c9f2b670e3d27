/** "See as a user" on the access control page: what a chosen user would see (GET /users/{id}/preview). */
import { call, client } from '../shared/client';
import { h } from '../shared/dom';
import { t } from '../shared/i18n';
import { byId, errorText, numberText } from '../shared/page-kit';

function countTable(caption: string, kind: string, heading: string, rows: Array<[string, number]>): HTMLElement {
  return h(
    'div',
    { class: 'table-scroll' },
    h(
      'table',
      { class: 'grid preview-table', 'data-kind': kind },
      h('caption', {}, caption),
      h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, heading), h('th', { scope: 'col' }, t('acl.visible')))),
      h(
        'tbody',
        {},
        rows.length
          ? rows.map(([name, count]) => h('tr', { 'data-name': name }, h('td', {}, name), h('td', {}, numberText(count))))
          : h('tr', {}, h('td', { colspan: '2', class: 'muted' }, t('acl.none'))),
      ),
    ),
  );
}

export function wirePreview(): void {
  const previewForm = byId<HTMLFormElement>('acl-preview-form');
  const previewUser = byId<HTMLSelectElement>('acl-preview-user');
  const previewResult = byId('acl-preview-result');

  previewForm.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (!previewUser.value) return;
    previewResult.replaceChildren(h('p', { class: 'muted' }, t('acl.computing')));
    try {
      const p = await call(client.GET('/users/{id}/preview', { params: { path: { id: previewUser.value }, query: { sample: 10 } } }));
      const totals = { nodes: numberText(p.nodes.total), relationships: numberText(p.relationships.total) };
      const sampleRows = p.sample.map((node) =>
        h(
          'tr',
          { 'data-node-id': node.id },
          h('td', {}, node.labels.join(', ')),
          h(
            'td',
            { class: 'wrap' },
            Object.entries(node.properties)
              .map(([key, value]) => `${key}: ${JSON.stringify(value)}`)
              .join('; '),
          ),
        ),
      );
      previewResult.replaceChildren(
        h(
          'p',
          { class: p.unrestricted ? 'notice' : 'muted' },
          t(p.unrestricted ? 'acl.preview.unrestricted' : p.readAllData ? 'acl.preview.readAll' : 'acl.preview.sees', {
            username: p.username,
            ...totals,
          }),
        ),
        h(
          'p',
          { class: 'preview-totals', 'data-nodes': String(p.nodes.total), 'data-relationships': String(p.relationships.total) },
          t('acl.preview.totals', totals),
        ),
        countTable(
          t('acl.preview.perLabel'),
          'label',
          t('acl.preview.label'),
          p.nodes.perLabel.map((e) => [e.label, e.count]),
        ),
        countTable(
          t('acl.preview.perType'),
          'type',
          t('acl.preview.type'),
          p.relationships.perType.map((e) => [e.type, e.count]),
        ),
        h(
          'div',
          { class: 'table-scroll' },
          h(
            'table',
            { class: 'grid preview-sample' },
            h('caption', {}, t('acl.sampleCaption')),
            h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, t('acl.labels')), h('th', { scope: 'col' }, t('acl.properties')))),
            h('tbody', {}, sampleRows.length ? sampleRows : h('tr', {}, h('td', { colspan: '2', class: 'muted' }, t('acl.noVisibleNode')))),
          ),
        ),
      );
    } catch (error) {
      previewResult.replaceChildren(h('p', { class: 'error', role: 'alert' }, errorText(error)));
    }
  });

  void (async () => {
    try {
      const users = await call(client.GET('/users/info'));
      users.sort((a, b) => a.username.localeCompare(b.username));
      previewUser.replaceChildren(
        h('option', { value: '' }, t('acl.chooseUser')),
        ...users.map((user) => h('option', { value: user.id }, user.username)),
      );
    } catch (error) {
      previewUser.replaceChildren(h('option', { value: '' }, errorText(error)));
    }
  })();
}
