import type { Logger } from 'pino';
import pino from 'pino';

export function createLogger(level: string): Logger {
  return pino({
    level,
    base: { service: 'graph-analytics-service' },
    redact: { paths: ['req.headers.authorization', 'req.headers.cookie', 'password', '*.password'], remove: true },
  });
}
