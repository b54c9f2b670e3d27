import { once } from 'node:events';
import type { Response } from 'express';
import type { Logger } from 'pino';
import type { Download } from '../services/export/download';

/**
 * Writes a service's Download as a 200 attachment with back-pressure: each chunk is asked for only
 * after the previous one was taken by the socket (or its buffer drained), so memory stays constant.
 *
 * The first chunk is read before any header goes out: a failure up to there (store unavailable, a
 * bad query found late) is still answered as a problem by the error handler. After that the only
 * honest signal left is a broken response. A client that goes away ends the body (return()).
 */
export async function sendDownload(res: Response, download: Download, logger: Logger): Promise<void> {
  const chunks = download.body[Symbol.asyncIterator]();
  let next = await chunks.next();
  res.status(200);
  res.setHeader('Content-Type', download.contentType);
  res.setHeader('Content-Disposition', `attachment; filename="${download.filename}"`);
  res.setHeader('Cache-Control', 'no-store');
  const gone = () => res.destroyed || res.writableEnded;
  try {
    while (!next.done) {
      if (gone()) break;
      if (!res.write(next.value)) await drainedOrClosed(res);
      if (gone()) break;
      next = await chunks.next();
    }
    if (!next.done) await chunks.return?.();
    else if (!gone()) res.end();
  } catch (error) {
    logger.error({ err: error, filename: download.filename }, 'download failed midway');
    res.destroy(error as Error);
  }
}

/** Waits for 'drain' or 'close', removing the other listener (a long export drains many times). */
async function drainedOrClosed(res: Response): Promise<void> {
  const stop = new AbortController();
  try {
    await Promise.race([once(res, 'drain', { signal: stop.signal }), once(res, 'close', { signal: stop.signal })]);
  } finally {
    stop.abort();
  }
}
