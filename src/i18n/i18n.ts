import { readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { projectRoot } from '../paths';

/** The offered locales: English is the source language, German and Czech are complete translations. */
export const LOCALES = ['en', 'de', 'cs'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** The catalog areas: pages (views and the pages' bundles under web/), server (problem details, e-mails), web (the web/ bundles). */
export const AREAS = ['pages', 'server', 'web'] as const;
export type Area = (typeof AREAS)[number];

export type Messages = Record<string, string>;
export type Params = Record<string, unknown>;

/**
 * Catalogs are read from src/i18n/messages in the source tree when it is there, also when the code
 * runs from dist/ (an edited catalog needs no build); an installation without src/ (the container
 * image copies dist/ only) reads the copy scripts/build.mjs puts beside the compiled code.
 */
export const MESSAGES_DIR =
  [path.join(projectRoot, 'src', 'i18n', 'messages'), path.join(__dirname, 'messages')].find((dir) => existsSync(dir)) ??
  path.join(__dirname, 'messages');

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** Reads one catalog file; a missing file is an empty catalog. */
export function readCatalog(area: Area, locale: Locale, dir = MESSAGES_DIR): Messages {
  const file = path.join(dir, area, `${locale}.json`);
  if (!existsSync(file)) return {};
  const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error(`${file}: a catalog is a flat JSON object`);
  for (const [key, value] of Object.entries(parsed)) {
    if (typeof value !== 'string') throw new Error(`${file}: the value of ${key} is not a string`);
  }
  return parsed as Messages;
}

interface Loaded {
  /** Per area and locale, with the English entries filled in where the locale lacks them. */
  byArea: Record<Area, Record<Locale, Messages>>;
  /** The page-side catalog sent to the browser (pages + web), per locale, already serialised for a <script> element. */
  browserJson: Record<Locale, string>;
}

let loaded: Loaded | undefined;

/** JSON that is safe inside <script type="application/json">. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

function load(): Loaded {
  if (loaded) return loaded;
  const byArea = {} as Record<Area, Record<Locale, Messages>>;
  for (const area of AREAS) {
    const english = readCatalog(area, 'en');
    byArea[area] = {} as Record<Locale, Messages>;
    for (const locale of LOCALES) {
      const own = locale === 'en' ? english : readCatalog(area, locale);
      const merged: Messages = { ...english };
      for (const [key, value] of Object.entries(own)) if (value !== '') merged[key] = value;
      byArea[area][locale] = merged;
    }
  }
  const browserJson = {} as Record<Locale, string>;
  for (const locale of LOCALES) {
    browserJson[locale] = jsonForScript({ locale, messages: { ...byArea.pages[locale], ...byArea.web[locale] } });
  }
  loaded = { byArea, browserJson };
  return loaded;
}

/** Forgets the loaded catalogs (tests that rewrite them); the next lookup reads the files again. */
export function reloadCatalogs(): void {
  loaded = undefined;
}

export function messagesOf(area: Area, locale: Locale): Messages {
  return load().byArea[area][locale];
}

/** The `#gas-i18n` element's content for a locale: {"locale":…,"messages":{pages + web}}, `<` escaped. */
export function browserCatalogJson(locale: Locale): string {
  return load().browserJson[locale];
}

/** Fills `{name}` placeholders; unknown ones stay as written. */
export function fill(template: string, params?: Params): string {
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (match, name: string) => {
    const value = Object.prototype.hasOwnProperty.call(params, name) ? params[name] : undefined;
    if (value === undefined || value === null) return match;
    if (typeof value === 'string') return value;
    return typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean'
      ? String(value)
      : (JSON.stringify(value) ?? match);
  });
}

const pluralRules = new Map<Locale, Intl.PluralRules>();
function pluralCategory(locale: Locale, count: number): string {
  let rules = pluralRules.get(locale);
  if (!rules) pluralRules.set(locale, (rules = new Intl.PluralRules(locale)));
  return rules.select(count);
}

function lookup(locale: Locale, key: string, areas: readonly Area[]): string | undefined {
  const all = load().byArea;
  for (const area of areas) {
    const value = all[area][locale][key];
    if (value !== undefined) return value;
  }
  return undefined;
}

/**
 * The message of `key` in `locale` (English when the locale lacks it; the key itself when English lacks it too),
 * with `{placeholders}` filled. When params has a numeric `count` and `key.<category>` exists (`.one`, `.few`,
 * `.many`, `.other` per Intl.PluralRules), that form is used, falling back to `.other`; the count is formatted per locale.
 */
export function translate(locale: Locale, key: string, params?: Params, areas: readonly Area[] = AREAS): string {
  let template: string | undefined;
  let values = params;
  if (params && typeof params.count === 'number') {
    const category = pluralCategory(locale, params.count);
    template = lookup(locale, `${key}.${category}`, areas) ?? lookup(locale, `${key}.other`, areas);
    values = { ...params, count: formatNumber(locale, params.count) };
  }
  template ??= lookup(locale, key, areas) ?? key;
  return fill(template, values);
}

const numberFormats = new Map<Locale, Intl.NumberFormat>();
export function formatNumber(locale: Locale, value: number | bigint | string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const number = typeof value === 'string' ? Number(value) : value;
  if (typeof number === 'number' && !Number.isFinite(number)) return String(value);
  let format = numberFormats.get(locale);
  if (!format) numberFormats.set(locale, (format = new Intl.NumberFormat(locale)));
  return format.format(number);
}

const dateFormats = new Map<Locale, Intl.DateTimeFormat>();
export function formatDate(locale: Locale, value: Date | string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return String(value);
  let format = dateFormats.get(locale);
  if (!format) dateFormats.set(locale, (format = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' })));
  return format.format(date);
}

/**
 * The best offered locale for an Accept-Language header (RFC 9110 weights; `de-AT` matches `de`),
 * or undefined when none matches.
 */
export function negotiate(acceptLanguage: string | undefined): Locale | undefined {
  if (!acceptLanguage) return undefined;
  const ranges = acceptLanguage
    .split(',')
    .map((part, index) => {
      const [tag, ...parameters] = part.trim().split(';');
      const q = parameters.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return { tag: (tag ?? '').trim().toLowerCase(), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((range) => range.tag && range.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const range of ranges) {
    if (range.tag === '*') return DEFAULT_LOCALE;
    const primary = range.tag.split('-')[0];
    if (isLocale(primary)) return primary;
  }
  return undefined;
}

/** A translator bound to one locale: what views (t, n, d) and services use. */
export interface Translator {
  locale: Locale;
  // Properties, not methods: page templates receive t, n and d detached from the translator.
  t: (key: string, params?: Params) => string;
  n: (value: number | bigint | string | null | undefined) => string;
  d: (value: Date | string | number | null | undefined) => string;
}

export function translator(locale: Locale, areas: readonly Area[] = AREAS): Translator {
  return {
    locale,
    t: (key, params) => translate(locale, key, params, areas),
    n: (value) => formatNumber(locale, value),
    d: (value) => formatDate(locale, value),
  };
}

/** A stored profile locale when offered, else undefined (a locale no longer offered falls back). */
export function offeredLocale(value: unknown): Locale | undefined {
  return isLocale(value) ? value : undefined;
}
