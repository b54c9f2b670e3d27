import http from 'node:http';
import type { Express } from 'express';

interface RequestClasses {
  IncomingMessage: typeof http.IncomingMessage;
  ServerResponse: typeof http.ServerResponse;
}

const classesOf = new WeakMap<Express, RequestClasses>();

/**
 * Request and response classes whose instances already have the app's prototypes (app.request,
 * app.response) when Node creates them.
 *
 * Express gives every request and response the app's prototype with Object.setPrototypeOf in
 * app.handle. On V8 that is a slow path: the object moves to a new map, and every property a
 * middleware adds afterwards (req.user, req.ctx, req.locale, res.locals, ...) is a slow store,
 * about 3 us each. Measured under bench:api's load client (CPU per request of the server): a bare
 * Express 5 JSON handler 89 us, the same with these classes 25 us; bare Express plus
 * passport.initialize() and 20 property stores 190 us, with these classes 25 us. When the
 * prototype is already the one Express sets, Object.setPrototypeOf changes nothing (V8 returns at
 * once), so Express behaves exactly as before.
 *
 * The classes extend Node's own (the documented IncomingMessage / ServerResponse options of
 * http.createServer); their prototypes are placed in front of the app's (which keep every Express
 * method and anything set on app.request / app.response before), and become app.request /
 * app.response.
 */
export function requestClasses(app: Express): RequestClasses {
  const known = classesOf.get(app);
  if (known) return known;
  class ServiceRequest extends http.IncomingMessage {}
  class ServiceResponse<Request extends http.IncomingMessage = http.IncomingMessage> extends http.ServerResponse<Request> {}
  Object.setPrototypeOf(ServiceRequest.prototype, app.request);
  Object.setPrototypeOf(ServiceResponse.prototype, app.response);
  app.request = ServiceRequest.prototype as unknown as Express['request'];
  app.response = ServiceResponse.prototype as unknown as Express['response'];
  const classes = { IncomingMessage: ServiceRequest, ServerResponse: ServiceResponse };
  classesOf.set(app, classes);
  return classes;
}

/** The service's HTTP server for an app: http.createServer with requestClasses(app). */
export function createHttpServer(app: Express): http.Server {
  return http.createServer(requestClasses(app), app);
}
