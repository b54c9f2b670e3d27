import path from 'node:path';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import request from 'supertest';
import type { TestApp } from '../support/test-app';
import { createTestApp, ADMIN_PASSWORD } from '../support/test-app';

const MAX_ICON_BYTES = 4096;
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
const SVG = Buffer.from(
  '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><rect width="8" height="8" fill="#123456"/></svg>',
);
const SVG_WITH_SCRIPT = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
const SVG_WITH_HANDLER = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="1" height="1"/></svg>');

let t: TestApp;
let admin: string;
let plainUser: string;

beforeAll(async () => {
  t = await createTestApp({ uploads: { maxIconBytes: MAX_ICON_BYTES } });
  admin = t.basic('admin', ADMIN_PASSWORD);
  await t.createUser('viewer', { password: 'viewer-password-1' });
  plainUser = t.basic('viewer', 'viewer-password-1');
});
afterAll(async () => {
  await t.close();
});

async function auditActions(): Promise<string[]> {
  return t.deps.db('audit_events').orderBy('id').pluck('action');
}

describe('logo', () => {
  test('when no custom logo exists, then GET /logo serves the built-in SVG to anyone with nosniff', async () => {
    const response = await request(t.app).get('/logo').buffer(true).parse(binary);
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect((response.body as Buffer).toString('utf8')).toContain('<svg');
  });

  test('when an administrator uploads a PNG, then GET /logo serves exactly those bytes as image/png and the change is audited', async () => {
    const upload = await request(t.app)
      .put('/logo')
      .set('Authorization', admin)
      .attach('file', PNG, { filename: 'logo.png', contentType: 'image/png' });
    expect(upload.status).toBe(200);
    expect(upload.body).toEqual({ contentType: 'image/png', bytes: PNG.length });
    const logo = await request(t.app).get('/logo').buffer(true).parse(binary);
    expect(logo.status).toBe(200);
    expect(logo.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(logo.body as Buffer, PNG)).toBe(0);
    expect(await auditActions()).toContain('logo.update');
  });

  test('when a new SVG logo replaces the PNG, then the SVG is served, and DELETE /logo restores the default', async () => {
    const upload = await request(t.app)
      .put('/logo')
      .set('Authorization', admin)
      .attach('file', SVG, { filename: 'brand.svg', contentType: 'image/svg+xml' });
    expect(upload.status).toBe(200);
    const logo = await request(t.app).get('/logo').buffer(true).parse(binary);
    expect(logo.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect((logo.body as Buffer).toString()).toContain('#123456');
    expect((await request(t.app).delete('/logo').set('Authorization', admin)).status).toBe(204);
    const restored = await request(t.app).get('/logo').buffer(true).parse(binary);
    expect((restored.body as Buffer).toString()).not.toContain('#123456');
    expect((restored.body as Buffer).toString()).toContain('<svg');
  });

  test.each([
    ['an SVG with a script', SVG_WITH_SCRIPT, 'x.svg', 'image/svg+xml'],
    ['an SVG with an event handler', SVG_WITH_HANDLER, 'x.svg', 'image/svg+xml'],
    ['a text file claiming to be PNG', Buffer.from('hello, not an image'), 'x.png', 'image/png'],
    ['an HTML page', Buffer.from('<html><body>hi</body></html>'), 'x.html', 'text/html'],
  ])('when the upload is %s, then 415 UNSUPPORTED_MEDIA_TYPE', async (_label, content, filename, contentType) => {
    const response = await request(t.app).put('/logo').set('Authorization', admin).attach('file', content, { filename, contentType });
    expect(response.status).toBe(415);
    expect(response.body.code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  test('when the logo is sent as JSON instead of multipart, then 415', async () => {
    const response = await request(t.app)
      .put('/logo')
      .set('Authorization', admin)
      .send({ file: PNG.toString('base64') });
    expect(response.status).toBe(415);
  });

  test('when the upload is larger than uploads.maxIconBytes, then 413 PAYLOAD_TOO_LARGE', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(MAX_ICON_BYTES)]);
    const response = await request(t.app)
      .put('/logo')
      .set('Authorization', admin)
      .attach('file', big, { filename: 'big.png', contentType: 'image/png' });
    expect(response.status).toBe(413);
    expect(response.body.code).toBe('PAYLOAD_TOO_LARGE');
  });

  test('when the multipart request has no file part, then 400 VALIDATION_FAILED', async () => {
    const response = await request(t.app).put('/logo').set('Authorization', admin).field('other', 'value');
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('VALIDATION_FAILED');
  });

  test('when a user without SETTINGS_MANAGEMENT uploads a logo, then 403 PERMISSION_DENIED', async () => {
    const response = await request(t.app)
      .put('/logo')
      .set('Authorization', plainUser)
      .attach('file', PNG, { filename: 'logo.png', contentType: 'image/png' });
    expect(response.status).toBe(403);
    expect(response.body).toMatchObject({ code: 'PERMISSION_DENIED', permission: 'SETTINGS_MANAGEMENT' });
  });
});

/** supertest parser that keeps the body as raw bytes. */
function binary(response: request.Response, cb: (error: Error | null, body: unknown) => void): void {
  const res = response as unknown as IncomingMessage;
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => cb(null, Buffer.concat(chunks)));
}

