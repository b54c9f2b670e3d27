/**
 * node dist/bench/ui/answer.js (after npm run build; part of npm run bench:ui)
 *
 * The server's answer for the canvas data alone, without a browser: the requests the workspace
 * makes to open a visualization of BENCH_UI_NODES (5,000) nodes and BENCH_UI_RELS (10,000)
 * relationships, each timed from the request sent to the last byte read, BENCH_UI_ANSWER_REPS (7)
 * times in a row after one warm-up:
 *  - the page /visualization?id= (the visualization read for the reader and embedded in the page);
 *  - the JSON API's read of the same visualization (GET /visualizations/{id});
 *  - the relationships among the opened nodes (POST /data/graph/directRelationships, all 5,000 ids
 *    both ways), which the workspace asks for after drawing a saved canvas.
 * Baseline in the same run: `select 1` through the same HTTP stack is not meaningful, so the
 * baseline is the same elements read by the graph port alone (getNodes + getRelationships in the
 * reader's scope, no HTTP, no postprocessing, no serialisation): what any answer has to read.
 * Target (issue 19): the canvas data (the page) at most 300 ms.
 */
import { rmSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { UNRESTRICTED } from '../../src/graph/graph-store';
import { PASSWORD, startBenchService } from './harness';
import { intEnv, median, seedCanvas } from './seed';

const NODES = intEnv('BENCH_UI_NODES', 5000);
const RELS = intEnv('BENCH_UI_RELS', 10000);
const REPS = intEnv('BENCH_UI_ANSWER_REPS', 7);

const fmt = (ms: number) => `${ms.toFixed(0)} ms`;

async function timed(run: () => Promise<number>): Promise<{ ms: number[]; bytes: number }> {
  await run();
  const ms: number[] = [];
  let bytes = 0;
  for (let rep = 0; rep < REPS; rep++) {
    const started = performance.now();
    bytes = await run();
    ms.push(performance.now() - started);
  }
  return { ms, bytes };
}

async function main(): Promise<void> {
  const { dataDir, service } = await startBenchService('gas-bench-ui-answer-');
  try {
    process.stdout.write(`seeding ${NODES} nodes and ${RELS} relationships ...\n`);
    const seeded = await seedCanvas(service.url, service.deps.graph, { nodes: NODES, relationships: RELS, hub: 1 });
    const login = await fetch(`${service.url}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username: 'admin', password: PASSWORD }).toString(),
      redirect: 'manual',
    });
    const cookie = (login.headers.getSetCookie?.() ?? []).map((c) => c.split(';')[0]).join('; ');
    if (!cookie) throw new Error(`signing in: ${login.status}`);
    const basic = `Basic ${Buffer.from(`admin:${PASSWORD}`).toString('base64')}`;
    const read = async (path: string, init: RequestInit = {}) => {
      const response = await fetch(`${service.url}${path}`, init);
      const body = await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`${path}: ${response.status} ${Buffer.from(body).toString('utf8').slice(0, 300)}`);
      return body.byteLength;
    };
    const opened = await fetch(`${service.url}/visualizations/${seeded.visualizationId}`, { headers: { authorization: basic } });
    const api = (await opened.json()) as { content: { nodes: Array<{ id: string }>; relationships: Array<{ id: string }> } };
    const nodeIds = api.content.nodes.map((n) => n.id);
    const relationshipIds = api.content.relationships.map((r) => r.id);

    const graph = service.deps.graph;
    const port = await timed(async () => {
      const [nodes, relationships] = await Promise.all([
        graph.getNodes(nodeIds, UNRESTRICTED),
        graph.getRelationships(relationshipIds, UNRESTRICTED),
      ]);
      return nodes.length + relationships.length;
    });
    const page = await timed(() => read(`/visualization?id=${seeded.visualizationId}`, { headers: { cookie } }));
    const json = await timed(() => read(`/visualizations/${seeded.visualizationId}`, { headers: { cookie } }));
    const among = await timed(() =>
      read('/data/graph/directRelationships', {
        method: 'POST',
        headers: { authorization: basic, 'content-type': 'application/json' },
        body: JSON.stringify({ sourceIds: nodeIds, targetIds: nodeIds }),
      }),
    );
    const base = median(port.ms);
    const kB = (bytes: number) => `${Math.round(bytes / 1024).toLocaleString('en')} kB`;
    process.stdout.write(
      `\nbench:ui answer  ${NODES} nodes / ${RELS} relationships, ${REPS} requests in a row after a warm-up (medians, min-max); ` +
        `baseline: the same elements read by the graph port alone (${fmt(base)})\n\n`,
    );
    process.stdout.write('| request | answer | min - max | size | ratio to the port read | target |\n|---|---|---|---|---|---|\n');
    const row = (name: string, r: { ms: number[]; bytes: number }, target: string, size = kB(r.bytes)) =>
      process.stdout.write(
        `| ${name} | ${fmt(median(r.ms))} | ${fmt(Math.min(...r.ms))} - ${fmt(Math.max(...r.ms))} | ${size} | ${(median(r.ms) / base).toFixed(2)} | ${target} |\n`,
      );
    row('the page with the canvas data (GET /visualization?id=)', page, '<= 300 ms');
    row('the visualization as JSON (GET /visualizations/{id})', json, '');
    row('relationships among the opened nodes (POST /data/graph/directRelationships)', among, '');
    row('baseline: getNodes + getRelationships through the port', port, '', `${port.bytes.toLocaleString('en')} elements`);
  } finally {
    await service.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`bench:ui answer failed: ${(error as Error).stack ?? String(error)}\n`);
  process.exit(1);
});
