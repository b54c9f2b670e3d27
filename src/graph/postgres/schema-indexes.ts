import { createHash } from 'node:crypto';
import { BadRequestError } from '../../errors';
import type { SchemaIndex, SchemaIndexInput } from '../graph-store';
import { assertIdentifier, assertIdentifiers } from '../identifiers';
import type { QueryRunner } from './runner';
import { sql } from './sql';

/**
 * Schema indexes of the API: expression btree indexes over (properties->>'p', ...) with a partial
 * predicate on the label (labels @> array['L']) or the type (type = 'T'). The DDL is built by the
 * SQL function gas_create_schema_index from bound parameters (format %I / %L); the catalog table
 * graph_schema_indexes keeps what was asked, pg_indexes tells whether it exists and is valid.
 */

function normalise(input: SchemaIndexInput): SchemaIndexInput {
  if (!input || (input.entity !== 'node' && input.entity !== 'relationship')) {
    throw new BadRequestError('An index is on "node" or "relationship"', 'INVALID_INDEX');
  }
  const token = assertIdentifier(input.entity === 'node' ? 'label' : 'relationship type', input.token);
  if (!Array.isArray(input.properties) || input.properties.length === 0 || input.properties.length > 16) {
    throw new BadRequestError('An index needs 1 to 16 properties', 'INVALID_INDEX');
  }
  const properties = assertIdentifiers('property', input.properties);
  if (new Set(properties).size !== properties.length) throw new BadRequestError('An index lists a property twice', 'INVALID_INDEX');
  return { entity: input.entity, token, properties };
}

/** Deterministic name: gas_idx_node_<hash> / gas_idx_rel_<hash> of token and properties. */
export function schemaIndexName(input: SchemaIndexInput): string {
  const { entity, token, properties } = normalise(input);
  const hash = createHash('sha256')
    .update(JSON.stringify([entity, token, properties]))
    .digest('hex')
    .slice(0, 20);
  return `gas_idx_${entity === 'node' ? 'node' : 'rel'}_${hash}`;
}

interface CatalogRow {
  name: string;
  entity: 'node' | 'relationship';
  token: string;
  properties: string[];
  valid: boolean | null;
}

export async function listSchemaIndexes(runner: QueryRunner): Promise<SchemaIndex[]> {
  const rows = await runner.rows<CatalogRow>(sql`
    select c.name, c.entity, c.token, c.properties, i.indisvalid as valid
    from graph_schema_indexes c
    left join pg_class ic on ic.relname = c.name and ic.relkind = 'i' and ic.relnamespace = (select oid from pg_namespace where nspname = current_schema())
    left join pg_index i on i.indexrelid = ic.oid
    order by c.entity, c.token, c.name`);
  return rows.map((r) => ({
    name: r.name,
    entity: r.entity,
    token: r.token,
    properties: r.properties,
    state: r.valid === true ? 'ONLINE' : r.valid === false ? 'POPULATING' : 'FAILED',
  }));
}

export async function createSchemaIndex(runner: QueryRunner, input: SchemaIndexInput): Promise<SchemaIndex> {
  const clean = normalise(input);
  const name = schemaIndexName(clean);
  await runner.rows(
    sql`select gas_create_schema_index(${name}::text, ${clean.entity}::text, ${clean.token}::text, ${clean.properties}::text[])`,
  );
  // Statistics of an expression exist only once the table is analysed with the index in place:
  // without them the planner guesses 0.5 % of the rows and prefers walking the primary key in id
  // order (ORDER BY id LIMIT) over the new index (a 100 000-node lookup by uid: 58 ms instead of 0.7 ms).
  await runner.rows(clean.entity === 'node' ? sql`analyze graph_nodes` : sql`analyze graph_relationships`);
  const found = (await listSchemaIndexes(runner)).find((i) => i.name === name);
  return found ?? { name, ...clean, state: 'FAILED' };
}

export async function dropSchemaIndex(runner: QueryRunner, input: SchemaIndexInput): Promise<boolean> {
  const name = schemaIndexName(input);
  const row = await runner.one<{ dropped: boolean }>(sql`select gas_drop_schema_index(${name}::text) as dropped`);
  return row?.dropped === true;
}
