import request from 'supertest';
import AdmZip from 'adm-zip';
import type { TestApp } from '../support/test-app';
import { createTestApp, ADMIN_PASSWORD } from '../support/test-app';
import { UNRESTRICTED } from '../../src/graph/graph-store';

let t: TestApp;
let admin: string;
let plain: string;
let settingsManager: string;

const binary = (res: NodeJS.ReadableStream, cb: (error: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => cb(null, Buffer.concat(chunks)));
};

async function auditActions(): Promise<string[]> {
  return (await t.deps.db('audit_events').orderBy('id').pluck('action')) as string[];
}

beforeAll(async () => {
  t = await createTestApp();
  admin = t.basic('admin', ADMIN_PASSWORD);
  // A reader without Settings management: sees settings through READ_ALL_DATA (users without data access see them trimmed, see graph-access-control.test.ts).
  await t.createUser('plain', { password: 'plain-password-1', permissions: ['READ_ALL_DATA'] });
  await t.createUser('manager', { password: 'manager-password-1', permissions: ['SETTINGS_MANAGEMENT'] });
  plain = t.basic('plain', 'plain-password-1');
  settingsManager = t.basic('manager', 'manager-password-1');
  const graph = t.deps.graph;
  const alice = await graph.createNode(
    { labels: ['Person'], properties: { uuid: 'u-1', name: 'Alice', age: 34, born: '1990-01-02', vip: true, score: 1.5 } },
    UNRESTRICTED,
  );
  const bob = await graph.createNode(
    { labels: ['Person'], properties: { uuid: 'u-2', name: 'Bob', age: 28, born: '1996-05-06', vip: false, score: 2 } },
    UNRESTRICTED,
  );
  const acme = await graph.createNode({ labels: ['Company'], properties: { title: 'Acme', description: 'Makes things' } }, UNRESTRICTED);
  await graph.createRelationship(
    { type: 'KNOWS', startNodeId: alice.id, endNodeId: bob.id, properties: { since: '2020-01-01' } },
    UNRESTRICTED,
  );
  await graph.createRelationship({ type: 'WORKS_AT', startNodeId: alice.id, endNodeId: acme.id, properties: {} }, UNRESTRICTED);
});
afterAll(async () => {
  await t.close();
});

describe('GET /settings', () => {
  test('when nothing is stored, then any signed-in user gets the default of every type', async () => {
    const res = await request(t.app).get('/settings').set('Authorization', plain);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      DATA_TYPES: { nodeLabels: ['*'], relationshipTypes: ['*'], uid: { nodes: {}, relationships: {} } },
      DATA_SCHEMA: { nodes: {}, relationships: {} },
      FULLTEXT_INDEX: { labels: [], properties: [] },
      APPEARANCE: { nodeCaptions: {}, colors: {}, relationshipColors: {}, icons: {}, sizes: {} },
    });
  });

  test('when the caller is anonymous, then 401', async () => {
    const res = await request(t.app).get('/settings');
    expect(res.status).toBe(401);
  });
});

