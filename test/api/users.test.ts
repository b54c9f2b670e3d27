import request from 'supertest';
import type { TestApp, SessionClient } from '../support/test-app';
import { createTestApp, ADMIN_PASSWORD } from '../support/test-app';

let t: TestApp;
let admin: SessionClient;
let adminId: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', ADMIN_PASSWORD);
  adminId = String((await t.deps.db('users').where({ username: 'admin' }).first('id')).id);
});
afterAll(async () => {
  await t.close();
});

const PASSWORD = 'a-long-enough-password';

async function auditEvents(
  action: string,
  targetId?: string,
): Promise<Array<{ action: string; target_id: string; user_id: string; details: Record<string, unknown> }>> {
  const query = t.deps.db('audit_events').where({ action }).orderBy('id');
  if (targetId) query.where('target_id', targetId);
  return query;
}

async function createGroup(name: string, permissions: string[] = []): Promise<string> {
  const response = await admin.post('/groups').send({ name, permissions });
  expect(response.status).toBe(201);
  return response.body.id as string;
}

describe('GET /users', () => {
  test('when the admin lists users, then each user has ids, flags, direct and effective permissions, groups and dates', async () => {
    const groupId = await createGroup('Listing group', ['EXPORT_DATA']);
    const id = await t.createUser('listed', { permissions: ['CYPHER_QUERIES'], groupIds: [groupId] });
    const response = await admin.get('/users');
    expect(response.status).toBe(200);
    const listed = response.body.find((u: { id: string }) => u.id === id);
    expect(listed).toMatchObject({
      username: 'listed',
      email: 'listed@example.test',
      locale: 'en',
      enabled: true,
      deleted: false,
      permissions: ['CYPHER_QUERIES'],
      effectivePermissions: ['CYPHER_QUERIES', 'EXPORT_DATA'],
      groups: [{ id: groupId, name: 'Listing group' }],
      lastLoginAt: null,
    });
    expect(new Date(listed.createdAt).toString()).not.toBe('Invalid Date');
    expect(listed).not.toHaveProperty('password_hash');
    expect(listed).not.toHaveProperty('passwordHash');
    const adminRow = response.body.find((u: { username: string }) => u.username === 'admin');
    expect(adminRow.permissions).toContain('GRANT_ALL_PERMISSIONS');
    expect(adminRow.lastLoginAt).toEqual(expect.any(String));
  });

  test('when a user is deleted, then GET /users leaves them out and GET /users/deleted lists them', async () => {
    const id = await t.createUser('gone-soon');
    expect((await admin.delete(`/users/${id}`)).status).toBe(200);
    const users = await admin.get('/users');
    expect(users.body.map((u: { id: string }) => u.id)).not.toContain(id);
    const deleted = await admin.get('/users/deleted');
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual([expect.objectContaining({ id, username: 'gone-soon', deleted: true })]);
  });
});

