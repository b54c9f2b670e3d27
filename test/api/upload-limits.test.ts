import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import { Writable } from 'node:stream';
import { crc32, deflateRawSync } from 'node:zlib';
import pino from 'pino';
import request from 'supertest';
import type { TestApp } from '../support/test-app';
import { createTestApp, ADMIN_PASSWORD } from '../support/test-app';

/**
 * Upload limits (issue 18, items 13 and 18): whole-archive zip checks before extraction, streaming
 * extraction bounded by the declared sizes, a per-user cap on kept uploads, a full disk answered
 * 507, and client-aborted uploads logged at info. Zips are built here byte by byte, so an entry
 * can be compressed once and repeated, or lie about its size.
 */

interface RawEntry {
  name: string;
  /** The deflated bytes (method 8). */
  compressed: Buffer;
  crc: number;
  /** The size written in the headers (may lie). */
  declaredSize: number;
}

function entryOf(name: string, content: Buffer, declaredSize = content.length): RawEntry {
  return { name, compressed: deflateRawSync(content), crc: crc32(content), declaredSize };
}

/** A zip (local headers, data, central directory, end record) of deflated entries. */
function makeZip(entries: RawEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(entry.crc >>> 0, 14);
    local.writeUInt32LE(entry.compressed.length, 18);
    local.writeUInt32LE(entry.declaredSize, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(0x0314, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(entry.crc >>> 0, 16);
    central.writeUInt32LE(entry.compressed.length, 20);
    central.writeUInt32LE(entry.declaredSize, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE((0o100644 << 16) >>> 0, 38);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, entry.compressed);
    centrals.push(central, name);
    offset += local.length + name.length + entry.compressed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** 1,000 entries of exactly 1 MiB of zeros: about 1 MB of zip for 1,000 MiB unpacked. */
function thousandMebibyteZip(): Buffer {
  const one = entryOf('x', Buffer.alloc(1024 * 1024, 0x30));
  return makeZip(Array.from({ length: 1000 }, (_, i) => ({ ...one, name: `part${i}.csv` })));
}

/** CSV text of about `bytes` bytes that deflate packs only a few times. */
function csvText(bytes: number, seed = 0): Buffer {
  const lines = ['id,value'];
  let length = 9;
  for (let i = 0; length < bytes; i++) {
    const line = `${i},${(i * 7919 + seed * 104729) % 1000003}${(i * 31337) % 65521}`;
    lines.push(line);
    length += line.length + 1;
  }
  return Buffer.from(`${lines.join('\n')}\n`);
}

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesUnder(path.join(dir, e.name)).map((f) => `${e.name}/${f}`) : [e.name],
  );
}

function uploadAs(t: TestApp, authorization: string, content: Buffer, name: string) {
  return request(t.app)
    .post('/data/import/uploadFile')
    .set('Authorization', authorization)
    .attach('file', content, { filename: name, contentType: 'application/octet-stream' });
}

async function uploadRows(t: TestApp): Promise<number> {
  return Number((await t.deps.db('import_uploads').count({ n: '*' }))[0].n);
}

describe('zip amplification', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = t.basic('admin', ADMIN_PASSWORD);
  });
  afterAll(async () => {
    await t.close();
  });

  it('when a zip of 1,000 entries of 1 MiB of zeros is uploaded, then it is refused 413 as a whole before anything is extracted', async () => {
    const zip = thousandMebibyteZip();
    expect(zip.length).toBeLessThan(1.5 * 1024 * 1024);
    const response = await uploadAs(t, admin, zip, 'amplify.zip');
    expect(response.status).toBe(413);
    expect(response.body).toMatchObject({ code: 'ZIP_RATIO', detail: expect.stringMatching(/amplify\.zip expands \d+ times as a whole/) });
    expect(filesUnder(path.join(t.config.dataDir, 'uploads'))).toEqual([]);
    expect(await uploadRows(t)).toBe(0);
  });

  it('when the 1,000 MiB zip is being rejected, then /health keeps answering within a second', async () => {
    const zip = thousandMebibyteZip();
    const server = t.app.listen(0);
    try {
      const { port } = server.address() as AddressInfo;
      let uploading = true;
      const upload = request(server)
        .post('/data/import/uploadFile')
        .set('Authorization', admin)
        .attach('file', zip, 'amplify.zip')
        .then((r) => r)
        .finally(() => {
          uploading = false;
        });
      const latencies: number[] = [];
      do {
        const started = Date.now();
        const health = await new Promise<number>((resolve, reject) => {
          http
            .get({ port, path: '/health' }, (res) => {
              res.resume();
              res.on('end', () => resolve(res.statusCode!));
            })
            .on('error', reject);
        });
        expect(health).toBe(200);
        latencies.push(Date.now() - started);
        await new Promise((r) => setTimeout(r, 20));
      } while (uploading);
      expect((await upload).status).toBe(413);
      expect(Math.max(...latencies)).toBeLessThan(1000);
    } finally {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    }
  });

  it('when a zip entry inflates past the size it declares, then it is 413 ZIP_ENTRY_SIZE_MISMATCH and nothing is kept', async () => {
    const content = csvText(3 * 1024 * 1024);
    const zip = makeZip([entryOf('small.csv', Buffer.from('id\n1\n')), entryOf('liar.csv', content, 1000)]);
    const response = await uploadAs(t, admin, zip, 'liar.zip');
    expect(response.status).toBe(413);
    expect(response.body).toMatchObject({
      code: 'ZIP_ENTRY_SIZE_MISMATCH',
      detail: expect.stringMatching(/liar\.zip entry liar\.csv inflates past the 1000 bytes it declares/),
    });
    expect(filesUnder(path.join(t.config.dataDir, 'uploads'))).toEqual([]);
    expect(await uploadRows(t)).toBe(0);
  });

  it('when a zip entry declares more than it holds, then it is 400 INVALID_ZIP and nothing is kept', async () => {
    const zip = makeZip([entryOf('short.csv', Buffer.from('id\n1\n2\n'), 5000)]);
    const response = await uploadAs(t, admin, zip, 'short.zip');
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({
      code: 'INVALID_ZIP',
      detail: expect.stringMatching(/short\.zip entry short\.csv cannot be read: .*not the size it declares/),
    });
    expect(filesUnder(path.join(t.config.dataDir, 'uploads'))).toEqual([]);
  });

  it('when an honest zip is uploaded, then each entry is extracted with its content', async () => {
    const people = Buffer.from('id,name\n1,Ann\n2,Bob\n');
    const big = csvText(2 * 1024 * 1024, 1);
    const response = await uploadAs(t, admin, makeZip([entryOf('dir/people.csv', people), entryOf('big.csv', big)]), 'ok.zip');
    expect(response.status).toBe(201);
    expect(response.body.files.map((f: { name: string; size: number; archive: string }) => [f.name, f.size, f.archive])).toEqual([
      ['people.csv', people.length, 'ok.zip'],
      ['big.csv', big.length, 'ok.zip'],
    ]);
    const analysis = await request(t.app)
      .post('/data/import/analyzeFile')
      .set('Authorization', admin)
      .send({ fileId: response.body.files[0].fileId });
    expect(analysis.status).toBe(200);
    expect(analysis.body.tables[0].rowCount).toBe(2);
    await t.deps.db('import_uploads').delete();
  });
});

