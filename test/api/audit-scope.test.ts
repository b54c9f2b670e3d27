import request from 'supertest';
import { seedGraph } from '../support/seed-graph';
import type { SeedNode } from '../support/seed-graph';
import type { TestApp } from '../support/test-app';
import { createTestApp, ADMIN_PASSWORD } from '../support/test-app';

/**
 * Issue 7 item 4: the audit log read through the reader's scope.
 *
 * The administrator writes: alice (Person, CZ, salary), carol (Person, US: hidden row), agent
 * (Agent: hidden label, codename), acme (Company), alice-WORKS_AT->acme (wage hidden), a bulk
 * update and deletes. The auditor (AUDIT_LOG, group: Person/Company only, Person.salary hidden,
 * WORKS_AT shows only role, Person rows only with country CZ) reads the audit log.
 */
let t: TestApp;
let admin: string;
let auditor: string;
let fullAuditor: string;
const ids: Record<string, string> = {};

const SECRETS = ['987654', 'zz-codename-007', 'Agent', 'carol-hidden-name', 'salary', 'codename', '4242', 'wage', 'zz-bulk-secret'];
const call = (method: 'get' | 'post' | 'put' | 'delete', url: string, auth: string) =>
  request(t.app)[method](url).set('Authorization', auth);

beforeAll(async () => {
  t = await createTestApp();
  admin = t.basic('admin', ADMIN_PASSWORD);
  const nodes: SeedNode[] = [
    ['alice', ['Person'], { name: 'alice', salary: 987654, country: 'CZ' }],
    ['carol', ['Person'], { name: 'carol-hidden-name', country: 'US' }],
    ['agent', ['Agent'], { name: 'agent', codename: 'zz-codename-007' }],
    ['acme', ['Company'], { name: 'acme' }],
    ['gone', ['Agent'], { name: 'gone', codename: 'zz-codename-007' }],
    ['dropped', ['Person'], { name: 'dropped', country: 'CZ' }],
  ];
  const graph = await seedGraph(t, admin, nodes, [['works', 'WORKS_AT', 'alice', 'acme', { role: 'dev', wage: 4242 }]]);
  Object.assign(ids, graph.nodes, graph.relationships);
  expect((await call('put', `/data/nodes/${ids.alice}`, admin).send({ properties: { salary: 987655, name: 'alice' } })).status).toBe(200);
  expect((await call('put', `/data/nodes/${ids.agent}`, admin).send({ properties: { codename: 'zz-codename-007' } })).status).toBe(200);
  expect((await call('put', `/data/relationships/${ids.works}`, admin).send({ properties: { wage: 4242, role: 'lead' } })).status).toBe(
    200,
  );
  expect(
    (await call('put', '/data/nodes/find', admin).send({ filter: { label: 'Agent' }, properties: { codename: 'zz-bulk-secret' } })).status,
  ).toBe(200);
  expect((await call('delete', `/data/nodes/${ids.gone}`, admin)).status).toBe(200);
  expect((await call('delete', `/data/nodes/${ids.dropped}`, admin)).status).toBe(200);

  const [group] = await t.deps
    .db('groups')
    .insert({
      name: 'Czech auditors',
      entity_security: JSON.stringify({ nodeFilter: { or: [{ label: 'Person' }, { label: 'Company' }] } }),
      property_security: JSON.stringify({
        nodes: { Person: { disabled: ['salary'] } },
        relationships: { WORKS_AT: { enabled: ['role'] } },
      }),
      data_security: JSON.stringify({ rules: [{ label: 'Person', filter: { property: 'country', operator: '=', value: 'CZ' } }] }),
    })
    .returning('id');
  await t.createUser('auditor', { password: 'auditor-password-1', permissions: ['AUDIT_LOG'], groupIds: [String(group.id)] });
  await t.createUser('fullauditor', { password: 'fullauditor-password-1', permissions: ['AUDIT_LOG', 'READ_ALL_DATA'] });
  auditor = t.basic('auditor', 'auditor-password-1');
  fullAuditor = t.basic('fullauditor', 'fullauditor-password-1');
});
afterAll(async () => {
  await t.close();
});

function expectNoSecrets(items: Item[]): void {
  const text = JSON.stringify(items);
  for (const secret of SECRETS) expect(text).not.toContain(secret);
  // (Ids of other kinds - a user id - may be equal to a hidden node id, on Neo4j especially.)
  const hiddenNodes = new Set([ids.carol, ids.agent, ids.gone, ids.dropped]);
  for (const item of items) if (item.targetType === 'node') expect(hiddenNodes.has(item.targetId as string)).toBe(false);
}

interface Item {
  action: string;
  targetType: string | null;
  targetId: string | null;
  details: Record<string, unknown>;
}

