import { execFileSync } from 'node:child_process';
import path from 'node:path';
import knexFactory from 'knex';
import { startPostgres } from './postgres-server';
import { migrateToLatest } from '../../src/db/migrations';

/** scripts/neo4j-wipe-guard.mjs: one line on stderr and a failed run when it refuses. */
function neo4jWipeGuard(): void {
  try {
    execFileSync(process.execPath, [path.join(__dirname, '..', '..', 'scripts', 'neo4j-wipe-guard.mjs')], {
      stdio: ['ignore', 'inherit', 'pipe'],
      encoding: 'utf8',
    });
  } catch (error) {
    const line = String((error as { stderr?: string }).stderr ?? '').trim() || String(error);
    throw new Error(line, { cause: error });
  }
}

/**
 * Starts (or finds) PostgreSQL once, and migrates a template database that every test file
 * copies (CREATE DATABASE ... TEMPLATE), so each file gets a fresh, migrated database quickly.
 */
export default async function globalSetup(): Promise<void> {
  // A Neo4j in the environment is emptied by the tests (test/support/graph-backends.ts, createTestApp
  // on GAS_TEST_GRAPH_BACKEND=neo4j): refuse one that holds data unless NEO4J_TEST_ALLOW_WIPE=1.
  if (process.env.NEO4J_URI) neo4jWipeGuard();
  // The browser bundles (web/) that the pages load, as `npm run build` makes them (about a second).
  execFileSync(process.execPath, [path.join(__dirname, '..', '..', 'scripts', 'build.mjs'), '--web-only'], { stdio: 'pipe' });
  const server = await startPostgres();
  (globalThis as Record<string, unknown>).__GAS_PG__ = server;
  const template = `gas_template_${process.pid}`;
  const admin = knexFactory({ client: 'pg', connection: server.adminUrl, pool: { min: 0, max: 1 } });
  try {
    await admin.raw(`drop database if exists ${template}`);
    await admin.raw(`create database ${template}`);
  } finally {
    await admin.destroy();
  }
  const url = new URL(server.adminUrl);
  url.pathname = `/${template}`;
  const db = knexFactory({ client: 'pg', connection: url.toString(), pool: { min: 0, max: 1 } });
  try {
    await migrateToLatest(db);
  } finally {
    await db.destroy();
  }
  process.env.GAS_TEST_ADMIN_URL = server.adminUrl;
  process.env.GAS_TEST_TEMPLATE = template;
}