describe('POST /users', () => {
  test('when the admin creates a user with permissions and groups, then 201 with the user, who can sign in, and a user.create audit event without the password', async () => {
    const groupId = await createGroup('Creators', ['EXPORT_DATA']);
    const response = await admin.post('/users').send({
      username: 'jnovak',
      name: 'Jana Nováková',
      email: 'jana@example.com',
      locale: 'cs',
      password: PASSWORD,
      permissions: ['CYPHER_QUERIES'],
      groupIds: [groupId],
    });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      id: expect.stringMatching(/^\d+$/),
      username: 'jnovak',
      name: 'Jana Nováková',
      email: 'jana@example.com',
      locale: 'cs',
      enabled: true,
      deleted: false,
      permissions: ['CYPHER_QUERIES'],
      effectivePermissions: ['CYPHER_QUERIES', 'EXPORT_DATA'],
      groups: [{ id: groupId, name: 'Creators' }],
    });
    const row = await t.deps.db('users').where({ id: response.body.id }).first();
    expect(row.password_hash).toMatch(/^scrypt\$/);
    expect(row.password_hash).not.toContain(PASSWORD);
    const login = await request(t.app).get('/users/info').set('Authorization', t.basic('jnovak', PASSWORD));
    expect(login.status).toBe(200);
    const [event] = await auditEvents('user.create', response.body.id);
    expect(event.user_id).toBe(adminId);
    expect(event.details).toMatchObject({ username: 'jnovak', permissions: ['CYPHER_QUERIES'], groupIds: [groupId] });
    expect(JSON.stringify(event.details)).not.toContain(PASSWORD);
  });

  test('when only username and password are sent, then the user gets defaults and no permissions', async () => {
    const response = await admin.post('/users').send({ username: 'minimal', password: PASSWORD });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ name: '', email: '', locale: 'en', permissions: [], effectivePermissions: [], groups: [] });
  });

  test('when the username differs from an existing one only in case, then 409 USERNAME_TAKEN', async () => {
    await t.createUser('CaseUser');
    const response = await admin.post('/users').send({ username: 'caseuser', password: PASSWORD });
    expect(response.status).toBe(409);
    expect(response.body.code).toBe('USERNAME_TAKEN');
    expect(await t.deps.db('users').whereRaw('lower(username) = ?', ['caseuser']).count('* as n').first()).toEqual({ n: '1' });
  });

  test('when the password is shorter than the policy minimum, then 422 PASSWORD_POLICY and no user', async () => {
    const response = await admin.post('/users').send({ username: 'weakling', password: 'short' });
    expect(response.status).toBe(422);
    expect(response.body).toMatchObject({ code: 'PASSWORD_POLICY', minLength: t.config.auth.passwordMinLength });
    expect(await t.deps.db('users').where({ username: 'weakling' }).first()).toBeUndefined();
  });

  test('when the password equals the username, then 422 PASSWORD_POLICY', async () => {
    const response = await admin.post('/users').send({ username: 'samesame-long', password: 'SameSame-Long' });
    expect(response.status).toBe(422);
    expect(response.body.code).toBe('PASSWORD_POLICY');
  });

  test.each([
    ['the username is missing', { password: PASSWORD }, 'body.username'],
    ['the password is missing', { username: 'nopass' }, 'body.password'],
    ['permissions is not an array', { username: 'badperm', password: PASSWORD, permissions: 'EXPORT_DATA' }, 'body.permissions'],
    ['a permission code is unknown', { username: 'badperm2', password: PASSWORD, permissions: ['FLY_TO_THE_MOON'] }, 'body.permissions.0'],
    ['a group id is not numeric', { username: 'badgroup', password: PASSWORD, groupIds: ['abc'] }, 'body.groupIds.0'],
    ['the username is a number', { username: 12, password: PASSWORD }, 'body.username'],
    ['the username contains a colon', { username: 'a:b', password: PASSWORD }, 'body.username'],
    ['the email is malformed', { username: 'bademail', password: PASSWORD, email: 'not-an-email' }, 'body.email'],
    ['an unknown field is sent', { username: 'extra', password: PASSWORD, isAdmin: true }, 'body'],
  ])('when %s, then 400 VALIDATION_FAILED naming the field', async (_case, body, path) => {
    const response = await admin.post('/users').send(body);
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('VALIDATION_FAILED');
    expect(response.body.issues.map((i: { path: string }) => i.path)).toContain(path);
  });

  test('when a group id does not exist, then 422 UNKNOWN_GROUP and no user', async () => {
    const response = await admin.post('/users').send({ username: 'orphan', password: PASSWORD, groupIds: ['999999'] });
    expect(response.status).toBe(422);
    expect(response.body).toMatchObject({ code: 'UNKNOWN_GROUP', ids: ['999999'] });
    expect(await t.deps.db('users').where({ username: 'orphan' }).first()).toBeUndefined();
  });
});

