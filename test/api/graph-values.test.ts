import request from 'supertest';
import type { TestApp } from '../support/test-app';
import { createTestApp, ADMIN_PASSWORD, testGraphBackend } from '../support/test-app';
import { parseCsv } from '../../src/services/export/csv-writer';
import { verifyChain } from '../../src/services/audit/audit-service';

/**
 * Property values on both backends (issue 7 items 11 and 12): 64-bit integers keep every digit in
 * and out of JSON, and values only one backend could store are refused alike on every write path.
 * Bodies are sent as raw JSON text: a JS object could not even hold 9007199254740993.
 */

let t: TestApp;
let admin: string;
const BIG = '9007199254740993'; // 2^53 + 1: JSON.parse makes it ...992
const LOW = '-9223372036854775807'; // came back as a float before
const MAX = '9223372036854775807';

const sendJson = (method: 'post' | 'put', url: string, json: string) =>
  request(t.app)[method](url).set('Authorization', admin).set('Content-Type', 'application/json').send(json);

/** The raw JSON text of property `name` as the response wrote it. */
function rawProperty(text: string, name: string): string | undefined {
  return new RegExp(`"${name}":(-?\\d[\\d.eE+-]*|\\[[^\\]]*\\])`).exec(text)?.[1];
}

const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  admin = t.basic('admin', ADMIN_PASSWORD);
  for (const [key, value] of [
    ['big', BIG],
    ['low', LOW],
    ['max', MAX],
    ['small', '5'],
  ]) {
    const response = await sendJson(
      'post',
      '/data/nodes',
      `{"labels":["Num"],"properties":{"key":"${key}","n":${value},"list":[${value},1]}}`,
    );
    expect(response.status).toBe(201);
    ids[key] = response.body.id;
  }
});
afterAll(async () => {
  await t.close();
});

