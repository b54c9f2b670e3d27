import { randomBytes } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { NextFunction, Request, Response } from 'express';
import { Router } from 'express';
import multer from 'multer';
import { z } from 'zod';
import { AppError, BadRequestError, isStorageFull, StorageFullError, UnsupportedMediaTypeError } from '../../errors';
import type { AppDeps } from '../../core/context';
import { endpoint } from '../../http/endpoint';
import { ENCODINGS } from '../../services/import/csv-source';
import { ImportService } from '../../services/import/import-service';
import { mappingSchema } from '../../services/import/mapping';
import { ImportUploadService, incomingDir } from '../../services/import/upload-service';

const tag = 'Import';

const uploadResultSchema = z.object({
  files: z.array(
    z.object({
      fileId: z.string(),
      name: z.string(),
      type: z.enum(['csv', 'xls', 'xlsx', 'graphml']),
      size: z.number(),
      archive: z.string().nullable(),
      expiresAt: z.string(),
    }),
  ),
});

const analyzeBodySchema = z
  .object({
    fileId: z.string().min(1).max(100),
    encoding: z.enum(ENCODINGS).optional(),
    delimiter: z.enum([',', ';', '\t', '|']).optional(),
    quote: z.enum(['"', "'"]).optional(),
    header: z.boolean().optional(),
  })
  .strict();

const importBodySchema = z
  .object({
    fileId: z.string().min(1).max(100),
    mapping: mappingSchema,
    dryRun: z.boolean().optional(),
    /** true: answer at once with state running; false: wait; absent: by file size (imports.directMaxBytes). */
    background: z.boolean().optional(),
    /** true: any rejected or skipped row fails the import (422 IMPORT_ROWS_REJECTED with the first reasons) and nothing is imported. */
    allOrNothing: z.boolean().optional(),
    /** single (default): one transaction. batched: a transaction per batch (imports larger than Neo4j's heap); a failure deletes what was created. */
    transaction: z.enum(['single', 'batched']).optional(),
  })
  .strict();

const reportSchema = z.object({
  fileId: z.string(),
  fileName: z.string(),
  dryRun: z.boolean(),
  rowsRead: z.number(),
  nodesCreated: z.number(),
  nodesUpdated: z.number(),
  relationshipsCreated: z.number(),
  rowsSkipped: z.number(),
  rowsRejected: z.number(),
  rejected: z.array(z.object({ row: z.number(), reason: z.string() })),
  /** What the file held that was left out (GraphML: ports, data of keys declared for other elements, markup). */
  warnings: z.array(z.string()).optional(),
  /** A written import: succeeded-with-rejected when rows were rejected or skipped (issue 23). */
  outcome: z.enum(['succeeded', 'succeeded-with-rejected']).optional(),
  durationMs: z.number(),
});

