import request from 'supertest';
import type { Page } from 'playwright-core';
import { ADMIN_PASSWORD } from '../support/test-app';
import type { BrowserHarness } from './support/browser';
import { startBrowserHarness } from './support/browser';
import type { AnalysisWindow, Miserables } from './support/analysis-fixtures';
import {
  analysisUsers,
  download,
  HIDDEN_CHARACTERS,
  HIDDEN_PROPERTY,
  importMiserables,
  openPanel,
  parseCsv,
  saveAs,
  waitForCanvas,
  workspaceReady,
} from './support/analysis-fixtures';

/**
 * Graph algorithms in the worker on Les Misérables (imported through the API): degree, PageRank,
 * betweenness, Louvain and connected components on what is on the canvas; a Cypher result opens
 * in the workspace with the relationships among its nodes; and a restricted reader (a group that
 * hides Javert and Thenardier and the property Modularity Class) opening a visualization styled
 * and filtered by that property sees none of it on the canvas, in the legend, the filters, the
 * algorithm results, the table or the exports.
 */
let b: BrowserHarness;
let data: Miserables;
let groupId = '';

beforeAll(async () => {
  b = await startBrowserHarness();
  data = await importMiserables(b);
  ({ groupId } = await analysisUsers(b));
}, 240000);
afterEach(async () => {
  await b?.closePages();
});
afterAll(async () => {
  await b?.close();
});

const metrics = (page: Page) => page.evaluate(() => (window as unknown as AnalysisWindow).gasAnalysis.layer.metrics);

async function runAll(page: Page): Promise<void> {
  await openPanel(page, 'Statistics');
  for (const metric of ['degree', 'pagerank', 'betweenness', 'community', 'component']) {
    await page.locator(`button[data-metric="${metric}"]:not([disabled])`).click();
    await page.waitForFunction((m) => Boolean((window as unknown as AnalysisWindow).gasAnalysis.layer.metrics[m]), metric);
  }
}

async function openAll(page: Page, user: string, password: string, ids: string[]): Promise<void> {
  await b.signIn(page, `/visualization?nodes=${ids.join(',')}`, user, password);
  await waitForCanvas(page, ids.length);
  await page.evaluate(() => (window as unknown as AnalysisWindow).gasWorkspace.stopLayout());
}

