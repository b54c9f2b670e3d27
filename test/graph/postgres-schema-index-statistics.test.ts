import type { Knex } from 'knex';
import { UNRESTRICTED } from '../../src/graph/graph-store';
import type { GraphStore } from '../../src/graph/graph-store';
import { schemaIndexName } from '../../src/graph/postgres/schema-indexes';
import type { ThrowawayGraphDatabase } from './support/throwaway-database';
import { throwawayGraphDatabase } from './support/throwaway-database';

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Plan Rows': number;
  Plans?: PlanNode[];
}

function flatten(plan: PlanNode): PlanNode[] {
  return [plan, ...(plan.Plans ?? []).flatMap(flatten)];
}

/**
 * A schema index is a partial expression index, whose statistics PostgreSQL does not use for
 * estimates; createIndex adds extended statistics on its expressions (migration
 * 20261123180000_schema_index_statistics), so a lookup by a unique property is estimated at one row
 * and answered by one index scan (issue 11: find by uid at 1,000,000 nodes). Checked on the plan of
 * the statement the port sends, not by a time.
 */
describe('PostgreSQL graph: statistics of schema indexes', () => {
  let db: ThrowawayGraphDatabase;
  let knex: Knex;
  let store: GraphStore;

  beforeAll(async () => {
    db = await throwawayGraphDatabase('stx');
    ({ knex, store } = db);
    await knex.raw(`insert into graph_nodes (labels, properties)
      select array['Person'], jsonb_build_object('uid', 'p' || g, 'name', 'Person ' || g, 'city', 'City' || (g % 20)) from generate_series(1, 20000) g`);
  });

  afterAll(async () => {
    await db?.drop();
  });

  /** The plan PostgreSQL makes for the statement the port sent for `work`. */
  async function planOf(work: () => Promise<unknown>): Promise<PlanNode[]> {
    const sent: Array<{ sql: string; bindings: unknown[] }> = [];
    const listener = (q: { sql: string; bindings?: unknown[] }) => sent.push({ sql: q.sql, bindings: q.bindings ?? [] });
    knex.on('query', listener);
    try {
      await work();
    } finally {
      knex.removeListener('query', listener);
    }
    expect(sent).toHaveLength(1);
    const connection = (await knex.client.acquireConnection()) as {
      query(text: string, values: unknown[]): Promise<{ rows: Array<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }> }>;
    };
    try {
      const result = await connection.query(`explain (format json) ${sent[0].sql}`, sent[0].bindings);
      return flatten(result.rows[0]['QUERY PLAN'][0].Plan);
    } finally {
      await knex.client.releaseConnection(connection);
    }
  }

  it('when an index on :Person(uid) is created, then a lookup by label and uid is estimated at one row and read through that index alone', async () => {
    const index = await store.createIndex({ entity: 'node', token: 'Person', properties: ['uid'] });
    expect(index.state).toBe('ONLINE');
    const stats = await knex.raw(`select stxname from pg_statistic_ext where stxname = ?`, [`${index.name}_st`]);
    expect(stats.rows).toHaveLength(1);

    const find = () =>
      store.findNodes({ filter: { and: [{ label: 'Person' }, { property: 'uid', operator: '=', value: 'p12345' }] } }, UNRESTRICTED);
    const found = await find();
    expect(found.items.map((n) => n.properties.uid)).toEqual(['p12345']);
    const plan = await planOf(find);
    const scans = plan.filter((p) => /Scan/.test(p['Node Type']));
    // Without the statistics: 0.5 % of the rows (100) expected, and a BitmapAnd with the GIN index.
    expect(scans.map((p) => p['Index Name'])).toEqual([index.name]);
    expect(scans[0]['Plan Rows']).toBeLessThanOrEqual(2);
    expect(plan.some((p) => p['Node Type'] === 'BitmapAnd')).toBe(false);
  });

  it('when the index is dropped, then its statistics go with it', async () => {
    const input = { entity: 'node' as const, token: 'Person', properties: ['city', 'name'] };
    await store.createIndex(input);
    const stx = `${schemaIndexName(input)}_st`;
    expect((await knex.raw(`select 1 from pg_statistic_ext where stxname = ?`, [stx])).rows).toHaveLength(1);
    expect(await store.dropIndex(input)).toBe(true);
    expect((await knex.raw(`select 1 from pg_statistic_ext where stxname = ?`, [stx])).rows).toHaveLength(0);
  });
});
