import request from 'supertest';
import type { Page } from 'playwright-core';
import { ADMIN_PASSWORD } from '../support/test-app';
import type { BrowserHarness } from './support/browser';
import { startBrowserHarness } from './support/browser';
import type { AnalysisWindow, Miserables } from './support/analysis-fixtures';
import {
  analysisUsers,
  display,
  download,
  importMiserables,
  openPanel,
  parseCsv,
  saveAs,
  workspaceReady,
} from './support/analysis-fixtures';

/**
 * Style by the data, as an analyst works with Les Misérables (imported through the API): the
 * characters open from their ids with the relationships among them (one scoped request), are
 * coloured by the modularity class (a palette and a legend with counts), then by the size property
 * (a gradient), sized by PageRank computed in the worker; PageRank shows in the table and the
 * CSV; the style is saved with the visualization and comes back when it is opened again; captions
 * stay readable (sigma's density grid). Screenshots go to the harness's screenshot directory.
 */
let b: BrowserHarness;
let data: Miserables;

beforeAll(async () => {
  b = await startBrowserHarness();
  data = await importMiserables(b);
  await analysisUsers(b);
  // A custom icon the analyst can give a label in this visualization.
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
  const icon = await request(b.t.app)
    .post('/icons')
    .set('Authorization', b.t.basic('admin', ADMIN_PASSWORD))
    .field('name', 'character.png')
    .attach('file', png, { filename: 'character.png', contentType: 'image/png' });
  expect(icon.status).toBe(201);
}, 240000);
afterAll(async () => {
  await b?.close();
});

const w = (page: Page) =>
  page.evaluate(() => ({
    order: (window as unknown as AnalysisWindow).gasWorkspace.graph.order,
    size: (window as unknown as AnalysisWindow).gasWorkspace.graph.size,
  }));

async function openAll(page: Page): Promise<string[]> {
  const directRequests: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/data/graph/directRelationships') directRequests.push(r.postData() ?? '');
  });
  await b.signIn(page, `/visualization?nodes=${data.characters.map((c) => c.id).join(',')}`, 'analyst', 'analyst-password-1');
  await workspaceReady(page);
  await page.waitForFunction(() => (window as unknown as AnalysisWindow).gasWorkspace.graph.order === 77);
  // The layout settles by itself; the test does not wait for it on a loaded machine.
  await page.evaluate(() => (window as unknown as AnalysisWindow).gasWorkspace.stopLayout());
  return directRequests;
}

