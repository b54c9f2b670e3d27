import { z } from 'zod';
import type { Locale } from './i18n';

type ParseOptions = NonNullable<Parameters<z.ZodType['safeParse']>[1]>;

const byLocale = new Map<Locale, ParseOptions | undefined>();

/**
 * Parse options that word zod's own validation messages in the locale (zod's de and cs locales);
 * messages a schema writes itself stay as written. English uses zod's defaults.
 */
export function zodParseOptions(locale: Locale | undefined): ParseOptions | undefined {
  if (!locale || locale === 'en') return undefined;
  if (!byLocale.has(locale)) {
    const factory = (z.locales as Record<string, (() => { localeError: unknown }) | undefined>)[locale];
    byLocale.set(locale, factory ? ({ error: factory().localeError } as ParseOptions) : undefined);
  }
  return byLocale.get(locale);
}
