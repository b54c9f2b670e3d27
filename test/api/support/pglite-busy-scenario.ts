/**
 * The embedded store (PGlite, one connection) held by a long transaction: a request that waits for
 * the connection longer than database.acquireTimeoutMs is answered 503 DATABASE_BUSY with
 * Retry-After, then 200 once the connection is free. Prints one JSON report line. Run in its own
 * Node process by test/api/resource-limits.test.ts: PGlite loads its wasm with a dynamic import,
 * which jest's VM sandbox refuses.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import pino from 'pino';
import { loadConfig } from '../../../src/config';
import { openDatabase } from '../../../src/db/database';
import { migrateToLatest } from '../../../src/db/migrations';
import { syncPermissions, ensureAdmin } from '../../../src/bootstrap';
import { createGraphStore } from '../../../src/graph';
import { createApp } from '../../../src/app';
import { createMailer } from '../../../src/services/mail/mailer';
import { CredentialCache } from '../../../src/auth/credential-cache';
import type { AppDeps } from '../../../src/http/context';

const PASSWORD = 'embedded-admin-password';

async function main(): Promise<Record<string, unknown>> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'gas-busy-pglite-'));
  const config = loadConfig({}, { dataDir: dir, database: { url: '', acquireTimeoutMs: 1000 }, session: { secret: 'pglite-scenario' }, auth: { adminPassword: PASSWORD }, log: { level: 'silent' } });
  const db = await openDatabase(config);
  const logger = pino({ level: 'silent' });
  const report: Record<string, unknown> = { kind: db.kind };
  const graph = createGraphStore(config, db.knex, logger);
  let close = () => undefined as void;
  try {
    await migrateToLatest(db.knex);
    await syncPermissions(db.knex);
    await ensureAdmin(db.knex, config, logger);
    await graph.init();
    const deps: AppDeps = { config, db: db.knex, graph, mailer: createMailer('', config.mail.from, logger), logger, credentialCache: new CredentialCache(0), version: '0.0.0-test' };
    const { app, sessionStore } = createApp(deps);
    close = () => sessionStore.close();
    const auth = `Basic ${Buffer.from(`admin:${PASSWORD}`).toString('base64')}`;
    const find = () => request(app).post('/data/nodes/find').set('Authorization', auth).send({});
    report.before = (await find()).status;
    let release!: () => void;
    const held = db.knex.transaction(async (trx) => {
      await trx.raw('select 1');
      await new Promise<void>((resolve) => (release = resolve));
    });
    while (!release) await new Promise((resolve) => setTimeout(resolve, 10));
    const started = Date.now();
    const busy = await find();
    report.busy = { status: busy.status, code: busy.body.code, retryAfter: busy.headers['retry-after'], withinMs: Date.now() - started < 10_000 };
    release();
    await held;
    report.after = (await find()).status;
  } finally {
    close();
    await graph.close();
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  }
  return report;
}

main().then(
  (report) => {
    process.stdout.write(`${JSON.stringify(report)}\n`);
    process.exit(0);
  },
  (error: unknown) => {
    process.stderr.write(`${(error as Error).stack ?? String(error)}\n`);
    process.exit(1);
  },
);