describe('style by the data in the workspace', () => {
  let savedId = '';

  test('when an analyst opens the characters, colours them by a category and by a gradient, runs PageRank and sizes by it, then legend, canvas, table and CSV follow; the style is saved', async () => {
    const { page, pageErrors } = await b.newPage();
    const direct = await openAll(page);
    // Data in: all 254 relationships among the 77 characters came with them, in one request.
    expect(await w(page)).toEqual({ order: 77, size: data.relationships });
    expect(direct).toHaveLength(1);
    await page.screenshot({ path: `${b.screenshotDir}/style-1-opened.png` });

    await openPanel(page, 'Appearance');
    await page.locator('select[name="color-by"]').selectOption({ label: 'Modularity Class: categories' });
    const legend = page.locator('.data-legend[data-kind="categories"]');
    await legend.waitFor();
    // The legend counts each class, most frequent first; the counts add up to the canvas.
    const counts = new Map<number, number>();
    for (const c of data.characters) counts.set(c.modularityClass, (counts.get(c.modularityClass) ?? 0) + 1);
    const expected = [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0]);
    const rows = await legend.locator('li').evaluateAll((items) =>
      items.map((li) => ({
        value: li.getAttribute('data-value'),
        count: li.querySelector('.count')?.textContent,
        color: (li.querySelector('.swatch') as HTMLElement).style.background,
      })),
    );
    expect(rows.map((r) => [Number(r.value), Number(r.count)])).toEqual(expected);
    // Each node is painted with its class's legend colour.
    const valjean = data.byName.Valjean;
    const valjeanRow = rows.find((r) => Number(r.value) === valjean.modularityClass)!;
    const rgb = (hex: string) => `rgb(${[1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(', ')})`;
    expect(rgb((await display(page, valjean.id))!.color)).toBe(valjeanRow.color);
    const sameClass = data.characters.find((c) => c.modularityClass === valjean.modularityClass && c.id !== valjean.id)!;
    const otherClass = data.characters.find((c) => c.modularityClass !== valjean.modularityClass)!;
    expect((await display(page, sameClass.id))!.color).toBe((await display(page, valjean.id))!.color);
    expect((await display(page, otherClass.id))!.color).not.toBe((await display(page, valjean.id))!.color);
    await page.screenshot({ path: `${b.screenshotDir}/style-2-categories.png` });

    await page.locator('select[name="color-by"]').selectOption({ label: 'size: gradient' });
    const gradient = page.locator('.data-legend[data-kind="gradient"]');
    await gradient.waitFor();
    const sizes = data.characters.map((c) => c.size);
    await expect(gradient.locator('.min').textContent()).resolves.toBe(Math.min(...sizes).toLocaleString('en'));
    await expect(gradient.locator('.max').textContent()).resolves.toBe(Math.max(...sizes).toLocaleString('en'));
    const biggest = data.characters.find((c) => c.size === Math.max(...sizes))!;
    const smallest = data.characters.find((c) => c.size === Math.min(...sizes))!;
    expect((await display(page, biggest.id))!.color).toBe('#b3200e');
    expect((await display(page, smallest.id))!.color).toBe('#fde0c5');
    // An icon for the label, in this visualization only.
    await page.locator('select[name="icon-Node"]').selectOption('character.png');
    await page.waitForFunction(
      (id) =>
        (
          window as unknown as { gasWorkspace: { graph: { getNodeAttribute(n: string, k: string): unknown } } }
        ).gasWorkspace.graph.getNodeAttribute(id, 'type') === 'image',
      valjean.id,
    );
    await page.screenshot({ path: `${b.screenshotDir}/style-3-gradient.png` });

    // PageRank in the worker, then size by it: Valjean, the centre of the book, is the largest.
    await openPanel(page, 'Statistics');
    await page.locator('button[data-metric="pagerank"]').click();
    await page.waitForFunction(() => Boolean((window as unknown as AnalysisWindow).gasAnalysis.layer.metrics.pagerank));
    const pagerank = await page.evaluate(() => (window as unknown as AnalysisWindow).gasAnalysis.layer.metrics.pagerank);
    expect(Object.keys(pagerank)).toHaveLength(77);
    expect(Object.values(pagerank).reduce((a, v) => a + v, 0)).toBeCloseTo(1, 4);
    const top = Object.entries(pagerank).sort((a, c) => c[1] - a[1])[0][0];
    expect(top).toBe(valjean.id);
    await openPanel(page, 'Appearance');
    await page.locator('select[name="size-by"]').selectOption({ label: 'PageRank' });
    await page.waitForFunction(
      (id) => (window as unknown as AnalysisWindow).gasWorkspace.renderer.getNodeDisplayData(id)?.size === 22,
      valjean.id,
    );
    const drawnSizes = await page.evaluate(() =>
      Object.keys((window as unknown as AnalysisWindow).gasWorkspace.state.nodes).map(
        (id) => (window as unknown as AnalysisWindow).gasWorkspace.renderer.getNodeDisplayData(id)!.size,
      ),
    );
    expect(Math.max(...drawnSizes)).toBe(22);
    expect(Math.min(...drawnSizes)).toBe(3);
    await page.screenshot({ path: `${b.screenshotDir}/style-4-pagerank.png` });

    // The metric is a column of the table and of its CSV, as numbers.
    await page.getByRole('button', { name: 'Table', exact: true }).click();
    await expect(page.locator('table.data-table thead').textContent()).resolves.toContain('PageRank');
    await page.getByRole('button', { name: 'Table', exact: true }).click();
    const csv = parseCsv(await download(page, 'Export CSV'));
    const column = csv[0].indexOf('PageRank');
    expect(column).toBeGreaterThan(0);
    expect(csv.length - 1).toBe(77);
    const valjeanCsv = csv.find((row) => row.includes('Valjean'))!;
    expect(Number(valjeanCsv[column])).toBeCloseTo(pagerank[valjean.id], 10);

    // Readable captions: the density grid leaves out most captions at this zoom instead of piling them up.
    const settings = await page.evaluate(() => {
      const r = (window as unknown as { gasWorkspace: { renderer: { getSetting(k: string): unknown } } }).gasWorkspace.renderer;
      return [r.getSetting('labelDensity'), r.getSetting('labelGridCellSize'), r.getSetting('labelRenderedSizeThreshold')];
    });
    expect(settings).toEqual([0.8, 120, 6]);

    savedId = await saveAs(page, 'Les Misérables by PageRank');
    expect(pageErrors).toEqual([]);
  }, 120000);

  test('when the saved visualization is opened again, then the gradient and the size by PageRank come back (PageRank computed again)', async () => {
    const { page, pageErrors } = await b.newPage();
    await b.signIn(page, `/visualization?id=${savedId}`, 'analyst', 'analyst-password-1');
    await workspaceReady(page);
    await page.waitForFunction(() => (window as unknown as AnalysisWindow).gasWorkspace.graph.order === 77);
    expect(await page.evaluate(() => (window as unknown as AnalysisWindow).gasAnalysis.layer.style)).toEqual({
      nodeColor: { mode: 'ranges', key: { property: 'size' } },
      nodeSize: { key: { metric: 'pagerank' }, min: 3, max: 22 },
    });
    await page.waitForFunction(
      (id) => (window as unknown as AnalysisWindow).gasWorkspace.renderer.getNodeDisplayData(id)?.size === 22,
      data.byName.Valjean.id,
    );
    expect(
      await page.evaluate(
        (id) =>
          (
            window as unknown as { gasWorkspace: { graph: { getNodeAttributes(n: string): { type: string; image: string } } } }
          ).gasWorkspace.graph.getNodeAttributes(id),
        data.byName.Valjean.id,
      ),
    ).toMatchObject({ type: 'image', image: '/icons/character.png' });
    await openPanel(page, 'Appearance');
    await expect(page.locator('select[name="size-by"] option:checked').textContent()).resolves.toBe('PageRank');
    await page.locator('.data-legend[data-kind="gradient"]').waitFor();
    await page.screenshot({ path: `${b.screenshotDir}/style-5-reopened.png` });
    expect(pageErrors).toEqual([]);
  }, 60000);
});
