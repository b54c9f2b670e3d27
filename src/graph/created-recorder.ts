import type { BulkImportResult, GraphId } from './graph-store';

/**
 * Collects the ids of what a bulk import creates (BulkImportOptions.recordCreated, issue 23: undo
 * of an import), bounded: past `limit` nodes + relationships the list is dropped and
 * result.created is null (the import then cannot be undone element by element).
 */
export class CreatedRecorder {
  constructor(private readonly totals: BulkImportResult, private readonly limit: number | undefined) {
    if (limit !== undefined) totals.created = { nodes: [], relationships: [] };
  }

  get active(): boolean {
    return this.limit !== undefined && !!this.totals.created;
  }

  add(kind: 'nodes' | 'relationships', ids: Iterable<GraphId>): void {
    const created = this.totals.created;
    if (this.limit === undefined || !created) return;
    const list = [...ids];
    if (created.nodes.length + created.relationships.length + list.length > this.limit) {
      this.totals.created = null;
      return;
    }
    created[kind].push(...list);
  }
}
