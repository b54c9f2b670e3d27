import request from 'supertest';
import AdmZip from 'adm-zip';
import type { TestApp } from '../support/test-app';
import { createTestApp, ADMIN_PASSWORD } from '../support/test-app';

let t: TestApp;
let admin: string;
let plain: string;

const DATA_TYPES = { nodeLabels: ['Person'], relationshipTypes: ['KNOWS'], uid: { nodes: { Person: 'uuid' }, relationships: {} } };
const DATA_SCHEMA = { nodes: { Person: { name: { dataType: 'string', mandatory: true } } }, relationships: {} };

function zipOf(files: Record<string, string | Buffer>): Buffer {
  const zip = new AdmZip();
  for (const [name, content] of Object.entries(files)) zip.addFile(name, Buffer.isBuffer(content) ? content : Buffer.from(content));
  return zip.toBuffer();
}

/** adm-zip cleans names when adding; the raw name is patched into the bytes (same length). */
function renameInZip(buffer: Buffer, from: string, to: string): Buffer {
  if (from.length !== to.length) throw new Error('names must have the same length');
  const patched = Buffer.from(buffer);
  let at = patched.indexOf(from);
  while (at >= 0) {
    patched.write(to, at, 'latin1');
    at = patched.indexOf(from, at + 1);
  }
  return patched;
}

/** Declares an uncompressed size in the local and central headers (a zip that lies). */
function declareSize(buffer: Buffer, size: number): Buffer {
  const patched = Buffer.from(buffer);
  for (let i = 0; i < patched.length - 4; i++) {
    const signature = patched.readUInt32LE(i);
    if (signature === 0x04034b50) patched.writeUInt32LE(size, i + 22);
    if (signature === 0x02014b50) patched.writeUInt32LE(size, i + 24);
  }
  return patched;
}

function upload(buffer: Buffer, filename: string, contentType: string, auth = admin) {
  return request(t.app).post('/settings/import').set('Authorization', auth).attach('file', buffer, { filename, contentType });
}

async function storedTypes(): Promise<Record<string, unknown>> {
  const rows = await t.deps.db('settings').select('type', 'value');
  return Object.fromEntries(rows.map((r: { type: string; value: unknown }) => [r.type, r.value]));
}

beforeAll(async () => {
  t = await createTestApp({ uploads: { maxUnzippedBytes: 100000, maxZipEntries: 6, maxBytes: 300000 } });
  admin = t.basic('admin', ADMIN_PASSWORD);
  // A reader without Settings management (users without data access see settings trimmed: graph-access-control.test.ts).
  await t.createUser('plain', { password: 'plain-password-1', permissions: ['READ_ALL_DATA'] });
  plain = t.basic('plain', 'plain-password-1');
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.deps.db('settings').delete();
});

