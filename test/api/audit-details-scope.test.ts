import request from 'supertest';
import type { TestApp } from '../support/test-app';
import { createTestApp, ADMIN_PASSWORD } from '../support/test-app';

/**
 * Issue 18 item 11: configuration events name labels, types and properties. A restricted auditor
 * (AUDIT_LOG, in a group hiding the label Zhidlabel, the type ZHID_TYPE and the property zhidprop)
 * reads group.entitySecurity.set, group.propertySecurity.set, group.dataSecurity.set,
 * fulltext.configure and settings.update events: hidden names read "(hidden)" or their entry is
 * left out; an auditor who reads all data sees them as recorded.
 */
let t: TestApp;
let admin: string;
let restricted: string;
let full: string;
let aclAuditor: string;

const HIDDEN = ['Zhidlabel', 'ZHID_TYPE', 'zhidprop', 'zhidvalue', 'zhid-description'];
const call = (method: 'get' | 'post' | 'put', url: string, auth: string) => request(t.app)[method](url).set('Authorization', auth);

interface Item {
  action: string;
  targetId: string | null;
  details: Record<string, unknown>;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = t.basic('admin', ADMIN_PASSWORD);
  const alice = await call('post', '/data/nodes', admin).send({
    labels: ['Person'],
    properties: { name: 'alice', country: 'CZ', zhidprop: 'a' },
  });
  const bob = await call('post', '/data/nodes', admin).send({ labels: ['Person'], properties: { name: 'bob', country: 'CZ' } });
  const spy = await call('post', '/data/nodes', admin).send({ labels: ['Zhidlabel'], properties: { name: 'spy', zhidprop: 'b' } });
  for (const created of [alice, bob, spy]) expect(created.status).toBe(201);
  expect(
    (
      await call('post', '/data/relationships', admin).send({
        type: 'KNOWS',
        startNodeId: alice.body.id,
        endNodeId: bob.body.id,
        properties: { since: 2000 },
      })
    ).status,
  ).toBe(201);
  expect(
    (
      await call('post', '/data/relationships', admin).send({
        type: 'ZHID_TYPE',
        startNodeId: alice.body.id,
        endNodeId: bob.body.id,
        properties: {},
      })
    ).status,
  ).toBe(201);

  const group = await call('post', '/groups', admin).send({ name: 'Restricted auditors' });
  expect(group.status).toBe(201);
  const groupId = String(group.body.id);
  const entity = await call('post', `/groups/${groupId}/entitySecurity`, admin).send({
    nodeFilter: {
      and: [
        { not: { label: 'Zhidlabel' } },
        {
          or: [
            { property: 'zhidprop', operator: '<>', value: 'zhidvalue' },
            { property: 'country', operator: '=', value: 'CZ' },
          ],
        },
      ],
    },
    relationshipFilter: { not: { type: 'ZHID_TYPE' } },
  });
  expect(entity.status).toBe(200);
  const property = await call('post', `/groups/${groupId}/propertySecurity`, admin).send({
    nodes: {
      '*': { disabled: ['zhidprop'] },
      Zhidlabel: { enabled: ['name'] },
      Person: { disabled: ['zhidprop'], enabled: ['name', 'country', 'zhidprop'] },
    },
    relationships: { ZHID_TYPE: { disabled: ['since'] }, KNOWS: { enabled: ['since'] } },
  });
  expect(property.status).toBe(200);
  const data = await call('put', `/groups/${groupId}/dataSecurity`, admin).send({
    rules: [
      { label: 'Zhidlabel', filter: { property: 'name', operator: '=', value: 'spy' }, description: 'zhid-description' },
      { label: 'Person', filter: { property: 'country', operator: '=', value: 'CZ' }, description: 'Czech people' },
    ],
  });
  expect(data.status).toBe(200);

  expect(
    (await call('post', '/cfg/indexer/node/configure', admin).send({ labels: ['Person', 'Zhidlabel'], properties: ['name', 'zhidprop'] }))
      .status,
  ).toBe(200);
  const appearance = await call('put', '/settings/APPEARANCE', admin).send({
    nodeCaptions: { Person: 'zhidprop', Zhidlabel: 'name' },
    colors: { Person: '#4e79a7', Zhidlabel: '#f28e2b' },
    relationshipColors: { KNOWS: '#111111', ZHID_TYPE: '#999999' },
  });
  expect(appearance.status).toBe(200);
  const schema = await call('put', '/settings/DATA_SCHEMA', admin).send({
    nodes: { Person: { name: { dataType: 'string' }, zhidprop: { dataType: 'string' } }, Zhidlabel: { name: { dataType: 'string' } } },
    relationships: { ZHID_TYPE: { since: { dataType: 'integer' } } },
  });
  expect(schema.status).toBe(200);

  await t.createUser('zrestricted', { password: 'zrestricted-password-1', permissions: ['AUDIT_LOG'], groupIds: [groupId] });
  await t.createUser('zfull', { password: 'zfull-password-1', permissions: ['AUDIT_LOG', 'READ_ALL_DATA'] });
  await t.createUser('zacl', { password: 'zacl-password-1', permissions: ['AUDIT_LOG', 'ACL_DATA_MANAGEMENT'], groupIds: [groupId] });
  restricted = t.basic('zrestricted', 'zrestricted-password-1');
  full = t.basic('zfull', 'zfull-password-1');
  aclAuditor = t.basic('zacl', 'zacl-password-1');
});
afterAll(async () => {
  await t.close();
});

