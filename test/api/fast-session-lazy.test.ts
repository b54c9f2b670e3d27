import type { Request, Response } from 'express';
import express from 'express';
import request from 'supertest';
import { fastSession } from '../../src/auth/fast-session';
import type { TestApp } from '../support/test-app';
import { createTestApp, ADMIN_PASSWORD } from '../support/test-app';

// The hot path of src/auth/fast-session.ts builds req.session only when a request reads it. These
// tests run the real fastSession on the test app's store and caches, behind routes that read,
// change, replace or delete the session, and check what express-session would have done.
let t: TestApp;
let probe: express.Express;
let cookie: string;
let csrf: string;
let sid: string;

type Probed = Request & { session: Request['session'] & { probe?: string } };

async function storedSession(): Promise<Record<string, unknown>> {
  const row = await t.database.knex('sessions').where('sid', sid).first('sess');
  return (typeof row.sess === 'string' ? JSON.parse(row.sess) : row.sess) as Record<string, unknown>;
}

async function until(check: () => Promise<boolean>, what: string): Promise<void> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > 10_000) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Reads the row into the session cache through the app's full path (a save drops it from the cache). */
async function warm(): Promise<void> {
  await until(async () => {
    expect((await request(t.app).get('/permissions').set('Cookie', cookie)).status).toBe(200);
    return (await request(probe).get('/untouched').set('Cookie', cookie)).status === 200;
  }, 'the session to be cached');
}

beforeAll(async () => {
  t = await createTestApp();
  t.deps.credentialCache.sessions.setLocal(true);
  const cached = fastSession({
    store: t.sessionStore,
    credentialCache: t.deps.credentialCache,
    name: 'gas.sid',
    secret: 'test-session-secret',
    maxAgeMs: t.config.session.maxAgeMs,
    touchAfterMs: t.config.session.touchAfterMs,
  });
  probe = express();
  probe.use((req: Request, res: Response, next) => (cached(req, res) ? next() : void res.status(409).json({ fast: false })));
  probe.get('/untouched', (req: Request, res: Response) => void res.json({ user: (req.user as { username: string }).username }));
  probe.get(
    '/read',
    (req: Request, res: Response) => void res.json({ csrf: req.session.csrfToken, id: req.session.id, same: req.session === req.session }),
  );
  probe.get('/change', (req: Request, res: Response) => {
    (req as Probed).session.probe = 'changed';
    res.json({});
  });
  probe.get('/replace', (req: Request, res: Response) => {
    const replacement = { replaced: true } as unknown as Request['session'];
    req.session = replacement;
    res.json({ same: req.session === replacement });
  });
  probe.get('/delete', (req: Request, res: Response) => {
    delete (req as Partial<Request>).session;
    res.json({ gone: req.session === undefined });
  });

  const login = await request(t.app).post('/login').send({ username: 'admin', password: ADMIN_PASSWORD });
  expect(login.status).toBe(200);
  cookie = String(login.headers['set-cookie']).match(/gas\.sid=[^;]+/)![0];
  csrf = login.body.csrfToken as string;
  sid = decodeURIComponent(cookie.slice('gas.sid='.length)).slice(2).split('.')[0];
  await warm();
});
afterAll(async () => {
  await t.close();
});

describe('fast session path: req.session built on first use', () => {
  test('when a cached GET does not read the session, then it is served on the fast path with the signed-in user', async () => {
    const response = await request(probe).get('/untouched').set('Cookie', cookie);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ user: 'admin' });
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  test('when a cached GET reads the session, then it is the stored one: its CSRF token from login and its id, one object per request', async () => {
    const response = await request(probe).get('/read').set('Cookie', cookie);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ csrf, id: sid, same: true });
  });

  test('when a cached GET changes the session, then it is saved when the response finishes', async () => {
    expect((await request(probe).get('/change').set('Cookie', cookie)).status).toBe(200);
    await until(async () => (await storedSession()).probe === 'changed', 'the changed session to be saved');
    expect((await storedSession()).csrfToken).toBe(csrf);
  });

  test('when a cached GET replaces or deletes req.session, then the request sees its own value and nothing is saved from it', async () => {
    await warm();
    const before = await storedSession();
    const replaced = await request(probe).get('/replace').set('Cookie', cookie);
    expect(replaced.body).toEqual({ same: true });
    const deleted = await request(probe).get('/delete').set('Cookie', cookie);
    expect(deleted.body).toEqual({ gone: true });
    // A following read still finds the stored session unchanged.
    expect((await request(probe).get('/read').set('Cookie', cookie)).body).toEqual({ csrf, id: sid, same: true });
    expect(await storedSession()).toEqual(before);
  });
});
