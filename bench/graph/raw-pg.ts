/**
 * The hand-written side of bench:graph on PostgreSQL (issue 24, "honest baselines"): each answer
 * by the best statement a person writes for this data set, sent through `pg` directly (never
 * knex, the product's own query layer) as a NAMED prepared statement (`{ name, text, values }`),
 * so the server plans it once per connection, as the product's prepared statements are.
 *
 * Two pools: `plain` for the scans (text search, frequency, export), `serial` for the small index
 * walks (find, explore, shortest paths) with parallel query off, as an expert runs them (the
 * planner otherwise gave the hub walk a Parallel Append whose workers started slower than the
 * serial walk; the product keeps those statements serial itself).
 *
 * The restricted user's rules are written by hand for this data set: `labels && '{Person}'`,
 * `properties->>'city' = any($cities)`, `type = 'KNOWS'`, `properties->'since' >= '1980'`,
 * `properties - 'age'`.
 */
import { Pool } from 'pg';
import type { QueryConfig } from 'pg';

/** A statement as sent (and as EXPLAINed when its ratio is over target). */
export interface Statement {
  name: string;
  text: string;
  values: unknown[];
}

const NODE_JSON = (a: string, restricted: boolean) =>
  `json_build_object('id', ${a}.id::text, 'labels', ${a}.labels, 'properties', ${restricted ? `${a}.properties - 'age'` : `${a}.properties`})`;
const REL_JSON = `json_build_object('id', r.id::text, 'type', r.type, 'startNodeId', r.start_id::text, 'endNodeId', r.end_id::text, 'properties', r.properties)`;

export class RawPg {
  readonly plain: Pool;
  readonly serial: Pool;
  /** The last statement of each operation (by the caller's key), for EXPLAIN (ANALYZE, BUFFERS). */
  readonly last = new Map<string, Statement[]>();
  private recording: Statement[] | null = null;

  constructor(
    connectionString: string,
    private readonly cities: string[],
    private readonly sinceMin: number,
  ) {
    this.plain = new Pool({ connectionString, max: 2 });
    this.serial = new Pool({ connectionString, max: 2, options: '-c max_parallel_workers_per_gather=0' });
  }

  async close(): Promise<void> {
    await Promise.all([this.plain.end(), this.serial.end()]);
  }

  /** Runs `work` while recording the statements it sends (for the plans). */
  async record<T>(work: () => Promise<T>): Promise<Statement[]> {
    this.recording = [];
    try {
      await work();
      return this.recording;
    } finally {
      this.recording = null;
    }
  }

  private async run<Row>(pool: Pool, statement: Statement): Promise<Row[]> {
    this.recording?.push(statement);
    const config: QueryConfig = { name: statement.name, text: statement.text, values: statement.values };
    return (await pool.query(config)).rows as Row[];
  }

  private nodeOk(a: string, p: number): string {
    return `${a}.labels && '{Person}' and ${a}.properties->>'city' = any($${p}::text[])`;
  }

  private relOk(a: string): string {
    return `${a}.type = 'KNOWS' and ${a}.properties->'since' >= '${this.sinceMin}'::jsonb`;
  }

  /**
   * The plain statement: the matches materialised first (the index lookup; a unique key needs no
   * ORDER BY id LIMIT plan, which walked the primary key at 1M nodes), then sorted, with the total.
   * With the label the schema index :Person(uid) answers; without it, the GIN index over all
   * properties through a containment test.
   */
  find(restricted: boolean, uid: string, withLabel: boolean): Promise<Array<{ id: string; total: string }>> {
    const match = withLabel
      ? `n.labels @> '{Person}' and n.properties->>'uid' = $1`
      : `n.properties @> jsonb_build_object('uid', $1::text)`;
    return this.run(this.serial, {
      name: `raw_find_${withLabel ? 'l' : 'n'}_${restricted ? 'r' : 'a'}`,
      text: `with m as materialized (select n.id, n.labels, n.properties from graph_nodes n where ${match}${restricted ? ` and ${this.nodeOk('n', 2)}` : ''})
       select m.id::text as id, m.labels, ${restricted ? `m.properties - 'age'` : 'm.properties'} as properties, count(*) over () as total
       from m order by m.id limit 100`,
      values: restricted ? [uid, this.cities] : [uid],
    });
  }

