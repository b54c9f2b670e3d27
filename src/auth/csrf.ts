import { timingSafeEqual } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import { ForbiddenError } from '../errors';
import { randomToken } from './passwords';

declare module 'express-session' {
  interface SessionData {
    csrfToken?: string;
  }
}

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The session's CSRF token, created on first use. Pages put it in a meta tag and forms. */
export function csrfToken(req: Request): string {
  // Requests with an Authorization header have no session (see app.ts) and need no token.
  if (!req.session) return '';
  if (!req.session.csrfToken) req.session.csrfToken = randomToken(24);
  return req.session.csrfToken;
}

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * Unsafe requests that ride on the session cookie must carry the session's token in the
 * X-CSRF-Token header (or a _csrf form field). Requests authenticated by HTTP Basic or an API
 * token carry no ambient authority and need none; neither do requests without a session.
 */
export function csrfProtection(req: Request, _res: Response, next: NextFunction): void {
  if (SAFE.has(req.method) || req.authMethod === 'basic' || req.authMethod === 'token') return next();
  const expected = req.session?.csrfToken;
  const hasSession = Boolean(req.authMethod === 'session' || expected);
  if (!hasSession) return next();
  const sent = (req.get('x-csrf-token') ?? (req.body as Record<string, unknown> | undefined)?._csrf) as unknown;
  if (typeof sent !== 'string' || !expected || !same(sent, expected)) {
    return next(new ForbiddenError('Missing or invalid CSRF token: send the X-CSRF-Token header from GET /session', {}, 'CSRF_TOKEN_INVALID'));
  }
  next();
}
