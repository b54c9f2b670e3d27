import type { Knex } from 'knex';

/**
 * Comparison and sort keys of property values with Cypher's meaning (docs/values.md). Temporal
 * values and points are stored as Neo4j's typed JSON, {"$type": T, "_value": text}; jsonb alone
 * would order them as objects and compare their text.
 *  - gas_value_kind(v): the Cypher type of a value ('MAP', 'LIST', 'POINT', 'DATETIME' (offset
 *    and zoned alike), 'LOCALDATETIME', 'DATE', 'TIME', 'LOCALTIME', 'DURATION', 'STRING',
 *    'BOOLEAN', 'NUMBER'), NULL for NULL or a jsonb null. Two values are comparable only when
 *    their kinds are equal.
 *  - gas_value_rank(v): the rank of that kind in Cypher's ORDER BY (maps first, numbers last).
 *  - gas_value_key(v): within a temporal or point kind, a numeric[] that orders the values: a
 *    date by its day, local times and datetimes by their seconds, zoned ones by instant (then
 *    local time), durations by an average length (months of 30.436875 days), points by SRID and
 *    coordinates; NULL for other values (or text that is not a temporal of its type).
 *  - gas_value_compare(a, b): -1, 0 or 1, or NULL when Cypher's < has no answer (different
 *    kinds, durations, points, maps, lists, NULL); strings by code point.
 * Written so that keys never raise: an unreadable value has a NULL key. SQL functions (inlined by
 * the planner) wrap the plpgsql parser, which only ever runs for objects. One statement per
 * knex.raw (PGlite).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`create function gas_value_kind(v jsonb) returns text
    language sql immutable parallel safe as $$
    select case jsonb_typeof(v)
      when 'string' then 'STRING'
      when 'number' then 'NUMBER'
      when 'boolean' then 'BOOLEAN'
      when 'array' then 'LIST'
      when 'object' then case
        when jsonb_typeof(v -> '_value') = 'string' and (v - '$type' - '_value') = '{}'::jsonb then case v ->> '$type'
          when 'Date' then 'DATE'
          when 'LocalDateTime' then 'LOCALDATETIME'
          when 'OffsetDateTime' then 'DATETIME'
          when 'ZonedDateTime' then 'DATETIME'
          when 'Time' then 'TIME'
          when 'LocalTime' then 'LOCALTIME'
          when 'Duration' then 'DURATION'
          when 'Point' then 'POINT'
          else 'MAP' end
        else 'MAP' end
    end
    $$`);
  await knex.raw(`create function gas_value_rank(v jsonb) returns int
    language sql immutable parallel safe as $$
    select case gas_value_kind(v)
      when 'MAP' then 0 when 'LIST' then 1 when 'POINT' then 2 when 'DATETIME' then 3 when 'LOCALDATETIME' then 4
      when 'DATE' then 5 when 'TIME' then 6 when 'LOCALTIME' then 7 when 'DURATION' then 8 when 'STRING' then 9
      when 'BOOLEAN' then 10 when 'NUMBER' then 11 end
    $$`);
  await knex.raw(`create function gas_typed_value_key(v jsonb) returns numeric[]
    language plpgsql immutable parallel safe as $$
    declare
      t text := v ->> '$type';
      s text := v ->> '_value';
      m text[];
      y bigint;
      mo int;
      d int;
      era bigint;
      yoe bigint;
      days numeric;
      tod numeric;
      off numeric := 0;
      z text;
    begin
      if jsonb_typeof(v -> '_value') is distinct from 'string' or (v - '$type' - '_value') <> '{}'::jsonb then
        return null;
      end if;
      if t = 'Duration' then
        -- (No question marks anywhere: knex turns them into bindings.)
        if s !~ '^P(-{0,1}[0-9]+(\\.[0-9]+){0,1}Y){0,1}(-{0,1}[0-9]+(\\.[0-9]+){0,1}M){0,1}(-{0,1}[0-9]+(\\.[0-9]+){0,1}W){0,1}(-{0,1}[0-9]+(\\.[0-9]+){0,1}D){0,1}(T(-{0,1}[0-9]+(\\.[0-9]+){0,1}H){0,1}(-{0,1}[0-9]+(\\.[0-9]+){0,1}M){0,1}(-{0,1}[0-9]+(\\.[0-9]+){0,1}S){0,1}){0,1}$' then
          return null;
        end if;
        z := split_part(s, 'T', 1);
        s := split_part(s, 'T', 2);
        days := coalesce(substring(z from '(-{0,1}[0-9]+(\\.[0-9]+){0,1})Y')::numeric, 0) * 12 + coalesce(substring(z from '(-{0,1}[0-9]+(\\.[0-9]+){0,1})M')::numeric, 0);
        tod := coalesce(substring(z from '(-{0,1}[0-9]+(\\.[0-9]+){0,1})W')::numeric, 0) * 7 + coalesce(substring(z from '(-{0,1}[0-9]+(\\.[0-9]+){0,1})D')::numeric, 0);
        off := coalesce(substring(s from '(-{0,1}[0-9]+(\\.[0-9]+){0,1})H')::numeric, 0) * 3600
          + coalesce(substring(s from '(-{0,1}[0-9]+(\\.[0-9]+){0,1})M')::numeric, 0) * 60
          + coalesce(substring(s from '(-{0,1}[0-9]+(\\.[0-9]+){0,1})S')::numeric, 0);
        return array[days * 2629746 + tod * 86400 + off, days, tod, off];
      end if;
      if t = 'Point' then
        m := regexp_match(s, '^SRID=([0-9]+);\\s*POINT\\s*Z{0,1}\\s*\\(\\s*([-+]{0,1}[0-9]+\\.{0,1}[0-9]*[eE]{0,1}[-+]{0,1}[0-9]*)\\s+([-+]{0,1}[0-9]+\\.{0,1}[0-9]*[eE]{0,1}[-+]{0,1}[0-9]*)(\\s+[-+]{0,1}[0-9]+\\.{0,1}[0-9]*[eE]{0,1}[-+]{0,1}[0-9]*){0,1}\\s*\\)$');
        if m is null then
          return null;
        end if;
        begin
          return array[m[1]::numeric, m[2]::numeric, m[3]::numeric, trim(m[4])::numeric];
        exception when others then
          return null;
        end;
      end if;
      -- Groups: 1 year, 2 month, 3 day, 4 hour, 5 minute, 6 second, 7 offset (Z, +hh:mm, +hh:mm:ss).
      if t in ('Time', 'LocalTime') then
        m := regexp_match(s, '^()()()T{0,1}([0-9]{2}):([0-9]{2}):{0,1}([0-9]{2}\\.{0,1}[0-9]*|)(Z|[-+][0-9]{2}:{0,1}[0-9]{2}:{0,1}[0-9]{0,2}|)$');
      elsif t in ('Date', 'LocalDateTime', 'OffsetDateTime', 'ZonedDateTime') then
        m := regexp_match(s, '^([-+]{0,1}[0-9]{4,9})-([0-9]{2})-([0-9]{2})T{0,1}([0-9]{0,2}):{0,1}([0-9]{0,2}):{0,1}([0-9]{2}\\.{0,1}[0-9]*|)(Z|[-+][0-9]{2}:{0,1}[0-9]{2}:{0,1}[0-9]{0,2}|)(\\[[^]]+\\]|)$');
      else
        return null;
      end if;
      if m is null then
        return null;
      end if;
      tod := coalesce(nullif(m[4], '')::numeric, 0) * 3600 + coalesce(nullif(m[5], '')::numeric, 0) * 60 + coalesce(nullif(m[6], '')::numeric, 0);
      z := replace(coalesce(nullif(m[7], ''), 'Z'), ':', '');
      if z <> 'Z' then
        off := (substr(z, 2, 2)::numeric * 3600 + substr(z, 4, 2)::numeric * 60 + coalesce(nullif(substr(z, 6, 2), '')::numeric, 0))
          * case when left(z, 1) = '-' then -1 else 1 end;
      end if;
      if t = 'LocalTime' then
        return array[tod];
      end if;
      if t = 'Time' then
        return array[tod - off, tod];
      end if;
      -- Days since 1970-01-01 in the proleptic Gregorian calendar (ISO years, year 0 included).
      y := m[1]::bigint;
      mo := m[2]::int;
      d := m[3]::int;
      if mo <= 2 then
        y := y - 1;
      end if;
      era := case when y >= 0 then y / 400 else (y - 399) / 400 end;
      yoe := y - era * 400;
      days := era * 146097 + yoe * 365 + yoe / 4 - yoe / 100 + (153 * (mo + case when mo > 2 then -3 else 9 end) + 2) / 5 + d - 1 - 719468;
      if t = 'Date' then
        return array[days];
      end if;
      if t = 'LocalDateTime' then
        return array[days * 86400 + tod];
      end if;
      return array[days * 86400 + tod - off, days * 86400 + tod];
    end
    $$`);
  await knex.raw(`create function gas_value_key(v jsonb) returns numeric[]
    language sql immutable parallel safe as $$
    select case when jsonb_typeof(v) = 'object' then gas_typed_value_key(v) end
    $$`);
  await knex.raw(`create function gas_value_compare(a jsonb, b jsonb) returns int
    language plpgsql immutable parallel safe as $$
    declare
      ka text := gas_value_kind(a);
      kb text := gas_value_kind(b);
      x numeric[];
      y numeric[];
    begin
      if ka is null or kb is null or ka <> kb then
        return null;
      end if;
      if ka = 'NUMBER' then
        return sign((a #>> '{}')::numeric - (b #>> '{}')::numeric)::int;
      end if;
      if ka = 'STRING' then
        return case when (a #>> '{}') collate "C" < (b #>> '{}') collate "C" then -1 when (a #>> '{}') = (b #>> '{}') then 0 else 1 end;
      end if;
      if ka = 'BOOLEAN' then
        return case when a = b then 0 when a = 'false'::jsonb then -1 else 1 end;
      end if;
      if ka in ('DATE', 'LOCALDATETIME', 'DATETIME', 'TIME', 'LOCALTIME') then
        x := gas_typed_value_key(a);
        y := gas_typed_value_key(b);
        if x is null or y is null then
          return null;
        end if;
        return sign(x[1] - y[1])::int;
      end if;
      return null;
    end
    $$`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop function if exists gas_value_compare(jsonb, jsonb)');
  await knex.raw('drop function if exists gas_value_key(jsonb)');
  await knex.raw('drop function if exists gas_typed_value_key(jsonb)');
  await knex.raw('drop function if exists gas_value_rank(jsonb)');
  await knex.raw('drop function if exists gas_value_kind(jsonb)');
}
