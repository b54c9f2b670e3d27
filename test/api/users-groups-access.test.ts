import request from 'supertest';
import type { TestApp } from '../support/test-app';
import { createTestApp, ADMIN_PASSWORD } from '../support/test-app';
import type { PermissionCode } from '../../src/auth/permissions';
import { PERMISSION_CODES } from '../../src/auth/permissions';

let t: TestApp;
let groupId: string;
let userId: string;

const everythingBut = (code: PermissionCode) => PERMISSION_CODES.filter((c) => c !== code && c !== 'GRANT_ALL_PERMISSIONS');

beforeAll(async () => {
  t = await createTestApp();
  await t.createUser('no-user-mgmt', { password: 'no-user-mgmt-password', permissions: everythingBut('USER_MANAGEMENT') });
  await t.createUser('no-acl-mgmt', { password: 'no-acl-mgmt-password', permissions: everythingBut('ACL_DATA_MANAGEMENT') });
  const [group] = await t.deps.db('groups').insert({ name: 'Access target' }).returning('id');
  groupId = String(group.id);
  userId = await t.createUser('access-target', { groupIds: [groupId] });
});
afterAll(async () => {
  await t.close();
});

type Method = 'get' | 'post' | 'put' | 'delete';
const body = (method: Method, payload: object) => (method === 'get' ? undefined : payload);

// Every endpoint that needs a permission, with a body that would otherwise be valid.
const USER_MANAGEMENT_ENDPOINTS: Array<[Method, string, object | undefined]> = [
  ['get', '/users', undefined],
  ['post', '/users', { username: 'sneaky', password: 'a-long-password-1' }],
  ['put', '/users/USER', { permissions: [], groupIds: [] }],
  ['delete', '/users/USER', undefined],
  ['get', '/users/dataSecurity', undefined],
  ['get', '/users/deleted', undefined],
  ['put', '/users/USER/groups', { groupIds: [] }],
  ['put', '/users/USER/enabled', undefined],
  ['delete', '/users/USER/enabled', undefined],
  ['put', '/users/USER/deleted', undefined],
  ['delete', '/users/USER/deleted', undefined],
  ['put', '/users/USER/password', { password: 'a-long-password-2' }],
  ['get', '/users/USER/entitySecurity', undefined],
  ['get', '/users/USER/propertySecurity', undefined],
  ['get', '/groups', undefined],
  ['post', '/groups', { name: 'Sneaky group' }],
  ['put', '/groups/GROUP', { name: 'Renamed' }],
  ['delete', '/groups/GROUP', undefined],
  ['post', '/groups/permissions', { groupId: 'GROUP', permissions: [] }],
  ['put', '/groups/GROUP/users', { userIds: [] }],
];

const ACL_ENDPOINTS: Array<[Method, string, object | undefined]> = [
  ['get', '/groups/dataSecurity', undefined],
  ['get', '/groups/GROUP/propertySecurity', undefined],
  ['post', '/groups/GROUP/propertySecurity', { nodes: {} }],
  ['get', '/groups/GROUP/entitySecurity', undefined],
  ['post', '/groups/GROUP/entitySecurity', { nodeFilter: null }],
  ['get', '/groups/GROUP/dataSecurity', undefined],
  ['put', '/groups/GROUP/dataSecurity', { rules: [] }],
];

const changeEvents = () => t.deps.db('audit_events').whereNot('action', 'like', 'auth.%').count('* as n').first();

function call(method: Method, path: string, payload: object | undefined, auth?: string) {
  const url = path.replace('USER', userId).replace('GROUP', groupId);
  const sent = (payload ? JSON.parse(JSON.stringify(payload).replace('"GROUP"', JSON.stringify(groupId))) : undefined) as
    object | undefined;
  let test = request(t.app)[method](url);
  if (auth) test = test.set('Authorization', auth);
  return sent ? test.send(body(method, sent)) : test;
}

describe('route permissions', () => {
  test.each(USER_MANAGEMENT_ENDPOINTS)(
    'when a user without USER_MANAGEMENT calls %s %s, then 403 PERMISSION_DENIED naming it and nothing changes',
    async (method, path, payload) => {
      const before = await changeEvents();
      const response = await call(method, path, payload, t.basic('no-user-mgmt', 'no-user-mgmt-password'));
      expect(response.status).toBe(403);
      expect(response.body).toMatchObject({ code: 'PERMISSION_DENIED', permission: 'USER_MANAGEMENT' });
      expect(await changeEvents()).toEqual(before);
    },
  );

  test.each(ACL_ENDPOINTS)(
    'when a user without ACL_DATA_MANAGEMENT calls %s %s, then 403 PERMISSION_DENIED naming it',
    async (method, path, payload) => {
      const response = await call(method, path, payload, t.basic('no-acl-mgmt', 'no-acl-mgmt-password'));
      expect(response.status).toBe(403);
      expect(response.body).toMatchObject({ code: 'PERMISSION_DENIED', permission: 'ACL_DATA_MANAGEMENT' });
    },
  );

  test.each([...USER_MANAGEMENT_ENDPOINTS, ...ACL_ENDPOINTS])(
    'when %s %s is called anonymously, then 401',
    async (method, path, payload) => {
      const response = await call(method, path, payload);
      expect(response.status).toBe(401);
    },
  );

  test('when the users and groups are checked after all refusals, then nothing was changed by the refused calls', async () => {
    const target = await t.deps.db('users').where({ id: userId }).first();
    expect(target).toMatchObject({ enabled: true, deleted: false });
    expect(await t.deps.db('users').where({ username: 'sneaky' }).first()).toBeUndefined();
    expect(await t.deps.db('groups').where({ id: groupId }).first()).toMatchObject({ name: 'Access target' });
    expect(await t.deps.db('groups').where({ name: 'Sneaky group' }).first()).toBeUndefined();
    expect((await t.deps.db('user_groups').where({ group_id: groupId })).length).toBe(1);
    const changes = await t.deps.db('audit_events').where('action', 'like', 'user.%').orWhere('action', 'like', 'group.%');
    expect(changes.map((e: { action: string }) => e.action)).toEqual(['user.create']); // the bootstrap admin only
  });

  test('when the admin calls a USER_MANAGEMENT and an ACL_DATA_MANAGEMENT endpoint, then both are allowed (the table is not refusing everyone)', async () => {
    const auth = t.basic('admin', ADMIN_PASSWORD);
    expect((await call('get', '/users', undefined, auth)).status).toBe(200);
    expect((await call('get', '/groups/GROUP/entitySecurity', undefined, auth)).status).toBe(200);
  });
});
