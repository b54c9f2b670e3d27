import { createWriteStream, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { once } from 'node:events';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import request from 'supertest';
import type { TestApp } from '../support/test-app';
import { createTestApp, ADMIN_PASSWORD } from '../support/test-app';
import { allNodes, allRelationships, emptyGraph, sharedDataset, uploadFiles } from '../support/graph-helpers';

/*
 * Issue 23 item 9: a large GraphML file is analysed as a stream, in bounded memory, without
 * blocking the event loop. The file is made here, at run time, from
 * ../shared/datasets/graphml/graphology-miserables.graphml: its graph repeated with the node ids
 * renumbered per copy (and the character names suffixed, so that the label key stays "mostly
 * distinct" as in the original) to about 60 MiB.
 */
const SOURCE = 'graphml/graphology-miserables.graphml';
const TARGET_BYTES = 60 * 1024 * 1024;

// A full collection on demand, without starting jest with --expose-gc.
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

let t: TestApp;
let admin: string;
let dir: string;

beforeAll(async () => {
  t = await createTestApp({ imports: { batchRows: 50 } });
  admin = t.basic('admin', ADMIN_PASSWORD);
  dir = mkdtempSync(path.join(os.tmpdir(), 'gas-large-graphml-'));
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The original split into its head (up to <graph ...>), its body (nodes and edges) and its tail. */
function parts(): { head: string; body: string; tail: string } {
  const text = sharedDataset(SOURCE).toString('utf8');
  const open = text.indexOf('>', text.indexOf('<graph ')) + 1;
  const close = text.lastIndexOf('</graph>');
  if (open <= 0 || close < open) throw new Error(`${SOURCE} no longer has one <graph> element`);
  return { head: text.slice(0, open), body: text.slice(open, close), tail: text.slice(close) };
}

/** Copy `k` of the body: ids (node, edge, source, target) prefixed by c<k>_, names suffixed (the first copy is the original). */
function copyOf(body: string, k: number): string {
  if (k === 0) return body;
  return body
    .replace(/\b(id|source|target)="([^"]*)"/g, (_, attribute: string, id: string) => `${attribute}="c${k}_${id}"`)
    .replace(/(<data key="label">)([^<]*)(<\/data>)/g, (_, a: string, name: string, b: string) => `${a}${name} ${k}${b}`);
}

async function writeLarge(file: string): Promise<number> {
  const { head, body, tail } = parts();
  const out = createWriteStream(file);
  out.write(head);
  let bytes = head.length;
  let copies = 0;
  while (bytes < TARGET_BYTES) {
    const chunk = copyOf(body, copies++);
    bytes += Buffer.byteLength(chunk);
    if (!out.write(chunk)) await once(out, 'drain');
  }
  out.end(tail);
  await once(out, 'finish');
  return copies;
}

async function upload(file: string, name: string): Promise<string> {
  const response = await request(t.app)
    .post('/data/import/uploadFile')
    .set('Authorization', admin)
    .attach('file', file, { filename: name, contentType: 'application/octet-stream' });
  expect(response.status).toBe(201);
  return response.body.files[0].fileId as string;
}

function analyze(fileId: string) {
  return request(t.app).post('/data/import/analyzeFile').set('Authorization', admin).send({ fileId });
}

describe('A large GraphML file (made from graphology-miserables.graphml)', () => {
  it('when a 60 MiB GraphML file is analysed, then it answers as for the original scaled by the copies, the memory it keeps reachable grows by less than 40 MB and the event loop keeps answering', async () => {
    writeFileSync(path.join(dir, 'small.graphml'), sharedDataset(SOURCE));
    const small = await analyze(await upload(path.join(dir, 'small.graphml'), 'small.graphml'));
    expect(small.status).toBe(200);
    const file = path.join(dir, 'large.graphml');
    const copies = await writeLarge(file);
    expect(statSync(file).size).toBeGreaterThanOrEqual(TARGET_BYTES);
    const fileId = await upload(file, 'large.graphml');

    // Memory is judged on what stays reachable, not on RSS: how far V8 lets garbage pile up before a
    // collection depends on the heap's heuristics (RSS grew 60 MB or 360 MB for the same analysis
    // locally, 1,178 MB on CI under Node 24), while a parser holding the file would keep it live.
    // Every 3 s the sampler collects fully and reads heap + external memory (a collection every 250 ms
    // took the test past 300 s on a loaded CI machine, where a jest worker's heap is large; the analysis
    // runs for many seconds, so a file held through it is still seen).
    const live = () => {
      collectGarbage();
      const m = process.memoryUsage();
      return m.heapUsed + m.external;
    };
    const before = live();
    const rssBefore = process.memoryUsage().rss;
    let peak = before;
    let rssPeak = rssBefore;
    const sampler = setInterval(() => {
      peak = Math.max(peak, live());
      rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
    }, 3000);
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    // Other users' requests are answered while the analysis runs.
    let analysed = false;
    const answered: number[] = [];
    const pinging = (async () => {
      while (!analysed) {
        const started = Date.now();
        const health = await request(t.app).get('/health');
        if (!analysed) answered.push(Date.now() - started);
        expect(health.status).toBe(200);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();
    const large = await analyze(fileId);
    analysed = true;
    await pinging;
    delay.disable();
    clearInterval(sampler);
    peak = Math.max(peak, live());

    expect(large.status).toBe(200);
    const s = small.body.graphml;
    const g = large.body.graphml;
    expect(g.nodeCount).toBe(s.nodeCount * copies);
    expect(g.edgeCount).toBe(s.edgeCount * copies);
    expect(g.parallelEdges).toBe(s.parallelEdges * copies);
    expect(g.mapping).toEqual(s.mapping);
    expect(g.mapping.keys.label).toBe('property');
    expect(g.keys).toEqual(s.keys);
    expect([g.directed, g.labels, g.relationshipTypes, g.labelSource, g.rejections]).toEqual([
      s.directed,
      s.labels,
      s.relationshipTypes,
      s.labelSource,
      s.rejections,
    ]);
    expect(g.warnings.join('\n')).toMatch(
      /the key label \(label\) has at least 10000 distinct values among the first 10000 of \d+ nodes: proposed as the property label/,
    );

    const growthMb = (peak - before) / 2 ** 20;
    const rssGrowthMb = (rssPeak - rssBefore) / 2 ** 20;
    const maxDelayMs = delay.max / 1e6;
    console.log(
      `analysis of ${(statSync(file).size / 2 ** 20).toFixed(0)} MiB: live memory +${growthMb.toFixed(0)} MB (RSS +${rssGrowthMb.toFixed(0)} MB), event loop delay max ${maxDelayMs.toFixed(0)} ms, ${answered.length} health checks answered during it (slowest ${Math.max(...answered)} ms)`,
    );
    // Holding the file once (60 MiB of text) would add at least 60 MB; the streaming analysis keeps a few MB.
    expect(growthMb).toBeLessThan(40);
    // The whole-file analysis held the event loop for the entire parse (tens of seconds at this size). The
    // bound is generous because on a loaded 2-core machine the scheduler alone delays the loop by a second or more.
    expect(maxDelayMs).toBeLessThan(5_000);
    expect(answered.length).toBeGreaterThan(3);
  }, 600_000);
});

describe('GraphML import in passes (nodes, then edges)', () => {
  beforeEach(() => emptyGraph(t));

  it('when a file made from graphology-miserables.graphml puts its edges before its nodes, then every node and relationship is imported, none skipped', async () => {
    const { head, body, tail } = parts();
    const nodes = body.match(/<node\b[\s\S]*?<\/node>/g) ?? [];
    const edges = body.match(/<edge\b[\s\S]*?<\/edge>/g) ?? [];
    expect([nodes.length, edges.length]).toEqual([77, 254]);
    const response = await uploadFiles(t, admin, [[Buffer.from(head + edges.join('\n') + nodes.join('\n') + tail), 'edges-first.graphml']]);
    expect(response.status).toBe(201);
    const fileId = response.body.files[0].fileId as string;
    const analysis = await analyze(fileId);
    expect(analysis.status).toBe(200);
    const imported = await request(t.app)
      .post('/data/import/importFile')
      .set('Authorization', admin)
      .send({ fileId, mapping: analysis.body.graphml.mapping });
    expect(imported.status).toBe(200);
    expect(imported.body).toMatchObject({
      state: 'succeeded',
      report: { nodesCreated: 77, relationshipsCreated: 254, rowsSkipped: 0, rowsRejected: 0 },
    });
    expect((await allNodes(t)).length).toBe(77);
    expect((await allRelationships(t)).length).toBe(254);
  });
});
