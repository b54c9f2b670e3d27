import path from 'node:path';
import request from 'supertest';
import type { Page } from 'playwright-core';
import type { BrowserHarness } from './support/browser';
import { startBrowserHarness } from './support/browser';

/**
 * /visualizations/list in a real browser: anna (Share visualization, group Team) with ben (Team,
 * shares one with her) and carl (group Other, unrelated).
 */
let b: BrowserHarness;
const userIds: Record<string, string> = {};
const groupIds: Record<string, string> = {};
const basic = (who: string) => b.t.basic(who, `${who}-password-1`);
const api = (who: string, method: 'get' | 'post' | 'put' | 'delete', url: string) =>
  request(b.t.app)[method](url).set('Authorization', basic(who));

beforeAll(async () => {
  b = await startBrowserHarness();
  const db = b.t.deps.db;
  for (const name of ['Team', 'Other']) {
    const [row] = await db('groups').insert({ name }).returning('id');
    groupIds[name] = String(row.id);
  }
  userIds.anna = await b.t.createUser('anna', {
    password: 'anna-password-1',
    permissions: ['SHARE_VISUALIZATION'],
    groupIds: [groupIds.Team],
  });
  userIds.ben = await b.t.createUser('ben', {
    password: 'ben-password-1',
    permissions: ['SHARE_VISUALIZATION'],
    groupIds: [groupIds.Team],
  });
  userIds.carl = await b.t.createUser('carl', { password: 'carl-password-1', groupIds: [groupIds.Other] });
}, 60000);
afterAll(async () => {
  await b?.close();
});

const signedIn = (who: string, target: string) => b.signedInPage(target, who, `${who}-password-1`);

const rowOf = (page: Page, table: string, name: string) =>
  page.locator(`#${table}-table tbody tr`, { has: page.getByRole('link', { name, exact: true }) });

