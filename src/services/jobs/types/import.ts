import { stat } from 'node:fs/promises';
import { z } from 'zod';
import { UnprocessableError } from '../../../errors';
import { assertIdentifier } from '../../../graph/identifiers';
import { ImportService } from '../../import/import-service';
import type { ImportMapping } from '../../import/mapping';
import { defineJobType } from '../job-type';
import { relativeServerPath, resolveUnder } from '../server-files';

const JOB_TYPE_TO_COLUMN = { string: 'string', number: 'float', boolean: 'boolean' } as const;

const identifierSchema = (what: 'label' | 'property') =>
  z.string().refine(
    (value) => {
      try {
        assertIdentifier(what, value);
        return true;
      } catch {
        return false;
      }
    },
    { message: `not a valid ${what} name` },
  );

const mappingSchema = z
  .object({
    /** Every row becomes a node with this label. */
    label: identifierSchema('label'),
    /** CSV column -> property name; absent = every column under its own name. */
    columns: z.record(z.string().min(1).max(200), identifierSchema('property')).optional(),
    /** Property -> how its text is converted; absent = string. */
    types: z.record(z.string(), z.enum(['string', 'number', 'boolean'])).optional(),
  })
  .strict();

const configSchema = z
  .object({
    file: relativeServerPath.refine((value) => value.toLowerCase().endsWith('.csv'), {
      message: 'only CSV files (.csv) can be imported by a job for now',
    }),
    mapping: mappingSchema,
  })
  .strict();

/**
 * Imports a CSV file from the server's import directory (jobs.importDir) as nodes with one label,
 * through the import engine of spec 4.7 (src/services/import/import-service.ts). Empty cells become
 * no property; rows whose values do not convert are rejected (listed in the run's log).
 */
export const importJob = defineJobType({
  type: 'import',
  title: 'CSV node import',
  description:
    'Creates one node per row of a CSV file under the server import directory (jobs.importDir), with a label and a column-to-property mapping.',
  configSchema,
  example: {
    file: 'people/new-people.csv',
    mapping: { label: 'Person', columns: { 'Full name': 'name', Age: 'age' }, types: { age: 'number' } },
  },
  permissions: ['DATA_MANAGEMENT'],
  async run(run) {
    const { config, deps } = run;
    const file = resolveUnder(deps.config.jobs.importDir, config.file);
    const info = await stat(file).catch(() => null);
    if (!info?.isFile())
      throw new UnprocessableError(`the file ${config.file} does not exist in the import directory`, 'IMPORT_FILE_MISSING');
    if (info.size > deps.config.uploads.maxBytes)
      throw new UnprocessableError(`the file ${config.file} is larger than ${deps.config.uploads.maxBytes} bytes`, 'IMPORT_FILE_TOO_LARGE');
    // The import engine of spec 4.7 (src/services/import): streamed CSV, encoding and delimiter
    // detected, one transaction (a failure or a cancel leaves nothing), rows that do not convert
    // rejected with a reason, audited as data.import.
    const columns = config.mapping.columns;
    const mapping: ImportMapping = {
      kind: 'nodes',
      labels: [config.mapping.label],
      ...(columns
        ? {
            columns: Object.entries(columns).map(([column, property]) => ({
              column,
              property,
              type: JOB_TYPE_TO_COLUMN[config.mapping.types?.[property] ?? 'string'],
            })),
          }
        : {}),
    };
    const status = await new ImportService(run.ctx).importServerFile({ path: file, name: config.file, size: info.size }, mapping, () => {
      try {
        run.throwIfCancelled();
        return false;
      } catch {
        return true;
      }
    });
    run.throwIfCancelled();
    if (status.state !== 'succeeded' || !status.report)
      throw new UnprocessableError(
        status.error?.message ?? `the import of ${config.file} did not finish`,
        status.error?.code ?? 'IMPORT_FAILED',
      );
    const created = status.report.nodesCreated;
    run.count('nodesCreated', created);
    if (status.report.rowsRejected) run.count('rowsRejected', status.report.rowsRejected);
    for (const rejected of status.report.rejected) run.log(`row ${rejected.row} rejected: ${rejected.reason}`, 'warn');
    run.log(`created ${created} node(s) from ${status.report.rowsRead} row(s) of ${config.file} (import ${status.importId})`);
    return { result: { file: config.file, nodesCreated: created } };
  },
});