describe('PUT /users/{id}', () => {
  test("when the admin replaces a user's permissions and groups, then they change, the session of the user sees them, and user.update records the changes", async () => {
    const oldGroup = await createGroup('Old team', ['EXPORT_DATA']);
    const newGroup = await createGroup('New team', ['JOBS_MANAGEMENT']);
    const id = await t.createUser('mover', { permissions: ['CYPHER_QUERIES'], groupIds: [oldGroup] });
    const response = await admin
      .put(`/users/${id}`)
      .send({ permissions: ['AUDIT_LOG'], groupIds: [newGroup], email: 'mover@example.org', name: 'Mover' });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      permissions: ['AUDIT_LOG'],
      effectivePermissions: ['AUDIT_LOG', 'JOBS_MANAGEMENT'],
      groups: [{ id: newGroup, name: 'New team' }],
      email: 'mover@example.org',
      name: 'Mover',
    });
    const session = await request(t.app).get('/session').set('Authorization', t.basic('mover', 'mover-password-1'));
    expect(session.body.user.permissions).toEqual(['AUDIT_LOG', 'JOBS_MANAGEMENT']);
    const [event] = await auditEvents('user.update', id);
    expect(event.details).toMatchObject({
      username: 'mover',
      changes: {
        permissions: { added: ['AUDIT_LOG'], removed: ['CYPHER_QUERIES'] },
        groups: { added: [newGroup], removed: [oldGroup] },
        email: { from: 'mover@example.test', to: 'mover@example.org' },
      },
    });
  });

  test('when a script changes permissions after using its Basic credentials, then the next call sees the new permissions (cached credentials dropped)', async () => {
    const id = await t.createUser('scripted', { permissions: ['USER_MANAGEMENT'] });
    const before = await request(t.app).get('/users').set('Authorization', t.basic('scripted', 'scripted-password-1'));
    expect(before.status).toBe(200);
    expect((await admin.put(`/users/${id}`).send({ permissions: [], groupIds: [] })).status).toBe(200);
    const after = await request(t.app).get('/users').set('Authorization', t.basic('scripted', 'scripted-password-1'));
    expect(after.status).toBe(403);
    expect(after.body.code).toBe('PERMISSION_DENIED');
  });

  test.each([
    ['the id is not numeric', 400, 'VALIDATION_FAILED', '/users/abc', { permissions: [], groupIds: [] }],
    ['the id does not exist', 404, 'NOT_FOUND', '/users/987654', { permissions: [], groupIds: [] }],
    ['permissions are missing', 400, 'VALIDATION_FAILED', '/users/ADMIN', { groupIds: [] }],
    ['groupIds has a wrong type', 400, 'VALIDATION_FAILED', '/users/ADMIN', { permissions: [], groupIds: [3] }],
    ['a group does not exist', 422, 'UNKNOWN_GROUP', '/users/TARGET', { permissions: [], groupIds: ['888888'] }],
  ])('when %s, then %s %s', async (_case, status, code, path, body) => {
    const target = await t.createUser(`put-target-${Math.random().toString(36).slice(2, 8)}`);
    const response = await admin.put(path.replace('ADMIN', adminId).replace('TARGET', target)).send(body);
    expect(response.status).toBe(status);
    expect(response.body.code).toBe(code);
  });
});

describe('deleting, undeleting, enabling and disabling', () => {
  test.each([
    ['DELETE /users/{id}', 'delete', '', 'user.delete', { deleted: true }],
    ['PUT /users/{id}/deleted', 'put', '/deleted', 'user.delete', { deleted: true }],
    ['DELETE /users/{id}/enabled', 'delete', '/enabled', 'user.disable', { enabled: false }],
  ] as const)(
    'when the admin calls %s, then the flag flips, the user is audited and their sessions end',
    async (_name, method, suffix, action, expected) => {
      const username = `flip-${action.replace('.', '-')}-${suffix.replace('/', '') || 'root'}`;
      const id = await t.createUser(username);
      const client = await t.login(username, `${username}-password-1`);
      expect((await client.get('/users/info')).status).toBe(200);
      const response = await admin[method](`/users/${id}${suffix}`);
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ id, ...expected });
      expect(await auditEvents(action, id)).toHaveLength(1);
      expect(await t.deps.db('sessions').where({ user_id: id }).count('* as n').first()).toEqual({ n: '0' });
      expect((await client.get('/users/info')).status).toBe(401);
    },
  );

  test('when a deleted user is undeleted and a disabled user enabled, then the flags are back and user.undelete / user.enable are audited', async () => {
    const id = await t.createUser('comeback');
    await admin.delete(`/users/${id}`);
    await admin.delete(`/users/${id}/enabled`);
    const undeleted = await admin.delete(`/users/${id}/deleted`);
    expect(undeleted.status).toBe(200);
    expect(undeleted.body).toMatchObject({ deleted: false, enabled: false });
    const enabled = await admin.put(`/users/${id}/enabled`);
    expect(enabled.status).toBe(200);
    expect(enabled.body).toMatchObject({ deleted: false, enabled: true });
    expect(await auditEvents('user.undelete', id)).toHaveLength(1);
    expect(await auditEvents('user.enable', id)).toHaveLength(1);
    expect((await admin.get('/users')).body.map((u: { id: string }) => u.id)).toContain(id);
  });

  test.each([
    ['delete', '/users/{id}'],
    ['put', '/users/{id}/deleted'],
    ['delete', '/users/{id}/deleted'],
    ['put', '/users/{id}/enabled'],
    ['delete', '/users/{id}/enabled'],
  ] as const)('when %s %s addresses an unknown id, then 404 NOT_FOUND, and a non-numeric one 400', async (method, path) => {
    const unknown = await admin[method](path.replace('{id}', '424242'));
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('NOT_FOUND');
    const malformed = await admin[method](path.replace('{id}', '12x'));
    expect(malformed.status).toBe(400);
    expect(malformed.body.code).toBe('VALIDATION_FAILED');
  });
});

