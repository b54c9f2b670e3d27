/**
 * The languages the frontend is translated into: code (BCP 47), English name and own name. Exactly
 * the locales with complete catalogs in src/i18n/messages (src/i18n/i18n.ts LOCALES); a stored
 * locale no longer offered falls back to the negotiated one (src/i18n/middleware.ts).
 */
export const SUPPORTED_LOCALES = [
  { code: 'en', name: 'English', nativeName: 'English' },
  { code: 'de', name: 'German', nativeName: 'Deutsch' },
  { code: 'cs', name: 'Czech', nativeName: 'Čeština' },
] as const;

export type LocaleCode = (typeof SUPPORTED_LOCALES)[number]['code'];
export const LOCALE_CODES = SUPPORTED_LOCALES.map((locale) => locale.code) as [LocaleCode, ...LocaleCode[]];
