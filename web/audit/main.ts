/** Audit page: filtered, paged events (GET /audit/data), details, chain verification (GET /audit/verify), CSV and JSON lines export. */
import { call, client, jsonOnly, type JsonAnswer, type operations } from '../shared/client';
import { h } from '../shared/dom';
import { t } from '../shared/i18n';
import { byId, dateText, errorText, field, numberText, one, onReady } from '../shared/page-kit';

type AuditEvent = Exclude<JsonAnswer<'getAuditData'>, string>['items'][number];
type Filters = Pick<
  NonNullable<operations['getAuditData']['parameters']['query']>,
  'from' | 'to' | 'username' | 'action' | 'targetType' | 'targetId'
>;

onReady(() => {
  const form = byId<HTMLFormElement>('audit-filter');
  const formMessage = byId('audit-filter-message');
  const tbody = one<HTMLTableSectionElement>(document, '#audit-table tbody');
  const range = byId('audit-range');
  const prev = byId<HTMLButtonElement>('audit-prev');
  const next = byId<HTMLButtonElement>('audit-next');
  const details = byId('audit-details');
  const value = (name: string) => field(form, name).value;
  let page = 1;
  let total = 0;

  function isoOf(localValue: string): string {
    if (!localValue) return '';
    const date = new Date(localValue);
    return Number.isNaN(date.getTime()) ? '' : date.toISOString();
  }

  /** The filters as query parameters (without paging). */
  function filters(): Filters {
    const query: Filters = {};
    const from = isoOf(value('from'));
    const to = isoOf(value('to'));
    if (from) query.from = from;
    if (to) query.to = to;
    for (const name of ['username', 'action', 'targetType', 'targetId'] as const) {
      const text = value(name).trim();
      if (text) query[name] = text;
    }
    return query;
  }

  function updateExportLinks(): void {
    for (const format of ['csv', 'jsonl'] as const) {
      const params = new URLSearchParams(
        Object.entries({ ...filters(), format }).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
      );
      byId<HTMLAnchorElement>(`audit-export-${format}`).href = `/audit/data?${params.toString()}`;
    }
  }

  function showMessage(text: string, kind: 'ok' | 'error'): void {
    formMessage.textContent = text;
    formMessage.className = `form-message${text ? ` ${kind}` : ''}`;
    formMessage.setAttribute('role', kind === 'error' ? 'alert' : 'status');
  }

  function target(event: AuditEvent): string {
    if (!event.targetType && !event.targetId) return '';
    return (event.targetType ?? '') + (event.targetId ? ` #${event.targetId}` : '');
  }

  function actor(event: AuditEvent): string | null {
    return event.username || (event.userId ? `#${event.userId}` : null);
  }

  function showDetails(event: AuditEvent): void {
    byId('audit-details-id').textContent = event.id;
    byId('audit-details-fields').replaceChildren(
      h('dt', {}, t('page.audit.time')),
      h('dd', {}, dateText(event.at)),
      h('dt', {}, t('common.user')),
      h('dd', {}, actor(event) ?? t('audit.system')),
      h('dt', {}, t('page.audit.action')),
      h('dd', {}, event.action),
      h('dt', {}, t('page.audit.target')),
      h('dd', {}, target(event) || '—'),
      h('dt', {}, t('page.audit.ip')),
      h('dd', {}, event.ip || '—'),
    );
    byId('audit-details-json').textContent = JSON.stringify(event.details ?? {}, null, 2);
    details.hidden = false;
    details.scrollIntoView({ block: 'nearest' });
  }

  function row(event: AuditEvent): HTMLTableRowElement {
    return h(
      'tr',
      { 'data-event-id': event.id, 'data-action': event.action },
      h('td', {}, dateText(event.at)),
      h('td', {}, actor(event) ?? h('span', { class: 'muted' }, t('audit.system'))),
      h('td', {}, h('code', {}, event.action)),
      h('td', { class: 'wrap' }, target(event)),
      h('td', {}, event.ip ?? ''),
      h(
        'td',
        { class: 'row-actions' },
        h('button', { type: 'button', class: 'secondary', onclick: () => showDetails(event) }, t('common.details')),
      ),
    );
  }

  async function load(): Promise<void> {
    const size = Number(value('pageSize')) || 50;
    updateExportLinks();
    try {
      const result = jsonOnly(await call(client.GET('/audit/data', { params: { query: { ...filters(), page, pageSize: size } } })));
      total = result.total;
      const items = result.items ?? [];
      tbody.replaceChildren(
        ...(items.length ? items.map(row) : [h('tr', {}, h('td', { colspan: '6', class: 'muted' }, t('audit.noEvents')))]),
      );
      const first = (page - 1) * size + 1;
      range.textContent = items.length
        ? t('audit.range', { from: numberText(first), to: numberText(first + items.length - 1), total: numberText(total) })
        : t('audit.noEventsShort');
      prev.disabled = page <= 1;
      next.disabled = page * size >= total;
      showMessage('', 'ok');
    } catch (error) {
      showMessage(errorText(error), 'error');
      tbody.replaceChildren(h('tr', {}, h('td', { colspan: '6', class: 'error' }, errorText(error))));
    }
  }

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const from = value('from');
    const to = value('to');
    if (from && to && new Date(from) >= new Date(to)) {
      showMessage(t('audit.timeRange'), 'error');
      return;
    }
    page = 1;
    void load();
  });
  form.addEventListener('input', updateExportLinks);
  byId('audit-clear').addEventListener('click', () => {
    form.reset();
    page = 1;
    void load();
  });
  byId('audit-frontend').addEventListener('click', () => {
    field(form, 'action').value = 'frontend.*';
    page = 1;
    void load();
  });
  prev.addEventListener('click', () => {
    if (page > 1) {
      page -= 1;
      void load();
    }
  });
  next.addEventListener('click', () => {
    page += 1;
    void load();
  });
  byId('audit-details-close').addEventListener('click', () => {
    details.hidden = true;
  });

  byId('audit-verify-button').addEventListener('click', async () => {
    const output = byId('audit-verify');
    output.textContent = t('audit.checking');
    try {
      const result = await call(client.GET('/audit/verify'));
      output.className = result.ok ? 'ok' : 'error';
      output.textContent =
        result.ok || !result.brokenAt
          ? t('audit.intact', { count: result.checked })
          : t(result.brokenAt.reason === 'hash-mismatch' ? 'audit.brokenContent' : 'audit.brokenLink', {
              id: result.brokenAt.id,
              count: result.checked,
            });
    } catch (error) {
      output.className = 'error';
      output.textContent = errorText(error);
    }
  });

  call(client.GET('/users/info'))
    .then((users) => byId('audit-usernames').replaceChildren(...users.map((user) => h('option', { value: user.username }))))
    .catch(() => undefined); // the pickers are a convenience

  void load();
});
