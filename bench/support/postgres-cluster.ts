/**
 * A throw-away PostgreSQL cluster for the benchmarks when neither DATABASE_URL nor TEST_DATABASE_URL
 * is given (the tests use it too, through test/support/postgres-server.ts), kept under bench/ because dist/ (what the
 * benchmarks run from) is built from src, migrations and bench only.
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, chmodSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * Where the tests find a real PostgreSQL: TEST_DATABASE_URL when set (CI starts the Debian
 * cluster), otherwise a throw-away cluster started here from the installed server binaries.
 */
export interface PostgresServer {
  adminUrl: string;
  stop(): Promise<void>;
}

function findBinDir(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((v) => existsSync(path.join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(root, versions[0], 'bin') : undefined;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

export async function startPostgres(): Promise<PostgresServer> {
  if (process.env.TEST_DATABASE_URL) return { adminUrl: process.env.TEST_DATABASE_URL, stop: async () => {} };
  const bin = findBinDir();
  if (!bin) {
    throw new Error(
      'No PostgreSQL for the tests: set TEST_DATABASE_URL or install the server (apt-get install postgresql); .ci/run does both.',
    );
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'gas-test-pg-'));
  chmodSync(dir, 0o777);
  const asRoot = process.getuid?.() === 0;
  const run = (cmd: string, args: string[]) =>
    asRoot
      ? execFileSync('runuser', ['-u', 'postgres', '--', path.join(bin, cmd), ...args], { stdio: 'pipe' })
      : execFileSync(path.join(bin, cmd), args, { stdio: 'pipe' });
  const dataDir = path.join(dir, 'data');
  run('initdb', ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-sync']);
  const port = await freePort();
  const child = spawn(
    asRoot ? 'runuser' : path.join(bin, 'postgres'),
    [
      ...(asRoot ? ['-u', 'postgres', '--', path.join(bin, 'postgres')] : []),
      '-D',
      dataDir,
      '-p',
      String(port),
      '-k',
      dir,
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'fsync=off',
      '-c',
      'synchronous_commit=off',
      '-c',
      'full_page_writes=off',
      '-c',
      'max_connections=200',
    ],
    { stdio: 'ignore', detached: true },
  );
  child.unref();
  const adminUrl = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const { Client } = await import('pg');
  for (let attempt = 0; ; attempt++) {
    const client = new Client({ connectionString: adminUrl });
    try {
      await client.connect();
      await client.end();
      break;
    } catch (error) {
      if (attempt > 100) throw error;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return {
    adminUrl,
    stop: async () => {
      try {
        run('pg_ctl', ['-D', dataDir, '-m', 'immediate', 'stop']);
      } catch {
        /* already stopped */
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
