import request from 'supertest';
import type { Response } from 'supertest';
import { PERMISSION_CODES } from '../../src/auth/permissions';
import type { TestApp, SessionClient } from '../support/test-app';
import { createTestApp, ADMIN_PASSWORD } from '../support/test-app';

/**
 * A manager holds USER_MANAGEMENT and EXPORT_DATA but not GRANT_ALL_PERMISSIONS: they may only hand
 * out what they hold and only manage users and groups holding nothing more.
 */
let t: TestApp;
let admin: SessionClient;
let manager: SessionClient;
let adminId: string;
let managerId: string;
let adminsGroup: string;
let lowGroup: string;
let lowUser: string;
let cypherUser: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', ADMIN_PASSWORD);
  adminId = String((await t.deps.db('users').where({ username: 'admin' }).first('id')).id);
  managerId = await t.createUser('manager', { password: 'manager-password', permissions: ['USER_MANAGEMENT', 'EXPORT_DATA'] });
  manager = await t.login('manager', 'manager-password');
  adminsGroup = (await admin.post('/groups').send({ name: 'Administrators', permissions: ['GRANT_ALL_PERMISSIONS', 'USER_MANAGEMENT'] }))
    .body.id;
  lowGroup = (await admin.post('/groups').send({ name: 'Exporters', permissions: ['EXPORT_DATA'] })).body.id;
  lowUser = await t.createUser('low-user', { permissions: ['EXPORT_DATA'] });
  cypherUser = await t.createUser('cypher-user', { permissions: ['CYPHER_QUERIES'] });
});
afterAll(async () => {
  await t.close();
});

/** What the admin holds and the manager does not. */
const ADMIN_ONLY = PERMISSION_CODES.filter((code) => code !== 'USER_MANAGEMENT' && code !== 'EXPORT_DATA').sort();

const changeEvents = async () =>
  Number(
    (await t.deps.db('audit_events').where('action', 'like', 'user.%').orWhere('action', 'like', 'group.%').count('* as n').first())?.n,
  );

/** Asserts 403 ESCALATION_DENIED naming the permissions, and that no change was audited (nothing was written). */
async function expectEscalationDenied(send: () => Promise<Response>, permissions: string[]): Promise<void> {
  const before = await changeEvents();
  const response = await send();
  expect(response.status).toBe(403);
  expect(response.body).toMatchObject({ code: 'ESCALATION_DENIED', permissions });
  for (const code of permissions) expect(response.body.detail).toContain(code);
  expect(await changeEvents()).toBe(before);
}

async function permissionsOf(id: string): Promise<{ direct: string[]; groups: string[] }> {
  const direct = ((await t.deps.db('user_permissions').where({ user_id: id }).pluck('permission_code')) as string[]).sort();
  const groups = ((await t.deps.db('user_groups').where({ user_id: id }).pluck('group_id')) as Array<string | number>).map(String).sort();
  return { direct, groups };
}

