import type { Knex } from 'knex';
import type { ServiceContext } from '../../core/context';
import type { AccessScope, GraphStore } from '../../graph/graph-store';
import { accessScopeFor } from '../security/access-scope';
import { isPropertyVisible } from '../graph/property-visibility';
import { SettingsService } from '../settings/settings-service';
import type { Visibility } from '../settings/settings-view';
import { visibilityFor } from '../settings/settings-view';
import { detailsVisibleTo, isGroupSecurityAction, isNamingAction } from './audit-names';
import type { AuditFilter, AuditItem, AuditPage, AuditView, ExportFormat } from './audit-query';
import { listAuditEvents, auditExport } from './audit-query';
import type { Download } from '../export/download';
import { audit } from './audit-service';

/**
 * The audit log read through the reader's AccessScope (issue 7, item 4).
 *
 * Audit events about graph data (node.*, nodes.*, relationship.*, cypher.*, data.*, graph.*,
 * schema.index.*, fulltext.*) carry labels, types, property names and values and element ids. A
 * reader whose scope is unrestricted (Read all data with DATA_TYPES "*") sees them as recorded.
 * For anybody else:
 *
 * - Every event stays in the listing (the same rows, the same total, the same paging): whether an
 *   event is hidden never changes a count, so counts cannot tell anything about hidden data.
 * - An event about one element (target node or relationship) shows its targetId and details only
 *   when that element is visible to the reader now; its details are then reduced to the labels the
 *   reader may see and to the properties visible on that element (hidden ones are left out without
 *   a trace: no name, no value, no count). Keys that are not known to describe visible data are
 *   left out.
 * - Any other graph event (about a hidden or since deleted element, a bulk update - its count
 *   includes rows the reader may not see -, a Cypher run, an intent/confirmation without a visible
 *   target) keeps action, time, user, ip and targetType, with targetId null and details
 *   `{ "redacted": true }`. Exports (data.export) keep the format and the columns the reader knows;
 *   schema and fulltext index events are shown only when every label, type and property they name
 *   is known to the reader.
 * - A filter on targetId matches a graph event only when that target is visible to the reader now
 *   (an absent and a hidden element give the same answer: nothing).
 *
 * - Configuration events that name labels, types and properties (group.entitySecurity.set,
 *   group.propertySecurity.set, group.dataSecurity.set, settings.update, fulltext.configure) show
 *   their details with every name the reader may not see replaced by "(hidden)" or left out (rule:
 *   audit-names.ts), judged by the Visibility GET /settings uses (everything for Settings
 *   management); group security events are shown as recorded to a reader with ACL data management,
 *   who reads the same configurations at GET /groups/{id}/...
 *
 * Limit (documented): the element's visibility is decided as it is now; the values an event
 * recorded at its time are shown when the property is visible on the element now.
 */

const GRAPH_ACTION_PREFIXES = [
  'node.',
  'nodes.',
  'relationship.',
  'relationships.',
  'cypher.',
  'data.',
  'graph.',
  'schema.index.',
  'fulltext.',
];
const REDACTED = { redacted: true } as const;

export function isGraphDataAction(action: string): boolean {
  return GRAPH_ACTION_PREFIXES.some((prefix) => action.startsWith(prefix));
}

/** SQL condition (with bindings) that is true for graph-data actions. */
function graphActionSql(): { sql: string; bindings: string[] } {
  return {
    sql: `(${GRAPH_ACTION_PREFIXES.map(() => "action like ? escape '\\'").join(' or ')})`,
    bindings: GRAPH_ACTION_PREFIXES.map((p) => `${p.replace(/[\\%_]/g, (c) => `\\${c}`)}%`),
  };
}

const isStringArray = (value: unknown): value is string[] => Array.isArray(value) && value.every((v) => typeof v === 'string');

function labelVisible(scope: AccessScope, label: string): boolean {
  return scope.labels === '*' || scope.labels.includes(label);
}

function typeVisible(scope: AccessScope, type: string): boolean {
  return scope.types === '*' || scope.types.includes(type);
}

class ScopedAuditView implements AuditView {
  private propertyKeysPromise?: Promise<Set<string>>;
  private visibilityPromise?: Promise<Visibility>;

