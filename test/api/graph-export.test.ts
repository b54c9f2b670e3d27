import request from 'supertest';
import { seedGraph } from '../support/seed-graph';
import type { SeedNode, SeedRelationship } from '../support/seed-graph';
import type { TestApp } from '../support/test-app';
import { createTestApp, ADMIN_PASSWORD } from '../support/test-app';
import { parseCsv } from '../../src/services/export/csv-writer';

let t: TestApp;
let admin: string;
let ids: Record<string, string>;
let rels: Record<string, string>;
const post = (url: string, auth = admin) => request(t.app).post(url).set('Authorization', auth);
/** Data rows in id order (exports by id are in id order; ids need not follow creation order). */
const byId = (rows: string[][]) =>
  [...rows].sort((x, y) => (/^\d+$/.test(x[0]) && /^\d+$/.test(y[0]) ? (BigInt(x[0]) < BigInt(y[0]) ? -1 : 1) : x[0] < y[0] ? -1 : 1));

beforeAll(async () => {
  t = await createTestApp();
  admin = t.basic('admin', ADMIN_PASSWORD);
  const nodes: SeedNode[] = [
    ['alice', ['Person'], { name: 'Alice', note: 'says "hi", then\nleaves', age: 34 }],
    ['bob', ['Person', 'Employee'], { name: 'Bob', tags: ['a', 'b'], active: true }],
    ['acme', ['Company'], { name: 'Acme, Inc.' }],
  ];
  const relationships: SeedRelationship[] = [
    ['knows', 'KNOWS', 'alice', 'bob', { since: 2019 }],
    ['works', 'WORKS_AT', 'bob', 'acme', { role: 'CTO' }],
  ];
  ({ nodes: ids, relationships: rels } = await seedGraph(t, admin, nodes, relationships));
});
afterAll(async () => {
  await t.close();
});

describe('CSV exports', () => {
  test('when nodes are exported by id, then the file is a CSV attachment that parses back to the nodes', async () => {
    const response = await post('/data/nodes/export/csv').send({ ids: [ids.alice, ids.bob, '999999999'] });
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="nodes\.csv"/);
    const rows = parseCsv(response.text);
    expect(rows[0]).toEqual(['id', 'labels', 'active', 'age', 'name', 'note', 'tags']);
    expect(rows.slice(1)).toEqual(
      byId([
        [ids.alice, 'Person', '', '34', 'Alice', 'says "hi", then\nleaves', ''],
        [ids.bob, 'Person;Employee', 'true', '', 'Bob', '', '["a","b"]'],
      ]),
    );
    expect(response.text.endsWith('\r\n')).toBe(true);
  });

  test('when the export names properties, then exactly those columns are written', async () => {
    const response = await post('/data/nodes/export/csv').send({ ids: [ids.alice, ids.acme], properties: ['name'] });
    expect(parseCsv(response.text)).toEqual([
      ['id', 'labels', 'name'],
      ...byId([
        [ids.alice, 'Person', 'Alice'],
        [ids.acme, 'Company', 'Acme, Inc.'],
      ]),
    ]);
  });

  test('when nodes found by a condition are exported, then only the matches are in the file', async () => {
    const response = await post('/data/nodes/find/export/csv').send({
      labels: ['Person'],
      filter: { property: 'name', operator: 'STARTS WITH', value: 'B' },
    });
    expect(response.status).toBe(200);
    const rows = parseCsv(response.text);
    expect(rows[0]).toEqual(['id', 'labels', 'active', 'name', 'tags']);
    expect(rows.slice(1).map((r) => r[0])).toEqual([ids.bob]);
  });

  test('when the export condition is malformed or names an unknown label, then 400 before any CSV', async () => {
    const malformed = await post('/data/nodes/find/export/csv').send({ filter: { property: 'name' } });
    expect(malformed.status).toBe(400);
    expect(malformed.body.code).toBe('INVALID_FILTER');
    const unknown = await post('/data/nodes/find/export/csv').send({ labels: ['Ghost'] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.code).toBe('UNKNOWN_LABEL');
  });

  test('when relationships are exported by id, then id, type, start, end and properties are written', async () => {
    const response = await post('/data/relationships/export/csv').send({ ids: [rels.knows, rels.works] });
    expect(response.status).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/filename="relationships\.csv"/);
    expect(parseCsv(response.text)).toEqual([
      ['id', 'type', 'start', 'end', 'role', 'since'],
      ...byId([
        [rels.knows, 'KNOWS', ids.alice, ids.bob, '', '2019'],
        [rels.works, 'WORKS_AT', ids.bob, ids.acme, 'CTO', ''],
      ]),
    ]);
  });

  test('when many nodes are exported, then every one is streamed out once', async () => {
    const created = await t.deps.graph.importBatch({
      nodes: Array.from({ length: 2500 }, (_, i) => ({ labels: ['Bulk'], properties: { n: i } })),
      relationships: [],
    });
    expect(created.nodesCreated).toBe(2500);
    const response = await post('/data/nodes/find/export/csv').send({ labels: ['Bulk'] });
    const rows = parseCsv(response.text);
    expect(rows).toHaveLength(2501);
    expect(new Set(rows.slice(1).map((r) => r[2])).size).toBe(2500);
  });

  test('when a user without EXPORT_DATA exports, then 403', async () => {
    await t.createUser('noexport', { password: 'noexport-password-1', permissions: ['READ_ALL_DATA'] });
    const response = await post('/data/nodes/export/csv', t.basic('noexport', 'noexport-password-1')).send({ ids: [ids.alice] });
    expect(response.status).toBe(403);
    expect(response.body.permission).toBe('EXPORT_DATA');
  });

  test('when an export is done, then it is audited', async () => {
    const events = await t.deps.db('audit_events').where({ action: 'data.export' }).select('target_type');
    expect(events.length).toBeGreaterThanOrEqual(4);
    expect(events.map((e) => e.target_type)).toEqual(expect.arrayContaining(['nodes', 'relationships']));
  });
});
