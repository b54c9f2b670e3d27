import request from 'supertest';
import knexFactory from 'knex';
import type { TestApp } from '../support/test-app';
import { createTestApp, ADMIN_PASSWORD } from '../support/test-app';
import { validateResponses } from '../support/response-validator';
import { createApp } from '../../src/app';
import { CredentialCache } from '../../src/auth/credential-cache';
import { runPgliteScenario } from './support/pglite-scenario';

/**
 * Sign-in security (issue 18, items 2 and 4): the lockout holds whatever the concurrency (at most
 * maxFailures password checks per name, on several instances and on PGlite), a per-address limit
 * against spraying usernames, and no sign-in from another site (login CSRF).
 */
const MAX = 5;
const lockout = { maxFailures: MAX, windowMs: 60_000, durationMs: 60_000 };

type Reply = request.Response;

function countBy(responses: Reply[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const response of responses) counts[response.status] = (counts[response.status] ?? 0) + 1;
  return counts;
}

/** Every refused attempt is the existing answer for a locked account: 429 TOO_MANY_REQUESTS with Retry-After. */
function expectLockedAnswers(responses: Reply[]): void {
  for (const response of responses.filter((r) => r.status === 429)) {
    expect(response.body.code).toBe('TOO_MANY_REQUESTS');
    expect(response.body.detail).toMatch(/Too many failed logins for this account/);
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
  }
}

describe('lockout under concurrency', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ auth: { lockout } });
  });
  afterAll(async () => {
    await t.close();
  });

  /** Password checks that failed for the name (one audit event each). */
  async function failedChecks(username: string): Promise<number> {
    const events = await t.deps.db('audit_events').where({ action: 'auth.login.failed', username });
    return events.filter((event) => (event.details as { reason?: string }).reason === 'bad-credentials').length;
  }

  const sessionLogin = (username: string, password: string) => request(t.app).post('/login').send({ username, password });
  const basicCall = (username: string, password: string) =>
    request(t.app).get('/profile').set('Authorization', t.basic(username, password));

  for (const [way, attempt] of [
    ['session login', sessionLogin],
    ['HTTP Basic', basicCall],
  ] as const) {
    test(`when 40 ${way} attempts for one user arrive at once, 39 wrong and one right, then at most maxFailures passwords are checked and the rest are refused as locked`, async () => {
      const username = `mixed-${way === 'HTTP Basic' ? 'basic' : 'session'}`;
      await t.createUser(username, { password: `${username}-password-1` });
      // Distinct wrong passwords: the credential cache verifies one credential once for all its concurrent requests.
      const passwords = Array.from({ length: 40 }, (_, i) => (i === 39 ? `${username}-password-1` : `wrong-${i}`));
      const responses = await Promise.all(passwords.map((password) => attempt(username, password)));
      const counts = countBy(responses);
      expect(Object.keys(counts).every((status) => ['200', '401', '429'].includes(status))).toBe(true);
      // The old code answered 39 × 401 and then 200: every one of them was checked.
      expect((counts[401] ?? 0) + (counts[200] ?? 0)).toBeLessThanOrEqual(MAX);
      expect(counts[429]).toBeGreaterThanOrEqual(40 - MAX);
      expect(await failedChecks(username)).toBe(counts[401] ?? 0);
      expectLockedAnswers(responses);
      if (responses[39].status === 429) {
        // The right password came after the lock: it is refused until the lock ends.
        expect((await attempt(username, `${username}-password-1`)).status).toBe(429);
      }
    });

    test(`when 40 wrong ${way} attempts arrive at once, then exactly maxFailures are checked (401), the others get 429, and the right password is refused while locked`, async () => {
      const username = `wrong-${way === 'HTTP Basic' ? 'basic' : 'session'}`;
      await t.createUser(username, { password: `${username}-password-1` });
      const responses = await Promise.all(Array.from({ length: 40 }, (_, i) => attempt(username, `wrong-${i}`)));
      expect(countBy(responses)).toEqual({ 401: MAX, 429: 40 - MAX });
      for (const response of responses.filter((r) => r.status === 401)) expect(response.body.code).toBe('INVALID_CREDENTIALS');
      expectLockedAnswers(responses);
      expect(await failedChecks(username)).toBe(MAX);
      const right = await attempt(username, `${username}-password-1`);
      expect(right.status).toBe(429);
      expect(right.body.code).toBe('TOO_MANY_REQUESTS');
      const events = await t.deps.db('audit_events').where({ action: 'auth.login.failed', username });
      expect(events.filter((event) => (event.details as { locked?: boolean }).locked === true)).toHaveLength(1);
    });
  }

  test('when 40 wrong sign-ins are split over two service instances on one database, then the two together check at most maxFailures passwords', async () => {
    await t.createUser('twoinstances', { password: 'twoinstances-password-1' });
    const db2 = knexFactory({ client: 'pg', connection: t.database.url, pool: { min: 0, max: 10 } });
    const second = createApp({ ...t.deps, db: db2, credentialCache: new CredentialCache(t.config.auth.credentialCacheMs) });
    validateResponses(second.app);
    try {
      const apps = [t.app, second.app];
      const responses = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          request(apps[i % 2])
            .post('/login')
            .send({ username: 'twoinstances', password: `wrong-${i}` }),
        ),
      );
      expect(countBy(responses)).toEqual({ 401: MAX, 429: 40 - MAX });
      expect(await failedChecks('twoinstances')).toBe(MAX);
    } finally {
      second.sessionStore.close();
      await db2.destroy();
    }
  });

  test('when a locked account signs in with the right password on the embedded store (PGlite) after 40 wrong ones at once, then 5 were checked, 35 refused and the right one is refused too', async () => {
    const report = await runPgliteScenario('pglite-lockout-scenario.ts', 170_000);
    expect(report).toEqual({ kind: 'embedded', statuses: { 401: 5, 429: 35 }, lockedCodes: ['TOO_MANY_REQUESTS'], rightWhileLocked: 429 });
  }, 180_000);

  test('when 40 password changes with wrong current passwords arrive at once on a session, then exactly maxFailures are checked (422) and the others get 429', async () => {
    await t.createUser('changer', { password: 'changer-password-1' });
    const session = await t.login('changer', 'changer-password-1');
    const responses = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        session.put('/profile/password').send({ currentPassword: `wrong-${i}`, newPassword: 'a brand new password 1' }),
      ),
    );
    expect(countBy(responses)).toEqual({ 422: MAX, 429: 40 - MAX });
    expectLockedAnswers(responses);
    const right = await session
      .put('/profile/password')
      .send({ currentPassword: 'changer-password-1', newPassword: 'a brand new password 1' });
    expect(right.status).toBe(429);
  });

  test('when a sign-in succeeds before the lock, then the failures are forgotten and the next failures count from zero', async () => {
    await t.createUser('forgiven', { password: 'forgiven-password-1' });
    for (let i = 0; i < MAX - 1; i++) expect((await sessionLogin('forgiven', `wrong-${i}`)).status).toBe(401);
    expect((await sessionLogin('forgiven', 'forgiven-password-1')).status).toBe(200);
    for (let i = 0; i < MAX - 1; i++) expect((await sessionLogin('forgiven', `wrong-again-${i}`)).status).toBe(401);
    expect((await sessionLogin('forgiven', 'forgiven-password-1')).status).toBe(200);
  });
});

