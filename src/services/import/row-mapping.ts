import { createReadStream } from 'node:fs';
import { BadRequestError, UnprocessableError } from '../../errors';
import type { BulkImportBatch, BulkImportNode, BulkImportRelationship, NodeRef, Properties } from '../../graph/graph-store';
import { isValidIdentifier } from '../../graph/identifiers';
import { uniqueNames } from './analysis';
import type { Run } from './import-runs';
import type { NodesMapping, RelationshipsMapping } from './mapping';
import { checkProperties, rejectRow, RowRejected, tick } from './row-checks';
import { openTables } from './tables';
import { convertCell, type ColumnType } from './values';

/** Table rows (CSV, spreadsheet sheets) into the batches of nodes or relationships of an import. */

/** A plain boolean: isValidIdentifier's type guard would narrow a rejected name to never. */
const validName = (name: string): boolean => isValidIdentifier(name);

/** Splits a label cell (":A:B", "A;B", "A|B", "A,B") into labels. */
function labelsOf(cell: string): string[] {
  return cell
    .split(/[:;|,]/)
    .map((l) => l.trim())
    .filter(Boolean);
}

function endValue(text: string, type: 'auto' | 'integer' | 'float' | 'string' | undefined): unknown {
  const t = text.trim();
  if (type === 'string') return text;
  if (type === 'integer' || ((type === undefined || type === 'auto') && /^[+-]?\d{1,15}$/.test(t))) return convertCell(t, 'integer');
  if (type === 'float') return convertCell(t, 'float');
  return text;
}

type ColumnPlan = ReturnType<typeof columnPlan>;

function columnPlan(mapping: NodesMapping | RelationshipsMapping, names: string[], fileName: string) {
  const index = (column: string, what: string): number => {
    const i = names.indexOf(column);
    if (i < 0)
      throw new UnprocessableError(
        `The file ${fileName} has no column ${JSON.stringify(column)} (${what}); it has ${names.slice(0, 30).join(', ')}`,
        'IMPORT_COLUMN_MISSING',
        { file: fileName, column },
      );
    return i;
  };
  const special = new Set<number>();
  let labelIndex: number | undefined;
  let typeIndex: number | undefined;
  let startIndex = -1;
  let endIndex = -1;
  if (mapping.kind === 'nodes' && mapping.labelColumn) special.add((labelIndex = index(mapping.labelColumn, 'labelColumn')));
  if (mapping.kind === 'relationships') {
    if (mapping.typeColumn) special.add((typeIndex = index(mapping.typeColumn, 'typeColumn')));
    special.add((startIndex = index(mapping.start.column, 'start')));
    special.add((endIndex = index(mapping.end.column, 'end')));
  }
  const given: NonNullable<NodesMapping['columns']> =
    mapping.columns ?? names.filter((_, i) => !special.has(i)).map((column) => ({ column }));
  const columns: Array<{ column: string; index: number; property: string; type: ColumnType; separator?: string }> = [];
  const properties = new Set<string>();
  for (const c of given) {
    const i = index(c.column, 'columns');
    if (c.skip) continue;
    const property = c.property ?? c.column;
    if (!validName(property))
      throw new BadRequestError(`The column ${c.column} needs a property name (its own name is not a valid one)`, 'INVALID_MAPPING', {
        column: c.column,
      });
    if (properties.has(property)) throw new BadRequestError(`Two columns map to the property ${property}`, 'INVALID_MAPPING', { property });
    properties.add(property);
    columns.push({ column: c.column, index: i, property, type: c.type ?? 'string', separator: c.separator });
  }
  return { columns, labelIndex, typeIndex, startIndex, endIndex };
}

function propertiesFromRow(plan: ColumnPlan, cells: string[]): Properties {
  const properties: Properties = {};
  for (const c of plan.columns) {
    const text = cells[c.index] ?? '';
    if (text.trim() === '') continue;
    try {
      properties[c.property] = convertCell(text, c.type, c.separator);
    } catch (e) {
      throw new RowRejected(`column ${c.column}: ${(e as Error).message}`);
    }
  }
  return properties;
}

function nodeFromRow(run: Run, mapping: NodesMapping, plan: ColumnPlan, cells: string[], line: number): BulkImportNode {
  const labels = [...(mapping.labels ?? [])];
  if (plan.labelIndex !== undefined) {
    for (const l of labelsOf(cells[plan.labelIndex] ?? '')) {
      if (!validName(l)) throw new RowRejected(`column ${mapping.labelColumn}: "${l.slice(0, 50)}" is not a valid label`);
      if (!labels.includes(l)) labels.push(l);
    }
  }
  if (labels.length === 0) throw new RowRejected('no label (the mapping gives none and the label column is empty)');
  const properties = propertiesFromRow(plan, cells);
  const problem = checkProperties(run, 'node', labels, properties, !mapping.mergeKey);
  if (problem) throw new RowRejected(problem);
  const node: BulkImportNode = { row: line, labels, properties };
  if (mapping.mergeKey) {
    if (properties[mapping.mergeKey.property] === undefined) throw new RowRejected(`the merge key ${mapping.mergeKey.property} is empty`);
    node.merge = mapping.mergeKey;
    if (!labels.includes(mapping.mergeKey.label)) node.labels = [...labels, mapping.mergeKey.label];
  }
  return node;
}

