import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import type { ServiceContext } from '../../core/context';

export interface AuditEntry {
  action: string;
  targetType?: string | null;
  targetId?: string | number | null;
  details?: Record<string, unknown>;
}

export interface AuditActor {
  userId: string | null;
  username: string | null;
  ip: string | null;
}

export interface AuditEventRow {
  id: string;
  at: Date;
  user_id: string | null;
  username: string | null;
  ip: string | null;
  action: string;
  target_type: string | null;
  target_id: string | null;
  details: Record<string, unknown>;
  prev_hash: string;
  hash: string;
}

const GENESIS = '0'.repeat(64);
// Serialises writers of the chain across processes and connections.
const CHAIN_LOCK = 847_362_001;

/** JSON with object keys sorted at every level, so the hash does not depend on jsonb's key order. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    const entries = Object.keys(value)
      .sort()
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value instanceof Date ? value.toISOString() : (value ?? null));
}

export function eventHash(event: Omit<AuditEventRow, 'id' | 'hash'>): string {
  const content = canonicalJson({
    at: new Date(event.at).toISOString(),
    user_id: event.user_id === null ? null : String(event.user_id),
    username: event.username,
    ip: event.ip,
    action: event.action,
    target_type: event.target_type,
    target_id: event.target_id,
    details: event.details,
    prev_hash: event.prev_hash,
  });
  return createHash('sha256').update(content).digest('hex');
}

/**
 * Writes audit events. Each event's hash covers its content and the previous event's hash, so
 * altering or deleting a row breaks the chain (see verifyChain).
 */
export async function recordAudit(db: Knex, actor: AuditActor, entry: AuditEntry): Promise<void> {
  const write = async (trx: Knex.Transaction) => {
    await trx.raw('select pg_advisory_xact_lock(?)', [CHAIN_LOCK]);
    const last = (await trx('audit_events').select('hash').orderBy('id', 'desc').first()) as { hash: string } | undefined;
    const event = {
      at: new Date(),
      user_id: actor.userId,
      username: actor.username,
      ip: actor.ip,
      action: entry.action,
      target_type: entry.targetType ?? null,
      target_id: entry.targetId === undefined || entry.targetId === null ? null : String(entry.targetId),
      details: JSON.parse(JSON.stringify(entry.details ?? {})) as Record<string, unknown>,
      prev_hash: last?.hash ?? GENESIS,
    };
    await trx('audit_events').insert({ ...event, details: JSON.stringify(event.details), hash: eventHash(event) });
  };
  if ((db as Knex.Transaction).isTransaction) await write(db as Knex.Transaction);
  else await db.transaction(write);
}

export function actorOf(ctx: Pick<ServiceContext, 'user' | 'ip'>): AuditActor {
  return { userId: ctx.user?.id ?? null, username: ctx.user?.username ?? null, ip: ctx.ip };
}

/** Records an event for the acting user of a request context, inside ctx.db (a transaction when one is open). */
export function audit(ctx: ServiceContext, entry: AuditEntry): Promise<void> {
  return recordAudit(ctx.db, actorOf(ctx), entry);
}

export interface ChainVerification {
  ok: boolean;
  checked: number;
  /** The first event whose hash or link does not match. */
  brokenAt?: { id: string; reason: 'hash-mismatch' | 'link-mismatch' };
}

/** Walks the chain in id order in pages and reports the first broken link. */
export async function verifyChain(db: Knex): Promise<ChainVerification> {
  let previous = GENESIS;
  let lastId = '0';
  let checked = 0;
  for (;;) {
    const rows = (await db('audit_events').where('id', '>', lastId).orderBy('id').limit(1000)) as AuditEventRow[];
    if (rows.length === 0) return { ok: true, checked };
    for (const row of rows) {
      if (row.prev_hash !== previous) return { ok: false, checked, brokenAt: { id: String(row.id), reason: 'link-mismatch' } };
      if (eventHash(row) !== row.hash) return { ok: false, checked, brokenAt: { id: String(row.id), reason: 'hash-mismatch' } };
      previous = row.hash;
      lastId = String(row.id);
      checked++;
    }
  }
}
