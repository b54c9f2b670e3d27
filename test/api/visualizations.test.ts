import { deflateSync } from 'node:zlib';
import request from 'supertest';
import { seedGraph } from '../support/seed-graph';
import type { SeedNode, SeedRelationship } from '../support/seed-graph';
import type { TestApp } from '../support/test-app';
import { createTestApp, ADMIN_PASSWORD } from '../support/test-app';

/**
 * Saved visualizations (spec 4.9). The fixture:
 *
 *   users:  owner (Share visualization; groups Team and Restricted), colleague (Team),
 *           restricted (Restricted), outsider (Other), viewer (View all visualizations; Other),
 *           sharer (Share visualization + with everyone; no group), noexport (no permission)
 *   groups: Team and Other restrict nothing; Restricted hides Agent nodes (entitySecurity) and
 *           Person.salary (propertySecurity)
 *   graph:  alice, bob, carol (Person, uuid), agent (Agent, codename); alice-KNOWS-bob,
 *           alice-KNOWS-agent, bob-KNOWS-carol; DATA_TYPES uid of Person is uuid
 */
let t: TestApp;
let admin: string;
const auth: Record<string, string> = {};
const userIds: Record<string, string> = {};
const groupIds: Record<string, string> = {};
let ids: Record<string, string>;
let rels: Record<string, string>;

type Method = 'get' | 'post' | 'put' | 'delete';
const as = (who: string, method: Method, url: string) => {
  const agent = request(t.app);
  return agent[method](url).set('Authorization', who === 'admin' ? admin : auth[who]);
};

async function createVisualization(who: string, body: Record<string, unknown>): Promise<string> {
  const response = await as(who, 'post', '/visualizations').send(body);
  expect(response.status).toBe(201);
  return String(response.body.id);
}

const emptyContent = { version: 1 };

beforeAll(async () => {
  t = await createTestApp({ visualizations: { maxContentBytes: 200_000, maxImageBytes: 50_000 } });
  admin = t.basic('admin', ADMIN_PASSWORD);
  const settings = await as('admin', 'put', '/settings/DATA_TYPES').send({
    nodeLabels: ['*'],
    relationshipTypes: ['*'],
    uid: { nodes: { Person: 'uuid' }, relationships: {} },
  });
  expect(settings.status).toBe(200);

  const nodes: SeedNode[] = [
    ['alice', ['Person'], { name: 'alice', salary: 100, uuid: 'uuid-alice' }],
    ['bob', ['Person'], { name: 'bob', salary: 200, uuid: 'uuid-bob' }],
    ['carol', ['Person'], { name: 'carol', salary: 300, uuid: 'uuid-carol' }],
    ['agent', ['Agent'], { name: 'agent', codename: 'nightjar' }],
  ];
  const relationships: SeedRelationship[] = [
    ['aliceBob', 'KNOWS', 'alice', 'bob', { since: 2020 }],
    ['aliceAgent', 'KNOWS', 'alice', 'agent', { since: 2020 }],
    ['bobCarol', 'KNOWS', 'bob', 'carol', { since: 2020 }],
  ];
  ({ nodes: ids, relationships: rels } = await seedGraph(t, admin, nodes, relationships));

  const db = t.deps.db;
  for (const [name, security] of [
    ['Team', {}],
    ['Other', {}],
    [
      'Restricted',
      {
        entity_security: JSON.stringify({ nodeFilter: { not: { label: 'Agent' } } }),
        property_security: JSON.stringify({ nodes: { Person: { disabled: ['salary'] } } }),
      },
    ],
  ] as const) {
    const [row] = await db('groups')
      .insert({ name, ...security })
      .returning('id');
    groupIds[name] = String(row.id);
  }
  const users: Array<[string, Parameters<TestApp['createUser']>[1]]> = [
    ['owner', { permissions: ['SHARE_VISUALIZATION'], groupIds: [groupIds.Team, groupIds.Restricted] }],
    ['colleague', { permissions: ['SHARE_VISUALIZATION'], groupIds: [groupIds.Team] }],
    ['restricted', { groupIds: [groupIds.Restricted] }],
    ['outsider', { permissions: ['EXPORT_DATA'], groupIds: [groupIds.Other] }],
    ['viewer', { permissions: ['VIEW_ALL_VISUALIZATIONS'], groupIds: [groupIds.Other] }],
    ['sharer', { permissions: ['SHARE_VISUALIZATION', 'SHARE_VISUALIZATION_WITH_EVERYONE'] }],
    ['noexport', {}],
  ];
  for (const [name, options] of users) {
    userIds[name] = await t.createUser(name, { password: `${name}-password-1`, ...options });
    auth[name] = t.basic(name, `${name}-password-1`);
  }
}, 60000);
afterAll(async () => {
  await t?.close();
});

