import { randomUUID } from 'node:crypto';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Knex } from 'knex';
import { AppError, BadRequestError, isStorageFull, NotFoundError, StorageFullError, UnsupportedMediaTypeError } from '../../errors';
import { withDb, type ServiceContext } from '../../core/context';
import { audit } from '../audit/audit-service';
import { readHead, sniffType, type ImportFileType } from './file-types';
import {
  extractZipEntry,
  isZipHead,
  readZipDirectory,
  ZipEntryDataError,
  ZipEntrySizeError,
  ZipFormatError,
  type ZipDirectory,
  type ZipEntry,
} from './zip-reader';

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
  // eslint-disable-next-line no-control-regex -- control characters are exactly what this strips from a file name
  return base.replace(/[\x00-\x1f]/g, '').slice(0, 200) || 'file';
}

/** Entry names of a zip: no absolute paths, drive letters, "..", backslashes or control characters. */
function unsafeEntryName(name: string): string | undefined {
  if (name === '') return 'an empty name';
  if (name.startsWith('/') || /^[a-zA-Z]:/.test(name)) return 'an absolute path';
  if (name.includes('\\')) return 'a backslash';
  if (name.split('/').includes('..')) return '".."';
  // eslint-disable-next-line no-control-regex -- control characters in an entry name are what this refuses
  if (/[\x00-\x1f]/.test(name)) return 'control characters';
  return undefined;
}

