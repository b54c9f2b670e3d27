import type { NextFunction, Request, RequestHandler, Response } from 'express';
import passportModule from 'passport';

export type PassportAuthenticator = InstanceType<typeof passportModule.Authenticator>;
import { Strategy as LocalStrategy } from 'passport-local';
import { BasicStrategy } from './basic-strategy';
import { Strategy as BearerStrategy } from 'passport-http-bearer';
import type { Knex } from 'knex';
import type { AuthenticatedUser } from '../core/authenticated-user';
import { UnauthorizedError } from '../errors';
import type { Authenticator } from './authenticator';
import { loadAuthenticatedUserCached } from './user-loader';
import type { CredentialCache } from './credential-cache';

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace -- Express's own typings declare the User interface in this global namespace
  namespace Express {
    // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- an interface merge, so req.user is the AuthenticatedUser
    interface User extends AuthenticatedUser {}
  }
}

function clientIp(req: Request): string {
  return req.ip ?? req.socket.remoteAddress ?? '';
}

/**
 * Passport with three strategies: local (the login form, starts a session), basic and bearer
 * (scripts, no session). One Passport instance per app, so tests can run several apps.
 */
export function createPassport(db: Knex, authenticator: Authenticator, cache: CredentialCache): PassportAuthenticator {
  const passport = new passportModule.Authenticator();
  passport.use(
    new LocalStrategy({ passReqToCallback: true }, (req, username, password, done) => {
      authenticator.verifyPassword(username, password, clientIp(req), 'session').then(
        (user) => done(null, user),
        (error) => done(error),
      );
    }),
  );
  passport.use(
    new BasicStrategy((req, username, password, done) => {
      authenticator.verifyPassword(username, password, clientIp(req), 'basic').then(
        (user) => done(null, user),
        (error) => done(error),
      );
    }),
  );
  passport.use(
    new BearerStrategy(
      { passReqToCallback: true },
      (req: Request, token: string, done: (error: unknown, user?: AuthenticatedUser | false) => void) => {
        authenticator.verifyToken(token, clientIp(req)).then(
          (user) => done(null, user),
          (error) => done(error),
        );
      },
    ),
  );
  passport.serializeUser((user, done) => done(null, user.id));
  passport.deserializeUser((id: string, done) => {
    // A user disabled or deleted since login simply loses the session.
    loadAuthenticatedUserCached(db, cache, String(id)).then((user) => done(null, user ?? false), done);
  });
  return passport;
}

/**
 * The user of an HTTP Basic header when the credential cache answers it at once (see
 * CredentialCache.cachedCredential); undefined for anything else, which then takes passport's
 * BasicStrategy (the same parsing: scheme, base64, the password after the first colon).
 */
function cachedBasicUser(header: string, cache: CredentialCache): AuthenticatedUser | undefined {
  const space = header.indexOf(' ');
  if (space !== 5 || header.slice(0, 5).toLowerCase() !== 'basic') return undefined;
  const encoded = header.slice(6);
  if (!encoded || encoded.includes(' ')) return undefined;
  const decoded = Buffer.from(encoded, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0) return undefined;
  // The key Authenticator.verifyPassword caches Basic credentials under.
  return cache.cachedCredential('basic', `${decoded.slice(0, colon)}\0${decoded.slice(colon + 1)}`);
}

/**
 * Authenticates scripts by the Authorization header (Basic or Bearer); no header, no effect. A
 * Basic credential the cache already holds (verified, not due for its refresh, user loaded) is
 * answered here without passport's per-request strategy objects and promise hops.
 */
export function scriptAuthentication(passport: PassportAuthenticator, cache?: CredentialCache): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const header = req.headers.authorization;
    if (!header) {
      if (req.user) req.authMethod = 'session';
      return next();
    }
    const cachedUser = cache ? cachedBasicUser(header, cache) : undefined;
    if (cachedUser) {
      req.user = cachedUser;
      req.authMethod = 'basic';
      return next();
    }
    const scheme = header.split(' ')[0]?.toLowerCase();
    const strategy = scheme === 'basic' ? 'basic' : scheme === 'bearer' ? 'bearer' : undefined;
    if (!strategy) return next(new UnauthorizedError('Unsupported Authorization scheme: use Basic or Bearer', 'UNSUPPORTED_AUTH_SCHEME'));
    (
      passport.authenticate(strategy, { session: false }, (error: unknown, user: AuthenticatedUser | false) => {
        if (error) return next(error);
        if (!user)
          return next(
            new UnauthorizedError(
              strategy === 'basic' ? 'Malformed Basic credentials' : 'Invalid or revoked API token',
              strategy === 'basic' ? 'INVALID_CREDENTIALS' : 'INVALID_TOKEN',
            ),
          );
        req.user = user;
        req.authMethod = strategy === 'basic' ? 'basic' : 'token';
        next();
      }) as RequestHandler
    )(req, res, next);
  };
}
