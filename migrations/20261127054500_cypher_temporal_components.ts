import type { Knex } from 'knex';

/**
 * gas_temporal_component(v, key): a component of a temporal value or point known only when a
 * Cypher query runs (`n.born.year`, `d.epochMillis`, `p.x`) on PostgreSQL, from its typed JSON
 * (docs/values.md: {"$type": T, "_value": canonical text}) with Neo4j's meaning (ISO weeks,
 * durations' components truncated toward zero as Java's long division, offsets in seconds). The
 * translator computes the components of values known when translating itself
 * (src/graph/postgres/cypher/functions/temporal-ops.ts); both must agree (test/api/cypher-temporal.test.ts).
 * A key the type does not have is the query's error (GCY02); a value the function cannot read
 * (text outside the canonical forms, years outside 1 to 9999) is refused (GCY01), never guessed.
 * One statement per knex.raw (PGlite); no question mark in the text (knex would take it for a binding).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`create function gas_temporal_component(p_v jsonb, p_key text) returns jsonb
    language plpgsql immutable as $$
    declare
      t text := p_v ->> '$type';
      s text := p_v ->> '_value';
      m text[];
      d date;
      tm text;
      nano bigint := 0;
      secs bigint := 0;
      off int;
      zone text;
      months bigint;
      days bigint;
      total numeric;
      coords text[];
    begin
      if t = 'Duration' then
        m := regexp_match(s, '^P((-{0,1}[0-9]+)Y){0,1}((-{0,1}[0-9]+)M){0,1}((-{0,1}[0-9]+)D){0,1}(T((-{0,1}[0-9]+)H){0,1}((-{0,1}[0-9]+)M){0,1}((-{0,1})([0-9]+)([.]([0-9]{1,9})){0,1}S){0,1}){0,1}$');
        if m is null then
          raise exception using errcode = 'GCY01', message = 'A duration written ' || s || ' is not read by Cypher on the PostgreSQL backend';
        end if;
        months := coalesce(m[2]::bigint, 0) * 12 + coalesce(m[4]::bigint, 0);
        days := coalesce(m[6]::bigint, 0);
        total := coalesce(m[9]::numeric, 0) * 3600 + coalesce(m[11]::numeric, 0) * 60
          + (case when m[13] = '-' then -1 else 1 end) * (coalesce(m[14]::numeric, 0) + coalesce(rpad(m[16], 9, '0')::numeric, 0) / 1000000000);
        secs := floor(total);
        nano := ((total - secs) * 1000000000)::bigint;
        return to_jsonb(case p_key
          when 'years' then trunc(months / 12.0)
          when 'quarters' then trunc(months / 3.0)
          when 'months' then months
          when 'weeks' then trunc(days / 7.0)
          when 'days' then days
          when 'hours' then trunc(secs / 3600.0)
          when 'minutes' then trunc(secs / 60.0)
          when 'seconds' then secs
          when 'milliseconds' then secs * 1000 + nano / 1000000
          when 'microseconds' then secs * 1000000 + nano / 1000
          when 'nanoseconds' then secs * 1000000000 + nano
          when 'quartersOfYear' then trunc((months % 12) / 3.0)
          when 'monthsOfQuarter' then months % 3
          when 'monthsOfYear' then months % 12
          when 'daysOfWeek' then days % 7
          when 'minutesOfHour' then trunc(secs / 60.0)::bigint % 60
          when 'secondsOfMinute' then secs % 60
          when 'millisecondsOfSecond' then nano / 1000000
          when 'microsecondsOfSecond' then nano / 1000
          when 'nanosecondsOfSecond' then nano
          else gas_cypher_raise('GCY02', 'A duration has no component ' || p_key, null::numeric) end);
      end if;
      if t = 'Point' then
        m := regexp_match(s, '^SRID=([0-9]+);POINT (Z ){0,1}[(]([^ )]+) ([^ )]+)( ([^ )]+)){0,1}[)]$');
        if m is null then
          raise exception using errcode = 'GCY01', message = 'A point written ' || s || ' is not read by Cypher on the PostgreSQL backend';
        end if;
        coords := array[m[3], m[4], m[6]];
        return case
          when p_key = 'srid' then to_jsonb(m[1]::int)
          when p_key = 'crs' then to_jsonb(case m[1] when '7203' then 'cartesian' when '9157' then 'cartesian-3d' when '4326' then 'wgs-84' when '4979' then 'wgs-84-3d' end)
          when p_key in ('x', 'y', 'z', 'longitude', 'latitude', 'height') and (p_key in ('x', 'y', 'z') = m[1] in ('7203', '9157')) then
            (select case when c is null then gas_cypher_raise('GCY02', 'This point has no component ' || p_key, null::jsonb)
              when c ~ '^-{0,1}[0-9]+$' then (c || '.0')::jsonb else c::jsonb end
             from (select coords[case when p_key in ('x', 'longitude') then 1 when p_key in ('y', 'latitude') then 2 else 3 end] c) gas_c)
          else gas_cypher_raise('GCY02', 'A point has no component ' || p_key, null::jsonb) end;
      end if;
      if t not in ('Date', 'LocalTime', 'Time', 'LocalDateTime', 'OffsetDateTime', 'ZonedDateTime') or s is null then
        raise exception using errcode = 'GCY02', message = 'Type mismatch: property access .' || p_key || ' on a value that is not a map, node or relationship';
      end if;
      if t in ('Date', 'LocalDateTime', 'OffsetDateTime', 'ZonedDateTime') then
        m := regexp_match(s, '^([0-9]{4})-([0-9]{2})-([0-9]{2})(T(.*)){0,1}$');
        if m is null or m[1]::int < 1 then
          raise exception using errcode = 'GCY01', message = 'A date written ' || s || ' is not read by Cypher on the PostgreSQL backend';
        end if;
        d := make_date(m[1]::int, m[2]::int, m[3]::int);
        tm := m[5];
        case p_key
          when 'year' then return to_jsonb(extract(year from d)::int);
          when 'quarter' then return to_jsonb(extract(quarter from d)::int);
          when 'month' then return to_jsonb(extract(month from d)::int);
          when 'week' then return to_jsonb(extract(week from d)::int);
          when 'weekYear' then return to_jsonb(extract(isoyear from d)::int);
          when 'day' then return to_jsonb(extract(day from d)::int);
          when 'ordinalDay' then return to_jsonb(extract(doy from d)::int);
          when 'weekDay', 'dayOfWeek' then return to_jsonb(extract(isodow from d)::int);
          when 'dayOfQuarter' then return to_jsonb(d - date_trunc('quarter', d)::date + 1);
          else null;
        end case;
        if t = 'Date' then
          raise exception using errcode = 'GCY02', message = 'A date has no component ' || p_key;
        end if;
      else
        tm := s;
      end if;
      m := regexp_match(tm, '^([0-9]{2}):([0-9]{2})(:([0-9]{2})([.]([0-9]{1,9})){0,1}){0,1}(Z|[+-][0-9]{2}:[0-9]{2}(:[0-9]{2}){0,1}){0,1}([[](.+)[]]){0,1}$');
      if m is null then
        raise exception using errcode = 'GCY01', message = 'A time written ' || s || ' is not read by Cypher on the PostgreSQL backend';
      end if;
      nano := coalesce(rpad(m[6], 9, '0')::bigint, 0);
      off := case when m[7] is null or m[7] = 'Z' then 0
        else (case when left(m[7], 1) = '-' then -1 else 1 end) * (substr(m[7], 2, 2)::int * 3600 + substr(m[7], 5, 2)::int * 60 + coalesce(nullif(substr(m[7], 8, 2), '')::int, 0)) end;
      zone := m[10];
      case p_key
        when 'hour' then return to_jsonb(m[1]::int);
        when 'minute' then return to_jsonb(m[2]::int);
        when 'second' then return to_jsonb(coalesce(m[4]::int, 0));
        when 'millisecond' then return to_jsonb(nano / 1000000);
        when 'microsecond' then return to_jsonb(nano / 1000);
        when 'nanosecond' then return to_jsonb(nano);
        else null;
      end case;
      if t in ('Time', 'OffsetDateTime', 'ZonedDateTime') then
        case p_key
          when 'timezone' then return to_jsonb(coalesce(zone, m[7]));
          when 'offset' then return to_jsonb(m[7]);
          when 'offsetMinutes' then return to_jsonb(trunc(off / 60.0)::int);
          when 'offsetSeconds' then return to_jsonb(off);
          else null;
        end case;
      end if;
      if t in ('OffsetDateTime', 'ZonedDateTime') and p_key in ('epochSeconds', 'epochMillis') then
        secs := (d - date '1970-01-01')::bigint * 86400 + m[1]::bigint * 3600 + m[2]::bigint * 60 + coalesce(m[4]::bigint, 0) - off;
        return to_jsonb(case when p_key = 'epochSeconds' then secs else secs * 1000 + nano / 1000000 end);
      end if;
      raise exception using errcode = 'GCY02', message = 'A ' || t || ' has no component ' || p_key;
    end
    $$`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop function if exists gas_temporal_component(jsonb, text)');
}
