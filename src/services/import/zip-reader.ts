import { createReadStream, createWriteStream } from 'node:fs';
import { open, stat, type FileHandle } from 'node:fs/promises';
import { Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createInflateRaw, crc32 } from 'node:zlib';

/**
 * A zip read from its central directory with asynchronous file reads (nothing of the archive is
 * held in memory but its directory), and entries extracted as streams: the compressed bytes are
 * read from the file, inflated by zlib on the thread pool and written to disk, counting the real
 * output so that an entry that inflates past the size it declares is stopped there.
 */

/** The archive is not a zip this reader understands (truncated, multi-disk, corrupt directory). */
export class ZipFormatError extends Error {}

/** An entry inflated past the size its directory record declares. */
export class ZipEntrySizeError extends Error {}

/** An entry's data is corrupt (bad deflate stream, CRC mismatch, data outside the archive). */
export class ZipEntryDataError extends Error {}

export interface ZipEntry {
  name: string;
  isDirectory: boolean;
  encrypted: boolean;
  /** A unix symbolic link (mode in the high 16 bits of the external attributes). */
  isLink: boolean;
  /** 0 stored, 8 deflated; anything else is not extracted. */
  method: number;
  crc: number;
  compressedSize: number;
  size: number;
  localHeaderOffset: number;
}

export interface ZipDirectory {
  /** The entry count the end record declares (the entries are read only when it is within the limit). */
  count: number;
  entries: ZipEntry[];
  /** Size of the archive file in bytes. */
  fileSize: number;
}

const EOCD = 0x06054b50;
const ZIP64_EOCD = 0x06064b50;
const ZIP64_LOCATOR = 0x07064b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
/** The central directory is read into memory: at most this much. */
const MAX_DIRECTORY_BYTES = 64 * 1024 * 1024;

async function readAt(handle: FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  let done = 0;
  while (done < length) {
    const { bytesRead } = await handle.read(buffer, done, length - done, position + done);
    if (bytesRead === 0) break;
    done += bytesRead;
  }
  if (done < length) throw new ZipFormatError('the archive is truncated');
  return buffer;
}

function u64(buffer: Buffer, offset: number): number {
  const value = buffer.readBigUInt64LE(offset);
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw new ZipFormatError('a size or offset is out of range');
  return Number(value);
}

/**
 * The central directory of a zip file. When the end record declares more than `maxEntries`
 * entries, the directory itself is not read (entries is empty, count says how many).
 */
export async function readZipDirectory(file: string, maxEntries = Number.MAX_SAFE_INTEGER): Promise<ZipDirectory> {
  const handle = await open(file, 'r');
  try {
    const fileSize = (await handle.stat()).size;
    if (fileSize < 22) throw new ZipFormatError('the archive is too short to be a zip');
    const tailLength = Math.min(fileSize, 22 + 65535);
    const tail = await readAt(handle, fileSize - tailLength, tailLength);
    let end = -1;
    for (let i = tail.length - 22; i >= 0; i--) {
      if (tail.readUInt32LE(i) === EOCD && i + 22 + tail.readUInt16LE(i + 20) <= tail.length) {
        end = i;
        break;
      }
    }
    if (end < 0) throw new ZipFormatError('no end of central directory record');
    let disk = tail.readUInt16LE(end + 4);
    let directoryDisk = tail.readUInt16LE(end + 6);
    let count = tail.readUInt16LE(end + 10);
    let directorySize = tail.readUInt32LE(end + 12);
    let directoryOffset = tail.readUInt32LE(end + 16);
    if (count === 0xffff || directorySize === 0xffffffff || directoryOffset === 0xffffffff) {
      const locatorAt = fileSize - tailLength + end - 20;
      if (locatorAt < 0) throw new ZipFormatError('the zip64 end record is missing');
      const locator = await readAt(handle, locatorAt, 20);
      if (locator.readUInt32LE(0) !== ZIP64_LOCATOR) throw new ZipFormatError('the zip64 end record is missing');
      const record = await readAt(handle, u64(locator, 8), 56);
      if (record.readUInt32LE(0) !== ZIP64_EOCD) throw new ZipFormatError('the zip64 end record is corrupt');
      disk = record.readUInt32LE(16);
      directoryDisk = record.readUInt32LE(20);
      count = u64(record, 32);
      directorySize = u64(record, 40);
      directoryOffset = u64(record, 48);
    }
    if (disk !== 0 || directoryDisk !== 0) throw new ZipFormatError('multi-disk archives are not supported');
    if (count > maxEntries) return { count, entries: [], fileSize };
    if (directoryOffset + directorySize > fileSize) throw new ZipFormatError('the central directory lies outside the archive');
    if (directorySize > MAX_DIRECTORY_BYTES) throw new ZipFormatError('the central directory is too large');
    const directory = await readAt(handle, directoryOffset, directorySize);
    const entries: ZipEntry[] = [];
    let at = 0;
    for (let n = 0; n < count; n++) {
      if (at + 46 > directory.length || directory.readUInt32LE(at) !== CENTRAL)
        throw new ZipFormatError('the central directory is corrupt');
      const flags = directory.readUInt16LE(at + 8);
      const method = directory.readUInt16LE(at + 10);
      const crc = directory.readUInt32LE(at + 16);
      let compressedSize = directory.readUInt32LE(at + 20);
      let size = directory.readUInt32LE(at + 24);
      const nameLength = directory.readUInt16LE(at + 28);
      const extraLength = directory.readUInt16LE(at + 30);
      const commentLength = directory.readUInt16LE(at + 32);
      const external = directory.readUInt32LE(at + 38);
      let localHeaderOffset = directory.readUInt32LE(at + 42);
      const nameStart = at + 46;
      const extraStart = nameStart + nameLength;
      const next = extraStart + extraLength + commentLength;
      if (next > directory.length) throw new ZipFormatError('the central directory is corrupt');
      const name = directory.toString('utf8', nameStart, extraStart);
      // Zip64 extended information: the 8-byte values of the fields that read 0xffffffff, in order.
      for (let x = extraStart; x + 4 <= extraStart + extraLength;) {
        const id = directory.readUInt16LE(x);
        const length = directory.readUInt16LE(x + 2);
        if (id === 0x0001) {
          let field = x + 4;
          const fieldEnd = x + 4 + length;
          const take = (): number => {
            if (field + 8 > fieldEnd) throw new ZipFormatError('the zip64 extra field is corrupt');
            const value = u64(directory, field);
            field += 8;
            return value;
          };
          if (size === 0xffffffff) size = take();
          if (compressedSize === 0xffffffff) compressedSize = take();
          if (localHeaderOffset === 0xffffffff) localHeaderOffset = take();
        }
        x += 4 + length;
      }
      entries.push({
        name,
        isDirectory: name.endsWith('/'),
        encrypted: (flags & 1) === 1,
        isLink: ((external >>> 16) & 0o170000) === 0o120000,
        method,
        crc,
        compressedSize,
        size,
        localHeaderOffset,
      });
      at = next;
    }
    return { count, entries, fileSize };
  } finally {
    await handle.close();
  }
}

