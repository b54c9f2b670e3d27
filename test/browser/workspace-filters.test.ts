import type { Page } from 'playwright-core';
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
 * Filters on the canvas, as an analyst works with Les Misérables (imported through the API): a
 * category filter on the modularity class (with counts), a range slider on the size, a timeline
 * with play on the date property `appeared`; filtered characters leave the canvas, the table, the
 * CSV and the SVG export; the filters are saved with the visualization and come back.
 */
let b: BrowserHarness;
let data: Miserables;

beforeAll(async () => {
  b = await startBrowserHarness();
  data = await importMiserables(b);
  await analysisUsers(b);
}, 240000);
afterAll(async () => {
  await b?.close();
});

/** Ids the canvas hides now. */
const hiddenOnCanvas = (page: Page) =>
  page.evaluate(() => {
    const ws = (window as unknown as AnalysisWindow).gasWorkspace;
    return Object.keys(ws.state.nodes)
      .filter((id) => ws.renderer.getNodeDisplayData(id)?.hidden)
      .sort();
  });

/** Nodes whose caption the canvas writes now (sigma's label grid: one per cell, the largest first). */
const labelsOnCanvas = (page: Page) =>
  page.evaluate(() => [...(window as unknown as AnalysisWindow).gasWorkspace.renderer.getNodeDisplayedLabels()].sort());

