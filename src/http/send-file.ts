import type { Response } from 'express';
import type { FileContent } from '../services/files/appearance-service';

/** Locks down image responses: no sniffing, and an SVG opened directly cannot run anything. */
export const IMAGE_SECURITY_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox",
};

/**
 * Streams a stored file with its Content-Type, length, Last-Modified and the given headers. The
 * file is opened only here; piping keeps back-pressure, and a client that goes away closes it.
 */
export function sendFile(res: Response, content: FileContent, headers: Record<string, string> = {}): Promise<void> {
  res.status(200);
  res.set({
    'Content-Type': content.contentType,
    'Content-Length': String(content.size),
    'X-Content-Type-Options': 'nosniff',
    'Last-Modified': content.modifiedAt.toUTCString(),
    ...headers,
  });
  return new Promise<void>((resolve, reject) => {
    const stream = content.open();
    stream.on('error', (error) => {
      if (res.headersSent) {
        res.destroy(error);
        resolve();
      } else reject(error);
    });
    stream.on('end', () => resolve());
    res.on('close', () => {
      stream.destroy();
      resolve();
    });
    stream.pipe(res);
  });
}