describe('PUT /settings/{type}', () => {
  test('when a settings manager stores DATA_TYPES, then GET /settings returns it and the change is audited', async () => {
    const value = {
      nodeLabels: ['Person', 'Company'],
      relationshipTypes: ['KNOWS'],
      uid: { nodes: { Person: 'uuid' }, relationships: {} },
    };
    const res = await request(t.app).put('/settings/DATA_TYPES').set('Authorization', settingsManager).send(value);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(value);
    const all = await request(t.app).get('/settings').set('Authorization', plain);
    expect(all.body.DATA_TYPES).toEqual(value);
    const event = await t.deps.db('audit_events').where({ action: 'settings.update', target_id: 'DATA_TYPES' }).first();
    expect(event).toMatchObject({ username: 'manager', target_type: 'setting' });
  });

  test('when optional parts are left out, then the stored value has them filled with defaults', async () => {
    const res = await request(t.app)
      .put('/settings/DATA_TYPES')
      .set('Authorization', admin)
      .send({ nodeLabels: ['*'], relationshipTypes: ['*'] });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ nodeLabels: ['*'], relationshipTypes: ['*'], uid: { nodes: {}, relationships: {} } });
  });

  test('when the user lacks SETTINGS_MANAGEMENT, then 403 PERMISSION_DENIED and nothing changes', async () => {
    const res = await request(t.app)
      .put('/settings/DATA_TYPES')
      .set('Authorization', plain)
      .send({ nodeLabels: ['Person'], relationshipTypes: ['*'] });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 'PERMISSION_DENIED', permission: 'SETTINGS_MANAGEMENT' });
    const all = await request(t.app).get('/settings').set('Authorization', plain);
    expect(all.body.DATA_TYPES.nodeLabels).toEqual(['*']);
  });

  test('when the type is unknown, then 404 SETTING_TYPE_NOT_FOUND', async () => {
    const res = await request(t.app).put('/settings/NO_SUCH_TYPE').set('Authorization', admin).send({});
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('SETTING_TYPE_NOT_FOUND');
  });

  test.each([
    ['an empty nodeLabels list', { nodeLabels: [], relationshipTypes: ['*'] }, 'body.nodeLabels'],
    ['an empty relationshipTypes list', { nodeLabels: ['*'], relationshipTypes: [] }, 'body.relationshipTypes'],
    ['a label with a backtick', { nodeLabels: ['Person`) DETACH DELETE n //'], relationshipTypes: ['*'] }, 'body.nodeLabels.0'],
    ['a label with a quote', { nodeLabels: ["Person'"], relationshipTypes: ['*'] }, 'body.nodeLabels.0'],
    ['"*" with other labels', { nodeLabels: ['*', 'Person'], relationshipTypes: ['*'] }, 'body.nodeLabels'],
    [
      'a UID property with a double quote',
      { nodeLabels: ['*'], relationshipTypes: ['*'], uid: { nodes: { Person: 'uu"id' }, relationships: {} } },
      'body.uid.nodes.Person',
    ],
    ['an unknown field', { nodeLabels: ['*'], relationshipTypes: ['*'], extra: 1 }, 'body'],
  ])('when DATA_TYPES has %s, then 400 VALIDATION_FAILED with the issue path', async (_name, value, path) => {
    const res = await request(t.app).put('/settings/DATA_TYPES').set('Authorization', admin).send(value);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect(res.body.issues.map((i: { path: string }) => i.path)).toContain(path);
  });

  test.each([
    ['an unknown data type', { nodes: { Person: { name: { dataType: 'text' } } } }],
    ['min above max', { nodes: { Person: { age: { dataType: 'integer', min: 10, max: 5 } } } }],
    ['a string bound on a number', { nodes: { Person: { age: { dataType: 'integer', min: 'zero' } } } }],
    ['a property name with a backtick', { nodes: { Person: { 'na`me': { dataType: 'string' } } } }],
    ['an unknown role', { nodes: { Person: { name: { dataType: 'string', role: 'boss' } } } }],
  ])('when DATA_SCHEMA has %s, then 400', async (_name, value) => {
    const res = await request(t.app).put('/settings/DATA_SCHEMA').set('Authorization', admin).send(value);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
  });

  test('when a valid DATA_SCHEMA is stored, then it is returned as stored', async () => {
    const value = {
      nodes: {
        Person: {
          name: { title: 'Name', dataType: 'string', role: 'title', mandatory: true, maxLength: 20 },
          born: { dataType: 'date', min: '1900-01-01' },
        },
      },
      relationships: { KNOWS: { since: { dataType: 'date' } } },
    };
    const res = await request(t.app).put('/settings/DATA_SCHEMA').set('Authorization', admin).send(value);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(value);
  });

  test('when APPEARANCE has a colour that smuggles CSS, then 400; a hex colour is accepted', async () => {
    const bad = await request(t.app)
      .put('/settings/APPEARANCE')
      .set('Authorization', admin)
      .send({ colors: { Person: 'red; background: url(http://x)' } });
    expect(bad.status).toBe(400);
    const good = await request(t.app)
      .put('/settings/APPEARANCE')
      .set('Authorization', admin)
      .send({ nodeCaptions: { Person: 'name' }, colors: { Person: '#4e79a7', Company: 'rgb(10, 20, 30)' } });
    expect(good.status).toBe(200);
    expect(good.body.colors).toEqual({ Person: '#4e79a7', Company: 'rgb(10, 20, 30)' });
  });

  test('when FULLTEXT_INDEX lists a label with a quote, then 400', async () => {
    const res = await request(t.app)
      .put('/settings/FULLTEXT_INDEX')
      .set('Authorization', admin)
      .send({ labels: ['Per"son'], properties: ['name'] });
    expect(res.status).toBe(400);
  });

  test('when the body is not JSON, then 415', async () => {
    const res = await request(t.app)
      .put('/settings/DATA_TYPES')
      .set('Authorization', admin)
      .set('Content-Type', 'text/plain')
      .send('nodeLabels=*');
    expect(res.status).toBe(415);
  });
});

