import os from 'node:os';
import path from 'node:path';
import { existsSync, mkdtempSync, mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import pino from 'pino';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { chromium } from 'playwright-core';
import type { TestApp } from '../../support/test-app';
import { createTestApp, ADMIN_PASSWORD } from '../../support/test-app';
import { createHttpServer } from '../../../src/http/http-server';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** A real browser against the real app listening on a real port. */
export interface BrowserHarness {
  t: TestApp;
  browser: Browser;
  baseUrl: string;
  screenshotDir: string;
  /** The server's log lines at warn and above (JSON), newest last: a failing test says what the server saw. */
  serverLog: string[];
  /** A fresh browser context (own cookies) and page; dialogs are accepted, page errors collected. */
  newPage(): Promise<{ context: BrowserContext; page: Page; pageErrors: string[] }>;
  /** Signs in through the login form, starting from `path` (a page that needs a session). */
  signIn(page: Page, path?: string, username?: string, password?: string): Promise<void>;
  /** A fresh page (newPage) signed in through the login form and landed on `path`: the administrator unless told. */
  signedInPage(path: string, username?: string, password?: string): Promise<{ context: BrowserContext; page: Page; pageErrors: string[] }>;
  /** Closes every page opened so far (an afterEach): a page left open keeps its WebGL canvas and workers busy on a small CI machine. */
  closePages(): Promise<void>;
  close(): Promise<void>;
}

export async function startBrowserHarness(): Promise<BrowserHarness> {
  // CI installs chromium: a missing browser is a failure, never a silent skip.
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium not found at ${CHROMIUM_PATH}: install it (apt-get install chromium) or set CHROMIUM_PATH. The browser tests need a real browser.`,
    );
  }
  const serverLog: string[] = [];
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      serverLog.push(chunk.toString().trim());
      if (serverLog.length > 200) serverLog.splice(0, serverLog.length - 200);
      callback();
    },
  });
  const t = await createTestApp({}, { logger: pino({ level: 'warn' }, logStream) });
  // The service's own HTTP server (src/server.ts uses the same), so the browser runs against production request classes.
  const server = createHttpServer(t.app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  let browser: Browser;
  try {
    browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
  } catch (error) {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await t.close();
    throw new Error(`Chromium at ${CHROMIUM_PATH} did not start: ${(error as Error).message}`, { cause: error });
  }
  const screenshotDir = process.env.SCREENSHOT_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'gas-screenshots-'));
  mkdirSync(screenshotDir, { recursive: true });
  const contexts = new Set<BrowserContext>();

  const harness: BrowserHarness = {
    t,
    browser,
    baseUrl,
    screenshotDir,
    serverLog,
    async newPage() {
      const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 860 } });
      contexts.add(context);
      const page = await context.newPage();
      const pageErrors: string[] = [];
      page.on('pageerror', (error) => pageErrors.push(error.message));
      const traffic: string[] = [];
      pageTraffic.set(page, traffic);
      page.on('response', (response) => {
        if (response.status() < 400) return;
        const at = traffic.push(`${response.request().method()} ${new URL(response.url()).pathname} -> ${response.status()}`) - 1;
        // The problem's code says which refusal it was (a 403 may be CSRF, a permission or a rule).
        void response.text().then(
          (text) => {
            const code = /"code"\s*:\s*"([A-Z_]+)"/.exec(text)?.[1];
            if (code) traffic[at] += ` ${code}`;
          },
          () => undefined,
        );
      });
      page.on('requestfailed', (failed) =>
        traffic.push(`${failed.method()} ${new URL(failed.url()).pathname} failed: ${failed.failure()?.errorText ?? 'unknown'}`),
      );
      pageLogs.set(page, serverLog);
      page.on('dialog', (dialog) => void dialog.accept());
      // A loaded CI machine runs Chromium on software GL next to two jest workers: give it room.
      page.setDefaultTimeout(process.env.CI ? 30000 : 15000);
      return { context, page, pageErrors };
    },
    async signIn(page, target = '/', username = 'admin', password = ADMIN_PASSWORD) {
      await page.goto(target);
      await page.waitForURL(/\/login\?next=/);
      await page.getByLabel('Username').fill(username);
      await page.getByLabel('Password').fill(password);
      await Promise.all([
        page.waitForURL((url) => !url.pathname.startsWith('/login')),
        page.getByRole('button', { name: 'Sign in' }).click(),
      ]);
    },
    async signedInPage(target, username, password) {
      const opened = await harness.newPage();
      await harness.signIn(opened.page, target, username, password);
      return opened;
    },
    async closePages() {
      for (const context of contexts) await context.close().catch(() => undefined);
      contexts.clear();
    },
    async close() {
      for (const context of contexts) await context.close().catch(() => undefined);
      await browser.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await t.close();
    },
  };
  return harness;
}

/** Per page: its requests answered with 400 or more, and those that failed. */
const pageTraffic = new WeakMap<Page, string[]>();
/** Per page: the server log of its harness. */
const pageLogs = new WeakMap<Page, string[]>();

/** What a page's failing test should show: its failed requests, the page's URL and the server's recent warnings. */
export function pageDiagnostics(page: Page): string {
  const traffic = pageTraffic.get(page) ?? [];
  const log = (pageLogs.get(page) ?? []).slice(-10);
  return [
    `page at ${page.url()}`,
    `requests answered 400 or more, or failed: ${traffic.length ? traffic.join('; ') : 'none'}`,
    `server warnings and errors: ${log.length ? log.join('\n') : 'none'}`,
  ].join('\n');
}

/**
 * Waits until a form's message element says how a save went (class `ok` or `error`, with `since`
 * the message text before the save, a different text) and fails with the message's own words and
 * the page's diagnostics when it went wrong, instead of timing out on the missing `ok`.
 */
export async function expectSaved(message: Locator, since?: string): Promise<string> {
  const page = message.page();
  try {
    if (since === undefined) await message.and(page.locator('.ok, .error')).first().waitFor();
    else
      await page.waitForFunction(
        ([element, before]) => !!element && /\b(ok|error)\b/.test(element.className) && element.textContent !== before,
        [await message.elementHandle(), since] as const,
      );
  } catch (error) {
    throw new Error(`no save result: ${(error as Error).message.split('\n')[0]}\n${pageDiagnostics(page)}`, { cause: error });
  }
  const [className, text] = await Promise.all([message.getAttribute('class'), message.textContent()]);
  if (!/\bok\b/.test(className ?? '')) throw new Error(`the save failed: ${text?.trim() || '(no message)'}\n${pageDiagnostics(page)}`);
  return text?.trim() ?? '';
}