describe(`64-bit integers (${testGraphBackend})`, () => {
  test('when a node is created with integers beyond 2^53, then the answer carries every digit', async () => {
    const response = await sendJson('post', '/data/nodes', `{"labels":["Tmp"],"properties":{"n":${BIG},"m":${LOW}}}`);
    expect(response.status).toBe(201);
    expect(rawProperty(response.text, 'n')).toBe(BIG);
    expect(rawProperty(response.text, 'm')).toBe(LOW);
    await request(t.app).delete(`/data/nodes/${response.body.id}`).set('Authorization', admin);
  });

  test.each([
    ['big', BIG],
    ['low', LOW],
    ['max', MAX],
  ])('when the node with %s is read back by id, then the integer and the list keep every digit', async (key, value) => {
    const response = await request(t.app).post(`/data/nodes/${ids[key]}`).set('Authorization', admin);
    expect(response.status).toBe(200);
    expect(rawProperty(response.text, 'n')).toBe(value);
    expect(rawProperty(response.text, 'list')).toBe(`[${value},1]`);
  });

  test('when nodes are found by equality with a big integer, then exactly that node matches (not its float neighbour)', async () => {
    const neighbour = await sendJson('post', '/data/nodes', '{"labels":["Num"],"properties":{"key":"neighbour","n":9007199254740992}}');
    expect(neighbour.status).toBe(201);
    const response = await sendJson(
      'post',
      '/data/nodes/find',
      `{"labels":["Num"],"filter":{"property":"n","operator":"=","value":${BIG}}}`,
    );
    expect(response.status).toBe(200);
    expect(response.body.items.map((n: { id: string }) => n.id)).toEqual([ids.big]);
    const inList = await sendJson(
      'post',
      '/data/nodes/find',
      `{"labels":["Num"],"filter":{"property":"n","operator":"IN","value":[${LOW},${MAX}]}}`,
    );
    expect(inList.body.items.map((n: { id: string }) => n.id).sort()).toEqual([ids.low, ids.max].sort());
    await request(t.app).delete(`/data/nodes/${neighbour.body.id}`).set('Authorization', admin);
  });

  test('when nodes are sorted by a property holding big integers, then they come in exact numeric order both ways', async () => {
    const body = (direction: string) => `{"labels":["Num"],"sort":[{"property":"n","direction":"${direction}"}]}`;
    const ascending = await sendJson('post', '/data/nodes/find', body('asc'));
    expect(ascending.status).toBe(200);
    expect(ascending.body.items.map((n: { properties: { key: string } }) => n.properties.key)).toEqual(['low', 'small', 'big', 'max']);
    const descending = await sendJson('post', '/data/nodes/find', body('desc'));
    expect(descending.body.items.map((n: { properties: { key: string } }) => n.properties.key)).toEqual(['max', 'big', 'small', 'low']);
  });

  test('when the nodes are exported as CSV, then the cells hold every digit', async () => {
    const response = await request(t.app)
      .post('/data/nodes/find/export/csv')
      .set('Authorization', admin)
      .send({ labels: ['Num'], properties: ['key', 'n', 'list'] });
    expect(response.status).toBe(200);
    const rows = parseCsv(response.text);
    const byKey = new Map(rows.slice(1).map((row) => [row[rows[0].indexOf('key')], row]));
    const n = rows[0].indexOf('n');
    expect(byKey.get('big')?.[n]).toBe(BIG);
    expect(byKey.get('low')?.[n]).toBe(LOW);
    expect(byKey.get('max')?.[n]).toBe(MAX);
    expect(byKey.get('max')?.[rows[0].indexOf('list')]).toBe(`[${MAX},1]`);
  });

  test('when a node is updated (alone and in bulk) with a big integer, then it is stored exactly', async () => {
    const one = await sendJson('put', `/data/nodes/${ids.small}`, `{"properties":{"m":${MAX}}}`);
    expect(one.status).toBe(200);
    expect(rawProperty(one.text, 'm')).toBe(MAX);
    const bulk = await sendJson(
      'put',
      '/data/nodes/find',
      `{"filter":{"property":"key","operator":"=","value":"small"},"set":{"m":${LOW}}}`,
    );
    expect(bulk.status).toBe(200);
    expect(bulk.body).toEqual({ updated: 1 });
    const read = await request(t.app).post(`/data/nodes/${ids.small}`).set('Authorization', admin);
    expect(rawProperty(read.text, 'm')).toBe(LOW);
  });

  test('when a relationship carries a big integer, then it is stored and read back exactly', async () => {
    const created = await sendJson(
      'post',
      '/data/relationships',
      `{"type":"LINK","startNodeId":"${ids.big}","endNodeId":"${ids.max}","properties":{"w":${BIG}}}`,
    );
    expect(created.status).toBe(201);
    expect(rawProperty(created.text, 'w')).toBe(BIG);
    const updated = await sendJson('put', `/data/relationships/${created.body.id}`, `{"properties":{"w":${LOW}}}`);
    expect(rawProperty(updated.text, 'w')).toBe(LOW);
    const read = await request(t.app).post(`/data/relationships/${created.body.id}`).set('Authorization', admin);
    expect(rawProperty(read.text, 'w')).toBe(LOW);
  });

  test.each([
    ['one past the maximum', '9223372036854775808'],
    ['one below the minimum', '-9223372036854775809'],
    ['a 30-digit integer', '123456789012345678901234567890'],
  ])('when an integer is %s, then 400 INTEGER_OUT_OF_RANGE naming it and nothing is written', async (_name, value) => {
    const response = await sendJson('post', '/data/nodes', `{"labels":["Out"],"properties":{"n":${value}}}`);
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('INTEGER_OUT_OF_RANGE');
    expect(response.body.detail).toContain(value);
    const filter = await sendJson('post', '/data/nodes/find', `{"filter":{"property":"n","operator":"=","value":${value}}}`);
    expect(filter.status).toBe(400);
    expect(filter.body.code).toBe('INTEGER_OUT_OF_RANGE');
    const labels = await request(t.app).get('/data/nodes/possibleLabels').set('Authorization', admin);
    expect(labels.body).not.toContain('Out');
  });

  test('when big integers were written, then their audit events hold the exact digits (as text) and the audit chain verifies', async () => {
    const event = await t.deps.db('audit_events').where({ action: 'node.create', target_id: ids.max }).first();
    expect(event.details.properties.n).toBe(MAX);
    expect(event.details.properties.list).toEqual([MAX, 1]);
    expect(await verifyChain(t.deps.db)).toMatchObject({ ok: true });
  });

  test('when a 16-digit run sits inside a string or a decimal, then the value is unchanged', async () => {
    const response = await sendJson(
      'post',
      '/data/nodes',
      '{"labels":["Tmp"],"properties":{"s":"12345678901234567890","d":1234567890123456.5,"f":1.5e300}}',
    );
    expect(response.status).toBe(201);
    expect(response.body.properties).toEqual({ s: '12345678901234567890', d: 1234567890123456.5, f: 1.5e300 });
    await request(t.app).delete(`/data/nodes/${response.body.id}`).set('Authorization', admin);
  });

  test('when the body is UTF-16, then its big integers are kept exactly as well', async () => {
    const body = Buffer.from(`{"labels":["Tmp"],"properties":{"n":${LOW}}}`, 'utf16le');
    const response = await request(t.app)
      .post('/data/nodes')
      .set('Authorization', admin)
      .set('Content-Type', 'application/json; charset=utf-16le')
      .serialize((raw: unknown) => raw as string)
      .send(body);
    expect(response.status).toBe(201);
    expect(rawProperty(response.text, 'n')).toBe(LOW);
    await request(t.app).delete(`/data/nodes/${response.body.id}`).set('Authorization', admin);
  });

  test('when the body is not valid JSON around a long number, then 400 INVALID_JSON as before', async () => {
    const response = await sendJson('post', '/data/nodes', `{"labels":["Tmp"],"properties":{"n":${BIG},}}`);
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('INVALID_JSON');
  });
});

