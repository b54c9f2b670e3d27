import type { ServiceContext } from '../../core/context';
import { UnauthorizedError } from '../../errors';
import { audit } from '../audit/audit-service';
import type { ExportImageFormat } from './image-check';
import { checkPng, checkSvg, decodeImage, EXPORT_IMAGE_TYPES, safeFileName } from './image-check';

export interface ImageExportRequest {
  image: string;
  format?: ExportImageFormat;
  fileName?: string;
}

export interface PreparedDownload {
  bytes: Buffer;
  fileName: string;
  headers: Record<string, string>;
}

/** Served images cannot run script even when opened directly: no script source, sandboxed, no sniffing. */
export const EXPORT_IMAGE_SECURITY_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox",
  'Cache-Control': 'no-store',
};

/**
 * POST /visualization/export/image: the canvas sends its picture and gets it back as a download.
 * The bytes are decoded and checked (image-check.ts) before anything is sent; audited.
 */
export class ImageExportService {
  constructor(private readonly ctx: ServiceContext) {
    if (!ctx.user) throw new UnauthorizedError();
  }

  async prepare(request: ImageExportRequest): Promise<PreparedDownload> {
    const { bytes, format } = decodeImage(request.image, request.format, this.ctx.deps.config.visualizations.maxImageBytes);
    const details: Record<string, unknown> = { format, bytes: bytes.length };
    if (format === 'png') Object.assign(details, checkPng(bytes));
    else checkSvg(bytes);
    const fileName = safeFileName(request.fileName, format);
    await audit(this.ctx, { action: 'visualization.export.image', targetType: 'visualization', details: { ...details, fileName } });
    return {
      bytes,
      fileName,
      headers: {
        'Content-Type': EXPORT_IMAGE_TYPES[format],
        'Content-Disposition': `attachment; filename="${fileName}"`,
        ...EXPORT_IMAGE_SECURITY_HEADERS,
      },
    };
  }
}
