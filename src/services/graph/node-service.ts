import { NotFoundError } from '../../errors';
import type { DeletedElements, Filter, GraphId, GraphNode, Properties, PropertyPatch } from '../../graph/graph-store';
import { auditedGraphWrite } from './audited-write';
import { SettingsService } from '../settings/settings-service';
import { ScopedGraphService } from './scoped-graph';
import { GraphVocabulary } from './vocabulary';
import { redactPatch, safePatch } from './audit-details';
import { redactFilter } from './filter-tools';
import { assertPropertyNames, labelList, propertyList } from './property-names';
import { assertPortableProperties, assertPropertyCount } from '../../graph/property-values';
import { assertWriteInScope, patched } from '../security/write-scope';

export interface NodeChange {
  properties?: PropertyPatch;
  addLabels?: string[];
  removeLabels?: string[];
}

function resultingLabels(labels: string[], add: string[], remove: string[]): string[] {
  return [...new Set([...labels, ...add])].filter((label) => !remove.includes(label));
}

/** The properties a create will store (a null value means absent). */
function presentProperties(properties: Properties): Properties {
  return Object.fromEntries(Object.entries(properties).filter(([, value]) => value !== null && value !== undefined));
}

/**
 * Node reads and writes. Writes need DATA_MANAGEMENT (checked by the route), follow the
 * DATA_SCHEMA rules (SettingsService.validateNodeWrite: 422 DATA_SCHEMA_VIOLATION) and are audited.
 * Nodes the user cannot see behave as absent: 404 NOT_FOUND, the same as a missing id.
 */
export class NodeService extends ScopedGraphService {
  private readonly settings = new SettingsService(this.ctx);
  private readonly maxProperties = this.ctx.deps.config.graph.maxPropertiesPerElement;

  async create(input: { labels: string[]; properties?: Properties }): Promise<GraphNode> {
    const labels = labelList(input.labels);
    const properties = input.properties ?? {};
    assertPropertyNames(properties);
    assertPortableProperties(properties);
    assertPropertyCount(Object.keys(presentProperties(properties)).length, this.maxProperties);
    const scope = await this.scope();
    // The scope's rules for writes (labels, properties, row rule), one check for every write path.
    assertWriteInScope(scope, {
      entity: 'node',
      labels,
      properties: presentProperties(properties),
      namedLabels: labels,
      namedProperties: Object.keys(properties),
      complete: true,
    });
    await this.settings.validateNodeWrite(labels, properties, 'create');
    return auditedGraphWrite<GraphNode>(
      this.ctx,
      { action: 'node.create', targetType: 'node' },
      (options) => this.graph.createNode({ labels, properties }, scope, options),
      (node) => ({
        action: 'node.create',
        targetType: 'node',
        targetId: node.id,
        details: { labels: node.labels, properties: node.properties },
      }),
    );
  }

  /** The node with only the requested properties (all visible ones when absent). */
  async get(id: GraphId, properties?: string[]): Promise<GraphNode> {
    const [node] = await this.graph.getNodes([id], await this.scope(), propertyList(properties));
    if (!node) throw new NotFoundError('Node');
    return node;
  }

  async update(id: GraphId, change: NodeChange): Promise<GraphNode> {
    const addLabels = labelList(change.addLabels);
    const removeLabels = labelList(change.removeLabels);
    assertPropertyNames(change.properties);
    assertPortableProperties(change.properties);
    const scope = await this.scope();
    const [before] = await this.graph.getNodes([id], scope);
    if (!before) throw new NotFoundError('Node');
    // Hidden labels of the node are not in before.labels, so check against the labels it will carry as the user sees them.
    const labelsAfter = resultingLabels(before.labels, addLabels, removeLabels);
    const propertiesAfter = patched(before.properties, change.properties);
    assertWriteInScope(scope, {
      entity: 'node',
      labels: labelsAfter,
      properties: propertiesAfter,
      namedLabels: [...addLabels, ...removeLabels],
      namedProperties: Object.keys(change.properties ?? {}),
      complete: false,
    });
    assertPropertyCount(Object.keys(propertiesAfter).length, this.maxProperties);
    await this.settings.validateNodeWrite(resultingLabels(before.labels, addLabels, removeLabels), change.properties ?? {}, 'update');
    const after = await auditedGraphWrite<GraphNode | null>(
      this.ctx,
      { action: 'node.update', targetType: 'node', targetId: id },
      (options) => this.graph.updateNode(id, { properties: change.properties ?? {}, addLabels, removeLabels }, scope, options),
      (updated) =>
        updated && {
          action: 'node.update',
          targetType: 'node',
          targetId: id,
          details: {
            labels: updated.labels,
            addLabels,
            removeLabels,
            ...safePatch(change.properties, before.properties, updated.properties),
          },
        },
    );
    if (!after) throw new NotFoundError('Node');
    return after;
  }

