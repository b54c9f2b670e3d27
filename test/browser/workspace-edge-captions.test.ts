import type { Page } from 'playwright-core';
import type { BrowserHarness } from './support/browser';
import { startBrowserHarness } from './support/browser';

/**
 * Relationship types written on the edges of the workspace canvas (issue 9): not when many edges are
 * seen from afar, yes once the user zooms in (web/workspace/style/edge-captions.ts).
 */
let b: BrowserHarness;
let hubId = '';
const leafIds: string[] = [];

interface CaptionWindow {
  gasWorkspace: {
    graph: { order: number; size: number; edges(): string[] };
    change(producer: (state: object) => object): void;
    stopLayout(): void;
    renderer: {
      getSetting(key: string): unknown;
      getCamera(): { setState(state: { ratio: number }): void; ratio: number };
      getCanvases(): Record<string, HTMLCanvasElement>;
      getEdgeDisplayData(id: string): { label?: string } | undefined;
      getNodeDisplayData(id: string): { x: number; y: number };
      framedGraphToViewport(p: { x: number; y: number }): { x: number; y: number };
      getContainer(): HTMLElement;
    };
  };
}

beforeAll(async () => {
  b = await startBrowserHarness();
  const leaves = Array.from({ length: 40 }, (_, i) => ({ key: `leaf${i}`, labels: ['Leaf'], properties: { name: `Caption leaf ${i}` } }));
  const batch = await b.t.deps.graph.importBatch({
    nodes: [{ key: 'hub', labels: ['Hub'], properties: { name: 'Caption hub' } }, ...leaves],
    relationships: leaves.map((leaf) => ({ type: 'LINKS', start: { key: 'hub' }, end: { key: leaf.key }, properties: {} })),
  });
  hubId = batch.keys.hub;
  for (const leaf of leaves) leafIds.push(batch.keys[leaf.key]);
}, 90000);
afterAll(async () => {
  await b?.close();
});

/** Painted pixels on sigma's edge-label layer. */
const captionPixels = (page: Page) =>
  page.evaluate(() => {
    const canvas = (window as unknown as CaptionWindow).gasWorkspace.renderer.getCanvases().edgeLabels;
    const data = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
    let painted = 0;
    for (let i = 3; i < data.length; i += 4) if (data[i] > 0) painted += 1;
    return painted;
  });

describe('relationship captions on the workspace canvas', () => {
  test('when forty relationships are seen whole, then no type is written on them; zoomed in, the types are written', async () => {
    const { page, pageErrors } = await b.newPage();
    await b.signIn(page, `/visualization?nodes=${[hubId, ...leafIds].join(',')}`);
    await page.waitForFunction(() => (window as unknown as CaptionWindow).gasWorkspace?.graph.order === 41);
    await page.getByRole('button', { name: 'Relations among selection' }).waitFor();
    await page.evaluate(
      (ids) => (window as unknown as CaptionWindow).gasWorkspace.change((state) => ({ ...state, selection: ids })),
      [hubId, ...leafIds],
    );
    await page.getByRole('button', { name: 'Relations among selection' }).click();
    await page.waitForFunction(() => (window as unknown as CaptionWindow).gasWorkspace.graph.size === 40);
    // The hub selected: every edge has a highlighted end, so sigma would caption each one when captions are on.
    await page.evaluate((id) => {
      const workspace = (window as unknown as CaptionWindow).gasWorkspace;
      workspace.stopLayout();
      workspace.change((state) => ({ ...state, selection: [id] }));
    }, hubId);
    const edge = await page.evaluate(() => (window as unknown as CaptionWindow).gasWorkspace.graph.edges()[0]);
    await expect(
      page.evaluate((id) => (window as unknown as CaptionWindow).gasWorkspace.renderer.getEdgeDisplayData(id)?.label, edge),
    ).resolves.toBe('LINKS');

    // Fitted to the whole graph (ratio about 1): far from the ratio at which captions appear.
    expect(await page.evaluate(() => (window as unknown as CaptionWindow).gasWorkspace.renderer.getCamera().ratio)).toBeGreaterThan(0.9);
    await expect(
      page.evaluate(() => (window as unknown as CaptionWindow).gasWorkspace.renderer.getSetting('renderEdgeLabels')),
    ).resolves.toBe(false);
    expect(await captionPixels(page)).toBe(0);

    await page.evaluate(() => (window as unknown as CaptionWindow).gasWorkspace.renderer.getCamera().setState({ ratio: 0.3 }));
    await page.waitForFunction(() => (window as unknown as CaptionWindow).gasWorkspace.renderer.getSetting('renderEdgeLabels') === true);
    await page.waitForFunction(() => {
      const canvas = (window as unknown as CaptionWindow).gasWorkspace.renderer.getCanvases().edgeLabels;
      const data = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
      for (let i = 3; i < data.length; i += 4) if (data[i] > 0) return true;
      return false;
    });
    await page.screenshot({ path: `${b.screenshotDir}/workspace-edge-captions.png` });

    // Zoomed out again: the captions go.
    await page.evaluate(() => (window as unknown as CaptionWindow).gasWorkspace.renderer.getCamera().setState({ ratio: 1 }));
    await page.waitForFunction(() => (window as unknown as CaptionWindow).gasWorkspace.renderer.getSetting('renderEdgeLabels') === false);
    expect(pageErrors).toEqual([]);
  });
});