describe('per-user cap on kept uploads', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp({ uploads: { maxBytesPerUser: 1024 * 1024 } });
    admin = t.basic('admin', ADMIN_PASSWORD);
    const importer = await t.createUser('importer', { password: 'importer-password-1', permissions: ['DATA_MANAGEMENT'] });
    await t.deps.db('users').where({ id: importer }).update({ locale: 'de' });
  });
  afterAll(async () => {
    await t.close();
  });
  afterEach(async () => {
    await t.deps.db('import_uploads').delete();
    const uploads = path.join(t.config.dataDir, 'uploads');
    for (const file of filesUnder(uploads)) rmSync(path.join(uploads, file));
  });

  it('when a user would keep more than uploads.maxBytesPerUser, then the new upload is 413 UPLOAD_QUOTA_EXCEEDED and another user may still upload', async () => {
    const first = await uploadAs(t, admin, csvText(600 * 1024), 'first.csv');
    expect(first.status).toBe(201);
    const kept = filesUnder(path.join(t.config.dataDir, 'uploads'));
    const second = await uploadAs(t, admin, csvText(600 * 1024, 2), 'second.csv');
    expect(second.status).toBe(413);
    expect(second.body).toMatchObject({
      code: 'UPLOAD_QUOTA_EXCEEDED',
      limit: 1024 * 1024,
      detail: expect.stringMatching(/at most 1048576 bytes per user/),
    });
    expect(filesUnder(path.join(t.config.dataDir, 'uploads'))).toEqual(kept);
    expect(await uploadRows(t)).toBe(1);
    const importer = t.basic('importer', 'importer-password-1');
    expect((await uploadAs(t, importer, csvText(600 * 1024, 3), 'other.csv')).status).toBe(201);
    // The importer reads German: the refusal too.
    const german = await uploadAs(t, importer, csvText(600 * 1024, 4), 'more.csv');
    expect(german.status).toBe(413);
    expect(german.body).toMatchObject({
      code: 'UPLOAD_QUOTA_EXCEEDED',
      detail: expect.stringMatching(/je Benutzer werden höchstens 1048576 Bytes behalten/),
    });
  });

  it('when a zip declares more unpacked bytes than the user has left, then it is refused before extraction', async () => {
    expect((await uploadAs(t, admin, csvText(600 * 1024), 'first.csv')).status).toBe(201);
    const kept = filesUnder(path.join(t.config.dataDir, 'uploads'));
    const response = await uploadAs(
      t,
      admin,
      makeZip([entryOf('a.csv', csvText(300 * 1024, 4)), entryOf('b.csv', csvText(300 * 1024, 5))]),
      'two.zip',
    );
    expect(response.status).toBe(413);
    expect(response.body.code).toBe('UPLOAD_QUOTA_EXCEEDED');
    expect(filesUnder(path.join(t.config.dataDir, 'uploads'))).toEqual(kept);
  });

  it('when one user uploads in parallel past the cap, then only what fits is kept', async () => {
    const responses = await Promise.all([0, 1, 2].map((i) => uploadAs(t, admin, csvText(400 * 1024, 10 + i), `p${i}.csv`)));
    expect(responses.map((r) => r.status).sort()).toEqual([201, 201, 413]);
    expect(await uploadRows(t)).toBe(2);
    expect(filesUnder(path.join(t.config.dataDir, 'uploads')).filter((f) => !f.startsWith('incoming/'))).toHaveLength(2);
  });
});

