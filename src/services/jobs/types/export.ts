import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { once } from 'node:events';
import { z } from 'zod';
import { CsvWriter } from '../../export/csv-writer';
import { audit } from '../../audit/audit-service';
import { propertyList } from '../../graph/property-names';
import { defineJobType } from '../job-type';
import { nodeQueryFields, streamMatchingNodes } from '../node-query';
import { relativeServerPath, resolveUnder } from '../server-files';

const configSchema = z
  .object({
    ...nodeQueryFields,
    properties: z.array(z.string().min(1).max(200)).max(1000).optional(),
    file: relativeServerPath.refine((value) => value.toLowerCase().endsWith('.csv'), { message: 'the file name ends with .csv' }),
    /** Adds the run's start time to the file name (nodes-20261123T120000Z.csv), keeping every export. */
    timestamped: z.boolean().optional(),
  })
  .strict();

function timestampedName(file: string, at: Date): string {
  const stamp = at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
  return file.replace(/\.csv$/i, `-${stamp}.csv`);
}

/**
 * Writes the nodes matching a find filter as CSV (the columns of GET /data/export: id, labels,
 * then the properties) into the configured export directory. Streamed at constant memory into
 * a temporary file that replaces the target only when complete.
 */
export const exportJob = defineJobType({
  type: 'export',
  title: 'CSV export',
  description: 'Writes the nodes matching a find filter as a CSV file into the export directory of the server (jobs.exportDir).',
  configSchema,
  example: {
    labels: ['Company'],
    filter: { property: 'country', operator: '=', value: 'CZ' },
    properties: ['name', 'country'],
    file: 'companies/cz.csv',
    timestamped: false,
  },
  permissions: ['EXPORT_DATA'],
  async run(run) {
    const { config } = run;
    const directory = run.deps.config.jobs.exportDir;
    const relative = config.timestamped ? timestampedName(config.file, new Date()) : config.file;
    const target = resolveUnder(directory, relative);
    await mkdir(path.dirname(target), { recursive: true });
    const query = {
      filter: config.filter,
      labels: config.labels,
      text: config.text,
      ...(config.properties ? { properties: propertyList(config.properties) } : {}),
    };

    let columns = query.properties;
    if (!columns) {
      const keys = new Set<string>();
      for await (const node of streamMatchingNodes(run.ctx, query)) {
        run.throwIfCancelled();
        for (const key of Object.keys(node.properties)) keys.add(key);
      }
      columns = [...keys].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    }

    const temporary = `${target}.${run.runId}.partial`;
    const out = createWriteStream(temporary, { flags: 'w' });
    const failed = once(out, 'error').then(([error]) => {
      throw error;
    });
    failed.catch(() => undefined);
    try {
      const writer = new CsvWriter(out);
      await writer.row(['id', 'labels', ...columns]);
      let rows = 0;
      for await (const node of streamMatchingNodes(run.ctx, query)) {
        run.throwIfCancelled();
        await Promise.race([writer.row([node.id, node.labels.join(';'), ...columns.map((c) => node.properties[c])]), failed]);
        rows++;
      }
      await writer.flush();
      out.end();
      await Promise.race([once(out, 'finish'), failed]);
      await rename(temporary, target);
      run.count('rows', rows);
      run.log(`wrote ${rows} node(s) to ${relative}`);
      await audit(run.ctx, {
        action: 'data.export',
        targetType: 'nodes',
        details: { format: 'csv', columns, job: run.job.name, file: relative },
      });
      return { result: { file: relative, rows } };
    } catch (error) {
      out.destroy();
      await rm(temporary, { force: true });
      throw error;
    }
  },
});
