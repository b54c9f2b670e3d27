import type { Properties } from '../../graph/graph-store';
import { assertPortableValue, tooManyProperties } from '../../graph/property-values';
import { writeRefusal } from '../security/write-scope';
import { dataSchemaViolations } from '../settings/data-schema-validation';
import { ImportCancelled, progressOf, sharedDatabase, type Run } from './import-runs';

/** What every row of an import goes through, whatever its file: checks, rejection, progress. */

/** A row that cannot be imported: recorded with its reason, the import goes on (unless all-or-nothing). */
export class RowRejected extends Error {}

/** Rejected rows listed in the report (all of them are in the rejected-rows CSV). */
const REPORT_REJECTED = 20;

/** Why the element cannot be written, or undefined. `complete`: the row creates the element (false for a merge row, which may update an existing node). */
export function checkProperties(
  run: Run,
  entity: 'node' | 'relationship',
  tokens: string[],
  properties: Properties,
  complete = true,
): string | undefined {
  for (const [key, value] of Object.entries(properties)) {
    try {
      assertPortableValue(key, value);
    } catch (e) {
      return (e as Error).message;
    }
  }
  const tooMany = tooManyProperties(Object.keys(properties).length, run.ctx.deps.config.graph.maxPropertiesPerElement);
  if (tooMany) return `${tooMany.code}: ${tooMany.message}`;
  // The same rules for writes as every other write path (labels, types, properties, row rules).
  const refused = writeRefusal(
    run.scope,
    entity === 'node'
      ? { entity, labels: tokens, properties, namedLabels: tokens, namedProperties: Object.keys(properties), complete }
      : { entity, type: tokens[0], namesType: true, properties, namedProperties: Object.keys(properties), complete },
  );
  if (refused) return `${refused.code}: ${refused.message}`;
  const violations = dataSchemaViolations(run.schema, entity, tokens, properties, 'create');
  if (violations.length) return `DATA_SCHEMA: ${violations.map((v) => v.message).join('; ')}`;
  return undefined;
}

/** Records a rejected (or, for an unresolved relationship end, skipped) row in the report and the rejected-rows CSV. */
export async function rejectRow(run: Run, row: number, reason: string, values: unknown[], skipped = false): Promise<void> {
  if (skipped) run.report.rowsSkipped++;
  else run.report.rowsRejected++;
  if (run.report.rejected.length < REPORT_REJECTED) run.report.rejected.push({ row, reason });
  await run.rejectedOut.row([row, reason, ...values]);
}

/** After each batch: stop when cancelled; save the progress (at most every 500 ms) and read a cancel asked through another instance. */
export async function tick(run: Run, rows: number): Promise<void> {
  if (run.control.cancelled || run.control.external?.()) throw new ImportCancelled();
  run.progress.rowsDone += rows;
  const now = Date.now();
  if (now - run.progress.lastSaved < 500) return;
  run.progress.lastSaved = now;
  if (!sharedDatabase(run.ctx.db)) return;
  await run.ctx
    .db('imports')
    .where({ id: run.id })
    .update({ progress: JSON.stringify(progressOf(run)) });
  const flag: { cancel_requested: boolean } | undefined = await run.ctx.db('imports').where({ id: run.id }).first('cancel_requested');
  if (flag?.cancel_requested) throw new ImportCancelled();
}
