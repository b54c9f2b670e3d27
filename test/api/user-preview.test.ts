import request from 'supertest';
import type { TestApp } from '../support/test-app';
import { createTestApp, ADMIN_PASSWORD } from '../support/test-app';

let t: TestApp;
let admin: string;
let restrictedId: string;
let noGroupId: string;
let companiesOnlyId: string;
let restrictedManager: string;
let readAllManager: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = t.basic('admin', ADMIN_PASSWORD);
  const nodes = [
    { labels: ['Person'], properties: { name: 'Anna Preview', country: 'CZ', ssn: '1' } },
    { labels: ['Person'], properties: { name: 'Bert Preview', country: 'DE', ssn: '2' } },
    { labels: ['Company'], properties: { name: 'Acme Preview' } },
  ];
  const ids: string[] = [];
  for (const node of nodes) {
    const created = await request(t.app).post('/data/nodes').set('Authorization', admin).send(node);
    expect(created.status).toBe(201);
    ids.push(created.body.id);
  }
  const rel = await request(t.app)
    .post('/data/relationships')
    .set('Authorization', admin)
    .send({ type: 'WORKS_AT', startNodeId: ids[0], endNodeId: ids[2], properties: {} });
  expect(rel.status).toBe(201);
  const group = await request(t.app).post('/groups').set('Authorization', admin).send({ name: 'Czech people only' });
  expect(group.status).toBe(201);
  const groupId = String(group.body.id);
  expect(
    (
      await request(t.app)
        .post(`/groups/${groupId}/entitySecurity`)
        .set('Authorization', admin)
        .send({ nodeFilter: { label: 'Person' } })
    ).status,
  ).toBe(200);
  expect(
    (
      await request(t.app)
        .put(`/groups/${groupId}/dataSecurity`)
        .set('Authorization', admin)
        .send({ rules: [{ label: 'Person', filter: { property: 'country', operator: '=', value: 'CZ' } }] })
    ).status,
  ).toBe(200);
  expect(
    (
      await request(t.app)
        .post(`/groups/${groupId}/propertySecurity`)
        .set('Authorization', admin)
        .send({ nodes: { '*': { disabled: ['ssn'] } } })
    ).status,
  ).toBe(200);
  restrictedId = await t.createUser('preview-restricted', { groupIds: [groupId] });
  noGroupId = await t.createUser('preview-nogroup');
  await t.createUser('preview-no-acl', { password: 'preview-no-acl-password', permissions: ['USER_MANAGEMENT'] });
  await t.createUser('preview-acl-restricted', {
    password: 'preview-acl-restricted-password',
    permissions: ['ACL_DATA_MANAGEMENT'],
    groupIds: [groupId],
  });
  restrictedManager = t.basic('preview-acl-restricted', 'preview-acl-restricted-password');
  await t.createUser('preview-acl-readall', {
    password: 'preview-acl-readall-password',
    permissions: ['ACL_DATA_MANAGEMENT', 'READ_ALL_DATA'],
  });
  readAllManager = t.basic('preview-acl-readall', 'preview-acl-readall-password');
  const companies = await request(t.app).post('/groups').set('Authorization', admin).send({ name: 'Companies only' });
  expect(companies.status).toBe(201);
  expect(
    (
      await request(t.app)
        .post(`/groups/${companies.body.id}/entitySecurity`)
        .set('Authorization', admin)
        .send({ nodeFilter: { label: 'Company' } })
    ).status,
  ).toBe(200);
  companiesOnlyId = await t.createUser('preview-companies', { groupIds: [String(companies.body.id)] });
});
afterAll(async () => {
  await t.close();
});