  constructor(
    private readonly ctx: ServiceContext,
    private readonly graph: GraphStore,
    private readonly scope: AccessScope,
  ) {}

  /** The names the reader may see, as GET /settings judges them (computed once, when a page needs it). */
  private visibility(): Promise<Visibility> {
    this.visibilityPromise ??= new SettingsService(this.ctx).get('DATA_TYPES').then((dataTypes) => visibilityFor(this.ctx, dataTypes));
    return this.visibilityPromise;
  }

  private async namingItem(item: AuditItem): Promise<AuditItem> {
    if (isGroupSecurityAction(item.action) && this.ctx.user?.permissions.has('ACL_DATA_MANAGEMENT')) return item;
    return { ...item, details: detailsVisibleTo(item.action, item.details ?? {}, await this.visibility()) };
  }

  private propertyKeys(): Promise<Set<string>> {
    this.propertyKeysPromise ??= this.graph.propertyKeys(this.scope).then((keys) => new Set(keys));
    return this.propertyKeysPromise;
  }

  /** targetId filters: graph events only for a target the reader can see now. */
  async conditions(filter: AuditFilter): Promise<((query: Knex.QueryBuilder) => void) | undefined> {
    if (!filter.targetId) return undefined;
    // An id no graph element can have (a user id is fine, "gas_fulltext" is not for every adapter) is simply not visible.
    const [nodes, relationships] = await Promise.all([
      this.graph.getNodes([filter.targetId], this.scope, []).catch(() => []),
      this.graph.getRelationships([filter.targetId], this.scope, []).catch(() => []),
    ]);
    const allowed: string[] = [];
    if (nodes.length > 0) allowed.push('node');
    if (relationships.length > 0) allowed.push('relationship');
    const graph = graphActionSql();
    if (allowed.length === 0) return (query) => void query.whereRaw(`not ${graph.sql}`, graph.bindings);
    return (query) =>
      void query.whereRaw(`(not ${graph.sql} or target_type in (${allowed.map(() => '?').join(',')}))`, [...graph.bindings, ...allowed]);
  }

  async transform(items: AuditItem[]): Promise<AuditItem[]> {
    const graphItems = items.filter((item) => isGraphDataAction(item.action) && !isNamingAction(item.action));
    if (graphItems.length === 0 && !items.some((item) => isNamingAction(item.action))) return items;
    const nodeIds = [...new Set(graphItems.filter((i) => i.targetType === 'node' && i.targetId).map((i) => i.targetId as string))];
    const relationshipIds = [
      ...new Set(graphItems.filter((i) => i.targetType === 'relationship' && i.targetId).map((i) => i.targetId as string)),
    ];
    const [nodes, relationships] = await Promise.all([
      nodeIds.length > 0 ? this.graph.getNodes(nodeIds, this.scope, []) : [],
      relationshipIds.length > 0 ? this.graph.getRelationships(relationshipIds, this.scope, []) : [],
    ]);
    const nodeLabels = new Map(nodes.map((n) => [n.id, n.labels]));
    const relationshipTypes = new Map(relationships.map((r) => [r.id, r.type]));
    const out: AuditItem[] = [];
    for (const item of items) {
      if (isNamingAction(item.action)) out.push(await this.namingItem(item));
      else if (!isGraphDataAction(item.action)) out.push(item);
      else out.push(await this.graphItem(item, nodeLabels, relationshipTypes));
    }
    return out;
  }

  private redacted(item: AuditItem): AuditItem {
    return { ...item, targetId: null, details: { ...REDACTED } };
  }

