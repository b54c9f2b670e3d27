/**
 * An embedded-store (PGlite) scenario over real HTTP, in a Node process of its own: PGlite loads its
 * wasm with a dynamic import, which jest's VM sandbox refuses. A scenario file calls
 * `pgliteScenario(overrides, body)`: a fresh data directory, the migrated embedded store, the
 * administrator `admin` with PGLITE_ADMIN_PASSWORD and the real app; `body` returns a report that is
 * printed as one JSON line (exit 0), or its error is printed (exit 1). A jest test runs the file with
 * `runPgliteScenario(file)` and gets the report.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Express } from 'express';
import type { Knex } from 'knex';
import pino from 'pino';
import type { AppConfig } from '../../../src/config';
import { loadConfig } from '../../../src/config';
import { openDatabase } from '../../../src/db/database';
import { migrateToLatest } from '../../../src/db/migrations';
import { syncPermissions, ensureAdmin } from '../../../src/bootstrap';
import { createGraphStore } from '../../../src/graph';
import { createApp } from '../../../src/app';
import { createMailer } from '../../../src/services/mail/mailer';
import { CredentialCache } from '../../../src/auth/credential-cache';
import type { AppDeps } from '../../../src/core/context';

export const PGLITE_ADMIN_PASSWORD = 'embedded-admin-password';

export interface PgliteScenario {
  app: Express;
  knex: Knex;
  config: AppConfig;
}

export function pgliteScenario(
  overrides: Record<string, unknown>,
  body: (scenario: PgliteScenario) => Promise<Record<string, unknown>>,
): void {
  const run = async (): Promise<Record<string, unknown>> => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'gas-pglite-scenario-'));
    const base = {
      dataDir: dir,
      database: { url: '' },
      session: { secret: 'pglite-scenario' },
      auth: { adminPassword: PGLITE_ADMIN_PASSWORD },
      log: { level: 'silent' },
    };
    const config = loadConfig({}, merge(base, overrides));
    const db = await openDatabase(config);
    const logger = pino({ level: process.env.SCENARIO_LOG ?? 'silent' }, pino.destination(2));
    const graph = createGraphStore(config, db.knex, logger);
    let close = () => undefined as void;
    try {
      await migrateToLatest(db.knex);
      await syncPermissions(db.knex);
      await ensureAdmin(db.knex, config, logger);
      await graph.init();
      const deps: AppDeps = {
        config,
        db: db.knex,
        graph,
        mailer: createMailer('', config.mail.from, logger),
        logger,
        credentialCache: new CredentialCache(0),
        version: '0.0.0-test',
      };
      const { app, sessionStore } = createApp(deps);
      close = () => sessionStore.close();
      return { kind: db.kind, ...(await body({ app, knex: db.knex, config })) };
    } finally {
      close();
      await graph.close();
      await db.close();
      rmSync(dir, { recursive: true, force: true });
    }
  };
  run().then(
    (report) => {
      process.stdout.write(`${JSON.stringify(report)}\n`);
      process.exit(0);
    },
    (error: unknown) => {
      process.stderr.write(`${(error as Error).stack ?? String(error)}\n`);
      process.exit(1);
    },
  );
}

function merge(base: Record<string, unknown>, extra: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(extra)) {
    const current = out[key];
    out[key] =
      value && typeof value === 'object' && !Array.isArray(value) && current && typeof current === 'object'
        ? merge(current as Record<string, unknown>, value as Record<string, unknown>)
        : value;
  }
  return out;
}

/** Runs a scenario file of this folder (by name) with tsx and returns its report. */
export function runPgliteScenario(file: string, timeoutMs: number): Promise<Record<string, unknown>> {
  const root = path.resolve(__dirname, '..', '..', '..');
  return new Promise((resolve, reject) => {
    execFile(
      path.join(root, 'node_modules', '.bin', 'tsx'),
      [path.join(__dirname, file)],
      { cwd: root, timeout: timeoutMs },
      (error, out, err) => {
        if (error) reject(new Error(`PGlite scenario ${file} failed: ${error.message}\n${err}`));
        else resolve(JSON.parse(out.trim().split('\n').pop() as string) as Record<string, unknown>);
      },
    );
  });
}
