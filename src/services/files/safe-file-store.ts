import type { Stats } from 'node:fs';
import { createReadStream, promises as fs } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { BadRequestError, isStorageFull, NotFoundError, StorageFullError } from '../../errors';

/** File names the stores accept: one path segment, no leading dot, no '..', no separators. */
export const FILE_NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

export function isSafeFileName(name: unknown): name is string {
  return typeof name === 'string' && FILE_NAME_PATTERN.test(name) && !name.includes('..');
}

/** Throws 400 INVALID_FILE_NAME unless the name is one safe path segment. */
export function assertSafeFileName(name: unknown, what = 'file name'): string {
  if (!isSafeFileName(name)) {
    throw new BadRequestError(
      `Invalid ${what}: use 1-128 letters, digits, '.', '_' or '-', starting with a letter or digit, without '..'`,
      'INVALID_FILE_NAME',
    );
  }
  return name;
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

export interface StoredFile {
  name: string;
  path: string;
  size: number;
  modifiedAt: Date;
}

/**
 * A flat folder of files under the data directory. Every name is validated against
 * FILE_NAME_PATTERN and the resolved path (also after following symbolic links) must stay inside
 * the folder, so no request can reach another file. Writes are atomic (temporary file + rename).
 */
export class SafeFileStore {
  readonly dir: string;

  constructor(dir: string) {
    this.dir = path.resolve(dir);
  }

  /** The absolute path of a validated name inside the folder; 400 INVALID_FILE_NAME otherwise. */
  resolve(name: string): string {
    assertSafeFileName(name);
    const full = path.resolve(this.dir, name);
    if (path.dirname(full) !== this.dir) throw new BadRequestError('The file name leaves its folder', 'INVALID_FILE_NAME');
    return full;
  }

  /** Stats a file, refusing anything that is not a regular file inside the folder after resolving links. */
  async stat(name: string): Promise<StoredFile | undefined> {
    const full = this.resolve(name);
    let real: string;
    let stats: Stats;
    try {
      real = await fs.realpath(full);
      stats = await fs.stat(real);
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
    let realDir: string;
    try {
      realDir = await fs.realpath(this.dir);
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
    if (!real.startsWith(realDir + path.sep) || !stats.isFile()) return undefined;
    return { name, path: real, size: stats.size, modifiedAt: stats.mtime };
  }

  async require(name: string, what = 'File'): Promise<StoredFile> {
    const file = await this.stat(name);
    if (!file) throw new NotFoundError(`${what} ${name}`);
    return file;
  }

  async exists(name: string): Promise<boolean> {
    return (await this.stat(name)) !== undefined;
  }

  /** Names of the regular files with safe names, sorted. A missing folder is empty. */
  async list(): Promise<string[]> {
    let entries;
    try {
      entries = await fs.readdir(this.dir, { withFileTypes: true });
    } catch (error) {
      if (isMissing(error)) return [];
      throw error;
    }
    return entries
      .filter((entry) => entry.isFile() && isSafeFileName(entry.name))
      .map((entry) => entry.name)
      .sort((a, b) => a.localeCompare(b));
  }

  openRead(file: StoredFile): Readable {
    return createReadStream(file.path);
  }

  async read(name: string): Promise<Buffer> {
    const file = await this.require(name);
    return fs.readFile(file.path);
  }

  async write(name: string, content: Buffer | string): Promise<void> {
    const full = this.resolve(name);
    await fs.mkdir(this.dir, { recursive: true });
    const temporary = path.join(this.dir, `.upload-${randomBytes(8).toString('hex')}`);
    try {
      await fs.writeFile(temporary, content, { mode: 0o640 });
      await fs.rename(temporary, full);
    } catch (error) {
      await fs.rm(temporary, { force: true });
      // A full disk is not the client's fault nor an unknown error: 507, the old file (if any) unchanged.
      if (isStorageFull(error)) throw new StorageFullError(`The server has no storage left for ${name}; nothing was changed`);
      throw error;
    }
  }

  /** Deletes a file; false when there was none. */
  async remove(name: string): Promise<boolean> {
    const full = this.resolve(name);
    try {
      const stats = await fs.lstat(full);
      if (!stats.isFile() && !stats.isSymbolicLink()) return false;
      await fs.rm(full);
      return true;
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }
}
