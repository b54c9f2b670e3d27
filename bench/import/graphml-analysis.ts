/**
 * node scripts/build-if-needed.mjs && node dist/bench/import/graphml-analysis.js (part of npm run bench:import)
 *
 * Issue 23 item 9: the analysis of a large GraphML file. A BENCH_GRAPHML_MIB-MiB file (100) is made
 * from ../shared/datasets/graphml/graphology-miserables.graphml (its graph repeated, node ids
 * renumbered per copy), then analysed by the service's analyzeGraphml, in this process, while a
 * timer measures the event loop's delay. Printed: MB/s, the RSS growth over the run (peak, sampled
 * every 20 ms, and VmHWM of the process) and the longest event-loop delay. Before issue 23 item 9
 * the same 100 MiB cost +1.05 GB RSS, 70 s and 22 s stalls.
 */
import { createWriteStream, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { once } from 'node:events';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { analyzeGraphml } from '../../src/services/import/analysis';

const MIB = Number(process.env.BENCH_GRAPHML_MIB ?? 100);
const source = path.resolve(__dirname, '..', '..', '..', '..', 'shared', 'datasets', 'graphml', 'graphology-miserables.graphml');

function vmHwmMb(): number | undefined {
  const status = readFileSync('/proc/self/status', 'utf8').match(/VmHWM:\s+(\d+) kB/);
  return status ? Number(status[1]) / 1024 : undefined;
}

async function makeFile(file: string): Promise<number> {
  const text = readFileSync(source, 'utf8');
  const open = text.indexOf('>', text.indexOf('<graph ')) + 1;
  const close = text.lastIndexOf('</graph>');
  const body = text.slice(open, close);
  const out = createWriteStream(file);
  out.write(text.slice(0, open));
  let bytes = open;
  let copies = 0;
  while (bytes < MIB * 2 ** 20) {
    const k = copies++;
    const chunk = k === 0 ? body : body.replace(/\b(id|source|target)="([^"]*)"/g, (_, a: string, id: string) => `${a}="c${k}_${id}"`);
    bytes += Buffer.byteLength(chunk);
    if (!out.write(chunk)) await once(out, 'drain');
  }
  out.end(text.slice(close));
  await once(out, 'finish');
  return copies;
}

async function main(): Promise<void> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'gas-bench-graphml-'));
  try {
    const file = path.join(dir, 'large.graphml');
    const copies = await makeFile(file);
    const size = statSync(file).size;
    (globalThis as { gc?: () => void }).gc?.();
    const before = process.memoryUsage().rss;
    const hwmBefore = vmHwmMb();
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const started = process.hrtime.bigint();
    const analysis = await analyzeGraphml({ path: file, name: 'large.graphml' });
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    delay.disable();
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);
    const mb = (n: number) => (n / 2 ** 20).toFixed(0);
    console.log(
      `GraphML analysis (issue 23 item 9): ${mb(size)} MiB, ${copies} copies of graphology-miserables, ${analysis.nodeCount} nodes, ${analysis.edgeCount} edges`,
    );
    console.log(`  ${(size / 2 ** 20 / seconds).toFixed(1)} MB/s (${seconds.toFixed(1)} s)`);
    console.log(
      `  RSS before ${mb(before)} MB, peak ${mb(peak)} MB (+${mb(peak - before)} MB); VmHWM ${hwmBefore?.toFixed(0)} -> ${vmHwmMb()?.toFixed(0)} MB`,
    );
    console.log(`  event loop delay: max ${(delay.max / 1e6).toFixed(0)} ms, p99 ${(delay.percentile(99) / 1e6).toFixed(0)} ms`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