/**
 * A full disk for real: the upload directory becomes a 2 MiB tmpfs. Mounting needs root (or
 * CAP_SYS_ADMIN); where the mount is refused these tests are skipped, and say so.
 */
function canMountTmpfs(): string | undefined {
  const probe = mkdtempSync(path.join(os.tmpdir(), 'gas-mount-probe-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', probe], { stdio: 'pipe' });
    execFileSync('umount', [probe], { stdio: 'pipe' });
    return undefined;
  } catch (error) {
    return `mount -t tmpfs is not allowed here (${String((error as Error).message).split('\n')[0]})`;
  } finally {
    rmdirSync(probe);
  }
}
const mountRefused = canMountTmpfs();
if (mountRefused) console.warn(`upload-limits: disk-full tests skipped: ${mountRefused}`);

(mountRefused ? describe.skip : describe)('a full disk during an upload', () => {
  let t: TestApp;
  let admin: string;
  let uploads: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = t.basic('admin', ADMIN_PASSWORD);
    uploads = path.join(t.config.dataDir, 'uploads');
    mkdirSync(uploads, { recursive: true });
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=2m', 'tmpfs', uploads]);
  });
  afterAll(async () => {
    if (t) {
      try {
        execFileSync('umount', [uploads]);
      } finally {
        await t.close();
      }
    }
  });

  it('when the disk fills while the upload is received, then it is 507 STORAGE_FULL and no partial file is left', async () => {
    const response = await uploadAs(t, admin, csvText(3 * 1024 * 1024), 'big.csv');
    expect(response.status).toBe(507);
    expect(response.body).toMatchObject({ code: 'STORAGE_FULL' });
    expect(filesUnder(uploads)).toEqual([]);
    expect(await uploadRows(t)).toBe(0);
    // The space is back: a small upload works.
    expect((await uploadAs(t, admin, Buffer.from('id\n1\n'), 'small.csv')).status).toBe(201);
    await t.deps.db('import_uploads').delete();
    for (const file of filesUnder(uploads)) rmSync(path.join(uploads, file));
  });

  it('when the disk fills while an icon is stored, then it is 507 STORAGE_FULL, no temporary file is left and the icon is not audited', async () => {
    const icons = path.join(t.config.dataDir, 'icons');
    mkdirSync(icons, { recursive: true });
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', icons]);
    try {
      const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200 * 1024, 7)]);
      const response = await request(t.app)
        .post('/icons')
        .set('Authorization', admin)
        .attach('file', png, { filename: 'full.png', contentType: 'image/png' });
      expect(response.status).toBe(507);
      expect(response.body).toMatchObject({ code: 'STORAGE_FULL', detail: expect.stringMatching(/full\.png/) });
      expect(readdirSync(icons)).toEqual([]);
      expect(await t.deps.db('audit_events').where({ action: 'icon.create' }).count({ n: '*' })).toEqual([{ n: '0' }]);
    } finally {
      execFileSync('umount', [icons]);
    }
  });

  it('when the disk fills while a zip is extracted, then it is 507 STORAGE_FULL and nothing of it is left', async () => {
    const zip = makeZip([
      entryOf('a.csv', csvText(1024 * 1024, 6)),
      entryOf('b.csv', csvText(1024 * 1024, 7)),
      entryOf('c.csv', csvText(1024 * 1024, 8)),
    ]);
    expect(zip.length).toBeLessThan(1.5 * 1024 * 1024);
    const response = await uploadAs(t, admin, zip, 'fill.zip');
    expect(response.status).toBe(507);
    expect(response.body).toMatchObject({ code: 'STORAGE_FULL', detail: expect.stringMatching(/nothing of this upload was kept/) });
    expect(filesUnder(uploads).filter((f) => f !== 'incoming')).toEqual([]);
    expect(await uploadRows(t)).toBe(0);
  });
});