describe('granting permissions one lacks', () => {
  test('when the manager creates a user with a permission they lack, then 403 ESCALATION_DENIED and no user exists', async () => {
    await expectEscalationDenied(
      () =>
        manager
          .post('/users')
          .send({ username: 'cypher-minion', password: 'a-long-password-1', permissions: ['EXPORT_DATA', 'CYPHER_QUERIES'] }),
      ['CYPHER_QUERIES'],
    );
    expect(await t.deps.db('users').where({ username: 'cypher-minion' }).first()).toBeUndefined();
  });

  test('when the manager creates a user with permissions and a group they hold, then 201 (the rule does not block legitimate work)', async () => {
    const response = await manager
      .post('/users')
      .send({ username: 'export-minion', password: 'a-long-password-1', permissions: ['EXPORT_DATA'], groupIds: [lowGroup] });
    expect(response.status).toBe(201);
    expect(response.body.effectivePermissions).toEqual(['EXPORT_DATA']);
  });

  test('when the manager grants themselves a permission they lack, then 403 and their permissions are unchanged', async () => {
    await expectEscalationDenied(
      () =>
        manager.put(`/users/${managerId}`).send({ permissions: ['USER_MANAGEMENT', 'EXPORT_DATA', 'SETTINGS_MANAGEMENT'], groupIds: [] }),
      ['SETTINGS_MANAGEMENT'],
    );
    expect((await permissionsOf(managerId)).direct).toEqual(['EXPORT_DATA', 'USER_MANAGEMENT']);
  });

  test('when the manager grants a lacking permission to a low user, then 403 naming it', async () => {
    await expectEscalationDenied(
      () => manager.put(`/users/${lowUser}`).send({ permissions: ['EXPORT_DATA', 'GRANT_ALL_PERMISSIONS'], groupIds: [] }),
      ['GRANT_ALL_PERMISSIONS'],
    );
    expect((await permissionsOf(lowUser)).direct).toEqual(['EXPORT_DATA']);
  });
});

describe('joining powerful groups', () => {
  test('when the manager adds themselves to the administrators group through PUT /users/{id}/groups, then 403 and no membership', async () => {
    await expectEscalationDenied(
      () => manager.put(`/users/${managerId}/groups`).send({ groupIds: [adminsGroup] }),
      ['GRANT_ALL_PERMISSIONS'],
    );
    expect((await permissionsOf(managerId)).groups).toEqual([]);
  });

  test('when the manager adds themselves through PUT /users/{id}, then 403', async () => {
    await expectEscalationDenied(
      () => manager.put(`/users/${managerId}`).send({ permissions: ['USER_MANAGEMENT', 'EXPORT_DATA'], groupIds: [adminsGroup] }),
      ['GRANT_ALL_PERMISSIONS'],
    );
  });

  test('when the manager adds themselves through PUT /groups/{id}/users, then 403 (the group holds more than they do)', async () => {
    await expectEscalationDenied(
      () => manager.put(`/groups/${adminsGroup}/users`).send({ userIds: [managerId] }),
      ['GRANT_ALL_PERMISSIONS'],
    );
    expect((await permissionsOf(managerId)).groups).toEqual([]);
  });

  test('when the manager creates a user in the administrators group, then 403', async () => {
    await expectEscalationDenied(
      () => manager.post('/users').send({ username: 'trojan', password: 'a-long-password-1', groupIds: [adminsGroup] }),
      ['GRANT_ALL_PERMISSIONS'],
    );
    expect(await t.deps.db('users').where({ username: 'trojan' }).first()).toBeUndefined();
  });

  test('when the manager joins a group they match, then it works', async () => {
    const response = await manager.put(`/users/${managerId}/groups`).send({ groupIds: [lowGroup] });
    expect(response.status).toBe(200);
    await manager.put(`/users/${managerId}/groups`).send({ groupIds: [] });
  });
});

