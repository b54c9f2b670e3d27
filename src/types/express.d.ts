import type { ServiceContext, AuthMethod } from '../core/context';
import type { Locale } from '../i18n/i18n';

declare global {
  namespace Express {
    interface Request {
      /** Set by the context middleware for every request. */
      ctx: ServiceContext;
      authMethod?: AuthMethod;
      requestId: string;
      /** The request's language (src/i18n/middleware.ts): profile locale, Accept-Language, or en. */
      locale?: Locale;
    }
  }
}

export {};
