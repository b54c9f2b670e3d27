import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BrowserContext, Page, Request } from 'playwright-core';
import type { BrowserHarness } from './support/browser';
import { pageDiagnostics, startBrowserHarness } from './support/browser';
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

/** Another tab of the same browser signs out and in again: the session (and its CSRF token) is replaced. */
async function signOutAndInElsewhere(context: BrowserContext): Promise<void> {
  const tab = await context.newPage();
  await tab.goto('/');
  await Promise.all([tab.waitForURL(/\/login/), tab.getByRole('button', { name: 'Sign out' }).click()]);
  await tab.getByLabel('Username').fill('admin');
  await tab.getByLabel('Password').fill(ADMIN_PASSWORD);
  await Promise.all([tab.waitForURL((url) => !url.pathname.startsWith('/login')), tab.getByRole('button', { name: 'Sign in' }).click()]);
  await tab.close();
}

interface Attempt {
  status: number;
  token: string | undefined;
  body: unknown;
}

/** Every POST of `pathname` the page sends from now on: its answer's status, the CSRF token and the JSON body it sent. */
function attemptsOf(page: Page, pathname: string): Attempt[] {
  const attempts: Attempt[] = [];
  page.on('response', (r) => {
    const sent: Request = r.request();
    if (new URL(r.url()).pathname !== pathname || sent.method() !== 'POST') return;
    // postDataJSON() is null when Chromium sends the body as a stream (a cloned Request): the retry must send an ordinary body.
    attempts.push({ status: r.status(), token: sent.headers()['x-csrf-token'], body: sent.postDataJSON() as unknown });
  });
  return attempts;
}

const csrfMeta = (page: Page) => page.locator('meta[name="csrf-token"]').getAttribute('content');

test('when the user signs out and in again in another tab, then a write of the workspace still goes through with the session’s new CSRF token', async () => {
  const { context, page } = await b.signedInPage('/visualization');
  await page.waitForFunction(() => Boolean((window as unknown as { gasWorkspace?: unknown }).gasWorkspace));
  const before = await csrfMeta(page);
  await signOutAndInElsewhere(context);
  const attempts = attemptsOf(page, '/data/nodes/find');
  await page.getByPlaceholder('Search the graph').fill('anything');
  await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/data/nodes/find') && r.status() === 200),
    page.getByRole('button', { name: 'Search', exact: true }).click(),
  ]);
  // The first answer refused the page's old token; the page read the new one and sent the search again.
  expect({ statuses: attempts.map((a) => a.status), diagnostics: pageDiagnostics(page) }).toMatchObject({ statuses: [403, 200] });
  const after = await csrfMeta(page);
  expect(after).not.toBe(before);
  expect(attempts.map((a) => a.token)).toEqual([before, after]);
  expect(attempts[1].body).toEqual(attempts[0].body);
  expect(attempts[1].body).toMatchObject({ text: 'anything' });
}, 60000);

test('when the session’s CSRF token changed, then a write of the generated client (the search page) is sent again with the same ordinary body', async () => {
  const { context, page } = await b.signedInPage('/search?q=first');
  // The first search answered: the page's form is ready.
  await page.waitForFunction(() => Boolean(document.querySelector('[role="tabpanel"]:not([hidden]) .results-body')?.childElementCount));
  const before = await csrfMeta(page);
  await signOutAndInElsewhere(context);
  const attempts = attemptsOf(page, '/data/nodes/find');
  await page.locator('#search-q').fill('second');
  await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/data/nodes/find') && r.status() === 200),
    page.locator('#search-q').press('Enter'),
  ]);
  expect({ statuses: attempts.map((a) => a.status), diagnostics: pageDiagnostics(page) }).toMatchObject({ statuses: [403, 200] });
  const after = await csrfMeta(page);
  expect(after).not.toBe(before);
  expect(attempts.map((a) => a.token)).toEqual([before, after]);
  expect(attempts[0].body).toMatchObject({ text: 'second' });
  expect(attempts[1].body).toEqual(attempts[0].body);
}, 60000);