function relationshipFromRow(
  run: Run,
  mapping: RelationshipsMapping,
  plan: ColumnPlan,
  cells: string[],
  line: number,
): { relationship: BulkImportRelationship; ends: BulkImportNode[] } {
  let type = mapping.type;
  if (plan.typeIndex !== undefined) {
    const cell = (cells[plan.typeIndex] ?? '').trim();
    if (cell !== '') type = cell;
  }
  if (!type) throw new RowRejected('no relationship type (the mapping gives none and the type column is empty)');
  if (!validName(type)) throw new RowRejected(`"${type.slice(0, 50)}" is not a valid relationship type`);
  const ends: BulkImportNode[] = [];
  const refs: NodeRef[] = [];
  for (const [which, end, index] of [
    ['start', mapping.start, plan.startIndex],
    ['end', mapping.end, plan.endIndex],
  ] as const) {
    const text = cells[index] ?? '';
    if (text.trim() === '') throw new RowRejected(`the ${which} column ${end.column} is empty`);
    let value: unknown;
    try {
      value = endValue(text, end.type);
    } catch (e) {
      throw new RowRejected(`column ${end.column}: ${(e as Error).message}`);
    }
    refs.push({ label: end.label, property: end.property, value });
    if (mapping.missingEnds === 'create') {
      const properties = { [end.property]: value };
      const problem = checkProperties(run, 'node', [end.label], properties);
      if (problem) throw new RowRejected(`the ${which} node cannot be created: ${problem}`);
      ends.push({ row: line, labels: [end.label], properties, merge: { label: end.label, property: end.property }, createOnly: true });
    }
  }
  const properties = propertiesFromRow(plan, cells);
  const problem = checkProperties(run, 'relationship', [type], properties);
  if (problem) throw new RowRejected(problem);
  return { relationship: { row: line, type, start: refs[0], end: refs[1], properties }, ends };
}

/** The batches of a table import, read row by row from the file (a spreadsheet's sheet is read whole). */
export async function* tableBatches(run: Run, mapping: NodesMapping | RelationshipsMapping): AsyncGenerator<BulkImportBatch> {
  const config = run.ctx.deps.config;
  const tables = await openTables(config, run.file, {
    encoding: mapping.encoding,
    delimiter: mapping.delimiter,
    quote: mapping.quote,
    sheet: mapping.sheet,
  });
  const table = tables[0];
  if (!table) throw new UnprocessableError(`The file ${run.file.name} holds no table`, 'EMPTY_FILE');
  if (table.formulaCount && (mapping.formulas ?? 'refuse') === 'refuse') {
    throw new UnprocessableError(
      `The sheet ${table.name} of ${run.file.name} holds ${table.formulaCount} formula cell(s) (first: ${table.formulas?.slice(0, 5).join(', ')}); import their computed values with "formulas": "values"`,
      'SPREADSHEET_FORMULA',
      { file: run.file.name, sheet: table.name, cells: table.formulas },
    );
  }
  // A sheet is read whole: its data rows are the progress total (not the newlines of the binary file).
  if (table.rowCount !== undefined) run.progress.rowsTotal = Math.max(0, table.rowCount - (mapping.header !== false ? 1 : 0));
  const batchRows = config.imports.batchRows;
  let names: string[] | undefined;
  let plan: ColumnPlan | undefined;
  let batch: BulkImportBatch = { nodes: [], relationships: [] };
  let batchValues = new Map<number, string[]>();
  let inBatch = 0;
  let sawRow = false;
  const flush = async function* (): AsyncGenerator<BulkImportBatch> {
    if (inBatch === 0) return;
    const values = batchValues;
    const current = batch;
    current.onWritten = async (unresolved: number[]) => {
      for (const row of unresolved) await rejectRow(run, row, 'start or end node not found', values.get(row) ?? [], true);
    };
    yield current;
    await tick(run, inBatch);
    batch = { nodes: [], relationships: [] };
    batchValues = new Map();
    inBatch = 0;
  };

  for await (const row of table.rows()) {
    sawRow = true;
    if (names === undefined) {
      if (mapping.header !== false) {
        names = uniqueNames(
          row.cells.map((c) => c.trim()),
          row.cells.length,
        );
        plan = columnPlan(mapping, names, run.file.name);
        continue;
      }
      names = uniqueNames([], row.cells.length);
      plan = columnPlan(mapping, names, run.file.name);
    }
    run.report.rowsRead++;
    const cells = row.cells;
    try {
      if (mapping.kind === 'nodes') {
        batch.nodes.push(nodeFromRow(run, mapping, plan!, cells, row.line));
      } else {
        const { relationship, ends } = relationshipFromRow(run, mapping, plan!, cells, row.line);
        batch.nodes.push(...ends);
        batch.relationships.push(relationship);
        batchValues.set(row.line, cells);
      }
    } catch (e) {
      if (e instanceof RowRejected) await rejectRow(run, row.line, e.message, cells);
      else throw e;
    }
    inBatch++;
    if (inBatch >= batchRows) yield* flush();
  }
  if (!sawRow) throw new UnprocessableError(`The file ${run.file.name} has no rows`, 'EMPTY_FILE', { file: run.file.name });
  yield* flush();
}

/** Line count (newlines), for the progress total of a table; quoted line breaks make it an estimate. */
export async function countLines(file: string): Promise<number> {
  let count = 0;
  let last = 10;
  for await (const chunk of createReadStream(file) as AsyncIterable<Buffer>) {
    for (let i = chunk.indexOf(10); i >= 0; i = chunk.indexOf(10, i + 1)) count++;
    if (chunk.length) last = chunk[chunk.length - 1];
  }
  return Math.max(0, count + (last === 10 ? 0 : 1) - 1);
}