describe('POST /settings/import', () => {
  test('when an exported zip is imported, then every setting in it is stored and the import is audited', async () => {
    const zip = zipOf({ 'DATA_TYPES.json': JSON.stringify(DATA_TYPES), 'DATA_SCHEMA.json': JSON.stringify(DATA_SCHEMA) });
    const res = await upload(zip, 'settings.zip', 'application/zip');
    expect(res.status).toBe(200);
    expect(res.body.imported.sort()).toEqual(['DATA_SCHEMA', 'DATA_TYPES']);
    const all = await request(t.app).get('/settings').set('Authorization', plain);
    expect(all.body.DATA_TYPES).toEqual(DATA_TYPES);
    expect(all.body.DATA_SCHEMA).toEqual(DATA_SCHEMA);
    const event = await t.deps.db('audit_events').where({ action: 'settings.import' }).first();
    expect(event.details.types.sort()).toEqual(['DATA_SCHEMA', 'DATA_TYPES']);
  });

  test('when the export of one instance is imported, then the round trip gives the same settings', async () => {
    await request(t.app)
      .put('/settings/APPEARANCE')
      .set('Authorization', admin)
      .send({ colors: { Person: '#123456' } });
    const exported = await request(t.app)
      .get('/settings/export')
      .set('Authorization', admin)
      .buffer(true)
      .parse((res, cb) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => cb(null, Buffer.concat(chunks)));
      });
    await t.deps.db('settings').delete();
    const res = await upload(exported.body as Buffer, 'settings.zip', 'application/zip');
    expect(res.status).toBe(200);
    expect(res.body.imported).toHaveLength(4);
    const all = await request(t.app).get('/settings').set('Authorization', plain);
    expect(all.body.APPEARANCE.colors).toEqual({ Person: '#123456' });
  });

  test('when a single <TYPE>.json file is imported, then only that setting is stored', async () => {
    const res = await upload(Buffer.from(JSON.stringify(DATA_TYPES)), 'DATA_TYPES.json', 'application/json');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ imported: ['DATA_TYPES'] });
    expect(Object.keys(await storedTypes())).toEqual(['DATA_TYPES']);
  });

  test('when a single file is not named after a setting type, then 422 SETTINGS_FILE_NAME', async () => {
    const res = await upload(Buffer.from(JSON.stringify(DATA_TYPES)), 'data-types.json', 'application/json');
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('SETTINGS_FILE_NAME');
    expect(await storedTypes()).toEqual({});
  });

  test('when a zip holds a wrongly named file next to a good one, then 422 and nothing is imported', async () => {
    const zip = zipOf({ 'DATA_TYPES.json': JSON.stringify(DATA_TYPES), 'SETTINGS.json': '{}' });
    const res = await upload(zip, 'settings.zip', 'application/zip');
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: 'SETTINGS_FILE_NAME', file: 'SETTINGS.json' });
    expect(await storedTypes()).toEqual({});
  });

  test('when one file of a zip does not validate, then 400 with the file in the issue path and nothing is imported', async () => {
    const zip = zipOf({
      'DATA_TYPES.json': JSON.stringify(DATA_TYPES),
      'DATA_SCHEMA.json': JSON.stringify({ nodes: { Person: { name: { dataType: 'text' } } } }),
    });
    const res = await upload(zip, 'settings.zip', 'application/zip');
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect(res.body.issues[0].path).toMatch(/^DATA_SCHEMA\.json\./);
    expect(await storedTypes()).toEqual({});
  });

  test('when a file is not JSON, then 400 INVALID_JSON', async () => {
    const res = await upload(Buffer.from('{ not json'), 'DATA_TYPES.json', 'application/json');
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('INVALID_JSON');
  });

  test('when DATA_TYPES in a file has an empty label list, then 400', async () => {
    const res = await upload(
      Buffer.from(JSON.stringify({ nodeLabels: [], relationshipTypes: ['*'] })),
      'DATA_TYPES.json',
      'application/json',
    );
    expect(res.status).toBe(400);
    expect(res.body.issues[0].path).toBe('DATA_TYPES.json.nodeLabels');
  });

  test('when a zip bomb declares more uncompressed bytes than the limit, then 413 ZIP_TOO_LARGE before anything is inflated', async () => {
    const bomb = zipOf({ 'DATA_TYPES.json': Buffer.alloc(5_000_000, 32) });
    expect(bomb.length).toBeLessThan(100000);
    const res = await upload(bomb, 'settings.zip', 'application/zip');
    expect(res.status).toBe(413);
    expect(res.body.code).toBe('ZIP_TOO_LARGE');
    expect(await storedTypes()).toEqual({});
  });

  test('when a zip lies about its uncompressed size, then inflating stops at the declared size and the upload is refused with 400', async () => {
    const content = Buffer.concat([Buffer.from(JSON.stringify(DATA_TYPES)), Buffer.alloc(5_000_000, 32)]);
    const liar = declareSize(zipOf({ 'DATA_TYPES.json': content }), 200);
    const res = await upload(liar, 'settings.zip', 'application/zip');
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('INVALID_ZIP');
    expect(await storedTypes()).toEqual({});
  });

  test('when a zip has more entries than allowed, then 413 ZIP_TOO_MANY_ENTRIES', async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 7; i++) files[`F${i}.json`] = '{}';
    const res = await upload(zipOf(files), 'settings.zip', 'application/zip');
    expect(res.status).toBe(413);
    expect(res.body.code).toBe('ZIP_TOO_MANY_ENTRIES');
  });

  test.each([
    ['a parent directory', '../DATA_TYPES.json'],
    ['an absolute path', '/etc/DATA_TYPES.json'],
    ['a backslash path', '..\\DATA_TYPES.json'],
    ['a sub-directory', 'dir/DATA_TYPES.json'],
    ['a drive letter', 'C:DATA_TYPES.json'],
  ])('when a zip entry name has %s (path traversal), then 400 ZIP_ENTRY_NAME and nothing is imported', async (_name, evil) => {
    const placeholder = 'x'.repeat(evil.length - 'DATA_TYPES.json'.length) + 'DATA_TYPES.json';
    const zip = renameInZip(zipOf({ [placeholder]: JSON.stringify(DATA_TYPES) }), placeholder, evil);
    expect(new AdmZip(zip).getEntries()[0].entryName).toBe(evil);
    const res = await upload(zip, 'settings.zip', 'application/zip');
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('ZIP_ENTRY_NAME');
    expect(await storedTypes()).toEqual({});
  });

  test('when a zip holds a file that is not .json, then 415', async () => {
    const res = await upload(
      zipOf({ 'DATA_TYPES.json': JSON.stringify(DATA_TYPES), 'readme.txt': 'hello' }),
      'settings.zip',
      'application/zip',
    );
    expect(res.status).toBe(415);
    expect(await storedTypes()).toEqual({});
  });

  test('when the upload is neither a zip nor a .json file, then 415', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    const res = await upload(png, 'logo.png', 'image/png');
    expect(res.status).toBe(415);
    expect(res.body.code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  test('when a .json file is sent as an image, then 415', async () => {
    const res = await upload(Buffer.from(JSON.stringify(DATA_TYPES)), 'DATA_TYPES.json', 'image/png');
    expect(res.status).toBe(415);
  });

  test('when a .zip file is not a zip archive, then 415', async () => {
    const res = await upload(Buffer.from('plain text'), 'settings.zip', 'application/zip');
    expect(res.status).toBe(415);
  });

  test('when the request is JSON instead of multipart, then 415', async () => {
    const res = await request(t.app).post('/settings/import').set('Authorization', admin).send(DATA_TYPES);
    expect(res.status).toBe(415);
  });

  test('when the multipart request has no file, then 400 FILE_REQUIRED', async () => {
    const res = await request(t.app).post('/settings/import').set('Authorization', admin).field('note', 'x');
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('FILE_REQUIRED');
  });

  test('when the upload is larger than uploads.maxBytes, then 413', async () => {
    const res = await upload(Buffer.alloc(400000, 32), 'DATA_TYPES.json', 'application/json');
    expect(res.status).toBe(413);
  });

  test('when the user lacks SETTINGS_MANAGEMENT, then 403 and nothing is imported', async () => {
    const res = await upload(Buffer.from(JSON.stringify(DATA_TYPES)), 'DATA_TYPES.json', 'application/json', plain);
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('PERMISSION_DENIED');
    expect(await storedTypes()).toEqual({});
  });

  test('when a cookie session imports without the CSRF token, then 403; with it, then 200', async () => {
    const client = await t.login('admin', ADMIN_PASSWORD);
    const refused = await client.agent
      .post('/settings/import')
      .attach('file', Buffer.from(JSON.stringify(DATA_TYPES)), { filename: 'DATA_TYPES.json', contentType: 'application/json' });
    expect(refused.status).toBe(403);
    const accepted = await client
      .post('/settings/import')
      .attach('file', Buffer.from(JSON.stringify(DATA_TYPES)), { filename: 'DATA_TYPES.json', contentType: 'application/json' });
    expect(accepted.status).toBe(200);
  });
});
