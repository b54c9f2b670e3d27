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
 */
export async function* csvChunks(rows: AsyncIterable<readonly unknown[]>, chunkSize = CSV_CHUNK_SIZE): AsyncGenerator<string> {
  let buffer = '';
  for await (const row of rows) {
    buffer += csvLine(row);
    if (buffer.length >= chunkSize) {
      yield buffer;
      buffer = '';
    }
  }
  if (buffer !== '') yield buffer;
}
