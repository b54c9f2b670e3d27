import type { Knex } from 'knex';

/**
 * gas_cypher_arithmetic_checked(op, a, b, at): Cypher's + - * / % on PostgreSQL
 * (gas_cypher_arithmetic), refused (GCY01) when an operand is a date, time, duration or point known
 * only when the query runs (docs/values.md: such arithmetic is computed only for values known when
 * translating). The translator used to write this check around every operation with each operand
 * written twice, so `a + b + c + ...` grew twice as large with each term, beyond what a statement can
 * carry; with the check here each operand is written once (issue 22).
 * One statement per knex.raw (PGlite); no question mark in the text (knex would take it for a binding).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`create function gas_cypher_arithmetic_checked(p_op text, p_a jsonb, p_b jsonb, p_at text) returns jsonb
    language plpgsql volatile as $$
    begin
      if (jsonb_typeof(p_a) = 'object' and gas_value_kind(p_a) <> 'MAP') or (jsonb_typeof(p_b) = 'object' and gas_value_kind(p_b) <> 'MAP') then
        raise exception using errcode = 'GCY01', message = 'The operator ' || p_op || ' on a temporal or spatial value known only when the query runs (at ' || p_at || ') is not supported by Cypher on the PostgreSQL backend';
      end if;
      return gas_cypher_arithmetic(p_op, p_a, p_b, p_at);
    end $$`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`drop function if exists gas_cypher_arithmetic_checked(text, jsonb, jsonb, text)`);
}
