import { BadRequestError, NotFoundError } from '../../errors';
import type { ExploreQuery, ExploreResult, GraphId, GraphNode, GraphPath, GraphRelationship, PathQuery } from '../graph-store';
import { aggregatedRelationships } from './aggregated-reads';
import { fetchGraph, fetchNodes, labelCondition, typeCondition } from './reads';
import type { QueryRunner } from './runner';
import { toNode, toRelationship } from './runner';
import type { Sql } from './sql';
import { and, FALSE, isValidId, join, SERIAL, sql, TRUE, validIds } from './sql';
import type { ScopeSql } from './sql-filter';

/**
 * Traversals. Every step only walks relationships passing the scope's own rule (type, filter)
 * into nodes passing the node rule, so hidden nodes and relationships are never crossed.
 */

type Direction = 'in' | 'out' | 'both';

function direction(value: unknown): Direction {
  if (value === undefined) return 'both';
  if (value === 'in' || value === 'out' || value === 'both') return value;
  throw new BadRequestError('direction is one of in, out, both', 'INVALID_DIRECTION');
}

function positiveInt(value: unknown, fallback: number, max: number, name: string): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1)
    throw new BadRequestError(`${name} must be a positive integer`, 'INVALID_QUERY');
  return Math.min(value, max);
}

/** One step from the nodes of `from` (an SQL expression of bigint): rows (rid, src, dst). */
function stepSql(scope: ScopeSql, dir: Direction, from: Sql, types: string[] | undefined): Sql {
  const own = (alias: string) => and([scope.relationshipOwnVisible(alias), typeCondition(scope, alias, types)]);
  const parts: Sql[] = [];
  if (dir === 'out' || dir === 'both')
    parts.push(
      sql`select r.id as rid, r.start_id as src, r.end_id as dst from graph_relationships r where r.start_id = ${from} and ${own('r')}`,
    );
  if (dir === 'in' || dir === 'both')
    parts.push(
      sql`select r.id as rid, r.end_id as src, r.start_id as dst from graph_relationships r where r.end_id = ${from} and ${own('r')}`,
    );
  return join(parts, ' union all ');
}

export async function directRelationships(
  runner: QueryRunner,
  scope: ScopeSql,
  a: GraphId[],
  b: GraphId[],
  types?: string[],
): Promise<GraphRelationship[]> {
  const typeSql = typeCondition(scope, 'r', types);
  const ia = validIds(a);
  const ib = validIds(b);
  if (ia.length === 0 || ib.length === 0 || typeSql === FALSE) return [];
  // One json aggregate (aggregated-reads.ts): the relationships among a canvas's 5,000 nodes are thousands of rows.
  return aggregatedRelationships(
    runner,
    scope,
    'r',
    sql`from graph_relationships r
    where ((r.start_id = any(${ia}::bigint[]) and r.end_id = any(${ib}::bigint[])) or (r.start_id = any(${ib}::bigint[]) and r.end_id = any(${ia}::bigint[])))
      and ${typeSql} and ${scope.relationshipVisible('r')} and ${SERIAL}`,
    undefined,
    { prepared: false },
  );
}

export async function explore(runner: QueryRunner, scope: ScopeSql, query: ExploreQuery): Promise<ExploreResult> {
  const dir = direction(query.direction);
  const limit = positiveInt(query.limit, 100, 100000, 'limit');
  const skip = query.skip ?? 0;
  if (!Number.isInteger(skip) || skip < 0) throw new BadRequestError('skip must be a non-negative integer', 'INVALID_SKIP');
  // An absent, malformed or invisible node is not found (the same on every backend).
  if (!isValidId(query.nodeId)) throw new NotFoundError('Node');
  const c = sql`${query.nodeId}::bigint`;
  // The neighbour rows are only joined when a node rule or a label condition needs them (the
  // foreign keys guarantee that both ends exist).
  const neighbourRule = and([scope.nodeVisible('n'), labelCondition(scope, 'n', query.labels)]);
  if (neighbourRule === FALSE) {
    const center = await fetchNodes(runner, scope, [query.nodeId]);
    if (center.length === 0) throw new NotFoundError('Node');
    return { nodes: center, relationships: [], remaining: 0 };
  }
  // One statement: the centre (visible, else not found), the page of distinct visible neighbours
  // in id order with their total, the neighbours and the relationships to them, projected.
  const rows = await runner.prepared<{
    kind: 'n' | 'r' | 't';
    id: string;
    labels: string[];
    properties: Record<string, unknown>;
    type: string;
    start_id: string;
    end_id: string;
    total: number;
  }>(sql`
    with center as materialized (select n.id from graph_nodes n where n.id = ${c} and ${scope.nodeVisible('n')}),
    nb as materialized (${stepSql(scope, dir, c, query.types)}),
    vis as (
      select distinct nb.dst from nb ${neighbourRule === TRUE ? sql`` : sql`join graph_nodes n on n.id = nb.dst`}
      where nb.dst <> ${c} and ${neighbourRule} and exists (select 1 from center) and ${SERIAL}
    ),
    picked as materialized (select dst, (count(*) over ())::int as total from vis order by dst offset ${skip}::int limit ${limit}::int)
    select 'n' as kind, x.id, x.labels, x.properties, null::text as type, null::text as start_id, null::text as end_id, null::int as total
    from (select ${scope.nodeColumns('n')} from graph_nodes n
          where n.id in (select id from center union all select dst from picked) and ${scope.nodeVisible('n')}) x
    union all
    select 'r', y.id, null::text[], y.properties, y.type, y.start_id, y.end_id, null::int
    from (select ${scope.relationshipColumns('r')} from graph_relationships r
          where r.id in (select nb.rid from nb where nb.dst in (select dst from picked))) y
    union all
    select 't', null, null, null, null, null, null, (select max(total) from picked)`);
  const nodes = rows
    .filter((r) => r.kind === 'n')
    .map(toNode)
    .sort((a, b) => compareIds(a.id, b.id));
  if (!nodes.some((n) => n.id === query.nodeId)) throw new NotFoundError('Node');
  const relationships = rows
    .filter((r) => r.kind === 'r')
    .map(toRelationship)
    .sort((a, b) => compareIds(a.id, b.id));
  const total = Number(rows.find((r) => r.kind === 't')?.total ?? 0);
  const picked = nodes.length - 1;
  return { nodes, relationships, remaining: picked === 0 ? 0 : Math.max(0, total - skip - picked) };
}

