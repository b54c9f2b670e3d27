import type { Request } from 'express';
import type { AppDeps, ServiceContext } from '../core/context';

/**
 * The HTTP side of the service context: building one from a request. The context itself lives in
 * src/core/context.ts, below both HTTP and the services.
 */

/** The context of one request: its user (once authenticated), the client's address and id. */
export function contextFromRequest(deps: AppDeps, req: Request): ServiceContext {
  // Without X-Forwarded-For, req.ip is the socket's address whatever 'trust proxy' says (proxy-addr).
  const ip = req.headers['x-forwarded-for'] === undefined ? req.socket.remoteAddress : req.ip;
  return { deps, db: deps.db, user: req.user ?? null, ip: ip ?? '', requestId: req.requestId };
}
