import request from 'supertest';
import type { BrowserHarness } from './support/browser';
import { startBrowserHarness, expectSaved } from './support/browser';
import { ADMIN_PASSWORD } from '../support/test-app';

let b: BrowserHarness;
let basic: string;
beforeAll(async () => {
  b = await startBrowserHarness();
  basic = b.t.basic('admin', ADMIN_PASSWORD);
}, 60000);
afterAll(async () => {
  await b?.close();
});

const adminPage = (target: string) => b.signedInPage(target);

describe('search, access control, settings and profile in a real browser', () => {
  test('when the search page is opened with q, then the first tab lists the matching nodes; a rejected search shows the problem detail', async () => {
    for (const name of ['Alice Browserova', 'Bob Browser']) {
      const created = await request(b.t.app)
        .post('/data/nodes')
        .set('Authorization', basic)
        .send({ labels: ['Person'], properties: { name } });
      expect(created.status).toBe(201);
    }
    const { page, pageErrors } = await adminPage('/search?q=Alice');
    const firstTab = page.getByRole('tab').first();
    await expect(firstTab.textContent()).resolves.toBe('Alice');
    const table = page.locator('[role="tabpanel"]:not([hidden]) table.results');
    await table.waitFor();
    await expect(table.textContent()).resolves.toContain('Alice Browserova');
    await expect(table.textContent()).resolves.not.toContain('Bob Browser');

    await page.getByLabel('Search pattern').fill('x'.repeat(1001));
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page.getByRole('tab').count()).resolves.toBe(2);
    const problem = page.locator('[role="tabpanel"]:not([hidden]) p.error');
    await problem.waitFor();
    await expect(problem.textContent()).resolves.toMatch(/text/i);
    // The first tab still holds its results.
    await firstTab.click();
    await expect(page.locator('[role="tabpanel"]:not([hidden]) table.results').isVisible()).resolves.toBe(true);
    expect(pageErrors).toEqual([]);
  });

  test('when an invalid entitySecurity is saved on /acl/list, then the problem detail is shown; a valid one is stored', async () => {
    const group = await request(b.t.app).post('/groups').set('Authorization', basic).send({ name: 'ACL Browser Group' });
    expect(group.status).toBe(201);
    const groupId = String(group.body.id);
    const { page, pageErrors } = await adminPage('/acl/list');
    const section = page.locator(`section.acl-group[data-group-id="${groupId}"]`);
    await section.waitFor();
    const editor = section.locator('form[data-kind="entitySecurity"]');
    // The raw JSON is the experts' alternative to the pickers, behind a disclosure.
    await editor.getByText('JSON (for experts)').click();
    await editor.locator('textarea').fill('{"nodeFilter": {"property": "name", "operator": "LIKE", "value": 1}}');
    await editor.getByRole('button', { name: /^Save/ }).click();
    const message = editor.locator('p.error');
    await message.waitFor();
    const rejection = (await message.textContent())!;
    expect(rejection.length).toBeGreaterThan(10);

    await editor.locator('textarea').fill('{"nodeFilter": {"label": "Person"}}');
    await editor.getByRole('button', { name: /^Save/ }).click();
    await expectSaved(editor.locator('p[id$="-message"]'), rejection);
    const stored = await request(b.t.app).get(`/groups/${groupId}/entitySecurity`).set('Authorization', basic);
    expect(stored.body).toMatchObject({ nodeFilter: { label: 'Person' } });

    const data = section.locator('form[data-kind="dataSecurity"]');
    await data.getByText('JSON (for experts)').click();
    await data
      .locator('textarea')
      .fill('{"rules": [{"label": "Person", "filter": {"property": "name", "operator": "STARTS WITH", "value": "A"}}]}');
    await data.getByRole('button', { name: /^Save/ }).click();
    await expectSaved(data.locator('p[id$="-message"]'));
    expect(pageErrors).toEqual([]);
  });

  test('when settings are edited, loaded from defaults and imported on /settings/list, then the page reports each result', async () => {
    const all = await request(b.t.app).get('/settings').set('Authorization', basic);
    expect(all.status).toBe(200);
    const { page, pageErrors } = await adminPage('/settings/list');
    const dataTypes = page.locator('form.setting[data-type="DATA_TYPES"]');
    await dataTypes.waitFor();
    await expect(page.locator('form.setting').count()).resolves.toBe(Object.keys(all.body).length);
    await dataTypes.getByRole('button', { name: 'Load default' }).click();
    await dataTypes.locator('p.ok').waitFor();
    await dataTypes.getByRole('button', { name: 'Save' }).click();
    await dataTypes.locator('p.ok', { hasText: 'Saved.' }).waitFor();

    await dataTypes.getByText('JSON (for experts)').click();
    await dataTypes.locator('textarea').fill('{ not json');
    await dataTypes.getByRole('button', { name: 'Save' }).click();
    await dataTypes.locator('p.error', { hasText: 'Not valid JSON' }).waitFor();

    await page
      .getByLabel(/Import a zip/)
      .setInputFiles({ name: 'DATA_TYPES.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(all.body.DATA_TYPES)) });
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await page.locator('#settings-status.ok', { hasText: 'Imported: DATA_TYPES.' }).waitFor();
    await expect(page.locator('a[href="/settings/export"]').count()).resolves.toBe(1);
    expect(pageErrors).toEqual([]);
  });

  test('when an API token is created on the profile page, then it is shown once and works as a Bearer token until revoked', async () => {
    const { page, pageErrors } = await adminPage('/profile/view');
    await page.locator('#tokens-table tbody tr').first().waitFor();
    await page.getByLabel('Token name').fill('browser script');
    await page.getByRole('button', { name: 'Create token' }).click();
    await page.locator('#new-token:not([hidden])').waitFor();
    const token = (await page.locator('#new-token-value').textContent())!;
    expect(token).toMatch(/^gas_/);
    const row = page.locator('#tokens-table tbody tr', { hasText: 'browser script' });
    await row.waitFor();
    await expect(row.textContent()).resolves.not.toContain(token);
    expect((await request(b.t.app).get('/profile').set('Authorization', `Bearer ${token}`)).status).toBe(200);
    await row.getByRole('button', { name: 'Revoke' }).click();
    await row.waitFor({ state: 'detached' });
    expect((await request(b.t.app).get('/profile').set('Authorization', `Bearer ${token}`)).status).toBe(401);
    expect(pageErrors).toEqual([]);
  });

  test('when a user who must change the password signs in, then the profile asks for it and the change leads to the start page', async () => {
    await b.t.createUser('renewer', { password: 'renewer-initial-password', permissions: ['USER_MANAGEMENT'] });
    await b.t.deps.db('users').where({ username: 'renewer' }).update({ must_change_password: true });
    const { page, pageErrors } = await b.newPage();
    await b.signIn(page, '/users/list', 'renewer', 'renewer-initial-password');
    expect(page.url()).toContain('/profile/view?mustChangePassword=1');
    await expect(page.locator('.notice[role="alert"]').textContent()).resolves.toMatch(/must be changed/);
    await page.getByLabel('Current password').fill('renewer-initial-password');
    await page.getByLabel('New password', { exact: true }).fill('renewer-new-long-password');
    await page.getByLabel('Repeat new password').fill('renewer-new-long-password');
    await Promise.all([page.waitForURL((url) => url.pathname === '/'), page.getByRole('button', { name: 'Change password' }).click()]);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toMatch(/Welcome/);
    await page.goto('/users/list');
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Users');
    expect(pageErrors).toEqual([]);
  });
});
