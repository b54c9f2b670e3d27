import path from 'node:path';
import { readFileSync } from 'node:fs';
import type { BrowserHarness } from './support/browser';
import { startBrowserHarness } from './support/browser';
import { graphTableCounts } from '../support/graph-helpers';

const FIXTURES = path.join(__dirname, '..', 'fixtures', 'import');

let b: BrowserHarness;

beforeAll(async () => {
  b = await startBrowserHarness();
}, 60000);
afterAll(async () => {
  await b?.close();
});

const graphCounts = () => graphTableCounts(b.t);

describe('/import in a real browser', () => {
  test('when files are uploaded, analysed, mapped, dry-run and imported, then the report shows the counts and the rejected rows can be downloaded', async () => {
    const { page, pageErrors } = await b.newPage();
    await b.signIn(page, '/import');
    await expect(
      page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Import' }).getAttribute('aria-current'),
    ).resolves.toBe('page');

    await page.locator('#import-file-input').setInputFiles([
      { name: 'people.csv', mimeType: 'text/csv', buffer: readFileSync(path.join(FIXTURES, 'people.csv')) },
      { name: 'knows.csv', mimeType: 'text/csv', buffer: readFileSync(path.join(FIXTURES, 'knows.csv')) },
    ]);
    await page.getByRole('button', { name: 'Upload' }).click();
    await page.getByRole('button', { name: 'Analyse people.csv' }).click();

    // The analysis: summary, detected types in the sample's header, sample rows.
    await page.locator('#import-summary-text', { hasText: /^3 rows, read as nodes\. Encoding utf-8, delimiter ","/ }).waitFor();
    await expect(page.locator('#import-sample thead th').allTextContents()).resolves.toEqual([
      'idinteger',
      'namestring',
      'ageinteger',
      'borndate',
      'activeboolean',
      'tagslist, 1 empty',
    ]);
    await expect(page.locator('#import-sample tbody tr').first().locator('td').allTextContents()).resolves.toEqual([
      '1',
      'Ann',
      '34',
      '1990-04-01',
      'true',
      'a|b',
    ]);

    // The mapping: label Person with the merge key Person.id; the age column is left out.
    await page.getByLabel('Labels (comma separated)').fill('Person');
    await page.getByLabel('Merge key label').fill('Person');
    await page.getByLabel('Import column age').uncheck();

    await page.getByRole('button', { name: 'Dry run' }).click();
    await page.locator('#import-report-counts').waitFor();
    await expect(page.locator('#import-status').textContent()).resolves.toBe('Dry run finished: nothing was written.');
    await expect(page.locator('#import-report-counts').textContent()).resolves.toContain('Nodes created3');
    await expect(graphCounts()).resolves.toEqual({ nodes: 0, relationships: 0 });

    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await page.waitForFunction(() => document.getElementById('import-status')?.textContent === 'Import finished.');
    await expect(page.locator('#import-progress-bar').evaluate((el) => (el as HTMLProgressElement).value)).resolves.toBe(100);
    await expect(graphCounts()).resolves.toEqual({ nodes: 3, relationships: 0 });
    const ann = await b.t.deps.db('graph_nodes').whereRaw("properties->>'name' = 'Ann'").first();
    expect(ann.labels).toEqual(['Person']);
    expect(ann.properties).toEqual({ id: 1, name: 'Ann', born: { $type: 'Date', _value: '1990-04-01' }, active: true, tags: ['a', 'b'] });

    // The relationships file: ends matched by Person.id; the row whose end is missing is reported.
    await page.getByRole('button', { name: 'Analyse knows.csv' }).click();
    await page.locator('#import-summary-text', { hasText: /^4 rows, read as relationships/ }).waitFor();
    await page.getByLabel('Type', { exact: true }).fill('KNOWS');
    await page.locator('fieldset[data-end="start"]').getByLabel('Label').fill('Person');
    await page.locator('fieldset[data-end="end"]').getByLabel('Label').fill('Person');
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    // One row skipped: not a plain success (issue 23).
    await page.waitForFunction(
      () =>
        document.getElementById('import-status')?.textContent ===
          'Import finished with 1 row rejected or skipped: it is not in the graph.' && !!document.getElementById('import-rejected'),
    );
    const last = await b.t.deps.db('imports').orderBy('started_at', 'desc').first();
    expect(last.report.rejected).toEqual([{ row: 5, reason: 'start or end node not found' }]);
    await expect(page.locator('#import-report-counts').textContent()).resolves.toContain('Relationships created3');
    await expect(page.locator('#import-rejected').textContent()).resolves.toBe('Row 5: start or end node not found');
    await expect(graphCounts()).resolves.toEqual({ nodes: 3, relationships: 3 });
    const href = await page.getByRole('link', { name: 'Download the rejected rows (CSV)' }).getAttribute('href');
    const csv = await page.evaluate(async (url) => (await fetch(url!)).text(), href);
    expect(csv).toBe('row,reason,values\r\n5,start or end node not found,1,9,2018,1\r\n');
    expect(pageErrors).toEqual([]);
  }, 60000);

  test('when a user without Data management opens /import, then it is the HTML 403 and the menu has no Import entry', async () => {
    await b.t.createUser('reader', { password: 'reader-password-1' });
    const { page } = await b.newPage();
    await b.signIn(page, '/', 'reader', 'reader-password-1');
    await expect(page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Import' }).count()).resolves.toBe(0);
    const response = await page.goto('/import');
    expect(response?.status()).toBe(403);
  }, 60000);
});
