// What both UI benchmarks (run.ts: first render; analysis.ts: style, filters, algorithms) start the same way:
// the real service on a fresh data directory and a headless Chromium with software WebGL.
import http from 'node:http';
import os from 'node:os';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { mkdtempSync } from 'node:fs';
import pino from 'pino';
import type { Browser } from 'playwright-core';
import { chromium } from 'playwright-core';
import { loadConfig } from '../../src/config';
import { startService } from '../../src/server';
import { projectRoot } from '../../src/paths';

export const PASSWORD = 'bench-ui-admin-password';
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The service on a new data directory under the system's temporary directory (DATABASE_URL when set, else embedded). */
export async function startBenchService(prefix: string): Promise<{ dataDir: string; service: Awaited<ReturnType<typeof startService>> }> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), prefix));
  const config = loadConfig(
    {},
    {
      dataDir,
      database: { url: process.env.DATABASE_URL ?? '' },
      server: { host: '127.0.0.1', port: 0 },
      auth: { adminPassword: PASSWORD },
      session: { secret: 'bench-ui-session-secret' },
      log: { level: 'warn' },
    },
  );
  return { dataDir, service: await startService(config, pino({ level: 'warn' })) };
}

/** Headless Chromium drawing WebGL in software (SwiftShader), with nothing running in the background. */
export function launchBenchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--use-angle=swiftshader',
      '--enable-unsafe-swiftshader',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** Bare sigma on the same graph (bench/ui/bare.ts bundled here): the baseline both benchmarks compare with. */
export async function bareServer(graphJson: string): Promise<{ url: string; close(): Promise<void> }> {
  const { build } = await import('esbuild');
  const bundle = await build({
    entryPoints: [path.join(projectRoot, 'bench', 'ui', 'bare.ts')],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2020',
    write: false,
    minify: true,
  });
  const script = bundle.outputFiles[0].text;
  const server = http.createServer((req, res) => {
    if (req.url === '/bare/graph.json') return void res.writeHead(200, { 'content-type': 'application/json' }).end(graphJson);
    if (req.url === '/bare/bare.js') return void res.writeHead(200, { 'content-type': 'text/javascript' }).end(script);
    res
      .writeHead(200, { 'content-type': 'text/html' })
      .end(
        '<!doctype html><html><body style="margin:0"><div id="canvas" style="width:1280px;height:800px"></div><script src="/bare/bare.js"></script></body></html>',
      );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
