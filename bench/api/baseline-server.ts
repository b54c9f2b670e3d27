/**
 * The yardstick of bench/api/run.ts: a bare Express 5 JSON handler, nothing else, on 127.0.0.1
 * and a free port. Prints "listening <port>" and ends on SIGTERM.
 */
import express from 'express';

const app = express();
app.disable('x-powered-by');
app.get('/ping', (_req, res) => {
  res.json({ status: 'ok' });
});
const server = app.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.stdout.write(`listening ${typeof address === 'object' && address ? address.port : ''}\n`);
});
process.once('SIGTERM', () => server.close(() => process.exit(0)));
