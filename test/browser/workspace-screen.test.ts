import request from 'supertest';
import type { Page } from 'playwright-core';
import { ADMIN_PASSWORD } from '../support/test-app';
import { sharedDataset, uploadFiles } from '../support/graph-helpers';
import type { BrowserHarness } from './support/browser';
import { pageDiagnostics, startBrowserHarness } from './support/browser';

/**
 * The workspace's screen walked as an analyst would, on Les Misérables (../shared/datasets,
 * graphology-miserables.graphml, undirected, imported through the API): the canvas is the page at
 * 1280 × 800 and 1920 × 1080, panels close, disabled tools look disabled, the view is fitted after a
 * layout, undirected relationships have no arrows, the table has the element id in its own column,
 * the CSV writes numbers as numbers, a PNG comes at the size chosen, the export controls are only
 * for users with Export data, a saved view comes back whole at another window size, and at 390 px
 * the canvas comes first with panels as sheets. Screenshots at 1280, 1920 and 390 px.
 */
let b: BrowserHarness;
let nodeIds: string[] = [];

interface ScreenWindow {
  gasWorkspace: {
    graph: {
      order: number;
      size: number;
      forEachNode(f: (id: string, a: { x: number; y: number }) => void): void;
      forEachEdge(f: (id: string, a: { type?: string }) => void): void;
    };
    renderer: {
      graphToViewport(p: { x: number; y: number }): { x: number; y: number };
      getDimensions(): { width: number; height: number };
      getCamera(): { setState(s: object): void; getState(): { ratio: number } };
    };
    layoutRunning: boolean;
    stopLayout(): void;
  };
}

beforeAll(async () => {
  b = await startBrowserHarness();
  const admin = b.t.basic('admin', ADMIN_PASSWORD);
  const upload = await uploadFiles(b.t, admin, [[sharedDataset('graphml/graphology-miserables.graphml'), 'miserables.graphml']]);
  expect(upload.status).toBe(201);
  const fileId = upload.body.files[0].fileId as string;
  const analysis = await request(b.t.app).post('/data/import/analyzeFile').set('Authorization', admin).send({ fileId });
  expect(analysis.status).toBe(200);
  const imported = await request(b.t.app)
    .post('/data/import/importFile')
    .set('Authorization', admin)
    .send({ fileId, mapping: analysis.body.graphml.mapping });
  expect(imported.status).toBe(200);
  expect(imported.body.report).toMatchObject({ nodesCreated: 77, relationshipsCreated: 254 });
  const found = await request(b.t.app).post('/data/nodes/find').set('Authorization', admin).send({ limit: 100 });
  nodeIds = found.body.items.map((node: { id: string }) => node.id);
  expect(nodeIds).toHaveLength(77);
  await b.t.createUser('analyst', { password: 'analyst-password-1', permissions: ['READ_ALL_DATA', 'EXPORT_DATA'] });
  await b.t.createUser('viewer', { password: 'viewer-password-1', permissions: ['READ_ALL_DATA'] });
}, 120000);
afterEach(async () => {
  await b?.closePages();
});
afterAll(async () => {
  await b?.close();
});

/** Opens the whole graph (?nodes=) and waits until the layout after the load has settled. */
async function openAll(page: Page, user: string, password: string): Promise<void> {
  await b.signIn(page, `/visualization?nodes=${nodeIds.join(',')}`, user, password);
  try {
    await page.waitForFunction(() => (window as unknown as ScreenWindow).gasWorkspace?.graph.order === 77);
    await page.waitForFunction(() => (window as unknown as ScreenWindow).gasWorkspace.graph.size === 254);
  } catch (error) {
    // Say what the page had and what the server answered, not only that a wait timed out.
    const had = await page
      .evaluate(() => {
        const workspace = (window as unknown as ScreenWindow).gasWorkspace;
        const status = document.querySelector('.status-line, [role=status]')?.textContent ?? '';
        return workspace ? `${workspace.graph.order} nodes, ${workspace.graph.size} relationships; status: ${status}` : 'no workspace';
      })
      .catch((e: Error) => e.message);
    throw new Error(`the workspace did not load the 77 nodes and 254 relationships (${had})\n${pageDiagnostics(page)}`, { cause: error });
  }
  await page.waitForFunction(() => !(window as unknown as ScreenWindow).gasWorkspace.layoutRunning, undefined, { timeout: 20000 });
  // The fit after the layout is not animated; one frame for sigma to draw it.
  await page.waitForTimeout(200);
}

