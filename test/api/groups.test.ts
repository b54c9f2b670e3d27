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

async function auditEvents(
  action: string,
  targetId?: string,
): Promise<Array<{ user_id: string; target_type: string; details: Record<string, unknown> }>> {
  const query = t.deps.db('audit_events').where({ action }).orderBy('id');
  if (targetId) query.where('target_id', targetId);
  return query;
}

async function createGroup(name: string, body: Record<string, unknown> = {}): Promise<string> {
  const response = await admin.post('/groups').send({ name, ...body });
  expect(response.status).toBe(201);
  return response.body.id as string;
}

async function effectivePermissionsOf(username: string, password: string): Promise<string[]> {
  const response = await request(t.app).get('/session').set('Authorization', t.basic(username, password));
  expect(response.status).toBe(200);
  return response.body.user.permissions;
}

describe('POST /groups', () => {
  test('when the admin creates a group with permissions and users, then 201 with its name and id, the members get the permissions, and group.create is audited', async () => {
    const member = await t.createUser('analyst-1');
    const response = await admin
      .post('/groups')
      .send({ name: 'Analysts', description: 'Read and export', permissions: ['EXPORT_DATA', 'CYPHER_QUERIES'], userIds: [member] });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({ name: 'Analysts', id: expect.stringMatching(/^\d+$/) });
    const id = response.body.id;
    expect(await effectivePermissionsOf('analyst-1', 'analyst-1-password-1')).toEqual(['CYPHER_QUERIES', 'EXPORT_DATA']);
    const [event] = await auditEvents('group.create', id);
    expect(event).toMatchObject({
      user_id: adminId,
      target_type: 'group',
      details: { name: 'Analysts', permissions: ['CYPHER_QUERIES', 'EXPORT_DATA'], userIds: [member] },
    });
  });

  test('when the name differs from an existing group only in case, then 409 GROUP_NAME_TAKEN', async () => {
    await createGroup('Auditors');
    const response = await admin.post('/groups').send({ name: 'AUDITORS' });
    expect(response.status).toBe(409);
    expect(response.body.code).toBe('GROUP_NAME_TAKEN');
    expect((await t.deps.db('groups').whereRaw('lower(name) = ?', ['auditors'])).length).toBe(1);
  });

  test.each([
    ['the name is missing', { description: 'x' }, 'body.name'],
    ['the name is empty', { name: '   ' }, 'body.name'],
    ['the name is a number', { name: 7 }, 'body.name'],
    ['a permission is unknown', { name: 'Bad perms', permissions: ['DO_ANYTHING'] }, 'body.permissions.0'],
    ['permissions is an object', { name: 'Bad perms 2', permissions: { EXPORT_DATA: true } }, 'body.permissions'],
    ['a user id is not numeric', { name: 'Bad users', userIds: ['bob'] }, 'body.userIds.0'],
    ['an unknown field is sent', { name: 'Extra', dataSecurity: {} }, 'body'],
  ])('when %s, then 400 VALIDATION_FAILED naming the field', async (_case, body, path) => {
    const response = await admin.post('/groups').send(body);
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('VALIDATION_FAILED');
    expect(response.body.issues.map((i: { path: string }) => i.path)).toContain(path);
  });

  test('when a user id does not exist, then 422 UNKNOWN_USER and no group', async () => {
    const response = await admin.post('/groups').send({ name: 'Ghost members', userIds: ['909090'] });
    expect(response.status).toBe(422);
    expect(response.body).toMatchObject({ code: 'UNKNOWN_USER', ids: ['909090'] });
    expect(await t.deps.db('groups').where({ name: 'Ghost members' }).first()).toBeUndefined();
  });
});

describe('GET /groups and GET /groups/info', () => {
  test('when the admin lists groups, then each has description, permissions, members and createdAt', async () => {
    const user = await t.createUser('listed-member');
    const id = await createGroup('Listed group', { description: 'For listing', permissions: ['AUDIT_LOG'], userIds: [user] });
    const response = await admin.get('/groups');
    expect(response.status).toBe(200);
    expect(response.body.find((g: { id: string }) => g.id === id)).toEqual({
      id,
      name: 'Listed group',
      description: 'For listing',
      permissions: ['AUDIT_LOG'],
      userIds: [user],
      users: [{ id: user, username: 'listed-member' }],
      createdAt: expect.any(String),
    });
  });

  test('when a user without permissions asks GET /groups/info, then they get id and name of every group', async () => {
    const id = await createGroup('Info group', { permissions: ['EXPORT_DATA'] });
    await t.createUser('info-reader', { password: 'info-reader-password' });
    const response = await request(t.app).get('/groups/info').set('Authorization', t.basic('info-reader', 'info-reader-password'));
    expect(response.status).toBe(200);
    expect(response.body).toContainEqual({ id, name: 'Info group' });
    expect(Object.keys(response.body[0]).sort()).toEqual(['id', 'name']);
  });

  test('when GET /groups/info is called anonymously, then 401', async () => {
    expect((await request(t.app).get('/groups/info')).status).toBe(401);
  });
});