describe('client-aborted uploads', () => {
  it('when the client aborts an upload, then it is logged at info, not as an error, and no partial file is left', async () => {
    const lines: Array<{ level: number; msg: string }> = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        for (const line of chunk.toString('utf8').split('\n').filter(Boolean))
          lines.push(JSON.parse(line) as { level: number; msg: string });
        callback();
      },
    });
    const t = await createTestApp({}, { logger: pino({ level: 'info' }, sink) });
    const server = t.app.listen(0);
    try {
      const { port } = server.address() as AddressInfo;
      const req = http.request({
        port,
        method: 'POST',
        path: '/data/import/uploadFile',
        headers: {
          Authorization: t.basic('admin', ADMIN_PASSWORD),
          'Content-Type': 'multipart/form-data; boundary=x',
          'Content-Length': String(5 * 1024 * 1024),
        },
      });
      req.on('error', () => undefined);
      req.write(`--x\r\nContent-Disposition: form-data; name="file"; filename="half.csv"\r\n\r\n${'id\n1\n'.repeat(50_000)}`);
      await new Promise((r) => setTimeout(r, 300));
      req.destroy();
      const deadline = Date.now() + 5000;
      while (!lines.some((l) => l.msg === 'upload aborted by the client') && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 50));
      await new Promise((r) => setTimeout(r, 200));
      expect(lines.filter((l) => l.level >= 40).map((l) => l.msg)).toEqual([]);
      expect(lines.find((l) => l.msg === 'upload aborted by the client')).toMatchObject({ level: 30 });
      expect(filesUnder(path.join(t.config.dataDir, 'uploads', 'incoming'))).toEqual([]);
    } finally {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
      await t.close();
    }
  });
});
