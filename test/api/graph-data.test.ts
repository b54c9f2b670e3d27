import request from 'supertest';
import type { TestApp } from '../support/test-app';
import { createTestApp, ADMIN_PASSWORD } from '../support/test-app';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = t.basic('admin', ADMIN_PASSWORD);
});
afterAll(async () => {
  await t.close();
});

type Method = 'get' | 'post' | 'put' | 'delete';
const call = (method: Method, url: string, auth = admin) => request(t.app)[method](url).set('Authorization', auth);

async function createNode(
  labels: string[],
  properties: Record<string, unknown>,
): Promise<{ id: string; labels: string[]; properties: Record<string, unknown> }> {
  const response = await call('post', '/data/nodes').send({ labels, properties });
  expect(response.status).toBe(201);
  return response.body;
}

async function createRel(type: string, startNodeId: string, endNodeId: string, properties: Record<string, unknown> = {}) {
  const response = await call('post', '/data/relationships').send({ type, startNodeId, endNodeId, properties });
  expect(response.status).toBe(201);
  return response.body as { id: string; type: string; startNodeId: string; endNodeId: string; properties: Record<string, unknown> };
}

async function auditActions(action: string): Promise<Array<{ target_id: string | null; details: Record<string, unknown> }>> {
  return t.deps.db('audit_events').where({ action }).orderBy('id').select('target_id', 'details');
}

async function setSetting(type: string, value: unknown): Promise<void> {
  await t.deps
    .db('settings')
    .insert({ type, value: JSON.stringify(value) })
    .onConflict('type')
    .merge();
}

