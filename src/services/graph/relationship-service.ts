import { NotFoundError } from '../../errors';
import type { DeletedElements, GraphId, GraphRelationship, Properties, PropertyPatch } from '../../graph/graph-store';
import { assertIdentifier } from '../../graph/identifiers';
import { auditedGraphWrite } from './audited-write';
import { SettingsService } from '../settings/settings-service';
import { ScopedGraphService } from './scoped-graph';
import { safePatch } from './audit-details';
import { assertPropertyNames, propertyList } from './property-names';
import { assertPortableProperties, assertPropertyCount } from '../../graph/property-values';
import { assertWriteInScope, patched } from '../security/write-scope';

/**
 * Relationship reads and writes, on the same terms as NodeService: DATA_SCHEMA rules
 * (validateRelationshipWrite), audit, and invisible elements answered as absent (404).
 */
export class RelationshipService extends ScopedGraphService {
  private readonly settings = new SettingsService(this.ctx);
  private readonly maxProperties = this.ctx.deps.config.graph.maxPropertiesPerElement;

  async create(input: { type: string; startNodeId: GraphId; endNodeId: GraphId; properties?: Properties }): Promise<GraphRelationship> {
    const type = assertIdentifier('relationship type', input.type);
    const properties = input.properties ?? {};
    assertPropertyNames(properties);
    assertPortableProperties(properties);
    const present = patched({}, properties);
    assertPropertyCount(Object.keys(present).length, this.maxProperties);
    const scope = await this.scope();
    // The scope's rules for writes (type, properties, row rule); an end the user cannot see is refused by the adapter (404).
    assertWriteInScope(scope, {
      entity: 'relationship',
      type,
      namesType: true,
      properties: present,
      namedProperties: Object.keys(properties),
      complete: true,
    });
    await this.settings.validateRelationshipWrite(type, properties, 'create');
    const created = await auditedGraphWrite<GraphRelationship | null>(
      this.ctx,
      { action: 'relationship.create', targetType: 'relationship' },
      (options) =>
        this.graph.createRelationship({ type, startNodeId: input.startNodeId, endNodeId: input.endNodeId, properties }, scope, options),
      (relationship) =>
        relationship && {
          action: 'relationship.create',
          targetType: 'relationship',
          targetId: relationship.id,
          details: {
            type: relationship.type,
            startNodeId: relationship.startNodeId,
            endNodeId: relationship.endNodeId,
            properties: relationship.properties,
          },
        },
    );
    // A missing end and an end the user cannot see get the same answer.
    if (!created) throw new NotFoundError('Start or end node');
    return created;
  }

  async get(id: GraphId, properties?: string[]): Promise<GraphRelationship> {
    const [relationship] = await this.graph.getRelationships([id], await this.scope(), propertyList(properties));
    if (!relationship) throw new NotFoundError('Relationship');
    return relationship;
  }

  async update(id: GraphId, patch: PropertyPatch): Promise<GraphRelationship> {
    assertPropertyNames(patch);
    assertPortableProperties(patch);
    const scope = await this.scope();
    const [before] = await this.graph.getRelationships([id], scope);
    if (!before) throw new NotFoundError('Relationship');
    const propertiesAfter = patched(before.properties, patch);
    assertWriteInScope(scope, {
      entity: 'relationship',
      type: before.type,
      namesType: false,
      properties: propertiesAfter,
      namedProperties: Object.keys(patch ?? {}),
      complete: false,
    });
    assertPropertyCount(Object.keys(propertiesAfter).length, this.maxProperties);
    await this.settings.validateRelationshipWrite(before.type, patch, 'update');
    const after = await auditedGraphWrite<GraphRelationship | null>(
      this.ctx,
      { action: 'relationship.update', targetType: 'relationship', targetId: id },
      (options) => this.graph.updateRelationship(id, patch, scope, options),
      (updated) =>
        updated && {
          action: 'relationship.update',
          targetType: 'relationship',
          targetId: id,
          details: { type: updated.type, ...safePatch(patch, before.properties, updated.properties) },
        },
    );
    if (!after) throw new NotFoundError('Relationship');
    return after;
  }

  async delete(id: GraphId): Promise<DeletedElements> {
    const scope = await this.scope();
    const deleted = await auditedGraphWrite<DeletedElements | null>(
      this.ctx,
      { action: 'relationship.delete', targetType: 'relationship', targetId: id },
      (options) => this.graph.deleteRelationship(id, scope, options),
      (result) => {
        if (!result) return null;
        const relationship = result.relationships[0];
        return {
          action: 'relationship.delete',
          targetType: 'relationship',
          targetId: id,
          details: { type: relationship?.type, startNodeId: relationship?.startNodeId, endNodeId: relationship?.endNodeId },
        };
      },
    );
    if (!deleted) throw new NotFoundError('Relationship');
    return deleted;
  }
}
