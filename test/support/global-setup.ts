import { execFileSync } from 'node:child_process';
import path from 'node:path';
import knexFactory from 'knex';
import { startPostgres } from './postgres-server';
import { migrateToLatest } from '../../src/db/migrations';

/**
 * Starts (or finds) PostgreSQL once, and migrates a template database that every test file
 * copies (CREATE DATABASE ... TEMPLATE), so each file gets a fresh, migrated database quickly.
 */
export default async function globalSetup(): Promise<void> {
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
