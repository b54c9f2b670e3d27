import type { AppConfig } from '../../config';
import { isValidIdentifier } from '../../graph/identifiers';
import type { CsvDialect } from './csv-source';
import type { ImportFileType } from './file-types';
import { readGraphml } from './graphml';
import { scanGraphml } from './graphml-scan';
import type { GraphmlMapping, ImportMapping } from './mapping';
import { graphmlEdge, graphmlNode, graphmlPlan, proposeKeys, splitLabels } from './graphml-plan';
import { openTables, type TableOptions } from './tables';
import { convertCell, inferType, listSeparatorOf, type ColumnType } from './values';

export interface ColumnAnalysis {
  name: string;
  index: number;
  type: ColumnType;
  separator?: string;
  empty: number;
}

export interface TableAnalysis {
  name: string;
  encoding?: CsvDialect['encoding'];
  bom?: boolean;
  delimiter?: string;
  quote?: string;
  header: boolean;
  columns: ColumnAnalysis[];
  rowCount: number;
  sampleRows: string[][];
  kind: 'nodes' | 'relationships';
  formulaCells?: { count: number; first: string[] };
  /** Rows past the type sample whose cells do not convert to the proposed types: the proposed mapping would reject them (issue 23). */
  rejections: { rows: number; first: string[] };
  mapping: ImportMapping;
}

export interface GraphmlAnalysis {
  nodeCount: number;
  edgeCount: number;
  directed: boolean;
  parallelEdges: number;
  keys: Array<{ id: string; for: string; name: string; type: string; default?: string }>;
  labels: string[];
  relationshipTypes: string[];
  labelSource: 'labels attribute' | 'label key' | 'yEd node labels' | 'none';
  /** What the import will leave out (ports, data of keys declared for other elements, markup), and rows it would reject. */
  warnings: string[];
  /** Rows the proposed mapping would reject, and the first reasons (issue 23). */
  rejections: { rows: number; first: string[] };
  mapping: ImportMapping;
}

export interface FileAnalysis {
  fileId: string;
  name: string;
  type: ImportFileType;
  size: number;
  tables?: TableAnalysis[];
  graphml?: GraphmlAnalysis;
}

const SAMPLE_ROWS = 10;
const TYPE_SAMPLE = 1000;
const START = new Set(['from', 'source', ':start_id', 'start', 'start_id', 'startid', 'src']);
const END = new Set(['to', 'target', ':end_id', 'end', 'end_id', 'endid', 'dst']);

/** A label proposed from a file or sheet name: "people.csv" -> People. */
function labelFrom(name: string): string {
  const base = name
    .replace(/\.[A-Za-z0-9]+$/, '')
    .replace(/[^\p{L}\p{N}_]+/gu, ' ')
    .trim();
  const words = base
    .split(' ')
    .filter(Boolean)
    .map((w) => w[0].toUpperCase() + w.slice(1));
  const label = words.join('') || 'Node';
  return isValidIdentifier(label) ? label : 'Node';
}

function propertyFrom(column: string): string {
  const bare: string = column.replace(/:[A-Za-z_]+(\([^)]*\))?$/, '').trim() || column.replace(/^:/, '').toLowerCase();
  if (isValidIdentifier(bare)) return bare;
  const text = String(bare);
  return (
    text
      .replace(/[^\p{L}\p{N}_ .-]/gu, '_')
      .replace(/^[^\p{L}\p{N}_]+/u, '')
      .slice(0, 128) || 'value'
  );
}