describe('icons', () => {
  test('when an icon is uploaded, then it is listed and served with its image type and nosniff', async () => {
    const created = await request(t.app)
      .post('/icons')
      .set('Authorization', admin)
      .field('name', 'warehouse.svg')
      .attach('file', SVG, { filename: 'whatever.svg', contentType: 'image/svg+xml' });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ name: 'warehouse.svg', contentType: 'image/svg+xml', bytes: SVG.length, replaced: false });
    const gif = await request(t.app)
      .post('/icons')
      .set('Authorization', admin)
      .attach('file', GIF, { filename: 'dot.gif', contentType: 'image/gif' });
    expect(gif.status).toBe(201);
    expect(gif.body.name).toBe('dot.gif');

    const list = await request(t.app).get('/icons').set('Authorization', plainUser);
    expect(list.status).toBe(200);
    expect(list.body).toEqual(['dot.gif', 'warehouse.svg']);

    const icon = await request(t.app).get('/icons/warehouse.svg').set('Authorization', plainUser).buffer(true).parse(binary);
    expect(icon.status).toBe(200);
    expect(icon.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(icon.headers['x-content-type-options']).toBe('nosniff');
    expect(Buffer.compare(icon.body as Buffer, SVG)).toBe(0);
    expect(await auditActions()).toContain('icon.create');
  });

  test('when the icon name does not match the content type, then 415', async () => {
    const response = await request(t.app)
      .post('/icons')
      .set('Authorization', admin)
      .field('name', 'fake.svg')
      .attach('file', PNG, { filename: 'fake.png', contentType: 'image/png' });
    expect(response.status).toBe(415);
  });

  test.each(['../evil.png', '/etc/evil.png', '..\\evil.png', '.hidden.png', 'a/b.png'])(
    'when the icon is uploaded under the name %s, then 400 INVALID_FILE_NAME',
    async (name) => {
      const response = await request(t.app)
        .post('/icons')
        .set('Authorization', admin)
        .field('name', name)
        .attach('file', PNG, { filename: 'x.png', contentType: 'image/png' });
      expect(response.status).toBe(400);
      expect(response.body.code).toBe('INVALID_FILE_NAME');
    },
  );

  // A NUL character is refused before routing by the input guards (400 NUL_CHARACTER), like anywhere else.
  test.each(['..%2F..%2Fetc%2Fpasswd', '%2Fetc%2Fpasswd', '..%5C..%5Cwindows%5Cwin.ini', '..', '.hidden', '..%2Fsecret.txt', 'a%00b.png'])(
    'when an icon is requested as %s, then 400 INVALID_FILE_NAME (NUL_CHARACTER for a NUL)',
    async (encoded) => {
      const response = await request(t.app).get(`/icons/${encoded}`).set('Authorization', plainUser);
      expect(response.status).toBe(400);
      expect(response.body.code).toBe(encoded.includes('%00') ? 'NUL_CHARACTER' : 'INVALID_FILE_NAME');
      expect(response.text).not.toContain('root:');
      expect(response.text).not.toContain('TOP SECRET');
    },
  );

  test('when an unknown icon is requested or deleted, then 404', async () => {
    expect((await request(t.app).get('/icons/missing.png').set('Authorization', plainUser)).status).toBe(404);
    expect((await request(t.app).delete('/icons/missing.png').set('Authorization', admin)).status).toBe(404);
  });

  test('when an icon is deleted, then it is gone from the list and the deletion is audited', async () => {
    expect((await request(t.app).delete('/icons/dot.gif').set('Authorization', admin)).status).toBe(204);
    expect((await request(t.app).get('/icons/dot.gif').set('Authorization', plainUser)).status).toBe(404);
    expect((await request(t.app).get('/icons').set('Authorization', plainUser)).body).not.toContain('dot.gif');
    const row = await t.deps.db('audit_events').where({ action: 'icon.delete', target_id: 'dot.gif' }).first();
    expect(row).toBeDefined();
  });

  test('when a user without SETTINGS_MANAGEMENT uploads or deletes an icon, then 403', async () => {
    expect(
      (
        await request(t.app)
          .post('/icons')
          .set('Authorization', plainUser)
          .attach('file', PNG, { filename: 'x.png', contentType: 'image/png' })
      ).status,
    ).toBe(403);
    expect((await request(t.app).delete('/icons/warehouse.svg').set('Authorization', plainUser)).status).toBe(403);
  });

  test('when nobody is signed in, then the icon list is 401', async () => {
    expect((await request(t.app).get('/icons')).status).toBe(401);
  });
});

