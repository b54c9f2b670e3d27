import type { ChildProcess } from 'node:child_process';
import { execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { NODE_FLAGS } from '../../src/runtime-memory';

/** Runs the built service (`node dist/src/index.js`, what `npm start` runs) as a child process. */
export const root = path.resolve(__dirname, '..', '..');
const entry = path.join(root, 'dist', 'src', 'index.js');

/** Builds dist/ when it is missing or stale, as `npm start` does (scripts/build-if-needed.mjs). */
export function ensureBuilt(): void {
  try {
    execFileSync(process.execPath, [path.join(root, 'scripts', 'build-if-needed.mjs')], { cwd: root, stdio: 'pipe' });
  } catch (error) {
    // tsc still emits on type errors; those are `npm run typecheck`'s to report, not this suite's.
    if (!existsSync(entry)) throw error;
  }
}

/** The one plain line (besides the JSON log) that tells a person where to sign in. */
export const READY_LINE = /^Graph Analytics Service is ready: sign in at /;

export interface LogLine {
  level: number;
  msg: string;
  [key: string]: unknown;
}

export interface ServiceProcess {
  child: ChildProcess;
  stdout(): string;
  stderr(): string;
  /** stdout parsed as pino JSON lines; a line that is not JSON comes back as `plain` with level 100 (30 for the one plain readiness line). */
  logLines(): LogLine[];
  waitForLog(pattern: RegExp, timeoutMs?: number): Promise<LogLine>;
  /** Resolves with the exit code (or the signal's name). */
  exited: Promise<number | string>;
}

/** Only what the test passes: nothing leaks in from the runner's environment (DATABASE_URL, NEO4J_URI, ...). */
export function startServiceProcess(env: Record<string, string>): ServiceProcess {
  const child = spawn(process.execPath, [...NODE_FLAGS, entry], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: process.env.HOME ?? '/tmp',
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  const waiters: Array<() => void> = [];
  const notify = () => waiters.splice(0).forEach((wake) => wake());
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    out += chunk;
    notify();
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    err += chunk;
    notify();
  });
  const exited = new Promise<number | string>((resolve) => child.once('close', (code, signal) => resolve(code ?? signal ?? 'unknown')));
  let hasExited = false;
  void exited.then(() => {
    hasExited = true;
    notify();
  });

  const logLines = (): LogLine[] =>
    out
      .split('\n')
      .filter((line) => line.trim())
      .map((line) => {
        try {
          return JSON.parse(line) as LogLine;
        } catch {
          return { level: READY_LINE.test(line) ? 30 : 100, msg: line, plain: true };
        }
      });

  const waitForLog = (pattern: RegExp, timeoutMs = 120_000) =>
    new Promise<LogLine>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no log line matching ${pattern} within ${timeoutMs} ms\nstdout:\n${out}\nstderr:\n${err}`)),
        timeoutMs,
      );
      const check = () => {
        const found = logLines().find((line) => pattern.test(line.msg));
        if (found) {
          clearTimeout(timer);
          resolve(found);
        } else if (hasExited) {
          clearTimeout(timer);
          reject(new Error(`the service exited before logging ${pattern}\nstdout:\n${out}\nstderr:\n${err}`));
        } else {
          waiters.push(check);
        }
      };
      check();
    });

  return { child, stdout: () => out, stderr: () => err, logLines, waitForLog, exited };
}

/** Ends a process that a test left running (after a failed expectation), by its own pid. */
export async function stopIfRunning(service: ServiceProcess | undefined): Promise<void> {
  if (!service || service.child.exitCode !== null || service.child.signalCode !== null) return;
  service.child.kill('SIGKILL');
  await service.exited;
}
