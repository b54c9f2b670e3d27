import type { Knex } from 'knex';
import { BadRequestError, NotFoundError } from '../../errors';
import type {
  DeletedElements,
  Filter,
  GraphId,
  GraphNode,
  GraphRelationship,
  ImportBatch,
  ImportBatchResult,
  NodeInput,
  NodeRef,
  NodeUpdate,
  Properties,
  PropertyPatch,
  RelationshipInput,
} from '../graph-store';
import { assertIdentifier, assertIdentifiers } from '../identifiers';
import { retryOnContention } from './contention';
import { insertNodesWithIds } from './insert-nodes';
import { fetchNodes, fetchRelationships } from './reads';
import type { NodeRow, QueryRunner, RelationshipRow } from './runner';
import { toNode, toRelationship } from './runner';
import { and, isValidId, Sql, sql } from './sql';
import type { ScopeSql } from './sql-filter';
import { toJsonText } from '../../exact-json';

/**
 * Writes. A restricted scope may only address visible elements: an invisible or absent target
 * makes the call return null (or count nothing). Every statement is single (PGlite runs one
 * statement per call); multi-statement work runs in a transaction that only uses its own executor.
 */

/** Validates property names and drops null values (a stored property is never null). */
function cleanProperties(properties: Properties | undefined): Properties {
  if (properties === undefined || properties === null) return {};
  if (typeof properties !== 'object' || Array.isArray(properties))
    throw new BadRequestError('properties must be an object', 'INVALID_PROPERTIES');
  const out: Properties = {};
  for (const [key, value] of Object.entries(properties)) {
    assertIdentifier('property', key);
    if (value !== null && value !== undefined) out[key] = value;
  }
  return out;
}

/** Splits a patch into the values to set and the keys to remove (null). */
function splitPatch(patch: PropertyPatch | undefined): { set: Properties; remove: string[] } {
  const set: Properties = {};
  const remove: string[] = [];
  if (patch === undefined || patch === null) return { set, remove };
  if (typeof patch !== 'object' || Array.isArray(patch)) throw new BadRequestError('properties must be an object', 'INVALID_PROPERTIES');
  for (const [key, value] of Object.entries(patch)) {
    assertIdentifier('property', key);
    if (value === null) remove.push(key);
    else if (value !== undefined) set[key] = value;
  }
  return { set, remove };
}

function labelList(labels: unknown, kind: string): string[] {
  if (labels === undefined) return [];
  if (!Array.isArray(labels)) throw new BadRequestError(`${kind} must be an array of labels`, 'INVALID_LABELS');
  return [...new Set(assertIdentifiers('label', labels))];
}

/** SET clause of a node update (properties patch and label changes), or null when nothing changes. */
function nodeSet(update: NodeUpdate): Sql | null {
  const { set, remove } = splitPatch(update?.properties);
  const add = labelList(update?.addLabels, 'addLabels');
  const drop = labelList(update?.removeLabels, 'removeLabels');
  const parts: Sql[] = [];
  if (Object.keys(set).length > 0 || remove.length > 0)
    parts.push(sql`properties = (n.properties || ${toJsonText(set)}::jsonb) - ${remove}::text[]`);
  if (add.length > 0 || drop.length > 0) {
    parts.push(sql`labels = array(
      select x.l from (select u.l, min(u.o) as o from unnest(n.labels || ${add}::text[]) with ordinality as u(l, o) group by u.l) x
      where not (x.l = any(${drop}::text[])) order by x.o)`);
  }
  if (parts.length === 0) return null;
  return new Sql(
    parts.map((p) => p.text).join(', '),
    parts.flatMap((p) => p.values),
  );
}

export async function createNode(runner: QueryRunner, scope: ScopeSql, input: NodeInput): Promise<GraphNode> {
  const labels = labelList(input?.labels, 'labels');
  const properties = cleanProperties(input?.properties);
  const row = await runner.one<NodeRow>(sql`
    insert into graph_nodes as n (labels, properties) values (${labels}::text[], ${toJsonText(properties)}::jsonb)
    returning ${scope.nodeColumns('n')}`);
  return toNode(row!);
}

