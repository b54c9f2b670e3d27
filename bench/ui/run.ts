/**
 * npm run bench:ui
 *
 * The visualization workspace in Chromium (Debian's, through playwright-core; WebGL by SwiftShader
 * on a machine without a GPU) on a graph of BENCH_UI_NODES (5,000) nodes and BENCH_UI_RELS
 * (10,000) relationships saved as a visualization, next to a baseline measured in the same run:
 * the same graph drawn by bare sigma on graphology (bench/ui/bare.ts) with nothing around it.
 *
 * Figures (medians of BENCH_UI_REPS runs, 3 by default):
 *  - first render: navigation start to the first frame with the elements (performance mark), and
 *    its two parts: until the page has answered (the server reads the visualization for the
 *    reader, postprocessing every element) and from there to the first frame in the browser;
 *  - layout settled: ForceAtlas2 in its worker until the movement settles;
 *  - frame time while panning and zooming: camera animations for 2 s, requestAnimationFrame gaps;
 *  - expand a node with BENCH_UI_HUB (2,000) neighbours: wall time and the longest main-thread task.
 * Targets (issue 9): first render < 1 s, frames < 33 ms, no long task over 200 ms while expanding.
 * Targets (issue 19): the server's answer for the canvas data (the page with the visualization
 * embedded) at most 300 ms; first render at most 1.5 times bare sigma's in the same run. The
 * browser's part is split by the workspace's marks: settings and session read, sigma created,
 * the saved canvas opened and drawn.
 *
 * The service runs in this process on an embedded store under a temporary DATA_DIR (or DATABASE_URL).
 */
import { rmSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { bareServer, launchBenchBrowser, PASSWORD, startBenchService } from './harness';
import { intEnv, median, seedCanvas } from './seed';

const NODES = intEnv('BENCH_UI_NODES', 5000);
const RELS = intEnv('BENCH_UI_RELS', 10000);
const HUB = intEnv('BENCH_UI_HUB', 2000);
const REPS = intEnv('BENCH_UI_REPS', 3);

const fmt = (ms: number) => `${ms.toFixed(0)} ms`;

/** Milliseconds from navigation start to the mark, read in the page. */
const firstRender = (page: Page) =>
  page.waitForFunction(() => performance.getEntriesByName('gas:first-render')[0]?.startTime ?? 0).then((handle) => handle.jsonValue());

/** requestAnimationFrame gaps while the camera pans and zooms for 2 s: [median, p95, max]. */
const frameTimes = (page: Page, rendererPath: 'gasWorkspace' | 'bare') =>
  page.evaluate(async (which) => {
    const holder = (
      window as unknown as Record<
        string,
        {
          renderer: {
            getCamera(): { animate(state: object, options: object): Promise<void>; getState(): { x: number; y: number; ratio: number } };
          };
        }
      >
    )[which];
    const camera = holder.renderer.getCamera();
    const gaps: number[] = [];
    let last = performance.now();
    let running = true;
    const tick = (time: number) => {
      gaps.push(time - last);
      last = time;
      if (running) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
    const start = camera.getState();
    await camera.animate({ x: start.x + 0.2, y: start.y + 0.1, ratio: start.ratio * 0.4 }, { duration: 700 });
    await camera.animate({ x: start.x - 0.2, y: start.y - 0.1, ratio: start.ratio * 1.5 }, { duration: 700 });
    await camera.animate(start, { duration: 600 });
    running = false;
    gaps.shift();
    const sorted = [...gaps].sort((a, b) => a - b);
    return [sorted[Math.floor(sorted.length / 2)], sorted[Math.floor(sorted.length * 0.95)], sorted[sorted.length - 1]];
  }, rendererPath);

async function main(): Promise<void> {
  const { dataDir, service } = await startBenchService('gas-bench-ui-');
  const browser = await launchBenchBrowser();
  let bare: Awaited<ReturnType<typeof bareServer>> | undefined;
  try {
    process.stdout.write(`seeding ${NODES} nodes, ${RELS} relationships and a hub with ${HUB} neighbours ...\n`);
    const seeded = await seedCanvas(service.url, service.deps.graph, { nodes: NODES, relationships: RELS, hub: HUB });
    bare = await bareServer(seeded.bareGraph);
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${service.url}/login`);
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password').fill(PASSWORD);
    await Promise.all([page.waitForURL((u) => !u.pathname.startsWith('/login')), page.getByRole('button', { name: 'Sign in' }).click()]);

    const product = {
      marks: [] as Array<Record<string, number>>,
      first: [] as number[],
      answered: [] as number[],
      settle: [] as number[],
      frames: [] as number[][],
      expand: [] as number[],
      longest: [] as number[],
    };
    const baseline = { first: [] as number[], frames: [] as number[][] };
    for (let rep = 0; rep < REPS; rep++) {
      // Each measured opening starts from about:blank: leaving a page that drew with WebGL (SwiftShader)
      // straight for another page of the same site took seconds of its teardown into the next page's
      // figures (3 to 5 s more, measured), charged to whichever side came next.
      await page.goto('about:blank');
      await page.goto(`${bare.url}`);
      baseline.first.push(await firstRender(page));
      baseline.frames.push(await frameTimes(page, 'bare'));

      await page.goto('about:blank');
      await page.goto(`${service.url}/visualization?id=${seeded.visualizationId}`);
      product.first.push(await firstRender(page));
      product.answered.push(
        await page.evaluate(() => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).responseEnd),
      );
      product.marks.push(
        await page.evaluate(() => {
          const marks: Record<string, number> = Object.fromEntries(
            performance.getEntriesByType('mark').map((mark) => [mark.name, mark.startTime]),
          );
          const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
          marks['dom:interactive'] = navigation.domInteractive;
          const bundle = performance.getEntriesByType('resource').find((entry) => entry.name.includes('/build/workspace.js')) as
            PerformanceResourceTiming | undefined;
          if (bundle) marks['bundle:loaded'] = bundle.responseEnd;
          return marks;
        }),
      );
      await page.waitForFunction(
        (n) => (window as unknown as { gasWorkspace?: { graph: { order: number } } }).gasWorkspace?.graph.order === n,
        NODES,
      );
      product.frames.push(await frameTimes(page, 'gasWorkspace'));
      product.settle.push(
        await page.evaluate(async () => {
          const started = performance.now();
          await (window as unknown as { gasWorkspace: { runLayout(name: string): Promise<void> } }).gasWorkspace.runLayout('forceAtlas2');
          return performance.now() - started;
        }),
      );
      const [wall, longest] = await page.evaluate(async (hubId) => {
        const workspace = (
          window as unknown as {
            gasWorkspace: { add(s: object): void; expand(id: string, o: object): Promise<unknown>; stopLayout(): void };
          }
        ).gasWorkspace;
        workspace.add({ nodes: [{ id: hubId, labels: ['Hub'], properties: { name: 'The hub' } }], relationships: [] });
        const tasks: number[] = [];
        const observer = new PerformanceObserver((list) => list.getEntries().forEach((entry) => tasks.push(entry.duration)));
        observer.observe({ type: 'longtask', buffered: false });
        const started = performance.now();
        await workspace.expand(hubId, { all: true });
        const elapsed = performance.now() - started;
        await new Promise((resolve) => setTimeout(resolve, 300));
        observer.disconnect();
        workspace.stopLayout();
        return [elapsed, Math.max(0, ...tasks)];
      }, seeded.hubId);
      product.expand.push(wall);
      product.longest.push(longest);
    }

    const frame = (rows: number[][], i: number) => median(rows.map((r) => r[i]));
    /** A part of the first render between two marks (or the page's answer and a mark), as a row. */
    const step = (name: string, from: string | number[], to: string): Array<[string, string, string, string, string]> => {
      const spans = product.marks.map((marks, i) => (marks[to] ?? NaN) - (typeof from === 'string' ? (marks[from] ?? NaN) : from[i]));
      return spans.every(Number.isFinite) ? [[name, fmt(median(spans)), '', '', '']] : [];
    };
    const rows: Array<[string, string, string, string, string]> = [
      [
        'first render',
        fmt(median(product.first)),
        fmt(median(baseline.first)),
        (median(product.first) / median(baseline.first)).toFixed(2),
        'ratio <= 1.5',
      ],
      ['  of which: the page answered (server reads the visualization for the reader)', fmt(median(product.answered)), '', '', '<= 300 ms'],
      ...step('    page answered to the document parsed', product.answered, 'dom:interactive'),
      ...step('    page answered to the workspace bundle loaded', product.answered, 'bundle:loaded'),
      ...step('    document parsed to the script started', 'dom:interactive', 'gas:mount'),
      ...step('    settings and session read', 'gas:mount', 'gas:context'),
      ...step('    screen and sigma built', 'gas:context', 'gas:sigma'),
      ...step('    saved canvas opened and drawn', 'gas:open', 'gas:first-render'),
      [
        '  of which: page answered to first render (in the browser)',
        fmt(median(product.first.map((f, i) => f - product.answered[i]))),
        fmt(median(baseline.first)),
        (median(product.first.map((f, i) => f - product.answered[i])) / median(baseline.first)).toFixed(2),
        '',
      ],
      [
        'frame time, median',
        fmt(frame(product.frames, 0)),
        fmt(frame(baseline.frames, 0)),
        (frame(product.frames, 0) / frame(baseline.frames, 0)).toFixed(2),
        '< 33 ms',
      ],
      [
        'frame time, p95',
        fmt(frame(product.frames, 1)),
        fmt(frame(baseline.frames, 1)),
        (frame(product.frames, 1) / frame(baseline.frames, 1)).toFixed(2),
        '< 33 ms',
      ],
      [
        'frame time, max',
        fmt(frame(product.frames, 2)),
        fmt(frame(baseline.frames, 2)),
        (frame(product.frames, 2) / frame(baseline.frames, 2)).toFixed(2),
        '',
      ],
      ['layout settled (ForceAtlas2, worker)', fmt(median(product.settle)), '', '', ''],
      [`expand a node with ${HUB} neighbours`, fmt(median(product.expand)), '', '', ''],
      ['  longest main-thread task meanwhile', fmt(median(product.longest)), '', '', '< 200 ms'],
    ];
    process.stdout.write(
      `\nbench:ui  ${NODES} nodes / ${RELS} relationships, ${REPS} repetitions (medians); baseline: bare sigma on the same graph\n\n`,
    );
    process.stdout.write(`| figure | workspace | bare sigma | ratio | target |\n|---|---|---|---|---|\n`);
    for (const row of rows) process.stdout.write(`| ${row.join(' | ')} |\n`);
  } finally {
    await browser.close();
    await bare?.close();
    await service.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`bench:ui failed: ${(error as Error).stack ?? String(error)}\n`);
  process.exit(1);
});
