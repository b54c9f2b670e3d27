import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import pino from 'pino';
import { sendDownload } from './send-download';
import type { Download } from '../services/export/download';

const CHUNK = 'x'.repeat(64 * 1024);
const CHUNKS = 4000; // 256 MiB if it were all produced at once

interface Probe {
  produced: number;
  finished: boolean;
  failFirst?: boolean;
}

function download(probe: Probe): Download {
  async function* body(): AsyncGenerator<string> {
    try {
      if (probe.failFirst) throw new Error('store unavailable');
      for (let i = 0; i < CHUNKS; i++) {
        probe.produced++;
        yield CHUNK;
      }
    } finally {
      probe.finished = true;
    }
  }
  return { filename: 'big.csv', contentType: 'text/csv; charset=utf-8', body: body() };
}

async function serve(probe: Probe): Promise<{ url: string; close(): Promise<void> }> {
  const app = express();
  app.get('/', (_req, res) => {
    sendDownload(res, download(probe), pino({ level: 'silent' })).catch(() => res.status(503).json({ code: 'FAILED_BEFORE_HEADERS' }));
  });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const until = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i++) await sleep(25);
};

describe('sendDownload', () => {
  test('when the client reads slowly, then the body is produced only as fast as it is read, and all of it arrives', async () => {
    const probe: Probe = { produced: 0, finished: false };
    const server = await serve(probe);
    try {
      const response = await new Promise<http.IncomingMessage>((resolve) => http.get(server.url, resolve));
      response.pause();
      await sleep(400);
      // Socket buffers hold a few MiB at most: far fewer than the 4000 chunks on offer.
      expect(probe.produced).toBeLessThan(400);
      expect(response.headers['content-disposition']).toBe('attachment; filename="big.csv"');
      let bytes = 0;
      response.on('data', (chunk: Buffer) => (bytes += chunk.length));
      response.resume();
      await new Promise((resolve) => response.on('end', resolve));
      expect(bytes).toBe(CHUNKS * CHUNK.length);
      expect(probe.finished).toBe(true);
    } finally {
      await server.close();
    }
  });

  test('when the client goes away midway, then the body is ended (its finally runs) without producing the rest', async () => {
    const probe: Probe = { produced: 0, finished: false };
    const server = await serve(probe);
    try {
      const request = http.get(server.url, (response) => {
        response.once('data', () => request.destroy());
      });
      request.on('error', () => undefined);
      await until(() => probe.finished);
      expect(probe.finished).toBe(true);
      expect(probe.produced).toBeLessThan(CHUNKS);
    } finally {
      await server.close();
    }
  });

  test('when the body fails before its first chunk, then no header is out and the caller answers the error', async () => {
    const probe: Probe = { produced: 0, finished: false, failFirst: true };
    const server = await serve(probe);
    try {
      const response = await fetch(server.url);
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({ code: 'FAILED_BEFORE_HEADERS' });
    } finally {
      await server.close();
    }
  });
});
