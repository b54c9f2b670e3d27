import { readFile, stat } from 'node:fs/promises';
import { z } from 'zod';
import { UnprocessableError } from '../../../errors';
import { assertIdentifier } from '../../../graph/identifiers';
import { parseCsv } from '../../export/csv-writer';
import { audit } from '../../audit/audit-service';
import { auditedGraphWrite } from '../../graph/audited-write';
import type { ImportBatchResult } from '../../../graph/graph-store';
import { defineJobType } from '../job-type';
import { relativeServerPath, resolveUnder } from '../server-files';

const BATCH = 1000;

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
    file: relativeServerPath.refine((value) => value.toLowerCase().endsWith('.csv'), { message: 'only CSV files (.csv) can be imported by a job for now' }),
    mapping: mappingSchema,
  })
  .strict();

function convert(text: string, type: 'string' | 'number' | 'boolean' | undefined, column: string, line: number): unknown {
  if (type === 'number') {
    const value = Number(text);
    if (text.trim() === '' || !Number.isFinite(value)) throw new UnprocessableError(`line ${line}, column ${column}: "${text}" is not a number`, 'IMPORT_ROW_INVALID');
    return value;
  }
  if (type === 'boolean') {
    if (!/^(true|false)$/i.test(text.trim())) throw new UnprocessableError(`line ${line}, column ${column}: "${text}" is not true or false`, 'IMPORT_ROW_INVALID');
    return text.trim().toLowerCase() === 'true';
  }
  return text;
}

/**
 * Imports a CSV file from the server's import directory (jobs.importDir) as nodes with one label,
 * through the graph port's importBatch. The full import engine (relationships, saved mappings of
 * the import page) is a later issue; this is the minimal node import. Empty cells become no property.
 */
export const importJob = defineJobType({
  type: 'import',
  title: 'CSV node import',
  description: 'Creates one node per row of a CSV file under the server import directory (jobs.importDir), with a label and a column-to-property mapping.',
  configSchema,
  example: { file: 'people/new-people.csv', mapping: { label: 'Person', columns: { 'Full name': 'name', Age: 'age' }, types: { age: 'number' } } },
  permissions: ['DATA_MANAGEMENT'],
  async run(run) {
    const { config, deps } = run;
    const file = resolveUnder(deps.config.jobs.importDir, config.file);
    const info = await stat(file).catch(() => null);
    if (!info?.isFile()) throw new UnprocessableError(`the file ${config.file} does not exist in the import directory`, 'IMPORT_FILE_MISSING');
    if (info.size > deps.config.uploads.maxBytes) throw new UnprocessableError(`the file ${config.file} is larger than ${deps.config.uploads.maxBytes} bytes`, 'IMPORT_FILE_TOO_LARGE');
    const rows = parseCsv((await readFile(file, 'utf8')).replace(/^\uFEFF/, ''));
    const [header, ...records] = rows;
    if (!header) throw new UnprocessableError(`the file ${config.file} is empty`, 'IMPORT_FILE_EMPTY');
    const columns = config.mapping.columns ?? Object.fromEntries(header.map((name) => [name, name]));
    for (const [column, property] of Object.entries(columns)) {
      if (!header.includes(column)) throw new UnprocessableError(`the file has no column ${column}`, 'IMPORT_COLUMN_MISSING');
      assertIdentifier('property', property);
    }
    const positions = Object.entries(columns).map(([column, property]) => ({ column, property, index: header.indexOf(column) }));
    let created = 0;
    for (let start = 0; start < records.length; start += BATCH) {
      run.throwIfCancelled();
      const nodes = records.slice(start, start + BATCH).map((record, offset) => {
        const properties: Record<string, unknown> = {};
        for (const { column, property, index } of positions) {
          const text = record[index] ?? '';
          if (text === '') continue;
          properties[property] = convert(text, config.mapping.types?.[property], column, start + offset + 2);
        }
        return { labels: [config.mapping.label], properties };
      });
      // Each batch and its data.import.batch event are one unit (one transaction on PostgreSQL; intent + confirmation on Neo4j).
      const firstRow = start + 2;
      const result = await auditedGraphWrite<ImportBatchResult>(
        run.ctx,
        { action: 'data.import.batch', targetType: 'nodes' },
        (options) => deps.graph.importBatch({ nodes, relationships: [] }, options),
        (batch) => ({ action: 'data.import.batch', targetType: 'nodes', details: { job: run.job.name, file: config.file, firstRow, nodesCreated: batch.nodesCreated } }),
      );
      created += result.nodesCreated;
      run.count('nodesCreated', result.nodesCreated);
    }
    run.log(`created ${created} node(s) from ${records.length} row(s) of ${config.file}`);
    await audit(run.ctx, { action: 'data.import', targetType: 'nodes', details: { job: run.job.name, file: config.file, nodesCreated: created } });
    return { result: { file: config.file, nodesCreated: created } };
  },
});
