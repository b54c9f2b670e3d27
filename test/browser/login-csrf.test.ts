import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BrowserHarness } from './support/browser';
import { startBrowserHarness } from './support/browser';

/**
 * Login CSRF in a real browser (issue 18, item 4): a page on another site posts the login form with
 * the attacker's credentials; the victim's browser must not end up signed in to the attacker's account.
 */
let b: BrowserHarness;
let attacker: http.Server;
let attackerUrl: string;

beforeAll(async () => {
  b = await startBrowserHarness();
  await b.t.createUser('mallory', { password: 'mallory-password-1' });
  const page = `<!doctype html><html><body>
    <form id="f" method="post" action="${b.baseUrl}/login">
      <input name="username" value="mallory"><input name="password" value="mallory-password-1"><input name="next" value="/">
    </form>
    <script>document.getElementById('f').submit();</script>
  </body></html>`;
  attacker = http.createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html' });
    res.end(page);
  });
  await new Promise<void>((resolve) => attacker.listen(0, '127.0.0.1', resolve));
  // Another host name for the same machine: another site to the browser than 127.0.0.1.
  attackerUrl = `http://localhost:${(attacker.address() as AddressInfo).port}/`;
}, 60000);
afterAll(async () => {
  await new Promise<void>((resolve) => attacker?.close(() => resolve()));
  await b?.close();
});

test("when a page on another site posts the login form with the attacker's credentials, then the browser is refused (403 CROSS_SITE_LOGIN) and not signed in", async () => {
  const { page } = await b.newPage();
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.url() === `${b.baseUrl}/login` && r.request().method() === 'POST'),
    page.goto(attackerUrl),
  ]);
  const sent = await response.request().allHeaders();
  expect(sent['sec-fetch-site']).toBe('cross-site');
  expect(response.status()).toBe(403);
  expect(await response.json()).toMatchObject({ code: 'CROSS_SITE_LOGIN' });
  const session = await page.request.get(`${b.baseUrl}/session`);
  expect(await session.json()).toMatchObject({ authenticated: false });
  const signedIn = await b.t.deps.db('audit_events').where({ action: 'auth.login', username: 'mallory' });
  expect(signedIn).toHaveLength(0);
}, 60000);

test('when the login form of the service itself is posted, then the browser is signed in (same-origin)', async () => {
  const { page } = await b.newPage();
  await page.goto('/login');
  await page.getByLabel('Username').fill('mallory');
  await page.getByLabel('Password').fill('mallory-password-1');
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.url() === `${b.baseUrl}/login` && r.request().method() === 'POST'),
    page.getByRole('button', { name: 'Sign in' }).click(),
  ]);
  expect((await response.request().allHeaders())['sec-fetch-site']).toBe('same-origin');
  expect(response.status()).toBe(303);
  const session = await page.request.get(`${b.baseUrl}/session`);
  expect(await session.json()).toMatchObject({ authenticated: true, user: { username: 'mallory' } });
}, 60000);