describe('PUT /groups/{id}', () => {
  test('when the admin renames a group and replaces permissions and users, then all change, members see it, and group.update lists the changes', async () => {
    const stays = await t.createUser('upd-stays');
    const leaves = await t.createUser('upd-leaves');
    const joins = await t.createUser('upd-joins');
    const id = await createGroup('Before', { permissions: ['EXPORT_DATA'], userIds: [stays, leaves] });
    expect(await effectivePermissionsOf('upd-stays', 'upd-stays-password-1')).toEqual(['EXPORT_DATA']);
    const response = await admin
      .put(`/groups/${id}`)
      .send({ name: 'After', description: 'renamed', permissions: ['JOBS_MANAGEMENT'], userIds: [stays, joins] });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ id, name: 'After', description: 'renamed', permissions: ['JOBS_MANAGEMENT'] });
    expect(response.body.userIds.sort()).toEqual([stays, joins].sort());
    expect(await effectivePermissionsOf('upd-stays', 'upd-stays-password-1')).toEqual(['JOBS_MANAGEMENT']);
    expect(await effectivePermissionsOf('upd-leaves', 'upd-leaves-password-1')).toEqual([]);
    const [event] = await auditEvents('group.update', id);
    expect(event.details).toMatchObject({
      name: 'After',
      changes: {
        name: { from: 'Before', to: 'After' },
        permissions: { added: ['JOBS_MANAGEMENT'], removed: ['EXPORT_DATA'] },
        users: { added: [joins], removed: [leaves] },
      },
    });
  });

  test('when only the name is sent, then permissions and members stay', async () => {
    const user = await t.createUser('keep-member');
    const id = await createGroup('Keep me', { permissions: ['AUDIT_LOG'], userIds: [user] });
    const response = await admin.put(`/groups/${id}`).send({ name: 'Kept' });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ name: 'Kept', permissions: ['AUDIT_LOG'], userIds: [user] });
  });

  test("when the new name is another group's in another case, then 409 GROUP_NAME_TAKEN; its own name in another case is fine", async () => {
    await createGroup('Taken name');
    const id = await createGroup('Free name');
    const taken = await admin.put(`/groups/${id}`).send({ name: 'TAKEN NAME' });
    expect(taken.status).toBe(409);
    expect(taken.body.code).toBe('GROUP_NAME_TAKEN');
    const recased = await admin.put(`/groups/${id}`).send({ name: 'FREE NAME' });
    expect(recased.status).toBe(200);
    expect(recased.body.name).toBe('FREE NAME');
  });

  test.each([
    ['the id is unknown', '/groups/747474', { name: 'x' }, 404],
    ['the id is not numeric', '/groups/abc', { name: 'x' }, 400],
    ['the name is missing', '/groups/EXISTING', { description: 'no name' }, 400],
    ['userIds holds an unknown user', '/groups/EXISTING', { name: 'Existing', userIds: ['989898'] }, 422],
    ['permissions has a wrong type', '/groups/EXISTING', { name: 'Existing', permissions: 'AUDIT_LOG' }, 400],
  ])('when %s, then the status is the documented error', async (_case, path, body, status) => {
    const existing = await createGroup(`Existing ${Math.random().toString(36).slice(2, 8)}`);
    const response = await admin.put(path.replace('EXISTING', existing)).send(body);
    expect(response.status).toBe(status);
    expect(response.body.status).toBe(status);
  });
});

