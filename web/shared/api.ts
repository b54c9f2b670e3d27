/**
 * The workspace's calls of the REST API, typed once, on the same headers and errors as the generated
 * client (client.ts): the session cookie, the page's CSRF token, problem+json errors as ApiError.
 */
import type { ApiNode, ApiPath, ApiSubgraph } from './graph-types';
import { apiError, apiFetch, requestHeaders, unreachable } from './client';

export { ApiError } from './client';

/** A POST whose answer is a file (CSV exports): the body as a Blob. */
export async function download(url: string, body: unknown): Promise<Blob> {
  let response: Response;
  try {
    response = await apiFetch(url, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { ...requestHeaders('POST'), Accept: '*/*', 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
  } catch (error) {
    throw unreachable(error);
  }
  if (!response.ok) throw apiError(await response.json().catch(() => null), response.status);
  return response.blob();
}

/**
 * A call by method and URL for the few the workspace builds itself; the same headers and errors as
 * the typed client (client.ts), which new code uses instead.
 */
export async function request<T>(method: string, url: string, body?: unknown): Promise<T> {
  const headers = requestHeaders(method);
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  let response: Response;
  try {
    response = await apiFetch(url, {
      method,
      credentials: 'same-origin',
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (error) {
    throw unreachable(error);
  }
  const type = response.headers.get('content-type') ?? '';
  const data: unknown = type.includes('json') ? await response.json().catch(() => null) : null;
  if (!response.ok) throw apiError(data, response.status);
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
  createVisualization: (body: { name: string; description?: string; content: unknown }) =>
    request<VisualizationAnswer>('POST', '/visualizations', body),
  saveVisualization: (id: string, content: unknown) =>
    request<VisualizationAnswer>('PUT', `/visualizations/${encodeURIComponent(id)}`, { content }),
  renameVisualization: (id: string, name: string, description?: string) =>
    request<VisualizationAnswer>('PUT', `/visualizations/${encodeURIComponent(id)}/info`, {
      name,
      ...(description !== undefined ? { description } : {}),
    }),
  findNodes: (body: { text?: string; labels?: string[]; limit?: number; skip?: number; filter?: unknown }) =>
    request<FindAnswer>('POST', '/data/nodes/find', body),
  session: () => request<SessionAnswer>('GET', '/session'),
  settings: () => request<Record<string, unknown>>('GET', '/settings'),
  explore: (body: { nodeId: string; direction?: 'in' | 'out' | 'both'; types?: string[]; limit?: number; skip?: number }) =>
    request<ExploreAnswer>('POST', '/data/graph/explore', body),
  relationshipTypes: () => request<string[]>('GET', '/data/relationships/possibleTypes'),
  directRelationships: (ids: string[]) =>
    request<{ relationships: import('./graph-types').ApiRelationship[] }>('POST', '/data/graph/directRelationships', {
      sourceIds: ids,
      targetIds: ids,
    }),
  shortestPaths: (from: string, to: string) => request<{ paths: ApiPath[] }>('POST', '/data/shortestPath', { nodeIds: [from, to] }),
  labels: () => request<string[]>('GET', '/data/nodes/possibleLabels'),
};
