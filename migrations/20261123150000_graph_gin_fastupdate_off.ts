import type { Knex } from 'knex';

/**
 * The GIN indexes of graph_nodes (properties jsonb_path_ops: find by any property such as a uid;
 * labels) without the pending list (issue 11 item 8). With fastupdate on, a write-heavy period (an
 * import) leaves thousands of entries in the pending list, which every probe reads until a VACUUM
 * merges them: a lookup by uid right after inserting 20,000 nodes read 100 pages (0.93 ms) instead
 * of 4 (0.04 ms) on 100,000 nodes. Without it each insert updates the index at once: inserting
 * those 20,000 nodes took 170 ms instead of 123 ms, a small part of an import batch's cost.
 * The pending list left by earlier writes is merged here. One statement per knex.raw (PGlite).
 */
const INDEXES = ['graph_nodes_properties_gin', 'graph_nodes_labels_gin'];

export async function up(knex: Knex): Promise<void> {
  for (const index of INDEXES) {
    await knex.raw(`alter index ${index} set (fastupdate = off)`);
    await knex.raw(`select gin_clean_pending_list('${index}'::regclass)`);
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const index of INDEXES) await knex.raw(`alter index ${index} reset (fastupdate)`);
}
