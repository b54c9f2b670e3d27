import type { BulkImportResult, GraphId, ImportedBatch } from './graph-store';

/**
 * Collects the ids of what a bulk import creates (BulkImportOptions.recordCreated, issue 23: undo
 * of an import), bounded: past `limit` nodes + relationships the list is dropped and
 * result.created is null (the import then cannot be undone element by element).
 *
 * A batched import (`perBatch`) also collects, unbounded but for one batch at a time, what the
 * current batch created and updated (takeBatch), for the side record from which a failed batched
 * import is undone: the ids live outside the user's data, no stamp property on the elements.
 */
export class CreatedRecorder {
  private batch: ImportedBatch | null;

  constructor(
    private readonly totals: BulkImportResult,
    private readonly limit: number | undefined,
    perBatch = false,
  ) {
    if (limit !== undefined) totals.created = { nodes: [], relationships: [] };
    this.batch = perBatch ? { created: { nodes: [], relationships: [] }, updated: [] } : null;
  }

  /** Whether the adapter must read back the ids of what it creates. */
  get active(): boolean {
    return (this.limit !== undefined && !!this.totals.created) || this.batch !== null;
  }

  add(kind: 'nodes' | 'relationships', ids: Iterable<GraphId>): void {
    const list = [...ids];
    this.batch?.created[kind].push(...list);
    const created = this.totals.created;
    if (this.limit === undefined || !created) return;
    if (created.nodes.length + created.relationships.length + list.length > this.limit) {
      this.totals.created = null;
      return;
    }
    created[kind].push(...list);
  }

  /** Existing nodes the batch updated (merge keys): an undo cannot take an update back. */
  updated(ids: Iterable<GraphId>): void {
    this.batch?.updated.push(...ids);
  }

  /** What the current batch created and updated; the next batch starts empty. */
  takeBatch(): ImportedBatch {
    const batch = this.batch ?? { created: { nodes: [], relationships: [] }, updated: [] };
    if (this.batch) this.batch = { created: { nodes: [], relationships: [] }, updated: [] };
    return batch;
  }
}
