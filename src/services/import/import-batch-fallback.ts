import { NotImplementedError } from '../../errors';
import type { BulkImportBatch, BulkImportOptions, BulkImportResult, GraphStore, ImportBatch } from '../../graph/graph-store';

/**
 * The import on an adapter without GraphStore.bulkImport (both adapters have it now; kept for
 * adapters that do not): every batch is gathered
 * and written by ONE importBatch call, which the Neo4j adapter runs as one write transaction
 * (UNWIND batches inside it), so a failure or a cancel still leaves nothing. Limits, said plainly:
 * the whole file is held in memory; merge keys (and creating missing relationship ends, which
 * needs them) are refused with 501; a dry run counts the rows it would write without checking
 * that relationship ends exist (nothing is written).
 */
export async function importThroughImportBatch(graph: GraphStore, source: AsyncIterable<BulkImportBatch>, options: BulkImportOptions): Promise<BulkImportResult> {
  const batch: ImportBatch = { nodes: [], relationships: [] };
  const rows: number[] = [];
  const callbacks: Array<{ onWritten: NonNullable<BulkImportBatch['onWritten']>; rows: Set<number> }> = [];
  for await (const part of source) {
    for (const node of part.nodes) {
      if (node.merge) {
        throw new NotImplementedError(`Merge keys and creating missing ends need the bulk import path, which the ${graph.backend} adapter does not have yet`, 'IMPORT_MERGE_NOT_AVAILABLE');
      }
      batch.nodes.push({ labels: node.labels, properties: node.properties, ...(node.key !== undefined ? { key: node.key } : {}) });
    }
    for (const rel of part.relationships) {
      batch.relationships.push({ type: rel.type, start: rel.start, end: rel.end, properties: rel.properties });
      rows.push(rel.row);
    }
    if (part.onWritten) callbacks.push({ onWritten: part.onWritten, rows: new Set(part.relationships.map((r) => r.row)) });
  }
  if (options.rollback) {
    for (const c of callbacks) await c.onWritten([]);
    return { nodesCreated: batch.nodes.length, nodesUpdated: 0, relationshipsCreated: batch.relationships.length, unresolvedRows: [] };
  }
  const result = await graph.importBatch(batch);
  const unresolvedRows = result.unresolved.map((position) => rows[position]);
  const unresolved = new Set(unresolvedRows);
  for (const c of callbacks) await c.onWritten([...c.rows].filter((r) => unresolved.has(r)));
  return { nodesCreated: result.nodesCreated, nodesUpdated: 0, relationshipsCreated: result.relationshipsCreated, unresolvedRows };
}
