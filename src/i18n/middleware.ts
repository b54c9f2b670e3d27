import type { NextFunction, Request, Response } from 'express';
import {
  browserCatalogJson,
  DEFAULT_LOCALE,
  negotiate,
  offeredLocale,
  translator,
  type Locale,
  type Params,
  type Translator,
} from './i18n';

/** Accept-Language values seen, with what negotiate() made of them (browsers send a handful of distinct values). */
const negotiated = new Map<string, Locale | null>();
const MAX_NEGOTIATED = 500;
const MAX_CACHED_LENGTH = 256;

/** negotiate() remembered per header value in a bounded map (least recently used dropped first). */
function negotiateCached(acceptLanguage: string | undefined): Locale | undefined {
  if (!acceptLanguage) return undefined;
  // Unusually long values are negotiated each time: the map stays small whatever clients send.
  if (acceptLanguage.length > MAX_CACHED_LENGTH) return negotiate(acceptLanguage);
  let locale = negotiated.get(acceptLanguage);
  if (locale !== undefined) {
    // Least recently used first in iteration order: move this one to the end.
    negotiated.delete(acceptLanguage);
  } else {
    locale = negotiate(acceptLanguage) ?? null;
    if (negotiated.size >= MAX_NEGOTIATED) negotiated.delete(negotiated.keys().next().value as string);
  }
  negotiated.set(acceptLanguage, locale);
  return locale ?? undefined;
}

/**
 * The request's locale: the signed-in user's profile locale when it is offered; otherwise the best
 * match of Accept-Language among the offered locales; otherwise English.
 */
export function resolveLocale(req: Request): Locale {
  const user = req.ctx?.user ?? (req.user as { locale?: string } | undefined) ?? null;
  return offeredLocale(user?.locale) ?? negotiateCached(req.headers['accept-language']) ?? DEFAULT_LOCALE;
}

interface LocaleLocals {
  locale: Locale;
  t: Translator['t'];
  n: Translator['n'];
  d: Translator['d'];
}

/**
 * Per locale, built once: the translator (its functions hold no request state and look the
 * catalogs up on each call) and what views get besides the catalog JSON, which is read per
 * request because reloadCatalogs() may replace it.
 */
const perLocale = new Map<Locale, { translator: Translator; locals: LocaleLocals }>();

function forLocale(locale: Locale): { translator: Translator; locals: LocaleLocals } {
  let known = perLocale.get(locale);
  if (!known) {
    const tr = translator(locale);
    known = { translator: tr, locals: { locale, t: tr.t, n: tr.n, d: tr.d } };
    perLocale.set(locale, known);
  }
  return known;
}

/**
 * Sets req.locale, the Content-Language header and what views need (locale, t, n, d, i18nJson for
 * the #gas-i18n element). Idempotent: the error handler calls it again for errors raised before it ran.
 */
export function applyLocale(req: Request, res: Response, locale: Locale = resolveLocale(req)): Translator {
  const { translator: tr, locals } = forLocale(locale);
  req.locale = locale;
  res.setHeader('Content-Language', locale);
  // The first Vary of a response is set as is; res.vary parses and merges an existing one.
  if (res.getHeader('Vary') === undefined) res.setHeader('Vary', 'Accept-Language');
  else res.vary('Accept-Language');
  Object.assign(res.locals, locals);
  res.locals.i18nJson = browserCatalogJson(locale);
  return tr;
}

/** Runs after the request context (the signed-in user is known). */
export function localeMiddleware() {
  return (req: Request, res: Response, next: NextFunction): void => {
    applyLocale(req, res);
    next();
  };
}

/** The request's translator (English before the locale middleware ran). */
export function requestTranslator(req: Request): Translator {
  return translator(req.locale ?? DEFAULT_LOCALE);
}

/** Shorthand for route handlers: t(req, 'page.users.title'). */
export function t(req: Request, key: string, params?: Params): string {
  return requestTranslator(req).t(key, params);
}
