/**
 * The yardstick of bench/api/run.ts: a bare Express 5 JSON handler, nothing else, on 127.0.0.1
 * and a free port. Prints "listening <port>" and ends on SIGTERM.
 *
 * BASELINE_CLASSES=1: the same handler on the service's HTTP server (src/http/http-server.ts:
 * requests created with the app's prototypes, no Object.setPrototypeOf per request), so the
 * service's own middleware can be compared with a bare handler that has the same advantage.
 */
import http from 'node:http';
import express from 'express';
import { createHttpServer } from '../../src/http/http-server';

const app = express();
app.disable('x-powered-by');
app.get('/ping', (_req, res) => {
  res.json({ status: 'ok' });
});
const server = process.env.BASELINE_CLASSES === '1' ? createHttpServer(app) : http.createServer(app);
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.stdout.write(`listening ${typeof address === 'object' && address ? address.port : ''}\n`);
});
process.once('SIGTERM', () => server.close(() => process.exit(0)));
