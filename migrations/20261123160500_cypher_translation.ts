import type { Knex } from 'knex';

/**
 * Support of the Cypher-to-SQL translation (src/graph/postgres/cypher): one function that stops a
 * statement with a chosen SQLSTATE, for what the translation can only judge once it sees the
 * values (a comparison of two lists, a type error). GCY01: a construct the translation does not
 * support for these values (400 CYPHER_UNSUPPORTED); GCY02: a type error of the query (400
 * CYPHER_ERROR, as Neo4j answers it). Volatile, so the planner never evaluates it ahead of time
 * in a branch the data never reaches. p_type only gives the result type (call it with a typed
 * null). One statement per knex.raw (PGlite).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`create function gas_cypher_raise(p_code text, p_message text, p_type anyelement) returns anyelement
    language plpgsql volatile as $$
    begin
      raise exception using errcode = p_code, message = p_message;
    end
    $$`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`drop function if exists gas_cypher_raise(text, text, anyelement)`);
}
