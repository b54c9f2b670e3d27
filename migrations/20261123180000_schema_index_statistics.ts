import type { Knex } from 'knex';

/**
 * Statistics on the expressions of every schema index (issue 11 items 5 and 8: find by uid at
 * 1,000,000 nodes).
 *
 * A schema index is a PARTIAL expression index (`(properties->>'uid') where labels @> '{Person}'`),
 * and PostgreSQL ignores the statistics of partial indexes when it estimates a condition
 * (selfuncs.c: they need not reflect the whole table). Without other statistics it guesses 0.5 %
 * of the rows (5,000 of 1,000,000 for a unique uid), prefers walking the primary key for
 * `order by id limit`, and only a second form of the same condition (the GIN containment, ANDed
 * into a bitmap) kept it off that walk: planning 0.3 to 0.5 ms and a GIN probe on every lookup.
 * Extended statistics on the expressions (PostgreSQL 14+, `create statistics ... on (expr)`) give
 * the planner the real figure (one row), so the lookup is one index scan planned in about 0.1 ms.
 *
 * gas_create_schema_index now creates `<index name>_st` with the index, gas_drop_schema_index drops
 * it; the statistics of existing schema indexes are created here and filled by ANALYZE. On a server
 * older than 14 nothing is created (the indexes still work, with the old estimates).
 * One statement per knex.raw (PGlite).
 */

const STATISTICS = `create or replace function gas_create_schema_index_statistics(idx_name text, idx_entity text, idx_props text[]) returns void
   language plpgsql as $$
   declare
     exprs text;
   begin
     if current_setting('server_version_num')::int < 140000 then
       return;
     end if;
     select string_agg(format('((properties->>%L))', p), ', ' order by o) into exprs
       from unnest(idx_props) with ordinality as u(p, o);
     execute format('create statistics if not exists %I on %s from %I', idx_name || '_st', exprs,
       case when idx_entity = 'node' then 'graph_nodes' else 'graph_relationships' end);
   end
   $$`;

const CREATE_V1 = `create or replace function gas_create_schema_index(idx_name text, idx_entity text, idx_token text, idx_props text[]) returns void
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
   $$`;

const DROP_V1 = `create or replace function gas_drop_schema_index(idx_name text) returns boolean
   language plpgsql as $$
   declare
     existed boolean;
   begin
     delete from graph_schema_indexes where name = idx_name;
     existed := found;
     execute format('drop index if exists %I', idx_name);
     return existed;
   end
   $$`;

/** `text` with `line` inserted before `anchor` (which must occur once). */
function insertBefore(text: string, anchor: string, line: string): string {
  const at = text.indexOf(anchor);
  if (at < 0 || text.indexOf(anchor, at + 1) >= 0) throw new Error(`migration: anchor not found once: ${anchor}`);
  return `${text.slice(0, at)}${line}\n     ${text.slice(at)}`;
}

// The new versions: the functions of 20261120000300_property_graph (restored by down) plus one line each.
const CREATE_V2 = insertBefore(
  CREATE_V1,
  'insert into graph_schema_indexes',
  'perform gas_create_schema_index_statistics(idx_name, idx_entity, idx_props);',
);
const DROP_V2 = insertBefore(DROP_V1, 'return existed;', "execute format('drop statistics if exists %I', idx_name || '_st');");

export async function up(knex: Knex): Promise<void> {
  await knex.raw(STATISTICS);
  await knex.raw(CREATE_V2);
  await knex.raw(DROP_V2);
  const existing = (
    await knex.raw<{ rows: Array<{ name: string; entity: string; properties: string[] }> }>(
      `select name, entity, properties from graph_schema_indexes order by name`,
    )
  ).rows;
  for (const index of existing) {
    await knex.raw(`select gas_create_schema_index_statistics(?::text, ?::text, ?::text[])`, [index.name, index.entity, index.properties]);
  }
  if (existing.some((i) => i.entity === 'node')) await knex.raw('analyze graph_nodes');
  if (existing.some((i) => i.entity === 'relationship')) await knex.raw('analyze graph_relationships');
}

export async function down(knex: Knex): Promise<void> {
  const existing = (await knex.raw<{ rows: Array<{ name: string }> }>(`select name from graph_schema_indexes order by name`)).rows;
  for (const index of existing) await knex.raw('drop statistics if exists ??', [`${index.name}_st`]);
  await knex.raw(CREATE_V1);
  await knex.raw(DROP_V1);
  await knex.raw(`drop function if exists gas_create_schema_index_statistics(text, text, text[])`);
}