export async function indirectRelationships(
  runner: QueryRunner,
  scope: ScopeSql,
  nodeIds: GraphId[],
  query: PathQuery,
): Promise<GraphPath[]> {
  const dir = direction(query.direction);
  const maxDepth = positiveInt(query.maxDepth, 3, 8, 'maxDepth');
  const limit = positiveInt(query.limit, 100, 10000, 'limit');
  const ids = [...new Set(validIds(nodeIds))];
  if (ids.length < 2 || maxDepth < 2) return [];
  const set = sql`${ids}::bigint[]`;
  const rows = await runner.rows<{ nodes: string[]; rels: string[] }>(sql`
    with recursive walk(node, nodes, rels, depth) as (
      select n.id, array[n.id], array[]::bigint[], 0 from graph_nodes n where n.id = any(${set}) and ${scope.nodeVisible('n')}
      union all
      select st.dst, w.nodes || st.dst, w.rels || st.rid, w.depth + 1
      from walk w
      cross join lateral (${stepSql(scope, dir, sql`w.node`, query.types)}) st
      join graph_nodes nn on nn.id = st.dst
      where w.depth < ${maxDepth}::int
        and (w.depth = 0 or not (w.node = any(${set})))
        and not (st.dst = any(w.nodes))
        and ${scope.nodeVisible('nn')}
    )
    select nodes::text[] as nodes, rels::text[] as rels from walk
    where depth >= 2 and node = any(${set}) ${dir === 'both' ? sql`and nodes[1] < node` : sql``} and ${SERIAL}
    limit ${limit}::int`);
  rows.sort((x, y) => x.nodes.length - y.nodes.length || compareIdLists(x.nodes, y.nodes) || compareIdLists(x.rels, y.rels));
  return materialise(runner, scope, rows);
}

function compareIdLists(a: string[], b: string[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const d = BigInt(a[i]) - BigInt(b[i]);
    if (d !== 0n) return d < 0n ? -1 : 1;
  }
  return a.length - b.length;
}

/** Loads the nodes and relationships of id paths (projected through the scope) into GraphPaths. */
async function materialise(runner: QueryRunner, scope: ScopeSql, paths: Array<{ nodes: string[]; rels: string[] }>): Promise<GraphPath[]> {
  if (paths.length === 0) return [];
  // Nodes and relationships in one statement (one round trip).
  const read = await fetchGraph(
    runner,
    scope,
    paths.flatMap((p) => p.nodes),
    paths.flatMap((p) => p.rels),
  );
  const nodes = new Map(read.nodes.map((n): [string, GraphNode] => [n.id, n]));
  const rels = new Map(read.relationships.map((r): [string, GraphRelationship] => [r.id, r]));
  const out: GraphPath[] = [];
  for (const p of paths) {
    const pn = p.nodes.map((id) => nodes.get(id));
    const pr = p.rels.map((id) => rels.get(id));
    // A path whose element vanished (or became invisible) in between is left out.
    if (pn.every(Boolean) && pr.every(Boolean)) out.push({ nodes: pn as GraphNode[], relationships: pr as GraphRelationship[] });
  }
  return out;
}

interface Side {
  /** The nodes this side has reached (its origin included). */
  seen: Set<string>;
  /** The nodes reached at this side's last level. */
  frontier: string[];
  /** node -> (relationship, neighbour one step closer to this side's origin) */
  preds: Map<string, Array<[string, string]>>;
}

interface EdgeRow {
  rid: string;
  src: string;
  dst: string;
}