  /** Deletes the node and all its relationships; answers with every deleted element the user may see. */
  async delete(id: GraphId): Promise<DeletedElements> {
    const scope = await this.scope();
    const deleted = await auditedGraphWrite<DeletedElements | null>(
      this.ctx,
      { action: 'node.delete', targetType: 'node', targetId: id },
      (options) => this.graph.deleteNode(id, scope, options),
      (result) =>
        result && {
          action: 'node.delete',
          targetType: 'node',
          targetId: id,
          details: { labels: result.nodes[0]?.labels ?? [], relationshipIds: result.relationships.map((r) => r.id) },
        },
    );
    if (!deleted) throw new NotFoundError('Node');
    return deleted;
  }

  /**
   * Updates every visible node matching the filter in one statement. Every distinct label set
   * among the matches is checked against DATA_SCHEMA first (a streamed pass without properties),
   * so a violation changes nothing.
   */
  async updateMatching(filter: Filter, change: NodeChange): Promise<{ updated: number }> {
    const addLabels = labelList(change.addLabels);
    const removeLabels = labelList(change.removeLabels);
    assertPropertyNames(change.properties);
    assertPortableProperties(change.properties);
    const scope = await this.scope();
    const vocabulary = new GraphVocabulary(this.ctx, this.scope());
    await vocabulary.assertKnownFilterNames(filter);
    // The distinct label sets first, then the checks: no query may run while the stream holds its
    // connection (on a PostgreSQL server it is a cursor; concurrent bulk updates would otherwise
    // each hold one connection and wait for another).
    // Every match is checked as it will be (the scope's rules for writes, the property limit), so a
    // refusal changes nothing; its visible properties are read only when a check needs them.
    const patch = change.properties ?? {};
    const addsProperties = Object.values(patch).some((value) => value !== null && value !== undefined);
    const needsProperties = addsProperties || (!scope.unrestricted && scope.nodeFilter !== undefined);
    const labelSets = new Map<string, string[]>();
    for await (const node of this.graph.streamNodes({ filter, properties: needsProperties ? undefined : [] }, scope)) {
      const labels = resultingLabels(node.labels, addLabels, removeLabels);
      const properties = patched(node.properties, patch);
      assertWriteInScope(scope, {
        entity: 'node',
        labels,
        properties,
        namedLabels: [...addLabels, ...removeLabels],
        namedProperties: Object.keys(patch),
        complete: false,
      });
      if (addsProperties) assertPropertyCount(Object.keys(properties).length, this.maxProperties);
      labelSets.set(JSON.stringify([...labels].sort()), labels);
    }
    for (const labels of labelSets.values()) await this.settings.validateNodeWrite(labels, patch, 'update');
    // Read before the write: the audit event is recorded inside the write's transaction, where no
    // other query may run. The patch's own keys are visible (assertWriteInScope passed).
    const visible = new Set([...(await vocabulary.propertyKeys()), ...Object.keys(change.properties ?? {})]);
    const updated = await auditedGraphWrite<number>(
      this.ctx,
      { action: 'nodes.bulk-update', targetType: 'node' },
      (options) => this.graph.updateNodesMatching(filter, { properties: change.properties ?? {}, addLabels, removeLabels }, scope, options),
      (count) => ({
        action: 'nodes.bulk-update',
        targetType: 'node',
        details: {
          filter: redactFilter(filter, visible),
          count,
          properties: redactPatch(change.properties, visible),
          addLabels,
          removeLabels,
        },
      }),
    );
    return { updated };
  }
}
