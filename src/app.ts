import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Express, NextFunction, Request, RequestHandler, Response } from 'express';
import express from 'express';
import session from 'express-session';
import type { AppDeps } from './core/context';
import { contextFromRequest } from './http/context';
import { KnexSessionStore } from './auth/session-store';
import { Authenticator } from './auth/authenticator';
import { createPassport, scriptAuthentication } from './auth/passport-setup';
import { fastSession } from './auth/fast-session';
import { csrfProtection } from './auth/csrf';
import { errorHandler, notFoundHandler } from './http/error-handler';
import { requestLogger } from './http/request-logger';
import { exactJson, jsonBody } from './http/json-body';
import { inputGuards } from './http/input-guards';
import { routeTable } from './http/route-table';
import { sequence } from './http/sequence';
import { createSystemRouter } from './routes/system';
import { createAuthRouter } from './routes/auth';
import { createUsersRouter } from './routes/users';
import { createUserPreviewRouter } from './routes/user-preview';
import { createGroupsRouter } from './routes/groups';
import { createProfileRouter } from './routes/profile';
import { createPasswordResetRouter } from './routes/password-reset';
import { createAuditRouter } from './routes/audit';
import { createAppearanceRouter } from './routes/appearance';
import { createSettingsRouter } from './routes/settings';
import { createDataRouter } from './routes/data';
import { createSchemaRouter } from './routes/schema';
import { createApiDocsRouter } from './routes/api-docs';
import { createVisualizationsRouter, visualizationBodyParsers } from './routes/visualizations';
import { createPageRouters } from './pages';
import { createJobsRouter } from './routes/jobs';
import { projectRoot } from './paths';
import { localeMiddleware } from './i18n/middleware';

export interface BuiltApp {
  app: Express;
  sessionStore: KnexSessionStore;
  authenticator: Authenticator;
}

export const viewsDir = path.join(projectRoot, 'views');

/**
 * A rolling session that rolls at most once per touchAfterMs: when the stored cookie expiry is more
 * than touchAfterMs old, the expiry restarts and the session is marked changed, so express-session
 * saves it (the new expires_at) and sends the cookie again once; in between, requests send no
 * Set-Cookie and write nothing. The expiry a browser holds is therefore at most touchAfterMs
 * shorter than with a Set-Cookie on every response.
 */
export function rollSession(maxAgeMs: number, touchAfterMs: number) {
  return (req: Request, _res: Response, next: NextFunction) => {
    const sess = req.session as (typeof req.session & { rolledAt?: number }) | undefined;
    const expires = sess?.cookie?.expires;
    // Only a stored session (one with data besides its cookie): a new empty one must stay unsaved.
    const stored = sess !== undefined && Object.keys(sess).some((key) => key !== 'cookie');
    if (stored && expires && new Date(expires).getTime() - Date.now() < maxAgeMs - touchAfterMs) {
      sess.touch();
      sess.rolledAt = Date.now();
    }
    next();
  };
}

