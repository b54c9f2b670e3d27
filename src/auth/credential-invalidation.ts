import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { Client } from 'pg';
import type { CredentialCache } from './credential-cache';

/**
 * Makes a change of password, account state, profile, permissions, groups or API tokens take
 * effect on every service instance within a second, although each keeps a credential cache.
 *
 * Design: triggers (migration 20261123124500_credential_version) bump users.credential_version
 * and send NOTIFY gas_credentials '<user ids>' in the transaction of every such change, so the
 * notification exists exactly when the change commits, whichever code path made it. Each
 * instance holds one dedicated connection that LISTENs and drops the named users from its cache
 * (milliseconds after the commit; '*' drops everything). Chosen over polling a table once a
 * second: no steady query load, and a latency far below the one-second budget.
 *
 * Robust to a lost connection: notifications sent while it is down are lost, so until LISTEN is
 * established again the instance polls (every `pollMs`, 500 ms) the credential_version of every
 * cached user and drops those that changed; after reconnecting it does that once more for the
 * gap. When even the poll fails for longer than `failClosedMs`, the whole cache is dropped (every
 * request verifies against the database again). A heartbeat on the listening connection notices
 * a connection that died silently.
 *
 * Only for a PostgreSQL server: the embedded store (PGlite) is held by one process (data-dir
 * lock), where the services' own forgetUser calls already reach the only cache.
 */
export interface CredentialInvalidationOptions {
  /** The PostgreSQL server's URL (config.database.url). */
  url: string;
  db: Knex;
  cache: CredentialCache;
  logger: Logger;
  pollMs?: number;
  heartbeatMs?: number;
  failClosedMs?: number;
  reconnectMinMs?: number;
  reconnectMaxMs?: number;
}

export const CREDENTIALS_CHANNEL = 'gas_credentials';
/** md5 of changed or deleted session ids (migration 20261123160000_session_notify), for the session cache. */
export const SESSIONS_CHANNEL = 'gas_sessions';
const APPLICATION_NAME = 'gas-credential-invalidation';

export class CredentialInvalidation {
  private client: Client | undefined;
  private listening = false;
  private stopped = false;
  private reconnectDelay: number;
  private reconnectTimer: NodeJS.Timeout | undefined;
  private pollTimer: NodeJS.Timeout | undefined;
  private heartbeatTimer: NodeJS.Timeout | undefined;
  private polling = false;
  private lastConfirmedAt = Date.now();
  private readonly pollMs: number;
  private readonly heartbeatMs: number;
  private readonly failClosedMs: number;
  private readonly reconnectMinMs: number;
  private readonly reconnectMaxMs: number;

  constructor(private readonly options: CredentialInvalidationOptions) {
    this.pollMs = options.pollMs ?? 500;
    this.heartbeatMs = options.heartbeatMs ?? 5000;
    this.failClosedMs = options.failClosedMs ?? 5000;
    this.reconnectMinMs = options.reconnectMinMs ?? 250;
    this.reconnectMaxMs = options.reconnectMaxMs ?? 5000;
    this.reconnectDelay = this.reconnectMinMs;
  }

  /** True while notifications arrive (LISTEN established); otherwise the instance polls. */
  get isListening(): boolean {
    return this.listening;
  }

