import { randomUUID } from 'node:crypto';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import AdmZip from 'adm-zip';
import { AppError, BadRequestError, NotFoundError, UnsupportedMediaTypeError } from '../../errors';
import type { ServiceContext } from '../../http/context';
import { audit } from '../audit/audit-service';
import { readHead, sniffType, type ImportFileType } from './file-types';

export interface UploadedImportFile {
  fileId: string;
  name: string;
  type: ImportFileType;
  size: number;
  archive: string | null;
  expiresAt: string;
}

interface UploadRow {
  id: string;
  user_id: string;
  name: string;
  type: ImportFileType;
  size: string;
  archive: string | null;
  created_at: Date;
  expires_at: Date;
}

/** An incoming file as multer wrote it to disk. */
export interface IncomingFile {
  originalname: string;
  path: string;
  size: number;
}

export function uploadsDir(ctx: ServiceContext): string {
  return path.join(ctx.deps.config.dataDir, 'uploads');
}

export function incomingDir(dataDir: string): string {
  return path.join(dataDir, 'uploads', 'incoming');
}

function displayName(name: string): string {
  // multer hands the name as latin1 bytes of the UTF-8 text.
  const decoded = Buffer.from(name, 'latin1').toString('utf8');
  const base = (decoded.includes('\uFFFD') ? name : decoded).split(/[\\/]/).pop() ?? 'file';
  // eslint-disable-next-line no-control-regex
  return base.replace(/[\x00-\x1f]/g, '').slice(0, 200) || 'file';
}

/** Entry names of a zip: no absolute paths, drive letters, "..", backslashes or control characters. */
function unsafeEntryName(name: string): string | undefined {
  if (name === '') return 'an empty name';
  if (name.startsWith('/') || /^[a-zA-Z]:/.test(name)) return 'an absolute path';
  if (name.includes('\\')) return 'a backslash';
  if (name.split('/').includes('..')) return '".."';
  // eslint-disable-next-line no-control-regex
  if (/[\x00-\x1f]/.test(name)) return 'control characters';
  return undefined;
}

/** Symbolic links in a zip: the unix mode in the high 16 bits of the external attributes. */
function isLink(entry: AdmZip.IZipEntry): boolean {
  const attr = (entry.header as unknown as { attr: number }).attr >>> 16;
  return (attr & 0o170000) === 0o120000;
}

/**
 * Uploads for import (spec 4.7). Files are streamed to disk by multer, judged by their content,
 * kept under <dataDir>/uploads/<fileId> and recorded in import_uploads for their uploader only.
 * A refused upload leaves nothing: every file of the request is removed before the error answers.
 */
export class ImportUploadService {
  constructor(private readonly ctx: ServiceContext) {}

  private get userId(): string {
    return String(this.ctx.user!.id);
  }

  async upload(files: IncomingFile[]): Promise<UploadedImportFile[]> {
    const dir = uploadsDir(this.ctx);
    await mkdir(dir, { recursive: true });
    await this.removeExpired();
    const written: string[] = [];
    const staged: Array<Omit<UploadedImportFile, 'expiresAt'>> = [];
    try {
      if (files.length === 0) throw new BadRequestError('Upload at least one file in the multipart field "file"', 'FILE_REQUIRED');
      for (const file of files) {
        const name = displayName(file.originalname);
        const head = await readHead(file.path);
        const type = sniffType(head, () => this.isXlsx(file.path));
        if (type === 'empty') throw new BadRequestError(`The file ${name} is empty`, 'EMPTY_FILE', { file: name });
        if (type === 'binary') throw new UnsupportedMediaTypeError(`The file ${name} is neither CSV text, XLS, XLSX, GraphML nor zip (judged from its content)`);
        if (type === 'zip') {
          for (const entry of this.unzip(file, name)) {
            const id = randomUUID();
            const target = path.join(dir, id);
            await writeFile(target, entry.content, { flag: 'wx' });
            written.push(target);
            staged.push({ fileId: id, name: entry.name, type: entry.type, size: entry.content.length, archive: name });
          }
          continue;
        }
        const id = randomUUID();
        const target = path.join(dir, id);
        await rename(file.path, target);
        written.push(target);
        staged.push({ fileId: id, name, type, size: file.size, archive: null });
      }
      const ttl = this.ctx.deps.config.imports.uploadTtlMinutes;
      const expiresAt = new Date(Date.now() + ttl * 60_000);
      await this.ctx.db('import_uploads').insert(
        staged.map((s) => ({ id: s.fileId, user_id: this.userId, name: s.name, type: s.type, size: s.size, archive: s.archive, expires_at: expiresAt })),
      );
      await audit(this.ctx, {
        action: 'data.import.upload',
        targetType: 'import_upload',
        details: { files: staged.map((s) => ({ fileId: s.fileId, name: s.name, type: s.type, size: s.size, archive: s.archive })) },
      });
      return staged.map((s) => ({ ...s, expiresAt: expiresAt.toISOString() }));
    } catch (error) {
      await Promise.all(written.map((p) => rm(p, { force: true })));
      throw error;
    } finally {
      await Promise.all(files.map((f) => rm(f.path, { force: true })));
    }
  }

  private isXlsx(file: string): boolean {
    try {
      return new AdmZip(file).getEntries().some((e) => e.entryName === 'xl/workbook.xml');
    } catch {
      return false;
    }
  }