describe('PUT /users/{id}/groups', () => {
  test('when the admin assigns groups, then the user is in exactly those groups and user.groups.set is audited', async () => {
    const a = await createGroup('Assign A', ['EXPORT_DATA']);
    const b = await createGroup('Assign B');
    const c = await createGroup('Assign C');
    const id = await t.createUser('assignee', { groupIds: [c] });
    const response = await admin.put(`/users/${id}/groups`).send({ groupIds: [a, b] });
    expect(response.status).toBe(200);
    expect(response.body.groups.map((g: { id: string }) => g.id).sort()).toEqual([a, b].sort());
    expect(response.body.effectivePermissions).toEqual(['EXPORT_DATA']);
    const [event] = await auditEvents('user.groups.set', id);
    expect(event.details).toMatchObject({ added: [a, b].sort(), removed: [c] });
  });

  test.each([
    ['groupIds is missing', 400, 'VALIDATION_FAILED', {}],
    ['groupIds is a string', 400, 'VALIDATION_FAILED', { groupIds: '1' }],
    ['a group does not exist', 422, 'UNKNOWN_GROUP', { groupIds: ['777777'] }],
  ])('when %s, then %s %s', async (_case, status, code, body) => {
    const id = await t.createUser(`groups-bad-${status}-${code}-${Object.keys(body).length}-${Math.random().toString(36).slice(2, 6)}`);
    const response = await admin.put(`/users/${id}/groups`).send(body);
    expect(response.status).toBe(status);
    expect(response.body.code).toBe(code);
  });

  test('when the user id does not exist, then 404', async () => {
    const response = await admin.put('/users/565656/groups').send({ groupIds: [] });
    expect(response.status).toBe(404);
  });
});

