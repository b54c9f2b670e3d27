import { open, rm, type FileHandle } from 'node:fs/promises';
import { createReadStream } from 'node:fs';
import path from 'node:path';
import { AppError } from '../../errors';
import type { AccessScope, GraphId, GraphStore, ImportedBatch } from '../../graph/graph-store';

/** What undoing a failed batched import did, and what it could not do (in the import's error details). */
export interface BatchedUndo {
  batchesCommitted: number;
  nodesDeleted: number;
  relationshipsDeleted: number;
  /** Existing nodes the import updated through a merge key: an undo cannot restore their earlier values. */
  nodesUpdated: number;
  updatedNodeIds: string[];
  /** Created elements left in the graph: their batch could not be deleted (reasons below). */
  nodesLeft: number;
  relationshipsLeft: number;
  reasons: string[];
}

const LISTED = 20;

/**
 * The side record of a batched import (issue 23 item 10): one JSON line per committed batch with
 * the ids it created and updated, in a file of the data directory next to the rejected rows. The
 * ids stay out of the user's data (no stamp property to hide from reads, exports and Cypher), and
 * memory holds only each line's offset. A failed or cancelled batched import is undone from it,
 * batch by batch from the last (a relationship is deleted before the nodes it joins, each batch
 * in a transaction of its own size); the file is removed when the import ends.
 */
export class BatchRecord {
  private readonly lines: Array<{ offset: number; length: number }> = [];
  private size = 0;

  private constructor(
    readonly file: string,
    private readonly handle: FileHandle,
  ) {}

  static async open(dataDir: string, importId: string): Promise<BatchRecord> {
    const file = path.join(dataDir, 'imports', `${importId}-created.jsonl`);
    return new BatchRecord(file, await open(file, 'w+'));
  }

  /**
   * The side record a dead process left (the lease reaper undoes it, abandoned-undo.ts): its lines
   * found by one read of the file; a last line cut short by the crash is left out (its batch's
   * transaction was not committed: the line is written before the commit, and whole).
   */
  static async load(file: string): Promise<BatchRecord> {
    const record = new BatchRecord(file, await open(file, 'r'));
    let offset = 0;
    let start = 0;
    for await (const chunk of createReadStream(file) as AsyncIterable<Buffer>) {
      for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) {
        record.lines.push({ offset: start, length: offset + i + 1 - start });
        start = offset + i + 1;
      }
      offset += chunk.length;
    }
    record.size = start;
    return record;
  }

  /** Called inside the batch's transaction, before its commit: a batch whose commit then fails is listed too (its ids do not exist). */
  async append(batch: ImportedBatch): Promise<void> {
    const line = Buffer.from(
      `${JSON.stringify({ n: batch.created.nodes.map(String), r: batch.created.relationships.map(String), u: batch.updated.map(String) })}\n`,
    );
    await this.handle.write(line, 0, line.length, this.size);
    this.lines.push({ offset: this.size, length: line.length });
    this.size += line.length;
  }

  private async read(i: number): Promise<{ n: GraphId[]; r: GraphId[]; u: GraphId[] }> {
    const { offset, length } = this.lines[i];
    const buffer = Buffer.alloc(length);
    await this.handle.read(buffer, 0, length, offset);
    return JSON.parse(buffer.toString('utf8')) as { n: GraphId[]; r: GraphId[]; u: GraphId[] };
  }

  /** Deletes what the committed batches created, last batch first; a batch that cannot be deleted is counted as left, with its reason. */
  async undo(graph: GraphStore, scope: AccessScope | null): Promise<BatchedUndo> {
    const undo: BatchedUndo = {
      batchesCommitted: this.lines.length,
      nodesDeleted: 0,
      relationshipsDeleted: 0,
      nodesUpdated: 0,
      updatedNodeIds: [],
      nodesLeft: 0,
      relationshipsLeft: 0,
      reasons: [],
    };
    const updated = new Set<string>();
    for (let i = this.lines.length - 1; i >= 0; i--) {
      const batch = await this.read(i);
      for (const id of batch.u) {
        if (updated.has(String(id))) continue;
        undo.nodesUpdated++;
        if (updated.size < 100_000) updated.add(String(id));
      }
      if (batch.n.length + batch.r.length === 0) continue;
      try {
        // null: the importer is gone (deleted or disabled), so nobody's scope to delete within.
        if (!scope) throw new AppError(403, 'IMPORT_USER_UNAVAILABLE', 'The user who started the import is disabled, deleted or missing');
        if (!graph.deleteCreated)
          throw new AppError(501, 'IMPORT_UNDO_UNSUPPORTED', 'This graph backend cannot delete what an import created');
        const deleted = await graph.deleteCreated({ nodes: batch.n, relationships: batch.r }, scope);
        undo.nodesDeleted += deleted.nodesDeleted;
        undo.relationshipsDeleted += deleted.relationshipsDeleted;
      } catch (error) {
        undo.nodesLeft += batch.n.length;
        undo.relationshipsLeft += batch.r.length;
        const reason = error instanceof AppError ? `${error.code}: ${error.message}` : String((error as Error)?.message ?? error);
        if (undo.reasons.length < 3) undo.reasons.push(`batch ${i + 1}: ${reason}`.slice(0, 300));
      }
    }
    undo.updatedNodeIds = [...updated].slice(0, LISTED);
    return undo;
  }

  async remove(): Promise<void> {
    await this.handle.close().catch(() => undefined);
    await rm(this.file, { force: true });
  }
}