/** Moves a slider of a filter to a position (0..200), as dragging it would. */
async function slide(page: Page, property: string, name: string, position: number): Promise<void> {
  await page.locator(`fieldset[data-property="${property}"] input[name="${name}"]`).evaluate((input: HTMLInputElement, value) => {
    input.value = String(value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  }, position);
}

async function addFilter(page: Page, property: string, kind: string): Promise<void> {
  await page.locator('select[name="filter-property"]').selectOption(property);
  await page.locator('select[name="filter-kind"]').selectOption(kind);
  await page.getByRole('button', { name: 'Add filter' }).click();
  await page.locator(`fieldset[data-property="${property}"].filter-${kind}`).waitFor();
}

const ids = (predicate: (c: Miserables['characters'][number]) => boolean) =>
  data.characters
    .filter(predicate)
    .map((c) => c.id)
    .sort();

describe('filters on the canvas', () => {
  let savedId = '';
  let expectedHidden: string[] = [];

  test('when an analyst filters by category, range and timeline, then the filtered characters leave the canvas, the table, the CSV and the SVG; the filters are saved', async () => {
    const { page, pageErrors } = await b.newPage();
    await b.signIn(page, `/visualization?nodes=${data.characters.map((c) => c.id).join(',')}`, 'analyst', 'analyst-password-1');
    await workspaceReady(page);
    await page.waitForFunction(() => (window as unknown as AnalysisWindow).gasWorkspace.graph.order === 77);
    await page.evaluate(() => (window as unknown as AnalysisWindow).gasWorkspace.stopLayout());

    await openPanel(page, 'Filters');
    await expect(page.locator('.filter-summary').textContent()).resolves.toBe('77 of 77 nodes shown');
    await addFilter(page, 'Modularity Class', 'categories');
    // Categories with their counts.
    const javert = data.byName.Javert;
    const javertClass = data.characters.filter((c) => c.modularityClass === javert.modularityClass);
    const box = page.locator(`fieldset[data-property="Modularity Class"] input[data-value="${javert.modularityClass}"]`);
    await expect(box.locator('xpath=..').textContent()).resolves.toContain(`(${javertClass.length})`);
    await box.uncheck();
    expectedHidden = ids((c) => c.modularityClass === javert.modularityClass);
    await page.waitForFunction(
      (n) =>
        (window as unknown as AnalysisWindow).gasAnalysis.layer.filters.length === 1 &&
        document.querySelector('.filter-summary')?.textContent === `${77 - n} of 77 nodes shown`,
      javertClass.length,
    );
    expect(await hiddenOnCanvas(page)).toEqual(expectedHidden);
    await page.screenshot({ path: `${b.screenshotDir}/filters-1-category.png` });
    // A filter change repaints the changed nodes only (web/workspace/view/repaint.ts): the captions written
    // are those of shown nodes, and the same again once a filter is taken back (nodes shown again get theirs).
    const captioned = await labelsOnCanvas(page);
    expect(captioned.length).toBeGreaterThan(0);
    expect(captioned.filter((id) => expectedHidden.includes(id))).toEqual([]);
    // As sigma's whole refresh writes them (a cell a hidden node held goes to the next node in it).
    await page.evaluate(() => (window as unknown as AnalysisWindow).gasWorkspace.renderer.refresh());
    expect(await labelsOnCanvas(page)).toEqual(captioned);

    // A range on the size: the lower handle to the middle of the range.
    await addFilter(page, 'size', 'range');
    const sizes = data.characters.map((c) => c.size);
    const middle = (Math.min(...sizes) + Math.max(...sizes)) / 2;
    await slide(page, 'size', 'range-min', 100);
    expectedHidden = ids((c) => c.modularityClass === javert.modularityClass || c.size < middle);
    await page.waitForFunction(
      (n) =>
        Object.keys((window as unknown as AnalysisWindow).gasWorkspace.state.nodes).filter(
          (id) => (window as unknown as AnalysisWindow).gasWorkspace.renderer.getNodeDisplayData(id)?.hidden,
        ).length === n,
      expectedHidden.length,
    );
    expect(await hiddenOnCanvas(page)).toEqual(expectedHidden);
    await page.screenshot({ path: `${b.screenshotDir}/filters-2-range.png` });
    // Taken back: only the category hides.
    await slide(page, 'size', 'range-min', 0);
    expectedHidden = ids((c) => c.modularityClass === javert.modularityClass);
    await page.waitForFunction(
      (n) => document.querySelector('.filter-summary')?.textContent === `${77 - n} of 77 nodes shown`,
      expectedHidden.length,
    );
    expect(await labelsOnCanvas(page)).toEqual(captioned);

    // The timeline over `appeared` (1810 + the class): the window from the middle on.
    await addFilter(page, 'appeared', 'timeline');
    await slide(page, 'appeared', 'time-from', 100);
    const mid =
      (Date.UTC(Math.min(...data.characters.map((c) => 1810 + c.modularityClass)), 5, 1) +
        Date.UTC(Math.max(...data.characters.map((c) => 1810 + c.modularityClass)), 5, 1)) /
      2;
    expectedHidden = ids((c) => c.modularityClass === javert.modularityClass || Date.parse(c.appeared) < mid);
    await page.waitForFunction(
      (n) => document.querySelector('.filter-summary')?.textContent === `${77 - n} of 77 nodes shown`,
      expectedHidden.length,
    );
    expect(await hiddenOnCanvas(page)).toEqual(expectedHidden);
    await page.screenshot({ path: `${b.screenshotDir}/filters-3-timeline.png` });

    // Play moves the window through time; pause stops it where it is.
    const before = await page.evaluate(() => JSON.stringify((window as unknown as AnalysisWindow).gasAnalysis.layer.filters[2]));
    await page.getByRole('button', { name: 'Play' }).click();
    await page.waitForFunction((was) => JSON.stringify((window as unknown as AnalysisWindow).gasAnalysis.layer.filters[2]) !== was, before);
    await page.waitForTimeout(500);
    await page.screenshot({ path: `${b.screenshotDir}/filters-4-playing.png` });
    await page.getByRole('button', { name: 'Pause' }).click();
    const paused = await page.evaluate(() => JSON.stringify((window as unknown as AnalysisWindow).gasAnalysis.layer.filters[2]));
    await page.waitForTimeout(500);
    expect(await page.evaluate(() => JSON.stringify((window as unknown as AnalysisWindow).gasAnalysis.layer.filters[2]))).toBe(paused);
    // Back to the whole time span.
    await slide(page, 'appeared', 'time-from', 0);
    await slide(page, 'appeared', 'time-to', 200);
    expectedHidden = ids((c) => c.modularityClass === javert.modularityClass);
    await page.waitForFunction(
      (n) => document.querySelector('.filter-summary')?.textContent === `${77 - n} of 77 nodes shown`,
      expectedHidden.length,
    );
    expect(await hiddenOnCanvas(page)).toEqual(expectedHidden);

    // The table, its CSV and the SVG leave the filtered characters out.
    await page.getByRole('button', { name: 'Table', exact: true }).click();
    await expect(page.locator('table.data-table tbody tr').count()).resolves.toBe(77 - expectedHidden.length);
    await expect(page.locator('table.data-table tbody').textContent()).resolves.not.toContain('Javert');
    await page.screenshot({ path: `${b.screenshotDir}/filters-5-table.png` });
    await page.getByRole('button', { name: 'Table', exact: true }).click();
    const csv = parseCsv(await download(page, 'Export CSV'));
    expect(csv.length - 1).toBe(77 - expectedHidden.length);
    expect(csv.some((row) => row.includes('Javert'))).toBe(false);
    expect(csv.some((row) => row.includes('Valjean'))).toBe(data.byName.Valjean.modularityClass !== javert.modularityClass);
    const svg = await download(page, 'Export SVG');
    expect(svg).not.toContain('>Javert<');
    expect((await display(page, javert.id))?.hidden).toBe(true);

    savedId = await saveAs(page, 'Les Misérables without the police');
    expect(pageErrors).toEqual([]);
  }, 150000);

  test('when the saved visualization is opened again, then its filters come back and hide the same characters', async () => {
    const { page, pageErrors } = await b.newPage();
    await b.signIn(page, `/visualization?id=${savedId}`, 'analyst', 'analyst-password-1');
    await workspaceReady(page);
    await page.waitForFunction(() => (window as unknown as AnalysisWindow).gasWorkspace.graph.order === 77);
    const filters = await page.evaluate(
      () => (window as unknown as AnalysisWindow).gasAnalysis.layer.filters as Array<{ kind: string; property: string }>,
    );
    expect(filters.map((f) => [f.kind, f.property])).toEqual([
      ['categories', 'Modularity Class'],
      ['range', 'size'],
      ['timeline', 'appeared'],
    ]);
    expect(await hiddenOnCanvas(page)).toEqual(expectedHidden);
    await openPanel(page, 'Filters');
    await expect(
      page.locator(`fieldset[data-property="Modularity Class"] input[data-value="${data.byName.Javert.modularityClass}"]`).isChecked(),
    ).resolves.toBe(false);
    await page.screenshot({ path: `${b.screenshotDir}/filters-6-reopened.png` });
    expect(pageErrors).toEqual([]);
  }, 60000);
});
