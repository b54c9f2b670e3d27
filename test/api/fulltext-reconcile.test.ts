import { Writable } from 'node:stream';
import pino from 'pino';
import request from 'supertest';
import type { TestApp } from '../support/test-app';
import { createTestApp, ADMIN_PASSWORD, testGraphBackend } from '../support/test-app';
import { UNRESTRICTED } from '../../src/graph/graph-store';
import { startService } from '../../src/server';

/**
 * The fulltext index lives in the graph database, its description in the service store (issue 7
 * item 10). An index the store does not describe (an old Neo4j under a new service store) or a
 * missing one (a wiped Neo4j) is reconciled at start-up and when the status is read.
 */

let t: TestApp;
let admin: string;
const A = { labels: ['Person'], properties: ['name'] };
const B = { labels: ['Person'], properties: ['city'] };

async function status() {
  return request(t.app).post('/cfg/indexer/node/status').set('Authorization', admin);
}

async function waitUntilOnline(): Promise<Record<string, unknown>> {
  for (let i = 0; i < 400; i++) {
    const res = await status();
    if (res.body.state !== 'POPULATING') return res.body;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the fulltext index did not finish populating');
}

/** Waits on the graph store itself (no status read through the API, which would reconcile). */
async function waitUntilGraphOnline(): Promise<void> {
  for (let i = 0; i < 400; i++) {
    if ((await t.deps.graph.fulltextStatus()).state === 'ONLINE') return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the fulltext index did not come online');
}

async function search(text: string): Promise<string[]> {
  const res = await request(t.app).post('/data/nodes/find').set('Authorization', admin).send({ text });
  expect(res.status).toBe(200);
  return res.body.items.map((n: { properties: { name: string } }) => n.properties.name).sort();
}

/** Starts the real service (startService) on the test databases and collects its log lines. */
async function startAndStop(): Promise<Array<{ msg: string; level: number }>> {
  const lines: Array<{ msg: string; level: number }> = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  const config = { ...t.config, server: { ...t.config.server, port: 0, host: '127.0.0.1' }, session: { ...t.config.session } };
  const service = await startService(config, pino({ level: 'info' }, sink));
  await service.close();
  return lines;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = t.basic('admin', ADMIN_PASSWORD);
  await t.deps.graph.createNode({ labels: ['Person'], properties: { name: 'Alice Smith', city: 'Paris' } }, UNRESTRICTED);
  await t.deps.graph.createNode({ labels: ['Person'], properties: { name: 'Bob Jones', city: 'Berlin' } }, UNRESTRICTED);
});
afterAll(async () => {
  await t.close();
});

describe(`fulltext index reconciliation (${testGraphBackend})`, () => {
  test('when the graph holds an index (A) the store does not describe and the setting says B, then the start rebuilds it from the setting, logs one line, and searches use it', async () => {
    const configured = await request(t.app).post('/cfg/indexer/node/configure').set('Authorization', admin).send(B);
    expect(configured.status).toBe(200);
    // An old graph database: its index was built elsewhere, with other properties.
    await t.deps.graph.createFulltextIndex(A);
    await waitUntilGraphOnline();
    expect(await search('Paris')).toEqual([]); // the stale index A (names only) answers the search

    const lines = await startAndStop();
    const reconciled = lines.filter((l) => /^fulltext index (rebuilt|dropped)/.test(l.msg));
    expect(reconciled).toHaveLength(1);
    expect(reconciled[0].msg).toContain('properties [name]');
    expect(reconciled[0].msg).toContain('properties [city]');
    expect(reconciled[0].level).toBe(40);

    const done = await waitUntilOnline();
    expect(done).toEqual({ state: 'ONLINE', progress: 100, config: B });
    expect(await search('Paris')).toEqual(['Alice Smith']);
    expect(await search('Bob')).toEqual([]);
    const event = await t.deps.db('audit_events').where({ action: 'fulltext.reconcile' }).orderBy('id', 'desc').first();
    expect(event.details).toEqual({ found: A, applied: B, source: 'setting' });
  });

  test('when the index the service built is missing from the graph (a wiped database), then reading the status rebuilds it', async () => {
    const created = await request(t.app).post('/cfg/indexer/node/create').set('Authorization', admin);
    expect(created.status).toBe(202);
    await waitUntilOnline();
    await t.deps.graph.dropFulltextIndex();
    const res = await status();
    expect(res.status).toBe(200);
    expect(['POPULATING', 'ONLINE']).toContain(res.body.state);
    expect(res.body.config).toEqual(B);
    expect(await waitUntilOnline()).toEqual({ state: 'ONLINE', progress: 100, config: B });
  });

  test('when the configuration changes without create, then the built index stays (configure takes effect with create)', async () => {
    await request(t.app).post('/cfg/indexer/node/configure').set('Authorization', admin).send(A);
    const res = await status();
    expect(res.body).toEqual({ state: 'ONLINE', progress: 100, config: B });
    expect((await t.deps.graph.fulltextStatus()).config).toEqual(B);
  });

  test('when the index was dropped through the API and an index appears in the graph, then reading the status drops it', async () => {
    const dropped = await request(t.app).post('/cfg/indexer/node/drop').set('Authorization', admin);
    expect(dropped.status).toBe(200);
    expect((await status()).body.state).toBe('NOT_CREATED');
    await t.deps.graph.createFulltextIndex(A);
    const res = await status();
    expect(res.body).toEqual({ state: 'NOT_CREATED', progress: 0, config: A });
    expect((await t.deps.graph.fulltextStatus()).state).toBe('NOT_CREATED');
  });

  test('when the store describes no index and the setting configures none, then an index found in the graph is dropped at start', async () => {
    await t.deps.db('app_state').where({ key: 'fulltext.applied' }).delete();
    await t.deps.db('settings').where({ type: 'FULLTEXT_INDEX' }).delete();
    await t.deps.graph.createFulltextIndex(A);
    const lines = await startAndStop();
    expect(lines.filter((l) => /^fulltext index dropped/.test(l.msg))).toHaveLength(1);
    expect((await t.deps.graph.fulltextStatus()).state).toBe('NOT_CREATED');
    expect((await status()).body).toEqual({ state: 'NOT_CREATED', progress: 0, config: { labels: [], properties: [] } });
  });
});