export async function createRelationship(
  runner: QueryRunner,
  scope: ScopeSql,
  input: RelationshipInput,
): Promise<GraphRelationship | null> {
  const type = assertIdentifier('relationship type', input?.type);
  const properties = cleanProperties(input?.properties);
  if (!isValidId(input.startNodeId) || !isValidId(input.endNodeId)) return null;
  // The ends are locked (KEY SHARE, what the foreign key check takes anyway) when they are read:
  // an end being deleted is waited for and then not found, so it answers as any missing end.
  let row: RelationshipRow | undefined;
  try {
    row = await runner.one<RelationshipRow>(sql`
      with ends as (
        select s.id as start_id, e.id as end_id from graph_nodes s, graph_nodes e
        where s.id = ${input.startNodeId}::bigint and e.id = ${input.endNodeId}::bigint and ${scope.nodeVisible('s')} and ${scope.nodeVisible('e')}
        for key share of s, e
      )
      insert into graph_relationships as r (type, start_id, end_id, properties)
      select ${type}::text, ends.start_id, ends.end_id, ${toJsonText(properties)}::jsonb from ends
      returning ${scope.relationshipColumns('r')}`);
  } catch (error) {
    if (isForeignKeyViolation(error)) {
      // Inside a caller's transaction the failed statement aborted it: end the unit with the answer.
      if ((runner.knex as Knex.Transaction).isTransaction) throw new NotFoundError('Start or end node');
      return null;
    }
    throw error;
  }
  return row ? toRelationship(row) : null;
}

export async function updateNode(runner: QueryRunner, scope: ScopeSql, id: GraphId, update: NodeUpdate): Promise<GraphNode | null> {
  const set = nodeSet(update);
  if (!isValidId(id)) return null;
  if (!set) return (await fetchNodes(runner, scope, [id]))[0] ?? null;
  const row = await runner.one<NodeRow>(sql`
    update graph_nodes n set ${set} where n.id = ${id}::bigint and ${scope.nodeVisible('n')}
    returning ${scope.nodeColumns('n')}`);
  return row ? toNode(row) : null;
}

export async function updateRelationship(
  runner: QueryRunner,
  scope: ScopeSql,
  id: GraphId,
  patch: PropertyPatch,
): Promise<GraphRelationship | null> {
  const { set, remove } = splitPatch(patch);
  if (!isValidId(id)) return null;
  if (Object.keys(set).length === 0 && remove.length === 0) return (await fetchRelationships(runner, scope, [id]))[0] ?? null;
  const row = await runner.one<RelationshipRow>(sql`
    update graph_relationships r set properties = (r.properties || ${toJsonText(set)}::jsonb) - ${remove}::text[]
    where r.id = ${id}::bigint and ${scope.relationshipVisible('r')}
    returning ${scope.relationshipColumns('r')}`);
  return row ? toRelationship(row) : null;
}

export async function updateNodesMatching(
  runner: QueryRunner,
  scope: ScopeSql,
  filter: Filter | undefined,
  update: NodeUpdate,
): Promise<number> {
  const where = and([scope.nodeFilter('n', filter), scope.nodeVisible('n')]);
  const set = nodeSet(update);
  if (!set) {
    const row = await runner.one<{ count: number }>(sql`select count(*)::int as count from graph_nodes n where ${where}`);
    return Number(row?.count ?? 0);
  }
  // One statement: atomic on its own. The matches are locked first, in id order, and only then
  // updated: a plain UPDATE locks rows in the order its plan meets them (physical order, which
  // every update changes), so two overlapping bulk updates could each hold what the other needs
  // (deadlock). NO KEY UPDATE is the lock the UPDATE takes anyway (it does not block the KEY SHARE
  // of a relationship insert). A contention error that still happens is retried.
  const statement = sql`
    with locked as materialized (select n.id from graph_nodes n where ${where} order by n.id for no key update of n),
    changed as (update graph_nodes n set ${set} from locked where n.id = locked.id returning 1)
    select count(*)::int as count from changed`;
  const row = await retryOnContention(runner.knex, () => runner.one<{ count: number }>(statement));
  return Number(row?.count ?? 0);
}