describe('nodes', () => {
  test('when a node is created, then it reads back with its labels and properties and the creation is audited', async () => {
    const node = await createNode(['Person'], { name: 'Alice', age: 34 });
    expect(node).toEqual({ id: expect.stringMatching(/^\d+$/), labels: ['Person'], properties: { name: 'Alice', age: 34 } });

    const full = await call('post', `/data/nodes/${node.id}`).send({});
    expect(full.status).toBe(200);
    expect(full.body).toEqual(node);

    const some = await call('post', `/data/nodes/${node.id}`).send({ properties: ['name'] });
    expect(some.body.properties).toEqual({ name: 'Alice' });

    const events = await auditActions('node.create');
    expect(events.map((e) => e.target_id)).toContain(node.id);
  });

  test('when a node is updated with a patch, then null removes a property, others are set and labels change', async () => {
    const node = await createNode(['Person'], { name: 'Bob', nickname: 'B', age: 40 });
    const response = await call('put', `/data/nodes/${node.id}`).send({
      properties: { age: 41, nickname: null, city: 'Brno' },
      addLabels: ['Employee'],
      removeLabels: ['Person'],
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ id: node.id, labels: ['Employee'], properties: { name: 'Bob', age: 41, city: 'Brno' } });
    const again = await call('post', `/data/nodes/${node.id}`).send({});
    expect(again.body.properties).toEqual({ name: 'Bob', age: 41, city: 'Brno' });
    const [event] = (await auditActions('node.update')).filter((e) => e.target_id === node.id);
    expect(event.details).toMatchObject({
      properties: { age: 41, nickname: null, city: 'Brno' },
      addLabels: ['Employee'],
      removeLabels: ['Person'],
    });
  });

  test('when a node with relationships is deleted, then the answer lists the node and every deleted relationship', async () => {
    const hub = await createNode(['Person'], { name: 'Hub' });
    const a = await createNode(['Person'], { name: 'A' });
    const b = await createNode(['Person'], { name: 'B' });
    const r1 = await createRel('KNOWS', hub.id, a.id);
    const r2 = await createRel('KNOWS', b.id, hub.id);
    const keep = await createRel('KNOWS', a.id, b.id);

    const response = await call('delete', `/data/nodes/${hub.id}`);
    expect(response.status).toBe(200);
    expect(response.body.nodes.map((n: { id: string }) => n.id)).toEqual([hub.id]);
    expect(response.body.relationships.map((r: { id: string }) => r.id).sort()).toEqual([r1.id, r2.id].sort());

    expect((await call('post', `/data/nodes/${hub.id}`).send({})).status).toBe(404);
    expect((await call('post', `/data/relationships/${r1.id}`).send({})).status).toBe(404);
    expect((await call('post', `/data/relationships/${keep.id}`).send({})).status).toBe(200);
    const events = await auditActions('node.delete');
    expect(events.find((e) => e.target_id === hub.id)?.details).toMatchObject({ relationshipIds: expect.arrayContaining([r1.id, r2.id]) });
  });

  test('when an id is unknown, then reads, updates and deletes answer 404 NOT_FOUND', async () => {
    for (const [method, url] of [
      ['post', '/data/nodes/999999999'],
      ['put', '/data/nodes/999999999'],
      ['delete', '/data/nodes/999999999'],
      ['post', '/data/nodes/4:c0ffee:12'],
    ] as const) {
      const response = await call(method, url).send({});
      expect(response.status).toBe(404);
      expect(response.body.code).toBe('NOT_FOUND');
    }
  });

  test('when an id in the path is malformed, then 400', async () => {
    const response = await call('post', `/data/nodes/${encodeURIComponent("1' OR 1=1")}`).send({});
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('VALIDATION_FAILED');
  });

  test('when a label or property name holds a quote or backtick, then 400 INVALID_IDENTIFIER', async () => {
    const label = await call('post', '/data/nodes').send({ labels: ['Per`son'], properties: {} });
    expect(label.status).toBe(400);
    expect(label.body.code).toBe('INVALID_IDENTIFIER');
    const property = await call('post', '/data/nodes').send({ labels: ['Person'], properties: { "na'me": 1 } });
    expect(property.status).toBe(400);
    expect(property.body.code).toBe('INVALID_IDENTIFIER');
    const node = await createNode(['Person'], { name: 'Q' });
    const projection = await call('post', `/data/nodes/${node.id}`).send({ properties: ['a"b'] });
    expect(projection.status).toBe(400);
    expect(projection.body.code).toBe('INVALID_IDENTIFIER');
  });

  test('when a user without DATA_MANAGEMENT writes, then 403 PERMISSION_DENIED and nothing changes', async () => {
    await t.createUser('reader', { password: 'reader-password-1', permissions: ['READ_ALL_DATA'] });
    const reader = t.basic('reader', 'reader-password-1');
    const node = await createNode(['Person'], { name: 'Untouched' });
    const attempts = [
      call('post', '/data/nodes', reader).send({ labels: ['Person'], properties: {} }),
      call('put', `/data/nodes/${node.id}`, reader).send({ properties: { name: 'Changed' } }),
      call('delete', `/data/nodes/${node.id}`, reader),
      call('put', '/data/nodes/find', reader).send({ filter: { label: 'Person' }, set: { x: 1 } }),
      call('post', '/data/relationships', reader).send({ type: 'KNOWS', startNodeId: node.id, endNodeId: node.id, properties: {} }),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.status).toBe(403);
      expect(response.body).toMatchObject({ code: 'PERMISSION_DENIED', permission: 'DATA_MANAGEMENT' });
    }
    const read = await call('post', `/data/nodes/${node.id}`, reader).send({});
    expect(read.status).toBe(200);
    expect(read.body.properties).toEqual({ name: 'Untouched' });
  });

  test('when DATA_SCHEMA makes a property mandatory, then a create without it is 422 DATA_SCHEMA_VIOLATION', async () => {
    await setSetting('DATA_SCHEMA', { nodes: { Robot: { serial: { dataType: 'string', mandatory: true } } }, relationships: {} });
    try {
      const refused = await call('post', '/data/nodes').send({ labels: ['Robot'], properties: { name: 'R2' } });
      expect(refused.status).toBe(422);
      expect(refused.body.code).toBe('DATA_SCHEMA_VIOLATION');
      const accepted = await call('post', '/data/nodes').send({ labels: ['Robot'], properties: { serial: 'R2-D2' } });
      expect(accepted.status).toBe(201);
    } finally {
      await t.deps.db('settings').where({ type: 'DATA_SCHEMA' }).delete();
    }
  });
});

