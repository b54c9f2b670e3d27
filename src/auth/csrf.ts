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
  const sent = req.get('x-csrf-token') ?? (req.body as Record<string, unknown> | undefined)?._csrf;
  if (typeof sent !== 'string' || !expected || !same(sent, expected)) {
    return next(
      new ForbiddenError('Missing or invalid CSRF token: send the X-CSRF-Token header from GET /session', {}, 'CSRF_TOKEN_INVALID'),
    );
  }
  next();
}

/** The origin (scheme://host[:port]) of a URL, or undefined when it is not an http(s) URL. */
function originOf(url: string): URL | undefined {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Refuses a sign-in a browser sends from another site (login CSRF: a cross-site form would sign
 * the victim's browser in to the attacker's account), 403 CROSS_SITE_LOGIN:
 * - Sec-Fetch-Site, when sent, must be same-origin or none (cross-site and same-site are refused:
 *   a sibling subdomain is another origin);
 * - Origin, when sent, must be the service's own origin: that of server.baseUrl, or without one,
 *   the origin the browser addressed (the Host header, on the request's scheme, or https when the
 *   request arrived as http behind a TLS-terminating proxy). "null" is refused.
 * A client that sends neither header (curl, scripts) is not a browser riding on ambient cookies
 * and may sign in.
 */
export function assertSameOriginSignIn(req: Request, baseUrl: string): void {
  const site = req.get('sec-fetch-site');
  const refuse = (why: string) => new ForbiddenError(`Sign-in from another site is refused (${why})`, {}, 'CROSS_SITE_LOGIN');
  if (site !== undefined && site !== 'same-origin' && site !== 'none') throw refuse(`Sec-Fetch-Site: ${site.slice(0, 40)}`);
  const origin = req.get('origin');
  if (origin === undefined) return;
  const sent = originOf(origin);
  if (!sent) throw refuse(`Origin: ${origin.slice(0, 100)}`);
  const configured = baseUrl.trim() ? originOf(baseUrl.trim()) : undefined;
  if (configured) {
    if (sent.origin !== configured.origin) throw refuse(`Origin: ${sent.origin}`);
    return;
  }
  const own = originOf(`${req.protocol}://${req.get('host') ?? ''}`);
  const secured = own && own.protocol === 'http:' ? originOf(`https://${own.host}`) : undefined;
  if (!own || (sent.origin !== own.origin && sent.origin !== secured?.origin)) throw refuse(`Origin: ${sent.origin}`);
}
