import request from 'supertest';
import { CredentialCache } from '../../src/auth/credential-cache';
import { negotiate } from '../../src/i18n/i18n';
import type { TestApp } from '../support/test-app';
import { createTestApp, ADMIN_PASSWORD } from '../support/test-app';

// The cheap common path of the request chain (src/app.ts and the middleware it mounts, issue 11
// item 2): what it skips must not change what a request gets.
let t: TestApp;
let proxied: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  proxied = await createTestApp({ server: { trustProxy: true } });
});
afterAll(async () => {
  await proxied?.close();
  await t?.close();
});

describe('HTTP Basic answered from the credential cache', () => {
  test('when a verified credential is used again, then it is answered from the cache; a wrong password, a lower-case scheme and a malformed header get what passport gives', async () => {
    await t.createUser('basic-reader', { password: 'basic-reader-password-1' });
    const right = t.basic('basic-reader', 'basic-reader-password-1');
    expect((await request(t.app).get('/permissions').set('Authorization', right)).status).toBe(200);
    const verifications = t.deps.credentialCache.verifications;
    for (let i = 0; i < 3; i++) expect((await request(t.app).get('/permissions').set('Authorization', right)).status).toBe(200);
    expect(t.deps.credentialCache.verifications).toBe(verifications);

    const wrong = await request(t.app).get('/permissions').set('Authorization', t.basic('basic-reader', 'not-the-password-1'));
    expect(wrong.status).toBe(401);
    expect(wrong.body.code).toBe('INVALID_CREDENTIALS');
    expect((await request(t.app).get('/permissions').set('Authorization', right.replace('Basic', 'basic'))).status).toBe(200);
    expect((await request(t.app).get('/permissions').set('Authorization', right.replace('Basic ', 'Basic  '))).status).toBe(401);
    expect(
      (
        await request(t.app)
          .get('/permissions')
          .set('Authorization', 'Basic ' + Buffer.from(':nobody').toString('base64'))
      ).status,
    ).toBe(401);
  });

  test('when an administrator sets the password of a user whose credential is cached, then the old credential is refused at once', async () => {
    const id = await t.createUser('basic-changed', { password: 'basic-changed-password-1' });
    const old = t.basic('basic-changed', 'basic-changed-password-1');
    expect((await request(t.app).get('/permissions').set('Authorization', old)).status).toBe(200);
    expect((await request(t.app).get('/permissions').set('Authorization', old)).status).toBe(200);
    const set = await request(t.app)
      .put(`/users/${id}/password`)
      .set('Authorization', t.basic('admin', ADMIN_PASSWORD))
      .send({ password: 'basic-changed-password-2', mustChangePassword: false });
    expect(set.status).toBe(204);
    expect((await request(t.app).get('/permissions').set('Authorization', old)).status).toBe(401);
    expect(
      (await request(t.app).get('/permissions').set('Authorization', t.basic('basic-changed', 'basic-changed-password-2'))).status,
    ).toBe(200);
  });

  test('when a cached credential is in its refresh-ahead window or its user is no longer cached, then cachedCredential answers nothing (the full path refreshes)', async () => {
    const cache = new CredentialCache(1000, { refreshAheadMs: 400 });
    const user = { id: '7', username: 'u' } as never;
    expect(cache.cachedCredential('basic', 'u\0p')).toBeUndefined();
    await cache.authenticate('basic', 'u\0p', async () => ({ user, version: '1' }));
    expect(cache.cachedCredential('basic', 'u\0p')).toBe(user);
    expect(cache.cachedCredential('basic', 'u\0other')).toBeUndefined();
    cache.forgetUser('7');
    expect(cache.cachedCredential('basic', 'u\0p')).toBeUndefined();
    await cache.authenticate('basic', 'u\0p', async () => ({ user, version: '1' }));
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(cache.cachedCredential('basic', 'u\0p')).toBeUndefined();
  });
});

