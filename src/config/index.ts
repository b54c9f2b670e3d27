import { readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { projectRoot } from '../paths';
import { heapGrowingPercentSchema } from '../runtime-memory';

/**
 * Configuration: defaults from config/default.json, then an optional file named by CONFIG_FILE
 * (nested JSON, or flat dotted keys such as "graphdb.connector.password"), then environment
 * variables. Validated once at boot; a bad value stops the start with one clear line.
 */
const configSchema = z.object({
  server: z.object({
    host: z.string(),
    port: z.coerce.number().int().min(0).max(65535),
    baseUrl: z.string(),
    trustProxy: z.union([z.boolean(), z.string(), z.number()]),
    bodyLimitBytes: z.coerce.number().int().positive(),
    shutdownTimeoutMs: z.coerce.number().int().positive(),
    /**
     * V8's heap growing factor as a percentage (1 + p/100 of the live heap before the next full
     * collection; src/runtime-memory.ts). V8's own factor reaches 4 under a high allocation rate:
     * a 1M-row import peaked at 300 MB RSS with a live heap of 45 MB. 0 = V8's own choice.
     */
    heapGrowingPercent: heapGrowingPercentSchema,
  }),
  dataDir: z.string().min(1),
  database: z.object({
    url: z.string(),
    poolMax: z.coerce.number().int().positive(),
    /** Longest wait for a free connection of the pool (PostgreSQL and PGlite); beyond it 503 DATABASE_BUSY with Retry-After. */
    acquireTimeoutMs: z.coerce.number().int().positive().max(600_000).default(15000),
  }),
  /**
   * POST /data/cypher (src/services/graph/cypher-limits.ts): Cypher requests running at once per
   * user and in total (beyond: 429 CYPHER_CONCURRENCY_LIMIT), so that Cypher never holds every
   * connection of the pool (maxConcurrent defaults to database.poolMax - 4, at least 1); a user
   * whose queries were refused as too complex maxTooComplex times within tooComplexWindowMs gets
   * 429 CYPHER_TOO_COMPLEX_REPEATED until the oldest refusal leaves the window.
   */
  cypher: z.object({
    maxConcurrentPerUser: z.coerce.number().int().positive().default(2),
    maxConcurrent: z.coerce.number().int().positive().optional(),
    maxTooComplex: z.coerce.number().int().positive().default(3),
    tooComplexWindowMs: z.coerce.number().int().positive().default(60000),
    /** Cypher on PostgreSQL: queries whose parse and translation are kept for reuse (0 = none; src/graph/postgres/cypher/plan-cache.ts). */
    planCacheSize: z.coerce.number().int().min(0).max(100_000).default(500),
  }),
  graphdb: z.object({
    backend: z.enum(['postgres', 'neo4j']),
    connector: z.object({
      url: z.string(),
      username: z.string(),
      password: z.string(),
      database: z.string(),
    }),
    queryTimeoutMs: z.coerce.number().int().positive(),
    maxRows: z.coerce.number().int().positive(),
    /** Cypher on PostgreSQL: how deep a variable-length relationship without an upper bound may go. */
    cypherMaxDepth: z.coerce.number().int().min(1).max(100),
    startupRetries: z.coerce.number().int().min(0),
    startupRetryDelayMs: z.coerce.number().int().min(0),
    /** Neo4j: TCP connect limit of a new connection. */
    connectionTimeoutMs: z.coerce.number().int().positive().max(600_000),
    /** Neo4j: longest wait for a pooled or new connection. */
    connectionAcquisitionTimeoutMs: z.coerce.number().int().positive().max(600_000),
    /** Neo4j: how long the driver retries a transaction after transient or connection errors (0 = no retry). */
    maxTransactionRetryTimeMs: z.coerce.number().int().min(0).max(600_000),
    /** Neo4j: a call gets no answer for queryTimeoutMs + this → 503 GRAPH_UNAVAILABLE (frozen server). */
    deadlineGraceMs: z.coerce.number().int().positive().max(600_000),
    /** GET /ready: each check answers within this time (then it reports the database as not answering). */
    readyTimeoutMs: z.coerce.number().int().positive().max(60_000),
  }),
  /** Both graph backends: at most maxPropertiesPerElement properties on one node or relationship (beyond: 413 TOO_MANY_PROPERTIES; import rows are rejected). */
  graph: z.object({ maxPropertiesPerElement: z.coerce.number().int().positive().default(1000) }).default({ maxPropertiesPerElement: 1000 }),
  session: z.object({
    secret: z.string(),
    maxAgeMs: z.coerce.number().int().positive(),
    touchAfterMs: z.coerce.number().int().min(0),
    secureCookie: z.union([z.boolean(), z.literal('auto')]),
  }),
  auth: z.object({
    passwordMinLength: z.coerce.number().int().min(4).max(256),
    lockout: z.object({
      maxFailures: z.coerce.number().int().positive(),
      windowMs: z.coerce.number().int().positive(),
      durationMs: z.coerce.number().int().positive(),
      /** Failed logins from one client address (any usernames) within windowMs before it gets 429; 0: no limit. */
      maxFailuresPerAddress: z.coerce.number().int().min(0).default(50),
    }),
    credentialCacheMs: z.coerce.number().int().min(0),
    adminPassword: z.string(),
  }),
  passwordReset: z.object({ tokenTtlHours: z.coerce.number().positive() }),
  mail: z.object({ url: z.string(), from: z.string().min(1) }),
  uploads: z.object({
    maxBytes: z.coerce.number().int().positive(),
    maxIconBytes: z.coerce.number().int().positive(),
    maxZipEntries: z.coerce.number().int().positive(),
    maxUnzippedBytes: z.coerce.number().int().positive(),
    /** Import uploads one user may keep at once (bytes, zips counted unpacked): a new upload beyond it is 413 UPLOAD_QUOTA_EXCEEDED. */
    maxBytesPerUser: z.coerce.number().int().positive(),
  }),
  /** Import (spec 4.7): uploads expire, zip ratio limit, rows per bulk batch, direct vs background. */
  imports: z.object({
    uploadTtlMinutes: z.coerce.number().positive(),
    maxZipRatio: z.coerce.number().positive(),
    batchRows: z.coerce.number().int().positive(),
    /** Files up to this size are imported while the request waits; larger ones in the background. */
    directMaxBytes: z.coerce.number().int().min(0),
    /** Spreadsheet parsing (worker thread) limits. */
    spreadsheetTimeoutMs: z.coerce.number().int().positive(),
    spreadsheetMaxHeapMb: z.coerce.number().int().positive(),
    /** An import records the ids of what it creates, for its undo, up to this many nodes + relationships (beyond: it cannot be undone). */
    maxUndoElements: z.coerce.number().int().min(0).default(100000),
    /** How long a running import stays owned by its instance without a renewal (renewed every third of it); a dead instance's import fails after it. */
    leaseMs: z.coerce.number().int().min(500).default(30000),
  }),
  audit: z.object({ frontendMessageMaxBytes: z.coerce.number().int().positive() }),
  visualizations: z.object({
    maxContentBytes: z.coerce.number().int().positive(),
    maxImageBytes: z.coerce.number().int().positive(),
  }),
  jobs: z.object({
    /** Runs scheduled and queued jobs in this process (several instances may share one database). */
    schedulerEnabled: z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]),
    tickIntervalMs: z.coerce.number().int().min(100).max(60_000),
    /** How long a run stays owned by its instance without a renewal; a dead instance's run fails after it. */
    leaseMs: z.coerce.number().int().min(500),
    maxConcurrentRuns: z.coerce.number().int().positive(),
    timeZone: z.string().refine(isTimeZone, 'an IANA time zone such as Europe/Prague or UTC'),
    maxLogLines: z.coerce.number().int().min(10).max(100_000),
    /** Export jobs write here; empty = <dataDir>/jobs/export. */
    exportDir: z.string(),
    /** Import jobs read files from here; empty = <dataDir>/jobs/import. */
    importDir: z.string(),
    /** The shortest time allowed between two scheduled runs of a job (a schedule firing more often is refused on save). */
    minIntervalMs: z.coerce.number().int().min(0),
  }),
  log: z.object({ level: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']) }),
});

function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

export type AppConfig = z.infer<typeof configSchema> & { configFile?: string };

export class ConfigError extends Error {}

const ENV_KEYS: Record<string, string> = {
  PORT: 'server.port',
  HOST: 'server.host',
  BASE_URL: 'server.baseUrl',
  DATA_DIR: 'dataDir',
  DATABASE_URL: 'database.url',
  GRAPH_BACKEND: 'graphdb.backend',
  NEO4J_URI: 'graphdb.connector.url',
  NEO4J_USERNAME: 'graphdb.connector.username',
  NEO4J_PASSWORD: 'graphdb.connector.password',
  NEO4J_DATABASE: 'graphdb.connector.database',
  SMTP_URL: 'mail.url',
  MAIL_FROM: 'mail.from',
  SESSION_SECRET: 'session.secret',
  ADMIN_PASSWORD: 'auth.adminPassword',
  LOG_LEVEL: 'log.level',
  HEAP_GROWING_PERCENT: 'server.heapGrowingPercent',
  JOBS_SCHEDULER_ENABLED: 'jobs.schedulerEnabled',
};

type Tree = Record<string, unknown>;

function isObject(value: unknown): value is Tree {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function setPath(target: Tree, dotted: string, value: unknown): void {
  const parts = dotted.split('.');
  let node = target;
  for (const part of parts.slice(0, -1)) {
    if (!isObject(node[part])) node[part] = {};
    node = node[part] as Tree;
  }
  node[parts[parts.length - 1]] = value;
}

/** Merges `source` into `target`; keys containing dots are treated as paths. */
function mergeInto(target: Tree, source: Tree, prefix = ''): void {
  for (const [key, value] of Object.entries(source)) {
    const dotted = prefix ? `${prefix}.${key}` : key;
    if (isObject(value)) mergeInto(target, value, dotted);
    else setPath(target, dotted, value);
  }
}

export function defaultConfigPath(): string {
  return path.join(projectRoot, 'config', 'default.json');
}

function readJson(file: string): Tree {
  try {
    const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
    if (!isObject(parsed)) throw new Error('top level is not an object');
    return parsed;
  } catch (error) {
    throw new ConfigError(`config file ${file} cannot be read: ${(error as Error).message}`);
  }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Tree = {}): AppConfig {
  const merged: Tree = {};
  mergeInto(merged, readJson(defaultConfigPath()));
  const configFile = env.CONFIG_FILE ? path.resolve(env.CONFIG_FILE) : undefined;
  if (configFile) {
    if (!existsSync(configFile)) throw new ConfigError(`CONFIG_FILE ${configFile} does not exist`);
    mergeInto(merged, readJson(configFile));
  }
  for (const [name, key] of Object.entries(ENV_KEYS)) {
    const value = env[name];
    if (value !== undefined && value !== '') setPath(merged, key, value);
  }
  if (env.NEO4J_URI && !env.GRAPH_BACKEND) setPath(merged, 'graphdb.backend', 'neo4j');
  mergeInto(merged, overrides);

  const parsed = configSchema.safeParse(merged);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigError(`invalid configuration value at ${issue.path.join('.')}: ${issue.message}`);
  }
  const config: AppConfig = { ...parsed.data, configFile };
  config.dataDir = path.resolve(config.dataDir);
  config.cypher.maxConcurrent ??= Math.max(1, config.database.poolMax - 4);
  config.jobs.exportDir = path.resolve(config.jobs.exportDir || path.join(config.dataDir, 'jobs', 'export'));
  config.jobs.importDir = path.resolve(config.jobs.importDir || path.join(config.dataDir, 'jobs', 'import'));
  if (config.graphdb.backend === 'neo4j' && !config.graphdb.connector.url) {
    throw new ConfigError('invalid configuration value at graphdb.connector.url: required when graphdb.backend is neo4j');
  }
  return config;
}
