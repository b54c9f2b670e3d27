/**
 * bench:graph on PostgreSQL: each operation through the GraphStore next to the hand-written
 * statement (bench/graph/raw-pg.ts: `pg` directly, named prepared statements), and the CSV export
 * over HTTP next to a bare server (bench/graph/export-http.ts). Before timing, each operation runs
 * once both ways and the answers are compared (a WARNING line when they disagree). When a ratio
 * is over its target, the plans of both sides are printed (bench/graph/plans.ts).
 */
import type { Knex } from 'knex';
import type { AccessScope, GraphStore } from '../../src/graph/graph-store';
import { UNRESTRICTED } from '../../src/graph/graph-store';
import type { Download } from './export-http';
import { basicHeader, createRestrictedUser, download, startRawExportServer, startService } from './export-http';
import type { Figure, ScopeName, Workload } from './figures';
import { check, fmt, intEnv, measureBoth, overTarget, quantile } from './figures';
import { captureProduct, printPlans } from './plans';
import type { RawPg } from './raw-pg';

export interface PgBench {
  knex: Knex;
  store: GraphStore;
  raw: RawPg;
  w: Workload;
  scopes: Array<[ScopeName, AccessScope]>;
  wanted(operation: string): boolean;
  textCountLimit: number;
  reps: number;
  cities: string[];
}

/** One row: measured, and when over target, both sides' plans (EXPLAIN ANALYZE, BUFFERS) printed. */
async function row(
  b: PgBench,
  operation: string,
  scope: ScopeName,
  port: (i: number) => Promise<unknown>,
  raw: (i: number) => Promise<unknown>,
  note?: string,
  reps = b.reps,
): Promise<Figure> {
  const m = await measureBoth(port, raw, reps);
  const figure: Figure = { backend: 'postgres', operation, scope, ...m, ...(note ? { note } : {}) };
  if (overTarget(figure)) {
    const product = await captureProduct(b.knex, () => port(0));
    const rawStatements = await b.raw.record(() => raw(0));
    await printPlans(
      `${operation}, ${scope}: ${fmt(quantile(m.port, 0.5))} / ${fmt(quantile(m.raw, 0.5))} ms`,
      b.raw.plain,
      product,
      rawStatements,
    );
  }
  return figure;
}

async function drain(iterable: AsyncIterable<unknown>): Promise<number> {
  let n = 0;
  for await (const item of iterable) if (item) n++;
  return n;
}