  private async graphItem(item: AuditItem, nodeLabels: Map<string, string[]>, relationshipTypes: Map<string, string>): Promise<AuditItem> {
    const details = item.details ?? {};
    if (item.targetType === 'node' && item.targetId && nodeLabels.has(item.targetId)) {
      const recorded = ['labels', 'addLabels', 'removeLabels'].flatMap((key) => (isStringArray(details[key]) ? details[key] : []));
      // More tokens only hide more: the rules of the node's labels now and of those the event names.
      const tokens = [...new Set([...(nodeLabels.get(item.targetId) ?? []), ...recorded])];
      return { ...item, details: this.elementDetails(details, tokens, 'node') };
    }
    if (item.targetType === 'relationship' && item.targetId && relationshipTypes.has(item.targetId)) {
      const type = relationshipTypes.get(item.targetId) as string;
      return { ...item, details: this.elementDetails(details, [type], 'relationship') };
    }
    if (item.action === 'data.export') {
      const keys = await this.propertyKeys();
      const columns = isStringArray(details.columns) ? details.columns.filter((c) => keys.has(c)) : [];
      return { ...item, details: { ...(typeof details.format === 'string' ? { format: details.format } : {}), columns } };
    }
    if (item.action.startsWith('schema.index.') || item.action.startsWith('fulltext.')) {
      if (await this.namesKnown(details)) return item;
      return this.redacted(item);
    }
    return this.redacted(item);
  }

  /** Keeps what the reader may see of an element's event: visible labels, visible properties, ends, phase data. */
  private elementDetails(details: Record<string, unknown>, tokens: string[], kind: 'node' | 'relationship'): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    const rules = kind === 'node' ? this.scope.nodeProperties : this.scope.relationshipProperties;
    for (const [key, value] of Object.entries(details)) {
      if (kind === 'node' && ['labels', 'addLabels', 'removeLabels'].includes(key) && isStringArray(value)) {
        out[key] = value.filter((label) => labelVisible(this.scope, label));
      } else if (key === 'properties' && value && typeof value === 'object' && !Array.isArray(value)) {
        out[key] = Object.fromEntries(
          Object.entries(value as Record<string, unknown>).filter(([name]) => isPropertyVisible(rules, tokens, name)),
        );
      } else if (kind === 'relationship' && key === 'type' && typeof value === 'string') {
        out[key] = value;
      } else if (kind === 'relationship' && (key === 'startNodeId' || key === 'endNodeId')) {
        // A relationship is visible only when both its ends are.
        out[key] = value;
      } else if (
        ['intentId', 'action', 'phase', 'outcome', 'readOnly'].includes(key) &&
        (typeof value === 'string' || typeof value === 'boolean')
      ) {
        out[key] = value;
      }
      // Anything else (hiddenProperties counts, relationshipIds of deleted elements, ...) is left out.
    }
    return out;
  }

  /** Schema / fulltext events: every label, type and property they name is known to the reader. */
  private async namesKnown(details: Record<string, unknown>): Promise<boolean> {
    const keys = await this.propertyKeys();
    const config = (details.config ?? details) as Record<string, unknown>;
    const labels = isStringArray(config.labels) ? config.labels : [];
    const properties = isStringArray(config.properties) ? config.properties : [];
    if (typeof config.token === 'string') {
      if (config.entity === 'relationship' ? !typeVisible(this.scope, config.token) : !labelVisible(this.scope, config.token)) return false;
    }
    return labels.every((l) => labelVisible(this.scope, l)) && properties.every((p) => keys.has(p));
  }
}

/** How the reader sees the audit log: as recorded (unrestricted scope) or through the scope. */
export async function auditViewFor(ctx: ServiceContext): Promise<AuditView | undefined> {
  const scope = await accessScopeFor(ctx);
  if (scope.unrestricted) return undefined;
  return new ScopedAuditView(ctx, ctx.deps.graph, scope);
}

/** GET /audit/data format=json for the request's user. */
export async function listAuditEventsFor(ctx: ServiceContext, filter: AuditFilter, page: number, pageSize: number): Promise<AuditPage> {
  return listAuditEvents(ctx.db, filter, page, pageSize, await auditViewFor(ctx));
}

/**
 * GET /audit/data format=csv|jsonl for the request's user: recorded as audit.export (with the
 * filter as the request gave it) before the events are read, then read as the client downloads.
 */
export async function exportAuditEventsFor(
  ctx: ServiceContext,
  filter: AuditFilter,
  format: ExportFormat,
  requested: Record<string, unknown>,
): Promise<Download> {
  await audit(ctx, { action: 'audit.export', targetType: 'audit', details: { format, filter: requested } });
  return auditExport(ctx.db, filter, format, await auditViewFor(ctx));
}
