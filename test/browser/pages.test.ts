import path from 'node:path';
import { existsSync } from 'node:fs';
import request from 'supertest';
import { ADMIN_PASSWORD } from '../support/test-app';
import type { Page } from 'playwright-core';
import type { BrowserHarness } from './support/browser';
import { startBrowserHarness } from './support/browser';

const SWAGGER_TIMEOUT = 60000;

let b: BrowserHarness;
beforeAll(async () => {
  b = await startBrowserHarness();
}, 60000);
afterAll(async () => {
  await b?.close();
});

/** Types a tag into Swagger UI's filter box, so only that tag's operations are listed (and rendered). */
async function showTag(page: Page, tag: string): Promise<void> {
  await page.locator('.operation-filter-input').fill(tag);
  await page.locator('.opblock-tag', { hasText: tag }).first().waitFor();
}

const adminPage = (target = '/') => b.signedInPage(target);

describe('pages in a real browser', () => {
  test('when an anonymous user opens a page and signs in through the form, then they land on that page', async () => {
    const { page, pageErrors } = await b.newPage();
    await page.goto('/users/list');
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(new URL(page.url()).searchParams.get('next')).toBe('/users/list');
    await expect(page.getByRole('heading', { name: 'Sign in' }).isVisible()).resolves.toBe(true);
    await b.signIn(page, '/users/list');
    expect(new URL(page.url()).pathname).toBe('/users/list');
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Users');
    expect(pageErrors).toEqual([]);
  });

  test('when the admin looks at the menu, then API sits at the top right and opens the Swagger UI listing operations', async () => {
    const { page, pageErrors } = await adminPage('/');
    const api = page.getByRole('link', { name: 'API', exact: true });
    const box = await api.boundingBox();
    const viewport = page.viewportSize()!;
    expect(box).not.toBeNull();
    expect(box!.x).toBeGreaterThan(viewport.width * 0.7);
    expect(box!.y).toBeLessThan(60);
    await Promise.all([page.waitForURL('**/api-documentation/'), api.click()]);
    // Swagger UI parses and renders the whole document (a few hundred kB): allow it time on a busy machine.
    await page.locator('.opblock').first().waitFor({ timeout: SWAGGER_TIMEOUT });
    expect(await page.locator('.opblock').count()).toBeGreaterThan(5);
    // Swagger UI renders a document of ~140 operations as it is scrolled; the tag filter shows one tag at once.
    await showTag(page, 'Users');
    await page.locator('.opblock-summary-path[data-path="/users/info"]').first().waitFor();
    expect(await page.locator('.opblock').count()).toBeGreaterThan(10);
    expect(pageErrors).toEqual([]);
  }, 120000);

  test('when the admin creates a user on /users/list, then it appears in the list and can be disabled', async () => {
    const { page, pageErrors } = await adminPage('/users/list');
    await page.locator('#users-table tbody tr[data-username="admin"]').waitFor();
    const form = page.locator('#create-user-form');
    await form.getByLabel('Username').fill('browser.user');
    await form.getByLabel('Name', { exact: true }).fill('Browser User');
    await form.getByLabel('E-mail').fill('browser.user@example.test');
    await form.getByLabel('Password', { exact: true }).fill('a-long-browser-password');
    await form.getByLabel('Export data').check();
    await form.getByRole('button', { name: 'Create user' }).click();
    const row = page.locator('#users-table tbody tr[data-username="browser.user"]');
    await row.waitFor();
    await expect(row.textContent()).resolves.toContain('Browser User');
    await expect(row.locator('td.chips').getAttribute('data-permissions')).resolves.toBe('EXPORT_DATA');
    await expect(row.textContent()).resolves.toContain('Export data');
    await page.locator('#users-status', { hasText: 'Created the user browser.user' }).waitFor();
    await row.getByRole('button', { name: 'Disable' }).click();
    await page.locator('#users-table tbody tr[data-username="browser.user"] .badge.off').waitFor();
    const stored = await b.t.deps.db('users').where({ username: 'browser.user' }).first();
    expect(stored).toMatchObject({ name: 'Browser User', enabled: false });
    expect(pageErrors).toEqual([]);
  });

  test('when the admin creates a group on /groups/list, then it appears in the list with its permissions', async () => {
    const { page, pageErrors } = await adminPage('/groups/list');
    await page.locator('#groups-table tbody tr').first().waitFor();
    const form = page.locator('#create-group-form');
    await form.getByLabel('Name', { exact: true }).fill('Browser Analysts');
    await form.getByLabel('Description').fill('Created in a browser');
    await form.getByLabel('Cypher queries').check();
    await form.getByRole('button', { name: 'Create group' }).click();
    const row = page.locator('#groups-table tbody tr[data-group-name="Browser Analysts"]');
    await row.waitFor();
    await expect(row.locator('td.chips').getAttribute('data-permissions')).resolves.toBe('CYPHER_QUERIES');
    await expect(row.textContent()).resolves.toContain('Cypher queries');
    await expect(row.textContent()).resolves.toContain('Created in a browser');
    expect(pageErrors).toEqual([]);
  });

  test('when the admin assigns a group with the editor on /users/list and then deletes the user, then the list follows', async () => {
    const group = await request(b.t.app).post('/groups').set('Authorization', b.t.basic('admin', ADMIN_PASSWORD)).send({ name: 'Editors' });
    expect(group.status).toBe(201);
    await b.t.createUser('editor.user');
    const { page, pageErrors } = await adminPage('/users/list');
    const row = page.locator('#users-table tbody tr[data-username="editor.user"]');
    await row.waitFor();
    await row.getByRole('button', { name: 'Groups' }).click();
    const editor = page.locator('#group-editor');
    await editor.waitFor();
    await expect(page.locator('#group-editor-user').textContent()).resolves.toBe('editor.user');
    await editor.getByLabel('Editors').check();
    await editor.getByRole('button', { name: 'Save groups' }).click();
    await page.locator('#users-table tbody tr[data-username="editor.user"] td', { hasText: 'Editors' }).waitFor();
    await expect(editor.isHidden()).resolves.toBe(true);
    const memberships = await b.t.deps.db('user_groups').where({ group_id: group.body.id });
    expect(memberships).toHaveLength(1);

    await page.locator('#users-table tbody tr[data-username="editor.user"]').getByRole('button', { name: 'Delete' }).click();
    await page.locator('#users-table tbody tr[data-username="editor.user"]').waitFor({ state: 'detached' });
    await expect(b.t.deps.db('users').where({ username: 'editor.user' }).first()).resolves.toMatchObject({ deleted: true });
    expect(pageErrors).toEqual([]);
  });

  test('when the admin changes the own name on the profile page, then it is saved and shown in the menu', async () => {
    const { page, pageErrors } = await adminPage('/profile/view');
    const form = page.locator('#profile-form');
    await form.getByLabel('Name', { exact: true }).fill('Chief Administrator');
    await form.getByLabel('E-mail').fill('admin@example.test');
    await form.getByRole('button', { name: 'Save profile' }).click();
    await page.locator('#profile-status.ok').waitFor();
    await page.reload();
    await expect(page.locator('.topbar .profile-link').textContent()).resolves.toBe('Chief Administrator');
    await expect(page.locator('#profile-form').getByLabel('Name', { exact: true }).inputValue()).resolves.toBe('Chief Administrator');
    expect(pageErrors).toEqual([]);
  });

  test('when the admin executes live calls in the API tester, then a GET and a state-changing call succeed with the session and CSRF token', async () => {
    const { page, pageErrors } = await adminPage('/api-documentation/');
    const execute = async (method: string, apiPath: string): Promise<string> => {
      const operation = page.locator(`.opblock-${method}`, { has: page.locator(`.opblock-summary-path[data-path="${apiPath}"]`) }).first();
      await operation.locator('.opblock-summary').first().click();
      await operation.locator('.try-out__btn').click();
      await operation.locator('button.execute').click();
      const status = operation.locator('.live-responses-table tbody .response-col_status').first();
      await status.waitFor({ timeout: SWAGGER_TIMEOUT });
      return (await status.textContent())!.trim();
    };
    await page.locator('.opblock').first().waitFor({ timeout: SWAGGER_TIMEOUT });
    await showTag(page, 'Users');
    await expect(execute('get', '/users/info')).resolves.toBe('200');
    // A state-changing call: POST /audit/data/frontend (needs the session's CSRF token).
    await showTag(page, 'Audit');
    const status = await execute('post', '/audit/data/frontend');
    expect(status).toMatch(/^2\d\d$/);
    expect(pageErrors).toEqual([]);
  }, 150000);

  test('when the start page and the users page are shown, then screenshots are written for review', async () => {
    const { page } = await adminPage('/');
    await page.screenshot({ path: path.join(b.screenshotDir, 'start.png'), fullPage: true });
    await page.goto('/users/list');
    await page.locator('#users-table tbody tr[data-username]').first().waitFor();
    await page.screenshot({ path: path.join(b.screenshotDir, 'users.png'), fullPage: true });
    console.log(`screenshots in ${b.screenshotDir}`);
    expect(existsSync(path.join(b.screenshotDir, 'users.png'))).toBe(true);
  });
});
