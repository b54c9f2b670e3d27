import request from 'supertest';
import { interruptImports } from '../../src/services/import/import-runs';
import type { TestApp } from '../support/test-app';
import { createTestApp, ADMIN_PASSWORD } from '../support/test-app';
import { emptyGraph, graphTableCounts, uploadFiles } from '../support/graph-helpers';

/*
 * Graceful shutdown (src/server.ts calls interruptImports) and the undo of a batched import that
 * is stopped (issue 20: the import settle() meant for shutdown is wired; issue 23 item 10).
 */
let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp({ imports: { batchRows: 4 } });
  admin = t.basic('admin', ADMIN_PASSWORD);
});
afterAll(async () => {
  await t.close();
});
beforeEach(() => emptyGraph(t));

const csv = `id,name\n${Array.from({ length: 4000 }, (_, i) => `${i},P${i}`).join('\n')}\n`;
const mapping = { kind: 'nodes', labels: ['Person'], columns: [{ column: 'id', type: 'integer' }, { column: 'name' }] };

async function startBackground(transaction: 'single' | 'batched'): Promise<string> {
  const uploaded = await uploadFiles(t, admin, [[Buffer.from(csv), `${transaction}.csv`]]);
  expect(uploaded.status).toBe(201);
  const started = await request(t.app)
    .post('/data/import/importFile')
    .set('Authorization', admin)
    .send({ fileId: uploaded.body.files[0].fileId, mapping, background: true, transaction });
  expect(started.status).toBe(202);
  return started.body.importId as string;
}

async function until(condition: () => Promise<boolean>, ms = 60_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('Imports at shutdown (interruptImports)', () => {
  it('when the service shuts down during a batched import, then the import stops, what its committed batches created is deleted, and it reads cancelled with IMPORT_INTERRUPTED', async () => {
    const id = await startBackground('batched');
    // Committed batches are visible while a batched import runs.
    await until(async () => (await graphTableCounts(t)).nodes > 0);
    await interruptImports();
    const status = await request(t.app).get(`/data/import/imports/${id}`).set('Authorization', admin);
    expect(status.body).toMatchObject({
      state: 'cancelled',
      error: { code: 'IMPORT_INTERRUPTED', details: { undo: { nodesLeft: 0, nodesUpdated: 0 } } },
    });
    expect(status.body.error.details.undo.nodesDeleted).toBeGreaterThan(0);
    expect(status.body.error.message).toMatch(/The batched import was undone: \d+ node\(s\)/);
    expect(await graphTableCounts(t)).toEqual({ nodes: 0, relationships: 0 });
  });

  it('when the service shuts down during a single-transaction import, then it rolls back and reads cancelled with IMPORT_INTERRUPTED', async () => {
    const id = await startBackground('single');
    await until(async () => {
      const status = await request(t.app).get(`/data/import/imports/${id}`).set('Authorization', admin);
      return status.body.progress.rowsDone > 0 || status.body.state !== 'running';
    });
    await interruptImports();
    const status = await request(t.app).get(`/data/import/imports/${id}`).set('Authorization', admin);
    expect(status.body).toMatchObject({ state: 'cancelled', error: { code: 'IMPORT_INTERRUPTED' } });
    expect(await graphTableCounts(t)).toEqual({ nodes: 0, relationships: 0 });
  });
});
