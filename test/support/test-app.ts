import os from 'node:os';
import path from 'node:path';
import { mkdtempSync, rmSync } from 'node:fs';
import request from 'supertest';
import type { Express } from 'express';
import type TestAgent from 'supertest/lib/agent';
import pino from 'pino';
import type { AppConfig } from '../../src/config';
import { loadConfig } from '../../src/config';
import { createApp } from '../../src/app';
import { syncPermissions, ensureAdmin } from '../../src/bootstrap';
import { createGraphStore } from '../../src/graph';
import type { GraphStore } from '../../src/graph/graph-store';
import { createMailer } from '../../src/services/mail/mailer';
import { CredentialCache } from '../../src/auth/credential-cache';
import { hashPassword } from '../../src/auth/passwords';
import type { AppDeps } from '../../src/core/context';
import type { PermissionCode } from '../../src/auth/permissions';
import type { KnexSessionStore } from '../../src/auth/session-store';
import type { TestDatabase } from './database';
import { createTestDatabase } from './database';
import { emptyNeo4jGraph } from './neo4j-env';
import { validateResponses } from './response-validator';

export const ADMIN_PASSWORD = 'admin-password-for-tests';

export interface SessionClient {
  agent: TestAgent;
  csrfToken: string;
  get(url: string): request.Test;
  post(url: string): request.Test;
  put(url: string): request.Test;
  delete(url: string): request.Test;
}

export interface TestApp {
  app: Express;
  deps: AppDeps;
  config: AppConfig;
  database: TestDatabase;
  sessionStore: KnexSessionStore;
  /** Authorization header value for HTTP Basic. */
  basic(username: string, password: string): string;
  /** Signs in through POST /login and returns a cookie client that sends the CSRF token. */
  login(username: string, password: string): Promise<SessionClient>;
  /** Inserts a user directly (fast fixture setup); returns its id. */
  createUser(
    username: string,
    options?: { password?: string; permissions?: PermissionCode[]; groupIds?: string[]; email?: string },
  ): Promise<string>;
  close(): Promise<void>;
}

type Tree = Record<string, unknown>;
const isTree = (value: unknown): value is Tree => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Overrides win key by key at every level, so { auth: { lockout } } keeps the test admin password. */
function deepMerge(base: Tree, overrides: Tree): Tree {
  const out: Tree = { ...base };
  for (const [key, value] of Object.entries(overrides)) out[key] = isTree(value) && isTree(out[key]) ? deepMerge(out[key], value) : value;
  return out;
}

/** The graph backend API tests run on: GAS_TEST_GRAPH_BACKEND=neo4j (with NEO4J_URI) or PostgreSQL. */
export const testGraphBackend: 'postgres' | 'neo4j' = process.env.GAS_TEST_GRAPH_BACKEND === 'neo4j' ? 'neo4j' : 'postgres';

/** Config overrides that put the app on the backend chosen for this run. */
function graphOverrides(): Tree {
  if (testGraphBackend === 'postgres') return {};
  if (!process.env.NEO4J_URI)
    throw new Error('GAS_TEST_GRAPH_BACKEND=neo4j needs NEO4J_URI (see the README, "The graph tests on your own Neo4j")');
  return {
    graphdb: {
      backend: 'neo4j',
      connector: {
        url: process.env.NEO4J_URI,
        username: process.env.NEO4J_USERNAME ?? 'neo4j',
        password: process.env.NEO4J_PASSWORD ?? '',
        database: process.env.NEO4J_DATABASE ?? '',
      },
    },
  };
}

/** Empties the graph (Neo4j keeps its data between test files; the PostgreSQL graph lives in the fresh database). */
async function wipeGraph(graph: GraphStore): Promise<void> {
  if (graph.backend === 'neo4j') await emptyNeo4jGraph(graph);
}

/**
 * Boots the real app on a fresh PostgreSQL database (copied from the migrated template), with
 * the PostgreSQL graph backend in that same database (or an emptied Neo4j when
 * GAS_TEST_GRAPH_BACKEND=neo4j; run such files one at a time, `jest -i`) and an administrator `admin`.
 */
export async function createTestApp(overrides: Record<string, unknown> = {}, options: { logger?: pino.Logger } = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'gas-test-data-'));
  const config = loadConfig(
    {},
    deepMerge(
      deepMerge(
        {
          database: { url: database.url },
          dataDir,
          session: { secret: 'test-session-secret' },
          auth: { adminPassword: ADMIN_PASSWORD },
          log: { level: 'silent' },
        },
        graphOverrides(),
      ),
      overrides,
    ),
  );
  const logger = options.logger ?? pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
  const db = database.knex;
  await syncPermissions(db);
  await ensureAdmin(db, config, logger);
  const graph = createGraphStore(config, db, logger);
  await graph.init();
  await wipeGraph(graph);
  const deps: AppDeps = {
    config,
    db,
    graph,
    mailer: createMailer(config.mail.url, config.mail.from, logger),
    logger,
    credentialCache: new CredentialCache(config.auth.credentialCacheMs),
    version: '0.0.0-test',
  };
  const { app, sessionStore } = createApp(deps);
  validateResponses(app);

  const login = async (username: string, password: string): Promise<SessionClient> => {
    const agent = request.agent(app);
    const response = await agent.post('/login').send({ username, password });
    if (response.status !== 200) throw new Error(`login of ${username} failed: ${response.status} ${JSON.stringify(response.body)}`);
    const csrfToken = response.body.csrfToken as string;
    return {
      agent,
      csrfToken,
      get: (url) => agent.get(url),
      post: (url) => agent.post(url).set('X-CSRF-Token', csrfToken),
      put: (url) => agent.put(url).set('X-CSRF-Token', csrfToken),
      delete: (url) => agent.delete(url).set('X-CSRF-Token', csrfToken),
    };
  };

  return {
    app,
    deps,
    config,
    database,
    sessionStore,
    basic: (username, password) => `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`,
    login,
    async createUser(username, options = {}) {
      const [row] = await db('users')
        .insert({
          username,
          name: username,
          email: options.email ?? `${username}@example.test`,
          password_hash: await hashPassword(options.password ?? `${username}-password-1`),
        })
        .returning('id');
      const id = String(row.id);
      if (options.permissions?.length)
        await db('user_permissions').insert(options.permissions.map((code) => ({ user_id: id, permission_code: code })));
      if (options.groupIds?.length) await db('user_groups').insert(options.groupIds.map((groupId) => ({ user_id: id, group_id: groupId })));
      return id;
    },
    async close() {
      sessionStore.close();
      deps.mailer.close();
      try {
        await wipeGraph(graph);
      } finally {
        await graph.close();
      }
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