/** True when the bytes start like a zip (a local file header). */
export function isZipHead(head: Buffer): boolean {
  return head.length >= 4 && head.readUInt32LE(0) === LOCAL;
}

/** Counts the bytes and the CRC of what passes; fails once more than `limit` bytes came. */
class Counter extends Transform {
  bytes = 0;
  crc = 0;
  constructor(
    private readonly limit: number,
    private readonly entryName: string,
  ) {
    super();
  }
  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.bytes > this.limit) {
      callback(new ZipEntrySizeError(`the entry ${this.entryName} inflates past the ${this.limit} bytes it declares`));
      return;
    }
    this.crc = crc32(chunk, this.crc);
    callback(null, chunk);
  }
}

/**
 * Extracts one entry to `target` (created, never overwritten) as a stream: at most `entry.size`
 * bytes are written (more fails with ZipEntrySizeError), fewer or a wrong CRC fail with
 * ZipEntryDataError. Errors of the target file (ENOSPC) are passed through as they are; the
 * caller removes the target.
 */
export async function extractZipEntry(file: string, entry: ZipEntry, target: string): Promise<number> {
  if (entry.method !== 0 && entry.method !== 8)
    throw new ZipEntryDataError(
      `the entry ${entry.name} uses compression method ${entry.method} (only stored and deflated entries are read)`,
    );
  const fileSize = (await stat(file)).size;
  const handle = await open(file, 'r');
  let dataStart: number;
  try {
    const local = await readAt(handle, entry.localHeaderOffset, 30).catch(() => {
      throw new ZipEntryDataError(`the entry ${entry.name} lies outside the archive`);
    });
    if (local.readUInt32LE(0) !== LOCAL) throw new ZipEntryDataError(`the local header of ${entry.name} is corrupt`);
    dataStart = entry.localHeaderOffset + 30 + local.readUInt16LE(26) + local.readUInt16LE(28);
  } finally {
    await handle.close();
  }
  if (dataStart + entry.compressedSize > fileSize) throw new ZipEntryDataError(`the entry ${entry.name} lies outside the archive`);
  if (entry.method === 0 && entry.compressedSize !== entry.size)
    throw new ZipEntryDataError(`the stored entry ${entry.name} is not the size it declares`);
  const counter = new Counter(entry.size, entry.name);
  const source = createReadStream(file, { start: dataStart, end: dataStart + entry.compressedSize - 1 });
  const sink = createWriteStream(target, { flags: 'wx', mode: 0o640 });
  if (entry.compressedSize === 0) {
    source.destroy();
    if (entry.method === 8) throw new ZipEntryDataError(`the entry ${entry.name} has no data`);
  }
  try {
    if (entry.compressedSize === 0) {
      await new Promise<void>((resolve, reject) => sink.once('error', reject).end(resolve));
    } else {
      if (entry.method === 8) await pipeline(source, createInflateRaw(), counter, sink);
      else await pipeline(source, counter, sink);
    }
  } catch (error) {
    if (error instanceof ZipEntrySizeError) throw error;
    const code = (error as { code?: string }).code;
    if (typeof code === 'string' && code.startsWith('Z_'))
      throw new ZipEntryDataError(`the entry ${entry.name} is corrupt: ${(error as Error).message}`);
    throw error;
  }
  if (counter.bytes !== entry.size)
    throw new ZipEntryDataError(`the entry ${entry.name} is not the size it declares (${counter.bytes} of ${entry.size} bytes)`);
  if (counter.crc >>> 0 !== entry.crc >>> 0)
    throw new ZipEntryDataError(`the entry ${entry.name} is corrupt (its checksum does not match)`);
  return counter.bytes;
}
