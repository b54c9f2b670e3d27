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

const sameOriginHeaders: Middleware = {
  onRequest({ request }) {
    for (const [name, value] of Object.entries(requestHeaders(request.method)))
      if (!request.headers.has(name)) request.headers.set(name, value);
    return request;
  },
};

export const client = createClient<paths>({ baseUrl: '', credentials: 'same-origin' });
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
