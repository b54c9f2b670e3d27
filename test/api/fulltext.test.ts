import request from 'supertest';
import type { TestApp } from '../support/test-app';
import { createTestApp, ADMIN_PASSWORD } from '../support/test-app';
import { UNRESTRICTED } from '../../src/graph/graph-store';

let t: TestApp;
let admin: string;
let plain: string;

async function status(auth = admin) {
  return request(t.app).post('/cfg/indexer/node/status').set('Authorization', auth);
}

async function waitUntilOnline(): Promise<Record<string, unknown>> {
  for (let i = 0; i < 200; i++) {
    const res = await status();
    if (res.body.state !== 'POPULATING') return res.body;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the fulltext index did not finish populating');
}

beforeAll(async () => {
  t = await createTestApp();
  admin = t.basic('admin', ADMIN_PASSWORD);
  // A reader without Settings management (users without data access see indexes trimmed: graph-access-control.test.ts).
  await t.createUser('plain', { password: 'plain-password-1', permissions: ['READ_ALL_DATA'] });
  plain = t.basic('plain', 'plain-password-1');
  const graph = t.deps.graph;
  await graph.createNode({ labels: ['Person'], properties: { name: 'Alice Smith', city: 'Paris', age: 34 } }, UNRESTRICTED);
  await graph.createNode({ labels: ['Person'], properties: { name: 'Bob Jones', city: 'Berlin', age: 28 } }, UNRESTRICTED);
  await graph.createNode({ labels: ['Company'], properties: { name: 'Acme Corp', employees: 12 } }, UNRESTRICTED);
});
afterAll(async () => {
  await t.close();
});

describe('fulltext index configuration (spec 4.1)', () => {
  test('when nothing is configured, then the status is NOT_CREATED with the default (empty) configuration', async () => {
    const res = await status(plain);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ state: 'NOT_CREATED', progress: 0, config: { labels: [], properties: [] } });
  });

  test('when the default configuration is asked, then no labels and no properties', async () => {
    const res = await request(t.app).get('/cfg/indexer/node/default').set('Authorization', plain);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ labels: [], properties: [] });
  });

  test('when the automatic configuration is asked, then the string properties of the sampled nodes per label', async () => {
    const res = await request(t.app).get('/cfg/indexer/node/automatic').set('Authorization', admin);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      labels: ['Company', 'Person'],
      properties: ['city', 'name'],
      byLabel: { Company: ['name'], Person: ['city', 'name'] },
    });
  });

  test('when the index is created before it is configured, then 422 FULLTEXT_NOT_CONFIGURED', async () => {
    const res = await request(t.app).post('/cfg/indexer/node/create').set('Authorization', admin);
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('FULLTEXT_NOT_CONFIGURED');
  });

  test.each([
    ['a label with a backtick', { labels: ['Person`'], properties: ['name'] }],
    ['a property with a quote', { labels: ['Person'], properties: ["name'"] }],
    ['a missing list', { labels: ['Person'] }],
    ['an unknown field', { labels: ['Person'], properties: ['name'], analyzer: 'x' }],
  ])('when the configuration has %s, then 400', async (_name, body) => {
    const res = await request(t.app).post('/cfg/indexer/node/configure').set('Authorization', admin).send(body);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
  });

  test('when a user lacks SETTINGS_MANAGEMENT, then configure, create, drop and automatic are 403', async () => {
    const configure = await request(t.app)
      .post('/cfg/indexer/node/configure')
      .set('Authorization', plain)
      .send({ labels: ['Person'], properties: ['name'] });
    expect(configure.status).toBe(403);
    expect(configure.body.permission).toBe('SETTINGS_MANAGEMENT');
    expect((await request(t.app).post('/cfg/indexer/node/create').set('Authorization', plain)).status).toBe(403);
    expect((await request(t.app).post('/cfg/indexer/node/drop').set('Authorization', plain)).status).toBe(403);
    expect((await request(t.app).get('/cfg/indexer/node/automatic').set('Authorization', plain)).status).toBe(403);
  });

  test('when configured, then the configuration is stored as the FULLTEXT_INDEX setting, shown by the status, and audited', async () => {
    const res = await request(t.app)
      .post('/cfg/indexer/node/configure')
      .set('Authorization', admin)
      .send({ labels: ['Person'], properties: ['name', 'city'] });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ labels: ['Person'], properties: ['name', 'city'] });
    const settings = await request(t.app).get('/settings').set('Authorization', plain);
    expect(settings.body.FULLTEXT_INDEX).toEqual({ labels: ['Person'], properties: ['name', 'city'] });
    const current = await status();
    expect(current.body).toEqual({ state: 'NOT_CREATED', progress: 0, config: { labels: ['Person'], properties: ['name', 'city'] } });
    expect(await t.deps.db('audit_events').where({ action: 'fulltext.configure' })).toHaveLength(1);
  });

  test('when the index is created, then 202, reindexing runs to ONLINE with progress 100, and the creation is audited', async () => {
    const res = await request(t.app).post('/cfg/indexer/node/create').set('Authorization', admin);
    expect(res.status).toBe(202);
    expect(['POPULATING', 'ONLINE']).toContain(res.body.state);
    expect(res.body.config).toEqual({ labels: ['Person'], properties: ['name', 'city'] });
    const done = await waitUntilOnline();
    expect(done).toEqual({ state: 'ONLINE', progress: 100, config: { labels: ['Person'], properties: ['name', 'city'] } });
    const event = await t.deps.db('audit_events').where({ action: 'fulltext.create' }).first();
    expect(event.details).toEqual({ config: { labels: ['Person'], properties: ['name', 'city'] } });
  });

  test('when the configuration changes after creation, then the status shows the index configuration until it is recreated', async () => {
    await request(t.app)
      .post('/cfg/indexer/node/configure')
      .set('Authorization', admin)
      .send({ labels: ['Person', 'Company'], properties: ['name'] });
    const current = await status();
    expect(current.body.config).toEqual({ labels: ['Person'], properties: ['name', 'city'] });
    await request(t.app).post('/cfg/indexer/node/create').set('Authorization', admin);
    const done = await waitUntilOnline();
    expect(done.config).toEqual({ labels: ['Person', 'Company'], properties: ['name'] });
  });

  test('when the index is dropped, then NOT_CREATED, the stored configuration stays, and the drop is audited', async () => {
    const res = await request(t.app).post('/cfg/indexer/node/drop').set('Authorization', admin);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ state: 'NOT_CREATED', progress: 0, config: { labels: ['Person', 'Company'], properties: ['name'] } });
    const event = await t.deps.db('audit_events').where({ action: 'fulltext.drop' }).first();
    expect(event.details).toEqual({ previousState: 'ONLINE' });
  });

  test('when the status is asked anonymously, then 401', async () => {
    expect((await request(t.app).post('/cfg/indexer/node/status')).status).toBe(401);
  });
});
