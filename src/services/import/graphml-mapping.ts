import type { BulkImportBatch, BulkImportNode } from '../../graph/graph-store';
import { readGraphml, type GraphmlEdge, type GraphmlNode } from './graphml';
import { graphmlEdge, graphmlNode, graphmlPlan } from './graphml-plan';
import { scanGraphml } from './graphml-scan';
import type { Run } from './import-runs';
import type { GraphmlMapping } from './mapping';
import { checkProperties, rejectRow, tick } from './row-checks';

/** The nodes (or the edges) of a GraphML file, streamed from disk. */
async function* elementsOf<K extends 'node' | 'edge'>(run: Run, kind: K): AsyncGenerator<K extends 'node' ? GraphmlNode : GraphmlEdge> {
  for await (const elements of readGraphml(run.file.path, run.file.name)) {
    for (const element of elements) {
      const item = element[kind];
      if (item) yield item as K extends 'node' ? GraphmlNode : GraphmlEdge;
    }
  }
}

/**
 * A GraphML file into the batches of an import, streamed from disk in three passes so that
 * memory stays bounded whatever the file's size (issue 23 item 9): the scan (checks across
 * elements and the values the key proposal weighs, graphml-scan.ts; a file refused there writes
 * nothing), its nodes (labels and properties as the mapping's key choices say, graphml-plan.ts),
 * then its edges (ends by the nodes' GraphML ids, { key }: every node is written before any edge,
 * wherever the file puts them). Rows are numbered nodes first, then edges, in document order.
 */
export async function* graphmlBatches(run: Run, mapping: GraphmlMapping): AsyncGenerator<BulkImportBatch> {
  const scan = await scanGraphml(run.file.path, run.file.name);
  run.progress.rowsTotal = scan.nodeCount + scan.edgeCount;
  if (scan.warnings.length) run.report.warnings = scan.warnings;
  const keys = new Map(scan.keys.map((k) => [k.id, k]));
  // What each key becomes (label, property, left out) and which edge key gives the type: the
  // mapping's choices over the analysis's proposal (graphml-plan.ts).
  const plan = graphmlPlan(scan, mapping);
  const batchRows = run.ctx.deps.config.imports.batchRows;
  let batch: BulkImportBatch = { nodes: [], relationships: [] };
  let row = 0;
  const rejectedIds = new Set<string>();
  for await (const n of elementsOf(run, 'node')) {
    row++;
    run.report.rowsRead++;
    const read = graphmlNode(plan, keys, n, mapping.defaultLabel ?? 'Node');
    const labels = typeof read === 'string' ? [] : read.labels;
    const properties = typeof read === 'string' ? read : read.properties;
    let reason = typeof read === 'string' ? read : undefined;
    if (typeof properties !== 'string') {
      if (n.yedLabel !== undefined && properties.name === undefined) properties.name = n.yedLabel;
      const idProperty = mapping.idProperty === undefined ? 'id' : mapping.idProperty;
      if (idProperty) properties[idProperty] = n.id;
      reason ??= checkProperties(run, 'node', labels, properties, !mapping.mergeKey);
      if (!reason && mapping.mergeKey && properties[mapping.mergeKey.property] === undefined)
        reason = `the merge key ${mapping.mergeKey.property} is empty`;
    }
    if (reason || typeof properties === 'string') {
      rejectedIds.add(n.id);
      await rejectRow(run, row, `node ${n.id} (line ${n.line}): ${reason}`, [n.id]);
    } else {
      const node: BulkImportNode = { row, labels, properties, key: n.id };
      if (mapping.mergeKey) node.merge = mapping.mergeKey;
      batch.nodes.push(node);
    }
    if (batch.nodes.length >= batchRows) {
      yield batch;
      await tick(run, batch.nodes.length);
      batch = { nodes: [], relationships: [] };
    }
  }
  if (batch.nodes.length) {
    yield batch;
    await tick(run, batch.nodes.length);
    batch = { nodes: [], relationships: [] };
  }
  const edgeRows = new Map<number, string[]>();
  const flushEdges = async function* (): AsyncGenerator<BulkImportBatch> {
    const rows = new Map(edgeRows);
    batch.onWritten = async (unresolved) => {
      for (const r of unresolved)
        await rejectRow(run, r, `edge ${rows.get(r)?.join(' -> ')}: an end was not imported`, rows.get(r) ?? [], true);
    };
    const count = batch.relationships.length;
    yield batch;
    await tick(run, count);
    batch = { nodes: [], relationships: [] };
    edgeRows.clear();
  };
  for await (const e of elementsOf(run, 'edge')) {
    row++;
    run.report.rowsRead++;
    const read = graphmlEdge(plan, keys, e, mapping.defaultType ?? 'RELATED_TO');
    const type = typeof read === 'string' ? '' : read.type;
    const properties = typeof read === 'string' ? read : read.properties;
    let reason = typeof read === 'string' ? read : undefined;
    if (!reason && typeof properties !== 'string') reason = checkProperties(run, 'relationship', [type], properties);
    if (!reason && (rejectedIds.has(e.source) || rejectedIds.has(e.target))) reason = 'its source or target node was rejected';
    if (reason || typeof properties === 'string') {
      await rejectRow(run, row, `edge ${e.id ?? `${e.source}->${e.target}`} (line ${e.line}): ${reason}`, [e.source, e.target]);
      continue;
    }
    batch.relationships.push({ row, type, start: { key: e.source }, end: { key: e.target }, properties });
    if (!e.directed) (run.undirected ??= new Set()).add(type);
    edgeRows.set(row, [e.source, e.target]);
    if (batch.relationships.length >= batchRows) yield* flushEdges();
  }
  if (batch.relationships.length) yield* flushEdges();
}
