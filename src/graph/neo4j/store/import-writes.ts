import neo4j from 'neo4j-driver';
import { ConflictError } from '../../../errors';
import type {
  AccessScope,
  BulkImportBatch,
  BulkImportOptions,
  BulkImportResult,
  GraphId,
  ImportBatch,
  ImportBatchResult,
  NodeRef,
} from '../../graph-store';
import { assertIdentifier, assertIdentifiers, cypherIdentifier } from '../../identifiers';
import { neo4jBulkImport } from '../bulk-import';
import { createIndexCypher, encodeId } from '../dialect';
import { idToString, toPropertyMap, toPropertyValue } from '../serialize';
import { run, toNumber, validatedProperties } from './helpers';
import { findIndex, normaliseIndexInput, rawIndexes } from './schema-indexes';
import type { StoreInternals } from './store-internals';

/* Imports: a batch of nodes and relationships in one write transaction, and the bulk import with the property indexes it matches on. */

/** Rows per UNWIND batch (Neo4j 3.5 keeps the parameters of the last 8192 queries on its heap). */
export const IMPORT_BATCH_ROWS = 1000;

export async function importBatch(s: StoreInternals, batch: ImportBatch): Promise<ImportBatchResult> {
  const dialect = s.dialect;
  const id = (v: string) => `${dialect.idFunction}(${v})`;

  // Nodes: grouped by label set (labels are part of the query text, quoted).
  const nodeGroups = new Map<string, { labels: string[]; rows: Array<{ i: number; props: Record<string, unknown> }> }>();
  batch.nodes.forEach((node, i) => {
    const labels = assertIdentifiers('label', node.labels ?? []);
    const key = JSON.stringify(labels);
    if (!nodeGroups.has(key)) nodeGroups.set(key, { labels, rows: [] });
    nodeGroups.get(key)!.rows.push({ i, props: toPropertyMap(validatedProperties(node.properties)) });
  });

  // Relationships: grouped by type and how each end is found.
  type EndSpec = { kind: 'id' } | { kind: 'prop'; label: string; property: string };
  const specOf = (ref: NodeRef): EndSpec =>
    'label' in ref
      ? { kind: 'prop', label: assertIdentifier('label', ref.label), property: assertIdentifier('property', ref.property) }
      : { kind: 'id' };
  const relGroups = new Map<
    string,
    { type: string; start: EndSpec; end: EndSpec; rows: Array<{ i: number; s: unknown; e: unknown; props: Record<string, unknown> }> }
  >();
  for (const rel of batch.relationships) {
    assertIdentifier('relationship type', rel.type);
    specOf(rel.start);
    specOf(rel.end);
    toPropertyMap(validatedProperties(rel.properties));
  }

  return s.write(async (tx) => {
    const keys: Record<string, GraphId> = {};
    const created: Array<unknown> = new Array(batch.nodes.length);
    let nodesCreated = 0;
    for (const group of nodeGroups.values()) {
      const labels = group.labels.map((l) => ':' + cypherIdentifier('label', l)).join('');
      const query = `UNWIND $rows AS row CREATE (n${labels}) SET n = row.props RETURN row.i AS i, ${id('n')} AS id`;
      for (let offset = 0; offset < group.rows.length; offset += IMPORT_BATCH_ROWS) {
        const rows = group.rows.slice(offset, offset + IMPORT_BATCH_ROWS).map((r) => ({ i: neo4j.int(r.i), props: r.props }));
        for (const record of await run(tx, query, { rows })) {
          const i = toNumber(record.get('i'));
          created[i] = record.get('id');
          nodesCreated++;
          const key = batch.nodes[i].key;
          if (key !== undefined) keys[key] = idToString(record.get('id'));
        }
      }
    }

    const unresolved = new Set<number>();
    const resolve = (ref: NodeRef): { ok: boolean; value: unknown } => {
      if ('id' in ref) {
        const value = encodeId(dialect, ref.id);
        return { ok: value !== undefined, value };
      }
      if ('key' in ref) {
        const index = batch.nodes.findIndex((n) => n.key === ref.key);
        if (index < 0 || created[index] === undefined) return { ok: false, value: undefined };
        return { ok: true, value: created[index] };
      }
      return { ok: true, value: toPropertyValue(ref.property, ref.value) };
    };
    batch.relationships.forEach((rel, i) => {
      const s = resolve(rel.start);
      const e = resolve(rel.end);
      if (!s.ok || !e.ok) {
        unresolved.add(i);
        return;
      }
      const start = specOf(rel.start);
      const end = specOf(rel.end);
      const key = JSON.stringify([rel.type, start, end]);
      if (!relGroups.has(key)) relGroups.set(key, { type: rel.type, start, end, rows: [] });
      relGroups.get(key)!.rows.push({ i, s: s.value, e: e.value, props: toPropertyMap(rel.properties) });
    });

    const endMatch = (variable: string, spec: EndSpec, field: string) =>
      spec.kind === 'id'
        ? `MATCH (${variable}) WHERE ${id(variable)} = row.${field}`
        : `MATCH (${variable}:${cypherIdentifier('label', spec.label)}) WHERE ${variable}.${cypherIdentifier('property', spec.property)} = row.${field}`;
    let relationshipsCreated = 0;
    const resolved = new Set<number>();
    for (const group of relGroups.values()) {
      const query = `UNWIND $rows AS row ${endMatch('a', group.start, 's')} ${endMatch('b', group.end, 'e')} CREATE (a)-[r:${cypherIdentifier('relationship type', group.type)}]->(b) SET r = row.props RETURN row.i AS i`;
      for (let offset = 0; offset < group.rows.length; offset += IMPORT_BATCH_ROWS) {
        const rows = group.rows.slice(offset, offset + IMPORT_BATCH_ROWS).map((r) => ({ ...r, i: neo4j.int(r.i) }));
        for (const record of await run(tx, query, { rows })) {
          relationshipsCreated++;
          resolved.add(toNumber(record.get('i')));
        }
      }
      for (const row of group.rows) if (!resolved.has(row.i)) unresolved.add(row.i);
    }
    return { nodesCreated, relationshipsCreated, unresolved: [...unresolved].sort((x, y) => x - y), keys };
  });
}

