import request from 'supertest';
import type { TestApp, SessionClient } from '../support/test-app';
import { createTestApp, ADMIN_PASSWORD } from '../support/test-app';
import { MAX_BODY_DEPTH } from '../../src/http/input-guards';
import { parseCsv } from '../../src/services/export/csv-writer';

let t: TestApp;
let admin: string;
let session: SessionClient;
let nodeId: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = t.basic('admin', ADMIN_PASSWORD);
  session = await t.login('admin', ADMIN_PASSWORD);
  const created = await request(t.app)
    .post('/data/nodes')
    .set('Authorization', admin)
    .send({ labels: ['Person'], properties: { name: 'Alice' } });
  expect(created.status).toBe(201);
  nodeId = created.body.id;
});
afterAll(async () => {
  await t.close();
});

type Method = 'get' | 'post' | 'put' | 'delete';
const call = (method: Method, url: string) => request(t.app)[method](url).set('Authorization', admin);
const NUL = 'a\u0000b';

/** A value nested `depth` levels deep: {v:{v:...}} built without recursion. */
function nested(depth: number): unknown {
  let value: unknown = 'leaf';
  for (let i = 0; i < depth; i++) value = { v: value };
  return value;
}
/** The same as raw JSON text. */
function nestedText(depth: number): string {
  return '{"v":'.repeat(depth) + '"leaf"' + '}'.repeat(depth);
}

describe('NUL characters', () => {
  const cases: Array<[string, () => request.Test]> = [
    ['a node property value', () => call('post', '/data/nodes').send({ labels: ['Person'], properties: { name: NUL } })],
    ['a node property name', () => call('post', '/data/nodes').send({ labels: ['Person'], properties: { [NUL]: 1 } })],
    ['a node label', () => call('post', '/data/nodes').send({ labels: [NUL], properties: {} })],
    ['a node update', () => call('put', `/data/nodes/${nodeId}`).send({ properties: { name: NUL } })],
    ['find text', () => call('post', '/data/nodes/find').send({ text: NUL })],
    ['a find filter value', () => call('post', '/data/nodes/find').send({ filter: { property: 'name', operator: '=', value: NUL } })],
    ['a bulk update value', () => call('put', '/data/nodes/find').send({ filter: { label: 'Person' }, set: { name: NUL } })],
    [
      'a CSV export filter',
      () => call('post', '/data/nodes/find/export/csv').send({ filter: { property: 'name', operator: 'IN', value: [NUL] } }),
    ],
    ['a group name', () => call('post', '/groups').send({ name: NUL })],
    ['the profile', () => call('put', '/profile').send({ name: NUL, email: '', locale: 'en' })],
    ['the license', () => call('put', '/license').send({ license: NUL })],
    ['a query string', () => call('get', `/audit/data?username=${encodeURIComponent(NUL)}`)],
    ['a query string key', () => call('get', `/audit/data?${encodeURIComponent(NUL)}=1`)],
    ['a path parameter', () => call('get', `/data/stats/frequency/nodes/${encodeURIComponent(NUL)}/name`)],
    ['the anonymous login (JSON)', () => request(t.app).post('/login').send({ username: NUL, password: 'x' })],
    [
      'the anonymous login (form)',
      () =>
        request(t.app)
          .post('/login')
          .type('form')
          .send(`username=${encodeURIComponent(NUL)}&password=x`),
    ],
    ['the anonymous password reset request', () => request(t.app).post('/passwordReset/request').send({ username: NUL })],
    ['HTTP Basic credentials', () => request(t.app).get('/profile').set('Authorization', t.basic(NUL, 'x'))],
    ['a cookie-authenticated write', () => session.put('/profile').send({ name: NUL, email: '', locale: 'en' })],
  ];

  test.each(cases)('when %s holds U+0000, then the answer is 400 NUL_CHARACTER naming where', async (_what, send) => {
    const response = await send().set('Accept', 'application/json');
    expect(response.status).toBe(400);
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(response.body.code).toBe('NUL_CHARACTER');
    expect(response.body.issues).toEqual([{ path: expect.stringMatching(/^(body|query|path|header)/), message: expect.any(String) }]);
  });

  test('when a NUL character was refused, then nothing was stored', async () => {
    await call('post', '/groups').send({ name: NUL });
    const groups = await t.deps.db('groups').where('name', 'like', 'a%b').select('id');
    expect(groups).toEqual([]);
    const node = await call('post', `/data/nodes/${nodeId}`).send({});
    expect(node.body.properties).toEqual({ name: 'Alice' });
  });

  test('when text holds other control characters or an escaped \\u0000 as text, then it is accepted', async () => {
    const response = await call('post', '/data/nodes').send({ labels: ['Person'], properties: { name: 'tab\there', raw: '\\u0000' } });
    expect(response.status).toBe(201);
    expect(response.body.properties).toEqual({ name: 'tab\there', raw: '\\u0000' });
  });
});

