import { z } from 'zod';
import { PermissionDeniedError } from '../../../errors';
import type { GraphNode } from '../../../graph/graph-store';
import { CypherService } from '../../graph/cypher-service';
import type { JobRunContext } from '../job-type';
import { defineJobType } from '../job-type';
import { captionOf, nodeQueryFields, streamMatchingNodes } from '../node-query';

/** Linkurious keeps at most 5,000 matches of an alert; so do we. */
export const ALERT_MAX_MATCHES = 5000;

const configSchema = z
  .object({
    ...nodeQueryFields,
    cypher: z.string().trim().min(1).max(100_000).optional(),
    recipients: z
      .array(z.email('a recipient must be an e-mail address'))
      .min(1, 'name at least one recipient')
      .max(50, 'at most 50 recipients'),
    subject: z.string().trim().min(1).max(200).optional(),
    maxMatches: z.number().int().min(1).max(ALERT_MAX_MATCHES, `at most ${ALERT_MAX_MATCHES} matches`).optional(),
  })
  .strict()
  .refine((c) => !(c.cypher && (c.filter || c.labels?.length || c.text)), {
    message: 'give either a find filter (filter, labels, text) or a Cypher query, not both',
  })
  .refine((c) => Boolean(c.cypher || c.filter || c.labels?.length || c.text?.trim()), {
    message: 'give a find filter (filter, labels or text) or a Cypher query',
  });

type AlertConfig = z.infer<typeof configSchema>;

interface Match {
  id: string;
  labels: string[];
  caption: string;
}

async function findMatches(run: JobRunContext<AlertConfig>, cap: number): Promise<{ matches: Match[]; capped: boolean }> {
  const matches: Match[] = [];
  const seen = new Set<string>();
  const add = (node: GraphNode) => {
    if (seen.has(node.id)) return;
    seen.add(node.id);
    matches.push({ id: node.id, labels: node.labels, caption: captionOf(node) });
  };
  if (run.config.cypher) {
    const result = await new CypherService(run.ctx).run(run.config.cypher, {});
    for (const row of result.rows) for (const cell of row) collectNodes(cell, add);
  } else {
    for await (const node of streamMatchingNodes(run.ctx, run.config)) {
      run.throwIfCancelled();
      if (matches.length >= cap) return { matches, capped: true };
      add(node);
    }
  }
  return matches.length > cap ? { matches: matches.slice(0, cap), capped: true } : { matches, capped: false };
}

function collectNodes(value: unknown, add: (node: GraphNode) => void): void {
  if (Array.isArray(value)) return value.forEach((v) => collectNodes(v, add));
  if (!value || typeof value !== 'object') return;
  const v = value as Record<string, unknown>;
  if (typeof v.id === 'string' && Array.isArray(v.labels) && v.properties && typeof v.properties === 'object')
    add(v as unknown as GraphNode);
  else if (Array.isArray(v.nodes)) collectNodes(v.nodes, add);
}

/**
 * Mails the matches that were not matches at the previous successful run (all of them at the
 * first run) to the recipients, with a link to the run on the jobs page, which lists them.
 */
export const alertJob = defineJobType({
  type: 'alert',
  title: 'Alert',
  description: `Runs a find filter (or a Cypher query) and mails the nodes that are new since the previous run to the recipients, with a link that opens them; at most ${ALERT_MAX_MATCHES} matches are considered.`,
  configSchema,
  example: {
    filter: { and: [{ label: 'Transaction' }, { property: 'amount', operator: '>', value: 10000 }] },
    recipients: ['fraud-team@example.com'],
    subject: 'Large transactions',
  },
  permissions: [],
  check(config, ctx) {
    if (config.cypher) {
      if (!ctx.user?.permissions.has('CYPHER_QUERIES')) {
        throw new PermissionDeniedError('CYPHER_QUERIES');
      }
    }
  },
  async run(run) {
    const cap = run.config.maxMatches ?? ALERT_MAX_MATCHES;
    const { matches, capped } = await findMatches(run, cap);
    if (capped) run.log(`more than ${cap} matches: only the first ${cap} are considered`, 'warn');
    const previous = new Set(Array.isArray(run.memory.matchIds) ? (run.memory.matchIds as string[]) : []);
    const fresh = matches.filter((m) => !previous.has(m.id));
    run.count('matches', matches.length);
    run.count('newMatches', fresh.length);
    run.log(`${matches.length} match(es), ${fresh.length} new since the previous run`);
    const memory = { matchIds: matches.map((m) => m.id) };
    if (fresh.length === 0) return { memory, result: { newMatches: [] } };

    const link = `${run.publicUrl}/jobs/list?job=${encodeURIComponent(run.job.name)}&run=${encodeURIComponent(run.runId)}`;
    const subject = run.config.subject ?? `Alert ${run.job.name}: ${fresh.length} new match${fresh.length === 1 ? '' : 'es'}`;
    const text = [
      `The alert "${run.job.name}" found ${fresh.length} new match${fresh.length === 1 ? '' : 'es'} since its previous run.`,
      '',
      `Open them: ${link}`,
      '',
      ...fresh.map((m) => `- #${m.id} ${m.labels.join(', ')}${m.caption ? ` ${m.caption}` : ''}`),
      ...(capped ? ['', `More than ${cap} nodes matched; only the first ${cap} were considered.`] : []),
    ].join('\n');
    if (!run.deps.mailer.configured) run.log('no SMTP server is configured (mail.url): the mail text goes to the service log', 'warn');
    for (const to of run.config.recipients) {
      run.throwIfCancelled();
      await run.deps.mailer.send({ to, subject, text });
      run.count(run.deps.mailer.configured ? 'mailsSent' : 'mailsLogged');
    }
    if (run.deps.mailer.configured) run.log(`mailed ${run.config.recipients.length} recipient(s)`);
    return { memory, result: { newMatches: fresh, link } };
  },
});