describe('GET /users/{id}/preview', () => {
  test('when an ACL manager previews a restricted user, then counts and the sample reflect only what that user may see', async () => {
    const res = await request(t.app).get(`/users/${restrictedId}/preview`).set('Authorization', admin);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ userId: restrictedId, username: 'preview-restricted', readAllData: false, unrestricted: false });
    expect(res.body.nodes.total).toBe(1);
    const person = res.body.nodes.perLabel.find((entry: { label: string }) => entry.label === 'Person');
    expect(person).toEqual({ label: 'Person', count: 1 });
    expect(res.body.nodes.perLabel.find((entry: { label: string }) => entry.label === 'Company')?.count ?? 0).toBe(0);
    expect(res.body.relationships.total).toBe(0);
    expect(res.body.sample).toHaveLength(1);
    expect(res.body.sample[0].properties).toEqual({ name: 'Anna Preview', country: 'CZ' });
  });

  test('when the admin previews the own account, then everything is visible and unrestricted', async () => {
    const adminId = String((await t.deps.db('users').where({ username: 'admin' }).first()).id);
    const res = await request(t.app).get(`/users/${adminId}/preview?sample=2`).set('Authorization', admin);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ readAllData: true, unrestricted: true });
    expect(res.body.nodes.total).toBe(3);
    expect(res.body.relationships.perType).toEqual([{ type: 'WORKS_AT', count: 1 }]);
    expect(res.body.sample).toHaveLength(2);
  });

  test('when a user has no group and no Read all data, then the preview shows nothing', async () => {
    const res = await request(t.app).get(`/users/${noGroupId}/preview`).set('Authorization', admin);
    expect(res.status).toBe(200);
    expect(res.body.nodes.total).toBe(0);
    expect(res.body.sample).toEqual([]);
  });

  test('when a restricted ACL manager previews an administrator, then the preview shows nothing the manager may not see', async () => {
    const adminId = String((await t.deps.db('users').where({ username: 'admin' }).first()).id);
    const res = await request(t.app).get(`/users/${adminId}/preview?sample=10`).set('Authorization', restrictedManager);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ userId: adminId, readAllData: true, unrestricted: false, limitedToCaller: true });
    expect(res.body.nodes.total).toBe(1);
    expect(res.body.nodes.perLabel).toEqual([{ label: 'Person', count: 1 }]);
    expect(res.body.relationships).toMatchObject({ total: 0, perType: [] });
    expect(res.body.sample.map((node: { properties: Record<string, unknown> }) => node.properties)).toEqual([
      { name: 'Anna Preview', country: 'CZ' },
    ]);
    const text = JSON.stringify(res.body);
    for (const hidden of ['Bert Preview', 'Acme Preview', 'Company', 'WORKS_AT', 'ssn']) expect(text).not.toContain(hidden);
    // Czech people for the manager, companies for the user: nothing both may see.
    const disjoint = await request(t.app).get(`/users/${companiesOnlyId}/preview`).set('Authorization', restrictedManager);
    expect(disjoint.status).toBe(200);
    expect(disjoint.body.nodes.total).toBe(0);
    expect(disjoint.body.sample).toEqual([]);
  });

  test('when an unrestricted ACL manager previews a restricted user, then the preview is the restricted view and not limited by the manager', async () => {
    const res = await request(t.app).get(`/users/${restrictedId}/preview`).set('Authorization', readAllManager);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ userId: restrictedId, readAllData: false, unrestricted: false, limitedToCaller: false });
    expect(res.body.nodes.total).toBe(1);
    expect(res.body.sample.map((node: { properties: Record<string, unknown> }) => node.properties)).toEqual([
      { name: 'Anna Preview', country: 'CZ' },
    ]);
  });

  test('when a user is previewed, then each preview writes one user.preview audit event with the previewed user id; an unknown user writes none', async () => {
    const events = () => t.deps.db('audit_events').where({ action: 'user.preview' }).orderBy('id');
    const before = (await events()).length;
    expect((await request(t.app).get(`/users/${restrictedId}/preview?sample=3`).set('Authorization', restrictedManager)).status).toBe(200);
    expect((await request(t.app).get(`/users/${restrictedId}/preview`).set('Authorization', admin)).status).toBe(200);
    expect((await request(t.app).get('/users/999999/preview').set('Authorization', admin)).status).toBe(404);
    const after = await events();
    expect(after).toHaveLength(before + 2);
    const [first, second] = after.slice(before) as Array<{
      user_id: string;
      username: string;
      target_type: string;
      target_id: string;
      details: Record<string, unknown>;
    }>;
    expect(first).toMatchObject({
      username: 'preview-acl-restricted',
      target_type: 'user',
      target_id: restrictedId,
      details: { username: 'preview-restricted', sample: 3 },
    });
    expect(second).toMatchObject({ username: 'admin', target_type: 'user', target_id: restrictedId });
    const listed = await request(t.app).get(`/audit/data?action=user.preview&targetId=${restrictedId}`).set('Authorization', admin);
    expect(listed.status).toBe(200);
    expect(listed.body.total).toBe(after.filter((e: { target_id: string }) => e.target_id === restrictedId).length);
  });

  test('when the caller lacks ACL data management, then 403; an unknown user is 404; a bad sample size is 400', async () => {
    const denied = await request(t.app)
      .get(`/users/${restrictedId}/preview`)
      .set('Authorization', t.basic('preview-no-acl', 'preview-no-acl-password'));
    expect(denied.status).toBe(403);
    expect(denied.body.code).toBe('PERMISSION_DENIED');
    expect((await request(t.app).get('/users/999999/preview').set('Authorization', admin)).status).toBe(404);
    const bad = await request(t.app).get(`/users/${restrictedId}/preview?sample=1000`).set('Authorization', admin);
    expect(bad.status).toBe(400);
  });
});

