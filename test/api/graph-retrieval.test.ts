import request from 'supertest';
import { seedGraph } from '../support/seed-graph';
import type { SeedNode, SeedRelationship } from '../support/seed-graph';
import type { TestApp } from '../support/test-app';
import { createTestApp, ADMIN_PASSWORD } from '../support/test-app';

/**
 * The fixture:
 *
 *   a -KNOWS-> b -KNOWS-> d        two shortest paths a..d (length 2)
 *   a -KNOWS-> e -LIKES-> d
 *   a -KNOWS-> c -KNOWS-> x -KNOWS-> d   a longer one (length 3)
 *   hub -LINKS-> n1..n5 (Leaf), hub -LINKS-> city (City)
 */
let t: TestApp;
let admin: string;
let ids: Record<string, string>;
let rels: Record<string, string>;

type Method = 'get' | 'post' | 'put' | 'delete';
const call = (method: Method, url: string, auth = admin) => request(t.app)[method](url).set('Authorization', auth);

/** A node keyed by its name property. */
const named = (name: string, labels: string[], properties: Record<string, unknown> = {}): SeedNode => [
  name,
  labels,
  { name, ...properties },
];
const leaves = [1, 2, 3, 4, 5].map((i) => `n${i}`);

const pathNames = (path: { nodes: Array<{ properties: { name: string } }> }) => path.nodes.map((n) => n.properties.name).join('-');
/** An undirected path read from its alphabetically first end (which end comes first is not promised: ids need not follow creation order). */
const undirected = (path: { nodes: Array<{ properties: { name: string } }> }) => {
  const names = path.nodes.map((n) => n.properties.name);
  return (names[0] <= names[names.length - 1] ? names : [...names].reverse()).join('-');
};

beforeAll(async () => {
  t = await createTestApp();
  admin = t.basic('admin', ADMIN_PASSWORD);
  const nodes: SeedNode[] = [
    ...['a', 'b', 'c', 'd', 'e', 'x'].map((name) => named(name, ['Person'], { uuid: `u-${name}` })),
    named('hub', ['Hub']),
    ...leaves.map((name) => named(name, ['Leaf'])),
    named('city', ['City']),
  ];
  const relationships: SeedRelationship[] = [
    ['ab', 'KNOWS', 'a', 'b', { rid: 'r-ab' }],
    ['bd', 'KNOWS', 'b', 'd'],
    ['ae', 'KNOWS', 'a', 'e'],
    ['ed', 'LIKES', 'e', 'd'],
    ['ac', 'KNOWS', 'a', 'c'],
    ['cx', 'KNOWS', 'c', 'x'],
    ['xd', 'KNOWS', 'x', 'd'],
    ...leaves.map((leaf, i): SeedRelationship => [`hub${i + 1}`, 'LINKS', 'hub', leaf]),
    ['hubCity', 'LINKS', 'city', 'hub'],
  ];
  ({ nodes: ids, relationships: rels } = await seedGraph(t, admin, nodes, relationships));
});
afterAll(async () => {
  await t.close();
});

