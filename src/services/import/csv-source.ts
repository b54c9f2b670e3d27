import { createReadStream } from 'node:fs';
import { Transform, type Readable } from 'node:stream';
import { parse } from 'csv-parse';
import { BadRequestError } from '../../errors';
import { readHead, utf16Guess } from './file-types';

export const ENCODINGS = [
  'utf-8',
  'utf-16le',
  'utf-16be',
  'windows-1250',
  'windows-1252',
  'iso-8859-1',
  'iso-8859-2',
  'iso-8859-15',
] as const;
export type Encoding = (typeof ENCODINGS)[number];

export interface CsvDialect {
  encoding: Encoding;
  bom: boolean;
  delimiter: string;
  quote: string;
}

// Bytes of letters frequent in Central European text in windows-1250 / ISO-8859-2 (š ž č ř ě ů ą ł ...).
const CENTRAL = new Set([
  0x8a, 0x8d, 0x8e, 0x9a, 0x9d, 0x9e, 0xb9, 0xbe, 0xc8, 0xcc, 0xd8, 0xe8, 0xec, 0xf8, 0xf9, 0xf2, 0xef, 0xb3, 0xa3, 0xea,
]);
// Letters frequent in Western European text only (à â ã å æ ç ê ë î ñ õ ø ...).
const WESTERN = new Set([0xe0, 0xe2, 0xe3, 0xe5, 0xe6, 0xe7, 0xeb, 0xee, 0xf1, 0xf5, 0xc0, 0xc7, 0xd1, 0xdf]);

/** The encoding of a text file from its first bytes: BOM, UTF-16 pattern, valid UTF-8, else a single-byte code page. */
export function detectEncoding(head: Buffer): { encoding: Encoding; bom: boolean } {
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return { encoding: 'utf-8', bom: true };
  if (head[0] === 0xff && head[1] === 0xfe) return { encoding: 'utf-16le', bom: true };
  if (head[0] === 0xfe && head[1] === 0xff) return { encoding: 'utf-16be', bom: true };
  const utf16 = utf16Guess(head);
  if (utf16) return { encoding: utf16, bom: false };
  try {
    // A multi-byte character cut at the end of the sample is not an error (stream: true).
    new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true });
    return { encoding: 'utf-8', bom: false };
  } catch {
    let c1 = 0;
    let central = 0;
    let western = 0;
    for (const byte of head) {
      if (byte >= 0x80 && byte <= 0x9f) c1++;
      if (CENTRAL.has(byte)) central++;
      if (WESTERN.has(byte)) western++;
    }
    if (central > western) return { encoding: c1 > 0 ? 'windows-1250' : 'iso-8859-2', bom: false };
    return { encoding: c1 > 0 ? 'windows-1252' : 'iso-8859-1', bom: false };
  }
}

