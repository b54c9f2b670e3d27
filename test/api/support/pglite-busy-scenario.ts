/**
 * The embedded store (PGlite, one connection) held by a long transaction: a request that waits for
 * the connection longer than database.acquireTimeoutMs is answered 503 DATABASE_BUSY with
 * Retry-After, then 200 once the connection is free (run by test/api/resource-limits.test.ts
 * through runPgliteScenario).
 */
import request from 'supertest';
import { pgliteScenario, PGLITE_ADMIN_PASSWORD } from './pglite-scenario';

pgliteScenario({ database: { acquireTimeoutMs: 1000 } }, async ({ app, knex }) => {
  const auth = `Basic ${Buffer.from(`admin:${PGLITE_ADMIN_PASSWORD}`).toString('base64')}`;
  const find = () => request(app).post('/data/nodes/find').set('Authorization', auth).send({});
  const before = (await find()).status;
  let release!: () => void;
  const held = knex.transaction(async (trx) => {
    await trx.raw('select 1');
    await new Promise<void>((resolve) => (release = resolve));
  });
  while (!release) await new Promise((resolve) => setTimeout(resolve, 10));
  const started = Date.now();
  const busy = await find();
  const busyReport = {
    status: busy.status,
    code: busy.body.code,
    retryAfter: busy.headers['retry-after'],
    withinMs: Date.now() - started < 10_000,
  };
  release();
  await held;
  return { before, busy: busyReport, after: (await find()).status };
});