/** The analysis of a table upload (CSV: one table, spreadsheets: one per sheet). Reads every row once. */
export async function analyzeTables(
  config: AppConfig,
  file: { path: string; name: string; type: ImportFileType },
  options: TableOptions & { header?: boolean } = {},
): Promise<TableAnalysis[]> {
  const tables = await openTables(config, file, options);
  const out: TableAnalysis[] = [];
  for (const table of tables) {
    let header: string[] | undefined;
    const sample: string[][] = [];
    const typeSample: string[][] = [];
    let empty: number[] = [];
    let rowCount = 0;
    let width = 0;
    let sampledTypes: Array<{ type: ColumnType; separator?: string }> | undefined;
    const rejections = { rows: 0, first: [] as string[] };
    for await (const row of table.rows()) {
      if (header === undefined && options.header !== false && rowCount === 0 && sample.length === 0) {
        header = row.cells.map((c) => c.trim());
        width = header.length;
        empty = new Array<number>(width).fill(0);
        continue;
      }
      rowCount++;
      width = Math.max(width, row.cells.length);
      while (empty.length < width) empty.push(0);
      for (let i = 0; i < width; i++) if ((row.cells[i] ?? '').trim() === '') empty[i]++;
      if (sample.length < SAMPLE_ROWS) sample.push(row.cells);
      if (typeSample.length < TYPE_SAMPLE) {
        typeSample.push(row.cells);
        if (typeSample.length === TYPE_SAMPLE) sampledTypes = typesOf(typeSample, width, table.dialect?.delimiter);
      } else if (sampledTypes) {
        // The types come from the first TYPE_SAMPLE rows (which fit them by construction); a later
        // row whose cell does not convert would be rejected by the proposed mapping: counted here.
        const reason = conversionProblem(row.cells, sampledTypes, (i) => header?.[i]?.trim() || `column${i + 1}`);
        if (reason) {
          rejections.rows++;
          if (rejections.first.length < 5) rejections.first.push(`row ${row.line}: ${reason}`);
        }
      }
    }
    const names = uniqueNames(header ?? [], width);
    const columns: ColumnAnalysis[] = names.map((name, index) => {
      const values = typeSample.map((r) => r[index] ?? '');
      const separator = listSeparatorOf(values, table.dialect?.delimiter);
      const type = inferType(values, separator);
      return { name, index, type, ...(type === 'list' ? { separator } : {}), empty: empty[index] ?? 0 };
    });
    const lower = names.map((n) => n.toLowerCase());
    const startIndex = lower.findIndex((n) => START.has(n) || n.startsWith(':start_id'));
    const endIndex = lower.findIndex((n) => END.has(n) || n.startsWith(':end_id'));
    const kind = startIndex >= 0 && endIndex >= 0 ? 'relationships' : 'nodes';
    const tableOptions = {
      ...(file.type === 'csv'
        ? {
            encoding: table.dialect!.encoding,
            delimiter: table.dialect!.delimiter as ',' | ';' | '\t' | '|',
            quote: table.dialect!.quote as '"' | "'",
          }
        : { sheet: table.name }),
      header: header !== undefined,
    };
    const special = new Set<number>();
    let mapping: ImportMapping;
    if (kind === 'relationships') {
      const typeIndex = lower.findIndex((n) => n === ':type' || n === 'type');
      special.add(startIndex).add(endIndex);
      if (typeIndex >= 0) special.add(typeIndex);
      const endLabel = (name: string): string => /\(([^)]+)\)/.exec(name)?.[1] ?? 'Node';
      const endType = (i: number): 'integer' | 'string' => (columns[i].type === 'integer' ? 'integer' : 'string');
      mapping = {
        kind: 'relationships',
        ...tableOptions,
        ...(typeIndex >= 0 ? { typeColumn: names[typeIndex] } : { type: 'RELATED_TO' }),
        start: { column: names[startIndex], label: endLabel(names[startIndex]), property: 'id', type: endType(startIndex) },
        end: { column: names[endIndex], label: endLabel(names[endIndex]), property: 'id', type: endType(endIndex) },
        missingEnds: 'skip',
        columns: columnsOf(columns, special),
      };
    } else {
      const labelIndex = lower.findIndex((n) => n === ':label' || n === 'labels');
      if (labelIndex >= 0) special.add(labelIndex);
      const label =
        /\(([^)]+)\)/.exec(names.find((n) => /:id\(/i.test(n)) ?? '')?.[1] ?? labelFrom(file.type === 'csv' ? file.name : table.name);
      const idIndex = lower.findIndex((n) => n === 'id' || n === ':id' || /^[^:]*:id(\(|$)/.test(n));
      mapping = {
        kind: 'nodes',
        ...tableOptions,
        labels: [label],
        ...(labelIndex >= 0 ? { labelColumn: names[labelIndex] } : {}),
        ...(idIndex >= 0 && columns[idIndex].empty === 0 ? { mergeKey: { label, property: propertyFrom(names[idIndex]) } } : {}),
        columns: columnsOf(columns, special),
      };
    }
    out.push({
      name: table.name,
      ...(table.dialect
        ? { encoding: table.dialect.encoding, bom: table.dialect.bom, delimiter: table.dialect.delimiter, quote: table.dialect.quote }
        : {}),
      header: header !== undefined,
      columns,
      rowCount,
      sampleRows: sample,
      kind,
      ...(table.formulaCount !== undefined ? { formulaCells: { count: table.formulaCount, first: table.formulas ?? [] } } : {}),
      rejections,
      mapping,
    });
  }
  return out;
}

function typesOf(rows: string[][], width: number, delimiter: string | undefined): Array<{ type: ColumnType; separator?: string }> {
  return Array.from({ length: width }, (_, index) => {
    const values = rows.map((r) => r[index] ?? '');
    const separator = listSeparatorOf(values, delimiter);
    return { type: inferType(values, separator), separator };
  });
}

/** Why a row would be rejected under the column types (the first cell that does not convert), or undefined. */
function conversionProblem(
  cells: string[],
  types: Array<{ type: ColumnType; separator?: string }>,
  name: (index: number) => string,
): string | undefined {
  for (let i = 0; i < types.length; i++) {
    const text = cells[i] ?? '';
    const { type, separator } = types[i];
    if (type === 'string' || type === 'list' || text.trim() === '') continue;
    try {
      convertCell(text, type, separator);
    } catch (error) {
      return `column ${name(i)}: ${(error as Error).message}`;
    }
  }
  return undefined;
}