describe('DELETE /groups/{id}', () => {
  test('when the admin deletes a group, then it and its assignments are gone, members lose its permissions, and group.delete is audited', async () => {
    const member = await t.createUser('del-member');
    const id = await createGroup('Doomed', { permissions: ['EXPORT_DATA'], userIds: [member] });
    expect(await effectivePermissionsOf('del-member', 'del-member-password-1')).toEqual(['EXPORT_DATA']);
    const response = await admin.delete(`/groups/${id}`);
    expect(response.status).toBe(204);
    expect(await t.deps.db('groups').where({ id }).first()).toBeUndefined();
    expect(await t.deps.db('user_groups').where({ group_id: id })).toEqual([]);
    expect(await t.deps.db('group_permissions').where({ group_id: id })).toEqual([]);
    expect(await t.deps.db('users').where({ id: member }).first()).toBeDefined();
    expect(await effectivePermissionsOf('del-member', 'del-member-password-1')).toEqual([]);
    const [event] = await auditEvents('group.delete', id);
    expect(event.details).toMatchObject({ name: 'Doomed', permissions: ['EXPORT_DATA'], userIds: [member] });
  });

  test('when the id is unknown or malformed, then 404 or 400', async () => {
    expect((await admin.delete('/groups/626262')).status).toBe(404);
    expect((await admin.delete('/groups/-1')).status).toBe(400);
  });
});

describe('POST /groups/permissions', () => {
  test("when the admin replaces a group's permissions, then members have exactly the new ones and group.permissions.set is audited", async () => {
    const member = await t.createUser('perm-member', { password: 'perm-member-password' });
    const id = await createGroup('Permission target', { permissions: ['EXPORT_DATA', 'AUDIT_LOG'], userIds: [member] });
    expect(await effectivePermissionsOf('perm-member', 'perm-member-password')).toEqual(['AUDIT_LOG', 'EXPORT_DATA']);
    const response = await admin.post('/groups/permissions').send({ groupId: id, permissions: ['AUDIT_LOG', 'CYPHER_QUERIES'] });
    expect(response.status).toBe(200);
    expect(response.body.permissions).toEqual(['AUDIT_LOG', 'CYPHER_QUERIES']);
    expect(await effectivePermissionsOf('perm-member', 'perm-member-password')).toEqual(['AUDIT_LOG', 'CYPHER_QUERIES']);
    const [event] = await auditEvents('group.permissions.set', id);
    expect(event.details).toMatchObject({
      permissions: ['AUDIT_LOG', 'CYPHER_QUERIES'],
      added: ['CYPHER_QUERIES'],
      removed: ['EXPORT_DATA'],
    });
  });

  test.each([
    ['the group does not exist', { groupId: '515151', permissions: [] }, 404, 'NOT_FOUND'],
    ['groupId is missing', { permissions: [] }, 400, 'VALIDATION_FAILED'],
    ['groupId is not numeric', { groupId: 'one', permissions: [] }, 400, 'VALIDATION_FAILED'],
    ['a permission is unknown', { groupId: '1', permissions: ['NOPE'] }, 400, 'VALIDATION_FAILED'],
    ['permissions is missing', { groupId: '1' }, 400, 'VALIDATION_FAILED'],
  ])('when %s, then the documented error', async (_case, body, status, code) => {
    const response = await admin.post('/groups/permissions').send(body);
    expect(response.status).toBe(status);
    expect(response.body.code).toBe(code);
  });
});

describe('PUT /groups/{id}/users', () => {
  test('when the admin replaces the members, then exactly those users are members and group.users.set is audited', async () => {
    const a = await t.createUser('mem-a');
    const b = await t.createUser('mem-b');
    const c = await t.createUser('mem-c');
    const id = await createGroup('Members', { userIds: [a, b] });
    const response = await admin.put(`/groups/${id}/users`).send({ userIds: [b, c] });
    expect(response.status).toBe(200);
    expect(response.body.userIds.sort()).toEqual([b, c].sort());
    expect(((await t.deps.db('user_groups').where({ group_id: id }).pluck('user_id')) as string[]).map(String).sort()).toEqual(
      [b, c].sort(),
    );
    const [event] = await auditEvents('group.users.set', id);
    expect(event.details).toMatchObject({ added: [c], removed: [a] });
  });

  test.each([
    ['the group is unknown', '/groups/434343/users', { userIds: [] }, 404],
    ['the id is not numeric', '/groups/x/users', { userIds: [] }, 400],
    ['userIds is missing', '/groups/EXISTING/users', {}, 400],
    ['a user is unknown', '/groups/EXISTING/users', { userIds: ['929292'] }, 422],
  ])('when %s, then the documented error', async (_case, path, body, status) => {
    const existing = await createGroup(`Users target ${Math.random().toString(36).slice(2, 8)}`);
    const response = await admin.put(path.replace('EXISTING', existing)).send(body);
    expect(response.status).toBe(status);
  });
});

