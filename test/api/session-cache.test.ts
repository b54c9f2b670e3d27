import request from 'supertest';
import type { Express } from 'express';
import type { Knex } from 'knex';
import type { TestApp } from '../support/test-app';
import { createTestApp, ADMIN_PASSWORD } from '../support/test-app';
import type { SecondInstance } from '../support/second-instance';
import { createSecondInstance } from '../support/second-instance';
import type { CredentialInvalidation } from '../../src/auth/credential-invalidation';
import { startCredentialInvalidation } from '../../src/auth/credential-invalidation';

// Two service instances on one PostgreSQL database, both caching session rows (the session cache
// is on while an instance's invalidation listener is up, as src/server.ts starts it): the cache
// must never keep a session alive that was ended, on this instance or on the other.
let a: TestApp;
let invalidationA: CredentialInvalidation | null;
let b: SecondInstance;
let admin: string;

async function until(check: () => boolean, what: string): Promise<void> {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > 10_000) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

beforeAll(async () => {
  a = await createTestApp();
  invalidationA = await startCredentialInvalidation(a.deps);
  b = await createSecondInstance(a);
  admin = a.basic('admin', ADMIN_PASSWORD);
  await until(() => a.deps.credentialCache.sessions.active && b.deps.credentialCache.sessions.active, 'both instances listening');
});
afterAll(async () => {
  await b?.close();
  await invalidationA?.stop();
  await a?.close();
});

/** Counts the statements on `db` that read or write the sessions table while `work` runs. */
async function sessionQueries(db: Knex, work: () => Promise<void>): Promise<number> {
  let count = 0;
  const onQuery = (query: { sql: string }) => {
    if (/\bsessions\b/.test(query.sql)) count++;
  };
  db.on('query', onQuery);
  try {
    await work();
  } finally {
    db.removeListener('query', onQuery);
  }
  return count;
}

async function login(username: string, password: string): Promise<{ cookie: string; csrf: string }> {
  const response = await request(a.app).post('/login').send({ username, password });
  expect(response.status).toBe(200);
  return { cookie: String(response.headers['set-cookie']).match(/gas\.sid=[^;]+/)![0], csrf: response.body.csrfToken as string };
}

const get = (app: Express, cookie: string) => request(app).get('/permissions').set('Cookie', cookie);

/** Two GETs: the first reads the row into the cache (and refreshes the expiry once), the second is served from it. */
async function warm(app: Express, db: Knex, cookie: string): Promise<void> {
  for (let attempt = 0; attempt < 5; attempt++) {
    expect((await get(app, cookie)).status).toBe(200);
    const queries = await sessionQueries(db, async () => {
      expect((await get(app, cookie)).status).toBe(200);
    });
    if (queries === 0) return;
  }
  throw new Error('the session was not served from the cache');
}

