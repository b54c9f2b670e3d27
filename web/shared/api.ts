/**
 * The browser's client for the REST API: the same endpoints scripts use, with the session cookie and
 * the page's CSRF token. Errors arrive as application/problem+json and become an ApiError whose
 * message is the problem's detail, ready to show in words.
 */
import type { ApiNode, ApiPath, ApiSubgraph } from './graph-types';
import { t } from './i18n';

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
  if (!problem) return t('web.api.requestFailed', { status: String(status) });
  let message = problem.detail || problem.title || t('web.api.requestFailed', { status: String(status) });
  if (problem.issues?.length) message += `: ${problem.issues.map((issue) => (issue.path ? `${issue.path}: ` : '') + issue.message).join('; ')}`;
  return message;
}

/** A POST whose answer is a file (CSV exports): the body as a Blob. */
export async function download(url: string, body: unknown): Promise<Blob> {
  const response = await fetch(url, { method: 'POST', credentials: 'same-origin', headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': csrfToken(), 'X-Requested-With': 'fetch' }, body: JSON.stringify(body) });
  if (!response.ok) {
    const problem = (await response.json().catch(() => null)) as Problem | null;
    throw new ApiError(problemMessage(problem, response.status), response.status, problem?.code);
  }
  return response.blob();
}

export async function request<T>(method: string, url: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', 'X-Requested-With': 'fetch' };
  if (method !== 'GET' && method !== 'HEAD') headers['X-CSRF-Token'] = csrfToken();
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(url, { method, credentials: 'same-origin', headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch (error) {
    throw new ApiError(t('web.api.unreachable', { reason: (error as Error).message }), 0);
  }
  const type = response.headers.get('content-type') ?? '';
  const data: unknown = type.includes('json') ? await response.json().catch(() => null) : null;
  if (!response.ok) throw new ApiError(problemMessage(data as Problem | null, response.status), response.status, (data as Problem | null)?.code);
  return data as T;
}

export interface FindAnswer {
  items: ApiNode[];
  total: number;
  /** A text search stops counting at 10,000: then total is a lower bound. */
  totalIsLowerBound?: boolean;
}

export interface ExploreAnswer extends ApiSubgraph {
  remaining: number;
}

/** The calls the workspace makes, typed once. */
export interface SessionAnswer {
  authenticated: boolean;
  user?: { id: string; username: string; permissions: string[] };
}

export interface VisualizationAnswer {
  id: string;
  name: string;
  description: string;
  own: boolean;
  owner: { id: string; username: string };
  content?: import('../workspace/persistence/content').ReadContent;
  deleted?: { nodes: number; relationships: number };
}

export const api = {
  visualization: (id: string) => request<VisualizationAnswer>('GET', `/visualizations/${encodeURIComponent(id)}`),
  createVisualization: (body: { name: string; description?: string; content: unknown }) => request<VisualizationAnswer>('POST', '/visualizations', body),
  saveVisualization: (id: string, content: unknown) => request<VisualizationAnswer>('PUT', `/visualizations/${encodeURIComponent(id)}`, { content }),
  renameVisualization: (id: string, name: string, description?: string) => request<VisualizationAnswer>('PUT', `/visualizations/${encodeURIComponent(id)}/info`, { name, ...(description !== undefined ? { description } : {}) }),
  findNodes: (body: { text?: string; labels?: string[]; limit?: number; skip?: number; filter?: unknown }) => request<FindAnswer>('POST', '/data/nodes/find', body),
  session: () => request<SessionAnswer>('GET', '/session'),
  settings: () => request<Record<string, unknown>>('GET', '/settings'),
  explore: (body: { nodeId: string; direction?: 'in' | 'out' | 'both'; types?: string[]; limit?: number; skip?: number }) => request<ExploreAnswer>('POST', '/data/graph/explore', body),
  relationshipTypes: () => request<string[]>('GET', '/data/relationships/possibleTypes'),
  directRelationships: (ids: string[]) => request<{ relationships: import('./graph-types').ApiRelationship[] }>('POST', '/data/graph/directRelationships', { sourceIds: ids, targetIds: ids }),
  shortestPaths: (from: string, to: string) => request<{ paths: ApiPath[] }>('POST', '/data/shortestPath', { nodeIds: [from, to] }),
  labels: () => request<string[]>('GET', '/data/nodes/possibleLabels'),
};