/** Nodes drawn outside the canvas (their centres), as ids. */
const nodesOutside = (page: Page) =>
  page.evaluate(() => {
    const workspace = (window as unknown as ScreenWindow).gasWorkspace;
    const { width, height } = workspace.renderer.getDimensions();
    const outside: string[] = [];
    workspace.graph.forEachNode((id, a) => {
      const p = workspace.renderer.graphToViewport(a);
      if (p.x < 0 || p.y < 0 || p.x > width || p.y > height) outside.push(id);
    });
    return outside;
  });

/** Nodes whose centres are inside the canvas, as ids. */
const nodesInside = (page: Page) =>
  page.evaluate(() => {
    const workspace = (window as unknown as ScreenWindow).gasWorkspace;
    const { width, height } = workspace.renderer.getDimensions();
    const inside: string[] = [];
    workspace.graph.forEachNode((id, a) => {
      const p = workspace.renderer.graphToViewport(a);
      if (p.x >= 0 && p.y >= 0 && p.x <= width && p.y <= height) inside.push(id);
    });
    return inside.sort();
  });

async function canvasShare(page: Page): Promise<number> {
  const box = (await page.locator('.workspace .canvas').boundingBox())!;
  const viewport = page.viewportSize()!;
  return (box.width * box.height) / (viewport.width * viewport.height);
}