export async function benchPostgres(b: PgBench): Promise<Figure[]> {
  const { store, raw, w } = b;
  const figures: Figure[] = [];
  for (const [scopeName, scope] of b.scopes) {
    const restricted = scopeName === 'restricted';

    for (const withLabel of [true, false]) {
      const operation = withLabel ? 'find Person by uid' : 'find by uid (no label)';
      if (!b.wanted(operation)) continue;
      const filterFor = (uid: string) =>
        withLabel
          ? { and: [{ label: 'Person' }, { property: 'uid', operator: '=' as const, value: uid }] }
          : { property: 'uid', operator: '=' as const, value: uid };
      const sample = await store.findNodes({ filter: filterFor(w.uids[0]) }, scope);
      const rawSample = await raw.find(restricted, w.uids[0], withLabel);
      check(sample.total === 1 && Number(rawSample[0]?.total) === 1, `find ${w.uids[0]} (${scopeName})`);
      check(restricted === !('age' in (sample.items[0]?.properties ?? {})), `age visibility (${scopeName})`);
      figures.push(
        await row(
          b,
          operation,
          scopeName,
          (i) => store.findNodes({ filter: filterFor(w.uids[i % w.uids.length]) }, scope),
          (i) => raw.find(restricted, w.uids[i % w.uids.length], withLabel),
        ),
      );
    }

    if (b.wanted('explore hub')) {
      const port = await store.explore({ nodeId: String(w.hubs[0]), limit: 100 }, scope);
      const r = await raw.explore(restricted, w.hubs[0]);
      check(
        port.nodes.length === r.nodes && port.relationships.length === r.relationships && port.remaining === r.total - (r.nodes - 1),
        `explore hub (${scopeName})`,
      );
      figures.push(
        await row(
          b,
          'explore hub (limit 100)',
          scopeName,
          (i) => store.explore({ nodeId: String(w.hubs[i % w.hubs.length]), limit: 100 }, scope),
          (i) => raw.explore(restricted, w.hubs[i % w.hubs.length]),
          `${r.total} visible neighbours`,
        ),
      );
    }

    const pairs = w.pairs[scopeName];
    if (b.wanted('shortest paths') && pairs.length > 0) {
      for (const p of pairs.slice(0, 3)) {
        const port = await store.shortestPaths(String(p.from), String(p.to), { maxDepth: 6 }, scope);
        const r = await raw.shortest(restricted, p.from, p.to);
        check(
          port.length === r.paths && (port[0]?.relationships.length ?? -1) === p.distance && r.length === p.distance,
          `shortest ${p.from}-${p.to} (${scopeName}): ${port.length} / ${r.paths} paths`,
        );
      }
      figures.push(
        await row(
          b,
          'shortest paths (dist 4-6)',
          scopeName,
          (i) => store.shortestPaths(String(pairs[i % pairs.length].from), String(pairs[i % pairs.length].to), { maxDepth: 6 }, scope),
          (i) => raw.shortest(restricted, pairs[i % pairs.length].from, pairs[i % pairs.length].to),
          `distances ${pairs.map((p) => p.distance).join(',')}; raw: one prepared statement per level`,
        ),
      );
    }

    if (b.wanted('explore ordinary node')) {
      const ids = w.uids.map((u) => Number(u.slice(1)));
      const port = await store.explore({ nodeId: String(ids[0]), limit: 100 }, scope);
      const r = await raw.explore(restricted, ids[0]);
      check(port.nodes.length === r.nodes && port.relationships.length === r.relationships, `explore ordinary (${scopeName})`);
      figures.push(
        await row(
          b,
          'explore ordinary node',
          scopeName,
          (i) => store.explore({ nodeId: String(ids[i % ids.length]), limit: 100 }, scope),
          (i) => raw.explore(restricted, ids[i % ids.length]),
        ),
      );
    }

    if (b.wanted('text search')) {
      const texts = w.uids.map((u) => `person ${u.slice(1)}`);
      const port = await store.findNodes({ text: texts[0], limit: 20, countLimit: b.textCountLimit }, scope);
      const r = await raw.text(restricted, texts[0], b.textCountLimit);
      check(port.items.length === r.items && port.total === r.total, `text search (${scopeName}): ${port.total} / ${r.total}`);
      figures.push(
        await row(
          b,
          'text search (limit 20)',
          scopeName,
          (i) => store.findNodes({ text: texts[i % texts.length], limit: 20, countLimit: b.textCountLimit }, scope),
          (i) => raw.text(restricted, texts[i % texts.length], b.textCountLimit),
          `"${texts[0]}": ${r.total} matches (counted up to ${b.textCountLimit}, as the service)`,
        ),
      );
    }

    if (b.wanted('frequency of city')) {
      const port = await store.frequency({ target: 'nodes', property: 'city' }, scope);
      const r = await raw.frequency(restricted);
      check(port.total === r.total && port.distinct === r.distinct && port.values[0]?.value === r.top, `frequency (${scopeName})`);
      figures.push(
        await row(
          b,
          'frequency of city',
          scopeName,
          () => store.frequency({ target: 'nodes', property: 'city' }, scope),
          () => raw.frequency(restricted),
          `${r.total} nodes with a city, ${r.distinct} distinct`,
        ),
      );
    }
  }
  return figures;
}

/**
 * The CSV exports over HTTP: the real service (child process, HTTP Basic) against the bare server,
 * each download read to the end by a client in this process. Rows: time to the last byte; the note
 * has the first byte and rows/s (medians). The product's plans, when over target, are those of
 * streamNodes with the same condition in this process (the service's own statements).
 */
