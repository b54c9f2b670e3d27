import type { Knex } from 'knex';

/**
 * Cypher's equality of lists and maps that hold null (src/graph/postgres/cypher): three-valued,
 * element by element. Lists of different lengths, maps with different keys or values of different
 * types are unequal (false) whatever the nulls; otherwise a pair that is unequal makes false, and
 * a null anywhere (with no unequal pair) makes null; numbers compare by value (1 = 1.0). SQL NULL
 * or a jsonb null on either side gives null. jsonb's own = says [null] = [null] and {k: null} =
 * {k: null}, where Cypher answers null (TCK List3, Comparison1 [6] [7]).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`create function gas_cypher_equals(p_a jsonb, p_b jsonb) returns boolean
    language plpgsql immutable as $$
    declare
      ta text := jsonb_typeof(p_a);
      tb text := jsonb_typeof(p_b);
      result boolean := true;
      element boolean;
      key text;
    begin
      if p_a is null or p_b is null or ta = 'null' or tb = 'null' then
        return null;
      end if;
      if ta <> tb then
        return false;
      end if;
      if ta = 'array' then
        if jsonb_array_length(p_a) <> jsonb_array_length(p_b) then
          return false;
        end if;
        for i in 0 .. jsonb_array_length(p_a) - 1 loop
          element := gas_cypher_equals(p_a -> i, p_b -> i);
          if element is false then
            return false;
          end if;
          if element is null then
            result := null;
          end if;
        end loop;
        return result;
      end if;
      if ta = 'object' then
        if (select coalesce(array_agg(k order by k), '{}') from jsonb_object_keys(p_a) k) <> (select coalesce(array_agg(k order by k), '{}') from jsonb_object_keys(p_b) k) then
          return false;
        end if;
        for key in select jsonb_object_keys(p_a) loop
          element := gas_cypher_equals(p_a -> key, p_b -> key);
          if element is false then
            return false;
          end if;
          if element is null then
            result := null;
          end if;
        end loop;
        return result;
      end if;
      return p_a = p_b;
    end
    $$`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop function if exists gas_cypher_equals(jsonb, jsonb)');
}
