/**
 * The CSV export as a user waits for it (issue 24): bytes over HTTP to a client, and the first
 * byte. The product side is the real service (dist/src/index.js, a child process as bench:api
 * starts it) on the benchmark's database, POST /data/nodes/find/export/csv with HTTP Basic; the
 * raw side is a bare Node http server in this process writing the same CSV from PostgreSQL.
 *
 * The raw's reading, chosen because pg-copy-streams is not installed: a plain SQL cursor
 * (DECLARE ... NO SCROLL CURSOR in a read-only transaction, FETCH 5,000 at a time) through `pg`,
 * each page formatted and written to the response with back-pressure (the next FETCH waits for
 * 'drain'). PostgreSQL produces each property field as text (`->>`: strings as they are, numbers
 * as digits, lists and maps as JSON), so the raw side only quotes. The column set (the union of
 * the visible property keys, as the service writes it when the request names none) is one
 * aggregate statement first, then the header goes out before the cursor is opened, as the service
 * sends it (the first byte is the column set's statement on both sides).
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { once } from 'node:events';
import { NODE_FLAGS } from '../../src/runtime-memory';
import os from 'node:os';
import path from 'node:path';
import { mkdtempSync, rmSync } from 'node:fs';
import type { Knex } from 'knex';
import { hashPassword } from '../../src/auth/passwords';
import type { RawPg } from './raw-pg';

export const ADMIN_PASSWORD = 'bench-admin-password-1';
const RESTRICTED_USER = 'bench-restricted';
const RESTRICTED_PASSWORD = 'bench-restricted-password-1';

export interface Download {
  status: number;
  firstByteMs: number;
  totalMs: number;
  bytes: number;
  rows: number;
}

const now = () => Number(process.hrtime.bigint()) / 1e6;

/** POSTs `body` and reads the answer to the end, timing the first body byte and the last. */
export function download(url: string, headers: Record<string, string>, body: string): Promise<Download> {
  return new Promise((resolve, reject) => {
    const started = now();
    let firstByteMs = -1;
    let bytes = 0;
    let lines = 0;
    const req = http.request(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers } }, (res) => {
      res.on('data', (chunk: Buffer) => {
        if (firstByteMs < 0) firstByteMs = now() - started;
        bytes += chunk.length;
        for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines++;
      });
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, firstByteMs, totalMs: now() - started, bytes, rows: Math.max(0, lines - 1) }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

const NEEDS_QUOTES = /[",\r\n]|^ | $/;
const FORMULA_START = /^[=+\-@\t\r]/;
/** A field as the service's CSV writer writes a string (src/services/export/csv-writer.ts): formula guard, RFC 4180 quoting. */
function field(value: string | null, isText: boolean): string {
  if (value === null) return '';
  const text = isText && FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The bare server: POST {restricted, city} answers the CSV of those nodes, one pass from the cursor to the socket. */
export async function startRawExportServer(raw: RawPg): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (body += c));
    req.on('end', () => {
      const { restricted, city } = JSON.parse(body) as { restricted: boolean; city: string | null };
      void writeCsv(raw, restricted, city, res).catch((error: Error) => res.destroy(error));
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

async function writeCsv(raw: RawPg, restricted: boolean, city: string | null, res: http.ServerResponse): Promise<void> {
  const statements = raw.exportStatements(restricted, city);
  const client = await raw.plain.connect();
  try {
    const keys = (
      await client.query<{ keys: string[] }>({ name: statements.keys.name, text: statements.keys.text, values: statements.keys.values })
    ).rows[0].keys;
    const rows = statements.rows(keys);
    res.writeHead(200, { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': 'attachment; filename="nodes.csv"' });
    // The header as soon as the column set is known, as the service sends it (issue 24: first byte).
    res.write(['id', 'labels', ...keys].map((k) => field(k, true)).join(',') + '\r\n');
    await client.query('begin read only');
    await client.query(`declare raw_export no scroll cursor for ${rows.text}`, rows.values);
    let out = '';
    for (;;) {
      const page = (await client.query<{ id: string; labels: string; vals: Array<string | null> }>('fetch forward 5000 from raw_export'))
        .rows;
      for (const r of page) {
        out += r.id + ',' + field(r.labels, true);
        // ->> of a number is its digits (never formula-guarded by the service); of a string, the string.
        for (const v of r.vals) out += ',' + field(v, v !== null && !/^-?\d/.test(v));
        out += '\r\n';
      }
      if (out.length > 0 && !res.write(out)) {
        // The listeners of the event that did not come are removed (each once() adds an 'error' listener too).
        const stop = new AbortController();
        await Promise.race([once(res, 'drain', { signal: stop.signal }), once(res, 'close', { signal: stop.signal })]).finally(() =>
          stop.abort(),
        );
      }
      out = '';
      if (page.length < 5000 || res.destroyed) break;
    }
    await client.query('commit');
    res.end();
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/** The restricted reader of bench:graph as a user of the service: a group with the same rules, EXPORT_DATA. */
export async function createRestrictedUser(knex: Knex, cities: string[]): Promise<void> {
  // A database kept by an earlier run (BENCH_REUSE_URL) has them already: made afresh.
  await knex('users').where({ username: RESTRICTED_USER }).delete();
  await knex('groups').where({ name: 'bench restricted' }).delete();
  const [group] = await knex('groups')
    .insert({
      name: 'bench restricted',
      entity_security: JSON.stringify({
        nodeFilter: { and: [{ label: 'Person' }, { property: 'city', operator: 'IN', value: cities }] },
        relationshipFilter: { type: 'KNOWS' },
      }),
      property_security: JSON.stringify({ nodes: { '*': { disabled: ['age'] } } }),
    })
    .returning<Array<{ id: string }>>('id');
  const [user] = await knex('users')
    .insert({
      username: RESTRICTED_USER,
      name: RESTRICTED_USER,
      email: 'bench-restricted@example.test',
      password_hash: await hashPassword(RESTRICTED_PASSWORD),
    })
    .returning<Array<{ id: string }>>('id');
  await knex('user_permissions').insert({ user_id: user.id, permission_code: 'EXPORT_DATA' });
  await knex('user_groups').insert({ user_id: user.id, group_id: group.id });
}

export const basicHeader = (restricted: boolean) => ({
  authorization: `Basic ${Buffer.from(restricted ? `${RESTRICTED_USER}:${RESTRICTED_PASSWORD}` : `admin:${ADMIN_PASSWORD}`).toString('base64')}`,
});

/** The real service on `databaseUrl` (built dist/), answering /health. */
export async function startService(databaseUrl: string): Promise<{ origin: string; stop(): Promise<void> }> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'gas-bench-graph-'));
  const port = await new Promise<number>((resolve) => {
    const probe = http.createServer().listen(0, '127.0.0.1', () => {
      const { port: p } = probe.address() as AddressInfo;
      probe.close(() => resolve(p));
    });
  });
  const origin = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, [...NODE_FLAGS, path.resolve(__dirname, '..', '..', 'src', 'index.js')], {
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      HOST: '127.0.0.1',
      PORT: String(port),
      ADMIN_PASSWORD,
      SESSION_SECRET: 'bench-session-secret',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (output += c.toString()));
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      const forced = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(forced);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  for (let waited = 0; waited < 180_000; waited += 250) {
    if (child.exitCode !== null) break;
    const ok = await new Promise<boolean>((resolve) => {
      http
        .get(`${origin}/health`, (res) => {
          res.resume();
          resolve(res.statusCode === 200);
        })
        .on('error', () => resolve(false));
    });
    if (ok) return { origin, stop };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stop();
  throw new Error(`the service did not answer /health\n${output}`);
}
