import { readFileSync } from 'node:fs';
import request from 'supertest';
import type { BrowserHarness } from './support/browser';
import { startBrowserHarness, expectSaved } from './support/browser';
import { ADMIN_PASSWORD, testGraphBackend } from '../support/test-app';

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

describe('administration pages: editing in a real browser', () => {
  test('when the admin edits a user on /users/list, then name, e-mail, permissions, groups and enabled are saved, a password is set and the effective security is shown', async () => {
    const group = await request(b.t.app).post('/groups').set('Authorization', basic).send({ name: 'Edit Target Group' });
    expect(group.status).toBe(201);
    await request(b.t.app)
      .post(`/groups/${group.body.id}/entitySecurity`)
      .set('Authorization', basic)
      .send({ nodeFilter: { label: 'Person' } });
    const userId = await b.t.createUser('edit.me', { email: 'old@example.test' });
    const { page, pageErrors } = await adminPage('/users/list');
    const row = page.locator('#users-table tbody tr[data-username="edit.me"]');
    await row.waitFor();
    await row.getByRole('button', { name: 'Edit' }).click();
    const editor = page.locator('#user-editor');
    await editor.waitFor();
    const form = page.locator('#user-editor-form');
    await form.getByLabel('Name', { exact: true }).fill('Edited Person');
    await form.getByLabel('E-mail').fill('edited@example.test');
    await form.getByLabel('Export data').check();
    await form.getByLabel('Edit Target Group').check();
    await form.getByLabel('Enabled (may sign in)').uncheck();
    await form.getByRole('button', { name: 'Save user' }).click();
    await expectSaved(page.locator('#user-editor-message'));
    const stored = await b.t.deps.db('users').where({ id: userId }).first();
    expect(stored).toMatchObject({ name: 'Edited Person', email: 'edited@example.test', enabled: false });
    await expect(b.t.deps.db('user_groups').where({ user_id: userId, group_id: group.body.id })).resolves.toHaveLength(1);
    await page.locator('#users-table tbody tr[data-username="edit.me"] .badge.off').waitFor();
    await expect(page.locator('#users-table tbody tr[data-username="edit.me"] td.chips').getAttribute('data-permissions')).resolves.toBe(
      'EXPORT_DATA',
    );
    // The effective entity security of the user's groups, in words.
    await expect(page.locator('#user-security dd[data-kind="nodeFilter"]').textContent()).resolves.toBe('label Person');

    const passwordForm = page.locator('#user-password-form');
    await passwordForm.getByLabel('New password').fill('short');
    await passwordForm.getByRole('button', { name: 'Set password' }).click();
    await page.locator('#user-password-message.error').waitFor();
    await passwordForm.getByLabel('New password').fill('a-brand-new-long-password');
    await passwordForm.getByRole('button', { name: 'Set password' }).click();
    await page.locator('#user-password-message.ok', { hasText: 'The password is set.' }).waitFor();
    await expect(b.t.deps.db('users').where({ id: userId }).first()).resolves.toMatchObject({ must_change_password: true });

    await passwordForm.getByRole('button', { name: 'Send a password reset e-mail' }).click();
    // The user is disabled now: the API refuses, the page says why in words.
    await page.locator('#user-password-message.error').waitFor();
    expect(pageErrors).toEqual([]);
  });

  test('when there are more users than a page holds, then the search on the server narrows the list and the pager moves through it', async () => {
    for (let i = 0; i < 30; i++) await b.t.createUser(`pager.user.${String(i).padStart(2, '0')}`);
    const { page, pageErrors } = await adminPage('/users/list');
    await page.locator('#users-table tbody tr[data-username]').first().waitFor();
    await page.getByLabel('Per page').selectOption('25');
    await page.locator('#users-range', { hasText: /^Users 1–25 of \d+$/ }).waitFor();
    await expect(page.locator('#users-table tbody tr[data-username]').count()).resolves.toBe(25);
    await page.getByRole('button', { name: 'Next page' }).click();
    await page.locator('#users-range', { hasText: /^Users 26–/ }).waitFor();
    await page.getByLabel('Search users').fill('pager.user.1');
    // The search runs on the server (GET /users/search) a moment after typing stops.
    await page.locator('#users-range', { hasText: 'Users 1–10 of 10' }).waitFor();
    await expect(page.locator('#users-table tbody tr[data-username]').count()).resolves.toBe(10);
    await expect(page.locator('#users-table tbody tr[data-username]').first().getAttribute('data-username')).resolves.toBe('pager.user.10');
    expect(pageErrors).toEqual([]);
  });

  test('when the admin edits a group on /groups/list, then the new name, permissions and members are saved', async () => {
    const group = await request(b.t.app)
      .post('/groups')
      .set('Authorization', basic)
      .send({ name: 'Rename Me', permissions: ['EXPORT_DATA'] });
    expect(group.status).toBe(201);
    const memberId = await b.t.createUser('group.member');
    const { page, pageErrors } = await adminPage('/groups/list');
    const row = page.locator('#groups-table tbody tr[data-group-name="Rename Me"]');
    await row.waitFor();
    await row.getByRole('button', { name: 'Edit' }).click();
    const form = page.locator('#group-edit-form');
    await form.waitFor();
    await form.getByLabel('Group name').fill('Renamed Group');
    await form.getByLabel('Export data').uncheck();
    await form.getByLabel('Cypher queries').check();
    await form.getByLabel('Filter users').fill('group.mem');
    await form.getByLabel('group.member').check();
    await form.getByRole('button', { name: 'Save group' }).click();
    await expectSaved(page.locator('#group-edit-message'));
    const renamed = page.locator('#groups-table tbody tr[data-group-name="Renamed Group"]');
    await renamed.waitFor();
    await expect(renamed.locator('td.chips').getAttribute('data-permissions')).resolves.toBe('CYPHER_QUERIES');
    await expect(renamed.textContent()).resolves.toContain('group.member');
    await expect(b.t.deps.db('user_groups').where({ user_id: memberId, group_id: group.body.id })).resolves.toHaveLength(1);
    expect(pageErrors).toEqual([]);
  });

  test('when a data rule is built with the pickers on /acl/list, then it is saved and the preview as the restricted user shows only what it lets through', async () => {
    for (const node of [
      { labels: ['Person'], properties: { name: 'Czech Person', country: 'CZ', ssn: '111' } },
      { labels: ['Person'], properties: { name: 'German Person', country: 'DE', ssn: '222' } },
      { labels: ['Company'], properties: { name: 'Some Company' } },
    ])
      expect((await request(b.t.app).post('/data/nodes').set('Authorization', basic).send(node)).status).toBe(201);
    const group = await request(b.t.app).post('/groups').set('Authorization', basic).send({ name: 'Picker Group' });
    expect(group.status).toBe(201);
    await b.t.createUser('restricted.viewer', { groupIds: [String(group.body.id)] });
    const { page, pageErrors } = await adminPage('/acl/list');
    const section = page.locator(`section.acl-group[data-group-id="${group.body.id}"]`);
    await section.waitFor();
    // The pickers offer the graph's labels and properties (loaded beside the sections, so waited for).
    await page.locator('#acl-labels option[value="Person"]').waitFor({ state: 'attached' });
    await page.locator('#acl-properties option[value="country"]').waitFor({ state: 'attached' });
    await expect(page.locator('#acl-labels option[value="Person"]').count()).resolves.toBe(1);
    await expect(page.locator('#acl-properties option[value="country"]').count()).resolves.toBe(1);

    const entity = section.locator('form[data-kind="entitySecurity"]');
    await entity.getByLabel('Label', { exact: true }).fill('Person');
    await entity.getByRole('button', { name: 'Add label' }).click();
    await entity.getByRole('button', { name: /^Save/ }).click();
    await entity.locator('p.ok').waitFor();

    const data = section.locator('form[data-kind="dataSecurity"]');
    await data.getByLabel('Label or type').fill('Person');
    await data.getByLabel('Property', { exact: true }).fill('country');
    await data.getByLabel('Condition').selectOption('=');
    await data.getByLabel('Value', { exact: true }).fill('CZ');
    await data.getByRole('button', { name: 'Add data rule' }).click();
    await expect(data.locator('.rule-list').textContent()).resolves.toContain(
      'Nodes with label Person: only where property country is "CZ"',
    );
    await data.getByRole('button', { name: /^Save/ }).click();
    await data.locator('p.ok').waitFor();

    const properties = section.locator('form[data-kind="propertySecurity"]');
    await properties.getByLabel('Property', { exact: true }).fill('ssn');
    await properties.getByRole('button', { name: 'Add property rule' }).click();
    await properties.getByRole('button', { name: /^Save/ }).click();
    await properties.locator('p.ok').waitFor();

    const stored = await request(b.t.app).get(`/groups/${group.body.id}/dataSecurity`).set('Authorization', basic);
    expect(stored.body).toEqual({ rules: [{ label: 'Person', filter: { property: 'country', operator: '=', value: 'CZ' } }] });

    await page.getByLabel('User', { exact: true }).selectOption({ label: 'restricted.viewer' });
    await page.getByRole('button', { name: 'Show what this user sees' }).click();
    const totals = page.locator('#acl-preview-result .preview-totals');
    await totals.waitFor();
    await expect(totals.getAttribute('data-nodes')).resolves.toBe('1');
    await expect(page.locator('#acl-preview-result table[data-kind="label"] tr[data-name="Person"] td').nth(1).textContent()).resolves.toBe(
      '1',
    );
    const sample = page.locator('#acl-preview-result table.preview-sample tbody');
    await expect(sample.textContent()).resolves.toContain('Czech Person');
    await expect(sample.textContent()).resolves.not.toContain('German Person');
    await expect(sample.textContent()).resolves.not.toContain('ssn');
    expect(pageErrors).toEqual([]);
  });

  test('when APPEARANCE, DATA_SCHEMA, FULLTEXT_INDEX and DATA_TYPES are edited in their forms on /settings/list, then the values are saved; wrong values are explained in words', async () => {
    const { page, pageErrors } = await adminPage('/settings/list');
    const form = page.locator('form.setting[data-type="APPEARANCE"]');
    await form.waitFor();
    await form.getByLabel('Label', { exact: true }).fill('Person');
    await form.getByRole('button', { name: 'Add label' }).click();
    await form.getByLabel('Colour of Person', { exact: true }).fill('not-a-colour');
    await form.getByLabel('Colour of Person', { exact: true }).press('Tab');
    await form.locator('.form-message.error', { hasText: 'is not a colour' }).waitFor();
    await form.getByLabel('Colour of Person', { exact: true }).fill('#123456');
    await form.getByLabel('Colour of Person', { exact: true }).press('Tab');
    await form.getByLabel('Caption property of Person').fill('name');
    await form.getByLabel('Caption property of Person').press('Tab');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.locator('p.ok', { hasText: 'Saved.' }).waitFor();
    const stored = await request(b.t.app).get('/settings').set('Authorization', basic);
    expect(stored.body.APPEARANCE).toMatchObject({ colors: { Person: '#123456' }, nodeCaptions: { Person: 'name' } });

    const schema = page.locator('form.setting[data-type="DATA_SCHEMA"]');
    await schema.getByLabel('Property', { exact: true }).fill('age');
    await schema.getByRole('button', { name: 'Describe property' }).click();
    await schema.getByLabel('Data type of age').selectOption('integer');
    await schema.getByLabel('Title of age').fill('Age in years');
    await schema.getByLabel('Title of age').press('Tab');
    await schema.getByLabel('Hidden: age').check();
    await schema.getByRole('button', { name: 'Save' }).click();
    await schema.locator('p.ok', { hasText: 'Saved.' }).waitFor();
    const after = await request(b.t.app).get('/settings').set('Authorization', basic);
    expect(after.body.DATA_SCHEMA.nodes['*'].age).toMatchObject({ dataType: 'integer', title: 'Age in years', hidden: true });

    const fulltext = page.locator('form.setting[data-type="FULLTEXT_INDEX"]');
    await fulltext.locator('fieldset', { hasText: 'Indexed labels' }).getByLabel('Add').fill('Person');
    await fulltext.locator('fieldset', { hasText: 'Indexed labels' }).getByRole('button', { name: 'Add' }).click();
    // One list without the other is explained before saving.
    await fulltext.locator('.form-message.error', { hasText: 'at least one label and one property' }).waitFor();
    await fulltext.locator('fieldset', { hasText: 'Indexed properties' }).getByLabel('Add').fill('name');
    await fulltext.locator('fieldset', { hasText: 'Indexed properties' }).getByRole('button', { name: 'Add' }).click();
    await fulltext.getByRole('button', { name: 'Save' }).click();
    await fulltext.locator('p.ok', { hasText: 'Saved.' }).waitFor();
    const indexed = await request(b.t.app).get('/settings').set('Authorization', basic);
    expect(indexed.body.FULLTEXT_INDEX).toEqual({ labels: ['Person'], properties: ['name'] });

    const types = page.locator('form.setting[data-type="DATA_TYPES"]');
    await types.locator('fieldset', { hasText: 'Visible node labels' }).getByLabel('All (*)').uncheck();
    await types.locator('.form-message.error', { hasText: 'An empty list is not allowed' }).waitFor();
    await types.getByRole('button', { name: 'Load default' }).click();
    await types.locator('p.ok', { hasText: 'Loaded the default configuration' }).waitFor();
    await expect(types.locator('fieldset', { hasText: 'Visible node labels' }).getByLabel('All (*)').isChecked()).resolves.toBe(true);
    expect(pageErrors).toEqual([]);
  });

  test("when the audit page is filtered by a user, then only that user's events are listed, details open, the chain verifies and the CSV export holds the filter", async () => {
    const otherId = await b.t.createUser('audit.actor', { password: 'audit-actor-password', permissions: ['USER_MANAGEMENT'] });
    expect(otherId).toBeTruthy();
    expect(
      (
        await request(b.t.app)
          .post('/groups')
          .set('Authorization', b.t.basic('audit.actor', 'audit-actor-password'))
          .send({ name: 'Audited Group' })
      ).status,
    ).toBe(201);
    const { page, pageErrors } = await adminPage('/audit/list');
    await page.locator('#audit-table tbody tr[data-event-id]').first().waitFor();
    await page.getByLabel('User (username)').fill('audit.actor');
    await page.getByRole('button', { name: 'Show events' }).click();
    await page.locator('#audit-range', { hasText: /of 1$/ }).waitFor();
    const rows = page.locator('#audit-table tbody tr[data-event-id]');
    await expect(rows.count()).resolves.toBe(1);
    await expect(rows.first().getAttribute('data-action')).resolves.toBe('group.create');
    await rows.first().getByRole('button', { name: 'Details' }).click();
    await expect(page.locator('#audit-details-json').textContent()).resolves.toContain('Audited Group');
    await page.getByRole('button', { name: 'Verify the chain' }).click();
    await page.locator('#audit-verify.ok', { hasText: 'The chain is intact' }).waitFor();

    const href = await page.locator('#audit-export-csv').getAttribute('href');
    expect(href).toContain('username=audit.actor');
    expect(href).toContain('format=csv');
    const [download] = await Promise.all([page.waitForEvent('download'), page.locator('#audit-export-csv').click()]);
    const file = await download.path();
    const csv = readFileSync(file, 'utf8');
    const lines = csv.trim().split(/\r?\n/);
    expect(lines[0]).toMatch(/^id,at,userId,username/);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('group.create');

    await page.getByLabel('From').fill('2030-01-02T00:00');
    await page.getByLabel('To (exclusive)').fill('2030-01-01T00:00');
    await page.getByRole('button', { name: 'Show events' }).click();
    await page.locator('#audit-filter-message.error', { hasText: 'must be before' }).waitFor();
    expect(pageErrors).toEqual([]);
  });

  test('when a script fails on a page, then the page reports it to the audit trail and the audit page lists it among the messages from pages', async () => {
    const { page, pageErrors } = await adminPage('/groups/list');
    await page.locator('#groups-table tbody tr').first().waitFor();
    await page.evaluate(() => {
      setTimeout(() => {
        throw new Error('Broken widget from the browser test');
      }, 0);
    });
    for (let tries = 0; tries < 50 && !(await b.t.deps.db('audit_events').where({ action: 'frontend.error' })).length; tries++)
      await page.waitForTimeout(200);
    await expect(b.t.deps.db('audit_events').where({ action: 'frontend.error' })).resolves.toHaveLength(1);
    expect(pageErrors).toEqual(['Broken widget from the browser test']);
    await page.goto('/audit/list');
    await page.locator('#audit-table tbody tr[data-event-id]').first().waitFor();
    await page.getByRole('button', { name: 'Messages from pages' }).click();
    const row = page.locator('#audit-table tbody tr[data-action="frontend.error"]').first();
    await row.waitFor();
    await row.getByRole('button', { name: 'Details' }).click();
    await expect(page.locator('#audit-details-json').textContent()).resolves.toContain('Broken widget from the browser test');
    await expect(page.locator('#audit-details-json').textContent()).resolves.toContain('/groups/list');
  });

  (testGraphBackend === 'postgres' ? test : test.skip)(
    'when the Cypher console is opened on the PostgreSQL backend, then a reading query runs and shows its rows, and a construct outside the translated subset is named with its position',
    async () => {
      const created = await request(b.t.app)
        .post('/data/nodes')
        .set('Authorization', b.t.basic('admin', ADMIN_PASSWORD))
        .send({ labels: ['Planet'], properties: { name: 'Console planet' } });
      expect(created.status).toBe(201);
      const { page, pageErrors } = await adminPage('/cypher');
      const editor = page.locator('#cypher-editor-host .cm-content');
      await editor.waitFor();
      // The CodeMirror editor runs (the plain text box is only the fallback).
      await expect(page.locator('#cypher-query').isHidden()).resolves.toBe(true);
      await editor.click();
      await page.keyboard.press('Control+A');
      await page.keyboard.press('Delete');
      await page.keyboard.type("MATCH (p:Planet) WHERE p.name STARTS WITH 'Console' RETURN p.name AS name, p");
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Run query' }).click();
      const rows = page.locator('#cypher-table tbody tr');
      await rows.first().waitFor();
      await expect(rows.count()).resolves.toBe(1);
      await expect(rows.first().textContent()).resolves.toContain('Console planet');
      await editor.click();
      await page.keyboard.press('Control+A');
      await page.keyboard.press('Delete');
      // Writing clauses run on PostgreSQL now; FOREACH is still outside the translated subset.
      await page.keyboard.type("FOREACH (x IN [1] | CREATE (:Planet {name: 'x'}))");
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Run query' }).click();
      await page
        .locator('#cypher-message.error', { hasText: 'FOREACH (at 1:1) is not supported by Cypher on the PostgreSQL backend' })
        .waitFor();
      expect(pageErrors).toEqual([]);
    },
  );

  test('when a page needs a permission the user lacks, then the 403 page names it in words', async () => {
    await b.t.createUser('no.audit', { password: 'no-audit-password', permissions: ['USER_MANAGEMENT'] });
    const { page } = await b.newPage();
    await b.signIn(page, '/audit/list', 'no.audit', 'no-audit-password');
    await expect(page.locator('.missing-permission').textContent()).resolves.toMatch(
      /needs the permission Audit log: Read and export the audit trail/,
    );
    const favicon = await request(b.t.app).get('/favicon.ico');
    expect(favicon.status).toBe(301);
    expect(favicon.headers.location).toBe('/assets/favicon.svg');
    expect((await request(b.t.app).get('/assets/favicon.svg')).status).toBe(200);
    await expect(page.locator('link[rel="icon"]').getAttribute('href')).resolves.toBe('/assets/favicon.svg');
  });

  test('when every administration page is shown 390 px wide, then the page itself never scrolls sideways', async () => {
    const { page, pageErrors } = await adminPage('/');
    await page.setViewportSize({ width: 390, height: 844 });
    for (const target of [
      '/users/list',
      '/groups/list',
      '/acl/list',
      '/settings/list',
      '/audit/list',
      '/cypher',
      '/profile/view',
      '/jobs/list',
      '/search',
      '/visualizations/list',
      '/',
    ]) {
      await page.goto(target);
      await page.waitForLoadState('networkidle');
      const widths = await page.evaluate(() => {
        const client = document.documentElement.clientWidth;
        // The elements sticking out, for the failure message.
        const offenders = Array.from(document.querySelectorAll('*'))
          .filter((element) => element.getBoundingClientRect().right > client + 1 && !element.parentElement?.closest('.table-scroll'))
          .slice(0, 8)
          .map(
            (element) =>
              `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}.${String(element.className).split(' ').join('.')}`,
          );
        return {
          scroll: document.documentElement.scrollWidth,
          client,
          offenders: document.documentElement.scrollWidth > client ? offenders : [],
        };
      });
      expect({ target, ...widths, overflow: widths.scroll > widths.client }).toEqual({ target, ...widths, overflow: false });
    }
    expect(pageErrors).toEqual([]);
  }, 120000);
});
