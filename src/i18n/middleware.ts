import type { NextFunction, Request, Response } from 'express';
import { browserCatalogJson, DEFAULT_LOCALE, negotiate, offeredLocale, translator, type Locale, type Params, type Translator } from './i18n';

/**
 * The request's locale: the signed-in user's profile locale when it is offered; otherwise the best
 * match of Accept-Language among the offered locales; otherwise English.
 */
export function resolveLocale(req: Request): Locale {
  const user = req.ctx?.user ?? (req.user as { locale?: string } | undefined) ?? null;
  return offeredLocale(user?.locale) ?? negotiate(req.get('accept-language')) ?? DEFAULT_LOCALE;
}

/**
 * Sets req.locale, the Content-Language header and what views need (locale, t, n, d, i18nJson for
 * the #gas-i18n element). Idempotent: the error handler calls it again for errors raised before it ran.
 */
export function applyLocale(req: Request, res: Response, locale: Locale = resolveLocale(req)): Translator {
  const tr = translator(locale);
  req.locale = locale;
  res.set('Content-Language', locale);
  res.vary('Accept-Language');
  Object.assign(res.locals, { locale, t: tr.t, n: tr.n, d: tr.d, i18nJson: browserCatalogJson(locale) });
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
