import request from 'supertest';
import { seedGraph } from '../support/seed-graph';
import type { SeedNode, SeedRelationship } from '../support/seed-graph';
import type { TestApp } from '../support/test-app';
import { createTestApp, ADMIN_PASSWORD } from '../support/test-app';

/**
 * Labels and relationship types outside the user's scope, named in statistics, explore, paths and
 * uid lookups: the same vocabulary check as find (400 UNKNOWN_LABEL / UNKNOWN_TYPE, the answer for
 * a name that does not exist), on PostgreSQL and on Neo4j (GAS_TEST_GRAPH_BACKEND=neo4j).
 *
 * Fixture (created by the administrator):
 *   alice -KNOWS-> bob -KNOWS-> carol, alice -SPIES_ON-> carol, alice -KNOWS-> agent
 *   alice, bob, carol: Person (bob also Vip); agent: Agent; acme: Company; alice -WORKS_AT-> acme
 * The restricted user's group: nodes Person or Company (agent hidden), no SPIES_ON; a row rule
 * {"not": retired = true} for Person (no fixture node has "retired" but carol).
 */
let t: TestApp;
let admin: string;
let restricted: string;
let ids: Record<string, string>;

type Method = 'get' | 'post';
const call = (method: Method, url: string, auth: string) => request(t.app)[method](url).set('Authorization', auth);
const names = (items: Array<{ properties: { name?: string } }>) => items.map((n) => n.properties.name).sort();

async function expectUnknown(response: request.Response, code: 'UNKNOWN_LABEL' | 'UNKNOWN_TYPE'): Promise<void> {
  expect({ status: response.status, code: response.body.code }).toEqual({ status: 400, code });
}

beforeAll(async () => {
  t = await createTestApp();
  admin = t.basic('admin', ADMIN_PASSWORD);
  const nodes: SeedNode[] = [
    ['alice', ['Person'], { name: 'alice', uuid: 'u-alice' }],
    ['bob', ['Person', 'Vip'], { name: 'bob', uuid: 'u-bob' }],
    ['carol', ['Person'], { name: 'carol', retired: true }],
    ['agent', ['Agent'], { name: 'agent' }],
    ['acme', ['Company'], { name: 'acme' }],
  ];
  const relationships: SeedRelationship[] = [
    ['aliceKnowsBob', 'KNOWS', 'alice', 'bob', { since: 2000 }],
    ['bobKnowsCarol', 'KNOWS', 'bob', 'carol', { since: 2000 }],
    ['aliceSpiesOnCarol', 'SPIES_ON', 'alice', 'carol', { since: 2000 }],
    ['aliceKnowsAgent', 'KNOWS', 'alice', 'agent', { since: 2000 }],
    ['aliceWorksAtAcme', 'WORKS_AT', 'alice', 'acme', { since: 2000 }],
  ];
  ({ nodes: ids } = await seedGraph(t, admin, nodes, relationships));
  const [group] = await t.deps
    .db('groups')
    .insert({
      name: 'Vocabulary',
      entity_security: JSON.stringify({
        nodeFilter: { or: [{ label: 'Person' }, { label: 'Company' }] },
        relationshipFilter: { not: { type: 'SPIES_ON' } },
      }),
      data_security: JSON.stringify({ rules: [{ label: 'Person', filter: { not: { property: 'retired', operator: '=', value: true } } }] }),
    })
    .returning('id');
  await t.createUser('restricted', { password: 'restricted-password-1', groupIds: [String(group.id)] });
  restricted = t.basic('restricted', 'restricted-password-1');
});
afterAll(async () => {
  await t.close();
});

describe('a row rule with "not" on a property most nodes lack', () => {
  test('when the group hides retired people, then the people without the property stay visible', async () => {
    const found = await call('post', '/data/nodes/find', restricted).send({});
    expect(names(found.body.items)).toEqual(['acme', 'alice', 'bob']);
    const notFilter = await call('post', '/data/nodes/find', admin).send({
      filter: { not: { property: 'retired', operator: '=', value: true } },
    });
    expect(names(notFilter.body.items)).toEqual(['acme', 'agent', 'alice', 'bob']);
  });
});