/** Bulk import in one explicit transaction (src/graph/neo4j/bulk-import.ts). */
export async function bulkImport(
  s: StoreInternals,
  source: AsyncIterable<BulkImportBatch>,
  scope: AccessScope,
  options: BulkImportOptions = {},
): Promise<BulkImportResult> {
  return neo4jBulkImport(
    {
      dialect: s.dialect,
      session: () => s.session('WRITE'),
      statementDeadlineMs: s.deadlineMs,
      mapError: (error) => s.mapError(error),
      ensureIndexes: (pairs) => ensureImportIndexes(s, pairs),
    },
    source,
    scope,
    options,
  );
}

/**
 * A property index for each label + property (any index that serves equality on exactly that
 * property counts, constraint-backed too), created when missing, then awaited: a POPULATING
 * index is not used by the planner. 3.5: CREATE INDEX ON :L(p); 4.x / 5.x: CREATE INDEX name
 * IF NOT EXISTS FOR (n:L) ON (n.p) (createIndexCypher).
 */
async function ensureImportIndexes(s: StoreInternals, pairs: Array<{ label: string; property: string }>): Promise<void> {
  const indexes = await rawIndexes(s);
  let created = false;
  for (const pair of pairs) {
    const input = normaliseIndexInput({ entity: 'node', token: pair.label, properties: [pair.property] });
    if (findIndex(indexes, input, false)) continue;
    try {
      await s.write((tx) => run(tx, createIndexCypher(s.dialect, input)));
      created = true;
    } catch (error) {
      // Made meanwhile by someone else (3.5 has no IF NOT EXISTS): fine.
      if (!(error instanceof ConflictError)) throw error;
    }
  }
  if (created) {
    const session = s.session('READ');
    // Waits at most queryTimeoutMs (within the call's deadline); past it the import goes on (correct, slower until online).
    const seconds = neo4j.int(Math.max(1, Math.floor(s.options.queryTimeoutMs / 1000)));
    await s
      .withDeadline(session, () => session.run('CALL db.awaitIndexes($seconds)', { seconds }))
      .catch((error: unknown) =>
        s.options.logger?.warn({ err: error }, 'import indexes not online yet; the import matches without them meanwhile'),
      );
  }
}