describe('GET /audit/data through the reader scope', () => {
  test('when a restricted auditor lists graph events, then no hidden label, property, value or hidden element id appears', async () => {
    const response = await call('get', '/audit/data?pageSize=1000', auditor);
    expect(response.status).toBe(200);
    expectNoSecrets(response.body.items);
  });

  test('when a restricted auditor lists events, then totals and paging are the same as for a reader of all data', async () => {
    for (const filter of ['action=node.*', 'action=relationship.*', 'action=nodes.*', 'targetType=node', '']) {
      const restrictedPage = await call('get', `/audit/data?pageSize=3&${filter}`, auditor);
      const fullPage = await call('get', `/audit/data?pageSize=3&${filter}`, fullAuditor);
      expect(restrictedPage.status).toBe(200);
      expect(restrictedPage.body.total).toBe(fullPage.body.total);
      expect(restrictedPage.body.items.map((i: { id: string }) => i.id)).toEqual(fullPage.body.items.map((i: { id: string }) => i.id));
    }
  });

  test('when a restricted auditor reads events of a visible node, then visible labels and properties are shown and hidden ones are left out', async () => {
    const response = await call('get', '/audit/data?action=node.*&pageSize=1000', auditor);
    const alice = (response.body.items as Item[]).filter((i) => i.targetId === ids.alice);
    const created = alice.find((i) => i.action === 'node.create')!;
    // (On Neo4j events also carry the intentId of their two-phase record: not graph data.)
    expect({ ...created.details, intentId: undefined }).toEqual({ labels: ['Person'], properties: { name: 'alice', country: 'CZ' } });
    const updated = alice.find((i) => i.action === 'node.update')!;
    expect(updated.details.properties).toEqual({ name: 'alice' });
    expect(updated.details).not.toHaveProperty('hiddenProperties');
    const rel = await call('get', `/audit/data?action=relationship.*&pageSize=1000`, auditor);
    const relCreated = (rel.body.items as Item[]).find((i) => i.action === 'relationship.create')!;
    expect(relCreated.targetId).toBe(ids.works);
    expect({ ...relCreated.details, intentId: undefined }).toEqual({
      type: 'WORKS_AT',
      startNodeId: ids.alice,
      endNodeId: ids.acme,
      properties: { role: 'dev' },
    });
  });

  test('when a restricted auditor reads events of hidden, deleted or many elements, then they are listed redacted', async () => {
    const response = await call('get', '/audit/data?action=node*&pageSize=1000', auditor);
    const items = response.body.items as Item[];
    const redacted = items.filter((i) => i.details.redacted === true);
    // carol create, agent create + update, gone create + delete, dropped create + delete, bulk update
    expect(redacted.length).toBe(8);
    for (const item of redacted) {
      expect(item.targetId).toBeNull();
      expect(item.details).toEqual({ redacted: true });
    }
    expect(redacted.some((i) => i.action === 'nodes.bulk-update')).toBe(true);
  });

  test('when a restricted auditor filters on the id of a hidden node, then the answer equals that for an id that never existed', async () => {
    for (const id of [ids.carol, ids.agent, ids.gone, '999999999']) {
      const response = await call('get', `/audit/data?targetId=${id}&targetType=node`, auditor);
      expect(response.status).toBe(200);
      expect(response.body.total).toBe(0);
    }
    const visible = await call('get', `/audit/data?targetId=${ids.alice}&targetType=node`, auditor);
    const visibleForAll = await call('get', `/audit/data?targetId=${ids.alice}&targetType=node`, fullAuditor);
    expect(visible.body.total).toBeGreaterThanOrEqual(2);
    expect(visible.body.total).toBe(visibleForAll.body.total);
    const notAnId = await call('get', '/audit/data?targetId=gas_fulltext', auditor);
    expect(notAnId.status).toBe(200);
    const full = await call('get', `/audit/data?targetId=${ids.agent}&targetType=node`, fullAuditor);
    expect(full.body.total).toBeGreaterThan(0);
  });

  test('when a restricted auditor exports the log as CSV or JSON lines, then the exports are filtered the same way', async () => {
    for (const format of ['csv', 'jsonl']) {
      const response = await call('get', `/audit/data?format=${format}`, auditor)
        .buffer(true)
        .parse((res, done) => {
          let text = '';
          res.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
          res.on('end', () => done(null, text));
        });
      expect(response.status).toBe(200);
      const text = response.body as string;
      expect(text).toContain('node.create');
      for (const secret of SECRETS) expect(text).not.toContain(secret);
    }
  });

  test('when a reader of all data lists the same events, then they are shown as recorded', async () => {
    const response = await call('get', '/audit/data?action=node.*&pageSize=1000', fullAuditor);
    const text = JSON.stringify(response.body);
    expect(text).toContain('987654');
    expect(text).toContain('zz-codename-007');
    expect(text).toContain('carol-hidden-name');
  });
});
