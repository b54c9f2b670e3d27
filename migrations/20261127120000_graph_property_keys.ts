import type { Knex } from 'knex';

/**
 * A catalog of the node property keys per label (issue 24: the CSV export's column set at 1M nodes
 * without reading every match). graph_property_keys holds (label, key) for every key a node with
 * that label has carried ('' for nodes without labels), kept by statement-level triggers on
 * graph_nodes over their transition tables, so every write path (REST writes, imports, Cypher,
 * undo, plain SQL) adds to it. It is never pruned: a superset of the keys present, each candidate
 * confirmed by an existence probe over the matches when read (src/graph/postgres/property-keys.ts).
 *
 * No unique constraint, on purpose: with one, a write adding a pair that an open transaction has
 * just added (a bulk import is one transaction of minutes) would wait for that transaction to end
 * (`on conflict` waits for the other inserter), and two imports could deadlock on each other's new
 * keys. Without it two concurrent writers may both add a pair: a duplicate row, at most one per
 * writer that raced, which the readers' `distinct` absorbs. One statement per knex.raw (PGlite).
 */
const UP: string[] = [
  `create table graph_property_keys (
     label text not null,
     key text not null
   )`,
  `create index graph_property_keys_label_key on graph_property_keys (label, key)`,
  `create function gas_property_keys_sync() returns trigger
   language plpgsql as $$
   begin
     insert into graph_property_keys (label, key)
       select d.label, d.key from (
         select distinct l.label, k.key
         from gas_key_rows nr
         cross join lateral unnest(case when cardinality(nr.labels) = 0 then array['']::text[] else nr.labels end) as l(label)
         cross join lateral jsonb_object_keys(nr.properties) as k(key)
       ) d
       where not exists (select 1 from graph_property_keys c where c.label = d.label and c.key = d.key);
     return null;
   end
   $$`,
  // A trigger with transition tables has one event; PostgreSQL captures the new rows once for
  // both these and the fulltext triggers.
  `create trigger graph_nodes_property_keys_insert
     after insert on graph_nodes referencing new table as gas_key_rows
     for each statement execute function gas_property_keys_sync()`,
  `create trigger graph_nodes_property_keys_update
     after update on graph_nodes referencing new table as gas_key_rows
     for each statement execute function gas_property_keys_sync()`,
  `insert into graph_property_keys (label, key)
     select distinct l.label, k.key
     from graph_nodes n
     cross join lateral unnest(case when cardinality(n.labels) = 0 then array['']::text[] else n.labels end) as l(label)
     cross join lateral jsonb_object_keys(n.properties) as k(key)`,
];

const DOWN: string[] = [
  `drop trigger if exists graph_nodes_property_keys_update on graph_nodes`,
  `drop trigger if exists graph_nodes_property_keys_insert on graph_nodes`,
  `drop function if exists gas_property_keys_sync()`,
  `drop table if exists graph_property_keys`,
];

export async function up(knex: Knex): Promise<void> {
  for (const statement of UP) await knex.raw(statement);
}

export async function down(knex: Knex): Promise<void> {
  for (const statement of DOWN) await knex.raw(statement);
}