export async function benchHttpExport(b: PgBench, databaseUrl: string): Promise<Figure[]> {
  const cases: Array<{ operation: string; city: string | null }> = [
    { operation: 'filtered CSV export over HTTP (city)', city: 'City000' },
    { operation: 'full CSV export over HTTP', city: null },
  ].filter((c) => b.wanted(c.operation));
  if (cases.length === 0) return [];
  const service = await startService(databaseUrl);
  // After the service's first start: it seeds the permission catalogue the user's row refers to.
  await createRestrictedUser(b.knex, b.cities).catch(async (error: unknown) => {
    await service.stop();
    throw error;
  });
  const bare = await startRawExportServer(b.raw);
  const figures: Figure[] = [];
  const reps = Math.min(b.reps, intEnv('BENCH_EXPORT_REPS', 5));
  try {
    for (const [scopeName, scope] of b.scopes) {
      const restricted = scopeName === 'restricted';
      for (const c of cases) {
        const filter = c.city === null ? undefined : { property: 'city', operator: '=' as const, value: c.city };
        const productCall = () =>
          download(`${service.origin}/data/nodes/find/export/csv`, basicHeader(restricted), JSON.stringify(filter ? { filter } : {}));
        const rawCall = () => download(bare.url, {}, JSON.stringify({ restricted, city: c.city }));
        const first = await productCall();
        const second = await rawCall();
        check(first.status === 200 && second.status === 200, `${c.operation} (${scopeName}): HTTP ${first.status} / ${second.status}`);
        check(
          first.rows === second.rows && first.bytes === second.bytes,
          `${c.operation} (${scopeName}): product ${first.rows} rows ${first.bytes} bytes, raw ${second.rows} rows ${second.bytes} bytes`,
        );
        const seen = { port: [] as Download[], raw: [] as Download[] };
        const m = await measureBoth(
          () => productCall().then((d) => seen.port.push(d)),
          () => rawCall().then((d) => seen.raw.push(d)),
          reps,
        );
        const firstByte = (ds: Download[]) =>
          fmt(
            quantile(
              ds.slice(-reps).map((d) => d.firstByteMs),
              0.5,
            ),
          );
        const rowsPerSecond = (ds: Download[]) =>
          Math.round(
            quantile(
              ds.slice(-reps).map((d) => (d.rows * 1000) / d.totalMs),
              0.5,
            ),
          ).toLocaleString('en-US');
        const figure: Figure = {
          backend: 'postgres',
          operation: c.operation,
          scope: scopeName,
          ...m,
          note: `${first.rows} rows, ${(first.bytes / 1e6).toFixed(1)} MB; first byte product ${firstByte(seen.port)} ms / raw ${firstByte(seen.raw)} ms; rows/s product ${rowsPerSecond(seen.port)} / raw ${rowsPerSecond(seen.raw)}`,
        };
        if (overTarget(figure)) {
          const product = await captureProduct(b.knex, () => drain(b.store.streamNodes(filter ? { filter } : {}, scope)));
          const statements = b.raw.exportStatements(restricted, c.city);
          const keys = (await b.raw.plain.query<{ keys: string[] }>({ text: statements.keys.text, values: statements.keys.values })).rows[0]
            .keys;
          await printPlans(`${c.operation}, ${scopeName}`, b.raw.plain, product, [statements.keys, statements.rows(keys)]);
        }
        figures.push(figure);
      }
    }
  } finally {
    await bare.close();
    await service.stop();
  }
  return figures;
}

/**
 * Find by uid right after a write-heavy period (issue 11 item 8): BENCH_BULK_NODES (20,000) nodes
 * inserted in batches of 1,000 without a VACUUM, then looked up by uid through the GIN index
 * (no label), product next to raw; the nodes are deleted afterwards.
 */
export async function benchAfterBulkWrites(b: PgBench): Promise<Figure[]> {
  const bulk = intEnv('BENCH_BULK_NODES', 20_000);
  if (bulk === 0) return [];
  const t = Date.now();
  for (let start = 0; start < bulk; start += 1000) {
    await b.knex.raw(
      `insert into graph_nodes (labels, properties)
       select array['Bulk'], jsonb_build_object('uid', 'b' || g, 'name', 'Bulk ' || g, 'city', 'City001') from generate_series(?::int, ?::int) g`,
      [start + 1, Math.min(bulk, start + 1000)],
    );
  }
  const insertMs = Date.now() - t;
  const uids = Array.from({ length: 50 }, (_, i) => `b${1 + ((i * 7919) % bulk)}`);
  const filterFor = (uid: string) => ({ property: 'uid', operator: '=' as const, value: uid });
  const sample = await b.store.findNodes({ filter: filterFor(uids[0]) }, UNRESTRICTED);
  const rawSample = await b.raw.find(false, uids[0], false);
  check(sample.total === 1 && Number(rawSample[0]?.total) === 1, `find ${uids[0]} after bulk writes`);
  const figure = await row(
    b,
    `find by uid after ${bulk} inserts`,
    'admin',
    (i) => b.store.findNodes({ filter: filterFor(uids[i % uids.length]) }, UNRESTRICTED),
    (i) => b.raw.find(false, uids[i % uids.length], false),
    `inserted in ${(insertMs / 1000).toFixed(1)} s, no VACUUM in between`,
  );
  await b.knex.raw(`delete from graph_nodes where labels @> '{Bulk}'`);
  return [figure];
}