describe('temporal and spatial values stored in Neo4j', () => {
  (testGraphBackend === 'neo4j' ? test : test.skip)(
    'when a node holds a date, a datetime and a point written by Cypher, then the API reads them as text that can be written back',
    async () => {
      const result = await t.deps.graph.runCypher(
        "CREATE (n:Geo {on: date('2024-02-29'), at: datetime('2024-01-02T03:04:05Z'), where: point({longitude: 1.5, latitude: 2.5})}) RETURN n",
        {},
        { readOnly: false, timeoutMs: 10000, maxRows: 1 },
      );
      const id = (result.rows[0][0] as { id: string }).id;
      const read = await request(t.app).post(`/data/nodes/${id}`).set('Authorization', admin);
      expect(read.status).toBe(200);
      expect(read.body.properties).toEqual({ on: '2024-02-29', at: '2024-01-02T03:04:05Z', where: 'SRID=4326;POINT(1.5 2.5)' });
      const back = await request(t.app).put(`/data/nodes/${id}`).set('Authorization', admin).send({ properties: read.body.properties });
      expect(back.status).toBe(200);
      expect(back.body.properties).toEqual(read.body.properties);
    },
  );
});

describe(`values only one backend could store (${testGraphBackend})`, () => {
  const refused: Array<[string, string, string]> = [
    ['a map', '{"a":1}', 'maps'],
    ['a list of mixed types', '[1,"a"]', 'only strings, only numbers or only booleans'],
    ['a list of lists', '[[1],[2]]', 'cannot hold lists'],
    ['a list holding null', '["a",null]', 'cannot hold null'],
    ['a list of maps', '[{"a":1}]', 'cannot hold maps'],
    ['a list mixing a big integer and a decimal', `[${BIG},1.5]`, 'cannot keep both exactly'],
  ];

  test.each(refused)(
    'when a node is created with %s, then 400 PROPERTY_VALUE_NOT_PORTABLE naming the property',
    async (_name, value, reason) => {
      const response = await sendJson('post', '/data/nodes', `{"labels":["Bad"],"properties":{"ok":"x","odd":${value}}}`);
      expect(response.status).toBe(400);
      expect(response.body.code).toBe('PROPERTY_VALUE_NOT_PORTABLE');
      expect(response.body.property).toBe('odd');
      expect(response.body.detail).toContain('"odd"');
      expect(response.body.detail).toContain(reason);
    },
  );

  test.each(refused)(
    'when a node, the nodes of a filter or a relationship are updated with %s, then 400 and nothing changes',
    async (_name, value) => {
      const one = await sendJson('put', `/data/nodes/${ids.small}`, `{"properties":{"odd":${value}}}`);
      expect(one.status).toBe(400);
      expect(one.body.code).toBe('PROPERTY_VALUE_NOT_PORTABLE');
      const bulk = await sendJson('put', '/data/nodes/find', `{"filter":{"label":"Num"},"set":{"odd":${value}}}`);
      expect(bulk.status).toBe(400);
      expect(bulk.body.code).toBe('PROPERTY_VALUE_NOT_PORTABLE');
      const rel = await sendJson(
        'post',
        '/data/relationships',
        `{"type":"ODD","startNodeId":"${ids.big}","endNodeId":"${ids.max}","properties":{"odd":${value}}}`,
      );
      expect(rel.status).toBe(400);
      expect(rel.body.code).toBe('PROPERTY_VALUE_NOT_PORTABLE');
      const read = await request(t.app).post(`/data/nodes/${ids.small}`).set('Authorization', admin);
      expect(read.body.properties.odd).toBeUndefined();
      const labels = await request(t.app).get('/data/nodes/possibleLabels').set('Authorization', admin);
      expect(labels.body).not.toContain('Bad');
      const types = await request(t.app).get('/data/relationships/possibleTypes').set('Authorization', admin);
      expect(types.body).not.toContain('ODD');
    },
  );

  test('when a node is created with an empty list, a list of decimals and integers and lists of one kind, then they are stored and read back alike', async () => {
    const properties = { empty: [], mixedNumbers: [1, 2.5], strings: ['a', 'b'], flags: [true, false], nothing: null };
    const created = await request(t.app)
      .post('/data/nodes')
      .set('Authorization', admin)
      .send({ labels: ['Lists'], properties });
    expect(created.status).toBe(201);
    const expected = { empty: [], mixedNumbers: [1, 2.5], strings: ['a', 'b'], flags: [true, false] };
    expect(created.body.properties).toEqual(expected);
    const read = await request(t.app).post(`/data/nodes/${created.body.id}`).set('Authorization', admin);
    expect(read.body.properties).toEqual(expected);
  });
});
