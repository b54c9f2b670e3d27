/**
 * The load generator of bench/api/run.ts, run as its own process so that it does not share an
 * event loop (or a core's time slices) with the servers it measures.
 *
 * argv[2]: JSON { origin, targets: [{ name, path, headers, connections }], seconds, warmupSeconds, windowSeconds }.
 * Every target gets its own keep-alive connections, each sending the next GET when the previous
 * answer has been read. Prints one JSON line: per target the requests answered 200, failures, the
 * first failure, latency percentiles and the count per window (for the long run).
 */
import http from 'node:http';

interface Target {
  name: string;
  path: string;
  headers: Record<string, string>;
  connections: number;
}

interface Options {
  origin: string;
  targets: Target[];
  seconds: number;
  warmupSeconds: number;
  windowSeconds: number;
}

interface TargetResult {
  name: string;
  requests: number;
  failures: number;
  firstFailure?: string;
  seconds: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  windows: number[];
}

function get(agent: http.Agent, url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent, headers }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

async function run(options: Options, target: Target, seconds: number, record: boolean): Promise<TargetResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: target.connections });
  const url = `${options.origin}${target.path}`;
  const latencies: number[] = [];
  const windows: number[] = [];
  let requests = 0;
  let failures = 0;
  let firstFailure: string | undefined;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  const loop = async () => {
    while (performance.now() < deadline) {
      const sent = performance.now();
      try {
        const status = await get(agent, url, target.headers);
        const done = performance.now();
        if (status === 200) {
          requests++;
          if (record) {
            latencies.push(done - sent);
            const w = Math.floor((done - started) / 1000 / options.windowSeconds);
            windows[w] = (windows[w] ?? 0) + 1;
          }
        } else {
          failures++;
          firstFailure ??= `HTTP ${status}`;
        }
      } catch (error) {
        failures++;
        firstFailure ??= (error as Error).message;
      }
    }
  };
  await Promise.all(Array.from({ length: target.connections }, loop));
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  const full = Math.floor(seconds / options.windowSeconds);
  return {
    name: target.name,
    requests,
    failures,
    firstFailure,
    seconds: elapsed,
    p50Ms: at(0.5),
    p99Ms: at(0.99),
    maxMs: latencies[latencies.length - 1] ?? 0,
    windows: Array.from({ length: full }, (_, i) => (windows[i] ?? 0) / options.windowSeconds),
  };
}

async function main(): Promise<void> {
  const options = JSON.parse(process.argv[2]) as Options;
  if (options.warmupSeconds > 0) await Promise.all(options.targets.map((t) => run(options, t, options.warmupSeconds, false)));
  const results = await Promise.all(options.targets.map((t) => run(options, t, options.seconds, true)));
  process.stdout.write(`${JSON.stringify(results)}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`load-client: ${(error as Error).message}\n`);
  process.exitCode = 1;
});