describe('the visualizations list page in a real browser', () => {
  test('when a user creates, renames, shares, hides, unhides, opens and deletes visualizations, then each table and the API follow', async () => {
    const created = await api('anna', 'post', '/visualizations').send({ name: 'Alpha', description: 'first', content: { version: 1 } });
    expect(created.status).toBe(201);
    const alphaId = String(created.body.id);
    const bens = await api('ben', 'post', '/visualizations').send({ name: 'From Ben', content: { version: 1 } });
    expect((await api('ben', 'put', `/visualizations/${bens.body.id}/users`).send({ userIds: [userIds.anna] })).status).toBe(200);

    const { page, pageErrors } = await signedIn('anna', '/visualizations/list');
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Visualizations');
    await expect(
      page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Visualizations' }).getAttribute('aria-current'),
    ).resolves.toBe('page');
    await rowOf(page, 'own', 'Alpha').waitFor();
    await expect(rowOf(page, 'shared', 'From Ben').textContent()).resolves.toContain('ben');

    // Create
    await page.locator('#create-form').getByLabel('Name').fill('Gamma');
    await page.getByRole('button', { name: 'Create visualization' }).click();
    await rowOf(page, 'own', 'Gamma').waitFor();

    // Rename
    await rowOf(page, 'own', 'Alpha').getByRole('button', { name: 'Rename' }).click();
    const rename = page.locator('#rename-form');
    await rename.getByLabel('Name').fill('Alpha renamed');
    await rename.getByLabel('Description').fill('now with a better name');
    await rename.getByRole('button', { name: 'Save name' }).click();
    await rowOf(page, 'own', 'Alpha renamed').waitFor();
    expect((await api('anna', 'get', `/visualizations/${alphaId}`)).body).toMatchObject({
      name: 'Alpha renamed',
      description: 'now with a better name',
    });

    // Share: the pickers offer ben and Team (anna's group), not carl or Other
    await rowOf(page, 'own', 'Alpha renamed').getByRole('button', { name: 'Share' }).click();
    const share = page.locator('#share-form');
    await share.getByLabel('ben').waitFor();
    await expect(share.getByLabel('carl').count()).resolves.toBe(0);
    await expect(share.getByLabel('Other').count()).resolves.toBe(0);
    await share.getByLabel('ben').check();
    await share.getByLabel('Team').check();
    await share.getByRole('button', { name: 'Save sharing' }).click();
    await page.locator('#visualizations-status.ok').filter({ hasText: 'Saved the sharing of Alpha renamed' }).waitFor();
    const sharedCell = rowOf(page, 'own', 'Alpha renamed').locator('td').nth(2);
    await sharedCell.locator('.chip', { hasText: 'Team (group)' }).waitFor();
    await expect(sharedCell.textContent()).resolves.toContain('ben');
    await expect(sharedCell.textContent()).resolves.toContain('Team (group)');
    expect((await api('anna', 'get', `/visualizations/${alphaId}`)).body.sharedWith).toEqual({
      users: [{ id: userIds.ben, username: 'ben' }],
      groups: [{ id: groupIds.Team, name: 'Team' }],
    });
    expect((await api('ben', 'get', `/visualizations/${alphaId}`)).status).toBe(200);

    // Hide and unhide what ben shared
    await rowOf(page, 'shared', 'From Ben').getByRole('button', { name: 'Hide' }).click();
    await rowOf(page, 'hidden', 'From Ben').waitFor();
    await expect(rowOf(page, 'shared', 'From Ben').count()).resolves.toBe(0);
    expect((await api('anna', 'get', `/visualizations/${bens.body.id}`)).body.hidden).toBe(true);
    expect((await api('ben', 'get', `/visualizations/${bens.body.id}`)).body.hidden).toBe(false);
    await page.screenshot({ path: path.join(b.screenshotDir, 'visualizations-list.png'), fullPage: true });
    await rowOf(page, 'hidden', 'From Ben').getByRole('button', { name: 'Unhide' }).click();
    await rowOf(page, 'shared', 'From Ben').waitFor();

    // Delete
    await rowOf(page, 'own', 'Gamma').getByRole('button', { name: 'Delete' }).click();
    await page.locator('#visualizations-status.ok').filter({ hasText: 'Deleted Gamma' }).waitFor();
    await rowOf(page, 'own', 'Gamma').waitFor({ state: 'detached' });
    expect(((await api('anna', 'get', '/visualizations/own?content=false')).body as Array<{ name: string }>).map((v) => v.name)).toEqual([
      'Alpha renamed',
    ]);

    // Open
    await rowOf(page, 'own', 'Alpha renamed').getByRole('link', { name: 'Open' }).click();
    await page.waitForURL((url) => url.pathname === '/visualization' && url.searchParams.get('id') === alphaId);
    await expect(page.title()).resolves.toMatch(/^Alpha renamed/);
    expect(pageErrors).toEqual([]);
  });

  test('when a refused share is saved, then the problem is shown in words in the share form', async () => {
    const created = await api('anna', 'post', '/visualizations').send({ name: 'Beyond', content: { version: 1 } });
    // The picker offers only members of anna's groups; a user added to the form anyway (a stale
    // picker) is refused by the server, and the form says why.
    const { page, pageErrors } = await signedIn('anna', '/visualizations/list');
    await rowOf(page, 'own', 'Beyond').getByRole('button', { name: 'Share' }).click();
    const share = page.locator('#share-form');
    await share.getByLabel('ben').waitFor();
    await page.evaluate((carlId) => {
      const box = document.getElementById('share-users')!;
      const label = document.createElement('label');
      label.className = 'check';
      label.innerHTML = `<input type="checkbox" name="userIds" value="${carlId}" checked> carl`;
      box.appendChild(label);
    }, userIds.carl);
    await share.getByRole('button', { name: 'Save sharing' }).click();
    const message = page.locator('#share-message.error');
    await message.waitFor();
    await expect(message.textContent()).resolves.toMatch(/carl.*SHARE_VISUALIZATION_WITH_EVERYONE/);
    expect((await api('anna', 'get', `/visualizations/${created.body.id}`)).body.sharedWith.users).toEqual([]);
    expect(pageErrors).toEqual([]);
  });

  test('when someone the visualization is not shared with opens its link, then the ordinary 404 page is shown', async () => {
    const created = await api('anna', 'post', '/visualizations').send({ name: 'Private link', content: { version: 1 } });
    const { page } = await signedIn('carl', '/visualizations/list');
    await page.locator('#own-table tbody td.muted').waitFor();
    const response = await page.goto(`/visualization?id=${created.body.id}`);
    expect(response?.status()).toBe(404);
    await expect(page.content()).resolves.not.toContain('Private link');
  });
});
