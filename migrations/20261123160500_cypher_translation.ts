import type { Knex } from 'knex';

/**
 * Support of the Cypher-to-SQL translation (src/graph/postgres/cypher): Cypher's arithmetic on
 * jsonb values, and one function that stops a statement with a chosen SQLSTATE, for what the translation can only judge once it sees the
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
  // Cypher's + - * / % on jsonb values: integers (64-bit, an overflow is an error) stay integers,
  // with a float the result is a float (float8, written with a fraction part so it stays one);
  // + also joins strings (with an integer's digits) and lists. p_at names the operator's position
  // for messages. What Neo4j answers differently from a plain SQL operation (a float divided by
  // zero is Infinity there, a float remainder, a string with a float or boolean) is GCY01.
  await knex.raw(`create function gas_cypher_arithmetic(p_op text, p_a jsonb, p_b jsonb, p_at text) returns jsonb
    language plpgsql volatile as $$
    declare
      ta text := jsonb_typeof(p_a);
      tb text := jsonb_typeof(p_b);
      ia boolean;
      ib boolean;
      r numeric;
      f float8;
      t text;
    begin
      if p_a is null or p_b is null then
        return null;
      end if;
      ia := ta = 'number' and p_a::text ~ '^-{0,1}[0-9]{1,19}$' and p_a::text::numeric between -9223372036854775808 and 9223372036854775807;
      ib := tb = 'number' and p_b::text ~ '^-{0,1}[0-9]{1,19}$' and p_b::text::numeric between -9223372036854775808 and 9223372036854775807;
      if p_op = '+' and (ta = 'array' or tb = 'array') then
        return p_a || p_b;
      end if;
      if p_op = '+' and (ta = 'string' or tb = 'string') then
        if ta = 'string' and tb = 'string' then
          return to_jsonb((p_a #>> '{}') || (p_b #>> '{}'));
        elsif ta = 'string' and ib then
          return to_jsonb((p_a #>> '{}') || p_b::text);
        elsif tb = 'string' and ia then
          return to_jsonb(p_a::text || (p_b #>> '{}'));
        end if;
        raise exception using errcode = 'GCY01', message = 'Joining a string with this value (at ' || p_at || ') is not supported by Cypher on the PostgreSQL backend';
      end if;
      if ta <> 'number' or tb <> 'number' then
        raise exception using errcode = 'GCY02', message = 'Type mismatch: the operator ' || p_op || ' (at ' || p_at || ') expects numbers';
      end if;
      if ia and ib then
        if p_op in ('/', '%') and p_b::text::numeric = 0 then
          raise exception using errcode = 'GCY02', message = '/ by zero (at ' || p_at || ')';
        end if;
        r := case p_op
          when '+' then p_a::text::numeric + p_b::text::numeric
          when '-' then p_a::text::numeric - p_b::text::numeric
          when '*' then p_a::text::numeric * p_b::text::numeric
          when '/' then div(p_a::text::numeric, p_b::text::numeric)
          when '%' then mod(p_a::text::numeric, p_b::text::numeric)
        end;
        if r < -9223372036854775808 or r > 9223372036854775807 then
          raise exception using errcode = 'GCY02', message = 'integer overflow (at ' || p_at || ')';
        end if;
        return to_jsonb(r);
      end if;
      if p_op = '%' or (p_op = '/' and p_b::text::float8 = 0) then
        raise exception using errcode = 'GCY01', message = 'The operator ' || p_op || ' on these floating point numbers (at ' || p_at || ') is not supported by Cypher on the PostgreSQL backend';
      end if;
      f := case p_op
        when '+' then p_a::text::float8 + p_b::text::float8
        when '-' then p_a::text::float8 - p_b::text::float8
        when '*' then p_a::text::float8 * p_b::text::float8
        when '/' then p_a::text::float8 / p_b::text::float8
      end;
      t := to_jsonb(f)::text;
      if t ~ '^-{0,1}[0-9]+$' then
        t := t || '.0';
      end if;
      return t::jsonb;
    end
    $$`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`drop function if exists gas_cypher_arithmetic(text, jsonb, jsonb, text)`);
  await knex.raw(`drop function if exists gas_cypher_raise(text, text, anyelement)`);
}
