import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import knexFactory from 'knex';
import { migrateToLatest } from '../../src/db/migrations';
import type { AccessScope, GraphStore } from '../../src/graph/graph-store';
import { UNRESTRICTED } from '../../src/graph/graph-store';
import { createPostgresGraphStore } from '../../src/graph/postgres';
import type { QueryRunner } from '../../src/graph/postgres/runner';
import { sql } from '../../src/graph/postgres/sql';

/**
 * The PostgreSQL adapter answers an explore with one statement, and a shortest-path search with
 * the ends' check, one prepared statement per breadth-first level (issue 24: the per-level search
 * a person writes beat the single recursive statement) and the two reads of the paths, and finds
 * the same paths and neighbours for an administrator and a restricted scope.
 */
describe('PostgreSQL graph: statements per traversal', () => {
  let admin: Knex;
  let knex: Knex;
  let store: GraphStore;
  let name: string;
  let statements: string[] = [];
  const ids: Record<string, string> = {};

  const restricted: AccessScope = {
    unrestricted: false,
    labels: ['P'],
    types: ['K'],
    nodeFilter: { property: 'hidden', operator: '=', value: false },
  };

  beforeAll(async () => {
    admin = knexFactory({ client: 'pg', connection: process.env.GAS_TEST_ADMIN_URL, pool: { min: 0, max: 1 } });
    name = `gas_t_stmt_${randomBytes(6).toString('hex')}`;
    await admin.raw(`create database ${name}`);
    const url = new URL(process.env.GAS_TEST_ADMIN_URL as string);
    url.pathname = `/${name}`;
    knex = knexFactory({ client: 'pg', connection: url.toString(), pool: { min: 0, max: 4 } });
    await migrateToLatest(knex);
    store = createPostgresGraphStore(knex, { queryTimeoutMs: 30000 });
    await store.init();
    // Two routes a..g of length 6: a-b-c-d-e-f-g and a-h-i-d-e-f-g (both through d), a longer one
    // through x, and a shortcut a-s-g through the hidden node s (invisible to the restricted scope).
    for (const n of ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'x1', 'x2', 'x3', 'x4', 'x5', 'x6']) {
      ids[n] = (await store.createNode({ labels: ['P'], properties: { name: n, hidden: false } }, UNRESTRICTED)).id;
    }
    ids.s = (await store.createNode({ labels: ['P'], properties: { name: 's', hidden: true } }, UNRESTRICTED)).id;
    const link = (a: string, b: string) =>
      store.createRelationship({ type: 'K', startNodeId: ids[a], endNodeId: ids[b], properties: {} }, UNRESTRICTED);
    for (const [a, b] of [
      ['a', 'b'],
      ['b', 'c'],
      ['c', 'd'],
      ['a', 'h'],
      ['h', 'i'],
      ['i', 'd'],
      ['d', 'e'],
      ['e', 'f'],
      ['f', 'g'],
      ['a', 'x1'],
      ['x1', 'x2'],
      ['x2', 'x3'],
      ['x3', 'x4'],
      ['x4', 'x5'],
      ['x5', 'x6'],
      ['x6', 'g'],
      ['a', 's'],
      ['s', 'g'],
    ])
      await link(a, b);
    knex.on('query', (q: { sql: string }) => statements.push(q.sql));
  });

  afterAll(async () => {
    await store.close();
    await knex.destroy();
    await admin.raw(`drop database if exists ${name} with (force)`);
    await admin.destroy();
  });

  const names = (nodes: Array<{ properties: Record<string, unknown> }>) => nodes.map((n) => n.properties.name).join('-');

  it('when the shortest paths of a distance of 6 are asked by a restricted user, then both are found with the ends, six levels and one read of their elements', async () => {
    statements = [];
    const paths = await store.shortestPaths(ids.a, ids.g, { maxDepth: 8 }, restricted);
    expect(paths.map((p) => names(p.nodes)).sort()).toEqual(['a-b-c-d-e-f-g', 'a-h-i-d-e-f-g']);
    expect(paths.every((p) => p.relationships.length === 6)).toBe(true);
    expect(statements.length).toBe(1 + 6 + 1);
  });

  it('when the administrator asks, then the shortcut through the node hidden from others is the only shortest path', async () => {
    statements = [];
    const paths = await store.shortestPaths(ids.a, ids.g, { maxDepth: 8 }, UNRESTRICTED);
    expect(paths.map((p) => names(p.nodes))).toEqual(['a-s-g']);
    // No statement for the ends (every node is visible to the administrator), two levels, one read.
    expect(statements.length).toBe(2 + 1);
  });

  it('when the distance is beyond maxDepth, then no path after maxDepth levels; when an end is hidden, then no path and one statement', async () => {
    statements = [];
    expect(await store.shortestPaths(ids.a, ids.g, { maxDepth: 5 }, restricted)).toEqual([]);
    expect(statements.length).toBe(1 + 5);
    statements = [];
    expect(await store.shortestPaths(ids.a, ids.s, { maxDepth: 8 }, restricted)).toEqual([]);
    expect(statements.length).toBe(1);
  });

  it('when an end does not exist and the administrator asks, then no path, and the search stops after at most two levels', async () => {
    const missing = '987654321';
    for (const [from, to] of [
      [ids.a, missing],
      [missing, ids.g],
    ]) {
      statements = [];
      expect(await store.shortestPaths(from, to, { maxDepth: 8 }, UNRESTRICTED)).toEqual([]);
      expect(statements.length).toBeLessThanOrEqual(2);
    }
  });

  it('when paths are directed against the relationships, then none is found', async () => {
    expect(await store.shortestPaths(ids.g, ids.a, { maxDepth: 8, direction: 'out' }, restricted)).toEqual([]);
    const forward = await store.shortestPaths(ids.a, ids.g, { maxDepth: 8, direction: 'out' }, restricted);
    expect(forward.map((p) => names(p.nodes)).sort()).toEqual(['a-b-c-d-e-f-g', 'a-h-i-d-e-f-g']);
    const backward = await store.shortestPaths(ids.g, ids.a, { maxDepth: 8, direction: 'in' }, restricted);
    expect(backward.map((p) => names(p.nodes)).sort()).toEqual(['g-f-e-d-c-b-a', 'g-f-e-d-i-h-a']);
  });

  it('when an ordinary node is explored, then its visible neighbours, the relationships to them and the remaining count come from one statement', async () => {
    statements = [];
    const all = await store.explore({ nodeId: ids.a, limit: 10 }, UNRESTRICTED);
    expect(statements.length).toBe(1);
    expect(names(all.nodes)).toBe('a-b-h-x1-s');
    expect(all.relationships.map((r) => r.endNodeId)).toEqual([ids.b, ids.h, ids.x1, ids.s]);
    expect(all.remaining).toBe(0);

    statements = [];
    const page = await store.explore({ nodeId: ids.a, limit: 2, skip: 1 }, restricted);
    expect(statements.length).toBe(1);
    expect(names(page.nodes)).toBe('a-h-x1');
    expect(page.relationships.map((r) => r.endNodeId)).toEqual([ids.h, ids.x1]);
    expect(page.remaining).toBe(0);
    const first = await store.explore({ nodeId: ids.a, limit: 1 }, restricted);
    expect(names(first.nodes)).toBe('a-b');
    expect(first.remaining).toBe(2);
  });

  it('when explores and shortest paths are repeated, then their statements are prepared once per connection (named), not planned from text each time', async () => {
    const single = knexFactory({
      client: 'pg',
      connection: (knex.client as { config: { connection: string } }).config.connection,
      pool: { min: 0, max: 1 },
    });
    const one = createPostgresGraphStore(single, { queryTimeoutMs: 30000 });
    try {
      for (let i = 0; i < 3; i++) {
        await one.explore({ nodeId: ids.a, limit: 10 }, restricted);
        await one.shortestPaths(ids.a, ids.g, { maxDepth: 8 }, restricted);
      }
      // The store's statements run on its own pool (direct-pool.ts), one connection as knex's: read the statements prepared there.
      const runner = (one as unknown as { runner: QueryRunner }).runner;
      const prepared = await runner.rows<{ statement: string }>(
        sql`select statement from pg_prepared_statements where name like 'gas\\_%'`,
      );
      expect(runner.poolStats()?.total).toBe(1);
      const texts = prepared.map((r) => r.statement);
      // The explore, the ends' check, the level of the path search (one text for every level), the paths' nodes and relationships (one read).
      expect(texts.length).toBe(4);
      expect(texts.some((t: string) => /with center as materialized/.test(t))).toBe(true);
      expect(texts.filter((t: string) => /e\.dst not in \(select unnest/.test(t))).toHaveLength(1);
    } finally {
      await one.close();
      await single.destroy();
    }
  });

  it('when a node hidden from the scope is explored, then it is not found', async () => {
    await expect(store.explore({ nodeId: ids.s, limit: 10 }, restricted)).rejects.toMatchObject({ status: 404 });
    const past = await store.explore({ nodeId: ids.a, limit: 10, skip: 10 }, restricted);
    expect(names(past.nodes)).toBe('a');
    expect(past.remaining).toBe(0);
  });

  it('when a filtered export streams more rows than a page, then one statement is read through a cursor, every match once, in id order', async () => {
    const small = createPostgresGraphStore(knex, { queryTimeoutMs: 30000, streamPageSize: 4, streamHeadRows: 0 });
    statements = [];
    const streamed: string[] = [];
    for await (const node of small.streamNodes({ filter: { property: 'hidden', operator: '=', value: false } }, restricted))
      streamed.push(String(node.properties.name));
    expect(streamed).toEqual(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'x1', 'x2', 'x3', 'x4', 'x5', 'x6']);
    const selects = statements.filter((q) => /graph_nodes/.test(q));
    expect(selects).toHaveLength(1);
    expect(selects[0]).toMatch(/^declare /);
    expect(statements.filter((q) => /^fetch /.test(q))).toHaveLength(4);
  });

  it('when a filtered export opens its cursor, then it is planned for all its rows (cursor_tuple_fraction 1 in its transaction), not for a fast start that walks the primary key', async () => {
    const small = createPostgresGraphStore(knex, { queryTimeoutMs: 30000, streamPageSize: 4, streamHeadRows: 0 });
    statements = [];
    let fraction: string | undefined;
    for await (const node of small.streamNodes({ filter: { property: 'hidden', operator: '=', value: false } }, UNRESTRICTED))
      if (node) fraction ??= 'read';
    const declare = statements.findIndex((q) => /^declare /.test(q));
    const setting = statements.findIndex((q) => /set_config\('cursor_tuple_fraction', '1', true\)/.test(q));
    expect(fraction).toBe('read');
    expect(setting).toBeGreaterThanOrEqual(0);
    expect(setting).toBeLessThan(declare);
    // The setting is local to the export's transaction: the pool's connections keep the default.
    const after = await knex.raw(`select current_setting('cursor_tuple_fraction') as f`);
    expect(after.rows[0].f).toBe('0.1');
  });

  it('when an export has at most streamHeadRows rows, then it is one plain statement (no transaction, no cursor); with more, the first rows and then one cursor after them, every match once, in id order', async () => {
    const all = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'x1', 'x2', 'x3', 'x4', 'x5', 'x6'];
    const filter = { property: 'hidden', operator: '=' as const, value: false };
    const fits = createPostgresGraphStore(knex, { queryTimeoutMs: 30000, streamPageSize: 4, streamHeadRows: 15 });
    statements = [];
    const one: string[] = [];
    for await (const node of fits.streamNodes({ filter }, restricted)) one.push(String(node.properties.name));
    expect(one).toEqual(all);
    expect(statements).toHaveLength(1);
    expect(statements[0]).toMatch(/^select .* limit \$\d+::bigint$/);

    const split = createPostgresGraphStore(knex, { queryTimeoutMs: 30000, streamPageSize: 4, streamHeadRows: 6 });
    statements = [];
    const two: string[] = [];
    for await (const node of split.streamNodes({ filter }, restricted)) two.push(String(node.properties.name));
    expect(two).toEqual(all);
    expect(statements.filter((q) => /graph_nodes/.test(q))).toHaveLength(2);
    expect(statements.filter((q) => /^declare /.test(q))).toHaveLength(1);
    expect(statements.filter((q) => /^fetch /.test(q))).toHaveLength(3);
  });

  it('when the consumer of an export stops early, then the cursor is closed and the connection serves the next query', async () => {
    const small = createPostgresGraphStore(knex, { queryTimeoutMs: 30000, streamPageSize: 2, streamHeadRows: 0 });
    for (let round = 0; round < 6; round++) {
      const seen: string[] = [];
      for await (const node of small.streamNodes({ filter: { label: 'P' } }, UNRESTRICTED)) {
        seen.push(String(node.properties.name));
        if (seen.length === 3) break;
      }
      expect(seen).toEqual(['a', 'b', 'c']);
    }
    // More rounds than pooled connections (4): none was left inside a transaction.
    const again = await store.findNodes({ filter: { property: 'name', operator: '=', value: 'g' }, limit: 5 }, UNRESTRICTED);
    expect(again.items.map((n) => n.properties.name)).toEqual(['g']);
  });
});
