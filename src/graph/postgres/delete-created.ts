import { ConflictError } from '../../errors';
import type { CreatedElements, DeletedCreated } from '../graph-store';
import type { QueryRunner } from './runner';
import { isValidId, sql } from './sql';
import type { ScopeSql } from './sql-filter';

/**
 * Undo of an import (issue 23): deletes the relationships and nodes it created that the scope
 * shows, on the runner's transaction. Nodes are locked first; a relationship attached to one of
 * them that is not in the list (made since by someone else, or hidden) refuses the undo: it
 * would go with its node, and it is not the import's.
 */
export async function deleteCreated(runner: QueryRunner, scope: ScopeSql, created: CreatedElements): Promise<DeletedCreated> {
  const nodeIds = created.nodes.map(String).filter(isValidId);
  const relationshipIds = created.relationships.map(String).filter(isValidId);
  const nodes = nodeIds.length
    ? await runner.rows<{ id: string }>(
        sql`select n.id::text as id from graph_nodes n where n.id = any(${nodeIds}::bigint[]) and ${scope.nodeVisible('n')} order by n.id for update`,
      )
    : [];
  const relationships = relationshipIds.length
    ? await runner.rows<{ id: string }>(
        sql`delete from graph_relationships r where r.id = any(${relationshipIds}::bigint[]) and ${scope.relationshipVisible('r')} returning r.id::text as id`,
      )
    : [];
  if (nodes.length === 0) return { nodesDeleted: 0, relationshipsDeleted: relationships.length };
  const ids = nodes.map((n) => n.id);
  const others = await runner.one<{ count: number; first: string | null }>(
    sql`select count(*)::int as count, min(r.id)::text as first from graph_relationships r where r.start_id = any(${ids}::bigint[]) or r.end_id = any(${ids}::bigint[])`,
  );
  if (others && others.count > 0) {
    throw new ConflictError(
      `The import cannot be undone: ${others.count} relationship(s) that it did not create (or that you cannot see) are attached to nodes it created; delete them first, or delete the nodes yourself`,
      'UNDO_CONFLICT',
    );
  }
  const deleted = await runner.rows<{ id: string }>(
    sql`delete from graph_nodes n where n.id = any(${ids}::bigint[]) returning n.id::text as id`,
  );
  return { nodesDeleted: deleted.length, relationshipsDeleted: relationships.length };
}
