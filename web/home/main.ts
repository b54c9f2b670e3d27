/** The start page: the user's recent and shared visualizations, newest first, from GET /visualizations. */
import { call, client, type Schemas } from '../shared/client';
import { clear, h } from '../shared/dom';
import { formatDate, t } from '../shared/i18n';

type Summary = Schemas['Visualization'];

function list(target: HTMLElement, items: Summary[], empty: string): void {
  clear(target);
  if (!items.length) {
    target.append(h('p', { class: 'muted' }, empty));
    return;
  }
  target.append(
    h(
      'ul',
      { class: 'visualization-list' },
      ...items.map((item) =>
        h(
          'li',
          {},
          h('a', { href: `/visualization?id=${encodeURIComponent(item.id)}` }, item.name),
          h(
            'span',
            { class: 'muted small' },
            ` ${item.own ? formatDate(item.updatedAt) : t('web.home.byOwner', { owner: item.owner.username, date: formatDate(item.updatedAt) })}`,
          ),
        ),
      ),
    ),
  );
}

async function main(): Promise<void> {
  const recent = document.getElementById('recent-visualizations');
  const shared = document.getElementById('shared-visualizations');
  if (!recent || !shared) return;
  try {
    const all = (await call(client.GET('/visualizations', { params: { query: { content: 'false' } } }))).filter((item) => !item.hidden);
    const newest = (items: Summary[]) => [...items].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt)).slice(0, 8);
    list(recent, newest(all.filter((item) => item.own)), t('web.home.noOwn'));
    list(shared, newest(all.filter((item) => !item.own)), t('web.home.noShared'));
  } catch (error) {
    for (const target of [recent, shared]) {
      clear(target);
      target.append(h('p', { class: 'error', role: 'alert' }, (error as Error).message));
    }
  }
}

void main();
