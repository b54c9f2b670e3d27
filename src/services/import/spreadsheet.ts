import { Worker } from 'node:worker_threads';
import { AppError, UnprocessableError } from '../../errors';

export interface SheetData {
  name: string;
  /** Cells as text (numbers in plain notation, dates as ISO 8601, booleans true/false). */
  rows: string[][];
  /** Addresses of formula cells (A1 notation), at most 20. */
  formulas: string[];
  formulaCount: number;
}

/*
 * Spreadsheets are parsed with the npm `xlsx` (SheetJS) 0.18.5 release, which carries published
 * advisories: prototype pollution when reading crafted files (CVE-2023-30533, GHSA-4r6h-8v6p-xvw6)
 * and a regular-expression denial of service (CVE-2024-22363, GHSA-5pgg-2g8v-p4x9). Its parsing
 * therefore never runs in the server's own heap: each file is read in a throw-away worker thread
 * with resourceLimits (heap) and a wall-clock limit (terminated when exceeded), and only plain
 * arrays of strings come back (structured clone: no prototypes survive the trip).
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const XLSX = require(workerData.xlsxPath);
function text(cell) {
  if (!cell || cell.v === undefined || cell.v === null) return '';
  if (cell.v instanceof Date) return isNaN(cell.v.getTime()) ? '' : cell.v.toISOString().replace(/T00:00:00\\.000Z$/, '');
  if (typeof cell.v === 'number') return String(cell.v);
  if (typeof cell.v === 'boolean') return cell.v ? 'true' : 'false';
  return String(cell.v);
}
try {
  const wb = XLSX.readFile(workerData.file, { cellDates: true, cellFormula: true, dense: false });
  const sheets = [];
  for (const name of wb.SheetNames) {
    const ws = wb.Sheets[name];
    const ref = ws['!ref'];
    const rows = [];
    const formulas = [];
    let formulaCount = 0;
    if (ref) {
      const range = XLSX.utils.decode_range(ref);
      for (let r = range.s.r; r <= range.e.r; r++) {
        const row = [];
        for (let c = range.s.c; c <= range.e.c; c++) {
          const address = XLSX.utils.encode_cell({ r, c });
          const cell = ws[address];
          if (cell && cell.f) { formulaCount++; if (formulas.length < 20) formulas.push(address); }
          row.push(text(cell));
        }
        while (row.length > 0 && row[row.length - 1] === '') row.pop();
        rows.push(row);
      }
    }
    while (rows.length > 0 && rows[rows.length - 1].length === 0) rows.pop();
    sheets.push({ name: String(name), rows, formulas, formulaCount });
  }
  parentPort.postMessage({ sheets });
} catch (error) {
  parentPort.postMessage({ error: String(error && error.message || error).slice(0, 300) });
}
`;

export function readSpreadsheet(file: string, fileName: string, limits: { timeoutMs: number; maxHeapMb: number }): Promise<SheetData[]> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { file, xlsxPath: require.resolve('xlsx') },
      resourceLimits: { maxOldGenerationSizeMb: limits.maxHeapMb, maxYoungGenerationSizeMb: 32, stackSizeMb: 4 },
    });
    let settled = false;
    const finish = (fn: () => void): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      fn();
    };
    const timer = setTimeout(
      () =>
        finish(() =>
          reject(
            new UnprocessableError(`The spreadsheet ${fileName} took longer than ${limits.timeoutMs} ms to read`, 'SPREADSHEET_TIMEOUT', {
              file: fileName,
            }),
          ),
        ),
      limits.timeoutMs,
    );
    worker.on('message', (message: { sheets?: SheetData[]; error?: string }) =>
      finish(() =>
        message.sheets
          ? resolve(message.sheets)
          : reject(
              new UnprocessableError(`The spreadsheet ${fileName} cannot be read: ${message.error}`, 'SPREADSHEET_INVALID', {
                file: fileName,
              }),
            ),
      ),
    );
    worker.on('error', (error) =>
      finish(() =>
        reject(
          (error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? new AppError(413, 'SPREADSHEET_TOO_LARGE', `The spreadsheet ${fileName} needs more than ${limits.maxHeapMb} MB to read`, {
                file: fileName,
              })
            : new UnprocessableError(`The spreadsheet ${fileName} cannot be read: ${error.message}`.slice(0, 300), 'SPREADSHEET_INVALID', {
                file: fileName,
              }),
        ),
      ),
    );
    worker.on('exit', () =>
      finish(() =>
        reject(new UnprocessableError(`The spreadsheet ${fileName} could not be read`, 'SPREADSHEET_INVALID', { file: fileName })),
      ),
    );
  });
}
