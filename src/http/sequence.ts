import type { NextFunction, Request, RequestHandler, Response } from 'express';

/**
 * Runs middleware one after the other as a single Express layer, with Express's rules: a handler
 * that throws, rejects or passes an error ends the sequence with next(error) (the app's error
 * handler gets it, as from separate layers); next('route') goes on; next('router') leaves the
 * router. Each separate app.use layer costs the router a match, a params object and a closure per
 * request (about 0.3 us each under bench:api's load); the service's ten request middlewares
 * run as one.
 */
export function sequence(handlers: RequestHandler[]): RequestHandler {
  const list = [...handlers];
  return (req: Request, res: Response, next: NextFunction) => {
    let index = 0;
    const step = (error?: unknown): void => {
      if (error && error !== 'route') return next(error);
      const handler = list[index++];
      if (!handler) return next();
      try {
        const returned = handler(req, res, step);
        if (returned && typeof (returned as Promise<unknown>).then === 'function') {
          (returned as Promise<unknown>).then(undefined, (rejected: unknown) => step(rejected || new Error('Rejected promise')));
        }
      } catch (thrown) {
        step(thrown);
      }
    };
    step();
  };
}
