import request from 'supertest';
import type { TestApp } from '../support/test-app';
import { createTestApp, ADMIN_PASSWORD } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function loginCookie(): Promise<{ cookie: string; sid: string }> {
  const response = await request(t.app).post('/login').send({ username: 'admin', password: ADMIN_PASSWORD });
  expect(response.status).toBe(200);
  const cookie = String(response.headers['set-cookie']).match(/gas\.sid=[^;]+/)![0];
  const sid = decodeURIComponent(cookie.slice('gas.sid='.length)).slice(2).split('.')[0];
  return { cookie, sid };
}

async function expiresAt(sid: string): Promise<number> {
  const row = await t.database.knex('sessions').where('sid', sid).first('expires_at');
  return new Date(row.expires_at).getTime();
}

describe('rolling sessions at most once per session.touchAfterMs', () => {
  test('when a session cookie is used within touchAfterMs of its last save, then the response sets no cookie and the stored expiry stays', async () => {
    const { cookie, sid } = await loginCookie();
    const before = await expiresAt(sid);
    for (let i = 0; i < 3; i++) {
      const response = await request(t.app).get('/permissions').set('Cookie', cookie);
      expect(response.status).toBe(200);
      expect(response.headers['set-cookie']).toBeUndefined();
    }
    expect(await expiresAt(sid)).toBe(before);
  });

  test('when the stored expiry is older than touchAfterMs, then the next request rolls it: a new cookie expiry and a later expires_at in the store, once', async () => {
    const { cookie, sid } = await loginCookie();
    // As if the session had last been saved touchAfterMs + 1 minute ago.
    const shift = t.config.session.touchAfterMs + 60_000;
    const old = new Date(Date.now() + t.config.session.maxAgeMs - shift);
    await t.database.knex.raw(
      `update sessions set expires_at = ?, sess = jsonb_set(sess, '{cookie,expires}', to_jsonb(?::text)) where sid = ?`,
      [old, old.toISOString(), sid],
    );

    const rolled = await request(t.app).get('/permissions').set('Cookie', cookie);
    expect(rolled.status).toBe(200);
    const setCookie = String(rolled.headers['set-cookie'] ?? '');
    expect(setCookie).toMatch(/gas\.sid=/);
    expect(setCookie).toMatch(/HttpOnly/);
    const cookieExpiry = new Date(setCookie.match(/Expires=([^;]+)/)![1]).getTime();
    expect(cookieExpiry).toBeGreaterThan(old.getTime() + shift - 5_000);
    expect(await expiresAt(sid)).toBeGreaterThan(old.getTime() + shift - 5_000);

    const next = await request(t.app).get('/permissions').set('Cookie', cookie);
    expect(next.status).toBe(200);
    expect(next.headers['set-cookie']).toBeUndefined();
  });

  test('when an anonymous request reaches a page without a cookie, then no session is stored for it', async () => {
    const before = Number((await t.database.knex('sessions').count({ n: '*' }))[0].n);
    const response = await request(t.app).get('/permissions');
    expect(response.status).toBe(401);
    expect(response.headers['set-cookie']).toBeUndefined();
    expect(Number((await t.database.knex('sessions').count({ n: '*' }))[0].n)).toBe(before);
  });

  test('when /health is called with a session cookie, then it answers without touching the session', async () => {
    const { cookie } = await loginCookie();
    const response = await request(t.app).get('/health').set('Cookie', cookie);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'ok' });
    expect(response.headers['set-cookie']).toBeUndefined();
  });
});
