import type { AppConfig } from '../../config';
import { UnprocessableError } from '../../errors';
import { csvDialect, csvError, csvRecords, type CsvDialect } from './csv-source';
import type { ImportFileType } from './file-types';
import { readSpreadsheet, type SheetData } from './spreadsheet';

export interface TableRow {
  /** Line (CSV) or row (sheet) number in the file, 1-based, counting the header. */
  line: number;
  cells: string[];
}

export interface Table {
  /** The sheet name, or the file name for CSV. */
  name: string;
  dialect?: CsvDialect;
  formulas?: string[];
  formulaCount?: number;
  /** Spreadsheets: the number of rows rows() yields (header included), known before reading them. */
  rowCount?: number;
  rows(): AsyncIterable<TableRow>;
}

export interface TableOptions {
  encoding?: CsvDialect['encoding'];
  delimiter?: string;
  quote?: string;
  sheet?: string;
}

/** The tables of a CSV (one) or spreadsheet (one per sheet) upload. */
export async function openTables(
  config: AppConfig,
  file: { path: string; name: string; type: ImportFileType },
  options: TableOptions = {},
): Promise<Table[]> {
  if (file.type === 'csv') {
    const dialect = await csvDialect(file.path, { encoding: options.encoding, delimiter: options.delimiter, quote: options.quote });
    return [
      {
        name: file.name,
        dialect,
        async *rows() {
          const records = csvRecords(file.path, file.name, dialect);
          let line = 0;
          try {
            for await (const record of records as AsyncIterable<string[]>) {
              line++;
              yield { line, cells: record };
            }
          } catch (error) {
            throw csvError(error, file.name);
          }
        },
      },
    ];
  }
  if (file.type === 'xls' || file.type === 'xlsx') {
    const sheets = await readSpreadsheet(file.path, file.name, {
      timeoutMs: config.imports.spreadsheetTimeoutMs,
      maxHeapMb: config.imports.spreadsheetMaxHeapMb,
    });
    const chosen = options.sheet === undefined ? sheets : sheets.filter((s) => s.name === options.sheet);
    if (options.sheet !== undefined && chosen.length === 0) {
      throw new UnprocessableError(
        `The spreadsheet ${file.name} has no sheet ${JSON.stringify(options.sheet)} (it has ${sheets.map((s) => s.name).join(', ')})`,
        'SHEET_NOT_FOUND',
        { file: file.name },
      );
    }
    return chosen.map((sheet: SheetData) => ({
      name: sheet.name,
      formulas: sheet.formulas,
      formulaCount: sheet.formulaCount,
      rowCount: sheet.rows.filter((cells) => cells.length > 0).length,
      async *rows() {
        let line = 0;
        for (const cells of sheet.rows) {
          line++;
          if (cells.length === 0) continue;
          yield { line, cells };
        }
      },
    }));
  }
  throw new UnprocessableError(`The file ${file.name} is ${file.type}, not a table`, 'NOT_A_TABLE', { file: file.name });
}