describe('graph algorithms, Cypher results and a restricted reader in the workspace', () => {
  let savedId = '';

  test('when an analyst runs every algorithm, then each gives a value per node on the canvas, computed in the worker, consistent with the graph', async () => {
    const { page, pageErrors } = await b.newPage();
    await openAll(
      page,
      'analyst',
      'analyst-password-1',
      data.characters.map((c) => c.id),
    );
    await runAll(page);
    const m = await metrics(page);
    for (const values of Object.values(m)) expect(Object.keys(values).sort()).toEqual(data.characters.map((c) => c.id).sort());
    // Degree: every relationship on the canvas counts at both ends.
    const degrees = await page.evaluate(() => {
      const counts: Record<string, number> = {};
      for (const r of Object.values(
        (window as unknown as { gasWorkspace: { state: { relationships: Record<string, { startNodeId: string; endNodeId: string }> } } })
          .gasWorkspace.state.relationships,
      )) {
        counts[r.startNodeId] = (counts[r.startNodeId] ?? 0) + 1;
        counts[r.endNodeId] = (counts[r.endNodeId] ?? 0) + 1;
      }
      return counts;
    });
    for (const c of data.characters) expect(m.degree[c.id]).toBe(degrees[c.id] ?? 0);
    // Les Misérables is one connected component; Louvain finds several communities; Valjean is the most between.
    expect(new Set(Object.values(m.component))).toEqual(new Set([0]));
    expect(new Set(Object.values(m.community)).size).toBeGreaterThan(3);
    expect(Object.entries(m.betweenness).sort((a, c) => c[1] - a[1])[0][0]).toBe(data.byName.Valjean.id);

    // Colour by the Louvain community: a categories legend over the metric.
    await openPanel(page, 'Appearance');
    await page.locator('select[name="color-by"]').selectOption({ label: 'Louvain community: categories' });
    const items = page.locator('.data-legend[data-kind="categories"] li');
    await items.first().waitFor();
    await expect(items.count()).resolves.toBe(new Set(Object.values(m.community)).size);
    await page.screenshot({ path: `${b.screenshotDir}/algorithms-1-louvain.png` });
    expect(pageErrors).toEqual([]);
  }, 120000);

  test('when a Cypher query returns a path, then its graph tab shows captions, and the workspace opens its nodes with the relationships among them', async () => {
    const { page, pageErrors } = await b.newPage();
    await b.signIn(page, '/cypher', 'analyst', 'analyst-password-1');
    const editor = page.locator('#cypher-editor-host .cm-content');
    await editor.waitFor();
    await editor.click();
    await page.keyboard.press('Control+A');
    await page.keyboard.press('Delete');
    await page.keyboard.type("MATCH p = (a:Node)-[r]-(b:Node) WHERE a.label = 'Javert' RETURN p");
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Run query' }).click();
    await page.locator('#cypher-table tbody tr').first().waitFor();
    await page.getByRole('tab', { name: 'Graph' }).click();
    await page.waitForFunction(
      () => ((window as unknown as { gasCypherGraph?: { getGraph(): { order: number } } }).gasCypherGraph?.getGraph().order ?? 0) > 1,
    );
    const drawn = await page.evaluate(() => {
      const graph = (
        window as unknown as {
          gasCypherGraph: { getGraph(): { size: number; mapNodes(f: (id: string, a: { label: string }) => string): string[] } };
        }
      ).gasCypherGraph.getGraph();
      return { size: graph.size, captions: graph.mapNodes((id, a) => a.label) };
    });
    expect(drawn.captions).toContain('Javert');
    expect(drawn.captions.every((caption) => !caption.startsWith('#') && !/\d{2,}$/.test(caption))).toBe(true);
    const box = await page.locator('#cypher-graph').boundingBox();
    expect(box!.height).toBeGreaterThanOrEqual(420);
    await page.screenshot({ path: `${b.screenshotDir}/algorithms-2-cypher-graph.png` });

    const href = (await page.getByRole('link', { name: 'Open in the visualization workspace' }).getAttribute('href'))!;
    const ids = new URL(href, b.baseUrl).searchParams.get('nodes')!.split(',');
    expect(ids).toHaveLength(drawn.captions.length);
    // The relationships among these nodes, as the API answers them for the analyst.
    const among = await request(b.t.app)
      .post('/data/graph/directRelationships')
      .set('Authorization', b.t.basic('admin', ADMIN_PASSWORD))
      .send({ sourceIds: ids, targetIds: ids });
    expect(among.body.relationships.length).toBeGreaterThan(drawn.size);
    await Promise.all([page.waitForURL(/\/visualization\?nodes=/), page.goto(href)]);
    await workspaceReady(page);
    await page.waitForFunction((n) => (window as unknown as AnalysisWindow).gasWorkspace.graph.order === n, ids.length);
    await page.waitForFunction((n) => (window as unknown as AnalysisWindow).gasWorkspace.graph.size === n, among.body.relationships.length);
    await page.screenshot({ path: `${b.screenshotDir}/algorithms-3-cypher-in-workspace.png` });
    expect(pageErrors).toEqual([]);
  }, 120000);

  test('when the analyst saves a view coloured and filtered by a property hidden from a reader, then the reader sees nothing hidden on the canvas, legend, filters, algorithm results, table and exports', async () => {
    const owner = await b.newPage();
    await openAll(
      owner.page,
      'analyst',
      'analyst-password-1',
      data.characters.map((c) => c.id),
    );
    await openPanel(owner.page, 'Appearance');
    await owner.page.locator('select[name="color-by"]').selectOption({ label: `${HIDDEN_PROPERTY}: categories` });
    await openPanel(owner.page, 'Filters');
    await owner.page.locator('select[name="filter-property"]').selectOption(HIDDEN_PROPERTY);
    await owner.page.getByRole('button', { name: 'Add filter' }).click();
    const someClass = data.byName.Valjean.modularityClass;
    await owner.page.locator(`fieldset[data-property="${HIDDEN_PROPERTY}"] input[data-value="${someClass}"]`).uncheck();
    savedId = await saveAs(owner.page, 'Classes');
    expect(
      (
        await request(b.t.app)
          .put(`/visualizations/${savedId}/groups`)
          .set('Authorization', b.t.basic('analyst', 'analyst-password-1'))
          .send({ groupIds: [groupId] })
      ).status,
    ).toBe(200);
    expect(owner.pageErrors).toEqual([]);

    const { page, pageErrors } = await b.newPage();
    await b.signIn(page, `/visualization?id=${savedId}`, 'reader', 'reader-password-1');
    await workspaceReady(page);
    const visible = data.characters.filter((c) => !HIDDEN_CHARACTERS.includes(c.label));
    await page.waitForFunction((n) => (window as unknown as AnalysisWindow).gasWorkspace.graph.order === n, visible.length);
    // Canvas: no hidden character, no hidden property; no style or filter by it (dropped by the server).
    const seen = await page.evaluate(() =>
      Object.values((window as unknown as AnalysisWindow).gasWorkspace.state.nodes).map((n) => n.properties),
    );
    expect(seen.map((p) => p.label)).not.toEqual(expect.arrayContaining([HIDDEN_CHARACTERS[0]]));
    expect(seen.every((p) => !(HIDDEN_PROPERTY in p))).toBe(true);
    const layer = await page.evaluate(() => ({
      style: (window as unknown as AnalysisWindow).gasAnalysis.layer.style,
      filters: (window as unknown as AnalysisWindow).gasAnalysis.layer.filters,
      legend: (window as unknown as AnalysisWindow).gasAnalysis.layer.legend,
    }));
    expect(layer).toEqual({ style: {}, filters: [], legend: null });
    // Legend and filter panels offer nothing hidden.
    await openPanel(page, 'Appearance');
    await expect(page.locator('select[name="color-by"]').textContent()).resolves.not.toContain(HIDDEN_PROPERTY);
    await expect(page.locator('.data-legend li').count()).resolves.toBe(0);
    await openPanel(page, 'Filters');
    await expect(page.locator('.filter-summary').textContent()).resolves.toBe(`${visible.length} of ${visible.length} nodes shown`);
    await expect(page.locator('select[name="filter-property"]').textContent()).resolves.not.toContain(HIDDEN_PROPERTY);
    // Algorithms run on what the reader sees only.
    await runAll(page);
    const m = await metrics(page);
    for (const values of Object.values(m)) expect(Object.keys(values).sort()).toEqual(visible.map((c) => c.id).sort());
    await page.screenshot({ path: `${b.screenshotDir}/algorithms-4-reader.png` });
    // Table and exports.
    await page.getByRole('button', { name: 'Table', exact: true }).click();
    // Whole cells: MmeThenardier, whom the reader may see, holds the name of the hidden Thenardier.
    const cells = await page.locator('table.data-table th, table.data-table td').allTextContents();
    for (const secret of [...HIDDEN_CHARACTERS, HIDDEN_PROPERTY]) expect(cells).not.toContain(secret);
    await expect(page.locator('table.data-table thead').textContent()).resolves.toContain('PageRank');
    await page.getByRole('button', { name: 'Table', exact: true }).click();
    const csvText = await download(page, 'Export CSV');
    const csv = parseCsv(csvText);
    expect(csv.length - 1).toBe(visible.length);
    for (const secret of [...HIDDEN_CHARACTERS, HIDDEN_PROPERTY]) expect(csv.flat()).not.toContain(secret);
    expect(csvText).not.toContain(HIDDEN_PROPERTY);
    const json = await download(page, 'Export JSON');
    for (const secret of HIDDEN_CHARACTERS) expect(json).not.toContain(`"${secret}"`);
    expect(json).not.toContain(HIDDEN_PROPERTY);
    const svg = await download(page, 'Export SVG');
    expect(svg).toContain('Valjean');
    for (const secret of HIDDEN_CHARACTERS) expect(svg).not.toContain(`>${secret}<`);
    expect(pageErrors).toEqual([]);
  }, 150000);
});
