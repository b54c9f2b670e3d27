import { promises as fs } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { DriverFactory } from './password';
import {
  ALTER_CURRENT_USER,
  changeGraphPassword,
  changePasswordCypher,
  changePasswordHttp,
  deriveHttpUrl,
  directBoltUrl,
  getPasswordStatusHttp,
  parseCliArgs,
  readConfigValue,
  readHttpUrl,
  writePasswordToConfig,
} from './password';

/** Imitates the Neo4j 3.5 user endpoints: GET /user/<name>, POST /user/<name>/password. */
function fakeNeo4j35(initial: { username: string; password: string }) {
  const state = {
    password: initial.password,
    changeRequired: true,
    requests: [] as Array<{ method: string; url: string; body: string; auth?: string }>,
  };
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      state.requests.push({ method: req.method!, url: req.url!, body, auth: req.headers.authorization });
      const expected = 'Basic ' + Buffer.from(`${initial.username}:${state.password}`).toString('base64');
      if (req.headers.authorization !== expected) {
        res.writeHead(401, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify({ errors: [{ code: 'Neo.ClientError.Security.Unauthorized', message: 'Invalid username or password.' }] }));
        return;
      }
      if (req.method === 'GET' && req.url === `/user/${initial.username}`) {
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end(
          JSON.stringify({
            username: initial.username,
            password_change: `http://localhost/user/${initial.username}/password`,
            password_change_required: state.changeRequired,
          }),
        );
        return;
      }
      if (req.method === 'POST' && req.url === `/user/${initial.username}/password`) {
        const parsed = JSON.parse(body) as { password?: string };
        if (!parsed.password || parsed.password === state.password) {
          res.writeHead(422, { 'Content-Type': 'application/json' });
          res.end(
            JSON.stringify({
              errors: [{ code: 'Neo.ClientError.General.InvalidArguments', message: 'Old password and new password cannot be the same.' }],
            }),
          );
          return;
        }
        state.password = parsed.password;
        state.changeRequired = false;
        res.writeHead(200);
        res.end();
        return;
      }
      res.writeHead(404);
      res.end();
    });
  });
  return { server, state };
}

describe('Neo4j 3.5 password change over HTTP', () => {
  let server: http.Server;
  let state: ReturnType<typeof fakeNeo4j35>['state'];
  let base: string;
  let dir: string;

  beforeEach(async () => {
    const fake = fakeNeo4j35({ username: 'neo4j', password: 'neo4j' });
    server = fake.server;
    state = fake.state;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'gas-pw-'));
  });

  afterEach(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('reads the password status and changes the password with Basic auth and a JSON body', async () => {
    expect(await getPasswordStatusHttp(base, 'neo4j', 'neo4j')).toMatchObject({ username: 'neo4j', passwordChangeRequired: true });
    await changePasswordHttp(base, 'neo4j', 'neo4j', 'n3w-Secret!');
    const post = state.requests.find((r) => r.method === 'POST')!;
    expect(post.url).toBe('/user/neo4j/password');
    expect(JSON.parse(post.body)).toEqual({ password: 'n3w-Secret!' });
    expect(post.auth).toBe('Basic ' + Buffer.from('neo4j:neo4j').toString('base64'));
    expect(state.password).toBe('n3w-Secret!');
  });

  it('reports a refused current password without echoing any password', async () => {
    const error = await changePasswordHttp(base, 'neo4j', 'wrong', 'n3w-Secret!').catch((e: Error) => e);
    expect(String((error as Error).message)).toMatch(/graphdb\.connector\.password/);
    expect(String((error as Error).message)).not.toMatch(/wrong|n3w-Secret/);
  });

  it('whole flow: probe says 3.5 → HTTP change → config file rewritten atomically with mode 0600', async () => {
    const file = path.join(dir, 'config.json');
    await fs.writeFile(
      file,
      JSON.stringify(
        { server: { port: 8080 }, graphdb: { backend: 'neo4j', connector: { url: 'bolt://db:7687', password: 'neo4j', httpUrl: base } } },
        null,
        2,
      ),
    );
    const lines: string[] = [];
    const result = await changeGraphPassword({
      url: 'bolt://db:7687',
      username: 'neo4j',
      currentPassword: 'neo4j',
      newPassword: 'n3w-Secret!',
      configFile: file,
      httpUrl: await readHttpUrl(file),
      probe: async () => ({ major: 3, agent: 'Neo4j/3.5.35' }),
      log: (line) => lines.push(line),
    });
    expect(result).toEqual({ method: 'http', target: base, configFile: file });
    const written = JSON.parse(await fs.readFile(file, 'utf8'));
    expect(written).toEqual({
      server: { port: 8080 },
      graphdb: { backend: 'neo4j', connector: { url: 'bolt://db:7687', password: 'n3w-Secret!', httpUrl: base } },
    });
    expect((await fs.stat(file)).mode & 0o777).toBe(0o600);
    expect((await fs.readdir(dir)).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    expect(lines.join('\n')).not.toContain('n3w-Secret!');
    expect(lines.join('\n')).toMatch(/requires a password change/);
  });

  it('refuses to start without CONFIG_FILE or with the same password', async () => {
    const base = { url: 'bolt://db:7687', username: 'neo4j', currentPassword: 'a', probe: async () => ({ major: 3, agent: '' }) };
    await expect(changeGraphPassword({ ...base, newPassword: 'b', configFile: '' })).rejects.toThrow(/CONFIG_FILE/);
    await expect(changeGraphPassword({ ...base, newPassword: 'a', configFile: path.join(dir, 'c.json') })).rejects.toThrow(/differ/);
  });
});

