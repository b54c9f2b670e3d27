/**
 * The browser's client for the REST API: the same endpoints scripts use, with the session cookie and
 * the page's CSRF token. Errors arrive as application/problem+json and become an ApiError whose
 * message is the problem's detail, ready to show in words.
 */
import type { ApiNode, ApiPath, ApiSubgraph } from './graph-types';

export class ApiError extends Error {
  constructor(message: string, readonly status: number, readonly code?: string) {
    super(message);
    this.name = 'ApiError';
  }
}

function csrfToken(): string {
  return document.querySelector('meta[name="csrf-token"]')?.getAttribute('content') ?? '';
}

interface Problem {
  detail?: string;
  title?: string;
  code?: string;
  issues?: Array<{ path?: string; message: string }>;
}

function problemMessage(problem: Problem | null, status: number): string {
  if (!problem) return `Request failed (${status})`;
  let message = problem.detail || problem.title || `Request failed (${status})`;
  if (problem.issues?.length) message += `: ${problem.issues.map((issue) => (issue.path ? `${issue.path}: ` : '') + issue.message).join('; ')}`;
  return message;
}

export async function request<T>(method: string, url: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', 'X-Requested-With': 'fetch' };
  if (method !== 'GET' && method !== 'HEAD') headers['X-CSRF-Token'] = csrfToken();
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(url, { method, credentials: 'same-origin', headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch (error) {
    throw new ApiError(`The server cannot be reached: ${(error as Error).message}`, 0);
  }
  const type = response.headers.get('content-type') ?? '';
  const data: unknown = type.includes('json') ? await response.json().catch(() => null) : null;
  if (!response.ok) throw new ApiError(problemMessage(data as Problem | null, response.status), response.status, (data as Problem | null)?.code);
  return data as T;
}

export interface FindAnswer {
  items: ApiNode[];
  total: number;
}

export interface ExploreAnswer extends ApiSubgraph {
  remaining: number;
}

/** The calls the workspace makes, typed once. */
export const api = {
  findNodes: (body: { text?: string; labels?: string[]; limit?: number; skip?: number }) => request<FindAnswer>('POST', '/data/nodes/find', body),
  explore: (body: { nodeId: string; direction?: 'in' | 'out' | 'both'; types?: string[]; limit?: number }) => request<ExploreAnswer>('POST', '/data/graph/explore', body),
  shortestPaths: (from: string, to: string) => request<{ paths: ApiPath[] }>('POST', '/data/shortestPath', { nodeIds: [from, to] }),
  labels: () => request<string[]>('GET', '/data/nodes/possibleLabels'),
};