describe('PUT /users/{id}/password', () => {
  test("when the admin sets a password, then the old one is refused, the new one works, the user's sessions end and user.password.set is audited without the password", async () => {
    const id = await t.createUser('forgetful', { password: 'the-old-password' });
    const client = await t.login('forgetful', 'the-old-password');
    const viaBasic = await request(t.app).get('/users/info').set('Authorization', t.basic('forgetful', 'the-old-password'));
    expect(viaBasic.status).toBe(200);
    const response = await admin.put(`/users/${id}/password`).send({ password: 'the-brand-new-password' });
    expect(response.status).toBe(204);
    expect((await client.get('/users/info')).status).toBe(401);
    expect((await request(t.app).get('/users/info').set('Authorization', t.basic('forgetful', 'the-old-password'))).status).toBe(401);
    expect((await request(t.app).get('/users/info').set('Authorization', t.basic('forgetful', 'the-brand-new-password'))).status).toBe(200);
    const [event] = await auditEvents('user.password.set', id);
    expect(event).toBeDefined();
    expect(JSON.stringify(event.details)).not.toContain('the-brand-new-password');
  });

  test('when mustChangePassword is set, then the user must change it before using managed endpoints', async () => {
    const id = await t.createUser('must-change', { permissions: ['USER_MANAGEMENT'] });
    expect((await admin.put(`/users/${id}/password`).send({ password: 'temporary-password', mustChangePassword: true })).status).toBe(204);
    const response = await request(t.app).get('/users').set('Authorization', t.basic('must-change', 'temporary-password'));
    expect(response.status).toBe(403);
    expect(response.body.code).toBe('PASSWORD_CHANGE_REQUIRED');
  });

  test('when an administrator sets their own password, then their current session stays', async () => {
    const id = await t.createUser('self-setter', { permissions: ['USER_MANAGEMENT'], password: 'self-setter-password' });
    const client = await t.login('self-setter', 'self-setter-password');
    const other = await t.login('self-setter', 'self-setter-password');
    expect((await client.put(`/users/${id}/password`).send({ password: 'self-setter-password-2' })).status).toBe(204);
    expect((await client.get('/users/info')).status).toBe(200);
    expect((await other.get('/users/info')).status).toBe(401);
  });

  test.each([
    ['the password is too short', 422, 'PASSWORD_POLICY', '/users/TARGET/password', { password: 'tiny' }],
    ['the password is missing', 400, 'VALIDATION_FAILED', '/users/TARGET/password', {}],
    ['the password is a number', 400, 'VALIDATION_FAILED', '/users/TARGET/password', { password: 12345678901234 }],
    ['the id is unknown', 404, 'NOT_FOUND', '/users/343434/password', { password: 'a-good-long-password' }],
    ['the id is not numeric', 400, 'VALIDATION_FAILED', '/users/me/password', { password: 'a-good-long-password' }],
  ])('when %s, then %s %s', async (_case, status, code, path, body) => {
    const target = await t.createUser(`pw-${status}-${Math.random().toString(36).slice(2, 8)}`);
    const response = await admin.put(path.replace('TARGET', target)).send(body);
    expect(response.status).toBe(status);
    expect(response.body.code).toBe(code);
  });
});

describe('endpoints for any signed-in user', () => {
  test('when a user without permissions asks GET /users/info, then they get id and username of every non-deleted user', async () => {
    await t.createUser('plain-info', { password: 'plain-info-password' });
    const deletedId = await t.createUser('deleted-info');
    await admin.delete(`/users/${deletedId}`);
    const response = await request(t.app).get('/users/info').set('Authorization', t.basic('plain-info', 'plain-info-password'));
    expect(response.status).toBe(200);
    expect(response.body).toEqual(expect.arrayContaining([{ id: adminId, username: 'admin' }]));
    expect(Object.keys(response.body[0]).sort()).toEqual(['id', 'username']);
    expect(response.body.map((u: { id: string }) => u.id)).not.toContain(deletedId);
  });

  test('when a user asks GET /users/user/related, then they get users sharing a group, without themselves, deleted users or strangers', async () => {
    const team = await createGroup('Related team');
    const other = await createGroup('Related other');
    const me = await t.createUser('rel-me', { groupIds: [team, other], password: 'rel-me-password' });
    const mate = await t.createUser('rel-mate', { groupIds: [team] });
    const mate2 = await t.createUser('rel-mate2', { groupIds: [other, team] });
    const gone = await t.createUser('rel-gone', { groupIds: [team] });
    const stranger = await t.createUser('rel-stranger');
    await admin.delete(`/users/${gone}`);
    const response = await request(t.app).get('/users/user/related').set('Authorization', t.basic('rel-me', 'rel-me-password'));
    expect(response.status).toBe(200);
    const ids = response.body.map((u: { id: string }) => u.id);
    expect(ids.sort()).toEqual([mate, mate2].sort());
    expect(ids).not.toContain(me);
    expect(ids).not.toContain(stranger);
    expect(response.body[0]).toEqual({ id: expect.any(String), username: expect.stringMatching(/^rel-mate/), name: expect.any(String) });
  });

  test('when a user asks GET /users/user/groups, then they get their own groups with id and name', async () => {
    const g1 = await createGroup('Mine one');
    const g2 = await createGroup('Mine two');
    await createGroup('Not mine');
    await t.createUser('group-asker', { groupIds: [g1, g2], password: 'group-asker-password' });
    const response = await request(t.app).get('/users/user/groups').set('Authorization', t.basic('group-asker', 'group-asker-password'));
    expect(response.status).toBe(200);
    expect(response.body).toEqual([
      { id: g1, name: 'Mine one' },
      { id: g2, name: 'Mine two' },
    ]);
  });

  test.each(['/users/info', '/users/user/related', '/users/user/groups'])('when %s is called anonymously, then 401', async (path) => {
    const response = await request(t.app).get(path);
    expect(response.status).toBe(401);
  });
});

