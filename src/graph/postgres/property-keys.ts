import type { Filter } from '../graph-store';
import type { QueryRunner } from './runner';
import type { ScopeSql } from './sql-filter';
import type { Sql } from './sql';
import { and, FALSE, join, literal, sql } from './sql';

/** Matches whose keys are read as they are before the other candidates are probed. */
const SAMPLE_ROWS = 100;

/**
 * The union of the visible property keys of the nodes matching `where` (the CSV export's column
 * set), without reading every match (issue 24: one pass over the keys of 1M nodes took about 1 s,
 * the export's first byte waited for it). The candidates come from the key catalog
 * graph_property_keys (migration 20261127120000: every key a node with that label has carried,
 * never pruned), narrowed to the labels a match must carry; a key the reader's property rules hide
 * on every node is dropped before any probe; the visible keys of the first SAMPLE_ROWS matches are
 * taken as they are (one statement, which also runs the filter before the export's header is
 * sent: a bad one fails as a problem), and each remaining candidate is confirmed by one existence
 * probe over the same scoped, filtered matches (ScopeSql.nodeHasProperty), so the answer is
 * exactly the set a pass over the matches gives. A probe stops at its first match; a candidate no
 * match carries any more costs a scan of the matches.
 */
export async function nodePropertyKeysByCatalog(
  runner: QueryRunner,
  s: ScopeSql,
  where: Sql,
  rowRules: Array<Filter | undefined>,
): Promise<string[]> {
  if (where === FALSE) return [];
  const sets = labelConstraints(rowRules, s.labelList);
  const candidates = await catalogKeys(runner, sets);
  // The keys of the first matches are in the answer as they are; only the other candidates are
  // probed. A probe under a filter served by an index builds that index's bitmap of the matches
  // each time (15 to 45 ms for 171,632 of 1M nodes): one per key would grow with the keys.
  const sample = await runner.one<{ keys: string[] }>(
    sql`select coalesce(array_agg(distinct d.k), '{}') as keys from (select jsonb_object_keys(${s.nodeProperties('n')}) as k from (select n.labels, n.properties from graph_nodes n where ${where} limit ${SAMPLE_ROWS}::int) n) d`,
  );
  const found = new Set(sample?.keys ?? []);
  const probes = candidates.flatMap((key) => {
    if (found.has(key)) return [];
    const has = s.nodeHasProperty('n', key);
    return has === FALSE ? [] : [sql`case when exists (select 1 from graph_nodes n where ${and([where, has])}) then ${literal(key)} end`];
  });
  if (probes.length === 0) return [...found];
  const row = await runner.one<{ keys: string[] }>(sql`select array_remove(array[${join(probes, ', ')}]::text[], null) as keys`);
  return [...found, ...(row?.keys ?? [])];
}

/**
 * The catalog's keys under which every match is listed: for each constraint (a set of labels of
 * which a match carries at least one), the keys of those labels, intersected over the
 * constraints; every key when nothing fixes a label (nodes without labels are listed under '').
 */
async function catalogKeys(runner: QueryRunner, sets: string[][]): Promise<string[]> {
  if (sets.length === 0) {
    const rows = await runner.rows<{ key: string }>(sql`select distinct key from graph_property_keys`);
    return rows.map((r) => r.key);
  }
  const parts = sets.map((labels) => sql`select distinct key from graph_property_keys where label = any(${labels}::text[])`);
  const rows = await runner.rows<{ key: string }>(join(parts, ' intersect '));
  return rows.map((r) => r.key);
}

/**
 * Sets of labels every match must take one from: the visible labels of a restricted reader, and
 * what the user's filter and the reader's row rule fix (labelsOf). Smaller sets first, at most three.
 */
export function labelConstraints(rules: Array<Filter | undefined>, visibleLabels: string[] | null): string[][] {
  const sets: string[][] = [];
  if (visibleLabels !== null) sets.push([...visibleLabels]);
  for (const rule of rules) {
    const labels = rule === undefined ? null : labelsOf(rule);
    if (labels !== null) sets.push([...labels]);
  }
  return sets.sort((a, b) => a.length - b.length).slice(0, 3);
}

/**
 * The labels of which a node matching `filter` carries at least one, or null when the filter
 * does not fix any. `and`: the smallest fixed set of its parts (a match carries a label of each,
 * so each is an answer); `or`: the union of its parts' sets (null when one part fixes none);
 * `not` and property conditions fix none.
 */
export function labelsOf(filter: Filter): Set<string> | null {
  if ('label' in filter) return new Set([filter.label]);
  if ('and' in filter) {
    let best: Set<string> | null = null;
    for (const part of filter.and) {
      const labels = labelsOf(part);
      if (labels !== null && (best === null || labels.size < best.size)) best = labels;
    }
    return best;
  }
  if ('or' in filter) {
    const union = new Set<string>();
    for (const part of filter.or) {
      const labels = labelsOf(part);
      if (labels === null) return null;
      labels.forEach((l) => union.add(l));
    }
    return union;
  }
  return null;
}
