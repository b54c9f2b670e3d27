import type { ServiceContext } from '../../core/context';
import { ConflictError, NotFoundError, UnprocessableError } from '../../errors';
import { UNRESTRICTED, type FulltextConfig, type FulltextStatus, type SchemaIndex, type SchemaIndexInput } from '../../graph/graph-store';
import { audit } from '../audit/audit-service';
import { AUTOMATIC_SAMPLE_SIZE, SettingsService } from './settings-service';
import { fulltextIndex, stringPropertiesByLabel } from './fulltext-index';
import { fulltextStatusVisibleTo, indexesVisibleTo, visibilityOf } from './settings-view';
import { reconcileFulltextIndex, recordAppliedFulltext } from './fulltext-reconcile';

/**
 * Schema indexes (spec 4.12) and the fulltext index over nodes (spec 4.1): the graph port's index
 * calls, the service store's record of the applied fulltext configuration, and their audit events.
 * Readers without Settings management see only what names visible labels, types and properties.
 */
export class SchemaService {
  constructor(private readonly ctx: ServiceContext) {}

  private get graph() {
    return this.ctx.deps.graph;
  }

  async listIndexes(): Promise<SchemaIndex[]> {
    return indexesVisibleTo(await this.graph.listIndexes(), await visibilityOf(this.ctx));
  }

  /** 409 INDEX_EXISTS for an identical index; audited as schema.index.create. */
  async createIndex(input: SchemaIndexInput): Promise<SchemaIndex> {
    const existing = await this.graph.listIndexes();
    if (
      existing.some(
        (i) => i.entity === input.entity && i.token === input.token && JSON.stringify(i.properties) === JSON.stringify(input.properties),
      )
    ) {
      throw new ConflictError('An identical schema index exists', 'INDEX_EXISTS');
    }
    const created = await this.graph.createIndex(input);
    await audit(this.ctx, { action: 'schema.index.create', targetType: 'schema-index', targetId: created.name, details: { ...input } });
    return created;
  }

  /** 404 INDEX_NOT_FOUND when there is no such index; audited as schema.index.drop. */
  async dropIndex(input: SchemaIndexInput): Promise<void> {
    const dropped = await this.graph.dropIndex(input);
    if (!dropped) throw new NotFoundError('Schema index', 'INDEX_NOT_FOUND');
    await audit(this.ctx, { action: 'schema.index.drop', targetType: 'schema-index', targetId: null, details: { ...input } });
  }

  configureFulltext(config: FulltextConfig): Promise<FulltextConfig> {
    return new SettingsService(this.ctx).put('FULLTEXT_INDEX', config, { auditAction: 'fulltext.configure' });
  }

  /** The index status as the reader may see it. */
  async fulltextStatus(): Promise<FulltextStatus> {
    return fulltextStatusVisibleTo(await this.statusWithConfig(), await visibilityOf(this.ctx));
  }

  /** String properties of a sample of the nodes, read without restrictions (hence SETTINGS_MANAGEMENT at the route). */
  async automaticFulltext(sampleSize = AUTOMATIC_SAMPLE_SIZE): Promise<FulltextConfig & { byLabel: Record<string, string[]> }> {
    const sample = await this.graph.sample(sampleSize, UNRESTRICTED);
    const input = { sample, labels: [], types: [], keys: [] };
    return { ...fulltextIndex.automatic(input), byLabel: stringPropertiesByLabel(input) };
  }

  defaultFulltext(): FulltextConfig {
    return new SettingsService(this.ctx).defaultOf('FULLTEXT_INDEX');
  }

  /** Drops the index (the stored configuration stays); audited as fulltext.drop. */
  async dropFulltext(): Promise<FulltextStatus> {
    const before = await this.graph.fulltextStatus();
    await this.graph.dropFulltextIndex();
    await recordAppliedFulltext(this.ctx.db, null);
    await audit(this.ctx, {
      action: 'fulltext.drop',
      targetType: 'fulltext-index',
      targetId: 'node',
      details: { previousState: before.state },
    });
    return this.statusWithConfig();
  }

  /** (Re)creates the index with the stored configuration; 422 FULLTEXT_NOT_CONFIGURED without one; audited as fulltext.create. */
  async createFulltext(): Promise<FulltextStatus> {
    const config = await new SettingsService(this.ctx).get('FULLTEXT_INDEX');
    if (config.labels.length === 0 || config.properties.length === 0) {
      throw new UnprocessableError(
        'Configure the fulltext index first (POST /cfg/indexer/node/configure with labels and properties)',
        'FULLTEXT_NOT_CONFIGURED',
      );
    }
    const status = await this.graph.createFulltextIndex(config);
    await recordAppliedFulltext(this.ctx.db, config);
    await audit(this.ctx, { action: 'fulltext.create', targetType: 'fulltext-index', targetId: 'node', details: { config } });
    return this.statusWithConfig(status);
  }

  /**
   * The index status with the stored FULLTEXT_INDEX configuration when the index has none. Reading
   * it first reconciles the graph's index with the service store (fulltext-reconcile.ts).
   */
  private async statusWithConfig(status?: FulltextStatus): Promise<FulltextStatus> {
    const current = status ?? (await reconcileFulltextIndex({ db: this.ctx.db, graph: this.graph, logger: this.ctx.deps.logger }));
    if (current.config) return current;
    const stored = await new SettingsService(this.ctx).get('FULLTEXT_INDEX');
    return { ...current, config: stored };
  }
}