describe('effective security of users', () => {
  test("when a user is in two groups with node filters, then GET /users/{id}/entitySecurity is the OR of the groups' filters", async () => {
    const people = await createGroup('Sec people');
    const firms = await createGroup('Sec firms');
    expect(
      (
        await admin
          .post(`/groups/${people}/entitySecurity`)
          .send({ nodeFilter: { label: 'Person' }, relationshipFilter: { type: 'KNOWS' } })
      ).status,
    ).toBe(200);
    expect((await admin.post(`/groups/${firms}/entitySecurity`).send({ nodeFilter: { label: 'Company' } })).status).toBe(200);
    const id = await t.createUser('sec-both', { groupIds: [people, firms] });
    const response = await admin.get(`/users/${id}/entitySecurity`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ nodeFilter: { or: [{ label: 'Person' }, { label: 'Company' }] }, relationshipFilter: null });
    const single = await t.createUser('sec-one', { groupIds: [people] });
    expect((await admin.get(`/users/${single}/entitySecurity`)).body).toEqual({
      nodeFilter: { label: 'Person' },
      relationshipFilter: { type: 'KNOWS' },
    });
    const none = await t.createUser('sec-none');
    expect((await admin.get(`/users/${none}/entitySecurity`)).body).toEqual({ nodeFilter: null, relationshipFilter: null });
  });

  test('when groups restrict properties differently, then GET /users/{id}/propertySecurity shows a property when any group shows it', async () => {
    const a = await createGroup('Prop A');
    const b = await createGroup('Prop B');
    await admin
      .post(`/groups/${a}/propertySecurity`)
      .send({ nodes: { Person: { enabled: ['name', 'city'] }, '*': { disabled: ['ssn', 'salary'] } } });
    await admin.post(`/groups/${b}/propertySecurity`).send({
      nodes: { Person: { enabled: ['name', 'email'] }, '*': { disabled: ['ssn'] } },
      relationships: { KNOWS: { disabled: ['note'] } },
    });
    const id = await t.createUser('prop-user', { groupIds: [a, b] });
    const response = await admin.get(`/users/${id}/propertySecurity`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      nodes: { '*': { disabled: ['ssn'] }, Person: { enabled: ['city', 'email', 'name'] } },
      relationships: {},
    });
  });

  test('when GET /users/dataSecurity is called, then each user has the merged rules of their groups', async () => {
    const cz = await createGroup('Data CZ');
    const sk = await createGroup('Data SK');
    const czRule = { label: 'Person', filter: { property: 'country', operator: '=', value: 'CZ' } };
    const skRule = { label: 'Person', filter: { property: 'country', operator: '=', value: 'SK' } };
    expect((await admin.put(`/groups/${cz}/dataSecurity`).send({ rules: [czRule] })).status).toBe(200);
    expect((await admin.put(`/groups/${sk}/dataSecurity`).send({ rules: [skRule] })).status).toBe(200);
    const both = await t.createUser('data-both', { groupIds: [cz, sk] });
    const czOnly = await t.createUser('data-cz', { groupIds: [cz] });
    const response = await admin.get('/users/dataSecurity');
    expect(response.status).toBe(200);
    const of = (id: string) => response.body.find((u: { userId: string }) => u.userId === id);
    expect(of(both)).toEqual({
      userId: both,
      username: 'data-both',
      dataSecurity: { rules: [{ label: 'Person', filter: { or: [czRule.filter, skRule.filter] } }] },
    });
    expect(of(czOnly).dataSecurity).toEqual({ rules: [czRule] });
    expect(of(adminId).dataSecurity).toEqual({ rules: [] });
  });

  test.each(['entitySecurity', 'propertySecurity'])(
    'when GET /users/{id}/%s addresses an unknown or malformed id, then 404 or 400',
    async (kind) => {
      expect((await admin.get(`/users/919191/${kind}`)).status).toBe(404);
      expect((await admin.get(`/users/x1/${kind}`)).status).toBe(400);
    },
  );
});
