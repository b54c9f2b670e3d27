/** The languages the frontend is translated into: code (BCP 47), English name and own name. */
export const SUPPORTED_LOCALES = [
  { code: 'en', name: 'English', nativeName: 'English' },
  { code: 'de', name: 'German', nativeName: 'Deutsch' },
  { code: 'cs', name: 'Czech', nativeName: 'Čeština' },
  { code: 'sk', name: 'Slovak', nativeName: 'Slovenčina' },
  { code: 'fr', name: 'French', nativeName: 'Français' },
  { code: 'es', name: 'Spanish', nativeName: 'Español' },
] as const;

export type LocaleCode = (typeof SUPPORTED_LOCALES)[number]['code'];
export const LOCALE_CODES = SUPPORTED_LOCALES.map((locale) => locale.code) as [LocaleCode, ...LocaleCode[]];