async function downloadBytes(page: Page, click: () => Promise<void>): Promise<Buffer> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('the workspace screen on Les Misérables', () => {
  test('when opened at 1280 × 800 and 1920 × 1080, then the canvas takes at least 80 % of the window, the menu is one row, panels close, disabled tools look disabled, and the view is fitted after a layout', async () => {
    const { page, pageErrors } = await b.newPage();
    await page.setViewportSize({ width: 1280, height: 800 });
    await openAll(page, 'analyst', 'analyst-password-1');
    expect(await canvasShare(page)).toBeGreaterThanOrEqual(0.8);
    expect(await nodesOutside(page)).toEqual([]);
    // The main menu on one row: every entry at the same height.
    const menuRows = await page
      .locator('.topbar .menu li')
      .evaluateAll((items) => new Set(items.map((item) => Math.round(item.getBoundingClientRect().top))).size);
    expect(menuRows).toBe(1);
    await page.screenshot({ path: `${b.screenshotDir}/screen-1280.png` });

    // The search panel is open at first; its × closes it, its tool opens it again.
    const searchPanel = page.locator('.panel[data-panel="search"]');
    await expect(searchPanel.isVisible()).resolves.toBe(true);
    await page.getByRole('button', { name: 'Close Find and add' }).click();
    await expect(searchPanel.isHidden()).resolves.toBe(true);
    await page.getByRole('button', { name: 'Find and add', exact: true }).click();
    await expect(searchPanel.isVisible()).resolves.toBe(true);
    await page.keyboard.press('Escape');
    await page.locator('.workspace .canvas').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('s');
    await expect(searchPanel.isHidden()).resolves.toBe(true);

    // Nothing selected: the shortest path needs two nodes; it looks and says it is disabled, and a click does nothing.
    const path = page.getByRole('button', { name: 'Shortest path' });
    await expect(path.getAttribute('aria-disabled')).resolves.toBe('true');
    expect(Number(await path.evaluate((element) => getComputedStyle(element).opacity))).toBeLessThan(0.5);
    expect(await path.evaluate((element) => getComputedStyle(element).cursor)).toBe('not-allowed');
    await expect(page.getByRole('button', { name: 'Undo' }).evaluate((element) => getComputedStyle(element).opacity)).resolves.toBe('1');
    await expect(path.getAttribute('title')).resolves.toBe('Shortest path (P)');

    // A circular layout from the Layout panel: afterwards every node is inside the canvas.
    await page.getByRole('button', { name: 'Layout', exact: true }).click();
    await page.getByRole('combobox', { name: 'Layout' }).selectOption('circular');
    await page.getByRole('button', { name: 'Lay out' }).click();
    await page.waitForTimeout(200);
    expect(await nodesOutside(page)).toEqual([]);
    // Zoomed far in, "Fit to the screen" (0) brings every node back.
    await page.evaluate(() => (window as unknown as ScreenWindow).gasWorkspace.renderer.getCamera().setState({ ratio: 0.05 }));
    expect((await nodesOutside(page)).length).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Fit to the screen' }).click();
    await page.waitForTimeout(500);
    expect(await nodesOutside(page)).toEqual([]);
    await page.getByRole('button', { name: 'Overview' }).click();
    await page.locator('canvas.overview').waitFor();
    await page.screenshot({ path: `${b.screenshotDir}/screen-1280-circular.png` });

    await page.setViewportSize({ width: 1920, height: 1080 });
    await page.waitForTimeout(300);
    expect(await canvasShare(page)).toBeGreaterThanOrEqual(0.8);
    await page.screenshot({ path: `${b.screenshotDir}/screen-1920.png` });
    expect(pageErrors).toEqual([]);
  });

  test('when the administrator (every menu entry) opens the workspace at 1280 px, then the main menu fits one row', async () => {
    const { page, pageErrors } = await b.newPage();
    await page.setViewportSize({ width: 1280, height: 800 });
    await b.signIn(page, '/visualization');
    await page.waitForFunction(() => Boolean((window as unknown as ScreenWindow).gasWorkspace));
    const entries = page.locator('.topbar .menu li');
    expect(await entries.count()).toBeGreaterThan(5);
    const rows = await entries.evaluateAll((items) => new Set(items.map((item) => Math.round(item.getBoundingClientRect().top))).size);
    expect(rows).toBe(1);
    const topbar = (await page.locator('.topbar').boundingBox())!;
    expect(topbar.height).toBeLessThanOrEqual(56);
    expect(await canvasShare(page)).toBeGreaterThanOrEqual(0.8);
    await page.screenshot({ path: `${b.screenshotDir}/screen-1280-admin.png` });
    expect(pageErrors).toEqual([]);
  });

  test('when the graph is undirected, then its relationships are drawn without arrows', async () => {
    const { page, pageErrors } = await b.newPage();
    await openAll(page, 'analyst', 'analyst-password-1');
    const types = await page.evaluate(() => {
      const seen = new Set<string>();
      (window as unknown as ScreenWindow).gasWorkspace.graph.forEachEdge((_id, a) => seen.add(String(a.type)));
      return [...seen];
    });
    expect(types).toEqual(['line']);
    expect(pageErrors).toEqual([]);
  });

  test('when the table and its CSV are opened, then the element id has its own column beside the property id, and numbers are numbers', async () => {
    const { page, pageErrors } = await b.newPage();
    await openAll(page, 'analyst', 'analyst-password-1');
    await page.getByRole('button', { name: 'Table', exact: true }).click();
    const table = page.locator('table.data-table');
    await table.waitFor();
    const headers = await table.locator('thead th').allTextContents();
    expect(headers.slice(0, 2)).toEqual(['Element id', 'labels']);
    expect(headers.filter((header) => header === 'id')).toHaveLength(1);
    const idColumn = headers.indexOf('id');
    const valjean = table.locator('tbody tr', { hasText: 'Valjean' });
    const cells = await valjean.locator('td').allTextContents();
    expect(cells[idColumn]).toBe('11');
    expect(nodeIds).toContain(cells[0]);
    await page.screenshot({ path: `${b.screenshotDir}/screen-table.png` });

    await page.getByRole('button', { name: 'Export', exact: true }).click();
    const csv = (await downloadBytes(page, () => page.getByRole('button', { name: 'Export CSV' }).click())).toString('utf8');
    const [header, ...rows] = csv.trim().split('\r\n');
    const columns = header.split(',');
    expect(columns.slice(0, 2)).toEqual(['Element id', 'labels']);
    const valjeanRow = rows.find((row) => row.includes('Valjean'))!.split(',');
    // x of Valjean is -87.93029 in the file: a number, never neutralised text ('-87.93029).
    expect(valjeanRow[columns.indexOf('x')]).toBe('-87.93029');
    expect(csv).not.toMatch(/'-\d/);
    expect(pageErrors).toEqual([]);
  });

  test('when a PNG is exported at a chosen size, then the picture has that size; without Export data no export control is shown and the server refuses', async () => {
    const { page, pageErrors } = await b.newPage();
    await openAll(page, 'analyst', 'analyst-password-1');
    await page.getByRole('button', { name: 'Export', exact: true }).click();
    await page.getByRole('spinbutton', { name: 'Width (px)' }).fill('2400');
    await page.getByRole('spinbutton', { name: 'Height (px)' }).fill('1500');
    const png = await downloadBytes(page, () => page.getByRole('button', { name: 'Export PNG' }).click());
    expect(png.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
    // IHDR: width and height, big-endian, at bytes 16 and 20.
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([2400, 1500]);
    const svg = (await downloadBytes(page, () => page.getByRole('button', { name: 'Export SVG' }).click())).toString('utf8');
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="2400" height="1500"/);
    // The legend: the label of the nodes with its count.
    expect(svg).toContain('<g class="legend"');
    expect(svg).toMatch(/Node \(77\)/);
    await page.getByRole('spinbutton', { name: 'Width (px)' }).fill('9000');
    await page.getByRole('button', { name: 'Export PNG' }).click();
    await expect(page.locator('.export-panel .error').textContent()).resolves.toContain('16 to 8,000');
    expect(pageErrors).toEqual([]);

    const viewer = await b.newPage();
    await openAll(viewer.page, 'viewer', 'viewer-password-1');
    await expect(viewer.page.locator('button[data-tool="export"]').isHidden()).resolves.toBe(true);
    await expect(viewer.page.getByRole('button', { name: /^Export/ }).count()).resolves.toBe(0);
    await viewer.page.keyboard.press('e');
    await expect(viewer.page.locator('.export-panel').isHidden()).resolves.toBe(true);
    const refused = await request(b.t.app)
      .post('/visualization/export/image')
      .set('Authorization', b.t.basic('viewer', 'viewer-password-1'))
      .send({ image: `data:image/png;base64,${png.toString('base64')}`, fileName: 'not allowed' });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('PERMISSION_DENIED');
    expect(viewer.pageErrors).toEqual([]);
  });

  test('when a view saved at 1280 × 800 is opened at 1920 × 1080 and at 390 px, then everything it showed is shown; at 390 px the canvas comes first and panels open as sheets', async () => {
    const { page, pageErrors } = await b.newPage();
    await page.setViewportSize({ width: 1280, height: 800 });
    await openAll(page, 'analyst', 'analyst-password-1');
    // Zoomed in on a wide strip of the graph.
    await page.evaluate(() => (window as unknown as ScreenWindow).gasWorkspace.renderer.getCamera().setState({ ratio: 0.45 }));
    await page.waitForTimeout(100);
    const shown = await nodesInside(page);
    expect(shown.length).toBeGreaterThan(3);
    expect(shown.length).toBeLessThan(77);
    await page.getByRole('button', { name: 'Name and sharing' }).click();
    await page.getByRole('textbox', { name: 'Visualization name' }).fill('Misérables zoomed');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.waitForFunction(() => /^\?id=\d+$/.test(window.location.search));
    const url = page.url();

    for (const size of [
      { width: 1920, height: 1080 },
      { width: 390, height: 844 },
    ]) {
      const other = await b.newPage();
      await other.page.setViewportSize(size);
      await b.signIn(other.page, new URL(url).pathname + new URL(url).search, 'analyst', 'analyst-password-1');
      await other.page.waitForFunction(() => (window as unknown as ScreenWindow).gasWorkspace?.graph.order === 77);
      await other.page.waitForTimeout(200);
      const inside = await nodesInside(other.page);
      expect({ size, missing: shown.filter((id) => !inside.includes(id)) }).toEqual({ size, missing: [] });
      // Still zoomed in at the wide window (a phone's narrow canvas may show all of the saved strip's height).
      if (size.width > 1000) expect(inside.length).toBeLessThan(77);
      await other.page.screenshot({ path: `${b.screenshotDir}/screen-saved-${size.width}.png` });
      expect(other.pageErrors).toEqual([]);
    }

    const narrow = await b.newPage();
    await narrow.page.setViewportSize({ width: 390, height: 844 });
    await openAll(narrow.page, 'analyst', 'analyst-password-1');
    const canvas = (await narrow.page.locator('.workspace .canvas').boundingBox())!;
    const rail = (await narrow.page.locator('.workspace .tool-rail').boundingBox())!;
    expect(canvas.y + canvas.height).toBeLessThanOrEqual(rail.y + 1);
    expect(canvas.width).toBe(390);
    expect(await narrow.page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
    await narrow.page.screenshot({ path: `${b.screenshotDir}/screen-390.png`, fullPage: true });
    // No panel open at first on a phone; the search opens as a sheet along the bottom.
    await expect(narrow.page.locator('.panel[data-panel="search"]').isHidden()).resolves.toBe(true);
    await narrow.page.getByRole('button', { name: 'Find and add', exact: true }).click();
    const sheet = (await narrow.page.locator('.panel[data-panel="search"]').boundingBox())!;
    expect(sheet.width).toBe(390);
    expect(Math.round(sheet.y + sheet.height)).toBe(844);
    await narrow.page.screenshot({ path: `${b.screenshotDir}/screen-390-sheet.png` });
    expect([...pageErrors, ...narrow.pageErrors]).toEqual([]);
  });
});
