/**
 * bench:graph's figures: the timing of product and raw side by side, and the tables. Every row
 * prints the product's and the raw's medians, the ratio, its target (issue 24: the administrator
 * 1.3x, a restricted reader 2x) and the machine's load average (1 min) at the start and the end of
 * the row's measurement: a busy machine slows both sides, but not always alike.
 */
import os from 'node:os';

export type ScopeName = 'admin' | 'restricted';

export interface Figure {
  operation: string;
  scope: ScopeName;
  backend: 'postgres' | 'neo4j';
  port: number[];
  raw: number[];
  note?: string;
  /** The load average (1 min) when the measurement started and ended. */
  loadStart?: number;
  loadEnd?: number;
}

/** Targets of issue 24: product median / raw median. */
export const TARGET: Record<ScopeName, number> = { admin: 1.3, restricted: 2 };
export const overTarget = (f: Figure) => quantile(f.port, 0.5) / quantile(f.raw, 0.5) > TARGET[f.scope];

export function intEnv(name: string, fallback: number): number {
  const value = process.env[name];
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a non-negative integer`);
  return n;
}

const REPS = intEnv('BENCH_REPS', 30);
const WARMUP = intEnv('BENCH_WARMUP', 3);
/** BENCH_WARMUP_MS (500): warm-up calls continue until this much time has passed (see measureBoth). */
const WARMUP_MS = intEnv('BENCH_WARMUP_MS', 500);
const load = () => os.loadavg()[0];

export const now = () => Number(process.hrtime.bigint()) / 1e6;

export function quantile(values: number[], q: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (pos - lo);
}

/** Alternates port and raw calls (so drift hits both), after a warm-up of each; which goes first alternates too. */
export async function measureBoth(
  port: (i: number) => Promise<unknown>,
  rawWork: (i: number) => Promise<unknown>,
  reps = REPS,
): Promise<{ port: number[]; raw: number[]; loadStart: number; loadEnd: number }> {
  // Warm-up: WARMUP calls of each, and more until WARMUP_MS have passed, so a sub-millisecond
  // operation is measured with its code compiled by the JIT on both sides (as in a running
  // service), not in the interpreter for the first hundreds of calls.
  const loadStart = load();
  const started = now();
  for (let i = 0; i < Math.min(WARMUP, reps) || (now() - started < WARMUP_MS && i < 5000); i++) {
    await port(i);
    await rawWork(i);
  }
  const out = { port: [] as number[], raw: [] as number[] };
  const timed = async (work: (i: number) => Promise<unknown>, i: number, into: number[]) => {
    const t = now();
    await work(i);
    into.push(now() - t);
  };
  for (let i = 0; i < reps; i++) {
    // Both calls of a repetition work on the same item (uid, node, pair): the first to run reads
    // its pages into the buffer cache for the second. The order alternates so that neither side
    // always pays that (port first on even repetitions, raw first on odd ones).
    if (i % 2 === 0) {
      await timed(port, i, out.port);
      await timed(rawWork, i, out.raw);
    } else {
      await timed(rawWork, i, out.raw);
      await timed(port, i, out.port);
    }
  }
  return { ...out, loadStart, loadEnd: load() };
}

export const fmt = (ms: number) => (Number.isNaN(ms) ? '-' : ms < 10 ? ms.toFixed(2) : ms < 100 ? ms.toFixed(1) : ms.toFixed(0));

export function printTable(figures: Figure[]): void {
  const header = [
    'backend',
    'operation',
    'scope',
    'product median ms',
    'product p95 ms',
    'raw median ms',
    'raw p95 ms',
    'ratio',
    'target',
    'within',
    'load start > end',
  ];
  const rows = figures.map((f) => {
    const pm = quantile(f.port, 0.5);
    const rm = quantile(f.raw, 0.5);
    const loads = f.loadStart === undefined ? '-' : `${f.loadStart.toFixed(1)} > ${(f.loadEnd ?? NaN).toFixed(1)}`;
    return [
      f.backend,
      f.operation,
      f.scope,
      fmt(pm),
      fmt(quantile(f.port, 0.95)),
      fmt(rm),
      fmt(quantile(f.raw, 0.95)),
      (pm / rm).toFixed(2) + 'x',
      `<= ${TARGET[f.scope]}x`,
      overTarget(f) ? 'NO' : 'yes',
      loads,
    ];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const numeric = (i: number) => i >= 3 && i <= 8;
  const line = (cells: string[]) =>
    '| ' + cells.map((c, i) => (numeric(i) ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join(' | ') + ' |';
  console.log(line(header));
  console.log('|' + widths.map((w, i) => (numeric(i) ? '-'.repeat(w + 1) + ':' : '-'.repeat(w + 2))).join('|') + '|');
  for (const r of rows) console.log(line(r));
  for (const f of figures) if (f.note) console.log(`  note (${f.backend} ${f.operation}, ${f.scope}): ${f.note}`);
}

/** Per operation: each round's port and raw medians and ratio, and the median ratio over the rounds. */
export function printRounds(rounds: Figure[][]): void {
  const header = ['backend', 'operation', 'scope', ...rounds.map((_, i) => `round ${i + 1} port / raw ms (ratio)`), 'median ratio'];
  const rows = rounds[0].map((f, k) => {
    const ratios: number[] = [];
    const cells = rounds.map((figures) => {
      const g = figures[k];
      const pm = quantile(g.port, 0.5);
      const rm = quantile(g.raw, 0.5);
      ratios.push(pm / rm);
      return `${fmt(pm)} / ${fmt(rm)} (${(pm / rm).toFixed(2)}x)`;
    });
    return [f.backend, f.operation, f.scope, ...cells, quantile(ratios, 0.5).toFixed(2) + 'x'];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => '| ' + cells.map((c, i) => (i >= 3 ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join(' | ') + ' |';
  console.log(`\n${rounds.length} rounds on the same data (BENCH_ROUNDS), medians of ${REPS} repetitions each:`);
  console.log(line(header));
  console.log('|' + widths.map((w, i) => (i >= 3 ? '-'.repeat(w + 1) + ':' : '-'.repeat(w + 2))).join('|') + '|');
  for (const r of rows) console.log(line(r));
}

/** The rounds' samples together (the growth table's figures). */
export function mergeRounds(rounds: Figure[][]): Figure[] {
  return rounds[0].map((f, k) => ({ ...f, port: rounds.flatMap((r) => r[k].port), raw: rounds.flatMap((r) => r[k].raw) }));
}

export function check(condition: boolean, what: string): void {
  if (!condition) console.warn(`WARNING: port and raw disagree: ${what}`);
}

/** What the PostgreSQL and Neo4j measurements work on: uids, hubs, pairs at distance 4 to 6 per scope. */
export interface Workload {
  uids: string[];
  hubs: number[];
  pairs: Record<ScopeName, Array<{ from: number; to: number; distance: number }>>;
}
