import type { AccessScope, CypherResult, GraphNode, GraphRelationship, PropertyRule } from '../../graph/graph-store';
import { UNRESTRICTED } from '../../graph/graph-store';
import { audit } from '../audit/audit-service';
import { ScopedGraphService } from './scoped-graph';
import { assertNoDynamicAccess, assertNoHiddenNames, classify, collectIds, ElementValue, rebuild } from './cypher-guard';

const REREAD_CHUNK = 1000;

/**
 * POST /data/cypher. Needs CYPHER_QUERIES (route). The PostgreSQL backend answers 501
 * CYPHER_NOT_SUPPORTED.
 *
 * Unrestricted scope (READ_ALL_DATA with DATA_TYPES "*"): the query runs as written, read-only
 * unless the user also holds DATA_MANAGEMENT; write-capable runs are audited (cypher.run).
 *
 * Restricted scope (anyone else), the query cannot be compiled against the scope, so:
 *  1. it always runs read-only;
 *  2. it is refused (403 CYPHER_RESTRICTED) when its text or parameters mention a hidden label,
 *     relationship type or property name (hidden = existing but visible to the user nowhere, or
 *     listed as disabled by a property rule of the user's scope), or use procedures (CALL, apoc.*), dynamic access
 *     (x[...], properties(), keys(), labels(), type(), id(), elementId(), dynamic labels);
 *  3. only graph elements may be returned (nodes, relationships, paths, lists of them, null);
 *     any other value (a count, a property value, a map) is refused with 403 CYPHER_RESTRICTED;
 *  4. every returned element is re-read through the user's scope: properties the user cannot see
 *     are dropped, and a row holding any element the user cannot see is left out.
 * What remains possible: a pattern may still match through elements the user cannot see (for
 * example an anonymous neighbour), and a WHERE clause may test a property that an "enabled" list
 * hides on one label while it is visible on another; so which visible elements are returned can
 * depend on hidden data. Values, names and counts of hidden data are never returned.
 */
export class CypherService extends ScopedGraphService {
  async run(query: string, params: Record<string, unknown>): Promise<CypherResult> {
    const { config } = this.ctx.deps;
    const scope = await this.scope();
    const options = { timeoutMs: config.graphdb.queryTimeoutMs, maxRows: config.graphdb.maxRows };
    if (scope.unrestricted) {
      const readOnly = !this.ctx.user?.permissions.has('DATA_MANAGEMENT');
      const result = await this.graph.runCypher(query, params, { ...options, readOnly });
      if (!readOnly) await audit(this.ctx, { action: 'cypher.run', targetType: 'graph', details: { query: query.slice(0, 10_000), readOnly } });
      return result;
    }

    assertNoDynamicAccess(query);
    assertNoHiddenNames(query, params, await this.hiddenNames(scope));
    const result = await this.graph.runCypher(query, params, { ...options, readOnly: true });
    return this.visibleOnly(result, scope);
  }

  /** Names that exist in the graph but are visible to the user nowhere, plus every name a "disabled" property rule lists. */
  private async hiddenNames(scope: AccessScope): Promise<Set<string>> {
    // The unrestricted lists are read only to know what to refuse; they are never returned.
    const [allLabels, allTypes, allKeys, labels, types, keys] = await Promise.all([
      this.graph.labels(UNRESTRICTED),
      this.graph.relationshipTypes(UNRESTRICTED),
      this.graph.propertyKeys(UNRESTRICTED),
      this.graph.labels(scope),
      this.graph.relationshipTypes(scope),
      this.graph.propertyKeys(scope),
    ]);
    const hidden = new Set<string>();
    const missing = (all: string[], visible: string[]) => {
      const seen = new Set(visible);
      for (const name of all) if (!seen.has(name)) hidden.add(name);
    };
    missing(allLabels, labels);
    missing(allTypes, types);
    missing(allKeys, keys);
    const rules: PropertyRule[] = [...Object.values(scope.nodeProperties ?? {}), ...Object.values(scope.relationshipProperties ?? {})];
    // Names a "disabled" rule lists are sensitive wherever they occur. Names left out of an
    // "enabled" list are refused only when they are visible nowhere (covered above): refusing
    // every name outside any enabled list would refuse nearly every query.
    for (const rule of rules) for (const name of rule.deny ?? []) hidden.add(name);
    return hidden;
  }

  private async visibleOnly(result: CypherResult, scope: AccessScope): Promise<CypherResult> {
    const cells: ElementValue[][] = result.rows.map((row) => row.map(classify));
    const nodeIds = new Set<string>();
    const relIds = new Set<string>();
    for (const row of cells) for (const cell of row) collectIds(cell, nodeIds, relIds);
    const nodes = new Map<string, GraphNode>();
    const relationships = new Map<string, GraphRelationship>();
    const nodeList = [...nodeIds];
    const relList = [...relIds];
    for (let i = 0; i < nodeList.length; i += REREAD_CHUNK) {
      for (const node of await this.graph.getNodes(nodeList.slice(i, i + REREAD_CHUNK), scope)) nodes.set(node.id, node);
    }
    for (let i = 0; i < relList.length; i += REREAD_CHUNK) {
      for (const rel of await this.graph.getRelationships(relList.slice(i, i + REREAD_CHUNK), scope)) relationships.set(rel.id, rel);
    }
    const rows: unknown[][] = [];
    for (const row of cells) {
      const rebuilt = row.map((cell) => rebuild(cell, nodes, relationships));
      if (rebuilt.every((value) => value !== undefined)) rows.push(rebuilt);
    }
    return { columns: result.columns, rows, truncated: result.truncated };
  }
}