/** Delimiter and quote from the first lines: the candidate found the same (non-zero) number of times on most lines. */
export function detectDialect(sample: string): { delimiter: string; quote: string } {
  const lines = sample
    .split(/\r\n|\n|\r/)
    .slice(0, 50)
    .filter((l) => l.length > 0);
  if (lines.length > 1 && sample.length >= 65536) lines.pop(); // possibly cut
  const quote = lines.some((l) => l.includes('"')) || !lines.some((l) => /(^|[,;\t|])'/.test(l)) ? '"' : "'";
  let best = { delimiter: ',', score: -1 };
  for (const delimiter of [',', ';', '\t', '|']) {
    const counts = lines.map((l) => countOutsideQuotes(l, delimiter, quote));
    const first = counts[0] ?? 0;
    if (first === 0) continue;
    const same = counts.filter((c) => c === first).length;
    const score = same * 1000 + first;
    if (score > best.score) best = { delimiter, score };
  }
  return { delimiter: best.delimiter, quote };
}

function countOutsideQuotes(line: string, delimiter: string, quote: string): number {
  let inside = false;
  let count = 0;
  for (const ch of line) {
    if (ch === quote) inside = !inside;
    else if (ch === delimiter && !inside) count++;
  }
  return count;
}

/** Decodes a byte stream with TextDecoder (fatal): bytes invalid in the encoding are a 400 naming the offset. */
function decoder(encoding: Encoding, fileName: string, skipBom: boolean): Transform {
  const textDecoder = new TextDecoder(encoding, { fatal: true, ignoreBOM: !skipBom });
  let offset = 0;
  const fail = (): BadRequestError =>
    new BadRequestError(
      `The file ${fileName} is not valid ${encoding} text (near byte ${offset}); choose its encoding`,
      'INVALID_ENCODING',
      { file: fileName, encoding, byte: offset },
    );
  return new Transform({
    readableObjectMode: false,
    transform(chunk: Buffer, _enc, done) {
      try {
        const text = textDecoder.decode(chunk, { stream: true });
        offset += chunk.length;
        done(null, text);
      } catch {
        done(fail());
      }
    },
    flush(done) {
      try {
        done(null, textDecoder.decode());
      } catch {
        done(fail());
      }
    },
  });
}

export async function csvDialect(file: string, overrides: Partial<CsvDialect> = {}): Promise<CsvDialect> {
  const head = await readHead(file, 65536);
  const detected = detectEncoding(head);
  const encoding = overrides.encoding ?? detected.encoding;
  let sample: string;
  try {
    sample = new TextDecoder(encoding, { fatal: false }).decode(head, { stream: true }).replace(/^\uFEFF/, '');
  } catch {
    sample = '';
  }
  const dialect = detectDialect(sample);
  return { encoding, bom: detected.bom, delimiter: overrides.delimiter ?? dialect.delimiter, quote: overrides.quote ?? dialect.quote };
}

/** A csv-parse error as a 400 naming the file, the line and the problem. */
export function csvError(error: unknown, fileName: string): Error {
  const e = error as { code?: string; lines?: number; message?: string };
  if (error instanceof BadRequestError) return error;
  const fromParser =
    (error as Error)?.constructor?.name === 'CsvError' ||
    (typeof e?.code === 'string' && (e.code.startsWith('CSV_') || e.code === 'INVALID_OPENING_QUOTE'));
  if (!fromParser || typeof e.code !== 'string') return error as Error;
  const line = e.lines;
  const what =
    e.code === 'CSV_RECORD_INCONSISTENT_FIELDS_LENGTH'
      ? 'a row with another number of fields than the header (ragged rows)'
      : e.code === 'CSV_QUOTE_NOT_CLOSED'
        ? 'a quote that is never closed (unbalanced quotes)'
        : e.code === 'CSV_INVALID_CLOSING_QUOTE' || e.code === 'CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE'
          ? 'characters after a closing quote (unbalanced quotes)'
          : e.code === 'INVALID_OPENING_QUOTE'
            ? 'a quote inside an unquoted field (unbalanced quotes)'
            : e.code === 'CSV_MAX_RECORD_SIZE'
              ? 'a field larger than allowed'
              : (e.message ?? e.code);
  return new BadRequestError(`The file ${fileName}, line ${line ?? '?'}: ${what}`, 'CSV_INVALID', { file: fileName, line, reason: e.code });
}

/** Streams the records (arrays of strings) of a CSV file. */
export function csvRecords(file: string, fileName: string, dialect: CsvDialect): Readable {
  const source = createReadStream(file);
  const text = source.pipe(decoder(dialect.encoding, fileName, true));
  const parser = parse({
    delimiter: dialect.delimiter,
    quote: dialect.quote,
    bom: true,
    relax_column_count: false,
    skip_empty_lines: true,
    max_record_size: 1024 * 1024,
  });
  source.on('error', (error) => parser.destroy(error));
  text.on('error', (error) => parser.destroy(error));
  return text.pipe(parser);
}