describe('widgets', () => {
  beforeAll(() => {
    const widgetDir = path.join(t.config.dataDir, 'widgets', 'timeline');
    mkdirSync(widgetDir, { recursive: true });
    writeFileSync(path.join(widgetDir, 'timeline.js'), 'export const widget = "timeline";\n');
    writeFileSync(path.join(t.config.dataDir, 'secret.txt'), 'TOP SECRET');
    symlinkSync(path.join(t.config.dataDir, 'secret.txt'), path.join(widgetDir, 'link.txt'));
  });

  test('when a widget file exists, then it is served with a Content-Type by extension and nosniff', async () => {
    const response = await request(t.app).get('/widgets/timeline/timeline.js').set('Authorization', plainUser);
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/javascript/);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.text).toBe('export const widget = "timeline";\n');
  });

  test('when the widget or the file is unknown, then 404', async () => {
    expect((await request(t.app).get('/widgets/timeline/missing.js').set('Authorization', plainUser)).status).toBe(404);
    expect((await request(t.app).get('/widgets/nothing/timeline.js').set('Authorization', plainUser)).status).toBe(404);
  });

  test('when a widget file is a symbolic link leading out of the folder, then 404 and nothing leaks', async () => {
    const response = await request(t.app).get('/widgets/timeline/link.txt').set('Authorization', plainUser);
    expect(response.status).toBe(404);
    expect(response.text).not.toContain('TOP SECRET');
  });

  test.each([
    ['timeline', '..%2F..%2Fsecret.txt'],
    ['..', 'secret.txt'],
    ['..%2F..', 'secret.txt'],
    ['timeline', '%2Fetc%2Fpasswd'],
    ['timeline%5C..', 'secret.txt'],
  ])('when a widget file is requested as /widgets/%s/%s, then 400 INVALID_FILE_NAME', async (widget, file) => {
    const response = await request(t.app).get(`/widgets/${widget}/${file}`).set('Authorization', plainUser);
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('INVALID_FILE_NAME');
    expect(response.text).not.toContain('TOP SECRET');
  });

  test('when nobody is signed in, then widget files are 401', async () => {
    expect((await request(t.app).get('/widgets/timeline/timeline.js')).status).toBe(401);
  });
});

describe('license', () => {
  test('when no license was stored, then GET /license answers null', async () => {
    const response = await request(t.app).get('/license').set('Authorization', plainUser);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ license: null, updatedAt: null });
  });

  test('when an administrator stores a license, then everyone signed in reads it and the change is audited without the text', async () => {
    const text = 'LICENSE\nCustomer: Example Ltd\nSeats: 25';
    const stored = await request(t.app).put('/license').set('Authorization', admin).send({ license: text });
    expect(stored.status).toBe(200);
    expect(stored.body.license).toBe(text);
    const read = await request(t.app).get('/license').set('Authorization', plainUser);
    expect(read.body.license).toBe(text);
    expect(new Date(read.body.updatedAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
    const event = await t.deps.db('audit_events').where({ action: 'license.update' }).first();
    expect(event.details.bytes).toBe(Buffer.byteLength(text));
    expect(JSON.stringify(event.details)).not.toContain('Example Ltd');
  });

  test('when the license is larger than 64 KiB, then 413 and the stored one is unchanged', async () => {
    const response = await request(t.app)
      .put('/license')
      .set('Authorization', admin)
      .send({ license: 'x'.repeat(64 * 1024 + 1) });
    expect(response.status).toBe(413);
    expect((await request(t.app).get('/license').set('Authorization', plainUser)).body.license).toContain('Example Ltd');
  });

  test.each([[{}], [{ license: 42 }], [{ license: null }]])('when the body is %j, then 400 VALIDATION_FAILED', async (body) => {
    const response = await request(t.app).put('/license').set('Authorization', admin).send(body);
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('VALIDATION_FAILED');
  });

  test('when a user without SETTINGS_MANAGEMENT changes the license, then 403', async () => {
    expect((await request(t.app).put('/license').set('Authorization', plainUser).send({ license: 'mine' })).status).toBe(403);
  });
});
