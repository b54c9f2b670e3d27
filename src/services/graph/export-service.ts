import type { Response } from 'express';
import type { GraphId, GraphNode, GraphRelationship } from '../../graph/graph-store';
import { audit } from '../audit/audit-service';
import { ScopedGraphService } from './scoped-graph';
import { CsvWriter } from '../export/csv-writer';
import { NodeFindService, NodeSearch } from './find-service';
import { propertyList } from './property-names';

interface ExportPlan<T extends GraphNode | GraphRelationship> {
  filename: string;
  fixedColumns: string[];
  fixedValues(element: T): unknown[];
  /** A fresh pass over the exported elements (streamed by the adapter, in id order). */
  elements(): AsyncIterable<T>;
  /** Requested property columns; absent = the union of the visible keys of the exported elements. */
  properties?: string[];
  what: string;
}

/**
 * CSV exports (EXPORT_DATA). Elements are streamed from the adapter under the user's scope, so
 * hidden elements and properties never reach the file, and memory stays constant: when the
 * request names no properties, a first streamed pass collects the union of the visible property
 * keys of the exported elements (the column set), and a second pass writes the rows.
 *
 * Columns: nodes "id, labels (joined by ;), <properties>"; relationships "id, type, start, end,
 * <properties>". Lists and maps are written as JSON.
 */
export class GraphExportService extends ScopedGraphService {
  async nodesById(ids: GraphId[], properties: string[] | undefined, res: Response): Promise<void> {
    const scope = await this.scope();
    const props = propertyList(properties);
    await this.stream(res, {
      filename: 'nodes.csv',
      what: 'nodes',
      fixedColumns: ['id', 'labels'],
      fixedValues: (n: GraphNode) => [n.id, n.labels.join(';')],
      elements: () => this.graph.streamNodes({ filter: { ids }, ...(props ? { properties: props } : {}) }, scope),
      properties: props,
    });
  }

  async nodesFound(search: NodeSearch, res: Response): Promise<void> {
    const scope = await this.scope();
    const query = await new NodeFindService(this.ctx, this.scope()).compile(search);
    await this.stream(res, {
      filename: 'nodes.csv',
      what: 'nodes',
      fixedColumns: ['id', 'labels'],
      fixedValues: (n: GraphNode) => [n.id, n.labels.join(';')],
      elements: () => this.graph.streamNodes(query, scope),
      properties: query.properties,
    });
  }

  async relationshipsById(ids: GraphId[], properties: string[] | undefined, res: Response): Promise<void> {
    const scope = await this.scope();
    const props = propertyList(properties);
    await this.stream(res, {
      filename: 'relationships.csv',
      what: 'relationships',
      fixedColumns: ['id', 'type', 'start', 'end'],
      fixedValues: (r: GraphRelationship) => [r.id, r.type, r.startNodeId, r.endNodeId],
      elements: () => this.graph.streamRelationships({ filter: { ids }, ...(props ? { properties: props } : {}) }, scope),
      properties: props,
    });
  }

  private async stream<T extends GraphNode | GraphRelationship>(res: Response, plan: ExportPlan<T>): Promise<void> {
    let columns = plan.properties;
    if (!columns) {
      const keys = new Set<string>();
      for await (const element of plan.elements()) for (const key of Object.keys(element.properties)) keys.add(key);
      columns = [...keys].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    }
    await audit(this.ctx, { action: 'data.export', targetType: plan.what, details: { format: 'csv', columns } });

    res.status(200);
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader('Content-Disposition', `attachment; filename="${plan.filename}"`);
    res.setHeader('Cache-Control', 'no-store');
    const writer = new CsvWriter(res);
    try {
      await writer.row([...plan.fixedColumns, ...columns]);
      let rows = 0;
      for await (const element of plan.elements()) {
        if (writer.aborted) break;
        await writer.row([...plan.fixedValues(element), ...columns.map((column) => element.properties[column])]);
        rows++;
      }
      await writer.end();
      this.ctx.deps.logger.debug({ rows, what: plan.what }, 'csv export finished');
    } catch (error) {
      // Headers (and maybe rows) are out: the only honest signal left is a broken response.
      this.ctx.deps.logger.error({ err: error, what: plan.what }, 'csv export failed midway');
      res.destroy(error as Error);
    }
  }
}
