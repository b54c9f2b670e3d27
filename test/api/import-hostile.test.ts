import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { readdirSync, readFileSync } from 'node:fs';
import AdmZip from 'adm-zip';
import request from 'supertest';
import { UNRESTRICTED } from '../../src/graph/graph-store';
import type { TestApp } from '../support/test-app';
import { createTestApp, ADMIN_PASSWORD } from '../support/test-app';

const FIXTURES = path.join(__dirname, '..', 'fixtures', 'import');

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp({ uploads: { maxBytes: 10 * 1024 * 1024 } });
  admin = t.basic('admin', ADMIN_PASSWORD);
});
afterAll(async () => {
  await t.close();
});

function upload(content: Buffer, name: string) {
  return request(t.app)
    .post('/data/import/uploadFile')
    .set('Authorization', admin)
    .attach('file', content, { filename: name, contentType: 'application/octet-stream' });
}
async function uploadOne(content: Buffer, name: string): Promise<string> {
  const response = await upload(content, name);
  expect(response.status).toBe(201);
  return response.body.files[0].fileId as string;
}
function analyze(body: Record<string, unknown>) {
  return request(t.app).post('/data/import/analyzeFile').set('Authorization', admin).send(body);
}
function storedFiles(): string[] {
  try {
    return readdirSync(path.join(t.config.dataDir, 'uploads'))
      .filter((f) => f !== 'incoming')
      .concat(readdirSync(path.join(t.config.dataDir, 'uploads', 'incoming')));
  } catch {
    return [];
  }
}

/** A refused upload leaves no file and no row. */
async function expectRefused(response: request.Response, status: number, code: string, detail: RegExp): Promise<void> {
  expect(response.status).toBe(status);
  expect(response.body.code).toBe(code);
  expect(response.body.detail).toMatch(detail);
}

