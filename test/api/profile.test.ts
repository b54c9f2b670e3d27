import request from 'supertest';
import type { TestApp } from '../support/test-app';
import { createTestApp, ADMIN_PASSWORD } from '../support/test-app';
import { sha256 } from '../../src/auth/passwords';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ server: { bodyLimitBytes: 64 * 1024 } });
});
afterAll(async () => {
  await t.close();
});

async function actions(): Promise<string[]> {
  return t.deps.db('audit_events').orderBy('id').pluck('action');
}

describe('profile', () => {
  test('when a signed-in user reads the profile, then it shows the own account with permissions', async () => {
    await t.createUser('alice', { password: 'alice-password-1', permissions: ['EXPORT_DATA'], email: 'alice@example.test' });
    const client = await t.login('alice', 'alice-password-1');
    const response = await client.get('/profile');
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      username: 'alice',
      email: 'alice@example.test',
      locale: 'en',
      mustChangePassword: false,
      permissions: ['EXPORT_DATA'],
    });
    expect(response.body).not.toHaveProperty('password_hash');
    expect(response.body).not.toHaveProperty('passwordHash');
  });

  test('when nobody is signed in, then GET /profile is 401', async () => {
    expect((await request(t.app).get('/profile')).status).toBe(401);
  });

  test('when the profile is updated with valid values, then they are stored and the change is audited', async () => {
    const client = await t.login('alice', 'alice-password-1');
    const response = await client.put('/profile').send({ name: 'Alice Liddell', email: 'alice.l@example.test', locale: 'de' });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ name: 'Alice Liddell', email: 'alice.l@example.test', locale: 'de' });
    const row = await t.deps.db('users').where({ username: 'alice' }).first();
    expect(row).toMatchObject({ name: 'Alice Liddell', email: 'alice.l@example.test', locale: 'de' });
    const event = await t.deps.db('audit_events').where({ action: 'profile.update' }).orderBy('id', 'desc').first();
    expect(event.details.changed).toEqual(['name', 'email', 'locale']);
  });

  test.each([
    ['an invalid e-mail', { name: 'A', email: 'not-an-email', locale: 'en' }],
    ['an unsupported locale', { name: 'A', email: 'a@example.test', locale: 'xx' }],
    ['a missing name', { email: 'a@example.test', locale: 'en' }],
    ['a number as name', { name: 5, email: 'a@example.test', locale: 'en' }],
  ])('when the profile update has %s, then 400 VALIDATION_FAILED and nothing changes', async (_label, body) => {
    const client = await t.login('alice', 'alice-password-1');
    const response = await client.put('/profile').send(body);
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('VALIDATION_FAILED');
    expect((await t.deps.db('users').where({ username: 'alice' }).first()).email).toBe('alice.l@example.test');
  });

  test('when the locales are listed, then exactly the translated languages (en, de, cs) come with their names', async () => {
    const response = await request(t.app).get('/profile/locales').set('Authorization', t.basic('admin', ADMIN_PASSWORD));
    expect(response.status).toBe(200);
    const codes = response.body.map((l: { code: string }) => l.code);
    expect(codes).toEqual(['en', 'de', 'cs']);
    expect(response.body.find((l: { code: string }) => l.code === 'de')).toMatchObject({ name: 'German', nativeName: 'Deutsch' });
  });
});