describe('per-address limit', () => {
  const PER_ADDRESS = 8;
  let t: TestApp;
  beforeAll(async () => {
    // 'loopback': the test client is a proxy on 127.0.0.1, so X-Forwarded-For names the client address.
    t = await createTestApp({ server: { trustProxy: 'loopback' }, auth: { lockout: { ...lockout, maxFailuresPerAddress: PER_ADDRESS } } });
    await t.createUser('sprayed', { password: 'sprayed-password-1' });
  });
  afterAll(async () => {
    await t.close();
  });

  const from = (address: string, username: string, password: string) =>
    request(t.app).post('/login').set('X-Forwarded-For', address).send({ username, password });

  test('when one address sprays wrong passwords over many usernames at once, then it gets maxFailuresPerAddress checks and then 429 LOGIN_ADDRESS_LIMITED with Retry-After, also for a right password', async () => {
    const responses = await Promise.all(Array.from({ length: 30 }, (_, i) => from('198.51.100.7', `user${i}`, 'Winter2026!')));
    expect(countBy(responses)).toEqual({ 401: PER_ADDRESS, 429: 30 - PER_ADDRESS });
    for (const response of responses.filter((r) => r.status === 429)) {
      expect(response.body.code).toBe('LOGIN_ADDRESS_LIMITED');
      expect(response.headers['content-type']).toMatch(/application\/problem\+json/);
      expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    }
    const right = await from('198.51.100.7', 'sprayed', 'sprayed-password-1');
    expect(right.status).toBe(429);
    expect(right.body.code).toBe('LOGIN_ADDRESS_LIMITED');
    const basic = await request(t.app)
      .get('/profile')
      .set('X-Forwarded-For', '198.51.100.7')
      .set('Authorization', t.basic('sprayed', 'sprayed-password-1'));
    expect(basic.status).toBe(429);
    expect(basic.body.code).toBe('LOGIN_ADDRESS_LIMITED');
    // Another client is not affected, and the sprayed names were not locked by the refused attempts.
    expect((await from('203.0.113.9', 'sprayed', 'sprayed-password-1')).status).toBe(200);
    expect((await from('203.0.113.9', 'user20', 'x')).status).toBe(401);
  });

  test('when an IPv6 client changes its address within its /64, then the failures still count for the same client', async () => {
    for (let i = 0; i < PER_ADDRESS; i++) expect((await from(`2001:db8:7:1::${i + 1}`, `v6user${i}`, 'wrong')).status).toBe(401);
    const refused = await from('2001:db8:7:1:ffff:1:2:3', 'v6other', 'wrong');
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('LOGIN_ADDRESS_LIMITED');
    expect((await from('2001:db8:7:2::1', 'sprayed', 'sprayed-password-1')).status).toBe(200);
  });

  test('when a client signs in to its own account between failures, then the success does not reset its address count', async () => {
    for (let i = 0; i < PER_ADDRESS - 1; i++) expect((await from('192.0.2.44', `own${i}`, 'wrong')).status).toBe(401);
    expect((await from('192.0.2.44', 'sprayed', 'sprayed-password-1')).status).toBe(200);
    expect((await from('192.0.2.44', 'own-last', 'wrong')).status).toBe(401);
    expect((await from('192.0.2.44', 'own-after', 'wrong')).body.code).toBe('LOGIN_ADDRESS_LIMITED');
  });
});