describe('hostile uploads', () => {
  let before: string[];
  let rowsBefore: number;
  beforeEach(async () => {
    before = storedFiles();
    rowsBefore = Number((await t.deps.db('import_uploads').count({ n: '*' }))[0].n);
  });
  afterEach(async () => {
    expect(storedFiles().sort()).toEqual(before.sort());
    expect(Number((await t.deps.db('import_uploads').count({ n: '*' }))[0].n)).toBe(rowsBefore);
    expect((await request(t.app).get('/health')).status).toBe(200);
  });

  it('when a zip bomb is uploaded, then it is 413 ZIP_RATIO naming the entry', async () => {
    const zip = new AdmZip();
    zip.addFile('zeros.csv', Buffer.alloc(8 * 1024 * 1024, 0x30));
    await expectRefused(await upload(zip.toBuffer(), 'bomb.zip'), 413, 'ZIP_RATIO', /bomb\.zip entry zeros\.csv expands \d+ times/);
  });

  it('when a zip declares more uncompressed bytes than allowed, then it is 413 ZIP_TOO_LARGE', async () => {
    const zip = new AdmZip();
    for (let i = 0; i < 3; i++)
      zip.addFile(`part${i}.csv`, Buffer.from(`id\n${Array.from({ length: 400000 }, (_, j) => (j * 7919 + i) % 1000003).join('\n')}\n`));
    const small = await createTestApp({ uploads: { maxUnzippedBytes: 4 * 1024 * 1024 } });
    try {
      const response = await request(small.app)
        .post('/data/import/uploadFile')
        .set('Authorization', small.basic('admin', ADMIN_PASSWORD))
        .attach('file', zip.toBuffer(), 'parts.zip');
      await expectRefused(response, 413, 'ZIP_TOO_LARGE', /parts\.zip expands to \d+ bytes/);
    } finally {
      await small.close();
    }
  });

  it('when a zip has a ../ entry, then it is 400 ZIP_ENTRY_NAME', async () => {
    const zip = new AdmZip();
    zip.addFile('people.csv', Buffer.from('id\n1\n'));
    zip.addFile('x.csv', Buffer.from('id\n2\n'));
    zip.getEntries()[1].entryName = '../../evil.csv';
    await expectRefused(
      await upload(zip.toBuffer(), 'evil.zip'),
      400,
      'ZIP_ENTRY_NAME',
      /evil\.zip has an entry name with "\.\.": "\.\.\/\.\.\/evil\.csv"/,
    );
  });

  it('when a zip has an absolute entry name, then it is 400 ZIP_ENTRY_NAME', async () => {
    const zip = new AdmZip();
    zip.addFile('x.csv', Buffer.from('id\n2\n'));
    zip.getEntries()[0].entryName = '/etc/cron.d/x.csv';
    await expectRefused(await upload(zip.toBuffer(), 'abs.zip'), 400, 'ZIP_ENTRY_NAME', /an absolute path/);
  });

  it('when a zip holds a symbolic link, then it is 400 ZIP_ENTRY_LINK', async () => {
    const zip = new AdmZip();
    zip.addFile('link.csv', Buffer.from('/etc/passwd'));
    zip.getEntries()[0].attr = (0o120777 << 16) >>> 0;
    await expectRefused(await upload(zip.toBuffer(), 'link.zip'), 400, 'ZIP_ENTRY_LINK', /link\.zip has a link entry: link\.csv/);
  });

  it('when a binary file is named .csv, then it is 415', async () => {
    const binary = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 131) % 256));
    await expectRefused(
      await upload(binary, 'data.csv'),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
      /data\.csv is neither CSV text, XLS, XLSX, GraphML nor zip/,
    );
  });

  it('when an empty file is uploaded, then it is 400 EMPTY_FILE naming it', async () => {
    await expectRefused(await upload(Buffer.alloc(0), 'empty.csv'), 400, 'EMPTY_FILE', /empty\.csv is empty/);
  });

  it('when one file of several is refused, then none of them is kept', async () => {
    const response = await request(t.app)
      .post('/data/import/uploadFile')
      .set('Authorization', admin)
      .attach('file', Buffer.from('id\n1\n'), 'good.csv')
      .attach('file', Buffer.alloc(0), 'empty.csv');
    await expectRefused(response, 400, 'EMPTY_FILE', /empty\.csv/);
  });

  it('when a file is larger than the limit, then it is 413', async () => {
    const response = await upload(Buffer.alloc(10 * 1024 * 1024 + 10, 0x41), 'big.csv');
    expect(response.status).toBe(413);
  });

  it('when a 2 GB size is declared, then it is 413 before the body is read', async () => {
    const server = t.app.listen(0);
    try {
      const { port } = server.address() as AddressInfo;
      const response = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = http.request(
          {
            port,
            method: 'POST',
            path: '/data/import/uploadFile',
            headers: {
              Authorization: admin,
              'Content-Type': 'multipart/form-data; boundary=x',
              'Content-Length': String(2 * 1024 * 1024 * 1024),
            },
          },
          (res) => {
            let body = '';
            res.on('data', (c) => (body += c));
            res.on('end', () => resolve({ status: res.statusCode!, body }));
          },
        );
        req.on('error', reject);
        req.write('--x\r\nContent-Disposition: form-data; name="file"; filename="huge.csv"\r\n\r\nid\n');
      });
      expect(response.status).toBe(413);
      expect(JSON.parse(response.body)).toMatchObject({
        code: 'PAYLOAD_TOO_LARGE',
        detail: expect.stringMatching(/declares 2147483648 bytes/),
      });
    } finally {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    }
  });
});