describe('config file rewriting', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'gas-cfg-'));
  });
  afterEach(async () => {
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('creates the nested keys in a new or partial file and keeps the rest', async () => {
    const file = path.join(dir, 'new.json');
    await writePasswordToConfig(file, 'p1');
    expect(JSON.parse(await fs.readFile(file, 'utf8'))).toEqual({ graphdb: { connector: { password: 'p1' } } });
    await fs.writeFile(file, JSON.stringify({ log: { level: 'debug' }, graphdb: { backend: 'neo4j' } }));
    await writePasswordToConfig(file, 'p2');
    expect(JSON.parse(await fs.readFile(file, 'utf8'))).toEqual({
      log: { level: 'debug' },
      graphdb: { backend: 'neo4j', connector: { password: 'p2' } },
    });
    expect((await fs.stat(file)).mode & 0o777).toBe(0o600);
  });

  it('updates flat dotted keys where the file uses them', async () => {
    const file = path.join(dir, 'flat.json');
    await fs.writeFile(file, JSON.stringify({ 'graphdb.connector.password': 'old', 'graphdb.connector.url': 'bolt://x' }));
    await writePasswordToConfig(file, 'new');
    expect(JSON.parse(await fs.readFile(file, 'utf8'))).toEqual({
      'graphdb.connector.password': 'new',
      'graphdb.connector.url': 'bolt://x',
    });
    await fs.writeFile(file, JSON.stringify({ 'graphdb.connector': { password: 'old' } }));
    await writePasswordToConfig(file, 'new2');
    expect(JSON.parse(await fs.readFile(file, 'utf8'))).toEqual({ 'graphdb.connector': { password: 'new2' } });
  });

  it('refuses a file that is not JSON (and leaves it alone)', async () => {
    const file = path.join(dir, 'bad.json');
    await fs.writeFile(file, '{ not json');
    await expect(writePasswordToConfig(file, 'x')).rejects.toThrow(/Cannot parse/);
    expect(await fs.readFile(file, 'utf8')).toBe('{ not json');
  });
});