function columnsOf(columns: ColumnAnalysis[], special: Set<number>): NonNullable<Extract<ImportMapping, { kind: 'nodes' }>['columns']> {
  return columns.map((c) => ({
    column: c.name,
    property: propertyFrom(c.name),
    type: c.type,
    ...(c.separator ? { separator: c.separator } : {}),
    ...(special.has(c.index) ? { skip: true } : {}),
  }));
}

export function uniqueNames(header: string[], width: number): string[] {
  const names: string[] = [];
  const seen = new Set<string>();
  for (let i = 0; i < Math.max(width, header.length); i++) {
    let name = header[i]?.trim() || `column${i + 1}`;
    if (seen.has(name)) {
      let n = 2;
      while (seen.has(`${name}_${n}`)) n++;
      name = `${name}_${n}`;
    }
    seen.add(name);
    names.push(name);
  }
  return names;
}

/** Distinct labels and relationship types listed by the analysis of a GraphML file. */
const LISTED_NAMES = 1000;

/**
 * The analysis of a GraphML file, streamed twice from disk in bounded memory (issue 23 item 9):
 * the scan (counts, checks, the values that decide the proposal; graphml-scan.ts), then every
 * node and edge read under the proposed mapping for the labels, types and rows it would reject.
 */
export async function analyzeGraphml(file: { path: string; name: string }): Promise<GraphmlAnalysis> {
  const scan = await scanGraphml(file.path, file.name);
  const labels = new Set<string>();
  const types = new Set<string>();
  const proposal = proposeKeys(scan);
  const mapping: GraphmlMapping = {
    kind: 'graphml',
    defaultLabel: 'Node',
    defaultType: 'RELATED_TO',
    idProperty: 'id',
    keys: proposal.keys,
    typeKey: proposal.typeKey,
  };
  const plan = graphmlPlan(scan, mapping);
  const keys = new Map(scan.keys.map((k) => [k.id, k]));
  const list = (set: Set<string>, names: Iterable<string>): void => {
    for (const name of names) if (set.size < LISTED_NAMES) set.add(name);
  };
  let labelSource: GraphmlAnalysis['labelSource'] = 'none';
  // Rows the proposed mapping would reject (values that do not convert to their key's type, names
  // that are no labels or types): counted before the import, with the first reasons (issue 23).
  const rejections = { rows: 0, first: [] as string[] };
  const rejectedNodes = new Set<string>();
  const reject = (what: string, reason: string): void => {
    rejections.rows++;
    if (rejections.first.length < 5) rejections.first.push(`${what}: ${reason}`);
  };
  for await (const elements of readGraphml(file.path, file.name)) {
    for (const { node: n, edge: e } of elements) {
      if (n) {
        if (n.labels.length > 0) {
          labelSource = 'labels attribute';
          list(labels, n.labels);
        } else if (plan.labelKeys.some((k) => n.data[k.id] !== undefined)) {
          if (labelSource === 'none') labelSource = 'label key';
          for (const k of plan.labelKeys) list(labels, splitLabels(n.data[k.id] ?? ''));
        } else if (n.yedLabel !== undefined && labelSource === 'none') labelSource = 'yEd node labels';
        const node = graphmlNode(plan, keys, n, 'Node');
        if (typeof node === 'string') {
          rejectedNodes.add(n.id);
          reject(`node ${n.id} (line ${n.line})`, node);
        }
      } else if (e) {
        const edge = graphmlEdge(plan, keys, e, 'RELATED_TO');
        if (typeof edge !== 'string' && (e.label !== undefined || (plan.typeKey && e.data[plan.typeKey.id] !== undefined)))
          list(types, [edge.type]);
        const what = `edge ${e.id ?? `${e.source}->${e.target}`} (line ${e.line})`;
        if (typeof edge === 'string') reject(what, edge);
        else if (rejectedNodes.has(e.source) || rejectedNodes.has(e.target)) reject(what, 'its source or target node is rejected');
      }
    }
  }
  const warnings = [...scan.warnings, ...proposal.notes];
  if (labels.size >= LISTED_NAMES) warnings.push(`the first ${LISTED_NAMES} labels are listed`);
  if (types.size >= LISTED_NAMES) warnings.push(`the first ${LISTED_NAMES} relationship types are listed`);
  const rows = scan.nodeCount + scan.edgeCount;
  if (rejections.rows > 0)
    warnings.unshift(
      `${rejections.rows} of ${rows} rows would be rejected (first: ${rejections.first[0]}); change the mapping, or import all-or-nothing`,
    );
  return {
    nodeCount: scan.nodeCount,
    edgeCount: scan.edgeCount,
    directed: scan.directed,
    parallelEdges: scan.parallelEdges,
    keys: scan.keys.map((k) => ({
      id: k.id,
      for: k.for,
      name: k.name,
      type: k.type,
      ...(k.default !== undefined ? { default: k.default } : {}),
    })),
    labels: [...labels].sort(),
    relationshipTypes: [...types].sort(),
    labelSource,
    warnings,
    rejections,
    mapping,
  };
}
