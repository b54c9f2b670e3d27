import type { NextFunction, RequestHandler } from 'express';
import { Router } from 'express';
import { z } from 'zod';
import type { AppDeps, AuthenticatedUser } from '../core/context';
import { endpoint } from '../http/endpoint';
import { assertSameOriginSignIn, csrfToken } from '../auth/csrf';
import type { PassportAuthenticator } from '../auth/passport-setup';
import type { KnexSessionStore } from '../auth/session-store';
import { AppError, BadRequestError } from '../errors';
import { audit } from '../services/audit/audit-service';
import { sessionUserExample, sessionUserSchema, toSessionUser } from './schemas/session-user';
import { t } from '../i18n/middleware';
import { localizeDetail } from '../i18n/problems';

const loginBody = z.object({
  username: z.string().min(1).max(200),
  password: z.string().min(1).max(1000),
  next: z.string().optional(),
  _csrf: z.string().optional(),
});

/** Only same-site paths are followed after login, never another origin. */
function safeNext(next: string | undefined): string {
  return next && next.startsWith('/') && !next.startsWith('//') && !next.startsWith('/\\') ? next : '/';
}

export function createAuthRouter(deps: AppDeps, passport: PassportAuthenticator, _sessions: KnexSessionStore): Router {
  const router = Router();

  endpoint(
    router,
    {
      method: 'post',
      path: '/login',
      tag: 'Authentication',
      access: 'public',
      summary: 'Sign in',
      description:
        'Starts a browser session (cookie gas.sid). Accepts JSON or a form post; a form post is answered with a redirect, JSON with the user and a fresh CSRF token. ' +
        'Repeated failures lock the account temporarily (429 TOO_MANY_REQUESTS); many failures from one client address, whatever the usernames, are refused for a while too (429 LOGIN_ADDRESS_LIMITED). ' +
        'A browser sign-in from another site (Sec-Fetch-Site cross-site or same-site, or an Origin other than this service) is refused with 403 CROSS_SITE_LOGIN. ' +
        'Scripts do not need this: they send HTTP Basic or a Bearer API token with each request.',
      body: {
        schema: loginBody,
        example: { username: 'admin', password: 'correct horse battery staple' },
        contentType: ['application/json', 'application/x-www-form-urlencoded'],
      },
      responses: {
        200: {
          description: 'Signed in',
          schema: z.object({ user: sessionUserSchema, csrfToken: z.string() }),
          example: {
            user: sessionUserExample,
            csrfToken: 'q3Jk9-example-token',
          },
        },
        303: { description: 'Form post: redirect to the requested page' },
      },
      errors: [401, 429],
    },
    ({ body, req, res }) =>
      new Promise<void>((resolve, reject) => {
        // Login CSRF: a form on another site must not sign this browser in to someone's account.
        assertSameOriginSignIn(req, deps.config.server.baseUrl);
        if (!req.session) {
          return reject(
            new BadRequestError(
              'Sign-in starts a browser session; send it without an Authorization header (scripts send their credentials with every request instead)',
              'SESSION_LOGIN_WITH_AUTHORIZATION',
            ),
          );
        }
        const isForm = req.is('application/x-www-form-urlencoded');
        (
          passport.authenticate('local', { session: true }, (error: Error | null, user: AuthenticatedUser | false) => {
            if (error || !user) {
              if (isForm && error instanceof AppError && [401, 429].includes(error.status)) {
                res.locals.page = true;
                if (error.status === 429 && typeof error.extra.retryAfterSeconds === 'number')
                  res.set('Retry-After', String(error.extra.retryAfterSeconds));
                const locale = req.locale ?? 'en';
                const locals = {
                  title: t(req, 'login.title'),
                  error: localizeDetail(error.code, error.message, locale) ?? error.message,
                  username: body.username,
                  next: body.next ?? '',
                  csrfToken: csrfToken(req),
                  user: null,
                };
                // Send from the render callback: the handler must not finish before the page is written.
                return res.status(error.status).render('login', locals, (renderError, html) => {
                  if (renderError) return reject(renderError);
                  res.type('html').send(html);
                  resolve();
                });
              }
              return reject(error ?? new AppError(401, 'INVALID_CREDENTIALS', 'Invalid username or password'));
            }
            req.logIn(user, (loginError?: Error) => {
              if (loginError) return reject(loginError);
              const token = csrfToken(req);
              // The session with its new CSRF token is stored before the answer leaves: express-session
              // would save it at res.end, but sends a redirect's headers first, and a browser that follows
              // the 303 at once had its next page read the session without the token, make another and
              // have it overwritten by this save (the page's token stale: every write 403, seen under load).
              req.session.save((saveError) => {
                if (saveError) return reject(saveError as Error);
                if (isForm) res.redirect(303, user.mustChangePassword ? '/profile/view?mustChangePassword=1' : safeNext(body.next));
                else res.json({ user: toSessionUser(user), csrfToken: token });
                resolve();
              });
            });
          }) as RequestHandler
        )(
          req,
          res,
          // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- passport hands next() what the strategy failed with, as it came, for the error handler
          ((err: unknown) => reject(err)) as NextFunction,
        );
      }),
  );

  endpoint(
    router,
    {
      method: 'post',
      path: '/logout',
      tag: 'Authentication',
      access: 'authenticated',
      summary: 'Sign out',
      description: 'Ends the browser session. A form post is answered with a redirect to the login page.',
      responses: { 204: { description: 'Signed out' }, 303: { description: 'Form post: redirect to /login' } },
    },
    async ({ req, res, ctx }) => {
      // HTTP Basic and token calls have no session to end.
      if (!req.session) return undefined;
      await audit(ctx, { action: 'auth.logout', targetType: 'user', targetId: ctx.user?.id });
      await new Promise<void>((resolve, reject) => req.logOut((error?: Error) => (error ? reject(error) : resolve())));
      await new Promise<void>((resolve) => req.session.destroy(() => resolve()));
      res.clearCookie('gas.sid');
      if (req.is('application/x-www-form-urlencoded')) res.redirect(303, '/login');
      else res.status(204).end();
    },
  );

  return router;
}