describe('managing users who hold more', () => {
  test.each([
    ['PUT /users/{id}', (id: string) => manager.put(`/users/${id}`).send({ permissions: [], groupIds: [] })],
    ['PUT /users/{id}/groups', (id: string) => manager.put(`/users/${id}/groups`).send({ groupIds: [] })],
    ['DELETE /users/{id}/enabled', (id: string) => manager.delete(`/users/${id}/enabled`)],
    ['DELETE /users/{id}', (id: string) => manager.delete(`/users/${id}`)],
    ['PUT /users/{id}/deleted', (id: string) => manager.put(`/users/${id}/deleted`)],
    ['PUT /users/{id}/password', (id: string) => manager.put(`/users/${id}/password`).send({ password: 'taken-over-password' })],
  ])('when the manager calls %s on the admin or on a user holding CYPHER_QUERIES, then 403 naming what they lack', async (_name, send) => {
    await expectEscalationDenied(() => send(adminId), ADMIN_ONLY);
    await expectEscalationDenied(() => send(cypherUser), ['CYPHER_QUERIES']);
    expect(await t.deps.db('users').where({ id: adminId }).first()).toMatchObject({ enabled: true, deleted: false });
    expect((await request(t.app).get('/users/info').set('Authorization', t.basic('admin', ADMIN_PASSWORD))).status).toBe(200);
  });

  test('when the manager disables and re-enables a user holding no more than they do, then both work', async () => {
    expect((await manager.delete(`/users/${lowUser}/enabled`)).status).toBe(200);
    expect((await manager.put(`/users/${lowUser}/enabled`)).status).toBe(200);
  });

  test("when the manager puts the admin into a low group (PUT /groups/{id}/users or POST /groups), then 403: changing the admin's groups is managing the admin", async () => {
    await expectEscalationDenied(() => manager.put(`/groups/${lowGroup}/users`).send({ userIds: [adminId] }), ADMIN_ONLY);
    await expectEscalationDenied(() => manager.post('/groups').send({ name: 'Admin trap', userIds: [adminId] }), ADMIN_ONLY);
    expect(await t.deps.db('groups').where({ name: 'Admin trap' }).first()).toBeUndefined();
  });
});

describe('granting to groups', () => {
  test('when the manager creates a group with a permission they lack, then 403 and no group', async () => {
    await expectEscalationDenied(
      () => manager.post('/groups').send({ name: 'Shadow admins', permissions: ['GRANT_ALL_PERMISSIONS'] }),
      ['GRANT_ALL_PERMISSIONS'],
    );
    expect(await t.deps.db('groups').where({ name: 'Shadow admins' }).first()).toBeUndefined();
  });

  test('when the manager adds a lacking permission to a group they manage (POST /groups/permissions or PUT /groups/{id}), then 403 and the group is unchanged', async () => {
    await expectEscalationDenied(
      () => manager.post('/groups/permissions').send({ groupId: lowGroup, permissions: ['EXPORT_DATA', 'SETTINGS_MANAGEMENT'] }),
      ['SETTINGS_MANAGEMENT'],
    );
    await expectEscalationDenied(
      () => manager.put(`/groups/${lowGroup}`).send({ name: 'Exporters', permissions: ['READ_ALL_DATA'] }),
      ['READ_ALL_DATA'],
    );
    const stored = await t.deps.db('group_permissions').where({ group_id: lowGroup }).pluck('permission_code');
    expect(stored).toEqual(['EXPORT_DATA']);
  });

  test('when the manager edits or deletes the administrators group, then 403', async () => {
    await expectEscalationDenied(() => manager.put(`/groups/${adminsGroup}`).send({ name: 'Harmless' }), ['GRANT_ALL_PERMISSIONS']);
    await expectEscalationDenied(
      () => manager.post('/groups/permissions').send({ groupId: adminsGroup, permissions: [] }),
      ['GRANT_ALL_PERMISSIONS'],
    );
    await expectEscalationDenied(() => manager.delete(`/groups/${adminsGroup}`), ['GRANT_ALL_PERMISSIONS']);
    expect(await t.deps.db('groups').where({ id: adminsGroup }).first()).toMatchObject({ name: 'Administrators' });
  });

  test('when the manager creates a group with what they hold, then 201; and the admin (GRANT_ALL_PERMISSIONS) may grant anything', async () => {
    const created = await manager.post('/groups').send({ name: 'Manager made', permissions: ['EXPORT_DATA'], userIds: [lowUser] });
    expect(created.status).toBe(201);
    const granted = await admin
      .post('/groups/permissions')
      .send({ groupId: created.body.id, permissions: ['EXPORT_DATA', 'SETTINGS_MANAGEMENT'] });
    expect(granted.status).toBe(200);
    expect(granted.body.permissions).toEqual(['EXPORT_DATA', 'SETTINGS_MANAGEMENT']);
  });
});

