import os from 'node:os';
import path from 'node:path';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import request from 'supertest';
import type { ServiceProcess } from '../startup/service-process';
import { ensureBuilt, startServiceProcess, stopIfRunning } from '../startup/service-process';

/**
 * Undo of an import and one start per upload (issue 23, item 8) on the embedded store (PGlite:
 * one connection, so the undo's deletions, its audit event and its mark share one transaction),
 * in the real service process, on TinkerPop's classic graph from ../shared/datasets.
 */
const DATASETS = path.resolve(__dirname, '../../../shared/datasets');
const ADMIN_PASSWORD = 'embedded-undo-admin-password';
const auth = `Basic ${Buffer.from(`admin:${ADMIN_PASSWORD}`).toString('base64')}`;
let base: string;
let service: ServiceProcess | undefined;
let url: string;

beforeAll(async () => {
  ensureBuilt();
  base = mkdtempSync(path.join(os.tmpdir(), 'gas-import-undo-embedded-'));
  service = startServiceProcess({ DATA_DIR: path.join(base, 'data'), ADMIN_PASSWORD });
  url = (await service.waitForLog(/^listening on /)).url as string;
}, 240_000);
afterAll(async () => {
  await stopIfRunning(service);
  rmSync(base, { recursive: true, force: true });
});

async function nodeCount(): Promise<number> {
  const response = await request(url).post('/data/nodes/find').set('Authorization', auth).send({ limit: 1000 });
  expect(response.status).toBe(200);
  return response.body.items.length;
}

test('when an import on the embedded store is started twice and undone, then the second start is 409, the undo leaves nothing and is audited, and the file imports again', async () => {
  const file = path.join(DATASETS, 'graphml/tinkerpop-classic.xml');
  if (!existsSync(file)) throw new Error(`The real test file ${file} is missing`);
  const upload = await request(url)
    .post('/data/import/uploadFile')
    .set('Authorization', auth)
    .attach('file', readFileSync(file), { filename: 'tinkerpop-classic.xml', contentType: 'application/xml' });
  expect(upload.status).toBe(201);
  const fileId = upload.body.files[0].fileId as string;
  const first = await request(url)
    .post('/data/import/importFile')
    .set('Authorization', auth)
    .send({ fileId, mapping: { kind: 'graphml' } });
  expect(first.status).toBe(200);
  expect(first.body.report).toMatchObject({ nodesCreated: 6, relationshipsCreated: 6 });
  const second = await request(url)
    .post('/data/import/importFile')
    .set('Authorization', auth)
    .send({ fileId, mapping: { kind: 'graphml' } });
  expect(second.status).toBe(409);
  expect(second.body.code).toBe('IMPORT_ALREADY_STARTED');
  expect(await nodeCount()).toBe(6);

  const undone = await request(url).post(`/data/import/imports/${first.body.importId}/undo`).set('Authorization', auth).send({});
  expect(undone.status).toBe(200);
  expect(undone.body.undo.undoneAt).toEqual(expect.any(String));
  expect(await nodeCount()).toBe(0);
  const audit = await request(url).get('/audit/data').query({ action: 'data.import.undo' }).set('Authorization', auth);
  expect(audit.status).toBe(200);
  expect(JSON.stringify(audit.body)).toContain(first.body.importId);

  const again = await request(url)
    .post('/data/import/importFile')
    .set('Authorization', auth)
    .send({ fileId, mapping: { kind: 'graphml' } });
  expect(again.status).toBe(200);
  expect(await nodeCount()).toBe(6);
}, 120_000);
