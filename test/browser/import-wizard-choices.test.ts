import path from 'node:path';
import type { BrowserHarness } from './support/browser';
import { startBrowserHarness } from './support/browser';
import { graphTableCounts, sharedDataset as dataset, tinkerpopWithBrokenWeight } from '../support/graph-helpers';

/*
 * The import wizard's new steps (issue 23, items 5, 6 and 8), on the real files of
 * ../shared/datasets/ read at run time: what GraphML keys become, the warning before a
 * half-rejected import and its result, all-or-nothing, the Import button that cannot start an
 * import twice, opening what was imported in the workspace, and undo.
 */

let b: BrowserHarness;

beforeAll(async () => {
  b = await startBrowserHarness();
}, 60000);
afterAll(async () => {
  await b?.close();
});

const graphCounts = () => graphTableCounts(b.t);

describe('/import: key choices, rejected rows, open in the workspace and undo, in a real browser', () => {
  test('when Les Misérables is imported with label as a property, then the Import button stays disabled, the workspace opens the 77 nodes, and undo removes them', async () => {
    const { page, pageErrors } = await b.newPage();
    await b.signIn(page, '/import');
    await page
      .locator('#import-file-input')
      .setInputFiles([
        { name: 'miserables.graphml', mimeType: 'application/xml', buffer: dataset('graphml/graphology-miserables.graphml') },
      ]);
    await page.getByRole('button', { name: 'Upload' }).click();
    await page.getByRole('button', { name: 'Analyse miserables.graphml' }).click();
    await page.locator('#import-keys').waitFor();

    // The proposal: the label key (77 distinct values) is a property; the warning says why.
    await expect(page.getByLabel('What label becomes').inputValue()).resolves.toBe('property');
    await expect(page.getByLabel('What Edge Label becomes').locator('option').allTextContents()).resolves.toEqual([
      'Relationship type',
      'Property',
      'Left out',
    ]);
    await expect(page.getByLabel('What label becomes').locator('option').allTextContents()).resolves.toEqual([
      'Labels',
      'Property',
      'Left out',
    ]);
    await expect(page.locator('#import-warnings').textContent()).resolves.toContain(
      'the key label (label) has 77 distinct values among 77 nodes: proposed as the property label, not as labels',
    );
    // r, g and b (colours) left out.
    for (const key of ['r', 'g', 'b']) await page.getByLabel(`What ${key} becomes`).selectOption('skip');
    await page.screenshot({ path: path.join(b.screenshotDir, 'import-keys.png'), fullPage: true });

    const run = page.getByRole('button', { name: 'Import', exact: true });
    // A double click starts ONE import: the button is disabled at the first click.
    await run.dblclick();
    await page.waitForFunction(() => document.getElementById('import-status')?.textContent === 'Import finished.');
    await expect(run.isDisabled()).resolves.toBe(true);
    await expect(run.getAttribute('title')).resolves.toBe('This file is imported. Undo that import to import it again.');
    await expect(
      b.t.deps
        .db('imports')
        .where({ dry_run: false })
        .count({ n: '*' })
        .then((r) => Number(r[0].n)),
    ).resolves.toBe(1);
    await expect(graphCounts()).resolves.toEqual({ nodes: 77, relationships: 254 });
    const valjean = await b.t.deps.db('graph_nodes').whereRaw("properties->>'label' = 'Valjean'").first();
    expect(valjean.labels).toEqual(['Node']);
    expect(Object.keys(valjean.properties).sort()).toEqual(['Modularity Class', 'id', 'label', 'size', 'x', 'y']);
    await page.screenshot({ path: path.join(b.screenshotDir, 'import-finished-next.png'), fullPage: true });

    // Open what was imported in the workspace (a new tab keeps the wizard).
    const href = await page.getByRole('link', { name: 'Open the imported nodes in the workspace' }).getAttribute('href');
    expect(href).toMatch(/^\/visualization\?nodes=\d+(,\d+){76}$/);
    const workspace = (await b.newPage()).page;
    await b.signIn(workspace, href!);
    await workspace.getByText('77 nodes added from the search.').waitFor({ timeout: 30000 });
    await workspace.screenshot({ path: path.join(b.screenshotDir, 'import-open-workspace.png') });
    await workspace.close();

    // Undo, after the confirmation (the harness accepts dialogs).
    const asked: string[] = [];
    page.on('dialog', (dialog) => asked.push(dialog.message()));
    await page.getByRole('button', { name: 'Undo this import' }).click();
    await page.waitForFunction(
      () => document.getElementById('import-status')?.textContent === 'The import was undone: 77 nodes and 254 relationships deleted.',
    );
    expect(asked).toEqual(['Delete the 77 nodes and 254 relationships this import created?']);
    await expect(graphCounts()).resolves.toEqual({ nodes: 0, relationships: 0 });
    await expect(page.locator('#import-next').count()).resolves.toBe(0);
    await expect(run.isDisabled()).resolves.toBe(false);
    const events = await b.t.deps.db('audit_events').where({ action: 'data.import.undo' });
    expect(events).toHaveLength(1);
    expect(pageErrors).toEqual([]);
  }, 120000);

  test('when a file with a column that does not convert is analysed and imported, then the wizard warns first, says how many rows were rejected with the reasons and the file, and all-or-nothing imports nothing', async () => {
    await b.t.deps.db.raw('delete from graph_relationships');
    await b.t.deps.db.raw('delete from graph_nodes');
    const { page, pageErrors } = await b.newPage();
    await b.signIn(page, '/import');
    await page.locator('#import-file-input').setInputFiles([
      { name: 'tinkerpop-broken.xml', mimeType: 'application/xml', buffer: tinkerpopWithBrokenWeight() },
      { name: 'tinkerpop-strict.xml', mimeType: 'application/xml', buffer: tinkerpopWithBrokenWeight() },
      // A table whose score column turns to words after the 1,000 rows the types are inferred from.
      {
        name: 'scores.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(
          ['id,score', ...Array.from({ length: 1500 }, (_, i) => `${i},${i < 1000 ? i * 3 : 'high'}`)].join('\n'),
          'utf8',
        ),
      },
    ]);
    await page.getByRole('button', { name: 'Upload' }).click();

    // All-or-nothing first: 422, nothing imported, the first reasons shown.
    await page.getByRole('button', { name: 'Analyse tinkerpop-strict.xml' }).click();
    await page.locator('#import-warnings').waitFor();
    await expect(page.locator('#import-warnings li').first().textContent()).resolves.toBe(
      '6 of 12 rows would be rejected (first: edge 7 (line 1): weight: "0.5" is not a boolean); change the mapping, or import all-or-nothing',
    );
    await expect(page.getByLabel('What labelE becomes').inputValue()).resolves.toBe('type');
    await page.getByLabel('All or nothing: import nothing if any row is rejected').check();
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await page.locator('#import-status.error', { hasText: 'the import is all-or-nothing, so nothing was imported' }).waitFor();
    await expect(page.locator('#import-rejected li').first().textContent()).resolves.toBe(
      'Row 7: edge 7 (line 1): weight: "0.5" is not a boolean',
    );
    await expect(graphCounts()).resolves.toEqual({ nodes: 0, relationships: 0 });
    await page.screenshot({ path: path.join(b.screenshotDir, 'import-all-or-nothing.png'), fullPage: true });
    // Nothing was imported: the Import button may start it again.
    await expect(page.getByRole('button', { name: 'Import', exact: true }).isDisabled()).resolves.toBe(false);

    // Without the option: succeeded with 6 rejected, the reasons and the rejected rows as a file.
    await page.getByRole('button', { name: 'Analyse tinkerpop-broken.xml' }).click();
    await page.locator('#import-warnings').waitFor();
    await page.screenshot({ path: path.join(b.screenshotDir, 'import-rejections-warning.png'), fullPage: true });
    await page.getByLabel('All or nothing: import nothing if any row is rejected').uncheck();
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await page
      .locator('#import-status', { hasText: 'Import finished with 6 rows rejected or skipped: they are not in the graph.' })
      .waitFor();
    await expect(page.locator('#import-rejected li').count()).resolves.toBe(6);
    await expect(page.locator('#import-progress-text').textContent()).resolves.toBe(
      'Import finished with 6 rows rejected or skipped: they are not in the graph.',
    );
    await expect(graphCounts()).resolves.toEqual({ nodes: 6, relationships: 0 });
    const csvHref = await page.getByRole('link', { name: 'Download the rejected rows (CSV)' }).getAttribute('href');
    const csv = await page.evaluate(async (url) => (await fetch(url!)).text(), csvHref);
    expect(csv.trim().split('\r\n')).toHaveLength(7);
    await page.screenshot({ path: path.join(b.screenshotDir, 'import-succeeded-with-rejected.png'), fullPage: true });

    await page.getByRole('button', { name: 'Analyse scores.csv' }).click();
    await page.locator('#import-summary-text', { hasText: /^1,500 rows/ }).waitFor();
    await expect(page.locator('#import-warnings li').textContent()).resolves.toBe(
      '500 rows would be rejected (first: row 1002: column score: "high" is not an integer); change the column types, or import all-or-nothing.',
    );
    expect(pageErrors).toEqual([]);
  }, 120000);
});