describe('GET /users/search', () => {
  test('when users are searched by part of the name or e-mail, then only matches are returned, a page at a time, with the total', async () => {
    for (let i = 0; i < 7; i++) await t.createUser(`searchable.${i}`, { email: `person${i}@search.example` });
    const first = await request(t.app).get('/users/search?q=SEARCH.EXAMPLE&pageSize=3').set('Authorization', admin);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ total: 7, page: 1, pageSize: 3 });
    expect(first.body.items.map((u: { username: string }) => u.username)).toEqual(['searchable.0', 'searchable.1', 'searchable.2']);
    expect(first.body.items[0]).toHaveProperty('effectivePermissions');
    const last = await request(t.app).get('/users/search?q=search.example&pageSize=3&page=3').set('Authorization', admin);
    expect(last.body.items.map((u: { username: string }) => u.username)).toEqual(['searchable.6']);
    const all = await request(t.app).get('/users/search').set('Authorization', admin);
    const [{ c }] = await t.deps.db('users').where('deleted', false).count<Array<{ c: string | number }>>({ c: '*' });
    expect(all.body.total).toBe(Number(c));
  });

  test('when the search text holds % or _, then they match literally; a deleted user is not listed', async () => {
    await t.createUser('percent%user');
    const deletedId = await t.createUser('gone_user');
    await t.deps.db('users').where({ id: deletedId }).update({ deleted: true });
    const percent = await request(t.app)
      .get(`/users/search?q=${encodeURIComponent('t%u')}`)
      .set('Authorization', admin);
    expect(percent.body.items.map((u: { username: string }) => u.username)).toEqual(['percent%user']);
    const underscore = await request(t.app).get('/users/search?q=e_u').set('Authorization', admin);
    expect(underscore.body.total).toBe(0);
  });

  test('when the caller lacks user management or the page size is too big, then 403 and 400', async () => {
    const allowed = await request(t.app).get('/users/search').set('Authorization', t.basic('preview-no-acl', 'preview-no-acl-password'));
    expect(allowed.status).toBe(200);
    const noUserManagement = await t.createUser('search-denied', { password: 'search-denied-password', permissions: ['AUDIT_LOG'] });
    expect(noUserManagement).toBeTruthy();
    expect(
      (await request(t.app).get('/users/search').set('Authorization', t.basic('search-denied', 'search-denied-password'))).status,
    ).toBe(403);
    expect((await request(t.app).get('/users/search?pageSize=501').set('Authorization', admin)).status).toBe(400);
  });
});
