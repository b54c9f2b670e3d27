/** Jobs page: list (GET /jobs), create and edit with a form per type (job-form.ts), start now, cancel, enable/disable, delete, history with logs. */
import { call, client, type Schemas } from '../shared/client';
import { h } from '../shared/dom';
import { t } from '../shared/i18n';
import { byId, dateText, errorText, numberText, one, onReady, showStatus } from '../shared/page-kit';
import { JobForm } from './job-form';

type Job = Schemas['Job'];
type JobRun = NonNullable<Schemas['JobRun']>;
interface Match {
  id?: string | number;
  labels?: string[];
  caption?: string;
}

onReady(() => {
  const status = byId('jobs-status');
  const tbody = one<HTMLTableSectionElement>(document, '#jobs-table tbody');
  const form = new JobForm(byId<HTMLFormElement>('job-form'), byId('job-form-error'), byId('job-type-description'));
  const formHeading = byId('job-form-heading');
  const submit = byId('job-form-submit');
  const cancelEdit = byId('job-form-cancel');
  const history = byId('job-history');
  const historyBody = one<HTMLTableSectionElement>(document, '#job-history-table tbody');
  const historyOlder = byId('job-history-older');
  const fail = (error: unknown) => showStatus(status, errorText(error), 'error');
  let editing: string | null = null;
  let historyJob: string | null = null;
  let historyLimit = 20;
  let refreshTimer = 0;
  const params = new URLSearchParams(window.location.search);
  const highlightRun = params.get('run');
  // Logs and match lists a user opened stay open when the history refreshes.
  const opened = new Map<string, boolean>();
  const keepOpen = (key: string) => (event: Event) => opened.set(key, (event.target as HTMLDetailsElement).open);
  const isOpen = (key: string, run: JobRun) => opened.get(key) ?? run.id === highlightRun;
  const byName = (name: string) => ({ params: { path: { name } } });

  function startEditing(job: Job): void {
    editing = job.name;
    form.fill(job);
    form.field('name').disabled = true;
    formHeading.textContent = t('jobs.editHeading', { name: job.name });
    submit.textContent = t('jobs.save');
    cancelEdit.hidden = false;
    form.clearErrors();
    form.form.scrollIntoView({ block: 'start' });
  }

  function stopEditing(): void {
    editing = null;
    form.form.reset();
    form.field('name').disabled = false;
    formHeading.textContent = t('page.jobs.createHeading');
    submit.textContent = t('page.jobs.create');
    cancelEdit.hidden = true;
    form.clearErrors();
    form.showType();
  }

  form.form.addEventListener('submit', async (event) => {
    event.preventDefault();
    form.clearErrors();
    const body = form.body();
    if (!body) return;
    try {
      if (editing) {
        await call(client.PUT('/jobs/{name}', { ...byName(editing), body }));
        showStatus(status, t('jobs.saved', { name: editing }), 'ok');
      } else {
        const name = form.field('name').value.trim();
        await call(client.POST('/jobs', { body: { ...body, name } }));
        showStatus(status, t('jobs.created', { name }), 'ok');
      }
      stopEditing();
      await load();
    } catch (error) {
      form.showRefusal(error);
    }
  });
  form.field('type').addEventListener('change', () => form.showType());
  cancelEdit.addEventListener('click', stopEditing);

  /** A run state in words; a state the catalog does not know is shown as it is. */
  function stateWord(state: string): string {
    const key = `jobs.state.${state}`;
    const word = t(key);
    return word === key ? state : word;
  }

  function stateChip(run: JobRun | null): HTMLElement {
    if (!run) return h('span', { class: 'muted' }, t('profile.never'));
    const label = run.cancelRequested && run.state === 'running' ? t('jobs.state.cancelling') : stateWord(run.state);
    return h('span', { class: `chip state-${run.state}`, 'data-state': run.state }, label);
  }

  function action(label: string, handler: () => Promise<unknown>, kind = 'secondary'): HTMLButtonElement {
    return h(
      'button',
      {
        type: 'button',
        class: kind,
        onclick: async () => {
          try {
            await handler();
            await load();
          } catch (error) {
            fail(error);
          }
        },
      },
      label,
    );
  }

  function row(job: Job): HTMLTableRowElement {
    const last = job.lastRun;
    const active = last && (last.state === 'queued' || last.state === 'running');
    const path = byName(job.name);
    const name = job.name;
    const muted = (text: string) => h('div', { class: 'muted' }, text);
    return h(
      'tr',
      { 'data-job': name },
      h('td', {}, h('strong', {}, name), job.description ? muted(job.description) : null),
      h('td', {}, form.typeOf(job.type).title),
      h(
        'td',
        {},
        job.schedule ? h('code', {}, job.schedule) : h('span', { class: 'muted' }, t('jobs.byHand')),
        job.schedule
          ? muted(job.enabled ? job.effectiveTimeZone : t('jobs.zoneDisabled', { zone: job.effectiveTimeZone }))
          : job.enabled
            ? null
            : muted(t('jobs.disabled')),
      ),
      h('td', { class: 'next-run' }, job.nextRunAt ? dateText(job.nextRunAt) : h('span', { class: 'muted' }, '—')),
      h(
        'td',
        { class: 'last-run' },
        stateChip(last),
        last ? muted(dateText(last.finishedAt ?? last.startedAt ?? last.queuedAt)) : null,
        last?.error ? h('div', { class: 'error' }, last.error) : null,
      ),
      h(
        'td',
        { class: 'row-actions' },
        active
          ? action(t('common.cancel'), async () => {
              await call(client.DELETE('/jobs/{name}/started', path));
              showStatus(status, t('jobs.cancelling', { name }), 'ok');
            })
          : action(t('jobs.startNow'), async () => {
              await call(client.PUT('/jobs/{name}/started', path));
              showStatus(status, t('jobs.started', { name }), 'ok');
              await openHistory(name);
            }),
        action(job.enabled ? t('users.disable') : t('users.enable'), async () => {
          await call(client.PUT('/jobs/{name}', { ...path, body: { enabled: !job.enabled } }));
          showStatus(status, t(job.enabled ? 'jobs.disabledStatus' : 'jobs.enabledStatus', { name }), 'ok');
        }),
        action(t('common.edit'), async () => startEditing(await call(client.GET('/jobs/{name}', path)))),
        action(t('jobs.history'), () => openHistory(name)),
        action(
          t('common.delete'),
          async () => {
            if (!window.confirm(t('jobs.deleteConfirm', { name }))) return;
            await call(client.DELETE('/jobs/{name}', path));
            if (historyJob === name) closeHistory();
            showStatus(status, t('jobs.deleted', { name }), 'ok');
          },
          'danger',
        ),
      ),
    );
  }

  function runRow(run: JobRun): HTMLTableRowElement {
    const counters = Object.entries(run.counters ?? {})
      .map(([k, v]) => `${k}: ${v}`)
      .join(', ');
    const result = (run.result ?? {}) as { newMatches?: Match[] };
    const newMatches = Array.isArray(result.newMatches) ? result.newMatches : [];
    const matches = newMatches.length
      ? h(
          'details',
          { open: isOpen(`m${run.id}`, run), ontoggle: keepOpen(`m${run.id}`) },
          h('summary', {}, t('jobs.newMatches', { count: newMatches.length })),
          h(
            'ul',
            { class: 'matches' },
            newMatches.map((m) => h('li', {}, `#${m.id} ${(m.labels ?? []).join(', ')}${m.caption ? ` ${m.caption}` : ''}`)),
          ),
        )
      : null;
    const log = run.log ?? [];
    return h(
      'tr',
      { 'data-run-id': run.id, 'data-state': run.state, class: run.id === highlightRun ? 'highlight' : '' },
      h('td', {}, `#${run.id}`),
      h('td', {}, stateChip(run)),
      h(
        'td',
        {},
        run.trigger === 'schedule'
          ? t('jobs.trigger.schedule')
          : run.requestedBy
            ? t('jobs.trigger.by', { name: run.requestedBy })
            : t('jobs.byHand'),
      ),
      h('td', {}, dateText(run.startedAt)),
      h('td', {}, dateText(run.finishedAt)),
      h('td', {}, run.durationMs === null ? '' : t('jobs.seconds', { seconds: numberText(Math.round(run.durationMs / 100) / 10) })),
      h('td', {}, counters),
      h(
        'td',
        {},
        run.error ? h('div', { class: 'error' }, run.error) : null,
        matches,
        h(
          'details',
          { class: 'run-log', open: isOpen(`l${run.id}`, run), ontoggle: keepOpen(`l${run.id}`) },
          h('summary', {}, t('jobs.log', { count: log.length })),
          h('pre', {}, log.map((l) => `${l.at} ${l.level.toUpperCase()} ${l.message}`).join('\n')),
        ),
      ),
    );
  }

  async function loadHistory(): Promise<void> {
    if (!historyJob) return;
    const page = await call(client.GET('/jobs/{name}/history', { params: { path: { name: historyJob }, query: { limit: historyLimit } } }));
    historyBody.replaceChildren(
      ...(page.items.length
        ? page.items.filter((run): run is JobRun => run !== null).map(runRow)
        : [h('tr', {}, h('td', { colspan: '8', class: 'muted' }, t('jobs.noRuns')))]),
    );
    historyOlder.hidden = page.total <= page.items.length;
  }

  async function openHistory(name: string): Promise<void> {
    historyJob = name;
    historyLimit = 20;
    byId('job-history-name').textContent = name;
    history.hidden = false;
    await loadHistory();
  }

  function closeHistory(): void {
    historyJob = null;
    history.hidden = true;
  }
  byId('job-history-close').addEventListener('click', closeHistory);
  historyOlder.addEventListener('click', () => {
    historyLimit += 20;
    loadHistory().catch(fail);
  });

  async function load(): Promise<void> {
    try {
      const jobs = await call(client.GET('/jobs'));
      tbody.replaceChildren(...(jobs.length ? jobs.map(row) : [h('tr', {}, h('td', { colspan: '6', class: 'muted' }, t('jobs.noJobs')))]));
      if (historyJob) await loadHistory();
      const busy = jobs.some((j) => j.lastRun && (j.lastRun.state === 'queued' || j.lastRun.state === 'running'));
      window.clearTimeout(refreshTimer);
      // Keep the states current while something runs or is scheduled soon.
      const soon = jobs.some((j) => j.nextRunAt && new Date(j.nextRunAt).getTime() - Date.now() < 60000);
      if (busy || soon) refreshTimer = window.setTimeout(() => void load(), busy ? 1000 : 3000);
    } catch (error) {
      tbody.replaceChildren(h('tr', {}, h('td', { colspan: '6', class: 'error' }, errorText(error))));
    }
  }

  form.showType();
  const job = params.get('job');
  load()
    .then(() => (job ? openHistory(job) : undefined))
    .catch(fail);
});