export async function deleteNode(runner: QueryRunner, scope: ScopeSql, id: GraphId): Promise<DeletedElements | null> {
  if (!isValidId(id)) return null;
  return retryOnContention(runner.knex, () =>
    runner.knex.transaction(async (trx) => {
      const node = await runner.one<NodeRow>(
        sql`select ${scope.nodeColumns('n')} from graph_nodes n where n.id = ${id}::bigint and ${scope.nodeVisible('n')} for update`,
        trx,
      );
      if (!node) return null;
      // Every relationship of the node goes with it; only the visible ones are reported.
      const rels = await runner.rows<RelationshipRow & { visible: boolean }>(
        sql`delete from graph_relationships r where r.start_id = ${id}::bigint or r.end_id = ${id}::bigint
          returning ${scope.relationshipColumns('r')}, ${scope.relationshipVisible('r')} as visible`,
        trx,
      );
      await runner.rows(sql`delete from graph_nodes where id = ${id}::bigint`, trx);
      return {
        nodes: [toNode(node)],
        relationships: rels
          .filter((r) => r.visible)
          .map(toRelationship)
          .sort((a, b) => Number(BigInt(a.id) - BigInt(b.id))),
      };
    }),
  );
}

export async function deleteRelationship(runner: QueryRunner, scope: ScopeSql, id: GraphId): Promise<DeletedElements | null> {
  if (!isValidId(id)) return null;
  const row = await runner.one<RelationshipRow>(sql`
    delete from graph_relationships r where r.id = ${id}::bigint and ${scope.relationshipVisible('r')}
    returning ${scope.relationshipColumns('r')}`);
  return row ? { nodes: [], relationships: [toRelationship(row)] } : null;
}

type Resolved = Map<number, string>;

