import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { SessionData } from 'express-session';
import type { TestApp } from '../support/test-app';
import { createTestApp, ADMIN_PASSWORD } from '../support/test-app';

/**
 * The form sign-in stores the session with its CSRF token before the browser can follow the 303.
 * express-session saves a changed session at res.end but sends the headers first; a browser that
 * followed the redirect at once read the session without the token, made another, and the sign-in's
 * late save overwrote it: the page held a token the session no longer had, and every write from
 * it was refused 403 (seen on CI under load as a workspace or import page whose first POST failed).
 * Here the sign-in's last save is slowed down and the redirect is followed as soon as its headers come.
 */
let t: TestApp;
let server: http.Server;
let port: number;

beforeAll(async () => {
  t = await createTestApp();
  server = http.createServer(t.app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await t.close();
});

function get(path: string, cookie: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path, headers: { cookie, accept: 'application/json' } }, (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      })
      .on('error', reject);
  });
}

test('when the sign-in form answers 303, then the session already holds the CSRF token the next page shows', async () => {
  const store = t.sessionStore;
  const set = store.set.bind(store);
  let sets = 0;
  // The sign-in saves twice (passport's login, then with the token): the second is slowed down.
  store.set = (sid: string, sess: SessionData, callback?: (err?: unknown) => void) => {
    sets++;
    if (sets === 2) setTimeout(() => set(sid, sess, callback), 800);
    else set(sid, sess, callback);
  };
  try {
    const body = new URLSearchParams({ username: 'admin', password: ADMIN_PASSWORD, next: '/' }).toString();
    const seen = await new Promise<{ status: number; token: string; cookie: string }>((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          path: '/login',
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': Buffer.byteLength(body) },
        },
        (res) => {
          // As a browser: the redirect is followed as soon as its headers are here.
          const cookie = String(res.headers['set-cookie']?.[0] ?? '').split(';')[0];
          res.resume();
          get('/session', cookie).then(
            (answer) =>
              resolve({ status: res.statusCode ?? 0, token: (JSON.parse(answer.body) as { csrfToken: string }).csrfToken, cookie }),
            reject,
          );
        },
      );
      req.on('error', reject);
      req.end(body);
    });
    expect(seen.status).toBe(303);
    // Every save has landed: the session's token is still the one the page was given.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const later = JSON.parse((await get('/session', seen.cookie)).body) as { authenticated: boolean; csrfToken: string };
    expect(later.authenticated).toBe(true);
    expect(later.csrfToken).toBe(seen.token);
  } finally {
    store.set = set;
  }
}, 30_000);
