import type { AccessScope, CypherResult, GraphNode, GraphRelationship } from '../../graph/graph-store';
import { auditedGraphWrite } from './audited-write';
import { ScopedGraphService } from './scoped-graph';
import { collectIds, rebuild } from './cypher-guard';
import { cypherWriteCheck, runDetails } from './cypher-writes';

const REREAD_CHUNK = 1000;

/**
 * POST /data/cypher. Needs CYPHER_QUERIES (route). The PostgreSQL backend translates a read
 * subset of Cypher to SQL with the scope compiled in (src/graph/postgres/cypher, always
 * read-only; the rest 400 CYPHER_UNSUPPORTED); what follows describes both backends unless it
 * names Neo4j's procedures.
 *
 * Procedures (every user): the adapter judges each procedure a query would call by the mode the
 * server declares: DBMS procedures never run (403 CYPHER_PROCEDURE_REFUSED), WRITE and SCHEMA
 * ones only for users who may write (Data management with unrestricted access).
 *
 * Unrestricted scope (READ_ALL_DATA with DATA_TYPES "*"): the query runs as written, read-only
 * unless the user also holds DATA_MANAGEMENT; write-capable runs are audited (cypher.run).
 *
 * Restricted scope (anyone else): the adapter parses the query and rewrites it so every node and
 * relationship pattern (each element of variable-length ones too) carries the user's scope, and
 * property access reads null where the scope hides the property; it always runs read-only, and
 * what cannot be rewritten safely is refused (403 CYPHER_RESTRICTED naming the construct; a property
 * read from a value not proven to be a scoped node or relationship: 400 CYPHER_UNSUPPORTED). Since
 * patterns only match visible elements, any value may be returned (counts, aggregates, property
 * values, maps); LIMIT and counts only ever see visible rows. As defence in depth every node,
 * relationship and path in the result is replaced by its re-read through the scope (dropping
 * hidden labels and properties), and a row holding an element that re-read does not find is left
 * out (it cannot happen for a correctly rewritten query).
 */
export class CypherService extends ScopedGraphService {
  async run(query: string, params: Record<string, unknown>): Promise<CypherResult> {
    const { config } = this.ctx.deps;
    const scope = await this.scope();
    const options = { timeoutMs: config.graphdb.queryTimeoutMs, maxRows: config.graphdb.maxRows };
    const readOnly = !this.ctx.user?.permissions.has('DATA_MANAGEMENT');
    // Writing clauses on PostgreSQL: each element written passes the writer's scope and DATA_SCHEMA (cypher-writes.ts).
    const sqlWrites = !readOnly && this.graph.backend === 'postgres';
    const writeCheck = sqlWrites ? await cypherWriteCheck(this.ctx, scope) : undefined;
    if (scope.unrestricted) {
      if (readOnly) return this.graph.runCypher(query, params, { ...options, readOnly });
      // A write-capable run and its cypher.run event as one unit (intent + confirmation on Neo4j;
      // on PostgreSQL a writing query records it inside its own transaction).
      return auditedGraphWrite<CypherResult>(
        this.ctx,
        { action: 'cypher.run', targetType: 'graph' },
        (write) => this.graph.runCypher(query, params, { ...options, readOnly, writeCheck, beforeCommit: write.beforeCommit }),
        (result) => ({ action: 'cypher.run', targetType: 'graph', details: runDetails(query, readOnly, result) }),
      );
    }
    if (!writeCheck) {
      const result = await this.graph.runCypher(query, params, { ...options, readOnly: true, scope });
      return this.visibleOnly(result, scope);
    }
    // A restricted writer on PostgreSQL: a query that wrote is audited with its transaction, a read is not.
    const result = await auditedGraphWrite<CypherResult>(
      this.ctx,
      { action: 'cypher.run', targetType: 'graph' },
      (write) => this.graph.runCypher(query, params, { ...options, readOnly, scope, writeCheck, beforeCommit: write.beforeCommit }),
      (answer) => (answer.sideEffects ? { action: 'cypher.run', targetType: 'graph', details: runDetails(query, readOnly, answer) } : null),
    );
    return { ...(await this.visibleOnly(result, scope)), ...(result.sideEffects ? { sideEffects: result.sideEffects } : {}) };
  }

  private async visibleOnly(result: CypherResult, scope: AccessScope): Promise<CypherResult> {
    const nodeIds = new Set<string>();
    const relIds = new Set<string>();
    for (const row of result.rows) collectIds(row, nodeIds, relIds);
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
    for (const row of result.rows) {
      const rebuilt = row.map((cell) => rebuild(cell, nodes, relationships));
      if (rebuilt.every((value) => value !== undefined)) rows.push(rebuilt);
    }
    return { columns: result.columns, rows, truncated: result.truncated };
  }
}
