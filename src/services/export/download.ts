import { csvLine } from './csv-writer';

/**
 * A file a service produces for the client to download. Services return it; the router writes
 * it (src/http/send-download.ts), so no service touches an Express response.
 */
export interface Download {
  /** The attachment's file name (ASCII, no quotes). */
  filename: string;
  contentType: string;
  /**
   * The content, produced chunk by chunk only as fast as the consumer asks: memory stays constant
   * however large the file. A consumer that stops early (client gone) ends it with return(), which
   * closes whatever the producer reads from (adapter streams, keyset pages).
   */
  body: AsyncIterable<string>;
}

export const CSV_CHUNK_SIZE = 64 * 1024;

/**
 * CSV text of the rows (RFC 4180, the shared field encoding of csv-writer.ts) in chunks of about
 * `chunkSize` characters: each chunk is yielded once full, so the producer waits for the consumer.
 * With `headerAlone`, the first row (the header) is a chunk of its own: the client has its first
 * byte before the producer reads any element (issue 24: a full export's first chunk waited for the
 * cursor's statement, sorted, and 64 KiB of rows).
 */
export async function* csvChunks(
  rows: AsyncIterable<readonly unknown[]>,
  chunkSize = CSV_CHUNK_SIZE,
  options: { headerAlone?: boolean } = {},
): AsyncGenerator<string> {
  let buffer = '';
  let first = options.headerAlone === true;
  for await (const row of rows) {
    buffer += csvLine(row);
    if (first || buffer.length >= chunkSize) {
      first = false;
      yield buffer;
      buffer = '';
    }
  }
  if (buffer !== '') yield buffer;
}