describe('labels and types hidden by the groups', () => {
  test('when frequency statistics name a hidden label, then 400 UNKNOWN_LABEL as for an absent one', async () => {
    const asAdmin = await call('get', '/data/stats/frequency/nodes/Agent/name', admin);
    expect(asAdmin.body).toMatchObject({ values: [{ value: 'agent', count: 1 }], total: 1 });
    await expectUnknown(await call('get', '/data/stats/frequency/nodes/Agent/name', restricted), 'UNKNOWN_LABEL');
    await expectUnknown(await call('get', '/data/stats/frequency/nodes/Person,Agent/name', restricted), 'UNKNOWN_LABEL');
    await expectUnknown(await call('get', '/data/stats/frequency/nodes/Martian/name', restricted), 'UNKNOWN_LABEL');
    const visible = await call('get', '/data/stats/frequency/nodes/Person/name', restricted);
    expect(visible.body).toMatchObject({ total: 2, distinct: 2 });
  });

  test('when frequency statistics name a hidden relationship type, then 400 UNKNOWN_TYPE as for an absent one', async () => {
    expect((await call('get', '/data/stats/frequency/relationships/SPIES_ON/since', admin)).body.total).toBe(1);
    await expectUnknown(await call('get', '/data/stats/frequency/relationships/SPIES_ON/since', restricted), 'UNKNOWN_TYPE');
    await expectUnknown(await call('get', '/data/stats/frequency/relationships/LOVES/since', restricted), 'UNKNOWN_TYPE');
    expect((await call('get', '/data/stats/frequency/relationships/KNOWS/since', restricted)).body.total).toBe(1);
  });

  test('when explore names a hidden label or type, then 400 as for an absent one, and a hidden or absent node is 404', async () => {
    const asAdmin = await call('post', '/data/graph/explore', admin).send({ nodeId: ids.alice, labels: ['Agent'] });
    expect(names(asAdmin.body.nodes)).toEqual(['agent', 'alice']);
    await expectUnknown(
      await call('post', '/data/graph/explore', restricted).send({ nodeId: ids.alice, labels: ['Agent'] }),
      'UNKNOWN_LABEL',
    );
    await expectUnknown(
      await call('post', '/data/graph/explore', restricted).send({ nodeId: ids.alice, labels: ['Martian'] }),
      'UNKNOWN_LABEL',
    );
    await expectUnknown(
      await call('post', '/data/graph/explore', restricted).send({ nodeId: ids.alice, types: ['SPIES_ON'] }),
      'UNKNOWN_TYPE',
    );
    const people = await call('post', '/data/graph/explore', restricted).send({ nodeId: ids.alice, labels: ['Person'], types: ['KNOWS'] });
    expect(names(people.body.nodes)).toEqual(['alice', 'bob']);
    for (const nodeId of [ids.agent, ids.carol, '987654321']) {
      const response = await call('post', '/data/graph/explore', restricted).send({ nodeId });
      expect({ nodeId, status: response.status, code: response.body.code }).toEqual({ nodeId, status: 404, code: 'NOT_FOUND' });
    }
  });

  test('when paths name a hidden type, then 400 UNKNOWN_TYPE as for an absent one', async () => {
    const bodies: Array<[string, Record<string, unknown>]> = [
      ['/data/shortestPath', { nodeIds: [ids.alice, ids.bob] }],
      ['/data/graph/indirectRelationships', { nodeIds: [ids.alice, ids.bob] }],
      ['/data/graph/directRelationships', { sourceIds: [ids.alice], targetIds: [ids.bob] }],
    ];
    for (const [url, body] of bodies) {
      await expectUnknown(await call('post', url, restricted).send({ ...body, types: ['SPIES_ON'] }), 'UNKNOWN_TYPE');
      await expectUnknown(await call('post', url, restricted).send({ ...body, types: ['LOVES'] }), 'UNKNOWN_TYPE');
      expect((await call('post', url, restricted).send({ ...body, types: ['KNOWS'] })).status).toBe(200);
      expect((await call('post', url, admin).send({ ...body, types: ['SPIES_ON'] })).status).toBe(200);
    }
  });
});

describe('labels hidden by DATA_TYPES', () => {
  test('when a label is left out of DATA_TYPES, then naming it is 400 UNKNOWN_LABEL even for the administrator, and never counts the visible nodes carrying it', async () => {
    await t.deps
      .db('settings')
      .insert({
        type: 'DATA_TYPES',
        value: JSON.stringify({
          nodeLabels: ['Person', 'Company'],
          relationshipTypes: ['*'],
          uid: { nodes: { Person: 'uuid' }, relationships: {} },
        }),
      })
      .onConflict('type')
      .merge();
    try {
      for (const auth of [admin, restricted]) {
        await expectUnknown(await call('get', '/data/stats/frequency/nodes/Vip/name', auth), 'UNKNOWN_LABEL');
        await expectUnknown(await call('post', '/data/graph/explore', auth).send({ nodeId: ids.alice, labels: ['Vip'] }), 'UNKNOWN_LABEL');
        await expectUnknown(await call('post', '/data/nodes/find', auth).send({ filter: { label: 'Vip' } }), 'UNKNOWN_LABEL');
        await expectUnknown(await call('post', '/data/graph/uid', auth).send({ nodes: [{ label: 'Vip', uid: 'u-bob' }] }), 'UNKNOWN_LABEL');
      }
      const byUid = await call('post', '/data/graph/uid', restricted).send({ nodes: [{ label: 'Person', uid: 'u-bob' }] });
      expect(byUid.body.nodes.map((n: { id: string; labels: string[] }) => [n.id, n.labels])).toEqual([[ids.bob, ['Person']]]);
    } finally {
      await t.deps.db('settings').where({ type: 'DATA_TYPES' }).delete();
    }
  });
});
