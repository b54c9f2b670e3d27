import AdmZip from 'adm-zip';
import { AppError, BadRequestError, UnsupportedMediaTypeError } from '../../errors';

export interface ZipLimits {
  /** Most entries a zip may hold. */
  maxEntries: number;
  /** Most bytes all entries may hold together, uncompressed. */
  maxUnzippedBytes: number;
}

export interface UploadedFile {
  name: string;
  content: Buffer;
}

/** Names that could escape a directory or hide a path: refused whatever the zip is for. */
export function isUnsafeEntryName(name: string): boolean {
  return (
    name === '' ||
    name.includes('/') ||
    name.includes('\\') ||
    name.includes('..') ||
    name.includes('\0') ||
    /^[a-zA-Z]:/.test(name) ||
    name.startsWith('~') ||
    // eslint-disable-next-line no-control-regex -- control characters are what the check keeps out of an entry's name
    /[\x00-\x1f]/.test(name)
  );
}

/**
 * Reads the entries of an uploaded zip without trusting it:
 * - the entry count and the total uncompressed size are checked from the central directory
 *   before anything is inflated (413 ZIP_TOO_MANY_ENTRIES / ZIP_TOO_LARGE: zip bombs); adm-zip
 *   also stops inflating an entry at its declared size, so a size that lies cannot blow up;
 * - entry names with a slash, a backslash, "..", a drive letter or control characters are
 *   refused (400 ZIP_ENTRY_NAME: path traversal), as are directories and encrypted entries;
 * - only names ending in `.json` (case-insensitive) are accepted (415).
 * Nothing is written to disk.
 */
export function readJsonZip(buffer: Buffer, limits: ZipLimits): UploadedFile[] {
  // The entry count of the end-of-central-directory record, checked before adm-zip parses every
  // central header (a small upload can declare a huge number of tiny entries).
  const declaredEntries = endOfCentralDirectoryEntries(buffer);
  if (declaredEntries !== undefined && declaredEntries > limits.maxEntries) {
    throw new AppError(
      413,
      'ZIP_TOO_MANY_ENTRIES',
      `The zip archive declares ${declaredEntries} entries; at most ${limits.maxEntries} are accepted`,
    );
  }
  let zip: AdmZip;
  let entries: AdmZip.IZipEntry[];
  try {
    zip = new AdmZip(buffer);
    entries = zip.getEntries();
  } catch (error) {
    throw new BadRequestError(`The file is not a readable zip archive: ${(error as Error).message}`.slice(0, 300), 'INVALID_ZIP');
  }
  if (entries.length === 0) throw new BadRequestError('The zip archive is empty', 'INVALID_ZIP');
  if (entries.length > limits.maxEntries) {
    throw new AppError(
      413,
      'ZIP_TOO_MANY_ENTRIES',
      `The zip archive holds ${entries.length} entries; at most ${limits.maxEntries} are accepted`,
    );
  }
  let declared = 0;
  for (const entry of entries) {
    declared += Math.max(0, Number(entry.header.size) || 0);
    if (declared > limits.maxUnzippedBytes) {
      throw new AppError(413, 'ZIP_TOO_LARGE', `The zip archive expands to more than ${limits.maxUnzippedBytes} bytes`);
    }
  }
  for (const entry of entries) {
    const name = entry.entryName;
    if (entry.isDirectory || isUnsafeEntryName(name)) {
      throw new BadRequestError(
        `Refused zip entry name ${JSON.stringify(name).slice(0, 200)}: entries must be plain file names without directories`,
        'ZIP_ENTRY_NAME',
        { entry: name.slice(0, 200) },
      );
    }
    if (!/\.json$/i.test(name))
      throw new UnsupportedMediaTypeError(`Only .json files are accepted in the zip archive, not ${JSON.stringify(name).slice(0, 200)}`);
    if (entry.header.encrypted) throw new BadRequestError(`Encrypted zip entries are not supported (${name})`, 'INVALID_ZIP');
  }
  const files: UploadedFile[] = [];
  let total = 0;
  for (const entry of entries) {
    let content: Buffer;
    try {
      content = entry.getData();
    } catch (error) {
      throw new BadRequestError(
        `The zip entry ${entry.entryName} cannot be read: ${(error as Error).message ?? error}`.slice(0, 300),
        'INVALID_ZIP',
      );
    }
    total += content.length;
    if (total > limits.maxUnzippedBytes)
      throw new AppError(413, 'ZIP_TOO_LARGE', `The zip archive expands to more than ${limits.maxUnzippedBytes} bytes`);
    files.push({ name: entry.entryName, content });
  }
  return files;
}

/** Total entries of the end-of-central-directory record (0xFFFF for ZIP64), or undefined when none is found. */
function endOfCentralDirectoryEntries(buffer: Buffer): number | undefined {
  const lowest = Math.max(0, buffer.length - 22 - 0xffff);
  for (let i = buffer.length - 22; i >= lowest; i--) {
    if (buffer.readUInt32LE(i) === 0x06054b50) return buffer.readUInt16LE(i + 10);
  }
  return undefined;
}

/** Builds a zip from named contents (export). */
export function writeZip(files: UploadedFile[]): Buffer {
  const zip = new AdmZip();
  for (const file of files) zip.addFile(file.name, file.content);
  return zip.toBuffer();
}
