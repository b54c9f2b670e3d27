import type { NextFunction, Request, RequestHandler, Response } from 'express';
import express from 'express';
import request from 'supertest';
import { sequence } from '../../src/http/sequence';

type Traced = Request & { trace?: string[] };

const mark =
  (name: string): RequestHandler =>
  (req, _res, next) => {
    const traced = req as Traced;
    (traced.trace ??= []).push(name);
    next();
  };

/** The same middleware as separate layers and as one sequence, with a route and an error handler after them. */
function apps(handlers: RequestHandler[]) {
  const build = (mount: (app: express.Express) => void) => {
    const app = express();
    mount(app);
    app.get('/x', (req: Request, res: Response) => void res.json({ trace: (req as Traced).trace ?? [] }));
    app.use(
      (error: Error, req: Request, res: Response, _next: NextFunction) =>
        void res.status(500).json({ error: String(error?.message ?? error), trace: (req as Traced).trace ?? [] }),
    );
    return app;
  };
  return {
    layers: build((app) => handlers.forEach((handler) => app.use(handler))),
    sequenced: build((app) => app.use(sequence(handlers))),
  };
}

async function sameAnswers(handlers: RequestHandler[]): Promise<{ status: number; body: unknown }> {
  const { layers, sequenced } = apps(handlers);
  const [a, b] = await Promise.all([request(layers).get('/x'), request(sequenced).get('/x')]);
  expect({ status: b.status, body: b.body }).toEqual({ status: a.status, body: a.body });
  return { status: b.status, body: b.body };
}

describe('sequence (src/http/sequence.ts)', () => {
  test('when the middleware all call next, then they run in order and the route answers, as separate layers would', async () => {
    expect(await sameAnswers([mark('a'), mark('b'), mark('c')])).toEqual({ status: 200, body: { trace: ['a', 'b', 'c'] } });
  });

  test('when one passes an error, throws, or returns a rejected promise, then the rest are skipped and the error handler answers', async () => {
    const passes: RequestHandler = (_req, _res, next) => next(new Error('passed'));
    const throws: RequestHandler = () => {
      throw new Error('thrown');
    };
    const rejects: RequestHandler = async () => {
      throw new Error('rejected');
    };
    for (const [failing, message] of [
      [passes, 'passed'],
      [throws, 'thrown'],
      [rejects, 'rejected'],
    ] as const) {
      expect(await sameAnswers([mark('a'), failing, mark('c')])).toEqual({ status: 500, body: { error: message, trace: ['a'] } });
    }
  });

  test("when one calls next('route'), then the next one runs; when one answers itself, then nothing after it runs", async () => {
    const route: RequestHandler = (_req, _res, next) => next('route');
    expect(await sameAnswers([mark('a'), route, mark('c')])).toEqual({ status: 200, body: { trace: ['a', 'c'] } });
    const answers: RequestHandler = (_req, res) => void res.status(204).end();
    const { status } = await sameAnswers([mark('a'), answers, mark('c')]);
    expect(status).toBe(204);
  });

  test('when one continues asynchronously, then the next runs after it', async () => {
    const later: RequestHandler = (req, _res, next) => {
      setImmediate(() => {
        (req as Traced).trace!.push('later');
        next();
      });
    };
    expect(await sameAnswers([mark('a'), later, mark('c')])).toEqual({ status: 200, body: { trace: ['a', 'later', 'c'] } });
  });
});
