// What both UI benchmarks (run.ts: first render; analysis.ts: style, filters, algorithms) start the same way:
// the real service on a fresh data directory and a headless Chromium with software WebGL.
import os from 'node:os';
import path from 'node:path';
import { mkdtempSync } from 'node:fs';
import pino from 'pino';
import type { Browser } from 'playwright-core';
import { chromium } from 'playwright-core';
import { loadConfig } from '../../src/config';
import { startService } from '../../src/server';

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
