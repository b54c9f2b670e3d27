import type { NextFunction, Request, Response } from 'express';
import express, { Router } from 'express';
import request from 'supertest';
import { firstSegments, routeTable } from '../../src/http/route-table';

type Counted = Router & { entered: number };

/** A router that counts how often it is entered. */
function counted(build: (router: Router) => void): Counted {
  const router = Router() as Counted;
  build(router);
  router.entered = 0;
  type Handle = (req: Request, res: Response, next: NextFunction) => void;
  const withHandle = router as unknown as { handle: Handle };
  const handle = withHandle.handle.bind(router);
  withHandle.handle = (req, res, next) => {
    router.entered++;
    return handle(req, res, next);
  };
  return router;
}

function routers() {
  const pages = counted((r) => {
    r.get('/users/list', (_req, res) => void res.send('page: users'));
    r.get('/', (_req, res) => void res.send('page: home'));
  });
  const users = counted((r) => {
    r.get('/users/:id', (req, res) => void res.json({ user: req.params.id }));
    r.delete('/users/:id', (_req, res) => void res.status(204).end());
  });
  const docs = counted((r) => {
    r.use('/docs', (_req, res) => void res.send('docs'));
  });
  const failing = counted((r) => {
    r.get('/fail', () => {
      throw new Error('boom');
    });
  });
  const nested = counted((r) => {
    const inner = Router();
    inner.get('/data/nodes', (_req, res) => void res.send('nodes'));
    r.use(inner);
  });
  const everywhere = counted((r) => {
    r.use((req: Request, res: Response, next: NextFunction) => (req.path.endsWith('.everywhere') ? void res.send('everywhere') : next()));
  });
  return [pages, users, docs, failing, nested, everywhere];
}

function appWith(mount: (app: express.Express, list: Counted[]) => void) {
  const list = routers();
  const app = express();
  mount(app, list);
  app.use((_req: Request, res: Response) => void res.status(404).send('not found'));
  app.use((error: Error, _req: Request, res: Response, _next: NextFunction) => void res.status(500).send(error.message));
  return { app, list };
}

describe('routeTable (src/http/route-table.ts)', () => {
  test('when routers declare their paths, then firstSegments lists the first segments lower-cased, nested routers included, and undefined for a router that may match any path', () => {
    const [pages, users, docs, failing, nested, everywhere] = routers();
    expect([...firstSegments(pages)!].sort()).toEqual(['', 'users']);
    expect([...firstSegments(users)!]).toEqual(['users']);
    expect([...firstSegments(docs)!]).toEqual(['docs']);
    expect([...firstSegments(failing)!]).toEqual(['fail']);
    expect([...firstSegments(nested)!]).toEqual(['data']);
    expect(firstSegments(everywhere)).toBeUndefined();
    const pattern = Router();
    pattern.get('/:anything', (_req, res) => void res.end());
    expect(firstSegments(pattern)).toBeUndefined();
    const mixedCase = Router();
    mixedCase.get('/userSettings/:type', (_req, res) => void res.end());
    expect([...firstSegments(mixedCase)!]).toEqual(['usersettings']);
  });

  test('when requests are routed through the table, then every answer is the one app.use of each router in turn gives: order, case, 404, errors, OPTIONS, HEAD', async () => {
    const table = appWith((app, list) => app.use(routeTable(list))).app;
    const plain = appWith((app, list) => list.forEach((router) => app.use(router))).app;
    const cases: Array<[string, string]> = [
      ['get', '/users/list'],
      ['get', '/users/7'],
      ['get', '/USERS/LIST'],
      ['get', '/Users/7/'],
      ['delete', '/users/7'],
      ['get', '/'],
      ['get', '/docs/a/b'],
      ['get', '/data/nodes'],
      ['get', '/fail'],
      ['get', '/nowhere'],
      ['get', '/x.everywhere'],
      ['get', '/users/x.everywhere'],
      ['get', '/%C3%A9/x'],
      ['options', '/users/7'],
      ['head', '/users/list'],
      ['post', '/users/list'],
    ];
    for (const [method, path] of cases) {
      const [a, b] = await Promise.all([request(table)[method as 'get'](path), request(plain)[method as 'get'](path)]);
      expect({ path, method, status: a.status, text: a.text, allow: a.headers.allow }).toEqual({
        path,
        method,
        status: b.status,
        text: b.text,
        allow: b.headers.allow,
      });
    }
  });

  test('when a request names a first segment, then only the routers declaring it and those matching any path are entered', async () => {
    const { app, list } = appWith((a, l) => a.use(routeTable(l)));
    const [pages, users, docs, failing, nested, everywhere] = list;
    expect((await request(app).get('/data/nodes')).text).toBe('nodes');
    expect([pages, users, docs, failing, nested, everywhere].map((r) => r.entered)).toEqual([0, 0, 0, 0, 1, 0]);

    expect((await request(app).get('/users/7')).status).toBe(200);
    expect([pages, users, docs, failing, nested, everywhere].map((r) => r.entered)).toEqual([1, 1, 0, 0, 1, 0]);

    expect((await request(app).get('/nowhere')).status).toBe(404);
    expect([pages, users, docs, failing, nested, everywhere].map((r) => r.entered)).toEqual([1, 1, 0, 0, 1, 1]);

    expect((await request(app).get('/fail')).status).toBe(500);
    expect([pages, users, docs, failing, nested, everywhere].map((r) => r.entered)).toEqual([1, 1, 0, 1, 1, 1]);
  });
});