async function items(auth: string): Promise<Item[]> {
  const response = await call('get', '/audit/data?pageSize=1000', auth);
  expect(response.status).toBe(200);
  return response.body.items as Item[];
}

const one = (list: Item[], action: string, type?: string): Item => {
  const found = list.filter((i) => i.action === action && (type === undefined || i.details.type === type));
  expect(found).toHaveLength(1);
  return found[0];
};

describe('configuration events read through the auditor scope', () => {
  test('when a restricted auditor lists the audit log, then no hidden label, type, property or rule value appears anywhere', async () => {
    const text = JSON.stringify(await items(restricted));
    for (const name of HIDDEN) expect(text).not.toContain(name);
  });

  test('when a restricted auditor reads group security events, then hidden names read "(hidden)" and rules keyed by them are left out', async () => {
    const list = await items(restricted);
    const entity = one(list, 'group.entitySecurity.set');
    expect(entity.details.name).toBe('Restricted auditors');
    expect(entity.details.entitySecurity).toEqual({
      nodeFilter: {
        and: [
          { not: { label: '(hidden)' } },
          {
            or: [
              { property: '(hidden)', operator: '<>', value: '(hidden)' },
              { property: 'country', operator: '=', value: 'CZ' },
            ],
          },
        ],
      },
      relationshipFilter: { not: { type: '(hidden)' } },
    });
    const property = one(list, 'group.propertySecurity.set');
    expect(property.details.propertySecurity).toEqual({
      nodes: { '*': { disabled: ['(hidden)'] }, Person: { disabled: ['(hidden)'], enabled: ['name', 'country', '(hidden)'] } },
      relationships: { KNOWS: { enabled: ['since'] } },
    });
    const data = one(list, 'group.dataSecurity.set');
    expect(data.details.dataSecurity).toEqual({
      rules: [
        { label: '(hidden)', filter: { property: 'name', operator: '=', value: 'spy' } },
        { label: 'Person', filter: { property: 'country', operator: '=', value: 'CZ' }, description: 'Czech people' },
      ],
    });
  });

  test('when a restricted auditor reads fulltext and settings events, then they show what GET /settings would name', async () => {
    const list = await items(restricted);
    expect(one(list, 'fulltext.configure').details).toEqual({
      type: 'FULLTEXT_INDEX',
      value: { labels: ['Person', '(hidden)'], properties: ['name', '(hidden)'] },
    });
    const appearance = one(list, 'settings.update', 'APPEARANCE').details.value as Record<string, unknown>;
    expect(appearance).toMatchObject({
      nodeCaptions: { Person: '(hidden)' },
      colors: { Person: '#4e79a7' },
      relationshipColors: { KNOWS: '#111111' },
    });
    const schema = one(list, 'settings.update', 'DATA_SCHEMA').details.value;
    expect(schema).toEqual({ nodes: { Person: { name: { dataType: 'string' } } }, relationships: {} });
  });

  test('when a restricted auditor exports the audit log as CSV or JSON lines, then no hidden name appears in the file', async () => {
    for (const format of ['csv', 'jsonl']) {
      const response = await call('get', `/audit/data?format=${format}`, restricted)
        .buffer(true)
        .parse((res, done) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (body += chunk));
          res.on('end', () => done(null, body));
        });
      expect(response.status).toBe(200);
      const text = response.body as string;
      expect(text).toContain('group.entitySecurity.set');
      expect(text).toContain('(hidden)');
      for (const name of HIDDEN) expect(text).not.toContain(name);
    }
  });

  test('when an auditor who reads all data lists and exports the log, then the events show every name as recorded', async () => {
    const list = await items(full);
    const text = JSON.stringify(list);
    for (const name of HIDDEN) expect(text).toContain(name);
    expect(one(list, 'fulltext.configure').details).toEqual({
      type: 'FULLTEXT_INDEX',
      value: { labels: ['Person', 'Zhidlabel'], properties: ['name', 'zhidprop'] },
    });
    expect((one(list, 'group.entitySecurity.set').details.entitySecurity as { relationshipFilter: unknown }).relationshipFilter).toEqual({
      not: { type: 'ZHID_TYPE' },
    });
    const csv = await call('get', '/audit/data?format=csv', full)
      .buffer(true)
      .parse((res, done) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => done(null, body));
      });
    for (const name of HIDDEN) expect(csv.body as string).toContain(name);
  });

  test('when a restricted auditor also manages data access control, then group security events are shown as recorded and settings events still hide names', async () => {
    const list = await items(aclAuditor);
    expect((one(list, 'group.entitySecurity.set').details.entitySecurity as { relationshipFilter: unknown }).relationshipFilter).toEqual({
      not: { type: 'ZHID_TYPE' },
    });
    expect(JSON.stringify(one(list, 'fulltext.configure'))).not.toContain('Zhidlabel');
  });
});