/** Builds the Express app. Listening is the server's job (src/server.ts), so tests use the app directly. */
export function createApp(deps: AppDeps): BuiltApp {
  const { config, db, logger } = deps;
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.server.trustProxy);
  app.set('views', viewsDir);
  app.set('view engine', 'ejs');
  app.locals.version = deps.version;

  // The request middlewares, in this order, run as one layer (src/http/sequence.ts).
  const chain: RequestHandler[] = [];
  const use = (handler: RequestHandler) => void chain.push(handler);
  use((req: Request, res: Response, next: NextFunction) => {
    const sent = req.headers['x-request-id'];
    req.requestId = (typeof sent === 'string' ? sent.slice(0, 64) : '') || randomUUID();
    // setHeader directly: res.set only adds a content-type check and a String() for these.
    res.setHeader('X-Request-Id', req.requestId);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'same-origin');
    next();
  });
  use(requestLogger(logger));

  // The body parsers run only for a request with a body (type-is hasBody: Transfer-Encoding or a
  // numeric Content-Length, the test each of them makes first); without one, req.body stays
  // undefined and res.json writes BigInt exactly, as the JSON parser would have arranged.
  const bodyParsers = express.Router();
  bodyParsers.use(
    visualizationBodyParsers(config),
    jsonBody({ limit: config.server.bodyLimitBytes, type: ['application/json', 'application/*+json'] }),
    express.urlencoded({ extended: false, limit: config.server.bodyLimitBytes }),
  );
  use((req: Request, res: Response, next: NextFunction) => {
    if (req.headers['transfer-encoding'] !== undefined || !Number.isNaN(Number(req.headers['content-length'])))
      return bodyParsers(req, res, next);
    res.json = exactJson;
    const withBody: { body?: unknown } = req;
    if (!('body' in withBody)) withBody.body = undefined;
    next();
  });
  // NUL characters and deep nesting are refused here, before anything reads the input (400).
  use(inputGuards());

  // Session rows cached in the process: always on the embedded store (one process); on a server
  // only while the invalidation listener receives notifications (src/auth/session-cache.ts).
  if (!config.database.url) deps.credentialCache.sessions.setLocal(true);
  const sessionStore = new KnexSessionStore(db, config.session.maxAgeMs, config.session.touchAfterMs, deps.credentialCache.sessions);
  const sessionMiddleware = session({
    name: 'gas.sid',
    store: sessionStore,
    secret: config.session.secret,
    resave: false,
    saveUninitialized: false,
    // Rolling, but at most once per session.touchAfterMs (rollSession below): a Set-Cookie on every
    // response signed the cookie again for each request.
    rolling: false,
    proxy: Boolean(config.server.trustProxy),
    cookie: { httpOnly: true, sameSite: 'lax', secure: config.session.secureCookie, maxAge: config.session.maxAgeMs },
  });
  const authenticator = new Authenticator(db, config, deps.credentialCache);
  const passport = createPassport(db, authenticator, deps.credentialCache);
  use(passport.initialize({ compat: false }));
  // Scripts authenticate on every request (Authorization header): they get no session, which
  // saves the session machinery on their hot path and keeps them from minting session rows.
  const cookieSession = express.Router();
  cookieSession.use(
    sessionMiddleware,
    rollSession(config.session.maxAgeMs, config.session.touchAfterMs),
    passport.session() as RequestHandler,
  );
  // A signed-in browser's GET whose session and user are cached skips the session machinery
  // (src/auth/fast-session.ts); everything else goes through it.
  const cachedSession = fastSession({
    store: sessionStore,
    credentialCache: deps.credentialCache,
    name: 'gas.sid',
    secret: config.session.secret,
    maxAgeMs: config.session.maxAgeMs,
    touchAfterMs: config.session.touchAfterMs,
  });
  // Liveness probes need no session (a cookieless request would still build and hash an empty one).
  use((req: Request, res: Response, next: NextFunction) =>
    req.headers.authorization || req.path === '/health' || cachedSession(req, res) ? next() : cookieSession(req, res, next),
  );
  use(scriptAuthentication(passport, deps.credentialCache));
  use((req: Request, _res: Response, next: NextFunction) => {
    req.ctx = contextFromRequest(deps, req);
    next();
  });
  // The request's language (profile locale, Accept-Language, en): req.locale, Content-Language, t/n/d for views.
  use(localeMiddleware());
  use(csrfProtection);
  app.use(sequence(chain));

  const assets = express.Router();
  assets.use(
    '/assets/swagger-ui',
    express.static(path.dirname(require.resolve('swagger-ui-dist/package.json')), { maxAge: '1d', index: false }),
  );
  assets.use('/assets', express.static(path.resolve(viewsDir, '..', 'public'), { maxAge: '1h', index: false }));
  // Browsers ask for /favicon.ico on their own: send them to the SVG icon the pages link.
  assets.get('/favicon.ico', (_req: Request, res: Response) => res.redirect(301, '/assets/favicon.svg'));
  // The routers in order (pages first: /users/list and /jobs/list must win over API paths with ids);
  // a request enters only those declaring a path with its first segment (src/http/route-table.ts).
  app.use(
    routeTable([
      assets,
      ...createPageRouters(deps),
      createApiDocsRouter(deps),
      createSystemRouter(deps),
      createAuthRouter(deps, passport, sessionStore),
      createUsersRouter(deps, sessionStore),
      createUserPreviewRouter(deps),
      createGroupsRouter(deps),
      createProfileRouter(deps, sessionStore),
      createPasswordResetRouter(deps, sessionStore),
      createAuditRouter(deps),
      createAppearanceRouter(deps),
      createSettingsRouter(deps),
      createSchemaRouter(deps),
      createDataRouter(deps),
      createVisualizationsRouter(deps),
      createJobsRouter(deps),
    ]),
  );

  app.use(notFoundHandler);
  app.use(errorHandler(logger));
  return { app, sessionStore, authenticator };
}