describe('login CSRF', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const formLogin = () => request(t.app).post('/login').type('form').send({ username: 'admin', password: ADMIN_PASSWORD, next: '/' });

  async function expectRefused(response: Reply): Promise<void> {
    expect(response.status).toBe(403);
    expect(response.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(response.body.code).toBe('CROSS_SITE_LOGIN');
    expect(String(response.headers['set-cookie'] ?? '')).not.toMatch(/gas\.sid=/);
  }

  test("when another site posts the login form in the victim's browser (Sec-Fetch-Site cross-site, foreign Origin), then 403 CROSS_SITE_LOGIN and no session is started", async () => {
    const before = await t.deps.db('sessions').count<{ count: string }[]>('* as count');
    await expectRefused(await formLogin().set('Sec-Fetch-Site', 'cross-site').set('Origin', 'https://attacker.example'));
    const after = await t.deps.db('sessions').count<{ count: string }[]>('* as count');
    expect(after[0].count).toBe(before[0].count);
  });

  test('when a browser that sends no Sec-Fetch-Site posts the login from a foreign Origin, then 403 CROSS_SITE_LOGIN', async () => {
    await expectRefused(await formLogin().set('Origin', 'https://attacker.example'));
    await expectRefused(await formLogin().set('Host', 'gas.test').set('Origin', 'http://gas.test.attacker.example'));
    await expectRefused(await formLogin().set('Host', 'gas.test:8080').set('Origin', 'http://gas.test'));
  });

  test('when the sign-in comes from a sibling site, an opaque origin or as a cross-site JSON request, then 403 CROSS_SITE_LOGIN', async () => {
    await expectRefused(await formLogin().set('Sec-Fetch-Site', 'same-site'));
    await expectRefused(await formLogin().set('Origin', 'null'));
    await expectRefused(
      await request(t.app).post('/login').set('Sec-Fetch-Site', 'cross-site').send({ username: 'admin', password: ADMIN_PASSWORD }),
    );
  });

  test("when the login form is posted from the service's own origin, then the browser is signed in", async () => {
    const same = await formLogin().set('Host', 'gas.test:8080').set('Origin', 'http://gas.test:8080').set('Sec-Fetch-Site', 'same-origin');
    expect(same.status).toBe(303);
    expect(String(same.headers['set-cookie'])).toMatch(/gas\.sid=/);
    // Behind a TLS-terminating proxy the request arrives as http while the browser's origin is https.
    const proxied = await formLogin().set('Host', 'gas.test').set('Origin', 'https://gas.test').set('Sec-Fetch-Site', 'same-origin');
    expect(proxied.status).toBe(303);
  });

  test('when a client sends neither Origin nor Sec-Fetch-Site (curl, scripts), then it still signs in', async () => {
    expect((await formLogin()).status).toBe(303);
    expect((await request(t.app).post('/login').send({ username: 'admin', password: ADMIN_PASSWORD })).status).toBe(200);
    expect((await formLogin().set('Sec-Fetch-Site', 'none')).status).toBe(303);
  });
});

describe('login CSRF with server.baseUrl', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ server: { baseUrl: 'https://graphs.example.com/gas' } });
  });
  afterAll(async () => {
    await t.close();
  });

  test('when server.baseUrl is set, then only its origin may sign in, whatever Host the request names', async () => {
    const own = await request(t.app)
      .post('/login')
      .set('Origin', 'https://graphs.example.com')
      .send({ username: 'admin', password: ADMIN_PASSWORD });
    expect(own.status).toBe(200);
    const hostMatch = await request(t.app)
      .post('/login')
      .set('Host', 'attacker.example')
      .set('Origin', 'http://attacker.example')
      .send({ username: 'admin', password: ADMIN_PASSWORD });
    expect(hostMatch.status).toBe(403);
    expect(hostMatch.body.code).toBe('CROSS_SITE_LOGIN');
  });
});
