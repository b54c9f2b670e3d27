/**
 * PUT /profile/password over real HTTP on the embedded store (PGlite), printing one JSON report
 * line. Run in its own Node process by test/api/openapi-truth.test.ts: PGlite loads its wasm with
 * a dynamic import, which jest's VM sandbox refuses.
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
  const dir = mkdtempSync(path.join(os.tmpdir(), 'gas-profile-pglite-'));
  const config = loadConfig({}, { dataDir: dir, database: { url: '' }, session: { secret: 'pglite-scenario' }, auth: { adminPassword: PASSWORD }, log: { level: 'silent' } });
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
    const agents = [request.agent(app), request.agent(app), request.agent(app)];
    const tokens: string[] = [];
    for (const agent of agents) {
      const login = await agent.post('/login').send({ username: 'admin', password: PASSWORD });
      if (login.status !== 200) throw new Error(`login: ${login.status} ${login.text}`);
      tokens.push(login.body.csrfToken as string);
    }
    const changed = await agents[0].put('/profile/password').set('X-CSRF-Token', tokens[0]).send({ currentPassword: PASSWORD, newPassword: 'a brand new embedded password' });
    report.status = changed.status;
    report.body = changed.body;
    report.otherSession = (await agents[1].get('/session')).body.authenticated;
    report.ownSession = (await agents[0].get('/session')).body.authenticated;
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