const statusSchema = z.object({
  importId: z.string(),
  fileId: z.string().nullable(),
  fileName: z.string(),
  state: z.enum(['running', 'succeeded', 'failed', 'cancelled']),
  dryRun: z.boolean(),
  progress: z.object({ rowsDone: z.number(), rowsTotal: z.number().nullable(), rowsPerSecond: z.number() }),
  report: reportSchema.nullable(),
  error: z.object({ code: z.string(), message: z.string(), status: z.number().optional(), details: z.record(z.string(), z.unknown()).optional() }).nullable(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  /** Whether POST /data/import/imports/{id}/undo can undo the import, why not, and when it was undone. */
  undo: z.object({ possible: z.boolean(), reason: z.string().nullable(), undoneAt: z.string().nullable() }),
  /** The first 500 ids of the nodes the import created (for /visualization?nodes=...); empty once undone. */
  createdNodeIds: z.array(z.string()),
});

const statusExample = {
  importId: '6f1c0a52-3c1e-4a44-9d8e-0d7f3c5b2a10',
  fileId: '0b7e4c1a-5d55-4c39-8a0e-2f1f5b6c7d80',
  fileName: 'people.csv',
  state: 'succeeded',
  dryRun: false,
  progress: { rowsDone: 3, rowsTotal: 3, rowsPerSecond: 120 },
  report: {
    fileId: '0b7e4c1a-5d55-4c39-8a0e-2f1f5b6c7d80', fileName: 'people.csv', dryRun: false, rowsRead: 3, nodesCreated: 2, nodesUpdated: 0, relationshipsCreated: 0,
    rowsSkipped: 0, rowsRejected: 1, rejected: [{ row: 4, reason: 'column age: "x" is not an integer' }], outcome: 'succeeded-with-rejected', durationMs: 25,
  },
  error: null,
  startedAt: '2026-11-23T10:00:00.000Z',
  finishedAt: '2026-11-23T10:00:00.025Z',
  undo: { possible: true, reason: null, undoneAt: null },
  createdNodeIds: ['101', '102'],
};

const idParams = z.object({ id: z.string().min(1).max(100) });

const INCOMING_PATHS = Symbol('incomingPaths');

/** The paths multer chose for this request's files (also those whose write failed). */
function incomingPaths(req: Request): string[] {
  const holder = req as unknown as { [INCOMING_PATHS]?: string[] };
  return (holder[INCOMING_PATHS] ??= []);
}

/** The client went away before sending its whole body. */
function clientAborted(req: Request): boolean {
  return req.readableAborted || (req.destroyed && !req.readableEnded) || Boolean(req.socket?.destroyed && !req.complete);
}

function requireMultipart(req: Request, _res: Response, next: NextFunction): void {
  if (!req.is('multipart/form-data')) return next(new UnsupportedMediaTypeError('Upload the files as multipart/form-data in the field "file"'));
  next();
}

/** Import (spec 4.7): upload, analysis, import; and the state, cancel and rejected rows of an import. */
export function createImportRouter(deps: AppDeps): Router {
  const router = Router();
  const maxBytes = deps.config.uploads.maxBytes;
  const incoming = incomingDir(deps.config.dataDir);
  const storage = multer.diskStorage({
    destination: (_req, _file, cb) => {
      mkdir(incoming, { recursive: true }).then(() => cb(null, incoming), (error: Error) => cb(error, incoming));
    },
    // Every file multer starts is remembered on the request: one whose write failed (disk full) is
    // not in req.files, and must be removed too.
    filename: (req, _file, cb) => {
      const name = randomBytes(16).toString('hex');
      incomingPaths(req).push(path.join(incoming, name));
      cb(null, name);
    },
  });
  const upload = multer({ storage, limits: { fileSize: maxBytes, files: 20, fields: 10, parts: 30 } }).array('file', 20);

  /** Refuses a declared size over the limit before reading a byte, and removes partial files of a refused upload. */
  const uploadMiddleware = (req: Request, res: Response, next: NextFunction): void => {
    const declared = Number(req.headers['content-length'] ?? 0);
    // 20 files of the maximum size and their multipart framing.
    if (Number.isFinite(declared) && declared > maxBytes * 20 + 1024 * 1024) {
      res.setHeader('Connection', 'close');
      return next(new AppError(413, 'PAYLOAD_TOO_LARGE', `The upload declares ${declared} bytes; at most ${maxBytes} bytes per file are accepted`));
    }
    upload(req, res, (error?: unknown) => {
      if (!error) return next();
      const files = (req.files as Express.Multer.File[] | undefined) ?? [];
      const paths = new Set([...files.map((f) => f.path), ...incomingPaths(req)]);
      void Promise.all([...paths].map((p) => rm(p, { force: true }))).finally(() => {
        const e = error as { code?: string; errno?: number; name?: string; message?: string };
        if (e.code === 'LIMIT_FILE_SIZE') return next(new AppError(413, 'PAYLOAD_TOO_LARGE', `A file is larger than ${maxBytes} bytes`));
        if (isStorageFull(error)) return next(new StorageFullError('The server has no storage left for uploads; nothing of this upload was kept'));
        if (clientAborted(req)) {
          // Nobody is left to answer; not a server fault.
          deps.logger.info({ requestId: req.requestId, path: req.path, reason: e.message }, 'upload aborted by the client');
          return next(new AppError(400, 'UPLOAD_ABORTED', 'The client aborted the upload'));
        }
        // A malformed multipart body (busboy: "Unexpected end of form", "Malformed part header") is the client's mistake.
        if (e.errno === undefined && e.name !== 'MulterError' && !(error instanceof AppError)) {
          return next(new BadRequestError(`Upload rejected: ${e.message ?? 'malformed multipart body'}`.slice(0, 300), 'UPLOAD_REJECTED'));
        }
        next(error);
      });
    });
  };

  // The import wizard page (web/import drives the endpoints below) is src/pages/pages.ts.

  endpoint(
    router,
    {
      method: 'post', path: '/data/import/uploadFile', tag, access: 'DATA_MANAGEMENT',
      summary: 'Upload files to import',
      description:
        'multipart/form-data with one or more files in the field "file": csv, xls, xlsx, GraphML (.graphml, .xml) or a zip of these. ' +
        'Nothing is imported yet: the answer lists one file identifier per file and per file inside a zip, for analyzeFile and importFile. ' +
        'The type is judged from the content (415 otherwise). Limits: size per file (413), zip entry count, total uncompressed size and compression ratio (413), ' +
        'entry names without absolute paths, ".." or links (400), the uploads one user keeps (413 UPLOAD_QUOTA_EXCEEDED, uploads.maxBytesPerUser). ' +
        'Zips are checked as a whole from their central directory before anything is extracted, and each entry is extracted as a stream, at most the size it declares (413 ZIP_ENTRY_SIZE_MISMATCH). ' +
        'A full disk answers 507 STORAGE_FULL. A refused upload leaves nothing. Uploads belong to their uploader (404 for anyone else) and expire.',
      body: {
        schema: z.object({ file: z.any().optional().openapi({ type: 'string', format: 'binary', description: 'A file (repeat the field for several).' }) }),
        example: { file: '(people.csv)' },
        contentType: 'multipart/form-data',
      },
      responses: {
        201: {
          description: 'The uploaded files',
          schema: uploadResultSchema,
          example: { files: [{ fileId: '0b7e4c1a-5d55-4c39-8a0e-2f1f5b6c7d80', name: 'people.csv', type: 'csv', size: 1200, archive: null, expiresAt: '2026-11-24T10:00:00.000Z' }] },
        },
      },
      errors: [413, 415, 507],
      middleware: [requireMultipart, uploadMiddleware],
    },
    async ({ ctx, req }) => {
      const files = ((req.files as Express.Multer.File[] | undefined) ?? []).map((f) => ({ originalname: f.originalname, path: f.path, size: f.size }));
      if (files.length === 0) throw new BadRequestError('Upload at least one file in the multipart field "file"', 'FILE_REQUIRED');
      return { files: await new ImportUploadService(ctx).upload(files) };
    },
  );

  endpoint(
    router,
    {
      method: 'post', path: '/data/import/analyzeFile', tag, access: 'DATA_MANAGEMENT',
      summary: 'Analyse an uploaded file',
      description:
        'Tables (CSV, each sheet of XLS/XLSX): encoding, delimiter, quote, header, columns with their inferred type (integer, float, boolean, date, datetime, string, list) ' +
        'and empty counts, row count, sample rows, whether rows look like nodes or relationships, and a proposed mapping for importFile. ' +
        'GraphML: node and edge counts, keys with types and defaults, labels, relationship types, directedness, parallel edges, warnings (what the import leaves out: ports, ' +
        'data of keys declared for other elements, XML markup), and a proposed mapping; data for an undeclared key is 422 GRAPHML_UNDECLARED_KEY naming the key, element and line. ' +
        'Broken files answer 400/422 naming the file and the line or element.',
      body: { schema: analyzeBodySchema, example: { fileId: '0b7e4c1a-5d55-4c39-8a0e-2f1f5b6c7d80' } },
      responses: {
        200: {
          description: 'The analysis',
          schema: z.record(z.string(), z.unknown()),
          example: {
            fileId: '0b7e4c1a-5d55-4c39-8a0e-2f1f5b6c7d80', name: 'people.csv', type: 'csv', size: 1200,
            tables: [{
              name: 'people.csv', encoding: 'utf-8', bom: false, delimiter: ',', quote: '"', header: true,
              columns: [{ name: 'id', index: 0, type: 'integer', empty: 0 }, { name: 'name', index: 1, type: 'string', empty: 0 }],
              rowCount: 2, sampleRows: [['1', 'Ann'], ['2', 'Bob']], kind: 'nodes',
              mapping: { kind: 'nodes', labels: ['People'], mergeKey: { label: 'People', property: 'id' }, columns: [{ column: 'id', property: 'id', type: 'integer' }, { column: 'name', property: 'name', type: 'string' }] },
            }],
          },
        },
      },
      errors: [404, 422],
    },
    ({ ctx, body }) => new ImportService(ctx).analyze(body.fileId, body),
  );

  endpoint(
    router,
    {
      method: 'post', path: '/data/import/importFile', tag, access: 'DATA_MANAGEMENT',
      summary: 'Import an uploaded file into the graph',
      description:
        'Imports the file with a mapping (kind nodes, relationships or graphml; analyzeFile proposes one). dryRun validates and counts everything and writes nothing. ' +
        'The whole import is one transaction by default: a failed or cancelled import leaves nothing. Small files answer 200 with the finished import; ' +
        'large ones (or background: true) answer 202 with state running: poll GET /data/import/imports/{id}, cancel with DELETE. ' +
        'Rows that do not convert or break DATA_SCHEMA or your data access are rejected with a reason (GET /data/import/imports/{id}/rejected.csv); ' +
        'the report\'s outcome is then succeeded-with-rejected, and with allOrNothing: true any rejected or skipped row fails the import (422 IMPORT_ROWS_REJECTED with the first reasons) and nothing is imported. ' +
        'An upload is imported once: a second start while its import runs or after it succeeded (not undone) is 409 IMPORT_ALREADY_STARTED (dry runs do not count). ' +
        'transaction: batched commits every batch (imports.batchRows rows) on its own, for imports larger than one transaction can hold (Neo4j keeps a transaction on its heap); ' +
        'the import records the ids of what each batch created outside the data (no stamp property), and if it fails or is cancelled it deletes them: the error\'s details.undo ' +
        'says how many nodes and relationships were deleted and what could not be undone (nodes updated through a merge key keep the update; elements another user attached to). ' +
        'Other users see the batches already committed while it runs. A dry run is always one transaction.',
      body: {
        schema: importBodySchema,
        example: { fileId: '0b7e4c1a-5d55-4c39-8a0e-2f1f5b6c7d80', mapping: { kind: 'nodes', labels: ['Person'], mergeKey: { label: 'Person', property: 'id' }, columns: [{ column: 'id', type: 'integer' }, { column: 'name' }] }, dryRun: false, transaction: 'batched' },
      },
      responses: {
        200: { description: 'The finished import', schema: statusSchema, example: statusExample },
        202: { description: 'The import runs in the background', schema: statusSchema, example: { ...statusExample, state: 'running', report: null, finishedAt: null } },
      },
      errors: [403, 404, 409, 422, 501],
    },
    async ({ ctx, body, res }) => {
      const status = await new ImportService(ctx).start(body);
      res.status(status.state === 'running' ? 202 : 200).json(status);
    },
  );

  endpoint(
    router,
    {
      method: 'get', path: '/data/import/imports/{id}', tag, access: 'DATA_MANAGEMENT',
      summary: 'State, progress and report of an import',
      description: 'Only the user who started the import sees it (404 otherwise). An import whose service instance stopped during it (its lease ran out) reads failed with IMPORT_ABANDONED.',
      params: idParams,
      responses: { 200: { description: 'The import', schema: statusSchema, example: statusExample } },
    },
    ({ ctx, params }) => new ImportService(ctx).status(params.id),
  );

  endpoint(
    router,
    {
      method: 'delete', path: '/data/import/imports/{id}', tag, access: 'DATA_MANAGEMENT',
      summary: 'Cancel an import',
      description: 'A running import stops at its next batch and rolls back: nothing of it stays in the graph. A finished import is left as it is; one whose service instance stopped (its lease ran out) answers failed with IMPORT_ABANDONED. Answers the state after the cancel.',
      params: idParams,
      responses: { 200: { description: 'The import', schema: statusSchema, example: { ...statusExample, state: 'cancelled' } } },
    },
    ({ ctx, params }) => new ImportService(ctx).cancel(params.id),
  );

  endpoint(
    router,
    {
      method: 'post', path: '/data/import/imports/{id}/undo', tag, access: 'DATA_MANAGEMENT',
      summary: 'Undo an import',
      description:
        'Deletes the nodes and relationships the import created (the ids it recorded, at most imports.maxUndoElements) that you can see, in one transaction with its audit event ' +
        '(data.import.undo). Nodes it only updated through a merge key keep the update. 409 IMPORT_NOT_UNDOABLE when it cannot be undone (running, failed, a dry run, undone already, ' +
        'too large), 409 UNDO_CONFLICT when relationships it did not create are attached to its nodes (nothing is deleted). Answers the import, with undo.undoneAt.',
      params: idParams,
      responses: {
        200: {
          description: 'The undone import',
          schema: statusSchema,
          example: { ...statusExample, undo: { possible: false, reason: 'The import was undone already', undoneAt: '2026-11-23T10:05:00.000Z' }, createdNodeIds: [] },
        },
      },
      errors: [404, 409, 501],
    },
    ({ ctx, params }) => new ImportService(ctx).undo(params.id),
  );

  endpoint(
    router,
    {
      method: 'get', path: '/data/import/imports/{id}/rejected.csv', tag, access: 'DATA_MANAGEMENT',
      summary: 'Rejected and skipped rows of an import (CSV)',
      description: 'One line per rejected or skipped row: row (line) number, reason, then the row\'s cells.',
      params: idParams,
      responses: {
        200: { description: 'The rejected rows', contentType: 'text/csv', schema: z.string(), example: 'row,reason,values\r\n4,"column age: ""x"" is not an integer",4,Dan,x\r\n' },
      },
    },
    async ({ ctx, params, res }) => {
      const file = await new ImportService(ctx).rejectedFile(params.id);
      res.status(200).set({ 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="${file.name}"`, 'Cache-Control': 'no-store' });
      await new Promise<void>((resolve, reject) => {
        const stream = ImportService.openRejected(file.path);
        stream.on('error', reject);
        stream.on('end', () => resolve());
        stream.pipe(res);
      });
    },
  );

  return router;
}