describe('own password', () => {
  test('when the current password is wrong, then 422 CURRENT_PASSWORD_INVALID and the password is unchanged', async () => {
    await t.createUser('bob', { password: 'bob-password-1' });
    const client = await t.login('bob', 'bob-password-1');
    const response = await client.put('/profile/password').send({ currentPassword: 'wrong-password', newPassword: 'bob-new-password-1' });
    expect(response.status).toBe(422);
    expect(response.body.code).toBe('CURRENT_PASSWORD_INVALID');
    expect((await request(t.app).get('/profile').set('Authorization', t.basic('bob', 'bob-password-1'))).status).toBe(200);
    expect(await actions()).toContain('profile.password.change.failed');
  });

  test('when the new password is shorter than the policy allows, then 422 PASSWORD_POLICY', async () => {
    const client = await t.login('bob', 'bob-password-1');
    const response = await client.put('/profile/password').send({ currentPassword: 'bob-password-1', newPassword: 'short' });
    expect(response.status).toBe(422);
    expect(response.body).toMatchObject({ code: 'PASSWORD_POLICY', rule: 'min-length', minLength: t.config.auth.passwordMinLength });
  });

  test.each([[{}], [{ currentPassword: 'bob-password-1' }], [{ currentPassword: 1, newPassword: 2 }]])(
    'when the body is %j, then 400',
    async (body) => {
      const client = await t.login('bob', 'bob-password-1');
      expect((await client.put('/profile/password').send(body)).status).toBe(400);
    },
  );

  test('when the password is changed, then the other sessions end, this one stays, and only the new password works', async () => {
    const other = await t.login('bob', 'bob-password-1');
    const current = await t.login('bob', 'bob-password-1');
    expect((await other.get('/profile')).status).toBe(200);
    const response = await current.put('/profile/password').send({ currentPassword: 'bob-password-1', newPassword: 'bob-new-password-1' });
    expect(response.status).toBe(200);
    expect(response.body.changed).toBe(true);
    expect(response.body.endedSessions).toBeGreaterThanOrEqual(1);
    expect((await other.get('/profile')).status).toBe(401);
    expect((await current.get('/profile')).status).toBe(200);
    expect((await request(t.app).get('/profile').set('Authorization', t.basic('bob', 'bob-password-1'))).status).toBe(401);
    expect((await request(t.app).get('/profile').set('Authorization', t.basic('bob', 'bob-new-password-1'))).status).toBe(200);
    expect(await actions()).toContain('profile.password.change');
  });

  test('when HTTP Basic credentials were cached and the password changes, then the old credentials stop working at once', async () => {
    await t.createUser('carol', { password: 'carol-password-1' });
    const old = t.basic('carol', 'carol-password-1');
    expect((await request(t.app).get('/profile').set('Authorization', old)).status).toBe(200);
    const changed = await request(t.app)
      .put('/profile/password')
      .set('Authorization', old)
      .send({ currentPassword: 'carol-password-1', newPassword: 'carol-password-2' });
    expect(changed.status).toBe(200);
    expect((await request(t.app).get('/profile').set('Authorization', old)).status).toBe(401);
  });

  test('when a user must change the password, then permissioned endpoints are refused until the change, and profile endpoints work', async () => {
    const id = await t.createUser('dave', { password: 'dave-password-1', permissions: ['AUDIT_LOG', 'SETTINGS_MANAGEMENT'] });
    await t.deps.db('users').where({ id }).update({ must_change_password: true });
    const client = await t.login('dave', 'dave-password-1');
    const refused = await client.get('/audit/data');
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('PASSWORD_CHANGE_REQUIRED');
    expect((await client.put('/license').send({ license: 'x' })).status).toBe(403);
    const profile = await client.get('/profile');
    expect(profile.status).toBe(200);
    expect(profile.body.mustChangePassword).toBe(true);
    expect(
      (await client.put('/profile/password').send({ currentPassword: 'dave-password-1', newPassword: 'dave-password-1' })).body.code,
    ).toBe('PASSWORD_POLICY');
    const changed = await client.put('/profile/password').send({ currentPassword: 'dave-password-1', newPassword: 'dave-password-2' });
    expect(changed.status).toBe(200);
    expect((await client.get('/profile')).body.mustChangePassword).toBe(false);
    expect((await client.get('/audit/data')).status).toBe(200);
    expect((await t.deps.db('users').where({ id }).first()).must_change_password).toBe(false);
  });
});

