import { currentLocale, formatDate, formatNumber, plural, t, useCatalog } from './i18n';

/** The page's `#gas-i18n` element, as much of `document` as i18n.ts reads (the unit tests run in Node). */
function pageWith(json: string | null, lang = ''): { reads: number } {
  const counter = { reads: 0 };
  (globalThis as unknown as { document: unknown }).document = {
    documentElement: { lang },
    getElementById: (id: string) => {
      counter.reads += 1;
      return id === 'gas-i18n' && json !== null ? { textContent: json } : null;
    },
  };
  useCatalog(null);
  return counter;
}

afterEach(() => {
  delete (globalThis as unknown as { document?: unknown }).document;
  useCatalog(null);
});

describe('web i18n', () => {
  test('when the page has no gas-i18n element, then a text is its key and the locale is en', () => {
    pageWith(null);
    expect(t('web.workspace.toolbar.undo')).toBe('web.workspace.toolbar.undo');
    expect(plural('web.workspace.status.added', 3)).toBe('web.workspace.status.added.other');
    expect(currentLocale()).toBe('en');
  });

  test('when there is no document at all, then a text is its key', () => {
    expect(t('web.search.next')).toBe('web.search.next');
  });

  test('when the page carries a catalog, then it is read once and texts are filled, numbers per the locale', () => {
    const page = pageWith(
      JSON.stringify({ locale: 'de', messages: { 'a.saved': 'Gespeichert: „{name}“.', 'a.count': '{count} Knoten, {missing}' } }),
    );
    expect(t('a.saved', { name: 'Plan' })).toBe('Gespeichert: „Plan“.');
    expect(t('a.count', { count: 1234567 })).toBe('1.234.567 Knoten, {missing}');
    expect(t('a.unknown')).toBe('a.unknown');
    expect(currentLocale()).toBe('de');
    expect(page.reads).toBe(1);
  });

  test('when a plural is asked in Czech, then one, few, many and other are chosen and a missing category falls back to other', () => {
    pageWith(
      JSON.stringify({
        locale: 'cs',
        messages: {
          'n.one': '{count} uzel',
          'n.few': '{count} uzly',
          'n.other': '{count} uzlů',
          'm.one': 'jeden',
          'm.other': 'více: {count}',
        },
      }),
    );
    expect(plural('n', 1)).toBe('1 uzel');
    expect(plural('n', 3)).toBe('3 uzly');
    expect(plural('n', 5)).toBe('5 uzlů');
    expect(plural('n', 1.5)).toBe('1,5 uzlů'); // "many" (fractions) has no key: other
    expect(plural('m', 4)).toBe('více: 4');
  });

  test('when a plural is asked in English, then one and other are chosen and extra params are filled', () => {
    useCatalog({ locale: 'en', messages: { 'p.one': '{count} path of length {length}', 'p.other': '{count} paths of length {length}' } });
    expect(plural('p', 1, { length: 2 })).toBe('1 path of length 2');
    expect(plural('p', 2, { length: 3 })).toBe('2 paths of length 3');
  });

  test('when t() is given a count and the key has only plural forms, then the form for the count is taken (as the page scripts expect); a key of its own wins', () => {
    useCatalog({
      locale: 'cs',
      messages: {
        'r.one': '{count} řádek',
        'r.few': '{count} řádky',
        'r.other': '{count} řádků',
        s: 'celkem {count}',
        's.other': 'never used',
      },
    });
    expect(t('r', { count: 1 })).toBe('1 řádek');
    expect(t('r', { count: 3 })).toBe('3 řádky');
    expect(t('r', { count: 1234 })).toBe(`${formatNumber(1234)} řádků`);
    expect(t('s', { count: 2 })).toBe('celkem 2');
    expect(t('r', { count: '2' })).toBe('r');
  });

  test('when numbers and dates are formatted, then they follow the page locale', () => {
    useCatalog({ locale: 'de', messages: {} });
    expect(formatNumber(1234.5)).toBe('1.234,5');
    const date = new Date(2026, 10, 23, 15, 6);
    expect(formatDate(date)).toBe(new Intl.DateTimeFormat('de', { dateStyle: 'medium', timeStyle: 'short' }).format(date));
    expect(formatDate(date)).toContain('23.11.2026');
    expect(formatDate('not a date')).toBe('not a date');
    useCatalog({ locale: 'en', messages: {} });
    expect(formatNumber(1234.5)).toBe('1,234.5');
  });

  test('when the element holds broken JSON, then texts are their keys and the lang attribute gives the locale', () => {
    pageWith('{broken', 'cs');
    expect(t('x.y')).toBe('x.y');
    expect(currentLocale()).toBe('cs');
  });
});
