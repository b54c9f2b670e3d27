import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Request, Response } from 'express';
import type { SessionData } from 'express-session';
import type { KnexSessionStore } from './session-store';
import type { CredentialCache } from './credential-cache';

const SAFE = new Set(['GET', 'HEAD']);
const MAX_VERIFIED = 10000;

export interface FastSessionOptions {
  store: KnexSessionStore;
  credentialCache: CredentialCache;
  /** The cookie's name (express-session `name`). */
  name: string;
  /** The signing secret (express-session `secret`). */
  secret: string;
  maxAgeMs: number;
  touchAfterMs: number;
}

type StoredSession = SessionData & { passport?: { user?: string | number }; csrfToken?: string };

/** JSON of a session without its cookie, as express-session hashes it to tell a modified session. */
function dataText(sess: object): string {
  return JSON.stringify(sess, function (this: unknown, key: string, value: unknown) {
    return this === sess && key === 'cookie' ? undefined : value;
  });
}

interface SessionFacts {
  /** The cached row's text these facts were read from. */
  text: string;
  userId: string;
  expiresMs: number;
  /** What store.touch reads of a session (the cookie's expiry). */
  touchData: SessionData;
}

/** The facts of a stored session the hot path needs, or undefined when it is not a signed-in one. */
function factsOf(text: string): SessionFacts | undefined {
  const sess = JSON.parse(text) as StoredSession;
  const userId = sess.passport?.user;
  if (userId === undefined || userId === null || !sess.csrfToken || !sess.cookie || !sess.cookie.expires) return undefined;
  const expiresMs = new Date(sess.cookie.expires).getTime();
  if (Number.isNaN(expiresMs)) return undefined;
  return { text, userId: String(userId), expiresMs, touchData: { cookie: { expires: sess.cookie.expires } } as unknown as SessionData };
}

const noop = () => undefined;
const LAZY = Symbol('lazySession');

interface LazyState {
  store: KnexSessionStore;
  sid: string;
  text: string;
  res: Response;
  materialized: boolean;
  value: unknown;
}

type LazyRequest = Request & { [LAZY]: LazyState };

/**
 * req.session of a cached session, built on first use: express-session's own Session object from
 * the cached text (store.createSession), saved when the response finishes if the request changed
 * it. Most reads never look at the session (the user is already req.user), so they parse nothing.
 * Assigning req.session replaces it; delete req.session removes it, as with express-session.
 */
function lazyGet(this: LazyRequest): unknown {
  const state = this[LAZY];
  if (!state.materialized) {
    state.materialized = true;
    const sess = JSON.parse(state.text) as StoredSession;
    const original = dataText(sess);
    // createSession assigns req.session (lazySet below) and returns the Session.
    const session = state.store.createSession(this, sess);
    state.res.once('finish', () => {
      // Keeps the full path's rule for a changed session: it is saved.
      if (this.session !== session) return;
      if (dataText(session) !== original) session.save(noop);
    });
  }
  return state.value;
}

function lazySet(this: LazyRequest, value: unknown): void {
  const state = this[LAZY];
  state.materialized = true;
  state.value = value;
}

/** One descriptor object for every request: the same accessor pair keeps V8's transitions shared. */
const LAZY_SESSION: PropertyDescriptor = { get: lazyGet, set: lazySet, configurable: true, enumerable: true };

