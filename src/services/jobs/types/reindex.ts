import { z } from 'zod';
import { UnprocessableError } from '../../../errors';
import { SettingsService } from '../../settings/settings-service';
import { audit } from '../../audit/audit-service';
import { recordAppliedFulltext } from '../../settings/fulltext-reconcile';
import { defineJobType } from '../job-type';

const POLL_MS = 250;

/** Rebuilds the fulltext index over nodes from its stored configuration (what POST /cfg/indexer/node/create does) and waits for it. */
export const reindexJob = defineJobType({
  type: 'reindex',
  title: 'Rebuild the fulltext index',
  description: 'Recreates the fulltext index with the stored configuration and waits until it is online.',
  configSchema: z.object({}).strict(),
  example: {},
  permissions: ['SETTINGS_MANAGEMENT'],
  async run(run) {
    const config = await new SettingsService(run.ctx).get('FULLTEXT_INDEX');
    if (config.labels.length === 0 || config.properties.length === 0) {
      throw new UnprocessableError(
        'The fulltext index is not configured (no labels or no properties): configure it on the settings page first',
        'FULLTEXT_NOT_CONFIGURED',
      );
    }
    const graph = run.deps.graph;
    let status = await graph.createFulltextIndex(config);
    await recordAppliedFulltext(run.ctx.db, config);
    await audit(run.ctx, {
      action: 'fulltext.create',
      targetType: 'fulltext-index',
      targetId: 'node',
      details: { config, job: run.job.name },
    });
    run.log(`reindexing ${config.labels.length} label(s), ${config.properties.length} propert(ies)`);
    while (status.state === 'POPULATING') {
      run.throwIfCancelled();
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      status = await graph.fulltextStatus();
    }
    if (status.state !== 'ONLINE')
      throw new Error(`the fulltext index ended in state ${status.state}${status.failureMessage ? `: ${status.failureMessage}` : ''}`);
    run.log('the fulltext index is online');
  },
});
