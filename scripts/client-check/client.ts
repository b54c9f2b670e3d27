/**
 * A few calls of a client generated from the service's OpenAPI document (openapi-typescript +
 * openapi-fetch). `npm run check:client` checks web/shared/generated/api.d.ts against the document the
 * service writes and compiles this file: a document that generators cannot type, a renamed
 * operationId or a changed schema fails the check. Never run; only compiled.
 */
import createClient from 'openapi-fetch';
import type { components, operations, paths } from '../../web/shared/generated/api';

const client = createClient<paths>({ baseUrl: 'http://localhost:8080', headers: { Authorization: 'Basic YWRtaW46c2VjcmV0' } });

export async function calls(): Promise<void> {
  // A path parameter, and a nullable reference (item 24): null or a filter, never anything else.
  const security = await client.GET('/users/{id}/entitySecurity', { params: { path: { id: '42' } } });
  if (security.data) {
    const nodeFilter: components['schemas']['Filter'] | null = security.data.nodeFilter;
    void nodeFilter;
  }

  // A request body and its typed answer.
  const created = await client.POST('/data/nodes', { body: { labels: ['Person'], properties: { name: 'Alice', age: 34 } } });
  if (created.data) {
    const id: string = created.data.id;
    void id;
  }

  // endedSessions is a count (item 23); the error body is the problem document.
  const changed = await client.PUT('/profile/password', { body: { currentPassword: 'old password', newPassword: 'a new password here' } });
  if (changed.data) {
    const ended: number = changed.data.endedSessions;
    void ended;
  }
  if (changed.error) {
    const code: string = changed.error.code;
    void code;
  }

  // Find with a filter and paging.
  const found = await client.POST('/data/nodes/find', { body: { filter: { property: 'name', operator: '=', value: 'Alice' }, limit: 10 } });
  void found.data;

  // @ts-expect-error the body of POST /data/nodes needs labels as a list of strings
  await client.POST('/data/nodes', { body: { labels: 'Person', properties: {} } });
  // @ts-expect-error there is no such path
  await client.GET('/no/such/path');
}

// Operations are named by their stable operationIds (item 26).
type Named = Pick<operations, 'getUsersByIdEntitySecurity' | 'postDataNodes' | 'putProfilePassword' | 'postDataNodesFind' | 'postLogin'>;
export type { Named };