describe('GET /settings/default/{type} and /settings/automatic/{type}', () => {
  test('when the default of DATA_TYPES is asked, then ["*"] for both lists and nothing is stored', async () => {
    await request(t.app)
      .put('/settings/DATA_TYPES')
      .set('Authorization', admin)
      .send({ nodeLabels: ['Person'], relationshipTypes: ['*'] });
    const res = await request(t.app).get('/settings/default/DATA_TYPES').set('Authorization', plain);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ nodeLabels: ['*'], relationshipTypes: ['*'], uid: { nodes: {}, relationships: {} } });
    const all = await request(t.app).get('/settings').set('Authorization', plain);
    expect(all.body.DATA_TYPES.nodeLabels).toEqual(['Person']);
  });

  test('when the default of an unknown type is asked, then 404', async () => {
    const res = await request(t.app).get('/settings/default/NOPE').set('Authorization', plain);
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('SETTING_TYPE_NOT_FOUND');
  });

  test('when the automatic DATA_TYPES is computed, then it lists the labels and types of the data and detects the UID property', async () => {
    const res = await request(t.app).get('/settings/automatic/DATA_TYPES').set('Authorization', settingsManager);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      nodeLabels: ['Company', 'Person'],
      relationshipTypes: ['KNOWS', 'WORKS_AT'],
      uid: { nodes: { Person: 'uuid' }, relationships: {} },
    });
  });

  test('when the automatic DATA_SCHEMA is computed, then data types are inferred from the sampled values', async () => {
    const res = await request(t.app).get('/settings/automatic/DATA_SCHEMA').set('Authorization', admin);
    expect(res.status).toBe(200);
    expect(res.body.nodes.Person).toEqual({
      age: { title: 'Age', dataType: 'integer' },
      born: { title: 'Born', dataType: 'date' },
      name: { title: 'Name', dataType: 'string', role: 'title' },
      score: { title: 'Score', dataType: 'float' },
      uuid: { title: 'Uuid', dataType: 'string', role: 'uid' },
      vip: { title: 'Vip', dataType: 'boolean' },
    });
    expect(res.body.nodes.Company.description).toEqual({ title: 'Description', dataType: 'string', role: 'description' });
    expect(res.body.relationships.KNOWS).toEqual({ since: { title: 'Since', dataType: 'date' } });
  });

  test('when the automatic FULLTEXT_INDEX and APPEARANCE are computed, then string properties and name-like captions are chosen', async () => {
    const fulltext = await request(t.app).get('/settings/automatic/FULLTEXT_INDEX').set('Authorization', admin);
    expect(fulltext.body).toEqual({ labels: ['Company', 'Person'], properties: ['born', 'description', 'name', 'title', 'uuid'] });
    const appearance = await request(t.app).get('/settings/automatic/APPEARANCE').set('Authorization', admin);
    expect(appearance.body.nodeCaptions).toEqual({ Company: 'title', Person: 'name' });
    expect(Object.keys(appearance.body.colors)).toEqual(['Company', 'Person']);
  });

  test('when the sample size is 1, then only the first node and relationship are sampled', async () => {
    const res = await request(t.app).get('/settings/automatic/DATA_SCHEMA?sampleSize=1').set('Authorization', admin);
    expect(Object.keys(res.body.nodes)).toEqual(['Person']);
    expect(Object.keys(res.body.relationships)).toEqual(['KNOWS']);
  });

  test('when a user without SETTINGS_MANAGEMENT asks for an automatic value, then 403', async () => {
    const res = await request(t.app).get('/settings/automatic/DATA_TYPES').set('Authorization', plain);
    expect(res.status).toBe(403);
  });
});