describe('protecting oneself and the last administrator', () => {
  test.each([
    ['DELETE /users/{id}/enabled', (c: SessionClient, id: string) => c.delete(`/users/${id}/enabled`), 'CANNOT_DISABLE_SELF'],
    ['DELETE /users/{id}', (c: SessionClient, id: string) => c.delete(`/users/${id}`), 'CANNOT_DELETE_SELF'],
    ['PUT /users/{id}/deleted', (c: SessionClient, id: string) => c.put(`/users/${id}/deleted`), 'CANNOT_DELETE_SELF'],
  ])('when a user calls %s on themselves, then 409 with a clear code and they stay enabled', async (_name, send, code) => {
    for (const [client, id] of [
      [admin, adminId],
      [manager, managerId],
    ] as const) {
      const response = await send(client, id);
      expect(response.status).toBe(409);
      expect(response.body.code).toBe(code);
      expect(await t.deps.db('users').where({ id }).first()).toMatchObject({ enabled: true, deleted: false });
    }
  });

  test('when the only administrator strips GRANT_ALL_PERMISSIONS from themselves, then 409 LAST_ADMINISTRATOR; a disabled second administrator does not count', async () => {
    const second = await admin
      .post('/users')
      .send({ username: 'second-admin', password: 'second-admin-password', permissions: ['GRANT_ALL_PERMISSIONS', 'USER_MANAGEMENT'] });
    expect(second.status).toBe(201);
    expect((await admin.delete(`/users/${second.body.id}/enabled`)).status).toBe(200);
    const before = await permissionsOf(adminId);
    const refused = await admin.put(`/users/${adminId}`).send({ permissions: ['USER_MANAGEMENT'], groupIds: [] });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('LAST_ADMINISTRATOR');
    expect(await permissionsOf(adminId)).toEqual(before);
    expect(await t.deps.db('audit_events').where({ action: 'user.update', target_id: adminId })).toEqual([]);
    // Cleanup for the next test: the second administrator goes away.
    expect((await admin.delete(`/users/${second.body.id}`)).status).toBe(200);
  });

  test('when the only administrator holds GRANT_ALL_PERMISSIONS through a group, then removing it from the group, deleting the group or leaving it is 409 LAST_ADMINISTRATOR; with a second administrator it works', async () => {
    const root = (await admin.post('/groups').send({ name: 'Root', permissions: ['GRANT_ALL_PERMISSIONS', 'USER_MANAGEMENT'] })).body
      .id as string;
    const moved = await admin.put(`/users/${adminId}`).send({ permissions: ['USER_MANAGEMENT'], groupIds: [root] });
    expect(moved.status).toBe(200);
    expect(moved.body.effectivePermissions).toContain('GRANT_ALL_PERMISSIONS');
    const attempts = [
      () => admin.post('/groups/permissions').send({ groupId: root, permissions: ['USER_MANAGEMENT'] }),
      () => admin.put(`/groups/${root}`).send({ name: 'Root', permissions: ['USER_MANAGEMENT'] }),
      () => admin.delete(`/groups/${root}`),
      () => admin.put(`/groups/${root}/users`).send({ userIds: [] }),
      () => admin.put(`/users/${adminId}/groups`).send({ groupIds: [] }),
    ];
    for (const attempt of attempts) {
      const response = await attempt();
      expect(response.status).toBe(409);
      expect(response.body.code).toBe('LAST_ADMINISTRATOR');
    }
    expect(await t.deps.db('group_permissions').where({ group_id: root, permission_code: 'GRANT_ALL_PERMISSIONS' }).first()).toBeDefined();
    const other = await admin
      .post('/users')
      .send({ username: 'other-admin', password: 'other-admin-password', permissions: ['GRANT_ALL_PERMISSIONS'] });
    expect(other.status).toBe(201);
    expect((await admin.delete(`/groups/${root}`)).status).toBe(204);
  });
});
