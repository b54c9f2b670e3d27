import request from 'supertest';
import { ADMIN_PASSWORD } from '../support/test-app';
import type { Page } from 'playwright-core';
import type { BrowserHarness } from './support/browser';
import { startBrowserHarness } from './support/browser';

let b: BrowserHarness;
let basic: string;
beforeAll(async () => {
  b = await startBrowserHarness();
  basic = b.t.basic('admin', ADMIN_PASSWORD);
  const nodes = [
    ...Array.from({ length: 30 }, (_, i) => ({
      labels: ['Person'],
      properties: { name: `Searchable Person ${String(i).padStart(2, '0')}`, born: '1990-04-01', salary: 1000 + i },
    })),
    { labels: ['Company'], properties: { name: 'Searchable Company', founded: '2001-01-01' } },
  ];
  for (const node of nodes) expect((await request(b.t.app).post('/data/nodes').set('Authorization', basic).send(node)).status).toBe(201);
  const schema = {
    nodes: {
      Person: {
        name: { title: 'Full name', dataType: 'string', role: 'title' },
        born: { title: 'Date of birth', dataType: 'date' },
        salary: { title: 'Salary', dataType: 'integer', hidden: true },
      },
    },
    relationships: {},
  };
  expect((await request(b.t.app).put('/settings/DATA_SCHEMA').set('Authorization', basic).send(schema)).status).toBe(200);
  expect(
    (
      await request(b.t.app)
        .put('/settings/FULLTEXT_INDEX')
        .set('Authorization', basic)
        .send({ labels: ['Company', 'Person'], properties: ['name'] })
    ).status,
  ).toBe(200);
}, 60000);
afterAll(async () => {
  await b?.close();
});

async function adminPage(target: string): Promise<{ page: Page; pageErrors: string[] }> {
  const { page, pageErrors } = await b.newPage();
  await b.signIn(page, target);
  return { page, pageErrors };
}

const panel = (page: Page) => page.locator('[role="tabpanel"]:not([hidden])');

describe('search page in a real browser', () => {
  test('when a search finds many nodes, then columns carry DATA_SCHEMA titles, hidden properties are left out, and pages follow', async () => {
    const { page, pageErrors } = await adminPage('/search?q=Searchable');
    await panel(page).locator('table.results').waitFor();
    const headers = await panel(page).locator('table.results thead th').allTextContents();
    expect(headers).toEqual(expect.arrayContaining(['Full name', 'Date of birth']));
    expect(headers).not.toContain('Salary');
    await expect(panel(page).locator('p.count').textContent()).resolves.toBe('1–25 of 31 nodes');
    await expect(panel(page).locator('table.results').textContent()).resolves.toContain('Apr 1, 1990');
    await panel(page).getByRole('button', { name: 'Next' }).click();
    await page.waitForFunction(
      () => document.querySelector('[role="tabpanel"]:not([hidden]) p.count')?.textContent === '26–31 of 31 nodes',
    );
    await page.screenshot({ path: `${b.screenshotDir}/search-page-2.png` });
    expect(pageErrors).toEqual([]);
  });

  test('when a label view is chosen, then only nodes with that label are listed', async () => {
    const { page, pageErrors } = await adminPage('/search?q=Searchable');
    await panel(page).locator('table.results').waitFor();
    await panel(page).getByRole('button', { name: 'Company', exact: true }).click();
    await page.waitForFunction(() => document.querySelector('[role="tabpanel"]:not([hidden]) p.count')?.textContent === '1 node found');
    await expect(panel(page).locator('table.results tbody tr').count()).resolves.toBe(1);
    expect(pageErrors).toEqual([]);
  });

  test('when rows are selected and opened, then the workspace is asked for exactly those nodes', async () => {
    const { page, pageErrors } = await adminPage('/search?q=Searchable');
    await panel(page).locator('table.results').waitFor();
    const ids = await panel(page)
      .locator('tbody input[type=checkbox]')
      .evaluateAll((boxes) => boxes.slice(0, 2).map((box) => (box.getAttribute('aria-label') ?? '').replace('Select node ', '')));
    await panel(page).getByLabel(`Select node ${ids[0]}`, { exact: true }).check();
    await panel(page).getByLabel(`Select node ${ids[1]}`, { exact: true }).check();
    await Promise.all([
      page.waitForURL(/\/visualization\?nodes=/),
      panel(page).getByRole('button', { name: 'Open 2 selected in the workspace' }).click(),
    ]);
    expect(new URL(page.url()).searchParams.get('nodes')).toBe(ids.join(','));
    expect(pageErrors).toEqual([]);
  });

  test('when the CSV export is used, then the file holds the matches; a user without Export data sees no export', async () => {
    const { page, pageErrors } = await adminPage('/search?q=Searchable');
    await panel(page).locator('table.results').waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), panel(page).getByRole('button', { name: 'Export CSV' }).click()]);
    const chunks: Buffer[] = [];
    for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
    const csv = Buffer.concat(chunks).toString('utf8');
    expect(csv.split('\n').filter((line) => line.includes('Searchable'))).toHaveLength(31);
    expect(pageErrors).toEqual([]);

    await b.t.createUser('reader', { password: 'reader-password-1', permissions: ['READ_ALL_DATA'] });
    const reader = await b.newPage();
    await b.signIn(reader.page, '/search?q=Searchable', 'reader', 'reader-password-1');
    await panel(reader.page).locator('table.results').waitFor();
    await expect(panel(reader.page).getByRole('button', { name: 'Export CSV' }).count()).resolves.toBe(0);
    expect(reader.pageErrors).toEqual([]);
  });
});
