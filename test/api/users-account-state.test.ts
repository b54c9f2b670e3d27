import request from 'supertest';
import type { TestApp, SessionClient } from '../support/test-app';
import { createTestApp, ADMIN_PASSWORD } from '../support/test-app';
import { randomToken, sha256 } from '../../src/auth/passwords';

/** Disabled and deleted users are refused on every way in, and accepted again once restored. */
let t: TestApp;
let admin: SessionClient;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', ADMIN_PASSWORD);
});
afterAll(async () => {
  await t.close();
});

interface Account {
  id: string;
  username: string;
  password: string;
  token: string;
}

async function account(username: string): Promise<Account> {
  const password = `${username}-secret-password`;
  const id = await t.createUser(username, { password });
  const token = randomToken();
  await t.deps.db('api_tokens').insert({ user_id: id, name: 'script', token_hash: sha256(token), prefix: token.slice(0, 8) });
  return { id, username, password, token };
}

async function ways(user: Account) {
  const form = await request(t.app).post('/login').send({ username: user.username, password: user.password });
  const basic = await request(t.app).get('/users/info').set('Authorization', t.basic(user.username, user.password));
  const bearer = await request(t.app).get('/users/info').set('Authorization', `Bearer ${user.token}`);
  return { form, basic, bearer };
}

async function expectAccepted(user: Account): Promise<void> {
  const { form, basic, bearer } = await ways(user);
  expect(form.status).toBe(200);
  expect(basic.status).toBe(200);
  expect(bearer.status).toBe(200);
}

async function expectRefused(user: Account): Promise<void> {
  const { form, basic, bearer } = await ways(user);
  expect(form.status).toBe(401);
  expect(form.body.code).toBe('ACCOUNT_DISABLED');
  expect(basic.status).toBe(401);
  expect(basic.body.code).toBe('ACCOUNT_DISABLED');
  expect(bearer.status).toBe(401);
  expect(bearer.body.code).toBe('INVALID_TOKEN');
}

describe('disabled and deleted accounts', () => {
  test('when a user is disabled, then form login, Basic and API tokens are refused and the open session ends; when re-enabled, all work again', async () => {
    const user = await account('toggled');
    await expectAccepted(user); // also primes the credential cache for Basic and the token
    const session = await t.login(user.username, user.password);
    expect((await admin.delete(`/users/${user.id}/enabled`)).status).toBe(200);
    await expectRefused(user);
    expect((await session.get('/users/info')).status).toBe(401);
    expect((await admin.put(`/users/${user.id}/enabled`)).status).toBe(200);
    await expectAccepted(user);
  });

  test('when a user is deleted, then every way in is refused; when undeleted, all work again', async () => {
    const user = await account('removed');
    await expectAccepted(user);
    expect((await admin.delete(`/users/${user.id}`)).status).toBe(200);
    await expectRefused(user);
    expect((await admin.delete(`/users/${user.id}/deleted`)).status).toBe(200);
    await expectAccepted(user);
    expect((await admin.put(`/users/${user.id}/deleted`)).status).toBe(200);
    await expectRefused(user);
  });

  test('when a refused sign-in happens, then it is audited as auth.login.failed with the reason, and the state changes as user.disable / user.enable', async () => {
    const user = await account('audited-state');
    await admin.delete(`/users/${user.id}/enabled`);
    await request(t.app).post('/login').send({ username: user.username, password: user.password });
    const failures = await t.deps.db('audit_events').where({ action: 'auth.login.failed', target_id: user.id });
    expect(failures.map((e: { details: { reason: string } }) => e.details.reason)).toContain('disabled');
    await admin.put(`/users/${user.id}/enabled`);
    const actions = (
      await t.deps.db('audit_events').where({ target_id: user.id, target_type: 'user' }).where('action', 'like', 'user.%').orderBy('id')
    ).map((e: { action: string }) => e.action);
    expect(actions).toEqual(['user.disable', 'user.enable']);
  });
});
