import type { NextFunction, Request, RequestHandler, Response } from 'express';

/** What the router package keeps of a layer (router 2.x: rawPath is the path as declared). */
interface LayerLike {
  rawPath?: unknown;
  slash?: boolean;
  route?: unknown;
  handle: unknown;
}

type Mounted = RequestHandler & { stack?: LayerLike[] };

/** Characters that make a path segment a pattern (path-to-regexp 8) rather than a literal. */
const PATTERN = /[:*{}()?+!@,;\\[\]]/;
const NON_ASCII = /[\u0080-\uffff]/; // every UTF-16 code unit past ASCII (written so without a control character)

/**
 * The first segments of the paths a router can match, lower-cased ('' for '/'), or undefined when
 * it may match any path (middleware mounted without a path, a pattern in the first segment, a
 * regular expression).
 */
export function firstSegments(router: Mounted): Set<string> | undefined {
  const segments = new Set<string>();
  for (const layer of router.stack ?? []) {
    const inner = layer.handle as Mounted;
    if (!layer.route && layer.slash) {
      // router.use(fn) without a path: a nested router contributes its own segments, anything else matches every path.
      const nested = typeof inner === 'function' && Array.isArray(inner.stack) ? firstSegments(inner) : undefined;
      if (!nested) return undefined;
      for (const segment of nested) segments.add(segment);
      continue;
    }
    const paths = Array.isArray(layer.rawPath) ? (layer.rawPath as unknown[]) : [layer.rawPath];
    for (const path of paths) {
      if (typeof path !== 'string' || !path.startsWith('/')) return undefined;
      const segment = path.slice(1).split('/')[0];
      if (PATTERN.test(segment) || NON_ASCII.test(segment)) return undefined;
      segments.add(segment.toLowerCase());
    }
  }
  return segments;
}

/** The first segment of a request path as firstSegments writes it, or undefined when it is not plain ASCII. */
function requestSegment(path: string): string | undefined {
  const end = path.indexOf('/', 1);
  const segment = end === -1 ? path.slice(1) : path.slice(1, end);
  return NON_ASCII.test(segment) ? undefined : segment.toLowerCase();
}

/**
 * Runs routers in the given order, as app.use(router) for each would, but enters only those that
 * declare a path whose first segment is the request's (routers that may match any path are
 * always entered). Express walks every layer of every router until one answers: a request for
 * /permissions matched 43 layers, entering 5 routers, each saving and restoring req.baseUrl,
 * req.next and req.params. The routers' stacks are read when the table is built: routes added to
 * a router afterwards are not seen, so build the table after the routers are complete.
 *
 * An error passed by a router ends the walk (next(error)), as Express does: routers are not error
 * handlers. A request whose first path segment is not plain ASCII enters every router.
 */
export function routeTable(routers: Mounted[]): RequestHandler {
  const gated = routers.map((router) => ({ router, segments: firstSegments(router) }));
  const all = gated.map((g) => g.router);
  const bySegment = new Map<string, Mounted[]>();
  for (const segment of new Set(gated.flatMap((g) => [...(g.segments ?? [])]))) {
    bySegment.set(
      segment,
      gated.filter((g) => !g.segments || g.segments.has(segment)).map((g) => g.router),
    );
  }
  const always = gated.filter((g) => !g.segments).map((g) => g.router);

  return (req: Request, res: Response, next: NextFunction) => {
    const segment = requestSegment(req.path);
    const list = segment === undefined ? all : (bySegment.get(segment) ?? always);
    let index = 0;
    const step = (error?: unknown): void => {
      if (error) return next(error);
      const router = list[index++];
      if (!router) return next();
      router(req, res, step);
    };
    step();
  };
}
