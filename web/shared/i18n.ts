/**
 * The page's language for the browser bundles: the messages and locale the server put into
 * `<script type="application/json" id="gas-i18n">` (header.ejs), read once. Texts are whole-sentence
 * templates with `{name}` placeholders; plurals are keys `<base>.one`, `.few`, `.many`, `.other`
 * chosen by Intl.PluralRules, `.other` when a category has no key. Without the element (unit tests)
 * a text is its key, unless a test installs a catalog with useCatalog().
 */
export type Params = Record<string, string | number | bigint | null | undefined>;

interface Catalog {
  locale: string;
  messages: Record<string, string>;
}

let catalog: Catalog | null = null;

function read(): Catalog {
  if (catalog) return catalog;
  const element = typeof document === 'undefined' ? null : document.getElementById('gas-i18n');
  let locale = typeof document === 'undefined' ? '' : (document.documentElement?.lang ?? '');
  let messages: Record<string, string> = {};
  try {
    const parsed = element?.textContent ? (JSON.parse(element.textContent) as Partial<Catalog>) : {};
    if (typeof parsed.locale === 'string' && parsed.locale) locale = parsed.locale;
    if (parsed.messages && typeof parsed.messages === 'object') messages = parsed.messages;
  } catch {
    // A broken element leaves the keys showing, which the untranslated-text test notices.
  }
  catalog = { locale: locale || 'en', messages };
  return catalog;
}

/** Replaces the catalog (unit tests; a page never needs it). `null` reads the page again on next use. */
export function useCatalog(next: { locale: string; messages: Record<string, string> } | null): void {
  catalog = next ? { locale: next.locale, messages: { ...next.messages } } : null;
}

export function currentLocale(): string {
  return read().locale;
}

export function formatNumber(value: number | bigint): string {
  return new Intl.NumberFormat(currentLocale()).format(value);
}

/** A date and time the way the user's language writes it; text that is no date comes back as it is. */
export function formatDate(value: Date | string | number): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return String(value);
  return new Intl.DateTimeFormat(currentLocale(), { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

function fill(template: string, params: Params | undefined): string {
  return template.replace(/\{(\w+)\}/g, (match, name: string) => {
    if (!params || !Object.prototype.hasOwnProperty.call(params, name)) return match;
    const value = params[name];
    if (value === null || value === undefined) return '';
    return typeof value === 'number' || typeof value === 'bigint' ? formatNumber(value) : value;
  });
}

/**
 * The text of `key` in the page's language with its placeholders filled (numbers formatted); the key
 * when there is none. With a numeric `count` and plural forms in the catalog (`key.one`, `key.other`
 * ...), the form for the count is taken, as the page scripts' messages expect.
 */
export function t(key: string, params?: Params): string {
  const { messages } = read();
  if (typeof params?.count === 'number' && messages[key] === undefined && messages[`${key}.other`] !== undefined)
    return plural(key, params.count, params);
  const template = messages[key];
  return template === undefined ? key : fill(template, params);
}

/** `<keyBase>.<category>` for `count` (Intl.PluralRules of the locale), `.other` when that category has no text; `{count}` is filled. */
export function plural(keyBase: string, count: number, params?: Params): string {
  const { messages, locale } = read();
  let category: string;
  try {
    category = new Intl.PluralRules(locale).select(count);
  } catch {
    category = count === 1 ? 'one' : 'other';
  }
  const key = messages[`${keyBase}.${category}`] !== undefined ? `${keyBase}.${category}` : `${keyBase}.other`;
  return t(key, { count, ...params });
}
