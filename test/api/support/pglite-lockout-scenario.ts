/**
 * The login lockout on the embedded store (PGlite, one connection) over real HTTP: 40 sign-ins of
 * one user at once with wrong passwords, then the right one. Prints one JSON report line. Run in
 * its own Node process by test/api/login-security.test.ts: PGlite loads its wasm with a dynamic
 * import, which jest's VM sandbox refuses.
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
  const dir = mkdtempSync(path.join(os.tmpdir(), 'gas-lockout-pglite-'));
  const config = loadConfig(
    {},
    { dataDir: dir, database: { url: '' }, session: { secret: 'pglite-scenario' }, auth: { adminPassword: PASSWORD, lockout: { maxFailures: 5, windowMs: 60000, durationMs: 60000 } }, log: { level: 'silent' } },
  );
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
    const burst = await Promise.all(Array.from({ length: 40 }, (_, i) => request(app).post('/login').send({ username: 'admin', password: `wrong-${i}` })));
    const statuses: Record<string, number> = {};
    for (const response of burst) statuses[response.status] = (statuses[response.status] ?? 0) + 1;
    report.statuses = statuses;
    report.lockedCodes = [...new Set(burst.filter((response) => response.status === 429).map((response) => response.body.code))];
    report.rightWhileLocked = (await request(app).post('/login').send({ username: 'admin', password: PASSWORD })).status;
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