/** Sends GETs to `app` for up to 1.5 s until one is refused; the ms after `started` when that one was sent. */
async function refusedWithin(app: Express, cookie: string): Promise<number> {
  const started = Date.now();
  for (;;) {
    const sent = Date.now();
    const status = (await get(app, cookie)).status;
    if (status === 401) return sent - started;
    expect(status).toBe(200);
    if (sent - started > 1500) return Number.POSITIVE_INFINITY;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('session cache', () => {
  test('when a signed-in browser repeats a GET, then the session comes from the cache: no statement on the sessions table and no Set-Cookie', async () => {
    const { cookie } = await login('admin', ADMIN_PASSWORD);
    await warm(a.app, a.deps.db, cookie);
    const queries = await sessionQueries(a.deps.db, async () => {
      for (let i = 0; i < 5; i++) {
        const response = await get(a.app, cookie);
        expect(response.status).toBe(200);
        expect(response.headers['set-cookie']).toBeUndefined();
      }
    });
    expect(queries).toBe(0);
  });

  test('when the cookie signature is altered, then the cached session is not used: 401', async () => {
    const { cookie } = await login('admin', ADMIN_PASSWORD);
    await warm(a.app, a.deps.db, cookie);
    const value = decodeURIComponent(cookie.slice('gas.sid='.length));
    const last = value.slice(-1) === 'A' ? 'B' : 'A';
    const forged = `gas.sid=${encodeURIComponent(value.slice(0, -1) + last)}`;
    expect((await get(a.app, forged)).status).toBe(401);
    const unsigned = `gas.sid=${encodeURIComponent(value.slice(2).split('.')[0])}`;
    expect((await get(a.app, unsigned)).status).toBe(401);
  });

  test('when the browser logs out, then its cookie is refused by the next request on the same instance, and by the other instance within a second', async () => {
    await a.createUser('sc.logout', { password: 'logout-password-1' });
    const { cookie, csrf } = await login('sc.logout', 'logout-password-1');
    await warm(a.app, a.deps.db, cookie);
    await warm(b.app, b.deps.db, cookie);
    expect((await request(a.app).post('/logout').set('Cookie', cookie).set('X-CSRF-Token', csrf)).status).toBe(204);
    expect((await get(a.app, cookie)).status).toBe(401);
    expect(await refusedWithin(b.app, cookie)).toBeLessThan(1000);
  });

  test("when an administrator disables a user on one instance, then the user's cookie is refused by the next request there, and by the other instance within a second", async () => {
    const id = await a.createUser('sc.disable', { password: 'disable-password-1' });
    const { cookie } = await login('sc.disable', 'disable-password-1');
    await warm(a.app, a.deps.db, cookie);
    await warm(b.app, b.deps.db, cookie);
    expect((await request(b.app).delete(`/users/${id}/enabled`).set('Authorization', admin)).status).toBeLessThan(300);
    expect((await get(b.app, cookie)).status).toBe(401);
    expect(await refusedWithin(a.app, cookie)).toBeLessThan(1000);
  });

  test("when an administrator sets a user's password on one instance, then the user's sessions are refused by the other instance within a second", async () => {
    const id = await a.createUser('sc.password', { password: 'password-before-1' });
    const { cookie } = await login('sc.password', 'password-before-1');
    await warm(a.app, a.deps.db, cookie);
    await warm(b.app, b.deps.db, cookie);
    expect(
      (await request(a.app).put(`/users/${id}/password`).set('Authorization', admin).send({ password: 'password-after-22' })).status,
    ).toBe(204);
    expect((await get(a.app, cookie)).status).toBe(401);
    expect(await refusedWithin(b.app, cookie)).toBeLessThan(1000);
  });

  test('when a session row is deleted directly in the database, then both instances refuse the cookie within a second (the trigger notifies, whatever deleted it)', async () => {
    const { cookie } = await login('admin', ADMIN_PASSWORD);
    await warm(a.app, a.deps.db, cookie);
    await warm(b.app, b.deps.db, cookie);
    const sid = decodeURIComponent(cookie.slice('gas.sid='.length)).slice(2).split('.')[0];
    await a.database.knex('sessions').where('sid', sid).del();
    expect(await refusedWithin(a.app, cookie)).toBeLessThan(1000);
    expect(await refusedWithin(b.app, cookie)).toBeLessThan(1000);
  });

  test('when the listening connection is lost, then the instance stops answering from its session cache until it listens again', async () => {
    const { cookie } = await login('admin', ADMIN_PASSWORD);
    await warm(b.app, b.deps.db, cookie);
    // Both instances' listeners share the application name: end them (they reconnect on their own).
    await a.database.knex.raw(
      `select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'gas-credential-invalidation' and datname = current_database()`,
    );
    await until(() => !b.deps.credentialCache.sessions.active, 'instance B to notice the lost connection');
    expect(b.deps.credentialCache.sessions.size).toBe(0);
    const whileDown = await sessionQueries(b.deps.db, async () => {
      if (b.deps.credentialCache.sessions.active) return;
      expect((await get(b.app, cookie)).status).toBe(200);
    });
    if (!b.deps.credentialCache.sessions.active) expect(whileDown).toBeGreaterThan(0);
    await until(() => b.deps.credentialCache.sessions.active && a.deps.credentialCache.sessions.active, 'both instances listening again');
    await warm(b.app, b.deps.db, cookie);
  });
});