/** A zip holding xl/workbook.xml is an XLSX workbook. */
function isWorkbook(directory: ZipDirectory | undefined): boolean {
  return directory?.entries.some((e) => e.name === 'xl/workbook.xml') ?? false;
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

  /**
   * Every file is judged and every zip checked from its central directory before anything is
   * written; then the user's quota (uploads.maxBytesPerUser, zips counted by their declared
   * unpacked size, which extraction enforces) is checked; then plain files are moved and zip
   * entries extracted as streams. The rows are inserted under a per-user lock that checks the
   * quota again, so parallel uploads of one user cannot pass it together.
   */
  async upload(files: IncomingFile[]): Promise<UploadedImportFile[]> {
    const dir = uploadsDir(this.ctx);
    await mkdir(dir, { recursive: true });
    await this.removeExpired();
    const written: string[] = [];
    const staged: Array<Omit<UploadedImportFile, 'expiresAt'>> = [];
    try {
      if (files.length === 0) throw new BadRequestError('Upload at least one file in the multipart field "file"', 'FILE_REQUIRED');
      const planned: Array<
        { file: IncomingFile; name: string; type: ImportFileType } | { file: IncomingFile; name: string; type: 'zip'; entries: ZipEntry[] }
      > = [];
      let incomingBytes = 0;
      for (const file of files) {
        const name = displayName(file.originalname);
        const head = await readHead(file.path);
        let unreadable = 'its central directory is missing or corrupt';
        const directory = isZipHead(head)
          ? await readZipDirectory(file.path, this.ctx.deps.config.uploads.maxZipEntries).catch((error: Error) => {
              if (error instanceof ZipFormatError) unreadable = error.message;
              return undefined;
            })
          : undefined;
        const type = sniffType(head, () => isWorkbook(directory));
        if (type === 'empty') throw new BadRequestError(`The file ${name} is empty`, 'EMPTY_FILE', { file: name });
        if (type === 'binary')
          throw new UnsupportedMediaTypeError(`The file ${name} is neither CSV text, XLS, XLSX, GraphML nor zip (judged from its content)`);
        if (type === 'zip') {
          const entries = this.checkZip(directory, name, unreadable);
          incomingBytes += entries.reduce((sum, e) => sum + e.size, 0);
          planned.push({ file, name, type, entries });
        } else {
          incomingBytes += file.size;
          planned.push({ file, name, type });
        }
      }
      await this.assertQuota(this.ctx.db, incomingBytes);
      for (const plan of planned) {
        if (plan.type === 'zip') {
          for (const entry of plan.entries) {
            const id = randomUUID();
            const target = path.join(dir, id);
            written.push(target);
            const { name, type, size } = await this.extract(plan.file, plan.name, entry, target);
            staged.push({ fileId: id, name, type, size, archive: plan.name });
          }
          continue;
        }
        const id = randomUUID();
        const target = path.join(dir, id);
        written.push(target);
        await rename(plan.file.path, target);
        staged.push({ fileId: id, name: plan.name, type: plan.type, size: plan.file.size, archive: null });
      }
      const ttl = this.ctx.deps.config.imports.uploadTtlMinutes;
      const expiresAt = new Date(Date.now() + ttl * 60_000);
      await this.ctx.db.transaction(async (trx) => {
        await trx.raw('select pg_advisory_xact_lock(hashtext(?))', [`import_uploads:${this.userId}`]);
        await this.assertQuota(
          trx,
          staged.reduce((sum, s) => sum + s.size, 0),
        );
        await trx('import_uploads').insert(
          staged.map((s) => ({
            id: s.fileId,
            user_id: this.userId,
            name: s.name,
            type: s.type,
            size: s.size,
            archive: s.archive,
            expires_at: expiresAt,
          })),
        );
        await audit(withDb(this.ctx, trx), {
          action: 'data.import.upload',
          targetType: 'import_upload',
          details: { files: staged.map((s) => ({ fileId: s.fileId, name: s.name, type: s.type, size: s.size, archive: s.archive })) },
        });
      });
      return staged.map((s) => ({ ...s, expiresAt: expiresAt.toISOString() }));
    } catch (error) {
      await Promise.all(written.map((p) => rm(p, { force: true })));
      if (isStorageFull(error)) {
        throw new StorageFullError('The server has no storage left for uploads; nothing of this upload was kept');
      }
      throw error;
    } finally {
      await Promise.all(files.map((f) => rm(f.path, { force: true })));
    }
  }

  /** 413 UPLOAD_QUOTA_EXCEEDED when the user's kept uploads and `adding` bytes exceed uploads.maxBytesPerUser. */
  private async assertQuota(db: Knex, adding: number): Promise<void> {
    const limit = this.ctx.deps.config.uploads.maxBytesPerUser;
    const row = (await db('import_uploads')
      .where({ user_id: this.userId })
      .andWhere('expires_at', '>', new Date())
      .sum({ total: 'size' })
      .first()) as { total: string | number | null } | undefined;
    const kept = Number(row?.total ?? 0);
    if (kept + adding > limit) {
      throw new AppError(
        413,
        'UPLOAD_QUOTA_EXCEEDED',
        `This upload needs ${adding} bytes and your kept uploads take ${kept}; at most ${limit} bytes per user are kept (uploads expire, or import them first)`,
        { limit, kept, adding },
      );
    }
  }

  /**
   * The file entries of an uploaded zip, checked from its central directory before anything is
   * inflated: entry count, the whole archive's declared unpacked size and compression ratio, the
   * ratio of each entry over 1 MiB (zip bombs: 413), names (absolute, "..", backslash: 400
   * ZIP_ENTRY_NAME), links, encrypted entries and unknown compression methods (400).
   */
  private checkZip(directory: ZipDirectory | undefined, zipName: string, unreadable: string): ZipEntry[] {
    const limits = this.ctx.deps.config.uploads;
    const ratioLimit = this.ctx.deps.config.imports.maxZipRatio;
    if (!directory) throw new BadRequestError(`The zip ${zipName} is not readable: ${unreadable}`, 'INVALID_ZIP', { file: zipName });
    if (directory.count > limits.maxZipEntries) {
      throw new AppError(
        413,
        'ZIP_TOO_MANY_ENTRIES',
        `The zip ${zipName} holds ${directory.count} entries; at most ${limits.maxZipEntries} are accepted`,
      );
    }
    const entries = directory.entries;
    const files = entries.filter((e) => !e.isDirectory);
    if (files.length === 0) throw new BadRequestError(`The zip ${zipName} holds no file`, 'INVALID_ZIP', { file: zipName });
    let total = 0;
    for (const entry of entries) {
      const problem = unsafeEntryName(entry.name);
      if (problem)
        throw new BadRequestError(
          `The zip ${zipName} has an entry name with ${problem}: ${JSON.stringify(entry.name.slice(0, 200))}`,
          'ZIP_ENTRY_NAME',
          { file: zipName, entry: entry.name.slice(0, 200) },
        );
      if (entry.isLink)
        throw new BadRequestError(`The zip ${zipName} has a link entry: ${entry.name}`, 'ZIP_ENTRY_LINK', {
          file: zipName,
          entry: entry.name,
        });
      if (entry.encrypted)
        throw new BadRequestError(`The zip ${zipName} has an encrypted entry: ${entry.name}`, 'ZIP_ENTRY_ENCRYPTED', {
          file: zipName,
          entry: entry.name,
        });
      if (entry.isDirectory) continue;
      if (entry.method !== 0 && entry.method !== 8) {
        throw new BadRequestError(
          `The zip ${zipName} entry ${entry.name} uses compression method ${entry.method}; only stored and deflated entries are read`,
          'INVALID_ZIP',
          { file: zipName, entry: entry.name },
        );
      }
      const size = entry.size;
      const compressed = Math.max(entry.compressedSize, 1);
      total += size;
      if (size / compressed > ratioLimit && size > 1024 * 1024) {
        throw new AppError(
          413,
          'ZIP_RATIO',
          `The zip ${zipName} entry ${entry.name} expands ${Math.round(size / compressed)} times (at most ${ratioLimit}): refused as a zip bomb`,
          { file: zipName, entry: entry.name },
        );
      }
    }
    if (total > limits.maxUnzippedBytes) {
      throw new AppError(
        413,
        'ZIP_TOO_LARGE',
        `The zip ${zipName} expands to ${total} bytes; at most ${limits.maxUnzippedBytes} are accepted`,
        { file: zipName },
      );
    }
    // The whole archive: many small entries that each pass the entry check add up.
    const archiveRatio = total / Math.max(directory.fileSize, 1);
    if (archiveRatio > ratioLimit && total > 1024 * 1024) {
      throw new AppError(
        413,
        'ZIP_RATIO',
        `The zip ${zipName} expands ${Math.round(archiveRatio)} times as a whole (at most ${ratioLimit}): refused as a zip bomb`,
        { file: zipName },
      );
    }
    return files;
  }

  /**
   * Extracts one checked entry to `target` as a stream (zlib on the thread pool, never the whole
   * entry in memory), at most the size it declares, then judges its type from the written content
   * (415 for anything but CSV, XLS, XLSX and GraphML; no zip inside a zip).
   */
  private async extract(
    file: IncomingFile,
    zipName: string,
    entry: ZipEntry,
    target: string,
  ): Promise<{ name: string; type: ImportFileType; size: number }> {
    let size: number;
    try {
      size = await extractZipEntry(file.path, entry, target);
    } catch (error) {
      if (error instanceof ZipEntrySizeError) {
        throw new AppError(
          413,
          'ZIP_ENTRY_SIZE_MISMATCH',
          `The zip ${zipName} entry ${entry.name} inflates past the ${entry.size} bytes it declares: refused`,
          { file: zipName, entry: entry.name },
        );
      }
      if (error instanceof ZipEntryDataError || error instanceof ZipFormatError) {
        throw new BadRequestError(`The zip ${zipName} entry ${entry.name} cannot be read: ${error.message}`.slice(0, 300), 'INVALID_ZIP', {
          file: zipName,
          entry: entry.name,
        });
      }
      throw error;
    }
    const name = entry.name.split('/').pop()!;
    const head = await readHead(target);
    const inner = isZipHead(head) ? await readZipDirectory(target, 100_000).catch(() => undefined) : undefined;
    const type = sniffType(head, () => isWorkbook(inner));
    if (type === 'empty')
      throw new BadRequestError(`The zip ${zipName} entry ${entry.name} is empty`, 'EMPTY_FILE', { file: zipName, entry: entry.name });
    if (type === 'zip')
      throw new UnsupportedMediaTypeError(`The zip ${zipName} entry ${entry.name} is itself a zip: nested archives are not accepted`);
    if (type === 'binary')
      throw new UnsupportedMediaTypeError(
        `The zip ${zipName} entry ${entry.name} is neither CSV text, XLS, XLSX nor GraphML (judged from its content)`,
      );
    return { name, type, size };
  }

  /** The caller's upload (404 for anyone else's, and once it expired). */
  async get(fileId: string): Promise<UploadedImportFile & { path: string }> {
    const row = /^[0-9a-f-]{36}$/i.test(fileId)
      ? ((await this.ctx
          .db('import_uploads')
          .where({ id: fileId, user_id: this.userId })
          .andWhere('expires_at', '>', new Date())
          .first()) as UploadRow | undefined)
      : undefined;
    if (!row) throw new NotFoundError('Uploaded file', 'UPLOAD_NOT_FOUND');
    const file = path.join(uploadsDir(this.ctx), row.id);
    if (!(await stat(file).catch(() => null))) throw new NotFoundError('Uploaded file', 'UPLOAD_NOT_FOUND');
    return {
      fileId: row.id,
      name: row.name,
      type: row.type,
      size: Number(row.size),
      archive: row.archive,
      expiresAt: row.expires_at.toISOString(),
      path: file,
    };
  }

  /** Removes expired uploads (rows and files); run on every upload. */
  async removeExpired(): Promise<void> {
    const expired: Array<{ id: string }> = await this.ctx.db('import_uploads').where('expires_at', '<=', new Date()).select('id');
    if (expired.length === 0) return;
    await Promise.all(expired.map((e) => rm(path.join(uploadsDir(this.ctx), e.id), { force: true })));
    await this.ctx
      .db('import_uploads')
      .whereIn(
        'id',
        expired.map((e) => e.id),
      )
      .delete();
  }
}
