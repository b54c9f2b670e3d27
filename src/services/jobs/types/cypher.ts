import { z } from 'zod';
import { CypherService } from '../../graph/cypher-service';
import { defineJobType } from '../job-type';

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
  description:
    'Runs Cypher statements, in order; the first failing statement fails the run. On the PostgreSQL backend the reading subset of Cypher is translated (docs/cypher-postgres.md); a statement outside it fails the run with CYPHER_UNSUPPORTED naming the construct.',
  configSchema,
  example: { statements: ['MATCH (p:Person) WHERE p.reviewed IS NULL SET p.reviewed = false RETURN p LIMIT 1000'], parameters: {} },
  permissions: ['CYPHER_QUERIES'],
  async run(run) {
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
