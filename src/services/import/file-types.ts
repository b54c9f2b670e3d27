import { open } from 'node:fs/promises';

export type ImportFileType = 'csv' | 'xls' | 'xlsx' | 'graphml';
export type SniffedType = ImportFileType | 'zip' | 'empty' | 'binary';

const OLE2 = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

/** The first bytes of a file (at most `length`). */
export async function readHead(path: string, length = 65536): Promise<Buffer> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await handle.read(buffer, 0, length, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** True when the bytes look like text in one of the encodings the analysis detects. */
export function looksLikeText(head: Buffer): boolean {
  if (head.length === 0) return false;
  const utf16 = (head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0xfe && head[1] === 0xff) || utf16Guess(head) !== undefined;
  if (utf16) return true;
  let control = 0;
  for (const byte of head) {
    if (byte === 0) return false;
    if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d && byte !== 0x0c) control++;
  }
  return control <= head.length / 1000;
}

/** UTF-16 without BOM: most ASCII characters have a zero high byte, at odd (LE) or even (BE) positions. */
export function utf16Guess(head: Buffer): 'utf-16le' | 'utf-16be' | undefined {
  const n = Math.min(head.length - (head.length % 2), 4096);
  if (n < 4) return undefined;
  let zeroOdd = 0;
  let zeroEven = 0;
  for (let i = 0; i < n; i += 2) {
    if (head[i] === 0) zeroEven++;
    if (head[i + 1] === 0) zeroOdd++;
  }
  const pairs = n / 2;
  if (zeroOdd > pairs * 0.4 && zeroEven < pairs * 0.05) return 'utf-16le';
  if (zeroEven > pairs * 0.4 && zeroOdd < pairs * 0.05) return 'utf-16be';
  return undefined;
}

/**
 * The type judged from the content (spec 4.7: csv, xls, xlsx, GraphML, zip), the name only
 * breaking a tie (a zip holding xl/workbook.xml is xlsx).
 */
export function sniffType(head: Buffer, isXlsxZip: () => boolean): SniffedType {
  if (head.length === 0) return 'empty';
  if (head.subarray(0, 8).equals(OLE2)) return 'xls';
  if (head[0] === 0x50 && head[1] === 0x4b && head[2] === 0x03 && head[3] === 0x04) return isXlsxZip() ? 'xlsx' : 'zip';
  if (!looksLikeText(head)) return 'binary';
  const text = decodeHead(head)
    .replace(/^\uFEFF/, '')
    .trimStart();
  if (text.startsWith('<') && /<graphml[\s>]/.test(text.slice(0, 8192))) return 'graphml';
  return 'csv';
}

function decodeHead(head: Buffer): string {
  if (head[0] === 0xff && head[1] === 0xfe) return new TextDecoder('utf-16le').decode(head);
  if (head[0] === 0xfe && head[1] === 0xff) return new TextDecoder('utf-16be').decode(head);
  const guess = utf16Guess(head);
  return new TextDecoder(guess ?? 'latin1').decode(head);
}