  /** The node, its first 100 visible neighbours in id order, the relationships to them, and how many there are. */
  async explore(restricted: boolean, id: number): Promise<{ nodes: number; relationships: number; total: number }> {
    const relOk = restricted ? ` and ${this.relOk('r')}` : '';
    const nodeOk = restricted ? ` and ${this.nodeOk('n', 2)}` : '';
    const [row] = await this.run<{ total: number; nodes: unknown[] | null; rels: unknown[] | null }>(this.serial, {
      name: `raw_explore_${restricted ? 'r' : 'a'}`,
      text: `with nb as (
         select r.id as rid, r.end_id as dst from graph_relationships r where r.start_id = $1${relOk}
         union all
         select r.id, r.start_id from graph_relationships r where r.end_id = $1${relOk}),
       vis as (select distinct nb.dst from nb${restricted ? ' join graph_nodes n on n.id = nb.dst' : ''} where nb.dst <> $1${nodeOk}),
       picked as (select dst from vis order by dst limit 100)
       select (select count(*) from vis)::int as total,
         (select json_agg(${NODE_JSON('n', restricted)} order by n.id) from graph_nodes n
           where n.id in (select dst from picked union all select $1::bigint)${nodeOk}) as nodes,
         (select json_agg(${REL_JSON} order by r.id) from graph_relationships r
           where r.id in (select rid from nb where dst in (select dst from picked))) as rels`,
      values: restricted ? [id, this.cities] : [id],
    });
    return { nodes: row.nodes?.length ?? 0, relationships: row.rels?.length ?? 0, total: row.total };
  }

  /**
   * All shortest paths (up to 100) of at most 6 hops, as a person writes it: a bidirectional
   * breadth-first search, one prepared statement per level (the smaller frontier expands through
   * the (start_id, type) / (end_id, type) indexes; the nodes its side has seen are left out),
   * stopping at the first level that meets the other side; the paths are put together from the
   * levels' edges in memory, then one statement reads their nodes and relationships as JSON.
   */
  async shortest(restricted: boolean, from: number, to: number, maxDepth = 6): Promise<{ paths: number; length: number }> {
    const relOk = restricted ? ` and ${this.relOk('r')}` : '';
    const step: Statement = {
      name: `raw_sp_step_${restricted ? 'r' : 'a'}`,
      text: `select e.rid::text as rid, e.src::text as src, e.dst::text as dst from (
         select r.id as rid, r.start_id as src, r.end_id as dst from graph_relationships r where r.start_id = any($1::bigint[])${relOk}
         union all
         select r.id, r.end_id, r.start_id from graph_relationships r where r.end_id = any($1::bigint[])${relOk}) e
       ${restricted ? `join graph_nodes n on n.id = e.dst and ${this.nodeOk('n', 3)}` : ''}
       where e.dst <> all($2::bigint[])`,
      values: [],
    };
    type Side = 'f' | 'b';
    const frontier: Record<Side, string[]> = { f: [String(from)], b: [String(to)] };
    const seen: Record<Side, Set<string>> = { f: new Set(frontier.f), b: new Set(frontier.b) };
    const preds: Record<Side, Map<string, Array<[string, string]>>> = { f: new Map(), b: new Map() };
    let meeting: string[] = [];
    for (let depth = 0; depth < maxDepth && meeting.length === 0; depth++) {
      const side: Side = frontier.f.length <= frontier.b.length ? 'f' : 'b';
      if (frontier[side].length === 0) break;
      const rows = await this.run<{ rid: string; src: string; dst: string }>(this.serial, {
        ...step,
        values: restricted ? [frontier[side], [...seen[side]], this.cities] : [frontier[side], [...seen[side]]],
      });
      const next = new Set<string>();
      for (const r of rows) {
        next.add(r.dst);
        const list = preds[side].get(r.dst) ?? preds[side].set(r.dst, []).get(r.dst)!;
        list.push([r.rid, r.src]);
      }
      for (const d of next) seen[side].add(d);
      frontier[side] = [...next];
      const other = side === 'f' ? 'b' : 'f';
      meeting = frontier[side].filter((d) => seen[other].has(d));
    }
    if (meeting.length === 0) return { paths: 0, length: -1 };
    const halves = (side: Side, node: string, origin: string): Array<{ n: string[]; r: string[] }> =>
      node === origin
        ? [{ n: [origin], r: [] }]
        : (preds[side].get(node) ?? []).flatMap(([rid, prev]) =>
            halves(side, prev, origin).map((h) => ({ n: [...h.n, node], r: [...h.r, rid] })),
          );
    const paths: Array<{ n: string[]; r: string[] }> = [];
    for (const m of meeting) {
      for (const h of halves('f', m, String(from)))
        for (const t of halves('b', m, String(to)))
          if (paths.length < 100) paths.push({ n: [...h.n, ...t.n.slice(0, -1).reverse()], r: [...h.r, ...t.r.reverse()] });
    }
    await this.run(this.serial, {
      name: `raw_sp_rows_${restricted ? 'r' : 'a'}`,
      text: `select (select json_agg(${NODE_JSON('n', restricted)}) from graph_nodes n where n.id = any($1::bigint[])) as nodes,
              (select json_agg(${REL_JSON}) from graph_relationships r where r.id = any($2::bigint[])) as rels`,
      values: [[...new Set(paths.flatMap((p) => p.n))], [...new Set(paths.flatMap((p) => p.r))]],
    });
    return { paths: paths.length, length: paths[0]?.r.length ?? -1 };
  }