describe('body parsers only for requests with a body', () => {
  test('when a GET carries a JSON body, then it is still parsed and guarded (NUL character: 400); without a body the GET is answered', async () => {
    const admin = t.basic('admin', ADMIN_PASSWORD);
    const withBody = await request(t.app)
      .get('/permissions')
      .set('Authorization', admin)
      .set('Content-Type', 'application/json')
      .send('{"name":"a\\u0000b"}');
    expect(withBody.status).toBe(400);
    expect(withBody.body.code).toBe('NUL_CHARACTER');
    const broken = await request(t.app)
      .get('/permissions')
      .set('Authorization', admin)
      .set('Content-Type', 'application/json')
      .send('{"name":');
    expect(broken.status).toBe(400);
    expect((await request(t.app).get('/permissions').set('Authorization', admin)).status).toBe(200);
  });
});

describe('language negotiation remembered per Accept-Language value', () => {
  test('when many different Accept-Language values arrive (more than are remembered), then each response has the language negotiate() gives and Vary: Accept-Language once', async () => {
    const values: string[] = [];
    for (let i = 0; i < 520; i++) values.push(['de', 'cs;q=0.9, fr', 'fr, en;q=0.1', 'xx'][i % 4] + `, x-${i};q=0.0${i % 9}`);
    values.push(values[0], values[1], 'DE-at', `fr, ${'x'.repeat(300)}, cs;q=0.5`);
    for (let i = 0; i < values.length; i += 20) {
      const batch = values.slice(i, i + 20);
      const responses = await Promise.all(batch.map((value) => request(t.app).get('/health').set('Accept-Language', value)));
      responses.forEach((response, j) => {
        expect({ value: batch[j], language: response.headers['content-language'], vary: response.headers.vary }).toEqual({
          value: batch[j],
          language: negotiate(batch[j]) ?? 'en',
          vary: 'Accept-Language',
        });
      });
    }
  });
});

describe('request context', () => {
  async function lastAuditIp(app: TestApp): Promise<string | null> {
    const row = await app.database.knex('audit_events').where('action', 'group.create').orderBy('id', 'desc').first('ip');
    return row?.ip ?? null;
  }

  test('when a state change arrives with X-Forwarded-For, then the audit records the socket address without trust proxy and the forwarded client with it', async () => {
    const created = await request(t.app)
      .post('/groups')
      .set('Authorization', t.basic('admin', ADMIN_PASSWORD))
      .set('X-Forwarded-For', '203.0.113.9')
      .send({ name: 'chain-ip-a', permissions: [] });
    expect(created.status).toBe(201);
    expect(await lastAuditIp(t)).toMatch(/127\.0\.0\.1|::1/);

    const plain = await request(t.app)
      .post('/groups')
      .set('Authorization', t.basic('admin', ADMIN_PASSWORD))
      .send({ name: 'chain-ip-b', permissions: [] });
    expect(plain.status).toBe(201);
    expect(await lastAuditIp(t)).toMatch(/127\.0\.0\.1|::1/);

    const forwarded = await request(proxied.app)
      .post('/groups')
      .set('Authorization', proxied.basic('admin', ADMIN_PASSWORD))
      .set('X-Forwarded-For', '203.0.113.9')
      .send({ name: 'chain-ip-c', permissions: [] });
    expect(forwarded.status).toBe(201);
    expect(await lastAuditIp(proxied)).toBe('203.0.113.9');
  });

  test('when a client sends X-Request-Id, then the response carries its first 64 characters; otherwise a fresh UUID, with the security headers either way', async () => {
    const long = 'r'.repeat(80);
    const echoed = await request(t.app).get('/health').set('X-Request-Id', long);
    expect(echoed.headers['x-request-id']).toBe(long.slice(0, 64));
    const fresh = await request(t.app).get('/health');
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    for (const response of [echoed, fresh]) {
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('same-origin');
    }
  });
});