/**
 * The hot path of a signed-in browser's read: a GET or HEAD whose session and user are both in
 * this process's caches, answered without express-session and passport.session(), which cost
 * about half the CPU of such a request (profiled under bench:api: cookie signature recomputed and
 * compared as two more hashes, the session hashed twice, a store round trip, passport's
 * per-request strategy objects). Returns false, touching nothing, whenever anything is
 * unusual; the caller then runs the full session middleware, which stays the only path for
 * writes (login, logout, CSRF-checked requests), new, anonymous or unknown sessions, a session
 * due for its rolling refresh, and a user no longer valid.
 *
 * Security is the full path's:
 * - the cookie's signature is checked (HMAC-SHA256, timing-safe); a value already verified is
 *   remembered exactly as sent (the secret never changes while the process runs);
 * - the session row comes from the session cache (session-cache.ts), which holds only rows read
 *   from the store and drops them on logout, deletion or change on any instance (NOTIFY), and
 *   answers nothing while it could have missed a notification;
 * - the user comes from the credential cache, invalidated the same way (disable, password change,
 *   permissions), exactly as passport's deserializeUser reads it.
 * The session object handed to the route is express-session's own (store.createSession), built
 * when the request first reads req.session (most never do), so req.session.save/regenerate/destroy
 * behave as usual; a GET that changes the session (none does today: the CSRF token exists since
 * login) has it saved when the response finishes. What the checks above need of the row (user,
 * cookie expiry) is parsed once per cached text, not per request.
 */
export function fastSession(options: FastSessionOptions): (req: Request, res: Response) => boolean {
  const { store, credentialCache, name, secret } = options;
  const prefix = `${name}=`;
  const verified = new Map<string, string>();

  const unsign = (raw: string): string | undefined => {
    const known = verified.get(raw);
    if (known !== undefined) return known;
    // express-session's cookie: "s:" + sid + "." + base64(HMAC-SHA256(secret, sid)) without padding.
    if (!raw.startsWith('s:')) return undefined;
    const signed = raw.slice(2);
    const dot = signed.lastIndexOf('.');
    if (dot <= 0) return undefined;
    const sid = signed.slice(0, dot);
    const expected = Buffer.from(createHmac('sha256', secret).update(sid).digest('base64').replace(/=+$/, ''));
    const sent = Buffer.from(signed.slice(dot + 1));
    if (expected.length !== sent.length || !timingSafeEqual(expected, sent)) return undefined;
    if (verified.size >= MAX_VERIFIED) verified.clear();
    verified.set(raw, sid);
    return sid;
  };

  const cookieValue = (header: string | undefined): string | undefined => {
    if (!header) return undefined;
    // The first cookie of that name, as express-session (cookie.parse) takes it.
    for (const part of header.split(';')) {
      const trimmed = part.trim();
      if (!trimmed.startsWith(prefix)) continue;
      let value = trimmed.slice(prefix.length).trim();
      if (value.startsWith('"') && value.endsWith('"') && value.length >= 2) value = value.slice(1, -1);
      if (value.includes('%')) {
        try {
          value = decodeURIComponent(value);
        } catch {
          return undefined;
        }
      }
      return value;
    }
    return undefined;
  };

  /** What each request needs of a cached session row, kept while the cache returns the same text. */
  const facts = new Map<string, SessionFacts>();

  return (req: Request, res: Response): boolean => {
    if (!SAFE.has(req.method)) return false;
    const raw = cookieValue(req.headers.cookie);
    if (raw === undefined) return false;
    const sid = unsign(raw);
    if (sid === undefined) return false;
    const text = store.cache.get(sid);
    if (text === undefined) return false;
    let known = facts.get(sid);
    if (known === undefined || known.text !== text) {
      known = factsOf(text);
      if (known === undefined) return false;
      if (facts.size >= MAX_VERIFIED) facts.clear();
      facts.set(sid, known);
    }
    // Due for the rolling refresh (app.ts rollSession): the full path saves it and sends the cookie.
    if (known.expiresMs - Date.now() < options.maxAgeMs - options.touchAfterMs) return false;
    const user = credentialCache.cachedUser(known.userId);
    if (!user) return false;

    req.sessionID = sid;
    // The store as express-session left it (its session() middleware gave it generate()).
    req.sessionStore = store as unknown as Request['sessionStore'];
    req.user = user;
    (req as LazyRequest)[LAZY] = { store, sid, text, res, materialized: false, value: undefined };
    Object.defineProperty(req, 'session', LAZY_SESSION);
    // The full path's rule for an unchanged session: the store writes the expiry at most once per touchAfterMs.
    store.touch(sid, known.touchData, noop);
    return true;
  };
}