describe('group security configuration', () => {
  test('when the admin posts an entitySecurity, then GET returns it and group.entitySecurity.set is audited', async () => {
    const id = await createGroup('Entity group');
    expect((await admin.get(`/groups/${id}/entitySecurity`)).body).toEqual({ nodeFilter: null, relationshipFilter: null });
    const config = { nodeFilter: { or: [{ label: 'Person' }, { label: 'Company' }] }, relationshipFilter: { not: { type: 'OWNS' } } };
    const saved = await admin.post(`/groups/${id}/entitySecurity`).send(config);
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual(config);
    expect((await admin.get(`/groups/${id}/entitySecurity`)).body).toEqual(config);
    const [event] = await auditEvents('group.entitySecurity.set', id);
    expect(event.details).toMatchObject({ entitySecurity: config });
  });

  test('when the admin posts a propertySecurity, then GET returns it and group.propertySecurity.set is audited', async () => {
    const id = await createGroup('Property group');
    expect((await admin.get(`/groups/${id}/propertySecurity`)).body).toEqual({ nodes: {}, relationships: {} });
    const config = {
      nodes: { '*': { disabled: ['ssn'] }, Person: { enabled: ['name', 'city'] } },
      relationships: { KNOWS: { disabled: ['note'] } },
    };
    const saved = await admin.post(`/groups/${id}/propertySecurity`).send(config);
    expect(saved.status).toBe(200);
    expect((await admin.get(`/groups/${id}/propertySecurity`)).body).toEqual(config);
    expect(await auditEvents('group.propertySecurity.set', id)).toHaveLength(1);
  });

  test('when the admin puts a dataSecurity, then GET /groups/dataSecurity lists it and group.dataSecurity.set is audited', async () => {
    const id = await createGroup('Data group');
    const config = {
      rules: [{ label: 'Person', filter: { property: 'country', operator: '=', value: 'CZ' }, description: 'Czech people only' }],
    };
    const saved = await admin.put(`/groups/${id}/dataSecurity`).send(config);
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual(config);
    expect((await admin.get(`/groups/${id}/dataSecurity`)).body).toEqual(config);
    const list = await admin.get('/groups/dataSecurity');
    expect(list.status).toBe(200);
    expect(list.body).toContainEqual({ id, name: 'Data group', dataSecurity: config });
    expect(await auditEvents('group.dataSecurity.set', id)).toHaveLength(1);
  });

  test.each([
    ['entitySecurity', 'post', { nodeFilter: { label: 'Bad Label!' } }],
    ['entitySecurity', 'post', { nodeFilter: { property: 'x', operator: 'LIKE', value: 1 } }],
    ['entitySecurity', 'post', { nodeFilters: { label: 'Person' } }],
    ['propertySecurity', 'post', { nodes: { Person: { enabled: ['bad`name;'] } } }],
    ['propertySecurity', 'post', { nodes: { Person: { visible: ['name'] } } }],
    ['propertySecurity', 'post', { nodes: 'all' }],
    ['dataSecurity', 'put', { rules: [{ label: 'Person', type: 'KNOWS', filter: { label: 'Person' } }] }],
    ['dataSecurity', 'put', { rules: [{ label: 'Person' }] }],
    ['dataSecurity', 'put', { rules: 'none' }],
  ] as const)('when an invalid %s is sent (%s %j), then 400 VALIDATION_FAILED and nothing is stored', async (kind, method, body) => {
    const id = await createGroup(`Invalid ${kind} ${Math.random().toString(36).slice(2, 8)}`);
    const response = await admin[method](`/groups/${id}/${kind}`).send(body);
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('VALIDATION_FAILED');
    expect(await auditEvents(`group.${kind}.set`, id)).toHaveLength(0);
  });

  test.each([
    ['get', 'entitySecurity', undefined],
    ['post', 'entitySecurity', {}],
    ['get', 'propertySecurity', undefined],
    ['post', 'propertySecurity', {}],
    ['get', 'dataSecurity', undefined],
    ['put', 'dataSecurity', { rules: [] }],
  ] as const)('when %s /groups/{id}/%s addresses an unknown id, then 404, and a non-numeric id 400', async (method, kind, body) => {
    const unknown = admin[method](`/groups/858585/${kind}`);
    const unknownResponse = body ? await unknown.send(body) : await unknown;
    expect(unknownResponse.status).toBe(404);
    expect(unknownResponse.body.code).toBe('NOT_FOUND');
    const malformed = admin[method](`/groups/1.5/${kind}`);
    const malformedResponse = body ? await malformed.send(body) : await malformed;
    expect(malformedResponse.status).toBe(400);
  });
});
