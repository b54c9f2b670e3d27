import path from 'node:path';
import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { ServiceContext } from '../../core/context';
import { withDb } from '../../core/context';
import { PayloadTooLargeError, UnsupportedMediaTypeError } from '../../errors';
import { sha256 } from '../../auth/passwords';
import { audit } from '../audit/audit-service';
import type { StoredFile } from './safe-file-store';
import { SafeFileStore, assertSafeFileName } from './safe-file-store';
import type { ImageKind } from './content-type';
import { contentTypeOfName, detectImageKind, IMAGE_TYPES, imageKindOfName } from './content-type';
import { DEFAULT_LOGO_SVG } from './default-logo';

export const LICENSE_MAX_BYTES = 64 * 1024;
const LICENSE_KEY = 'license';
const LOGO_BASENAME = 'logo';
const LOGO_KINDS: ImageKind[] = ['png', 'svg', 'jpeg', 'gif', 'webp'];
const logoName = (kind: ImageKind) => `${LOGO_BASENAME}.${IMAGE_TYPES[kind].extensions[0]}`;

export interface UploadedFile {
  buffer: Buffer;
  originalname?: string;
  size: number;
}

export interface License {
  license: string | null;
  updatedAt: string | null;
}

/** The image type of an upload by its content; 415 when it is not an accepted (safe) image. */
export function requireImage(upload: UploadedFile): ImageKind {
  const kind = detectImageKind(upload.buffer);
  if (!kind) {
    throw new UnsupportedMediaTypeError(
      'The file is not an accepted image: PNG, JPEG, GIF, WebP, or SVG without scripts, event handlers or external references',
    );
  }
  return kind;
}

/** A stored file to send: its type, size and date, opened only when the router writes it. */
export interface FileContent {
  contentType: string;
  size: number;
  modifiedAt: Date;
  open(): Readable;
}

function contentOf(store: SafeFileStore, file: StoredFile, contentType: string): FileContent {
  return { contentType, size: file.size, modifiedAt: file.modifiedAt, open: () => store.openRead(file) };
}

/**
 * Logo, custom icons, external widget files and the license. Files live under the data
 * directory: <dataDir>/appearance (logo), <dataDir>/icons, <dataDir>/widgets/<widgetName>.
 */
export class AppearanceService {
  readonly appearance: SafeFileStore;
  readonly icons: SafeFileStore;

  constructor(private readonly ctx: ServiceContext) {
    const dataDir = ctx.deps.config.dataDir;
    this.appearance = new SafeFileStore(path.join(dataDir, 'appearance'));
    this.icons = new SafeFileStore(path.join(dataDir, 'icons'));
  }

  widgets(widgetName: string): SafeFileStore {
    assertSafeFileName(widgetName, 'widget name');
    return new SafeFileStore(path.join(this.ctx.deps.config.dataDir, 'widgets', widgetName));
  }

  /** The custom logo file, or undefined when the built-in default applies. */
  async customLogo(): Promise<FileContent | undefined> {
    for (const kind of LOGO_KINDS) {
      const file = await this.appearance.stat(logoName(kind));
      if (file) return contentOf(this.appearance, file, IMAGE_TYPES[kind].contentType);
    }
    return undefined;
  }

  defaultLogo(): { body: string; contentType: string } {
    return { body: DEFAULT_LOGO_SVG, contentType: 'image/svg+xml' };
  }

  async setLogo(upload: UploadedFile): Promise<{ contentType: string; bytes: number }> {
    const kind = requireImage(upload);
    const name = logoName(kind);
    await this.appearance.write(name, upload.buffer);
    for (const other of LOGO_KINDS) if (other !== kind) await this.appearance.remove(logoName(other));
    await audit(this.ctx, {
      action: 'logo.update',
      targetType: 'logo',
      details: { contentType: IMAGE_TYPES[kind].contentType, bytes: upload.size, sha256: sha256Buffer(upload.buffer) },
    });
    return { contentType: IMAGE_TYPES[kind].contentType, bytes: upload.size };
  }

  /** Removes the custom logo; the default applies again. */
  async resetLogo(): Promise<boolean> {
    let removed = false;
    for (const kind of LOGO_KINDS) removed = (await this.appearance.remove(logoName(kind))) || removed;
    if (removed) await audit(this.ctx, { action: 'logo.update', targetType: 'logo', details: { reset: true } });
    return removed;
  }

  listIcons(): Promise<string[]> {
    return this.icons.list().then((names) => names.filter((name) => imageKindOfName(name) !== undefined));
  }

  async icon(fileName: string): Promise<FileContent> {
    const file = await this.icons.require(fileName, 'Icon');
    return contentOf(this.icons, file, contentTypeOfName(fileName));
  }

  /** Stores an icon; the name's extension must match the image type found in the content. */
  async createIcon(
    fileName: string,
    upload: UploadedFile,
  ): Promise<{ name: string; contentType: string; bytes: number; replaced: boolean }> {
    assertSafeFileName(fileName);
    const kind = requireImage(upload);
    const named = imageKindOfName(fileName);
    if (named !== kind) {
      throw new UnsupportedMediaTypeError(
        `The content is ${kind.toUpperCase()}; the file name must end in .${IMAGE_TYPES[kind].extensions.join(' or .')}`,
      );
    }
    const replaced = await this.icons.exists(fileName);
    await this.icons.write(fileName, upload.buffer);
    const contentType = IMAGE_TYPES[kind].contentType;
    await audit(this.ctx, {
      action: 'icon.create',
      targetType: 'icon',
      targetId: fileName,
      details: { contentType, bytes: upload.size, replaced, sha256: sha256Buffer(upload.buffer) },
    });
    return { name: fileName, contentType, bytes: upload.size, replaced };
  }

  async deleteIcon(fileName: string): Promise<void> {
    await this.icons.require(fileName, 'Icon');
    await this.icons.remove(fileName);
    await audit(this.ctx, { action: 'icon.delete', targetType: 'icon', targetId: fileName });
  }

  async widgetFile(widgetName: string, fileName: string): Promise<FileContent> {
    const store = this.widgets(widgetName);
    const file = await store.require(fileName, `Widget file ${widgetName}/`);
    return contentOf(store, file, contentTypeOfName(fileName));
  }

  async license(): Promise<License> {
    const row = (await this.ctx.db('app_state').where('key', LICENSE_KEY).first()) as
      { value: { text?: unknown }; updated_at: Date } | undefined;
    if (!row || typeof row.value?.text !== 'string') return { license: null, updatedAt: null };
    return { license: row.value.text, updatedAt: new Date(row.updated_at).toISOString() };
  }

  async setLicense(text: string): Promise<License> {
    const bytes = Buffer.byteLength(text, 'utf8');
    if (bytes > LICENSE_MAX_BYTES)
      throw new PayloadTooLargeError(`The license is ${bytes} bytes; at most ${LICENSE_MAX_BYTES} are accepted`);
    const now = new Date();
    await this.ctx.db.transaction(async (trx) => {
      await trx('app_state')
        .insert({ key: LICENSE_KEY, value: JSON.stringify({ text }), updated_at: now })
        .onConflict('key')
        .merge();
      await audit(withDb(this.ctx, trx), { action: 'license.update', targetType: 'license', details: { bytes, sha256: sha256(text) } });
    });
    return { license: text, updatedAt: now.toISOString() };
  }
}

function sha256Buffer(buffer: Buffer): string {
  return createHash('sha256').update(buffer).digest('hex');
}
