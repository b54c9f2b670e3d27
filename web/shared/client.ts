/**
 * The browser's one client for the REST API, generated from the OpenAPI document: openapi-fetch typed
 * by web/shared/generated/api.d.ts (`npm run check:client -- --write` regenerates it; CI fails when it
 * is stale). Same origin, the session cookie, and the CSRF token of the page's meta tag on every
 * unsafe request (the server refuses a cookie-authenticated write without it). Errors arrive as
 * application/problem+json and become one ApiError whose message is the problem's detail.
 */
import createClient, { type Middleware } from 'openapi-fetch';
import type { components, operations, paths } from './generated/api';
import { t } from './i18n';

export type Schemas = components['schemas'];
export type { operations, paths };

type JsonContent<T> = T extends { content: { 'application/json': infer B } } ? B : never;
/** The JSON body an operation takes: `JsonBody<'putProfile'>`. */
export type JsonBody<O extends keyof operations> = JsonContent<NonNullable<operations[O]['requestBody']>>;
/** The JSON an operation answers with `status` (200 unless said): `JsonAnswer<'getAuditData'>`. */
export type JsonAnswer<
  O extends keyof operations,
  S extends keyof operations[O]['responses'] = 200 & keyof operations[O]['responses'],
> = JsonContent<operations[O]['responses'][S]>;

/** The problem document of an error answer (validation errors add `issues`). */
export interface Problem {
  code?: string;
  detail?: string;
  title?: string;
  issues?: Array<{ path?: string; message: string }>;
  [name: string]: unknown;
}

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code?: string,
    readonly problem: Problem | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export function csrfToken(): string {
  return document.querySelector('meta[name="csrf-token"]')?.getAttribute('content') ?? '';
}

/** The headers every API call sends: JSON answers, marked as a script's call, and the CSRF token on writes. */
export function requestHeaders(method: string): Record<string, string> {
  const headers: Record<string, string> = { Accept: 'application/json', 'X-Requested-With': 'fetch' };
  if (method !== 'GET' && method !== 'HEAD') headers['X-CSRF-Token'] = csrfToken();
  return headers;
}

export function problemMessage(problem: Problem | null, status: number): string {
  const failed = t('web.api.requestFailed', { status: String(status) });
  if (!problem || typeof problem !== 'object') return failed;
  let message = problem.detail || problem.title || failed;
  if (Array.isArray(problem.issues) && problem.issues.length)
    message += `: ${problem.issues.map((issue) => (issue.path ? `${issue.path}: ` : '') + issue.message).join('; ')}`;
  return message;
}

export function apiError(problem: unknown, status: number): ApiError {
  const known = problem && typeof problem === 'object' ? (problem as Problem) : null;
  return new ApiError(problemMessage(known, status), status, typeof known?.code === 'string' ? known.code : undefined, known);
}

export function unreachable(error: unknown): ApiError {
  return new ApiError(t('web.api.unreachable', { reason: error instanceof Error ? error.message : String(error) }), 0);
}

/** A 401 on a page means the session ended: go to the login page, then come back. */
export function toLogin(): void {
  window.location.assign(`/login?next=${encodeURIComponent(window.location.pathname + window.location.search)}`);
}

/** The session's current CSRF token (GET /session), written into the page's meta tag for the next calls. */
async function refreshCsrfToken(): Promise<string | undefined> {
  const response = await fetch('/session', {
    credentials: 'same-origin',
    headers: { Accept: 'application/json', 'X-Requested-With': 'fetch' },
  });
  if (!response.ok) return undefined;
  const token = ((await response.json()) as { csrfToken?: unknown }).csrfToken;
  if (typeof token !== 'string' || !token) return undefined;
  document.querySelector('meta[name="csrf-token"]')?.setAttribute('content', token);
  return token;
}

/**
 * One call as a URL and an init whose body can be sent twice. A Request's body is read once as bytes
 * (ArrayBuffer): a cloned Request makes Chromium send the body as a stream, and a Blob body is sent
 * as a blob; the browser's tools (and the browser tests' request.postData()) see neither.
 */
async function replayable(input: Request | string | URL, init: RequestInit = {}): Promise<{ url: string; init: RequestInit }> {
  if (!(input instanceof Request)) return { url: String(input), init };
  const { method, headers, credentials, cache, redirect, referrerPolicy, keepalive, signal } = input;
  const body = input.body === null ? undefined : await input.arrayBuffer();
  return { url: input.url, init: { method, headers, credentials, cache, redirect, referrerPolicy, keepalive, signal, ...init, body } };
}

function isUnsafe(method: string | undefined): boolean {
  return !['GET', 'HEAD', 'OPTIONS'].includes((method ?? 'GET').toUpperCase());
}

/**
 * fetch for every API call of the pages: an unsafe request refused 403 CSRF_TOKEN_INVALID because
 * the session's token is no longer the one the page was written with (a sign-in in another tab of
 * the browser replaces the session) is sent once more with the session's current token, read from
 * GET /session. Same origin only: the token is never sent to another site. Any other answer,
 * including a second 403, is the caller's.
 */
export async function apiFetch(input: Request | string | URL, given?: RequestInit): Promise<Response> {
  const { url, init } = await replayable(input, given);
  const response = await fetch(url, init);
  const sameOrigin = new URL(url, window.location.href).origin === window.location.origin;
  // A stream can be read only once: such a body is not sent again.
  if (response.status !== 403 || !isUnsafe(init.method) || !sameOrigin || init.body instanceof ReadableStream) return response;
  const problem = (await response
    .clone()
    .json()
    .catch(() => null)) as Problem | null;
  if (problem?.code !== 'CSRF_TOKEN_INVALID') return response;
  const headers = new Headers(init.headers);
  const token = await refreshCsrfToken().catch(() => undefined);
  if (!token || token === headers.get('X-CSRF-Token')) return response;
  headers.set('X-CSRF-Token', token);
  return fetch(url, { ...init, headers });
}

const sameOriginHeaders: Middleware = {
  onRequest({ request }) {
    for (const [name, value] of Object.entries(requestHeaders(request.method)))
      if (!request.headers.has(name)) request.headers.set(name, value);
    return request;
  },
};

export const client = createClient<paths>({ baseUrl: '', credentials: 'same-origin', fetch: apiFetch });
client.use(sameOriginHeaders);

export interface CallOptions {
  /** Leave a 401 to the caller instead of going to the login page (reports, sign-out). */
  noRedirect?: boolean;
}

/**
 * The answer of a typed call, or its ApiError: `await call(client.GET('/users'))`. A 204 answers
 * undefined.
 */
export async function call<D>(pending: Promise<{ data?: D; error?: unknown; response: Response }>, options: CallOptions = {}): Promise<D> {
  let result: { data?: D; error?: unknown; response: Response };
  try {
    result = await pending;
  } catch (error) {
    throw unreachable(error);
  }
  if (!result.response.ok) {
    if (result.response.status === 401 && !options.noRedirect) toLogin();
    throw apiError(result.error, result.response.status);
  }
  return result.data as D;
}

/** The JSON answer of an operation that can also answer text (CSV, JSON lines): the page asked for JSON. */
export function jsonOnly<T>(answer: T): Exclude<T, string> {
  if (typeof answer === 'string') throw new ApiError(t('web.api.requestFailed', { status: 'text' }), 200);
  return answer as Exclude<T, string>;
}