describe('relationships', () => {
  test('when a relationship is created, read, patched and deleted by query id, then each step answers the element', async () => {
    const a = await createNode(['Person'], { name: 'Ra' });
    const b = await createNode(['Person'], { name: 'Rb' });
    const rel = await createRel('KNOWS', a.id, b.id, { since: 2019, note: 'x' });
    expect(rel).toEqual({
      id: expect.any(String),
      type: 'KNOWS',
      startNodeId: a.id,
      endNodeId: b.id,
      properties: { since: 2019, note: 'x' },
    });

    const some = await call('post', `/data/relationships/${rel.id}`).send({ properties: ['since'] });
    expect(some.body).toEqual({ ...rel, properties: { since: 2019 } });

    const updated = await call('put', `/data/relationships/${rel.id}`).send({ properties: { since: 2020, note: null } });
    expect(updated.status).toBe(200);
    expect(updated.body.properties).toEqual({ since: 2020 });

    const deleted = await call('delete', `/data/nodes/relationships?id=${rel.id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ nodes: [], relationships: [{ ...rel, properties: { since: 2020 } }] });
    const gone = await call('delete', `/data/nodes/relationships?id=${rel.id}`);
    expect(gone.status).toBe(404);

    // On Neo4j every write also has its two-phase records (graph.write.intent / abort): the changes themselves are these three.
    const actions = (
      await t.deps
        .db('audit_events')
        .where('target_id', rel.id)
        .where('target_type', 'relationship')
        .whereNot('action', 'like', 'graph.write.%')
        .orderBy('id')
        .select('action')
    ).map((r) => r.action);
    expect(actions).toEqual(['relationship.create', 'relationship.update', 'relationship.delete']);
  });

  test('when the relationship id is sent in the DELETE body, then it is deleted; without any id, then 400 ID_REQUIRED', async () => {
    const a = await createNode(['Person'], { name: 'Da' });
    const rel = await createRel('KNOWS', a.id, a.id);
    const deleted = await call('delete', '/data/nodes/relationships').send({ id: rel.id });
    expect(deleted.status).toBe(200);
    expect(deleted.body.relationships.map((r: { id: string }) => r.id)).toEqual([rel.id]);
    const missing = await call('delete', '/data/nodes/relationships');
    expect(missing.status).toBe(400);
    expect(missing.body.code).toBe('ID_REQUIRED');
  });

  test('when an end node does not exist, then creating a relationship is 404 and nothing is created', async () => {
    const a = await createNode(['Person'], { name: 'Lonely' });
    const response = await call('post', '/data/relationships').send({
      type: 'KNOWS',
      startNodeId: a.id,
      endNodeId: '987654321',
      properties: {},
    });
    expect(response.status).toBe(404);
    expect(response.body.code).toBe('NOT_FOUND');
    const direct = await call('post', '/data/graph/directRelationships').send({ sourceIds: [a.id], targetIds: ['987654321'] });
    expect(direct.body.relationships).toEqual([]);
  });

  test('when a relationship type holds a backtick, then 400 INVALID_IDENTIFIER', async () => {
    const a = await createNode(['Person'], { name: 'Bt' });
    const response = await call('post', '/data/relationships').send({
      type: 'KNOWS`) DETACH DELETE n //',
      startNodeId: a.id,
      endNodeId: a.id,
      properties: {},
    });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('INVALID_IDENTIFIER');
  });
});