async function auditActions(targetId: string): Promise<Array<{ action: string; username: string; details: Record<string, unknown> }>> {
  return t.deps
    .db('audit_events')
    .where({ target_type: 'visualization', target_id: targetId })
    .orderBy('id')
    .select('action', 'username', 'details');
}

describe('visibility', () => {
  test('when a visualization is not shared, then only its owner and a holder of View all visualizations see it; others get 404 as for a missing id', async () => {
    const id = await createVisualization('owner', { name: 'Private', description: 'mine', content: emptyContent });
    const own = await as('owner', 'get', `/visualizations/${id}`);
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({
      id,
      name: 'Private',
      description: 'mine',
      owner: { id: userIds.owner, username: 'owner' },
      hidden: false,
      own: true,
      sharedWithMe: false,
      sharedWith: { users: [], groups: [] },
    });
    for (const who of ['colleague', 'outsider', 'restricted']) {
      const response = await as(who, 'get', `/visualizations/${id}`);
      expect(response.status).toBe(404);
      expect(response.body.code).toBe('NOT_FOUND');
      const missing = await as(who, 'get', '/visualizations/999999');
      expect(missing.body).toEqual({ ...response.body, instance: missing.body.instance });
      const list = await as(who, 'get', '/visualizations?content=false');
      expect(list.body.map((v: { id: string }) => v.id)).not.toContain(id);
    }
    const viewAll = await as('viewer', 'get', `/visualizations/${id}`);
    expect(viewAll.status).toBe(200);
    expect(viewAll.body).toMatchObject({ own: false, sharedWithMe: false, owner: { username: 'owner' } });
    expect(viewAll.body.sharedWith).toBeUndefined();
    expect((await as('viewer', 'get', '/visualizations?content=false')).body.map((v: { id: string }) => v.id)).toContain(id);
    expect((await as('viewer', 'get', '/visualizations/share')).body.map((v: { id: string }) => v.id)).not.toContain(id);
  });

  test('when a visualization is shared directly with a user, then that user sees it in /visualizations and /share, not in /own; unsharing takes it away', async () => {
    const id = await createVisualization('owner', { name: 'Direct', content: emptyContent });
    const shared = await as('owner', 'put', `/visualizations/${id}/users`).send({ userIds: [userIds.colleague] });
    expect(shared.status).toBe(200);
    expect(shared.body).toEqual({ users: [{ id: userIds.colleague, username: 'colleague' }], groups: [] });

    const seen = await as('colleague', 'get', `/visualizations/${id}`);
    expect(seen.status).toBe(200);
    expect(seen.body).toMatchObject({ own: false, sharedWithMe: true, owner: { id: userIds.owner, username: 'owner' }, hidden: false });
    expect(seen.body.sharedWith).toBeUndefined();
    expect((await as('colleague', 'get', '/visualizations/share?content=false')).body.map((v: { id: string }) => v.id)).toContain(id);
    expect((await as('colleague', 'get', '/visualizations/own')).body.map((v: { id: string }) => v.id)).not.toContain(id);
    expect((await as('owner', 'get', '/visualizations/own')).body.map((v: { id: string }) => v.id)).toContain(id);
    expect((await as('owner', 'get', '/visualizations/share')).body.map((v: { id: string }) => v.id)).not.toContain(id);
    expect((await as('outsider', 'get', `/visualizations/${id}`)).status).toBe(404);

    expect((await as('owner', 'put', `/visualizations/${id}/users`).send({ userIds: [] })).status).toBe(200);
    expect((await as('colleague', 'get', `/visualizations/${id}`)).status).toBe(404);
  });

  test('when a visualization is shared with a group, then its members see it and others do not; leaving the group takes it away', async () => {
    const id = await createVisualization('owner', { name: 'Team view', content: emptyContent });
    const shared = await as('owner', 'put', `/visualizations/${id}/groups`).send({ groupIds: [groupIds.Team] });
    expect(shared.status).toBe(200);
    expect(shared.body.groups).toEqual([{ id: groupIds.Team, name: 'Team' }]);
    const seen = await as('colleague', 'get', `/visualizations/${id}`);
    expect(seen.status).toBe(200);
    expect(seen.body.sharedWithMe).toBe(true);
    expect((await as('restricted', 'get', `/visualizations/${id}`)).status).toBe(404);
    expect((await as('outsider', 'get', `/visualizations/${id}`)).status).toBe(404);

    await t.deps.db('user_groups').where({ user_id: userIds.colleague, group_id: groupIds.Team }).del();
    try {
      expect((await as('colleague', 'get', `/visualizations/${id}`)).status).toBe(404);
    } finally {
      await t.deps.db('user_groups').insert({ user_id: userIds.colleague, group_id: groupIds.Team });
    }
  });

  test('when a user hides a visualization, then it is listed as hidden for that user only; unhiding shows it again', async () => {
    const id = await createVisualization('owner', { name: 'To hide', content: emptyContent });
    await as('owner', 'put', `/visualizations/${id}/users`).send({ userIds: [userIds.colleague] });
    expect((await as('colleague', 'put', `/visualizations/${id}/hidden`)).status).toBe(204);
    expect((await as('colleague', 'put', `/visualizations/${id}/hidden`)).status).toBe(204);

    const hiddenFor = async (who: string) =>
      ((await as(who, 'get', '/visualizations?content=false')).body as Array<{ id: string; hidden: boolean }>).find((v) => v.id === id)
        ?.hidden;
    expect(await hiddenFor('colleague')).toBe(true);
    expect(await hiddenFor('owner')).toBe(false);
    expect((await as('colleague', 'get', `/visualizations/${id}`)).body.hidden).toBe(true);

    expect((await as('colleague', 'delete', `/visualizations/${id}/hidden`)).status).toBe(204);
    expect(await hiddenFor('colleague')).toBe(false);
    // Someone who cannot see it cannot hide it either.
    expect((await as('outsider', 'put', `/visualizations/${id}/hidden`)).status).toBe(404);
    const actions = (await auditActions(id)).map((e) => `${e.action}:${e.username}`);
    expect(actions.filter((a) => a.startsWith('visualization.hide') || a.startsWith('visualization.unhide'))).toEqual([
      'visualization.hide:colleague',
      'visualization.unhide:colleague',
    ]);
  });

  test('when the fixed paths are asked for, then they are not taken for ids: /own and /share answer lists, /visualizations/list the page, a non-numeric id 400', async () => {
    expect(Array.isArray((await as('owner', 'get', '/visualizations/own')).body)).toBe(true);
    expect(Array.isArray((await as('owner', 'get', '/visualizations/share')).body)).toBe(true);
    const page = await as('owner', 'get', '/visualizations/list');
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    const bad = await as('owner', 'get', '/visualizations/abc');
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('VALIDATION_FAILED');
    expect((await request(t.app).get('/visualizations')).status).toBe(401);
  });
});