describe('graph retrieval', () => {
  test('when nodes and relationships are asked for by id, then the existing ones come back and unknown ids are left out', async () => {
    const response = await call('post', '/data/graph').send({
      nodeIds: [ids.a, ids.b, '999999999'],
      relationshipIds: [rels.ab, '999999999'],
    });
    expect(response.status).toBe(200);
    expect(response.body.nodes.map((n: { id: string }) => n.id)).toEqual([ids.a, ids.b]);
    expect(response.body.relationships).toEqual([
      { id: rels.ab, type: 'KNOWS', startNodeId: ids.a, endNodeId: ids.b, properties: { rid: 'r-ab' } },
    ]);
  });

  test('when an id in a list is malformed, then 400', async () => {
    const response = await call('post', '/data/graph').send({ nodeIds: ["1'); drop table graph_nodes; --"] });
    expect(response.status).toBe(400);
  });

  test('when direct relationships between two groups are asked for, then every relationship in either direction comes back', async () => {
    const response = await call('post', '/data/graph/directRelationships').send({ sourceIds: [ids.d], targetIds: [ids.b, ids.e, ids.a] });
    expect(response.status).toBe(200);
    expect(response.body.relationships.map((r: { id: string }) => r.id).sort()).toEqual([rels.bd, rels.ed].sort());
    const typed = await call('post', '/data/graph/directRelationships').send({
      sourceIds: [ids.d],
      targetIds: [ids.b, ids.e],
      types: ['LIKES'],
    });
    expect(typed.body.relationships.map((r: { id: string }) => r.id)).toEqual([rels.ed]);
  });

  test('when indirect relationships are asked for, then the paths through other nodes up to maxDepth come back', async () => {
    const short = await call('post', '/data/graph/indirectRelationships').send({ nodeIds: [ids.a, ids.d], maxDepth: 2 });
    expect(short.status).toBe(200);
    expect(short.body.paths.map(undirected).sort()).toEqual(['a-b-d', 'a-e-d']);
    const longer = await call('post', '/data/graph/indirectRelationships').send({ nodeIds: [ids.a, ids.d] });
    expect(longer.body.paths.map(undirected).sort()).toEqual(['a-b-d', 'a-c-x-d', 'a-e-d']);
    const knowsOnly = await call('post', '/data/graph/indirectRelationships').send({ nodeIds: [ids.a, ids.d], types: ['KNOWS'] });
    expect(knowsOnly.body.paths.map(undirected).sort()).toEqual(['a-b-d', 'a-c-x-d']);
    expect(knowsOnly.body.paths[0].relationships.length).toBe(knowsOnly.body.paths[0].nodes.length - 1);
  });

  test('when maxDepth is outside 2..6, then 400', async () => {
    for (const maxDepth of [1, 7]) {
      const response = await call('post', '/data/graph/indirectRelationships').send({ nodeIds: [ids.a, ids.d], maxDepth });
      expect(response.status).toBe(400);
    }
  });

  test('when a node is explored with a limit, then that many neighbours come back and remaining counts the others', async () => {
    const response = await call('post', '/data/graph/explore').send({ nodeId: ids.hub, limit: 3 });
    expect(response.status).toBe(200);
    expect(response.body.nodes).toHaveLength(4);
    expect(response.body.nodes.map((n: { id: string }) => n.id)).toContain(ids.hub);
    expect(response.body.relationships).toHaveLength(3);
    expect(response.body.remaining).toBe(3);
    for (const r of response.body.relationships) expect([r.startNodeId, r.endNodeId]).toContain(ids.hub);
  });

  test('when exploring is narrowed by direction and labels, then only those neighbours come back', async () => {
    const incoming = await call('post', '/data/graph/explore').send({ nodeId: ids.hub, direction: 'in' });
    expect(incoming.body.nodes.map((n: { properties: { name: string } }) => n.properties.name).sort()).toEqual(['city', 'hub']);
    expect(incoming.body.remaining).toBe(0);
    const leaves = await call('post', '/data/graph/explore').send({ nodeId: ids.hub, labels: ['Leaf'], limit: 100 });
    expect(leaves.body.nodes).toHaveLength(6);
    expect(leaves.body.remaining).toBe(0);
  });

  test('when the explored node does not exist, then 404', async () => {
    const response = await call('post', '/data/graph/explore').send({ nodeId: '999999999' });
    expect(response.status).toBe(404);
    expect(response.body.code).toBe('NOT_FOUND');
  });

  test('when elements are asked for by uid, then the DATA_TYPES uid properties resolve them', async () => {
    await t.deps
      .db('settings')
      .insert({
        type: 'DATA_TYPES',
        value: JSON.stringify({
          nodeLabels: ['*'],
          relationshipTypes: ['*'],
          uid: { nodes: { Person: 'uuid' }, relationships: { KNOWS: 'rid' } },
        }),
      })
      .onConflict('type')
      .merge();
    try {
      const byLabel = await call('post', '/data/graph/uid').send({
        nodes: [{ label: 'Person', uid: 'u-a' }, { uid: 'u-b' }],
        relationships: [{ type: 'KNOWS', uid: 'r-ab' }],
      });
      expect(byLabel.status).toBe(200);
      expect(byLabel.body.nodes.map((n: { id: string }) => n.id).sort()).toEqual([ids.a, ids.b].sort());
      expect(byLabel.body.relationships.map((r: { id: string }) => r.id)).toEqual([rels.ab]);

      const simple = await call('post', '/data/graph/uid').send({ uids: ['u-d', 'r-ab', 'nothing'] });
      expect(simple.body.nodes.map((n: { id: string }) => n.id)).toEqual([ids.d]);
      expect(simple.body.relationships.map((r: { id: string }) => r.id)).toEqual([rels.ab]);

      const unconfigured = await call('post', '/data/graph/uid').send({ nodes: [{ label: 'Hub', uid: 'x' }] });
      expect(unconfigured.status).toBe(400);
      expect(unconfigured.body.code).toBe('UID_NOT_CONFIGURED');
    } finally {
      await t.deps.db('settings').where({ type: 'DATA_TYPES' }).delete();
    }
  });

  test('when shortest paths between two nodes are asked for, then all shortest ones come back', async () => {
    const response = await call('post', '/data/shortestPath').send({ nodeIds: [ids.a, ids.d] });
    expect(response.status).toBe(200);
    expect(response.body.paths.map(pathNames).sort()).toEqual(['a-b-d', 'a-e-d']);
    const knowsOnly = await call('post', '/data/shortestPath').send({ nodeIds: [ids.a, ids.d], types: ['KNOWS'] });
    expect(knowsOnly.body.paths.map(pathNames)).toEqual(['a-b-d']);
    const tooShort = await call('post', '/data/shortestPath').send({ nodeIds: [ids.a, ids.d], maxDepth: 1 });
    expect(tooShort.body.paths).toEqual([]);
    const againstDirection = await call('post', '/data/shortestPath').send({ nodeIds: [ids.d, ids.a], direction: 'out' });
    expect(againstDirection.body.paths).toEqual([]);
  });

  test('when shortestPath gets 1 or 3 node ids, then 400 SHORTEST_PATH_NEEDS_TWO_NODES', async () => {
    for (const nodeIds of [[ids.a], [ids.a, ids.b, ids.d], []]) {
      const response = await call('post', '/data/shortestPath').send({ nodeIds });
      expect(response.status).toBe(400);
      expect(response.body.code).toBe('SHORTEST_PATH_NEEDS_TWO_NODES');
    }
  });

  test('when a shortestPath end does not exist, then 404', async () => {
    const response = await call('post', '/data/shortestPath').send({ nodeIds: [ids.a, '999999999'] });
    expect(response.status).toBe(404);
  });
});
