import type { ServiceContext, AuthMethod } from '../http/context';

declare global {
  namespace Express {
    interface Request {
      /** Set by the context middleware for every request. */
      ctx: ServiceContext;
      authMethod?: AuthMethod;
      requestId: string;
    }
  }
}

export {};