describe('owner-only changes and sharing rules', () => {
  test('when a visualization is updated with another owner, then 403 OWNER_CHANGE_REFUSED and nothing changes; the same owner is accepted', async () => {
    const id = await createVisualization('owner', { name: 'Owned', content: emptyContent });
    const refused = await as('owner', 'put', `/visualizations/${id}`).send({
      content: emptyContent,
      name: 'Stolen',
      ownerId: userIds.colleague,
    });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('OWNER_CHANGE_REFUSED');
    const roundTrip = await as('owner', 'get', `/visualizations/${id}`);
    const refusedToo = await as('owner', 'put', `/visualizations/${id}`).send({
      ...roundTrip.body,
      owner: { id: userIds.colleague, username: 'colleague' },
    });
    expect(refusedToo.status).toBe(403);
    expect((await as('owner', 'get', `/visualizations/${id}`)).body).toMatchObject({ name: 'Owned', owner: { id: userIds.owner } });

    const accepted = await as('owner', 'put', `/visualizations/${id}`).send({ ...roundTrip.body, name: 'Owned and renamed' });
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ name: 'Owned and renamed', owner: { id: userIds.owner } });
    const [row] = await t.deps.db('visualizations').where({ id }).select('owner_id');
    expect(String(row.owner_id)).toBe(userIds.owner);
  });

  test('when someone who sees but does not own a visualization changes, shares or deletes it, then 403 NOT_VISUALIZATION_OWNER; someone who does not see it gets 404', async () => {
    const id = await createVisualization('owner', { name: 'Not yours', content: emptyContent });
    await as('owner', 'put', `/visualizations/${id}/users`).send({ userIds: [userIds.colleague] });
    const attempts: Array<[Method, string, Record<string, unknown> | undefined]> = [
      ['delete', `/visualizations/${id}`, undefined],
      ['put', `/visualizations/${id}`, { content: emptyContent }],
      ['put', `/visualizations/${id}/info`, { name: 'Mine now' }],
      ['put', `/visualizations/${id}/users`, { userIds: [userIds.colleague] }],
      ['put', `/visualizations/${id}/groups`, { groupIds: [groupIds.Team] }],
    ];
    for (const [method, url, body] of attempts) {
      const response = await as('colleague', method, url).send(body);
      expect([url, response.status, response.body.code]).toEqual([url, 403, 'NOT_VISUALIZATION_OWNER']);
    }
    const viewAll = await as('viewer', 'delete', `/visualizations/${id}`);
    expect(viewAll.status).toBe(403);
    expect((await as('outsider', 'delete', `/visualizations/${id}`)).status).toBe(404);
    expect((await as('owner', 'get', `/visualizations/${id}`)).body.name).toBe('Not yours');

    expect((await as('owner', 'delete', `/visualizations/${id}`)).status).toBe(204);
    expect((await as('owner', 'get', `/visualizations/${id}`)).status).toBe(404);
    expect(await t.deps.db('visualization_user_shares').where({ visualization_id: id })).toEqual([]);
  });

  test('when the owner shares beyond own groups without Share visualization with everyone, then 403 SHARE_BEYOND_GROUPS and nothing is shared; with it, the share is stored', async () => {
    const id = await createVisualization('owner', { name: 'Limited', content: emptyContent });
    const user = await as('owner', 'put', `/visualizations/${id}/users`).send({ userIds: [userIds.colleague, userIds.outsider] });
    expect(user.status).toBe(403);
    expect(user.body).toMatchObject({ code: 'SHARE_BEYOND_GROUPS', permission: 'SHARE_VISUALIZATION_WITH_EVERYONE', users: ['outsider'] });
    const group = await as('owner', 'put', `/visualizations/${id}/groups`).send({ groupIds: [groupIds.Other] });
    expect(group.status).toBe(403);
    expect(group.body).toMatchObject({ code: 'SHARE_BEYOND_GROUPS', groups: ['Other'] });
    expect((await as('owner', 'get', `/visualizations/${id}`)).body.sharedWith).toEqual({ users: [], groups: [] });
    expect((await as('outsider', 'get', `/visualizations/${id}`)).status).toBe(404);

    const unknown = await as('owner', 'put', `/visualizations/${id}/users`).send({ userIds: ['987654'] });
    expect(unknown.status).toBe(422);
    expect(unknown.body.code).toBe('UNKNOWN_USER');

    const wide = await createVisualization('sharer', { name: 'Wide', content: emptyContent });
    expect((await as('sharer', 'put', `/visualizations/${wide}/users`).send({ userIds: [userIds.outsider] })).status).toBe(200);
    expect((await as('sharer', 'put', `/visualizations/${wide}/groups`).send({ groupIds: [groupIds.Other] })).status).toBe(200);
    expect((await as('outsider', 'get', `/visualizations/${wide}`)).status).toBe(200);

    const noPermission = await as('restricted', 'put', `/visualizations/${wide}/users`).send({ userIds: [] });
    expect(noPermission.status).toBe(403);
    expect(noPermission.body.code).toBe('PERMISSION_DENIED');
  });

  test('when content is invalid or larger than visualizations.maxContentBytes, then 400 or 413 and nothing is stored', async () => {
    const before = await t.deps.db('visualizations').count<{ count: string }[]>('id as count');
    const wrongVersion = await as('owner', 'post', '/visualizations').send({ name: 'Bad', content: { version: 2 } });
    expect(wrongVersion.status).toBe(400);
    const badColor = await as('owner', 'post', '/visualizations').send({
      name: 'Bad',
      content: { version: 1, nodes: [{ id: ids.alice, x: 0, y: 0, color: 'red;background:url(x)' }] },
    });
    expect(badColor.status).toBe(400);
    const huge = await as('owner', 'post', '/visualizations').send({
      name: 'Huge',
      content: { version: 1, nodes: Array.from({ length: 8000 }, (_, i) => ({ id: String(i + 1), x: i, y: i, color: '#123456' })) },
    });
    expect(huge.status).toBe(413);
    expect(huge.body.code).toBe('PAYLOAD_TOO_LARGE');
    const after = await t.deps.db('visualizations').count<{ count: string }[]>('id as count');
    expect(after[0].count).toBe(before[0].count);
  });
});