describe('find', () => {
  beforeAll(async () => {
    for (let i = 1; i <= 25; i++)
      await createNode(['Fruit'], { name: `fruit-${String(i).padStart(2, '0')}`, weight: i, colour: i % 2 === 0 ? 'red' : 'green' });
    await createNode(['Vegetable'], { name: 'carrot', weight: 7 });
  });

  test('when nodes are searched with a filter, sort and paging, then the page and the total are right', async () => {
    const response = await call('post', '/data/nodes/find').send({
      filter: { property: 'weight', operator: '>=', value: 10 },
      labels: ['Fruit'],
      sort: [{ property: 'weight', direction: 'desc' }],
      skip: 5,
      limit: 4,
      properties: ['weight'],
    });
    expect(response.status).toBe(200);
    expect(response.body.total).toBe(16);
    expect(response.body.skip).toBe(5);
    expect(response.body.limit).toBe(4);
    expect(response.body.items.map((n: { properties: { weight: number } }) => n.properties.weight)).toEqual([20, 19, 18, 17]);
    expect(Object.keys(response.body.items[0].properties)).toEqual(['weight']);
  });

  test('when no limit is given, then at most 100 are returned; above 1000 is refused', async () => {
    const page = await call('post', '/data/nodes/find').send({ labels: ['Fruit'] });
    expect(page.body.limit).toBe(100);
    expect(page.body.items).toHaveLength(25);
    const tooMany = await call('post', '/data/nodes/find').send({ limit: 1001 });
    expect(tooMany.status).toBe(400);
  });

  test('when the filter combines and/or/not, then only matching nodes are found', async () => {
    const response = await call('post', '/data/nodes/find').send({
      filter: {
        and: [
          { label: 'Fruit' },
          { property: 'colour', operator: '=', value: 'red' },
          { not: { property: 'weight', operator: '>', value: 10 } },
        ],
      },
      sort: [{ property: 'weight', direction: 'asc' }],
    });
    expect(response.body.items.map((n: { properties: { weight: number } }) => n.properties.weight)).toEqual([2, 4, 6, 8, 10]);
    expect(response.body.total).toBe(5);
  });

  test('when text is given, then nodes with matching text are found', async () => {
    const response = await call('post', '/data/nodes/find').send({ text: 'carrot' });
    expect(response.status).toBe(200);
    expect(response.body.items.map((n: { properties: { name: string } }) => n.properties.name)).toEqual(['carrot']);
  });

  test('when the filter names an unknown label, then 400 UNKNOWN_LABEL', async () => {
    const response = await call('post', '/data/nodes/find').send({ filter: { label: 'Unicorn' } });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('UNKNOWN_LABEL');
    const listed = await call('post', '/data/nodes/find').send({ labels: ['Unicorn'] });
    expect(listed.status).toBe(400);
    expect(listed.body.code).toBe('UNKNOWN_LABEL');
  });

  test('when the filter is malformed, then 400 INVALID_FILTER with the path of the problem', async () => {
    for (const filter of [
      { foo: 1 },
      { and: [] },
      { property: 'weight', operator: 'LIKE', value: 1 },
      { property: 'weight', operator: '=~', value: '(' },
      'weight > 3',
    ]) {
      const response = await call('post', '/data/nodes/find').send({ filter });
      expect(response.status).toBe(400);
      expect(response.body.code).toBe('INVALID_FILTER');
      expect(response.body.path).toMatch(/^filter/);
    }
  });

  test('when a filter or sort names a property with a quote, then 400 INVALID_IDENTIFIER', async () => {
    const inFilter = await call('post', '/data/nodes/find').send({ filter: { property: "x') or 1=1 --", operator: '=', value: 1 } });
    expect(inFilter.status).toBe(400);
    expect(inFilter.body.code).toBe('INVALID_IDENTIFIER');
    const inSort = await call('post', '/data/nodes/find').send({ sort: [{ property: 'we`ight', direction: 'asc' }] });
    expect(inSort.status).toBe(400);
    expect(inSort.body.code).toBe('INVALID_IDENTIFIER');
  });

  test('when nodes are updated by filter, then every match changes, the count is answered and audited', async () => {
    const response = await call('put', '/data/nodes/find').send({
      filter: { and: [{ label: 'Fruit' }, { property: 'colour', operator: '=', value: 'green' }] },
      set: { ripe: true },
      addLabels: ['Ripe'],
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ updated: 13 });
    const ripe = await call('post', '/data/nodes/find').send({ filter: { property: 'ripe', operator: '=', value: true } });
    expect(ripe.body.total).toBe(13);
    expect(ripe.body.items.every((n: { labels: string[] }) => n.labels.includes('Ripe'))).toBe(true);
    const [event] = await auditActions('nodes.bulk-update');
    expect(event.details).toMatchObject({
      count: 13,
      filter: { and: [{ label: 'Fruit' }, { property: 'colour', operator: '=', value: 'green' }] },
    });
  });

  test('when a bulk update has no filter or a malformed one, then 400 and nothing changes', async () => {
    const missing = await call('put', '/data/nodes/find').send({ set: { x: 1 } });
    expect(missing.status).toBe(400);
    const malformed = await call('put', '/data/nodes/find').send({ filter: { or: 'x' }, set: { x: 1 } });
    expect(malformed.status).toBe(400);
    expect(malformed.body.code).toBe('INVALID_FILTER');
    const changed = await call('post', '/data/nodes/find').send({ filter: { property: 'x', operator: 'IS NOT NULL' } });
    expect(changed.body.total).toBe(0);
  });
});

