import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { AREAS, LOCALES, MESSAGES_DIR, readCatalog, translate, negotiate, formatNumber } from './i18n';

const PLURAL_EXTRA = /\.(zero|one|two|few|many)$/;
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('catalog completeness', () => {
  describe.each(AREAS.map((area) => [area]))('the %s catalogs', (area) => {
    const english = readCatalog(area, 'en');

    test.each(LOCALES.filter((l) => l !== 'en').map((l) => [l]))(
      'when the %s catalog is compared with English, then every key is there, non-empty, with the same placeholders',
      (locale) => {
        const own = readCatalog(area, locale);
        const missing = Object.keys(english).filter((key) => !(key in own) || own[key].trim() === '');
        expect(missing).toEqual([]);
        const differing = Object.keys(english).filter(
          (key) => key in own && placeholders(english[key]).join() !== placeholders(own[key]).join(),
        );
        expect(differing).toEqual([]);
      },
    );

    test.each(LOCALES.map((l) => [l]))(
      'when the %s catalog is read, then it has no key English lacks (plural forms of an English key excepted) and no empty value',
      (locale) => {
        const own = readCatalog(area, locale);
        const extra = Object.keys(own).filter(
          (key) => !(key in english) && !(PLURAL_EXTRA.test(key) && `${key.replace(PLURAL_EXTRA, '')}.other` in english),
        );
        expect(extra).toEqual([]);
        expect(Object.keys(own).filter((key) => own[key].trim() === '')).toEqual([]);
      },
    );
  });

  test('when the catalog files are listed, then each area has exactly the offered locales', () => {
    for (const area of AREAS) {
      expect(readdirSync(path.join(MESSAGES_DIR, area)).sort()).toEqual(LOCALES.map((l) => `${l}.json`).sort());
    }
  });

  test('when the files are read, then they are flat objects with sorted keys', () => {
    for (const area of AREAS) {
      for (const locale of LOCALES) {
        const keys = Object.keys(JSON.parse(readFileSync(path.join(MESSAGES_DIR, area, `${locale}.json`), 'utf8')));
        expect(keys).toEqual([...keys].sort());
      }
    }
  });

  test('when the page and web catalogs are merged for the browser, then no key is in both (one would hide the other)', () => {
    const pages = readCatalog('pages', 'en');
    expect(Object.keys(readCatalog('web', 'en')).filter((key) => key in pages)).toEqual([]);
  });
});

describe('lookup', () => {
  test('when a key has placeholders, then they are filled; a key no catalog has comes back as the key', () => {
    expect(translate('de', 'groups.deleted', { name: 'Analysten' })).toBe('Gruppe Analysten gelöscht');
    expect(translate('de', 'no.such.key')).toBe('no.such.key');
  });

  test('when a count is given, then the plural form of the locale is chosen and the count formatted', () => {
    expect(translate('en', 'audit.intact', { count: 1 })).toBe('The chain is intact: 1 event verified.');
    expect(translate('cs', 'audit.intact', { count: 3 })).toBe('Řetězec je neporušený: ověřeny 3 události.');
    expect(translate('cs', 'audit.intact', { count: 5 })).toBe('Řetězec je neporušený: ověřeno 5 událostí.');
    expect(translate('de', 'audit.intact', { count: 12345 })).toBe('Die Kette ist intakt: 12.345 Ereignisse geprüft.');
  });

  test('when Accept-Language is negotiated, then weights and regional tags count and unknown languages give nothing', () => {
    expect(negotiate('fr;q=1, cs-CZ;q=0.7, de;q=0.8')).toBe('de');
    expect(negotiate('sk, fr')).toBeUndefined();
    expect(negotiate('')).toBeUndefined();
    expect(formatNumber('de', 1234.5)).toBe('1.234,5');
  });
});