describe('postprocessing on every read', () => {
  test('when a restricted reader opens a shared visualization, then hidden labels and properties are gone, deleted elements are counted, and properties are read fresh', async () => {
    const content = {
      version: 1,
      nodes: [ids.alice, ids.bob, ids.carol, ids.agent].map((id, i) => ({
        id,
        x: i * 10,
        y: i,
        color: '#336699',
        labels: ['Stale'],
        properties: { name: 'stale' },
      })),
      relationships: [rels.aliceBob, rels.aliceAgent, rels.bobCarol].map((id) => ({ id, width: 2 })),
      styles: {
        nodes: [
          { label: 'Agent', color: '#ff0000' },
          { label: 'Person', property: 'salary', value: 100, color: '#00ff00' },
          { label: 'Person', color: '#0000ff' },
        ],
        relationships: [],
      },
      captions: { nodes: { Person: ['name', 'salary'], Agent: ['codename'] }, relationships: { KNOWS: ['since'] } },
      filters: [
        { target: 'nodes', filter: { and: [{ label: 'Person' }, { property: 'salary', operator: '>', value: 150 }] } },
        { target: 'nodes', filter: { label: 'Agent' } },
        { target: 'nodes', filter: { ids: [ids.agent, ids.alice] } },
        { target: 'nodes', filter: { property: 'name', operator: 'STARTS WITH', value: 'a' } },
      ],
      selection: { nodes: [ids.agent, ids.bob], relationships: [rels.aliceAgent] },
      view: { zoom: 2, pan: { x: 5, y: 6 } },
    };
    const id = await createVisualization('owner', { name: 'Network', content });
    // What was stored: no stale labels or properties, uids from DATA_TYPES for the Person nodes.
    const [stored] = await t.deps.db('visualizations').where({ id }).select('content');
    expect(JSON.stringify(stored.content)).not.toContain('stale');
    expect(stored.content.nodes.find((n: { id: string }) => n.id === ids.alice).uid).toEqual({
      label: 'Person',
      property: 'uuid',
      value: 'uuid-alice',
    });
    expect(stored.content.nodes.find((n: { id: string }) => n.id === ids.agent).uid).toBeUndefined();
    expect((await as('owner', 'put', `/visualizations/${id}/groups`).send({ groupIds: [groupIds.Restricted] })).status).toBe(200);

    // After saving: carol is deleted (with bob-KNOWS-carol), bob is renamed.
    expect((await as('admin', 'delete', `/data/nodes/${ids.carol}`)).status).toBe(200);
    expect((await as('admin', 'put', `/data/nodes/${ids.bob}`).send({ properties: { name: 'bob (renamed)' } })).status).toBe(200);

    const read = await as('restricted', 'get', `/visualizations/${id}`);
    expect(read.status).toBe(200);
    const body = read.body;
    expect(body.content.nodes.map((n: { id: string }) => n.id).sort()).toEqual([ids.alice, ids.bob].sort());
    const alice = body.content.nodes.find((n: { id: string }) => n.id === ids.alice);
    expect(alice).toMatchObject({ x: 0, y: 0, color: '#336699', labels: ['Person'], properties: { name: 'alice', uuid: 'uuid-alice' } });
    expect(alice.properties.salary).toBeUndefined();
    expect(body.content.nodes.find((n: { id: string }) => n.id === ids.bob).properties.name).toBe('bob (renamed)');
    expect(body.content.relationships.map((r: { id: string }) => r.id)).toEqual([rels.aliceBob]);
    expect(body.content.relationships[0]).toMatchObject({
      type: 'KNOWS',
      startNodeId: ids.alice,
      endNodeId: ids.bob,
      properties: { since: 2020 },
      width: 2,
    });
    expect(body.deleted).toEqual({ nodes: 1, relationships: 1 });
    expect(body.content.styles.nodes).toEqual([{ label: 'Person', color: '#0000ff' }]);
    expect(body.content.captions).toEqual({ nodes: { Person: ['name'] }, relationships: { KNOWS: ['since'] } });
    expect(body.content.filters.map((f: { filter: unknown }) => f.filter)).toEqual([
      { ids: [ids.alice] },
      { property: 'name', operator: 'STARTS WITH', value: 'a' },
    ]);
    expect(body.content.selection).toEqual({ nodes: [ids.bob], relationships: [] });
    expect(body.content.view).toEqual({ zoom: 2, pan: { x: 5, y: 6 } });
    const text = JSON.stringify(body);
    for (const secret of ['Agent', 'codename', 'nightjar', 'salary']) expect(text).not.toContain(secret);

    // The owner sees everything still there; the same deleted count.
    const ownerRead = await as('owner', 'get', `/visualizations/${id}`);
    expect(ownerRead.body.content.nodes.map((n: { id: string }) => n.id).sort()).toEqual([ids.alice, ids.bob, ids.agent].sort());
    expect(ownerRead.body.content.nodes.find((n: { id: string }) => n.id === ids.alice).properties.salary).toBe(100);
    expect(ownerRead.body.deleted).toEqual({ nodes: 1, relationships: 1 });
    expect(ownerRead.body.content.captions.nodes).toEqual({ Person: ['name', 'salary'], Agent: ['codename'] });

    // The list answer carries the same postprocessed content.
    const listed = ((await as('restricted', 'get', '/visualizations')).body as Array<{ id: string; content: { nodes: unknown[] } }>).find(
      (v) => v.id === id,
    );
    expect(listed?.content.nodes).toHaveLength(2);
  });

  test('when a visualization is styled by the data, then a restricted reader gets the appearance without the parts naming a property hidden from it, and a malformed appearance is refused', async () => {
    const appearance = {
      nodeColor: { mode: 'ranges', key: { property: 'salary' }, from: '#ffffff', to: '#b3200e' },
      nodeSize: { key: { metric: 'pagerank' }, min: 3, max: 22 },
      edgeWidth: { property: 'since', min: 1, max: 4 },
      edgeCaption: { property: 'since' },
    };
    // A canvas filter on the same property, naming no label: hidden from the reader as well.
    const filters = [
      {
        target: 'nodes',
        filter: { not: { property: 'salary', operator: 'IN', value: [100] } },
        enabled: true,
        description: 'categories salary',
      },
    ];
    const id = await createVisualization('owner', {
      name: 'Styled',
      content: { version: 1, nodes: [{ id: ids.alice, x: 0, y: 0 }], appearance, filters },
    });
    expect((await as('owner', 'put', `/visualizations/${id}/groups`).send({ groupIds: [groupIds.Restricted] })).status).toBe(200);
    expect((await as('owner', 'get', `/visualizations/${id}`)).body.content.appearance).toEqual(appearance);
    const read = await as('restricted', 'get', `/visualizations/${id}`);
    expect(read.body.content.appearance).toEqual({
      nodeSize: appearance.nodeSize,
      edgeWidth: appearance.edgeWidth,
      edgeCaption: appearance.edgeCaption,
    });
    expect(read.body.content.filters).toEqual([]);
    expect((await as('owner', 'get', `/visualizations/${id}`)).body.content.filters).toHaveLength(1);
    expect(JSON.stringify(read.body)).not.toContain('salary');
    const bad = await as('owner', 'put', `/visualizations/${id}`).send({
      content: { version: 1, appearance: { nodeColor: { mode: 'rainbow', key: { property: 'name' } } } },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('VALIDATION_FAILED');
  });

  test('when a node is deleted and imported again with the same uid, then the visualization finds it by its DATA_TYPES uid under the new id', async () => {
    const created = await as('admin', 'post', '/data/nodes').send({ labels: ['Person'], properties: { name: 'dora', uuid: 'uuid-dora' } });
    const oldId = String(created.body.id);
    const id = await createVisualization('owner', {
      name: 'Re-import',
      content: { version: 1, nodes: [{ id: oldId, x: 1, y: 2 }], selection: { nodes: [oldId], relationships: [] } },
    });
    expect((await as('admin', 'delete', `/data/nodes/${oldId}`)).status).toBe(200);
    const again = await as('admin', 'post', '/data/nodes').send({
      labels: ['Person'],
      properties: { name: 'dora again', uuid: 'uuid-dora' },
    });
    const newId = String(again.body.id);
    expect(newId).not.toBe(oldId);

    const read = await as('owner', 'get', `/visualizations/${id}`);
    expect(read.body.content.nodes).toEqual([
      expect.objectContaining({ id: newId, x: 1, y: 2, properties: { name: 'dora again', uuid: 'uuid-dora' } }),
    ]);
    expect(read.body.content.selection.nodes).toEqual([newId]);
    expect(read.body.deleted).toEqual({ nodes: 0, relationships: 0 });
  });

  test('when content names elements the saver cannot see, then they are not stored, and a later reader cannot tell them from absent ones', async () => {
    const id = await createVisualization('restricted', {
      name: 'Probe',
      content: {
        version: 1,
        nodes: [
          { id: ids.agent, x: 0, y: 0 },
          { id: '987654321', x: 0, y: 0 },
          { id: ids.alice, x: 0, y: 0 },
        ],
      },
    });
    const [stored] = await t.deps.db('visualizations').where({ id }).select('content');
    expect(stored.content.nodes.map((n: { id: string }) => n.id)).toEqual([ids.alice]);
    const read = await as('restricted', 'get', `/visualizations/${id}`);
    expect(read.body.deleted).toEqual({ nodes: 0, relationships: 0 });
  });
});

describe('image export', () => {
  const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (data: Buffer) => {
    let value = 0xffffffff;
    for (const byte of data) value = CRC_TABLE[(value ^ byte) & 0xff] ^ (value >>> 8);
    return (value ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  /** A real 2x2 RGB PNG: signature, IHDR, zlib-compressed scanlines, IEND. */
  function realPng(): Buffer {
    const header = Buffer.alloc(13);
    header.writeUInt32BE(2, 0);
    header.writeUInt32BE(2, 4);
    header[8] = 8; // bit depth
    header[9] = 2; // truecolour
    const scanlines = Buffer.from([0, 255, 0, 0, 0, 255, 0, 0, 0, 0, 255, 255, 255, 255]);
    return Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', header),
      chunk('IDAT', deflateSync(scanlines)),
      chunk('IEND', Buffer.alloc(0)),
    ]);
  }

  test('when a real PNG is sent as a data URL, then it comes back byte for byte as a download with a safe file name', async () => {
    const png = realPng();
    const response = await as('outsider', 'post', '/visualization/export/image')
      .send({ image: `data:image/png;base64,${png.toString('base64')}`, fileName: '../../etc/Acme "graph"\r\nX-Evil: 1' })
      .buffer(true)
      .parse((res, done) => {
        const parts: Buffer[] = [];
        res.on('data', (part: Buffer) => parts.push(part));
        res.on('end', () => done(null, Buffer.concat(parts)));
      });
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="[A-Za-z0-9 ._-]+\.png"$/);
    expect(response.headers['content-disposition']).toContain('Acme _graph_');
    expect(response.headers['x-evil']).toBeUndefined();
    expect(Buffer.compare(response.body as Buffer, png)).toBe(0);

    const plain = await as('outsider', 'post', '/visualization/export/image').send({ image: png.toString('base64'), format: 'png' });
    expect(plain.status).toBe(200);
    expect(plain.headers['content-disposition']).toBe('attachment; filename="visualization.png"');
    const events = await t.deps.db('audit_events').where({ action: 'visualization.export.image', username: 'outsider' }).select('details');
    expect(events[0].details).toMatchObject({ format: 'png', bytes: png.length, width: 2, height: 2 });
  });

  test('when the bytes only pretend to be a PNG, then 415 and nothing is sent back', async () => {
    const png = realPng();
    const fakes = [
      Buffer.concat([png.subarray(0, 8), Buffer.from('this is not a PNG at all, just text')]),
      Buffer.from('GIF89a not a png'),
      (() => {
        const broken = Buffer.from(png);
        broken[png.length - 12 - 4 - 1] ^= 0xff; // the last byte of the image data: only the IDAT CRC tells
        return broken;
      })(),
      png.subarray(0, png.length - 12), // no IEND
    ];
    for (const fake of fakes) {
      const response = await as('outsider', 'post', '/visualization/export/image').send({
        image: `data:image/png;base64,${fake.toString('base64')}`,
      });
      expect(response.status).toBe(415);
      expect(response.body.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    }
    const notBase64 = await as('outsider', 'post', '/visualization/export/image').send({
      image: 'data:image/png;base64,@@@@',
      format: 'png',
    });
    expect(notBase64.status).toBe(400);
    const html = await as('outsider', 'post', '/visualization/export/image').send({
      image: `data:text/html;base64,${Buffer.from('<script>1</script>').toString('base64')}`,
    });
    expect(html.status).toBe(415);
  });

  test('when an SVG carries script, event handlers, javascript: URLs, foreignObject or external references, then 415; a plain SVG is served so it cannot run script', async () => {
    const dangerous = [
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg"><svg:script xmlns:svg="http://www.w3.org/2000/svg">alert(1)</svg:script></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="1" height="1"/></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg"><rect ONCLICK = \'alert(1)\' width="1" height="1"/></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"><a xlink:href="java&#x73;cript:alert(1)"><text>x</text></a></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg"><a href=" javascript:alert(1)"><text>x</text></a></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg"><foreignObject><div xmlns="http://www.w3.org/1999/xhtml">x</div></foreignObject></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg"><image href="https://evil.example/track.png"/></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg"><use href="https://evil.example/sprite.svg#a"/></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg"><style>@import url(https://evil.example/x.css);</style></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg"><rect style="fill:url(https://evil.example/p)" width="1" height="1"/></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg"><set attributeName="href" to="https://evil.example"/></svg>',
      '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x "y">]><svg xmlns="http://www.w3.org/2000/svg">&x;</svg>',
      '<?xml-stylesheet href="https://evil.example/x.xsl"?><svg xmlns="http://www.w3.org/2000/svg"/>',
      '<html><body><svg xmlns="http://www.w3.org/2000/svg"/></body></html>',
      '<svg xmlns="http://www.w3.org/2000/svg"><rect width="1" height="1"></svg>',
    ];
    for (const svg of dangerous) {
      const response = await as('outsider', 'post', '/visualization/export/image').send({
        image: Buffer.from(svg).toString('base64'),
        format: 'svg',
      });
      expect([svg, response.status]).toEqual([svg, 415]);
    }

    const safe =
      '<?xml version="1.0" encoding="UTF-8"?>\n<!-- exported --><svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="20" height="20" viewBox="0 0 20 20">' +
      '<defs><linearGradient id="g"><stop offset="0" stop-color="#fff"/></linearGradient></defs><style><![CDATA[ circle { fill: url(#g); } ]]></style>' +
      '<circle cx="10" cy="10" r="5" style="stroke:#000"/><use xlink:href="#g"/><text x="1" y="19">Alice &amp; Bob</text></svg>';
    const response = await as('outsider', 'post', '/visualization/export/image').send({
      image: `data:image/svg+xml;base64,${Buffer.from(safe).toString('base64')}`,
      fileName: 'graph.svg',
    });
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(response.headers['content-disposition']).toBe('attachment; filename="graph.svg"');
    expect(response.headers['content-security-policy']).toContain("default-src 'none'");
    expect(response.headers['content-security-policy']).toContain('sandbox');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(Buffer.from(response.body as Buffer).toString('utf8')).toBe(safe);

    const mismatch = await as('outsider', 'post', '/visualization/export/image').send({
      image: `data:image/svg+xml;base64,${Buffer.from(safe).toString('base64')}`,
      format: 'png',
    });
    expect(mismatch.status).toBe(400);
  });

  test('when the image is larger than visualizations.maxImageBytes or the user lacks Export data, then 413 or 403', async () => {
    const big = Buffer.alloc(60_000, 1).toString('base64');
    const tooLarge = await as('outsider', 'post', '/visualization/export/image').send({ image: big, format: 'png' });
    expect(tooLarge.status).toBe(413);
    const denied = await as('noexport', 'post', '/visualization/export/image').send({ image: realPng().toString('base64'), format: 'png' });
    expect(denied.status).toBe(403);
    expect(denied.body).toMatchObject({ code: 'PERMISSION_DENIED', permission: 'EXPORT_DATA' });
  });
});

describe('audit and pages', () => {
  test('when a visualization goes through its life, then every change and access is audited with the users and groups named', async () => {
    const id = await createVisualization('owner', { name: 'Audited', content: emptyContent });
    await as('owner', 'get', `/visualizations/${id}`);
    await as('owner', 'put', `/visualizations/${id}`).send({ content: emptyContent });
    await as('owner', 'put', `/visualizations/${id}/info`).send({ name: 'Audited 2', description: 'd' });
    await as('owner', 'put', `/visualizations/${id}/users`).send({ userIds: [userIds.colleague] });
    await as('owner', 'put', `/visualizations/${id}/groups`).send({ groupIds: [groupIds.Team] });
    await as('colleague', 'put', `/visualizations/${id}/hidden`);
    await as('owner', 'delete', `/visualizations/${id}`);
    const events = await auditActions(id);
    expect(events.map((e) => e.action)).toEqual([
      'visualization.create',
      'visualization.access',
      'visualization.update',
      'visualization.info.update',
      'visualization.share.users',
      'visualization.share.groups',
      'visualization.hide',
      'visualization.delete',
    ]);
    expect(events[4].details).toMatchObject({ users: ['colleague'], added: ['colleague'], removed: [] });
    expect(events[5].details).toMatchObject({ groups: ['Team'], added: ['Team'], removed: [] });
    expect(events[7].details).toMatchObject({ name: 'Audited 2', sharedWithUsers: ['colleague'], sharedWithGroups: ['Team'] });
  });

  test('when /visualization?id= is opened, then someone it is shared with gets the page with its name, anyone else the ordinary 404 page', async () => {
    const id = await createVisualization('owner', {
      name: 'Linked <b>view</b>',
      description: 'Open me',
      content: { version: 1, nodes: [{ id: ids.alice, x: 0, y: 0 }] },
    });
    await as('owner', 'put', `/visualizations/${id}/users`).send({ userIds: [userIds.colleague] });
    const colleague = await t.login('colleague', 'colleague-password-1');
    const page = await colleague.get(`/visualization?id=${id}`);
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    // The name reaches the page escaped (as text, or inside the page's JSON), never as markup.
    expect(page.text).toMatch(/<title>Linked &lt;b&gt;view&lt;\/b&gt;/);
    expect(page.text).not.toContain('<b>view</b>');
    expect(page.text).toContain('Open me');
    const outsider = await t.login('outsider', 'outsider-password-1');
    const hidden = await outsider.get(`/visualization?id=${id}`);
    const missing = await outsider.get('/visualization?id=99999999');
    expect(hidden.status).toBe(404);
    expect(missing.status).toBe(404);
    expect(hidden.headers['content-type']).toMatch(/text\/html/);
    expect(hidden.text).not.toContain('Linked');
    expect((await outsider.get('/visualization?id=abc')).status).toBe(404);
    expect((await request(t.app).get(`/visualization?id=${id}`)).status).toBe(303);
    const menu = await outsider.get('/');
    expect(menu.text).toContain('href="/visualizations/list"');
  });
});
