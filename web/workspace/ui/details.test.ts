import en from '../../../src/i18n/messages/web/en.json';
import de from '../../../src/i18n/messages/web/de.json';
import { useCatalog } from '../../shared/i18n';
import { parseInput } from './details';

afterEach(() => useCatalog(null));

describe('details panel input', () => {
  beforeEach(() => useCatalog({ locale: 'en', messages: en }));

  test('when values are typed, then they take the type the schema or the old value has, and bad numbers are refused in words', () => {
    expect(parseInput('42', 'integer', undefined)).toBe(42);
    expect(parseInput('4.5', undefined, 1.5)).toBe(4.5);
    expect(parseInput('yes', 'boolean', undefined)).toBe(true);
    expect(parseInput('a, b ,c', undefined, ['x'])).toEqual(['a', 'b', 'c']);
    expect(parseInput('', 'string', 'old')).toBeNull();
    expect(parseInput('007', undefined, 'text')).toBe('007');
    expect(() => parseInput('4.5', 'integer', undefined)).toThrow('“4.5” is not a whole number');
    expect(() => parseInput('maybe', 'boolean', undefined)).toThrow('not yes or no');
  });

  test('when the page is German, then ja and nein are yes and no and a refusal is in German', () => {
    useCatalog({ locale: 'de', messages: de });
    expect(parseInput('Ja', 'boolean', undefined)).toBe(true);
    expect(parseInput('nein', 'boolean', undefined)).toBe(false);
    expect(parseInput('yes', 'boolean', undefined)).toBe(true);
    expect(() => parseInput('vielleicht', 'boolean', undefined)).toThrow('„vielleicht“ ist weder ja noch nein');
    expect(() => parseInput('4,5x', 'float', undefined)).toThrow('„4,5x“ ist keine Zahl');
  });
});