describe('API tokens', () => {
  let client: Awaited<ReturnType<TestApp['login']>>;
  beforeAll(async () => {
    await t.createUser('erin', { password: 'erin-password-1', permissions: ['AUDIT_LOG'] });
    client = await t.login('erin', 'erin-password-1');
  });

  test('when a token is created, used as Bearer, revoked, then it is refused', async () => {
    const created = await client.post('/profile/tokens').send({ name: 'nightly export', expiresInDays: 30 });
    expect(created.status).toBe(201);
    const token = created.body.token as string;
    expect(token).toMatch(/^gas_[A-Za-z0-9_-]{40,}$/);
    expect(created.body.prefix).toBe(token.slice(0, 8));
    expect(new Date(created.body.expiresAt).getTime()).toBeGreaterThan(Date.now() + 29 * 86_400_000);

    const stored = await t.deps.db('api_tokens').where({ id: created.body.id }).first();
    expect(stored.token_hash).toBe(sha256(token));
    expect(JSON.stringify(stored)).not.toContain(token);

    const used = await request(t.app).get('/profile').set('Authorization', `Bearer ${token}`);
    expect(used.status).toBe(200);
    expect(used.body.username).toBe('erin');
    expect((await request(t.app).get('/audit/data').set('Authorization', `Bearer ${token}`)).status).toBe(200);

    const listed = await client.get('/profile/tokens');
    expect(listed.body.map((x: { id: string }) => x.id)).toContain(created.body.id);
    expect(JSON.stringify(listed.body)).not.toContain(token);

    expect((await client.delete(`/profile/tokens/${created.body.id}`)).status).toBe(204);
    const refused = await request(t.app).get('/profile').set('Authorization', `Bearer ${token}`);
    expect(refused.status).toBe(401);
    expect(refused.body.code).toBe('INVALID_TOKEN');
    expect((await client.get('/profile/tokens')).body.map((x: { id: string }) => x.id)).not.toContain(created.body.id);
    expect((await client.delete(`/profile/tokens/${created.body.id}`)).status).toBe(404);
    const logged = await actions();
    expect(logged).toContain('token.create');
    expect(logged).toContain('token.revoke');
    const events = await t.deps.db('audit_events').whereIn('action', ['token.create', 'token.revoke']);
    expect(JSON.stringify(events)).not.toContain(token);
  });

  test('when a token has expired, then it is refused', async () => {
    const created = await client.post('/profile/tokens').send({ name: 'short-lived', expiresInDays: 1 });
    await t.deps
      .db('api_tokens')
      .where({ id: created.body.id })
      .update({ expires_at: new Date(Date.now() - 1000) });
    expect((await request(t.app).get('/profile').set('Authorization', `Bearer ${created.body.token}`)).status).toBe(401);
    expect((await client.get('/profile/tokens')).body.find((x: { id: string }) => x.id === created.body.id).expired).toBe(true);
  });

  test("when a user revokes another user's token, then 404 and the token keeps working", async () => {
    const created = await client.post('/profile/tokens').send({ name: 'mine' });
    expect(created.body.expiresAt).toBeNull();
    const response = await request(t.app)
      .delete(`/profile/tokens/${created.body.id}`)
      .set('Authorization', t.basic('admin', ADMIN_PASSWORD));
    expect(response.status).toBe(404);
    expect((await request(t.app).get('/profile').set('Authorization', `Bearer ${created.body.token}`)).status).toBe(200);
  });

  test.each([[{}], [{ name: '' }], [{ name: 'x', expiresInDays: 0 }], [{ name: 'x', expiresInDays: 'soon' }], [{ name: 'x'.repeat(101) }]])(
    'when the token request is %j, then 400',
    async (body) => {
      expect((await client.post('/profile/tokens').send(body)).status).toBe(400);
    },
  );

  test('when the token id is not a number, then 400', async () => {
    expect((await client.delete('/profile/tokens/abc')).status).toBe(400);
  });
});

describe('user settings', () => {
  test('when a setting is stored, then the same user reads it back and the change is audited without the value', async () => {
    const client = await t.login('alice', 'alice-password-1');
    const stored = await client
      .post('/userSettings')
      .send({ type: 'graphView', value: { layout: 'force', secretish: 'abc123', nested: { a: [1, 2] } } });
    expect(stored.status).toBe(200);
    const read = await client.get('/userSettings/graphView');
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ type: 'graphView', value: { layout: 'force', secretish: 'abc123', nested: { a: [1, 2] } } });
    const replaced = await client.post('/userSettings').send({ type: 'graphView', value: { layout: 'grid' } });
    expect(replaced.status).toBe(200);
    expect((await client.get('/userSettings/graphView')).body.value).toEqual({ layout: 'grid' });
    const event = await t.deps.db('audit_events').where({ action: 'userSettings.update' }).first();
    expect(event.target_id).toBe('graphView');
    expect(JSON.stringify(event.details)).not.toContain('abc123');
  });

  test('when another user or an unknown type is read, then 404 NOT_FOUND', async () => {
    const response = await request(t.app).get('/userSettings/graphView').set('Authorization', t.basic('admin', ADMIN_PASSWORD));
    expect(response.status).toBe(404);
    expect(response.body.code).toBe('NOT_FOUND');
    const alice = await t.login('alice', 'alice-password-1');
    expect((await alice.get('/userSettings/neverStored')).status).toBe(404);
  });

  test.each([
    ['a missing value', { type: 'graphView' }],
    ['an array value', { type: 'graphView', value: [1, 2] }],
    ['a string value', { type: 'graphView', value: 'x' }],
    ['a type with a slash', { type: 'a/b', value: {} }],
    ['a type longer than 64', { type: 'a'.repeat(65), value: {} }],
  ])('when the setting has %s, then 400', async (_label, body) => {
    const alice = await t.login('alice', 'alice-password-1');
    expect((await alice.post('/userSettings').send(body)).status).toBe(400);
  });

  test('when the setting body is larger than the body limit, then 413', async () => {
    const alice = await t.login('alice', 'alice-password-1');
    const response = await alice.post('/userSettings').send({ type: 'big', value: { blob: 'x'.repeat(70 * 1024) } });
    expect(response.status).toBe(413);
  });

  test('when the settings body is not JSON, then 415', async () => {
    const alice = await t.login('alice', 'alice-password-1');
    const response = await alice.post('/userSettings').set('Content-Type', 'text/plain').send('type=x');
    expect(response.status).toBe(415);
  });
});
