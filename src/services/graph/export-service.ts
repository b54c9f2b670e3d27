import type { GraphId, GraphNode, GraphRelationship } from '../../graph/graph-store';
import { audit } from '../audit/audit-service';
import { ScopedGraphService } from './scoped-graph';
import { csvChunks, type Download } from '../export/download';
import type { NodeSearch } from './find-service';
import { NodeFindService } from './find-service';
import { propertyList } from './property-names';

interface ExportPlan<T extends GraphNode | GraphRelationship> {
  filename: string;
  fixedColumns: string[];
  fixedValues(element: T): unknown[];
  /** A fresh pass over the exported elements (streamed by the adapter, in id order). */
  elements(): AsyncIterable<T>;
  /** The union of the exported elements' visible property keys in one statement, when the adapter can (else a first pass of elements()). */
  keys?(): Promise<string[]>;
  /** Requested property columns; absent = the union of the visible keys of the exported elements. */
  properties?: string[];
  what: string;
}

/**
 * CSV exports (EXPORT_DATA), returned as a Download that the router writes. Elements are streamed from the adapter under the user's scope, so
 * hidden elements and properties never reach the file, and memory stays constant: when the
 * request names no properties, the union of the visible property keys of the exported elements
 * (the column set) comes first, from one statement of the adapter (nodePropertyKeys) or else a
 * first streamed pass, and one pass writes the rows.
 *
 * Columns: nodes "id, labels (joined by ;), <properties>"; relationships "id, type, start, end,
 * <properties>". Lists and maps are written as JSON.
 */
export class GraphExportService extends ScopedGraphService {
  async nodesById(ids: GraphId[], properties: string[] | undefined): Promise<Download> {
    const scope = await this.scope();
    const props = propertyList(properties);
    return this.stream({
      filename: 'nodes.csv',
      what: 'nodes',
      fixedColumns: ['id', 'labels'],
      fixedValues: (n: GraphNode) => [n.id, n.labels.join(';')],
      elements: () => this.graph.streamNodes({ filter: { ids }, ...(props ? { properties: props } : {}) }, scope),
      properties: props,
    });
  }

  async nodesFound(search: NodeSearch): Promise<Download> {
    const scope = await this.scope();
    const query = await new NodeFindService(this.ctx, this.scope()).compile(search);
    return this.stream({
      filename: 'nodes.csv',
      what: 'nodes',
      fixedColumns: ['id', 'labels'],
      fixedValues: (n: GraphNode) => [n.id, n.labels.join(';')],
      elements: () => this.graph.streamNodes(query, scope),
      ...(this.graph.nodePropertyKeys ? { keys: () => this.graph.nodePropertyKeys!(query, scope) } : {}),
      properties: query.properties,
    });
  }

  async relationshipsById(ids: GraphId[], properties: string[] | undefined): Promise<Download> {
    const scope = await this.scope();
    const props = propertyList(properties);
    return this.stream({
      filename: 'relationships.csv',
      what: 'relationships',
      fixedColumns: ['id', 'type', 'start', 'end'],
      fixedValues: (r: GraphRelationship) => [r.id, r.type, r.startNodeId, r.endNodeId],
      elements: () => this.graph.streamRelationships({ filter: { ids }, ...(props ? { properties: props } : {}) }, scope),
      properties: props,
    });
  }

  /**
   * The column set (first streamed pass when the request names no properties) and the audit
   * event come before the Download is returned; the rows are a second pass, read as written.
   */
  private async stream<T extends GraphNode | GraphRelationship>(plan: ExportPlan<T>): Promise<Download> {
    let columns = plan.properties;
    if (!columns) {
      // The adapter's one statement (PostgreSQL: the rows then pass once, cursor to socket), else a first streamed pass.
      const keys = new Set<string>(plan.keys ? await plan.keys() : []);
      if (!plan.keys) for await (const element of plan.elements()) for (const key of Object.keys(element.properties)) keys.add(key);
      columns = [...keys].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    }
    await audit(this.ctx, { action: 'data.export', targetType: plan.what, details: { format: 'csv', columns } });
    const propertyColumns = columns;
    const logger = this.ctx.deps.logger;
    async function* rows(): AsyncGenerator<unknown[]> {
      yield [...plan.fixedColumns, ...propertyColumns];
      let count = 0;
      for await (const element of plan.elements()) {
        yield [...plan.fixedValues(element), ...propertyColumns.map((column) => element.properties[column])];
        count++;
      }
      logger.debug({ rows: count, what: plan.what }, 'csv export finished');
    }
    // When the column set came from a pass over the matches, the filter has been run (a bad one was
    // answered as a problem then): the header goes out at once, before the rows' statement starts.
    // With named columns, the first chunk still holds rows, so a filter failing is still a problem.
    return {
      filename: plan.filename,
      contentType: 'text/csv; charset=utf-8',
      body: csvChunks(rows(), undefined, { headerAlone: !plan.properties }),
    };
  }
}