  /** Connects and listens; resolves when listening or, if the first attempt fails, polling. */
  async start(): Promise<void> {
    this.startPolling();
    await this.connect();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.listening = false;
    this.options.cache.sessions.setListening(false);
    clearTimeout(this.reconnectTimer);
    clearInterval(this.pollTimer);
    clearInterval(this.heartbeatTimer);
    this.pollTimer = undefined;
    const client = this.client;
    this.client = undefined;
    if (client) await client.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    if (this.stopped) return;
    const client = new Client({
      connectionString: this.options.url,
      application_name: APPLICATION_NAME,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    this.client = client;
    let lost = false;
    const onLost = (error?: Error) => {
      if (lost) return;
      lost = true;
      if (this.client === client) this.client = undefined;
      client.removeAllListeners('notification');
      client.end().catch(() => undefined);
      if (this.stopped) return;
      const wasListening = this.listening;
      this.listening = false;
      clearInterval(this.heartbeatTimer);
      // Session rows are cached only while notifications arrive.
      this.options.cache.sessions.setListening(false);
      if (wasListening)
        this.options.logger.warn({ err: error?.message }, 'credential invalidation: listening connection lost; polling until it is back');
      this.startPolling();
      this.scheduleReconnect();
    };
    client.on('error', (error) => onLost(error));
    client.on('end', () => onLost());
    client.on('notification', (message) => {
      if (message.channel === CREDENTIALS_CHANNEL) this.apply(message.payload ?? '*');
      else if (message.channel === SESSIONS_CHANNEL) this.applySessions(message.payload ?? '*');
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${CREDENTIALS_CHANNEL}`);
      await client.query(`LISTEN ${SESSIONS_CHANNEL}`);
      if (lost || this.stopped) return;
      // What changed while nobody listened (or before this instance started listening).
      await this.resync();
      if (lost || this.stopped) return;
      this.listening = true;
      this.options.cache.sessions.setListening(true);
      this.reconnectDelay = this.reconnectMinMs;
      this.stopPolling();
      this.startHeartbeat(client, onLost);
    } catch (error) {
      onLost(error as Error);
    }
  }

  private scheduleReconnect(): void {
    if (this.stopped || this.reconnectTimer) return;
    const delay = this.reconnectDelay;
    this.reconnectDelay = Math.min(this.reconnectDelay * 2, this.reconnectMaxMs);
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = undefined;
      void this.connect();
    }, delay);
    this.reconnectTimer.unref();
  }

  private startHeartbeat(client: Client, onLost: (error?: Error) => void): void {
    clearInterval(this.heartbeatTimer);
    this.heartbeatTimer = setInterval(() => {
      const timeout = setTimeout(() => onLost(new Error('heartbeat timed out')), Math.min(this.heartbeatMs, 3000));
      client.query('select 1').then(
        () => clearTimeout(timeout),
        (error: Error) => {
          clearTimeout(timeout);
          onLost(error);
        },
      );
    }, this.heartbeatMs);
    this.heartbeatTimer.unref();
  }

  private startPolling(): void {
    if (this.pollTimer || this.stopped) return;
    this.lastConfirmedAt = Date.now();
    this.pollTimer = setInterval(() => void this.poll(), this.pollMs);
    this.pollTimer.unref();
  }

  private stopPolling(): void {
    clearInterval(this.pollTimer);
    this.pollTimer = undefined;
  }

  private async poll(): Promise<void> {
    if (this.polling || this.listening) return;
    this.polling = true;
    try {
      await this.resync();
    } catch (error) {
      if (Date.now() - this.lastConfirmedAt > this.failClosedMs) {
        this.options.cache.clear();
        this.options.logger.warn(
          { err: (error as Error).message },
          'credential invalidation: cannot check cached credentials; cache dropped',
        );
        this.lastConfirmedAt = Date.now();
      }
    } finally {
      this.polling = false;
    }
  }

  /** Drops cached users whose credential_version changed (or who are gone). */
  async resync(): Promise<number> {
    const cached = [...this.options.cache.cachedVersions().keys()];
    let dropped = 0;
    if (cached.length > 0) {
      const rows: Array<{ id: string | number; credential_version: string | number }> = await this.options
        .db('users')
        .whereIn('id', cached)
        .select('id', 'credential_version');
      dropped = this.options.cache.resync(new Map(rows.map((r) => [String(r.id), String(r.credential_version)])));
    }
    this.lastConfirmedAt = Date.now();
    return dropped;
  }

  private applySessions(payload: string): void {
    if (payload === '*') this.options.cache.sessions.clear();
    else this.options.cache.sessions.forgetKeys(payload.split(','));
  }

  private apply(payload: string): void {
    if (payload === '*') {
      this.options.cache.clear();
      return;
    }
    this.options.cache.forgetUsers(payload.split(',').filter((id) => /^\d+$/.test(id)));
  }
}

/**
 * Starts invalidation for this instance's cache when the store is a PostgreSQL server; null for
 * the embedded store or when nothing is cached (credentialCacheMs 0).
 */
export async function startCredentialInvalidation(deps: {
  config: { database: { url?: string }; auth: { credentialCacheMs: number } };
  db: Knex;
  credentialCache: CredentialCache;
  logger: Logger;
}): Promise<CredentialInvalidation | null> {
  const url = deps.config.database.url;
  if (!url || deps.config.auth.credentialCacheMs <= 0) return null;
  const invalidation = new CredentialInvalidation({ url, db: deps.db, cache: deps.credentialCache, logger: deps.logger });
  await invalidation.start();
  return invalidation;
}