describe('deep nesting', () => {
  const deepCases: Array<[string, (body: string) => request.Test]> = [
    ['a node create', (deep) => call('post', '/data/nodes').type('json').send(`{"labels":["Person"],"properties":{"deep":${deep}}}`)],
    ['a node update', (deep) => call('put', `/data/nodes/${nodeId}`).type('json').send(`{"properties":{"deep":${deep}}}`)],
    [
      'a frontend audit event',
      (deep) => call('post', '/audit/data/frontend').type('json').send(`{"level":"info","message":"x","context":{"deep":${deep}}}`),
    ],
    ['a user setting', (deep) => call('post', '/userSettings').type('json').send(`{"type":"graphView","value":${deep}}`)],
  ];

  test.each(deepCases)('when %s is nested 10,000 levels deep, then the answer is 400 NESTING_TOO_DEEP', async (_what, send) => {
    const response = await send(nestedText(10000));
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('NESTING_TOO_DEEP');
    expect(response.body.maxDepth).toBe(MAX_BODY_DEPTH);
  });

  test('when a body is nested exactly to the limit, then it passes the guard; one level more is refused', async () => {
    // body { type, value }: the body is level 1, so value may nest MAX_BODY_DEPTH - 1 levels.
    const atLimit = await call('post', '/userSettings').send({ type: 'deepView', value: nested(MAX_BODY_DEPTH - 1) });
    expect(atLimit.status).toBe(200);
    const over = await call('post', '/userSettings').send({ type: 'deepView', value: nested(MAX_BODY_DEPTH) });
    expect(over.status).toBe(400);
    expect(over.body.code).toBe('NESTING_TOO_DEEP');
  });

  test('when arrays are nested deeper than the limit, then they are refused like objects', async () => {
    const response = await call('post', '/data/nodes')
      .type('json')
      .send(`{"labels":["Person"],"properties":{"deep":${'['.repeat(200)}1${']'.repeat(200)}}}`);
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('NESTING_TOO_DEEP');
  });
});

describe('CSV exports', () => {
  const FORMULAS = ['=1+2', '+SUM(A1)', '-2+3', '@cmd', '\tTAB', '\rCR'];
  let ids: string[];
  let relIds: string[];

  beforeAll(async () => {
    ids = [];
    for (const [i, formula] of FORMULAS.entries()) {
      const node = await call('post', '/data/nodes').send({ labels: ['Sheet'], properties: { cell: formula, n: -5 - i } });
      expect(node.status).toBe(201);
      ids.push(node.body.id);
    }
    relIds = [];
    for (const formula of FORMULAS) {
      const rel = await call('post', '/data/relationships').send({
        type: 'CELL',
        startNodeId: ids[0],
        endNodeId: ids[1],
        properties: { cell: formula },
      });
      expect(rel.status).toBe(201);
      relIds.push(rel.body.id);
    }
  });

  /** Every cell of the CSV, parsed. */
  const cells = (text: string) => parseCsv(text).flat();
  const expectNeutralised = (text: string) => {
    const all = cells(text);
    for (const formula of FORMULAS) {
      expect(all).toContain(`'${formula}`);
      expect(all).not.toContain(formula);
    }
  };

  test('when nodes with formula-like text are exported by id, then each such cell starts with an apostrophe and numbers stay numbers', async () => {
    const response = await call('post', '/data/nodes/export/csv').send({ ids });
    expect(response.status).toBe(200);
    expectNeutralised(response.text);
    expect(cells(response.text)).toContain('-5');
  });

  test('when nodes with formula-like text are exported through find, then each such cell starts with an apostrophe', async () => {
    const response = await call('post', '/data/nodes/find/export/csv').send({ filter: { label: 'Sheet' } });
    expect(response.status).toBe(200);
    expectNeutralised(response.text);
  });

  test('when relationships with formula-like text are exported, then each such cell starts with an apostrophe', async () => {
    const response = await call('post', '/data/relationships/export/csv').send({ ids: relIds });
    expect(response.status).toBe(200);
    expectNeutralised(response.text);
  });

  test('when the audit log holds formula-like text and is exported as CSV, then such cells start with an apostrophe', async () => {
    const audit = await call('post', '/audit/data/frontend').send({ level: 'info', message: 'seed' });
    expect(audit.status).toBe(204);
    await t.deps.db('audit_events').where('action', 'frontend.info').update({ target_type: '=HYPERLINK("http://evil")' });
    const response = await call('get', '/audit/data?format=csv&action=frontend.info');
    expect(response.status).toBe(200);
    expect(cells(response.text)).toContain(`'=HYPERLINK("http://evil")`);
  });
});