  /**
   * The entries of an uploaded zip, checked from the central directory before anything is
   * inflated: entry count, total declared size, per-entry compression ratio (zip bombs: 413),
   * names (absolute, "..", backslash: 400 ZIP_ENTRY_NAME), links and encrypted entries (400),
   * and every entry's own type from its content (415; no zip inside a zip).
   */
  private unzip(file: IncomingFile, zipName: string): Array<{ name: string; type: ImportFileType; content: Buffer }> {
    const limits = this.ctx.deps.config.uploads;
    const ratioLimit = this.ctx.deps.config.imports.maxZipRatio;
    let entries: AdmZip.IZipEntry[];
    try {
      entries = new AdmZip(file.path).getEntries();
    } catch (error) {
      throw new BadRequestError(`The zip ${zipName} is not readable: ${(error as Error).message}`.slice(0, 300), 'INVALID_ZIP', { file: zipName });
    }
    const files = entries.filter((e) => !e.isDirectory);
    if (files.length === 0) throw new BadRequestError(`The zip ${zipName} holds no file`, 'INVALID_ZIP', { file: zipName });
    if (entries.length > limits.maxZipEntries) {
      throw new AppError(413, 'ZIP_TOO_MANY_ENTRIES', `The zip ${zipName} holds ${entries.length} entries; at most ${limits.maxZipEntries} are accepted`);
    }
    let total = 0;
    for (const entry of entries) {
      const problem = unsafeEntryName(entry.entryName);
      if (problem) throw new BadRequestError(`The zip ${zipName} has an entry name with ${problem}: ${JSON.stringify(entry.entryName.slice(0, 200))}`, 'ZIP_ENTRY_NAME', { file: zipName, entry: entry.entryName.slice(0, 200) });
      if (isLink(entry)) throw new BadRequestError(`The zip ${zipName} has a link entry: ${entry.entryName}`, 'ZIP_ENTRY_LINK', { file: zipName, entry: entry.entryName });
      if (entry.header.encrypted) throw new BadRequestError(`The zip ${zipName} has an encrypted entry: ${entry.entryName}`, 'ZIP_ENTRY_ENCRYPTED', { file: zipName, entry: entry.entryName });
      const size = entry.header.size;
      const compressed = Math.max(entry.header.compressedSize, 1);
      total += size;
      if (size / compressed > ratioLimit && size > 1024 * 1024) {
        throw new AppError(413, 'ZIP_RATIO', `The zip ${zipName} entry ${entry.entryName} expands ${Math.round(size / compressed)} times (at most ${ratioLimit}): refused as a zip bomb`, { file: zipName, entry: entry.entryName });
      }
    }
    if (total > limits.maxUnzippedBytes) {
      throw new AppError(413, 'ZIP_TOO_LARGE', `The zip ${zipName} expands to ${total} bytes; at most ${limits.maxUnzippedBytes} are accepted`, { file: zipName });
    }
    return files.map((entry) => {
      let content: Buffer;
      try {
        content = entry.getData();
      } catch (error) {
        throw new BadRequestError(`The zip ${zipName} entry ${entry.entryName} cannot be read: ${(error as Error).message}`.slice(0, 300), 'INVALID_ZIP', { file: zipName, entry: entry.entryName });
      }
      if (content.length !== entry.header.size) throw new BadRequestError(`The zip ${zipName} entry ${entry.entryName} is not the size it declares`, 'INVALID_ZIP', { file: zipName, entry: entry.entryName });
      const name = entry.entryName.split('/').pop()!;
      const type = sniffType(content.subarray(0, 65536), () => {
        try {
          return new AdmZip(content).getEntries().some((e) => e.entryName === 'xl/workbook.xml');
        } catch {
          return false;
        }
      });
      if (type === 'empty') throw new BadRequestError(`The zip ${zipName} entry ${entry.entryName} is empty`, 'EMPTY_FILE', { file: zipName, entry: entry.entryName });
      if (type === 'zip') throw new UnsupportedMediaTypeError(`The zip ${zipName} entry ${entry.entryName} is itself a zip: nested archives are not accepted`);
      if (type === 'binary') throw new UnsupportedMediaTypeError(`The zip ${zipName} entry ${entry.entryName} is neither CSV text, XLS, XLSX nor GraphML (judged from its content)`);
      return { name, type, content };
    });
  }

  /** The caller's upload (404 for anyone else's, and once it expired). */
  async get(fileId: string): Promise<UploadedImportFile & { path: string }> {
    const row = /^[0-9a-f-]{36}$/i.test(fileId)
      ? ((await this.ctx.db('import_uploads').where({ id: fileId, user_id: this.userId }).andWhere('expires_at', '>', new Date()).first()) as UploadRow | undefined)
      : undefined;
    if (!row) throw new NotFoundError('Uploaded file', 'UPLOAD_NOT_FOUND');
    const file = path.join(uploadsDir(this.ctx), row.id);
    if (!(await stat(file).catch(() => null))) throw new NotFoundError('Uploaded file', 'UPLOAD_NOT_FOUND');
    return { fileId: row.id, name: row.name, type: row.type, size: Number(row.size), archive: row.archive, expiresAt: row.expires_at.toISOString(), path: file };
  }

  /** Removes expired uploads (rows and files); run on every upload. */
  async removeExpired(): Promise<void> {
    const expired = (await this.ctx.db('import_uploads').where('expires_at', '<=', new Date()).select('id')) as Array<{ id: string }>;
    if (expired.length === 0) return;
    await Promise.all(expired.map((e) => rm(path.join(uploadsDir(this.ctx), e.id), { force: true })));
    await this.ctx.db('import_uploads').whereIn('id', expired.map((e) => e.id)).delete();
  }
}