describe('vocabulary and cypher', () => {
  test('when labels, types and keys are listed, then existing visible ones plus the DATA_TYPES ones appear, and DATA_TYPES limits them', async () => {
    const a = await createNode(['Planet'], { orbit: 1 });
    await createRel('ORBITS', a.id, a.id, { period: 3 });
    const before = await call('get', '/data/nodes/possibleLabels');
    expect(before.body).toEqual(expect.arrayContaining(['Planet', 'Person', 'Fruit']));
    expect(before.body).not.toContain('Moon');

    await setSetting('DATA_TYPES', {
      nodeLabels: ['Planet', 'Moon', 'Person'],
      relationshipTypes: ['ORBITS', 'ECLIPSES'],
      uid: { nodes: {}, relationships: {} },
    });
    try {
      const labels = await call('get', '/data/nodes/possibleLabels');
      expect(labels.status).toBe(200);
      expect(labels.body).toEqual(['Moon', 'Person', 'Planet']);
      const types = await call('get', '/data/relationships/possibleTypes');
      expect(types.body).toEqual(['ECLIPSES', 'ORBITS']);
      const keys = await call('get', '/data/possiblePropertyKeys');
      expect(keys.body).toEqual(expect.arrayContaining(['orbit', 'period', 'name']));
      expect(keys.body).not.toContain('weight');
    } finally {
      await t.deps.db('settings').where({ type: 'DATA_TYPES' }).delete();
    }
    const after = await call('get', '/data/relationships/possibleTypes');
    expect(after.body).toEqual(expect.arrayContaining(['KNOWS', 'ORBITS']));
    expect(after.body).not.toContain('ECLIPSES');
  });

  test('when a Cypher query is sent, then both backends answer it (PostgreSQL through its Cypher translation)', async () => {
    const response = await call('post', '/data/cypher').send({ query: 'MATCH (n) RETURN n LIMIT 1', params: {} });
    expect(response.status).toBe(200);
    expect(response.body.columns).toEqual(['n']);
    expect(response.body.rows).toHaveLength(1);
    expect(response.body.rows[0][0]).toEqual({ id: expect.any(String), labels: expect.any(Array), properties: expect.any(Object) });
  });

  test('when a user without CYPHER_QUERIES sends a query, then 403', async () => {
    await t.createUser('nocypher', { password: 'nocypher-password-1', permissions: ['READ_ALL_DATA'] });
    const response = await call('post', '/data/cypher', t.basic('nocypher', 'nocypher-password-1')).send({ query: 'MATCH (n) RETURN n' });
    expect(response.status).toBe(403);
    expect(response.body.permission).toBe('CYPHER_QUERIES');
  });
});
