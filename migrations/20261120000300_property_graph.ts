import type { Knex } from 'knex';

/**
 * The property graph of the PostgreSQL backend (src/graph/postgres): nodes and relationships with
 * jsonb properties, the catalog of schema indexes, the fulltext index (catalog row + entries kept
 * in sync by a trigger), and the SQL helpers that strip hidden properties inside the database.
 * One statement per knex.raw (PGlite runs each raw call as one statement).
 */
const UP: string[] = [
  `create extension if not exists pg_trgm`,

  `create table graph_nodes (
     id bigserial primary key,
     labels text[] not null default '{}',
     properties jsonb not null default '{}'
   )`,
  `create index graph_nodes_labels_gin on graph_nodes using gin (labels)`,
  `create index graph_nodes_properties_gin on graph_nodes using gin (properties jsonb_path_ops)`,

  `create table graph_relationships (
     id bigserial primary key,
     type text not null,
     start_id bigint not null references graph_nodes (id) on delete cascade,
     end_id bigint not null references graph_nodes (id) on delete cascade,
     properties jsonb not null default '{}'
   )`,
  `create index graph_relationships_start_type on graph_relationships (start_id, type)`,
  `create index graph_relationships_end_type on graph_relationships (end_id, type)`,
  `create index graph_relationships_type on graph_relationships (type)`,

  // Schema indexes created through the API (expression btree indexes, see schema-indexes.ts).
  `create table graph_schema_indexes (
     name text primary key,
     entity text not null check (entity in ('node', 'relationship')),
     token text not null,
     properties text[] not null,
     created_at timestamptz not null default now()
   )`,

  // The fulltext index: one catalog row, and one entry per indexed (node, string property).
  `create table graph_fulltext_index (
     id integer primary key default 1 check (id = 1),
     config jsonb not null,
     state text not null check (state in ('POPULATING', 'ONLINE', 'FAILED')),
     progress real not null default 0,
     failure_message text,
     generation integer not null default 1,
     updated_at timestamptz not null default now()
   )`,
  `create table graph_fulltext_entries (
     node_id bigint not null references graph_nodes (id) on delete cascade,
     property text not null,
     value text not null,
     tsv tsvector generated always as (to_tsvector('simple', value)) stored,
     primary key (node_id, property)
   )`,
  `create index graph_fulltext_entries_tsv on graph_fulltext_entries using gin (tsv)`,
  `create index graph_fulltext_entries_trgm on graph_fulltext_entries using gin (value gin_trgm_ops)`,

  // Is property `key` visible on an element with these labels (or [type]) under `rules`
  // ({ "<label>|*": { "allow": [...], "deny": [...] } })? Hidden when ANY matching rule hides it.
  // Is property p_key visible on an element with these labels (or [type]) under p_rules
  // ({ "<label>|*": { "allow": [...], "deny": [...] } })? Hidden when ANY matching rule hides it.
  // (Parameters are prefixed: in SQL functions, column names win over parameter names.)
  `create function gas_property_visible(p_labels text[], p_key text, p_rules jsonb) returns boolean
   language sql immutable parallel safe as $$
     select not exists (
       select 1 from jsonb_each(coalesce(p_rules, '{}'::jsonb)) r
       where (r.key = '*' or r.key = any(p_labels))
         and (
           (jsonb_typeof(r.value->'deny') = 'array' and jsonb_exists(r.value->'deny', p_key))
           or (jsonb_typeof(r.value->'allow') = 'array' and not jsonb_exists(r.value->'allow', p_key))
         )
     )
   $$`,
  `create function gas_visible_properties(p_labels text[], p_props jsonb, p_rules jsonb) returns jsonb
   language sql immutable parallel safe as $$
     select coalesce(jsonb_object_agg(e.key, e.value), '{}'::jsonb)
     from jsonb_each(p_props) e
     where gas_property_visible(p_labels, e.key, p_rules)
   $$`,
  `create function gas_pick_properties(p_props jsonb, p_keys text[]) returns jsonb
   language sql immutable parallel safe as $$
     select coalesce(jsonb_object_agg(e.key, e.value), '{}'::jsonb)
     from jsonb_each(p_props) e
     where e.key = any(p_keys)
   $$`,

  // Schema index DDL: names and property names arrive as parameters and are quoted by format().
  `create function gas_create_schema_index(idx_name text, idx_entity text, idx_token text, idx_props text[]) returns void
   language plpgsql as $$
   declare
     cols text;
   begin
     select string_agg(format('(properties->>%L)', p), ', ' order by o) into cols
       from unnest(idx_props) with ordinality as u(p, o);
     if idx_entity = 'node' then
       execute format('create index if not exists %I on graph_nodes (%s) where labels @> array[%L]::text[]', idx_name, cols, idx_token);
     else
       execute format('create index if not exists %I on graph_relationships (%s) where type = %L', idx_name, cols, idx_token);
     end if;
     insert into graph_schema_indexes (name, entity, token, properties)
       values (idx_name, idx_entity, idx_token, idx_props)
       on conflict (name) do nothing;
   end
   $$`,
  `create function gas_drop_schema_index(idx_name text) returns boolean
   language plpgsql as $$
   declare
     existed boolean;
   begin
     delete from graph_schema_indexes where name = idx_name;
     existed := found;
     execute format('drop index if exists %I', idx_name);
     return existed;
   end
   $$`,

  // Keeps the fulltext entries of written nodes in sync: statement-level triggers with transition
  // tables, so a bulk insert reads the catalog row once, not once per node.
  `create function gas_fulltext_sync() returns trigger
   language plpgsql as $$
   declare
     cfg jsonb;
   begin
     select config into cfg from graph_fulltext_index where id = 1 and state in ('POPULATING', 'ONLINE');
     if cfg is null then
       return null;
     end if;
     if tg_op = 'UPDATE' then
       delete from graph_fulltext_entries fe using gas_new_rows nr where fe.node_id = nr.id;
     end if;
     insert into graph_fulltext_entries (node_id, property, value)
       select nr.id, e.key, e.value #>> '{}'
       from gas_new_rows nr cross join lateral jsonb_each(nr.properties) e
       where nr.labels && array(select jsonb_array_elements_text(cfg->'labels'))
         and jsonb_typeof(e.value) = 'string'
         and e.key in (select jsonb_array_elements_text(cfg->'properties'))
       on conflict (node_id, property) do update set value = excluded.value;
     return null;
   end
   $$`,
  `create trigger graph_nodes_fulltext_insert
     after insert on graph_nodes referencing new table as gas_new_rows
     for each statement execute function gas_fulltext_sync()`,
  `create trigger graph_nodes_fulltext_update
     after update on graph_nodes referencing new table as gas_new_rows
     for each statement execute function gas_fulltext_sync()`,

  // Traversal statements call this (once, as an init plan): a parallel-unsafe function keeps the
  // planner from starting parallel workers, whose start-up costs more than these small index walks.
  `create function gas_serial() returns boolean
   language plpgsql stable parallel unsafe as $$ begin return true; end $$`,
];

const DOWN: string[] = [
  `drop function if exists gas_serial()`,
  `drop trigger if exists graph_nodes_fulltext_update on graph_nodes`,
  `drop trigger if exists graph_nodes_fulltext_insert on graph_nodes`,
  `drop function if exists gas_fulltext_sync()`,
  `drop function if exists gas_drop_schema_index(text)`,
  `drop function if exists gas_create_schema_index(text, text, text, text[])`,
  `drop function if exists gas_pick_properties(jsonb, text[])`,
  `drop function if exists gas_visible_properties(text[], jsonb, jsonb)`,
  `drop function if exists gas_property_visible(text[], text, jsonb)`,
  `drop table if exists graph_fulltext_entries`,
  `drop table if exists graph_fulltext_index`,
  `drop table if exists graph_schema_indexes`,
  `drop table if exists graph_relationships`,
  `drop table if exists graph_nodes`,
];

export async function up(knex: Knex): Promise<void> {
  for (const statement of UP) await knex.raw(statement);
}

export async function down(knex: Knex): Promise<void> {
  // Drop the API-created schema indexes with their tables; the catalog goes with them.
  for (const statement of DOWN) await knex.raw(statement);
}