describe('GET /settings/default and GET /settings/automatic (GETs that modify)', () => {
  test('when all settings are set automatically, then they are stored, returned and audited', async () => {
    const res = await request(t.app).get('/settings/automatic').set('Authorization', admin);
    expect(res.status).toBe(200);
    expect(res.body.DATA_TYPES.nodeLabels).toEqual(['Company', 'Person']);
    const all = await request(t.app).get('/settings').set('Authorization', plain);
    expect(all.body).toEqual(res.body);
    const event = await t.deps.db('audit_events').where({ action: 'settings.reset' }).orderBy('id', 'desc').first();
    expect(event.details).toMatchObject({ variant: 'automatic' });
  });

  test('when all settings are set to default, then every stored value is the default', async () => {
    await request(t.app)
      .put('/settings/APPEARANCE')
      .set('Authorization', admin)
      .send({ colors: { Person: 'teal' } });
    const res = await request(t.app).get('/settings/default').set('Authorization', admin);
    expect(res.status).toBe(200);
    expect(res.body.DATA_TYPES.nodeLabels).toEqual(['*']);
    expect(res.body.APPEARANCE).toEqual({ nodeCaptions: {}, colors: {}, relationshipColors: {}, icons: {}, sizes: {} });
    const all = await request(t.app).get('/settings').set('Authorization', plain);
    expect(all.body).toEqual(res.body);
    expect((await auditActions()).filter((a) => a === 'settings.reset').length).toBeGreaterThanOrEqual(2);
  });

  test('when a user lacks SETTINGS_MANAGEMENT, then both are 403 and nothing changes', async () => {
    await request(t.app)
      .put('/settings/DATA_TYPES')
      .set('Authorization', admin)
      .send({ nodeLabels: ['Person'], relationshipTypes: ['*'] });
    expect((await request(t.app).get('/settings/default').set('Authorization', plain)).status).toBe(403);
    expect((await request(t.app).get('/settings/automatic').set('Authorization', plain)).status).toBe(403);
    const all = await request(t.app).get('/settings').set('Authorization', plain);
    expect(all.body.DATA_TYPES.nodeLabels).toEqual(['Person']);
  });

  test('when a cookie session calls it like a cross-site link (no header), then 403 CSRF_TOKEN_INVALID; from the page (header), then 200', async () => {
    const client = await t.login('admin', ADMIN_PASSWORD);
    const refused = await client.get('/settings/default').set('Accept', 'application/json');
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('CSRF_TOKEN_INVALID');
    const withToken = await client.get('/settings/default').set('X-CSRF-Token', client.csrfToken);
    expect(withToken.status).toBe(200);
    const fromFetch = await client.get('/settings/default').set('X-Requested-With', 'fetch');
    expect(fromFetch.status).toBe(200);
  });
});

describe('GET /settings/export', () => {
  test('when exported, then a zip attachment with one <TYPE>.json per type holding the stored values', async () => {
    await request(t.app)
      .put('/settings/DATA_TYPES')
      .set('Authorization', admin)
      .send({ nodeLabels: ['Person'], relationshipTypes: ['KNOWS'] });
    const res = await request(t.app)
      .get('/settings/export')
      .set('Authorization', admin)
      .buffer(true)
      .parse(binary as never);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/zip/);
    expect(res.headers['content-disposition']).toBe('attachment; filename="settings.zip"');
    const zip = new AdmZip(res.body as Buffer);
    expect(
      zip
        .getEntries()
        .map((e) => e.entryName)
        .sort(),
    ).toEqual(['APPEARANCE.json', 'DATA_SCHEMA.json', 'DATA_TYPES.json', 'FULLTEXT_INDEX.json']);
    expect(JSON.parse(zip.readAsText('DATA_TYPES.json'))).toEqual({
      nodeLabels: ['Person'],
      relationshipTypes: ['KNOWS'],
      uid: { nodes: {}, relationships: {} },
    });
  });

  test('when a user lacks SETTINGS_MANAGEMENT, then 403', async () => {
    const res = await request(t.app).get('/settings/export').set('Authorization', plain);
    expect(res.status).toBe(403);
  });
});
