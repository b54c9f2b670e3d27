import type { Knex } from 'knex';
import { UNRESTRICTED } from '../../src/graph/graph-store';
import type { GraphStore } from '../../src/graph/graph-store';
import type { ThrowawayGraphDatabase } from './support/throwaway-database';
import { throwawayGraphDatabase } from './support/throwaway-database';

/**
 * Finding a node by a property right after many writes reads a few index pages, not a pending list
 * of every entry written since the last VACUUM (issue 11 item 8: fastupdate off on the GIN indexes
 * of graph_nodes). Checked by the pages the probe reads (EXPLAIN BUFFERS), not by a time.
 */
describe('PostgreSQL graph: lookups right after bulk writes', () => {
  let db: ThrowawayGraphDatabase;
  let knex: Knex;
  let store: GraphStore;

  beforeAll(async () => {
    db = await throwawayGraphDatabase('gin');
    ({ knex, store } = db);
  });

  afterAll(async () => {
    await db?.drop();
  });

  it('when 5,000 nodes were just written, then finding one by uid reads a handful of index pages and finds it', async () => {
    await knex.raw(`insert into graph_nodes (labels, properties)
      select array['Imported'], jsonb_build_object('uid', 'u-' || g, 'name', 'node ' || g, 'n', g) from generate_series(1, 5000) g`);
    const plan = (
      await knex.raw(`explain (analyze, buffers, format json) select id from graph_nodes where properties @> '{"uid": "u-4321"}'`)
    ).rows[0]['QUERY PLAN'][0].Plan;
    // With a pending list the probe reads all of it (or the planner, which counts its pages, scans the table).
    const pages = (plan['Shared Hit Blocks'] ?? 0) + (plan['Shared Read Blocks'] ?? 0);
    expect(pages).toBeLessThan(12);
    const found = await store.findNodes({ filter: { property: 'uid', operator: '=', value: 'u-4321' }, limit: 10 }, UNRESTRICTED);
    expect(found.items.map((n) => n.properties.n)).toEqual([4321]);
  });
});
