import type { Knex } from 'knex';
import type { AuditEventRow } from './audit-service';
import { csvChunks, type Download } from '../export/download';

export interface AuditFilter {
  from?: Date;
  to?: Date;
  userId?: string;
  username?: string;
  /** Exact action, or a prefix ending in '*' ('user.*'); '*' alone matches all. */
  action?: string;
  targetType?: string;
  targetId?: string;
}

export interface AuditItem {
  id: string;
  at: string;
  userId: string | null;
  username: string | null;
  ip: string | null;
  action: string;
  targetType: string | null;
  targetId: string | null;
  details: Record<string, unknown>;
}

export interface AuditPage {
  items: AuditItem[];
  page: number;
  pageSize: number;
  total: number;
}

/**
 * How one reader sees the events (see audit-scope.ts): extra conditions resolved once before the
 * queries, and a per-page rewrite of the items. Neither may change which rows match in a way that
 * depends on hidden data; absent = every event as recorded.
 */
export interface AuditView {
  conditions(filter: AuditFilter): Promise<((query: Knex.QueryBuilder) => void) | undefined>;
  transform(items: AuditItem[]): Promise<AuditItem[]>;
}

export const EXPORT_BATCH_SIZE = 1000;
const COLUMNS = ['id', 'at', 'user_id', 'username', 'ip', 'action', 'target_type', 'target_id', 'details'];

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Adds the filter's conditions to a query on audit_events (values always as bindings). */
export function applyAuditFilter(query: Knex.QueryBuilder, filter: AuditFilter): Knex.QueryBuilder {
  if (filter.from) query.where('at', '>=', filter.from);
  if (filter.to) query.where('at', '<', filter.to);
  if (filter.userId) query.where('user_id', filter.userId);
  if (filter.username) query.whereRaw('lower(username) = lower(?)', [filter.username]);
  if (filter.action && filter.action !== '*') {
    if (filter.action.endsWith('*')) query.whereRaw("action like ? escape '\\'", [`${escapeLike(filter.action.slice(0, -1))}%`]);
    else query.where('action', filter.action);
  }
  if (filter.targetType) query.where('target_type', filter.targetType);
  if (filter.targetId) query.where('target_id', filter.targetId);
  return query;
}

export function toAuditItem(row: AuditEventRow): AuditItem {
  return {
    id: String(row.id),
    at: new Date(row.at).toISOString(),
    userId: row.user_id === null ? null : String(row.user_id),
    username: row.username,
    ip: row.ip,
    action: row.action,
    targetType: row.target_type,
    targetId: row.target_id,
    details: row.details ?? {},
  };
}

/** One page of matching events, newest first, with the total number of matches. */
export async function listAuditEvents(db: Knex, filter: AuditFilter, page: number, pageSize: number, view?: AuditView): Promise<AuditPage> {
  const extra = await view?.conditions(filter);
  const filtered = (query: Knex.QueryBuilder) => {
    applyAuditFilter(query, filter);
    extra?.(query);
    return query;
  };
  const [rows, [{ total }]] = await Promise.all([
    filtered(db('audit_events').select(COLUMNS))
      .orderBy('id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize) as Promise<AuditEventRow[]>,
    filtered(db('audit_events').count({ total: '*' })) as Promise<Array<{ total: string | number }>>,
  ]);
  const items = rows.map(toAuditItem);
  return { items: view ? await view.transform(items) : items, page, pageSize, total: Number(total) };
}

/** Every matching event, oldest first, in keyset pages (id > last id): constant memory for any size. */
export async function* auditEventBatches(
  db: Knex,
  filter: AuditFilter,
  batchSize = EXPORT_BATCH_SIZE,
  view?: AuditView,
): AsyncGenerator<AuditItem[]> {
  const extra = await view?.conditions(filter);
  let lastId = '0';
  for (;;) {
    const query = applyAuditFilter(db('audit_events').select(COLUMNS).where('id', '>', lastId), filter);
    extra?.(query);
    const rows = (await query.orderBy('id').limit(batchSize)) as AuditEventRow[];
    if (rows.length === 0) return;
    const items = rows.map(toAuditItem);
    yield view ? await view.transform(items) : items;
    if (rows.length < batchSize) return;
    lastId = String(rows[rows.length - 1].id);
  }
}

export const CSV_HEADER = ['id', 'at', 'userId', 'username', 'ip', 'action', 'targetType', 'targetId', 'details'];

/** The CSV row of one event (fields encoded by the shared export CSV writer). */
export function csvRow(item: AuditItem): unknown[] {
  return [item.id, item.at, item.userId, item.username, item.ip, item.action, item.targetType, item.targetId, item.details];
}

export type ExportFormat = 'csv' | 'jsonl';

/**
 * All matching events as a CSV or JSON lines attachment (oldest first). Reads one keyset page at a
 * time, only as the consumer takes the previous one, so memory stays flat for any audit size.
 */
export function auditExport(db: Knex, filter: AuditFilter, format: ExportFormat, view?: AuditView): Download {
  const stamp = new Date()
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
  const batches = () => auditEventBatches(db, filter, EXPORT_BATCH_SIZE, view);
  async function* csvRows(): AsyncGenerator<unknown[]> {
    yield CSV_HEADER;
    for await (const batch of batches()) for (const item of batch) yield csvRow(item);
  }
  async function* jsonLines(): AsyncGenerator<string> {
    for await (const batch of batches()) yield batch.map((item) => JSON.stringify(item) + '\n').join('');
  }
  return {
    filename: `audit-events-${stamp}.${format}`,
    contentType: format === 'csv' ? 'text/csv; charset=utf-8' : 'application/x-ndjson; charset=utf-8',
    body: format === 'csv' ? csvChunks(csvRows()) : jsonLines(),
  };
}
