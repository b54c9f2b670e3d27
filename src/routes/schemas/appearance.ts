import type { NextFunction, Request, Response } from 'express';
import multer from 'multer';
import { z } from 'zod';
import '../../openapi/registry';
import { UnsupportedMediaTypeError } from '../../errors';

const FILE_NAME_RULE =
  "1-128 characters: letters, digits, '.', '_' or '-', starting with a letter or digit, no '..'. Anything else is 400 INVALID_FILE_NAME.";

export const fileNameParams = z.object({
  fileName: z.string().min(1).max(1024).openapi({ description: FILE_NAME_RULE, example: 'warehouse.svg' }),
});

export const widgetFileParams = z.object({
  widgetName: z
    .string()
    .min(1)
    .max(1024)
    .openapi({ description: `Widget folder name. ${FILE_NAME_RULE}`, example: 'timeline' }),
  fileName: z.string().min(1).max(1024).openapi({ description: FILE_NAME_RULE, example: 'timeline.js' }),
});

/** A multipart file part as multer hands it over; documented as binary. */
export const uploadedFileSchema = z
  .custom<Express.Multer.File>(
    (value) => typeof value === 'object' && value !== null && Buffer.isBuffer((value as { buffer?: unknown }).buffer),
    {
      message: 'A file is required in the multipart field "file"',
    },
  )
  .openapi({ type: 'string', format: 'binary', description: 'The image file' });

export const logoUploadBody = z.object({ file: uploadedFileSchema });

export const iconUploadBody = z.object({
  file: uploadedFileSchema,
  name: z
    .string()
    .max(1024)
    .optional()
    .openapi({
      description: `Name to store the icon under; defaults to the uploaded file name. ${FILE_NAME_RULE} The extension must match the image type.`,
      example: 'warehouse.svg',
    }),
});

export const imageInfoSchema = z.object({ contentType: z.string(), bytes: z.number().int() });
export const iconInfoSchema = z.object({ name: z.string(), contentType: z.string(), bytes: z.number().int(), replaced: z.boolean() });
export const iconListSchema = z.array(z.string());

export const licenseSchema = z.object({
  license: z.string().nullable().openapi({ description: 'The license text; null when none was stored' }),
  updatedAt: z.string().nullable().openapi({ description: 'When it was last changed (ISO 8601)' }),
});
export const licenseBody = z.object({
  license: z.string().openapi({
    description: 'The license text, at most 64 KiB (UTF-8); larger is 413.',
    example: '-----BEGIN LICENSE-----\nCustomer: Example Ltd\n-----END LICENSE-----',
  }),
});

/**
 * Multipart parsing for image uploads: 415 unless the request is multipart/form-data, multer in
 * memory with the size limit (413), then the file is put on the body for the zod schema.
 */
export function imageUploadMiddleware(maxBytes: number): Array<(req: Request, res: Response, next: NextFunction) => void> {
  const upload = multer({ storage: multer.memoryStorage(), limits: { fileSize: maxBytes, files: 1, fields: 5, fieldSize: 4096 } }).single(
    'file',
  );
  return [
    (req, _res, next) => {
      if (!req.is('multipart/form-data'))
        return next(new UnsupportedMediaTypeError('Send the image as multipart/form-data in the field "file"'));
      next();
    },
    upload,
    (req, _res, next) => {
      req.body = { ...((req.body as Record<string, unknown> | undefined) ?? {}), file: req.file };
      next();
    },
  ];
}