  /**
   * Text search written independently of the product: candidates through the trigram index over
   * the string values (the schema's), confirmed by a jsonpath over the (visible) string values;
   * the first `countLimit + 1` matches in id order, the page of 20 from them.
   */
  async text(restricted: boolean, text: string, countLimit: number): Promise<{ items: number; total: number }> {
    const props = restricted ? `n.properties - 'age'` : 'n.properties';
    const rows = await this.run<{ id: string; total: string }>(this.plain, {
      name: `raw_text_${restricted ? 'r' : 'a'}`,
      text: `with m as materialized (
         select n.id, n.labels, ${props} as properties from graph_nodes n
         where gas_string_values(n.properties) ilike $1${restricted ? ` and ${this.nodeOk('n', 3)}` : ''}
           and exists (select 1 from jsonb_path_query(${props}, 'strict $.* ? (@.type() == "string")') v where v #>> '{}' ilike $1)
         order by n.id limit $2)
       select m.id::text as id, m.labels, m.properties, count(*) over () as total from m order by m.id limit 20`,
      values: restricted ? [`%${text}%`, countLimit + 1, this.cities] : [`%${text}%`, countLimit + 1],
    });
    return { items: rows.length, total: Math.min(countLimit, Number(rows[0]?.total ?? 0)) };
  }

  /** Frequency of `city`: grouped by the jsonb value (types kept), the property read once per row, the no-city group dropped after. */
  async frequency(restricted: boolean): Promise<{ top: unknown; total: number; distinct: number }> {
    const rows = await this.run<{ value: unknown; count: number; total: string; distinct: number }>(this.plain, {
      name: `raw_freq_${restricted ? 'r' : 'a'}`,
      text: `with agg as materialized (select n.properties->'city' as v, count(*) as c from graph_nodes n${restricted ? ` where ${this.nodeOk('n', 1)}` : ''} group by 1)
       select v as value, c::int as count, (sum(c) over ())::bigint as total, (count(*) over ())::int as distinct
       from agg where v is not null order by c desc, v limit 20`,
      values: restricted ? [this.cities] : [],
    });
    return { top: rows[0]?.value, total: Number(rows[0]?.total ?? 0), distinct: rows[0]?.distinct ?? 0 };
  }

  /** The statements of the CSV export baseline (bench/graph/export-http.ts): the column set, then the rows. */
  exportStatements(restricted: boolean, city: string | null): { keys: Statement; rows: (keys: string[]) => Statement } {
    const props = restricted ? `n.properties - 'age'` : 'n.properties';
    const where = [
      city === null ? '' : `n.properties @> jsonb_build_object('city', $1::text)`,
      restricted ? this.nodeOk('n', city === null ? 1 : 2) : '',
    ]
      .filter((c) => c !== '')
      .join(' and ');
    const values = [...(city === null ? [] : [city]), ...(restricted ? [this.cities] : [])];
    const tag = `${restricted ? 'r' : 'a'}_${city === null ? 'all' : 'city'}`;
    return {
      keys: {
        name: `raw_export_keys_${tag}`,
        // The distinct keys hashed, then the few sorted (array_agg(distinct) sorted every key of every match: 2x slower).
        text: `select coalesce(array_agg(d.k order by d.k), '{}') as keys from (select distinct jsonb_object_keys(${props}) as k from graph_nodes n${where ? ` where ${where}` : ''}) d`,
        values,
      },
      // One text column per property (->> gives strings as they are, numbers as digits, lists
      // and maps as JSON: the CSV field itself), keys bound as a parameter array.
      rows: (keys) => ({
        name: `raw_export_rows_${tag}`,
        text: `select n.id::text as id, array_to_string(n.labels, ';') as labels,
           array(select ${props} ->> k from unnest($${values.length + 1}::text[]) with ordinality u(k, i) order by i) as vals
         from graph_nodes n${where ? ` where ${where}` : ''} order by n.id`,
        values: [...values, keys],
      }),
    };
  }
}
