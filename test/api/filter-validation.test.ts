import request from 'supertest';
import * as regex from '../../src/graph/regex';
import { seedGraph } from '../support/seed-graph';
import type { TestApp } from '../support/test-app';
import { createTestApp, ADMIN_PASSWORD } from '../support/test-app';

/**
 * A filter is checked once per request (issue 20): at the edge, where a malformed one is 400
 * INVALID_FILTER; the zod schema, the services and the adapter (page and count queries) find it
 * checked. Each full check of a "=~" condition parses its regular expression once, which counts.
 */
let t: TestApp;
let admin: string;
const post = (url: string) => request(t.app).post(url).set('Authorization', admin);
const byRegex = { and: [{ property: 'name', operator: '=~', value: '(?i)a.*' }, { label: 'Person' }] };

beforeAll(async () => {
  t = await createTestApp();
  admin = t.basic('admin', ADMIN_PASSWORD);
  await seedGraph(
    t,
    admin,
    [
      ['alice', ['Person'], { name: 'Alice' }],
      ['bob', ['Person'], { name: 'Bob' }],
    ],
    [],
  );
});
afterAll(async () => {
  await t.close();
});
afterEach(() => jest.restoreAllMocks());

describe('filter validation', () => {
  test('when nodes are found by a filter (page and total), then the filter is checked once', async () => {
    const spy = jest.spyOn(regex, 'parseRegex');
    const response = await post('/data/nodes/find').send({ filter: byRegex, labels: ['Person'] });
    expect(response.status).toBe(200);
    expect(response.body.total).toBe(1);
    expect(response.body.items.map((n: { properties: { name: string } }) => n.properties.name)).toEqual(['Alice']);
    expect(spy).toHaveBeenCalledTimes(1);
  });

  test('when nodes found by a filter are exported, then the filter is checked once', async () => {
    const spy = jest.spyOn(regex, 'parseRegex');
    const response = await post('/data/nodes/find/export/csv').send({ filter: byRegex });
    expect(response.status).toBe(200);
    expect(response.text).toContain('Alice');
    expect(response.text).not.toContain('Bob');
    expect(spy).toHaveBeenCalledTimes(1);
  });

  test('when the filter is malformed, then 400 INVALID_FILTER with the path, before any other problem of the body', async () => {
    const response = await post('/data/nodes/find').send({
      filter: { and: [{ label: 'Person' }, { property: 'name', operator: '=~', value: '(' }] },
      limit: -1,
    });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('INVALID_FILTER');
    expect(response.body.path ?? response.body.details?.path ?? JSON.stringify(response.body)).toContain('filter.and[1].value');
  });
});
