import request from 'supertest';
import type { TestApp } from '../support/test-app';
import { createTestApp, ADMIN_PASSWORD } from '../support/test-app';

type Index = { name: string; entity: string; token: string; properties: string[]; state: string };
/** An index without its state: Neo4j builds indexes in the background (POPULATING, then ONLINE). */
const withoutState = ({ state: _state, ...rest }: Index) => rest;

let t: TestApp;
let admin: string;
let plain: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = t.basic('admin', ADMIN_PASSWORD);
  // A reader without Settings management (users without data access see indexes trimmed: graph-access-control.test.ts).
  await t.createUser('plain', { password: 'plain-password-1', permissions: ['READ_ALL_DATA'] });
  plain = t.basic('plain', 'plain-password-1');
});
afterAll(async () => {
  await t.close();
});

describe('schema indexes', () => {
  test('when a node index is created, then 201 with the index, it is listed, and the creation is audited', async () => {
    const created = await request(t.app)
      .post('/schema/indexes')
      .set('Authorization', admin)
      .send({ entity: 'node', label: 'Person', properties: ['name', 'city'] });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ entity: 'node', token: 'Person', properties: ['name', 'city'] });
    expect(['ONLINE', 'POPULATING']).toContain(created.body.state);
    expect(created.body.name).toEqual(expect.any(String));
    const list = await request(t.app).get('/schema/indexes').set('Authorization', plain);
    expect(list.status).toBe(200);
    expect(list.body.map(withoutState)).toEqual([withoutState(created.body)]);
    const event = await t.deps.db('audit_events').where({ action: 'schema.index.create' }).first();
    expect(event).toMatchObject({ username: 'admin', target_id: created.body.name });
    expect(event.details).toMatchObject({ entity: 'node', token: 'Person', properties: ['name', 'city'] });
  });

  test('when the same index is created again, then 409 INDEX_EXISTS', async () => {
    const res = await request(t.app)
      .post('/schema/indexes')
      .set('Authorization', admin)
      .send({ entity: 'node', label: 'Person', properties: ['name', 'city'] });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('INDEX_EXISTS');
  });

  test('when a relationship index is created and dropped, then it is listed and then gone; a second drop is 404', async () => {
    const body = { entity: 'relationship', type: 'KNOWS', properties: ['since'] };
    const created = await request(t.app).post('/schema/indexes').set('Authorization', admin).send(body);
    const info = await t.deps.graph.serverInfo();
    if (info.backend === 'neo4j' && /^3\.|^4\.[0-2]\./.test(info.version)) {
      // Relationship property indexes exist from Neo4j 4.3 on: older servers answer 501, nothing is created.
      expect(created.status).toBe(501);
      expect(created.body.code).toBe('NOT_SUPPORTED_BY_GRAPH_VERSION');
      return;
    }
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ entity: 'relationship', token: 'KNOWS', properties: ['since'] });
    const dropped = await request(t.app).delete('/schema/indexes').set('Authorization', admin).send(body);
    expect(dropped.status).toBe(204);
    const list = await request(t.app).get('/schema/indexes').set('Authorization', admin);
    expect(list.body.map((i: { token: string }) => i.token)).toEqual(['Person']);
    const again = await request(t.app).delete('/schema/indexes').set('Authorization', admin).send(body);
    expect(again.status).toBe(404);
    expect(again.body.code).toBe('INDEX_NOT_FOUND');
    const drops = await t.deps.db('audit_events').where({ action: 'schema.index.drop' });
    expect(drops).toHaveLength(1);
  });

  test('when an index that never existed is dropped, then 404', async () => {
    const res = await request(t.app)
      .delete('/schema/indexes')
      .set('Authorization', admin)
      .send({ entity: 'node', label: 'Nobody', properties: ['x'] });
    expect(res.status).toBe(404);
  });

  test.each([
    ['a label with a backtick', { entity: 'node', label: 'Person`) DETACH DELETE n //', properties: ['name'] }],
    ['a label with a quote', { entity: 'node', label: "Person'", properties: ['name'] }],
    ['a property with a double quote', { entity: 'node', label: 'Person', properties: ['na"me'] }],
    ['a type with a backslash', { entity: 'relationship', type: 'KNOWS\\', properties: ['since'] }],
    ['no properties', { entity: 'node', label: 'Person', properties: [] }],
    ['a property twice', { entity: 'node', label: 'Person', properties: ['name', 'name'] }],
    ['a node index without a label', { entity: 'node', type: 'KNOWS', properties: ['name'] }],
    ['a relationship index with a label', { entity: 'relationship', label: 'Person', properties: ['name'] }],
    ['an unknown entity', { entity: 'edge', type: 'KNOWS', properties: ['since'] }],
  ])('when the body has %s, then 400 and no index is created', async (_name, body) => {
    const res = await request(t.app).post('/schema/indexes').set('Authorization', admin).send(body);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    const list = await request(t.app).get('/schema/indexes').set('Authorization', admin);
    expect(list.body).toHaveLength(1);
  });

  test('when a user lacks SETTINGS_MANAGEMENT, then creating and dropping are 403 (listing is allowed)', async () => {
    const body = { entity: 'node', label: 'Person', properties: ['name', 'city'] };
    const create = await request(t.app)
      .post('/schema/indexes')
      .set('Authorization', plain)
      .send({ entity: 'node', label: 'Company', properties: ['name'] });
    expect(create.status).toBe(403);
    expect(create.body).toMatchObject({ code: 'PERMISSION_DENIED', permission: 'SETTINGS_MANAGEMENT' });
    const drop = await request(t.app).delete('/schema/indexes').set('Authorization', plain).send(body);
    expect(drop.status).toBe(403);
    const list = await request(t.app).get('/schema/indexes').set('Authorization', plain);
    expect(list.body).toHaveLength(1);
  });

  test('when anonymous, then listing is 401', async () => {
    expect((await request(t.app).get('/schema/indexes')).status).toBe(401);
  });
});
