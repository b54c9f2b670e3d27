import request from 'supertest';
import type { TestApp } from '../support/test-app';
import { createTestApp, ADMIN_PASSWORD } from '../support/test-app';

/** The configurable limits: login lockout (429), body size (413), graph query time-out (504). */
describe('login lockout', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ auth: { lockout: { maxFailures: 3, windowMs: 60_000, durationMs: 60_000 } } });
    await t.createUser('victim', { password: 'victim-password-1' });
  });
  afterAll(async () => {
    await t.close();
  });

  test('when a name fails maxFailures times, then even the right password is refused with 429 and Retry-After until the lock ends', async () => {
    for (let i = 0; i < 3; i++) {
      const failed = await request(t.app).post('/login').send({ username: 'victim', password: 'wrong' });
      expect(failed.status).toBe(401);
      expect(failed.body.code).toBe('INVALID_CREDENTIALS');
    }
    const locked = await request(t.app).post('/login').send({ username: 'victim', password: 'victim-password-1' });
    expect(locked.status).toBe(429);
    expect(locked.body.code).toBe('TOO_MANY_REQUESTS');
    expect(locked.body.detail).toMatch(/Too many failed logins.*minute/);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);

    const basic = await request(t.app).get('/profile').set('Authorization', t.basic('victim', 'victim-password-1'));
    expect(basic.status).toBe(429);
    const caseVariant = await request(t.app).post('/login').send({ username: 'VICTIM', password: 'victim-password-1' });
    expect(caseVariant.status).toBe(429);

    const other = await request(t.app).post('/login').send({ username: 'admin', password: ADMIN_PASSWORD });
    expect(other.status).toBe(200);

    const events = await t.deps.db('audit_events').where({ action: 'auth.login.failed', username: 'victim' }).orderBy('id');
    expect(events).toHaveLength(3);
    expect(events[2].details).toMatchObject({ locked: true, method: 'session' });

    await t.deps.db('login_failures').update({ locked_until: new Date(Date.now() - 1000) });
    const afterLock = await request(t.app).post('/login').send({ username: 'victim', password: 'victim-password-1' });
    expect(afterLock.status).toBe(200);
  });

  test('when the login form is locked, then the form is shown again with the message and status 429', async () => {
    await t.deps
      .db('login_failures')
      .insert({ key: 'user:formvictim', failures: 0, first_failure_at: new Date(), locked_until: new Date(Date.now() + 60_000) });
    const page = await request(t.app).get('/login');
    const csrf = /name="_csrf" value="([^"]+)"/.exec(page.text)?.[1] ?? '';
    const cookie = page.headers['set-cookie'];
    const response = await request(t.app)
      .post('/login')
      .set('Cookie', cookie)
      .type('form')
      .send({ username: 'formvictim', password: 'x', _csrf: csrf });
    expect(response.status).toBe(429);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.text).toMatch(/Too many failed logins/);
  });
});

describe('request limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ server: { bodyLimitBytes: 2048 }, graphdb: { queryTimeoutMs: 1 } });
  });
  afterAll(async () => {
    await t.close();
  });

  test('when a JSON body exceeds server.bodyLimitBytes, then 413 PAYLOAD_TOO_LARGE as problem+json and nothing is written', async () => {
    const response = await request(t.app)
      .post('/groups')
      .set('Authorization', t.basic('admin', ADMIN_PASSWORD))
      .send({ name: 'Big', description: 'x'.repeat(5000) });
    expect(response.status).toBe(413);
    expect(response.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(response.body.code).toBe('PAYLOAD_TOO_LARGE');
    expect(await t.deps.db('groups').where({ name: 'Big' }).first()).toBeUndefined();
  });

  test('when the body is not valid JSON, then 400 INVALID_JSON', async () => {
    const response = await request(t.app)
      .post('/groups')
      .set('Authorization', t.basic('admin', ADMIN_PASSWORD))
      .set('Content-Type', 'application/json')
      .send('{"name": ');
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('INVALID_JSON');
  });

  test('when the body has another content type, then 415 UNSUPPORTED_MEDIA_TYPE', async () => {
    const response = await request(t.app)
      .post('/groups')
      .set('Authorization', t.basic('admin', ADMIN_PASSWORD))
      .set('Content-Type', 'text/plain')
      .send('name=x');
    expect(response.status).toBe(415);
    expect(response.body.code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  test('when an API path does not exist, then 404 ROUTE_NOT_FOUND as problem+json without a stack trace', async () => {
    const response = await request(t.app).get('/no/such/path').set('Authorization', t.basic('admin', ADMIN_PASSWORD));
    expect(response.status).toBe(404);
    expect(response.body.code).toBe('ROUTE_NOT_FOUND');
    expect(JSON.stringify(response.body)).not.toMatch(/at .*\.(ts|js):\d+/);
  });

  test('when a graph query runs longer than graphdb.queryTimeoutMs, then 504 GRAPH_TIMEOUT', async () => {
    await t.deps.db.raw(
      "insert into graph_nodes (labels, properties) select array['Person'], jsonb_build_object('name', 'person ' || g, 'bio', repeat(md5(g::text), 20)) from generate_series(1, 60000) g",
    );
    const response = await request(t.app)
      .post('/data/nodes/find')
      .set('Authorization', t.basic('admin', ADMIN_PASSWORD))
      .send({ filter: { property: 'bio', operator: '=~', value: '.*(a|b|c)+.*z{3}.*' } });
    expect(response.status).toBe(504);
    expect(response.body.code).toBe('GRAPH_TIMEOUT');
  });
});
