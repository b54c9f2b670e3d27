import { NotFoundError } from '../../errors';
import type { DeletedElements, Filter, GraphId, GraphNode, Properties, PropertyPatch } from '../../graph/graph-store';
import { audit } from '../audit/audit-service';
import { SettingsService } from '../settings/settings-service';
import { ScopedGraphService } from './scoped-graph';
import { GraphVocabulary } from './vocabulary';
import { redactPatch, safePatch } from './audit-details';
import { redactFilter } from './filter-tools';
import { assertPropertyNames, labelList, propertyList } from './property-names';
import { assertWritableProperties } from './property-visibility';
import { assertPortableProperties } from '../../graph/property-values';

export interface NodeChange {
  properties?: PropertyPatch;
  addLabels?: string[];
  removeLabels?: string[];
}

function resultingLabels(labels: string[], add: string[], remove: string[]): string[] {
  return [...new Set([...labels, ...add])].filter((label) => !remove.includes(label));
}

/**
 * Node reads and writes. Writes need DATA_MANAGEMENT (checked by the route), follow the
 * DATA_SCHEMA rules (SettingsService.validateNodeWrite: 422 DATA_SCHEMA_VIOLATION) and are audited.
 * Nodes the user cannot see behave as absent: 404 NOT_FOUND, the same as a missing id.
 */
export class NodeService extends ScopedGraphService {
  private readonly settings = new SettingsService(this.ctx);

  async create(input: { labels: string[]; properties?: Properties }): Promise<GraphNode> {
    const labels = labelList(input.labels);
    const properties = input.properties ?? {};
    assertPropertyNames(properties);
    assertPortableProperties(properties);
    const scope = await this.scope();
    assertWritableProperties(scope, 'node', labels, properties);
    await this.settings.validateNodeWrite(labels, properties, 'create');
    const node = await this.graph.createNode({ labels, properties }, scope);
    await audit(this.ctx, { action: 'node.create', targetType: 'node', targetId: node.id, details: { labels: node.labels, properties: node.properties } });
    return node;
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
    assertWritableProperties(scope, 'node', resultingLabels(before.labels, addLabels, removeLabels), change.properties);
    await this.settings.validateNodeWrite(resultingLabels(before.labels, addLabels, removeLabels), change.properties ?? {}, 'update');
    const after = await this.graph.updateNode(id, { properties: change.properties ?? {}, addLabels, removeLabels }, scope);
    if (!after) throw new NotFoundError('Node');
    await audit(this.ctx, {
      action: 'node.update',
      targetType: 'node',
      targetId: id,
      details: { labels: after.labels, addLabels, removeLabels, ...safePatch(change.properties, before.properties, after.properties) },
    });
    return after;
  }

  /** Deletes the node and all its relationships; answers with every deleted element the user may see. */
  async delete(id: GraphId): Promise<DeletedElements> {
    const deleted = await this.graph.deleteNode(id, await this.scope());
    if (!deleted) throw new NotFoundError('Node');
    await audit(this.ctx, {
      action: 'node.delete',
      targetType: 'node',
      targetId: id,
      details: { labels: deleted.nodes[0]?.labels ?? [], relationshipIds: deleted.relationships.map((r) => r.id) },
    });
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
    const checked = new Set<string>();
    for await (const node of this.graph.streamNodes({ filter, properties: [] }, scope)) {
      const labels = resultingLabels(node.labels, addLabels, removeLabels);
      const key = JSON.stringify([...labels].sort());
      if (checked.has(key)) continue;
      checked.add(key);
      assertWritableProperties(scope, 'node', labels, change.properties);
      await this.settings.validateNodeWrite(labels, change.properties ?? {}, 'update');
    }
    const updated = await this.graph.updateNodesMatching(filter, { properties: change.properties ?? {}, addLabels, removeLabels }, scope);
    const visible = new Set(await vocabulary.propertyKeys());
    await audit(this.ctx, {
      action: 'nodes.bulk-update',
      targetType: 'node',
      details: { filter: redactFilter(filter, visible), count: updated, properties: redactPatch(change.properties, visible), addLabels, removeLabels },
    });
    return { updated };
  }
}
