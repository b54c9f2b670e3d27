import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BrowserHarness } from './support/browser';
import { startBrowserHarness } from './support/browser';
import { ADMIN_PASSWORD } from '../support/test-app';

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

test('when the user signs out and in again in another tab, then a write from the first tab still goes through with the session’s new CSRF token', async () => {
  const { context, page } = await b.signedInPage('/visualization');
  await page.waitForFunction(() => Boolean((window as unknown as { gasWorkspace?: unknown }).gasWorkspace));
  const before = await page.locator('meta[name="csrf-token"]').getAttribute('content');
  // Another tab of the same browser signs out and in again: the session (and its CSRF token) is replaced.
  const tab = await context.newPage();
  await tab.goto('/');
  await Promise.all([tab.waitForURL(/\/login/), tab.getByRole('button', { name: 'Sign out' }).click()]);
  await tab.getByLabel('Username').fill('admin');
  await tab.getByLabel('Password').fill(ADMIN_PASSWORD);
  await Promise.all([tab.waitForURL((url) => !url.pathname.startsWith('/login')), tab.getByRole('button', { name: 'Sign in' }).click()]);
  const statuses: number[] = [];
  page.on('response', (r) => {
    if (r.url().endsWith('/data/nodes/find') && r.request().method() === 'POST') statuses.push(r.status());
  });
  await page.getByPlaceholder('Search the graph').fill('anything');
  await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/data/nodes/find') && r.status() === 200),
    page.getByRole('button', { name: 'Search', exact: true }).click(),
  ]);
  // The first answer refused the page's old token; the page read the new one and sent the search again.
  expect(statuses).toEqual([403, 200]);
  expect(await page.locator('meta[name="csrf-token"]').getAttribute('content')).not.toBe(before);
}, 60000);