describe('broken files', () => {
  it('when a CSV has ragged rows, then analysis is 400 naming the line', async () => {
    const fileId = await uploadOne(Buffer.from('a,b,c\n1,2,3\n4,5\n'), 'ragged.csv');
    const response = await analyze({ fileId });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'CSV_INVALID', line: 3, file: 'ragged.csv' });
    expect(response.body.detail).toMatch(/ragged\.csv, line 3: a row with another number of fields than the header/);
  });

  it('when a CSV has unbalanced quotes, then analysis is 400 naming the line', async () => {
    const fileId = await uploadOne(Buffer.from('a,b\n1,"two\n3,4\n'), 'quotes.csv');
    const response = await analyze({ fileId });
    expect(response.status).toBe(400);
    expect(response.body.detail).toMatch(/quotes\.csv, line \d+: a quote that is never closed/);
  });

  it('when a file is read in the wrong encoding, then it is 400 INVALID_ENCODING naming the byte', async () => {
    const latin1 = Buffer.from([...Buffer.from('name\nFran'), 0xe7, ...Buffer.from('ois\n')]);
    const fileId = await uploadOne(latin1, 'latin.csv');
    const response = await analyze({ fileId, encoding: 'utf-8' });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'INVALID_ENCODING', encoding: 'utf-8' });
    expect(response.body.detail).toMatch(/latin\.csv is not valid utf-8 text/);
  });

  it('when a file with a UTF-8 BOM holds bytes invalid in UTF-8, then it is 400 INVALID_ENCODING', async () => {
    const fileId = await uploadOne(Buffer.from([0xef, 0xbb, 0xbf, ...Buffer.from('name\nFran'), 0xe7, ...Buffer.from('ois\n')]), 'bom.csv');
    expect((await analyze({ fileId })).body.code).toBe('INVALID_ENCODING');
  });

  it('when a spreadsheet has formula cells, then import is 422 SPREADSHEET_FORMULA naming the cells, and with formulas: values their results are imported', async () => {
    const fileId = await uploadOne(readFileSync(path.join(FIXTURES, 'formulas.xlsx')), 'formulas.xlsx');
    const analysis = await analyze({ fileId });
    expect(analysis.body.tables[0].formulaCells).toEqual({ count: 2, first: ['D2', 'D3'] });
    const mapping = {
      kind: 'nodes',
      labels: ['Calc'],
      columns: [
        { column: 'id', type: 'integer' },
        { column: 'double', type: 'integer' },
      ],
    };
    const refused = await request(t.app).post('/data/import/importFile').set('Authorization', admin).send({ fileId, mapping });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ code: 'SPREADSHEET_FORMULA', cells: ['D2', 'D3'] });
    const imported = await request(t.app)
      .post('/data/import/importFile')
      .set('Authorization', admin)
      .send({ fileId, mapping: { ...mapping, formulas: 'values' } });
    expect(imported.body.report).toMatchObject({ nodesCreated: 2 });
    const values = (
      await t.deps.graph.findNodes({ filter: { label: 'Calc' }, limit: 10, sort: [{ property: 'id', direction: 'asc' }] }, UNRESTRICTED)
    ).items;
    expect(values.map((v) => v.properties)).toEqual([
      { id: 1, double: 68 },
      { id: 2, double: 82 },
    ]);
  });

  it('when a file named .xlsx is not a workbook, then analysis is 422 SPREADSHEET_INVALID and the service stays up', async () => {
    const zip = new AdmZip();
    zip.addFile('xl/workbook.xml', Buffer.from('<not really'));
    const fileId = await uploadOne(zip.toBuffer(), 'broken.xlsx');
    const response = await analyze({ fileId });
    expect(response.status).toBe(422);
    expect(response.body.code).toBe('SPREADSHEET_INVALID');
    expect((await request(t.app).get('/health')).status).toBe(200);
  });

  it('when a GraphML edge refers to a missing node, then it is 422 naming the edge, the node and the line', async () => {
    const xml =
      '<?xml version="1.0"?>\n<graphml xmlns="http://graphml.graphdrawing.org/xmlns">\n<graph edgedefault="directed">\n<node id="a"/>\n<edge id="e1" source="a" target="zz"/>\n</graph>\n</graphml>\n';
    const fileId = await uploadOne(Buffer.from(xml), 'g.graphml');
    const response = await analyze({ fileId });
    expect(response.status).toBe(422);
    expect(response.body).toMatchObject({ code: 'GRAPHML_MISSING_NODE', line: 5, node: 'zz' });
    expect(response.body.detail).toMatch(/the edge e1 refers to the node zz/);
  });

  it('when a GraphML file is malformed XML, then it is 400 GRAPHML_MALFORMED with the line', async () => {
    const xml = '<?xml version="1.0"?>\n<graphml>\n<graph>\n<node id="a">\n</graph>\n</graphml>\n';
    const fileId = await uploadOne(Buffer.from(xml), 'bad.graphml');
    const response = await analyze({ fileId });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'GRAPHML_MALFORMED', line: 5 });
  });

  it('when a GraphML file has a hyperedge or a nested graph, then it is 422 GRAPHML_UNSUPPORTED', async () => {
    const hyper =
      '<graphml><graph><node id="a"/><node id="b"/><hyperedge><endpoint node="a"/><endpoint node="b"/></hyperedge></graph></graphml>';
    const nested = '<graphml><graph><node id="a"><graph id="inner"><node id="a1"/></graph></node></graph></graphml>';
    for (const [xml, what] of [
      [hyper, /hyperedges/],
      [nested, /nested graphs/],
    ] as const) {
      const fileId = await uploadOne(Buffer.from(xml), 'x.graphml');
      const response = await analyze({ fileId });
      expect(response.status).toBe(422);
      expect(response.body.detail).toMatch(what);
    }
  });

  it('when an XML file is not GraphML, then it is read as text and its stray quotes are a 400 naming the line', async () => {
    const fileId = await uploadOne(Buffer.from('<?xml version="1.0"?><root><a/></root>'), 'x.xml');
    const response = await analyze({ fileId });
    expect(response.status).toBe(400);
    expect(response.body.detail).toMatch(/x\.xml, line 1: a quote inside an unquoted field/);
    expect((await request(t.app).get('/health')).status).toBe(200);
  });
});
