/**
 * npm run openapi [-- <file>]
 *
 * Writes the service's OpenAPI document to <file>, or to stdout without one. The real app is built
 * (every router registers its endpoints), but nothing listens and nothing connects: the knex
 * instance has no connection and the graph store is a placeholder that refuses every call.
 * BASE_URL, when set, becomes the document's server URL as it does in the running service.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import knexFactory from 'knex';
import pino from 'pino';
import { loadConfig } from '../config';
import { createApp } from '../app';
import { createMailer } from '../services/mail/mailer';
import { CredentialCache } from '../auth/credential-cache';
import type { GraphStore } from '../graph/graph-store';
import type { AppDeps } from '../core/context';
import { generateOpenApiDocument } from './registry';
import { SERVICE_VERSION } from '../server';

/** Stands in for the graph store: building the app must not touch it. */
function unusedGraphStore(): GraphStore {
  return new Proxy({ backend: 'postgres' } as unknown as GraphStore, {
    get(target, property) {
      if (property in target) return (target as unknown as Record<PropertyKey, unknown>)[property];
      if (property === 'then') return undefined;
      return () => {
        throw new Error(`the OpenAPI writer has no graph store (called ${String(property)})`);
      };
    },
  });
}

async function main(): Promise<void> {
  const target = process.argv[2];
  const config = loadConfig({ BASE_URL: process.env.BASE_URL }, { session: { secret: 'openapi-writer' }, log: { level: 'silent' } });
  const logger = pino({ level: 'silent' });
  const db = knexFactory({ client: 'pg' });
  const deps: AppDeps = {
    config,
    db,
    graph: unusedGraphStore(),
    mailer: createMailer('', config.mail.from, logger),
    logger,
    credentialCache: new CredentialCache(0),
    version: SERVICE_VERSION,
  };
  const { sessionStore } = createApp(deps);
  const document = generateOpenApiDocument({ version: SERVICE_VERSION, serverUrl: config.server.baseUrl });
  const text = `${JSON.stringify(document, null, 2)}\n`;
  sessionStore.close();
  await db.destroy();
  if (target) {
    writeFileSync(path.resolve(target), text);
    const operations = Object.values(document.paths ?? {}).reduce(
      (sum, item) => sum + Object.keys(item ?? {}).filter((key) => ['get', 'put', 'post', 'delete', 'patch'].includes(key)).length,
      0,
    );
    process.stderr.write(
      `wrote ${path.resolve(target)}: OpenAPI ${document.openapi}, version ${document.info.version}, ${operations} operations\n`,
    );
  } else {
    process.stdout.write(text);
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`openapi: ${(error as Error).message}\n`);
    process.exit(1);
  },
);
