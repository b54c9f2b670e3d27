import { z } from 'zod';
import { UnprocessableError } from '../../../errors';
import { CypherService } from '../../graph/cypher-service';
import { defineJobType } from '../job-type';

/** The refusal on a backend without Cypher, on save and (should the backend change) on run. */
export function assertCypherBackend(backend: 'postgres' | 'neo4j'): void {
  if (backend !== 'neo4j') {
    throw new UnprocessableError(
      'Cypher jobs need the Neo4j graph backend; this service runs on the PostgreSQL graph backend, which has no Cypher',
      'CYPHER_NOT_SUPPORTED',
      { backend },
    );
  }
}

const configSchema = z
  .object({
    statements: z
      .array(z.string().trim().min(1, 'a statement cannot be empty').max(100_000, 'a statement has at most 100,000 characters'))
      .min(1, 'give at least one Cypher statement')
      .max(50, 'at most 50 statements'),
    parameters: z.record(z.string(), z.unknown()).optional(),
  })
  .strict();

/**
 * Cypher statements run one after the other through the same rules as POST /data/cypher, with
 * the rights of the user the job runs as (read-only unless that user also holds Data management
 * and reads all data).
 */
export const cypherJob = defineJobType({
  type: 'cypher',
  title: 'Cypher statements',
  description: 'Runs Cypher statements against Neo4j, in order; the first failing statement fails the run. Not available on the PostgreSQL backend.',
  configSchema,
  example: { statements: ["MATCH (p:Person) WHERE p.reviewed IS NULL SET p.reviewed = false RETURN p LIMIT 1000"], parameters: {} },
  permissions: ['CYPHER_QUERIES'],
  check(_config, ctx) {
    assertCypherBackend(ctx.deps.graph.backend);
  },
  async run(run) {
    assertCypherBackend(run.deps.graph.backend);
    const service = new CypherService(run.ctx);
    for (const [index, statement] of run.config.statements.entries()) {
      run.throwIfCancelled();
      const result = await service.run(statement, run.config.parameters ?? {});
      run.count('statements');
      run.count('rows', result.rows.length);
      run.log(`statement ${index + 1}: ${result.rows.length} row(s)${result.truncated ? ' (truncated)' : ''}`);
    }
  },
});