describe('small helpers', () => {
  it('derives the HTTP URL from the bolt URL unless configured', () => {
    expect(deriveHttpUrl('bolt://db.example:7687')).toBe('http://db.example:7474');
    expect(deriveHttpUrl('neo4j+s://db.example')).toBe('https://db.example:7473');
    expect(deriveHttpUrl('bolt://db:7687', 'http://proxy/neo4j/')).toBe('http://proxy/neo4j');
    expect(directBoltUrl('neo4j+s://x:7687')).toBe('bolt+s://x:7687');
    expect(directBoltUrl('bolt://x')).toBe('bolt://x');
  });

  it('reads dotted keys from nested and flat trees', () => {
    expect(readConfigValue({ graphdb: { connector: { httpUrl: 'a' } } }, 'graphdb.connector.httpUrl')).toBe('a');
    expect(readConfigValue({ 'graphdb.connector': { httpUrl: 'b' } }, 'graphdb.connector.httpUrl')).toBe('b');
    expect(readConfigValue({ 'graphdb.connector.httpUrl': 'c' }, 'graphdb.connector.httpUrl')).toBe('c');
  });

  it('parses the CLI arguments', () => {
    expect(parseCliArgs(['--new-password', 'x y'])).toEqual({ help: false, newPassword: 'x y' });
    expect(parseCliArgs(['--new-password=a=b', '--current-password=c'])).toEqual({ help: false, newPassword: 'a=b', currentPassword: 'c' });
    expect(() => parseCliArgs(['--new-password'])).toThrow(/needs a value/);
    expect(() => parseCliArgs(['--bogus=secret'])).toThrow(/Unknown argument "--bogus=…"/);
  });
});

describe('Neo4j 4.x / 5.x password change with ALTER CURRENT USER', () => {
  type Attempt = { url: string; database?: string; mode?: string; query?: string; params?: Record<string, unknown> };
  const fail = (code: string, message = code) => Object.assign(new Error(message), { code });
  function factory(answer: (url: string) => Error | undefined): { make: DriverFactory; attempts: Attempt[] } {
    const attempts: Attempt[] = [];
    const make: DriverFactory = (url) =>
      ({
        session: (config: { database?: string; defaultAccessMode?: string }) => ({
          async run(query: string, params: Record<string, unknown>) {
            attempts.push({ url, database: config.database, mode: config.defaultAccessMode, query, params });
            const error = answer(url);
            if (error) throw error;
            return { records: [] };
          },
          close: async () => undefined,
        }),
        close: async () => undefined,
      }) as unknown as ReturnType<DriverFactory>;
    return { make, attempts };
  }

  it('runs ALTER CURRENT USER with parameters on the system database in a write session', async () => {
    const { make, attempts } = factory(() => undefined);
    await changePasswordCypher('bolt://db:7687', 'neo4j', 'old-pw', 'new-pw', make);
    expect(attempts).toEqual([
      { url: 'bolt://db:7687', database: 'system', mode: 'WRITE', query: ALTER_CURRENT_USER, params: { old: 'old-pw', new: 'new-pw' } },
    ]);
    expect(ALTER_CURRENT_USER).toBe('ALTER CURRENT USER SET PASSWORD FROM $old TO $new');
  });

  it('neo4j:// refused with CredentialsExpired (routing table) → the same statement over bolt:// to that server', async () => {
    const { make, attempts } = factory((url) =>
      url.startsWith('neo4j')
        ? fail('Neo.ClientError.Security.CredentialsExpired', 'The credentials you provided were valid, but must be changed')
        : undefined,
    );
    await changePasswordCypher('neo4j+s://db:7687', 'neo4j', 'old-pw', 'new-pw', make);
    expect(attempts.map((a) => a.url)).toEqual(['neo4j+s://db:7687', 'bolt+s://db:7687']);
    expect(attempts[1]).toMatchObject({ database: 'system', query: ALTER_CURRENT_USER });
  });

  it('does not retry other failures and never echoes the passwords', async () => {
    const { make, attempts } = factory(() =>
      fail('Neo.ClientError.General.InvalidArguments', 'A password must be at least 8 characters: new-pw (old was old-pw)'),
    );
    const error = (await changePasswordCypher('neo4j://db', 'neo4j', 'old-pw', 'new-pw', make).catch((e: Error) => e)) as Error;
    expect(attempts).toHaveLength(1);
    expect(error.message).toMatch(/InvalidArguments/);
    expect(error.message).not.toMatch(/old-pw|new-pw/);
    const refused = factory(() => fail('Neo.ClientError.Security.Unauthorized'));
    await expect(changePasswordCypher('bolt://db', 'neo4j', 'old-pw', 'new-pw', refused.make)).rejects.toThrow(
      /graphdb\.connector\.password/,
    );
  });
});