export async function importBatch(runner: QueryRunner, batch: ImportBatch): Promise<ImportBatchResult> {
  const nodes = Array.isArray(batch?.nodes) ? batch.nodes : [];
  const rels = Array.isArray(batch?.relationships) ? batch.relationships : [];
  // Validate everything before writing anything.
  const nodeRows = nodes.map((n) => ({ labels: labelList(n?.labels, 'labels'), properties: cleanProperties(n?.properties), key: n?.key }));
  const keyIndex = new Map<string, number>();
  nodeRows.forEach((n, i) => {
    if (n.key === undefined) return;
    if (typeof n.key !== 'string' || n.key.length === 0)
      throw new BadRequestError(`nodes[${i}].key must be a non-empty string`, 'INVALID_IMPORT');
    if (keyIndex.has(n.key)) throw new BadRequestError(`nodes[${i}].key ${JSON.stringify(n.key)} is used twice`, 'INVALID_IMPORT');
    keyIndex.set(n.key, i);
  });
  const relRows = rels.map((r) => {
    const type = assertIdentifier('relationship type', r?.type);
    for (const ref of [r?.start, r?.end]) {
      if (ref && typeof ref === 'object' && 'label' in ref) {
        assertIdentifier('label', ref.label);
        assertIdentifier('property', ref.property);
      }
    }
    return { type, start: r?.start, end: r?.end, properties: cleanProperties(r?.properties) };
  });

  return retryOnContention(runner.knex, () =>
    runner.knex.transaction(async (trx: Knex.Transaction) => {
      // Node ids drawn from the sequence first, so each batch position knows its id.
      const ids = await insertNodesWithIds(runner, trx, nodeRows);
      const keys: Record<string, string> = {};
      for (const [key, i] of keyIndex) keys[key] = ids[i];

      // Resolve the ends: by key (this batch), by id (must exist), by label + property value.
      const refs: NodeRef[] = relRows.flatMap((r) => [r.start, r.end]);
      const resolved: Resolved = new Map();
      const byId: Array<[number, string]> = [];
      const byProperty: Array<{ i: number; label: string; property: string; value: unknown }> = [];
      refs.forEach((ref, i) => {
        if (!ref || typeof ref !== 'object') return;
        if ('key' in ref) {
          if (typeof ref.key === 'string' && ref.key in keys) resolved.set(i, keys[ref.key]);
        } else if ('id' in ref) {
          if (isValidId(ref.id)) byId.push([i, ref.id]);
        } else if ('label' in ref && ref.value !== undefined && ref.value !== null) {
          byProperty.push({ i, label: ref.label, property: ref.property, value: ref.value });
        }
      });
      if (byId.length > 0) {
        // Locked (KEY SHARE, in id order) so a concurrent delete cannot remove an end between this
        // check and the insert: an end deleted meanwhile is waited for and reported unresolved.
        const found = await runner.rows<{ id: string }>(
          sql`select id::text as id from graph_nodes where id = any(${byId.map((b) => b[1])}::bigint[]) order by id for key share`,
          trx,
        );
        const exists = new Set(found.map((f) => f.id));
        for (const [i, id] of byId) if (exists.has(id)) resolved.set(i, id);
      }
      if (byProperty.length > 0) {
        const found = await runner.rows<{ i: number; id: string | null }>(
          // Only the property probe goes to an index (GIN): min() over a fenced subquery (offset 0),
          // because with "order by n.id limit 1" the planner walked the primary key for every
          // reference, and the label as "= any(labels)", because the label GIN index, ANDed in for a
          // label every node carries, read all rows each time (8 ms per reference at 100 000 nodes).
          sql`select q.i, (select min(m.id)::text from (select n.id from graph_nodes n
                          where q.label = any(n.labels) and n.properties @> jsonb_build_object(q.property, q.value)
                          offset 0) m) as id
            from jsonb_to_recordset(${toJsonText(byProperty)}::jsonb) as q(i int, label text, property text, value jsonb)`,
          trx,
        );
        const ids = [...new Set(found.filter((f) => f.id).map((f) => f.id as string))];
        // Locked like the ends found by id; one deleted since the probe is unresolved.
        const locked = ids.length
          ? new Set(
              (
                await runner.rows<{ id: string }>(
                  sql`select id::text as id from graph_nodes where id = any(${ids}::bigint[]) order by id for key share`,
                  trx,
                )
              ).map((l) => l.id),
            )
          : new Set<string>();
        for (const f of found) if (f.id && locked.has(f.id)) resolved.set(Number(f.i), f.id);
      }

      const unresolved: number[] = [];
      const payload: Array<{ type: string; start_id: string; end_id: string; properties: Properties }> = [];
      relRows.forEach((r, position) => {
        const s = resolved.get(position * 2);
        const e = resolved.get(position * 2 + 1);
        if (s === undefined || e === undefined) unresolved.push(position);
        else payload.push({ type: r.type, start_id: s, end_id: e, properties: r.properties });
      });
      if (payload.length > 0) {
        await runner.rows(
          sql`insert into graph_relationships (type, start_id, end_id, properties)
            select x.type, x.start_id::bigint, x.end_id::bigint, x.properties
            from jsonb_to_recordset(${toJsonText(payload)}::jsonb) as x(type text, start_id text, end_id text, properties jsonb)`,
          trx,
        );
      }
      return { nodesCreated: nodeRows.length, relationshipsCreated: payload.length, unresolved, keys };
    }),
  );
}

/** SQLSTATE 23503: a relationship's end was deleted by a concurrent transaction. */
function isForeignKeyViolation(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === '23503';
}
