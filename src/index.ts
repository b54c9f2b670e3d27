// First: bounds the heap's growth before the other modules load (src/runtime-memory.ts).
import './memory-first';
import { loadConfig, ConfigError } from './config';
import { createLogger } from './logger';
import { startService } from './server';
import { DataDirLockedError } from './db/data-dir-lock';
import { applyHeapGrowing } from './runtime-memory';

/** Entry point: `npm start`. Configuration errors and a locked data directory end with one line and exit code 1. */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`configuration error: ${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  applyHeapGrowing(config.server.heapGrowingPercent);
  const logger = createLogger(config.log.level);
  try {
    const service = await startService(config, logger);
    // One plain line for the person who just ran `npm start`, besides the JSON log.
    const who = service.generatedAdminPassword
      ? ' as "admin" with the generated password from the log line "initialPassword" above (you will be asked to change it)'
      : '';
    process.stdout.write(
      `\nGraph Analytics Service is ready: sign in at ${config.server.baseUrl.replace(/\/$/, '') || service.url}/login${who}.\n\n`,
    );
    const shutdown = (signal: string) => {
      logger.info({ signal }, 'shutting down');
      service.close().then(
        () => process.exit(0),
        (error: unknown) => {
          logger.error({ err: error }, 'shutdown failed');
          process.exit(1);
        },
      );
    };
    process.once('SIGTERM', () => shutdown('SIGTERM'));
    process.once('SIGINT', () => shutdown('SIGINT'));
  } catch (error) {
    const message = error instanceof DataDirLockedError ? error.message : `start failed: ${(error as Error).message}`;
    logger.fatal(message);
    process.exit(1);
  }
}

void main();