/**
 * All shortest paths by bidirectional breadth-first search, one prepared statement per level
 * (issue 24: the single recursive statement this replaces carried both frontiers and seen sets
 * through every level and was slower than the per-level search a person writes). Each level
 * expands the smaller frontier through the (start_id, type) / (end_id, type) indexes: the visible
 * relationships into visible nodes that side has not seen (the scope at every step, as in
 * stepSql), and stops at the first level that meets the other side, at maxDepth or at an empty
 * frontier. The ends' visibility is checked first. Every shortest path through the meeting nodes
 * is then enumerated from the predecessor lists of both sides, and their nodes and relationships
 * are read through the scope (two statements, sent together).
 */
export async function shortestPaths(
  runner: QueryRunner,
  scope: ScopeSql,
  from: GraphId,
  to: GraphId,
  query: PathQuery,
): Promise<GraphPath[]> {
  const dir = direction(query.direction);
  const maxDepth = positiveInt(query.maxDepth, 6, 32, 'maxDepth');
  const limit = positiveInt(query.limit, 100, 10000, 'limit');
  if (!isValidId(from) || !isValidId(to)) return [];
  if (from === to) {
    const ends = await fetchNodes(runner, scope, [from], []);
    return ends.length === 1 ? materialise(runner, scope, [{ nodes: [from], rels: [] }]) : [];
  }
  if (typeCondition(scope, 'r', query.types) === FALSE) return [];

  const nodeRule = scope.nodeVisible('n');
  // Both ends must be visible. When every node is (nodeRule TRUE), a missing end needs no statement of
  // its own: it has no relationships (foreign keys), so its side's first level is empty and the search
  // ends there, at the latest after two levels.
  if (nodeRule !== TRUE) {
    const ends = await runner.prepared<{ visible: number }>(
      sql`select count(*)::int as visible from graph_nodes n where n.id = any(${[from, to]}::bigint[]) and ${nodeRule} and ${SERIAL}`,
    );
    if (Number(ends[0]?.visible) !== 2) return [];
  }

  const reverse: Record<Direction, Direction> = { out: 'in', in: 'out', both: 'both' };
  const level = (d: Direction, frontier: string[], seen: Set<string>) =>
    runner.prepared<EdgeRow>(sql`
      select e.rid::text as rid, e.src::text as src, e.dst::text as dst
      from (${stepSql(scope, d, sql`any(${frontier}::bigint[])`, query.types)}) e
      ${nodeRule === TRUE ? sql`` : sql`join graph_nodes n on n.id = e.dst`}
      where ${nodeRule} and e.dst not in (select unnest(${[...seen]}::bigint[])) and ${SERIAL}`);

  const fwd: Side = { seen: new Set([from]), frontier: [from], preds: new Map() };
  const bwd: Side = { seen: new Set([to]), frontier: [to], preds: new Map() };
  let depth = 0;
  let meeting: string[] = [];
  while (depth < maxDepth && meeting.length === 0) {
    const forward = fwd.frontier.length <= bwd.frontier.length;
    const side = forward ? fwd : bwd;
    if (side.frontier.length === 0) return [];
    const rows = await level(forward ? dir : reverse[dir], side.frontier, side.seen);
    depth++;
    const next = new Set<string>();
    for (const r of rows) {
      next.add(r.dst);
      const list = side.preds.get(r.dst);
      if (list) list.push([r.rid, r.src]);
      else side.preds.set(r.dst, [[r.rid, r.src]]);
    }
    for (const n of next) side.seen.add(n);
    side.frontier = [...next];
    const other = forward ? bwd : fwd;
    meeting = side.frontier.filter((n) => other.seen.has(n));
  }
  if (meeting.length === 0) return [];
  meeting.sort(compareIds);

  const paths: Array<{ nodes: string[]; rels: string[] }> = [];
  outer: for (const m of meeting) {
    for (const head of halves(fwd, m, from)) {
      for (const tail of halves(bwd, m, to)) {
        // head: from .. m ; tail: to .. m  -> from .. m .. to
        paths.push({ nodes: [...head.nodes, ...tail.nodes.slice(0, -1).reverse()], rels: [...head.rels, ...[...tail.rels].reverse()] });
        if (paths.length >= limit) break outer;
      }
    }
  }
  return materialise(runner, scope, paths);
}

function compareIds(a: string, b: string): number {
  const d = BigInt(a) - BigInt(b);
  return d === 0n ? 0 : d < 0n ? -1 : 1;
}

/** Every shortest path origin .. node on one side, as node ids from the origin and relationship ids. */
function* halves(side: Side, node: string, origin: string): Generator<{ nodes: string[]; rels: string[] }> {
  if (node === origin) {
    yield { nodes: [origin], rels: [] };
    return;
  }
  for (const [rid, prev] of side.preds.get(node) ?? []) {
    for (const h of halves(side, prev, origin)) yield { nodes: [...h.nodes, node], rels: [...h.rels, rid] };
  }
}
