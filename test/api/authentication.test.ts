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

describe('authentication', () => {
  test('when no credentials are sent to an API path, then 401 problem+json', async () => {
    const response = await request(t.app).get('/permissions');
    expect(response.status).toBe(401);
    expect(response.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(response.body).toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
  });

  test('when the admin signs in through the form login, then the session cookie is httpOnly and SameSite=Lax', async () => {
    const response = await request(t.app).post('/login').send({ username: 'admin', password: ADMIN_PASSWORD });
    expect(response.status).toBe(200);
    const cookie = String(response.headers['set-cookie']);
    expect(cookie).toMatch(/gas\.sid=/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(response.body.user.username).toBe('admin');
    expect(response.body.csrfToken).toEqual(expect.any(String));
  });

  test('when HTTP Basic credentials are right, then the call succeeds without a session', async () => {
    const response = await request(t.app).get('/permissions').set('Authorization', t.basic('admin', ADMIN_PASSWORD));
    expect(response.status).toBe(200);
    expect(response.body.map((p: { code: string }) => p.code)).toContain('API_DOCUMENTATION');
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  test('when HTTP Basic credentials are wrong, then 401 INVALID_CREDENTIALS', async () => {
    const response = await request(t.app).get('/permissions').set('Authorization', t.basic('admin', 'wrong'));
    expect(response.status).toBe(401);
    expect(response.body.code).toBe('INVALID_CREDENTIALS');
  });

  test('when a cookie-authenticated write lacks the CSRF token, then 403 CSRF_TOKEN_INVALID', async () => {
    const client = await t.login('admin', ADMIN_PASSWORD);
    const refused = await client.agent.post('/logout');
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('CSRF_TOKEN_INVALID');
    const accepted = await client.post('/logout');
    expect(accepted.status).toBe(204);
  });
});

describe('script calls and sessions', () => {
  test('when a script asks GET /session with HTTP Basic, then no session cookie is set and the token is empty', async () => {
    const response = await request(t.app).get('/session').set('Authorization', t.basic('admin', ADMIN_PASSWORD));
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ authenticated: true, authMethod: 'basic', csrfToken: '' });
    expect(response.headers['set-cookie']).toBeUndefined();
    const sessions = await t.deps.db('sessions').count<{ count: string }[]>('* as count');
    const before = Number(sessions[0].count);
    await request(t.app).get('/session').set('Authorization', t.basic('admin', ADMIN_PASSWORD));
    const after = await t.deps.db('sessions').count<{ count: string }[]>('* as count');
    expect(Number(after[0].count)).toBe(before);
  });
});

describe('HTTP Basic details', () => {
  test('when the password contains colons, then Basic still signs in (RFC 7617: the password is all after the first colon)', async () => {
    await t.createUser('colon', { password: 'pa:ss:word:1234' });
    const response = await request(t.app).get('/session').set('Authorization', t.basic('colon', 'pa:ss:word:1234'));
    expect(response.status).toBe(200);
    expect(response.body.user.username).toBe('colon');
    const truncated = await request(t.app).get('/session').set('Authorization', t.basic('colon', 'pa'));
    expect(truncated.status).toBe(401);
  });

  test('when the Basic header is malformed, then 401 and no server error', async () => {
    for (const header of ['Basic', 'Basic !!!', `Basic ${Buffer.from('no-colon').toString('base64')}`, 'Digest abc']) {
      const response = await request(t.app).get('/permissions').set('Authorization', header);
      expect(response.status).toBe(401);
    }
  });
});
