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
    'Runs Cypher statements, in order; the first failing statement fails the run. On the PostgreSQL backend the translated subset of Cypher runs (docs/cypher-postgres.md: reading clauses, and CREATE, MERGE, SET, REMOVE, DELETE when the user holds Data management; each statement is one transaction and its side effects are counted in the run); a statement outside it fails the run with CYPHER_UNSUPPORTED naming the construct.',
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
      // A writing statement (PostgreSQL backend): what it changed, summed over the run.
      const changed = Object.entries<number>({ ...result.sideEffects }).filter(([, n]) => n > 0);
      for (const [what, n] of changed) run.count(what, n);
      run.log(
        `statement ${index + 1}: ${result.rows.length} row(s)${result.truncated ? ' (truncated)' : ''}${changed.length ? `; ${changed.map(([what, n]) => `${what} ${n}`).join(', ')}` : ''}`,
      );
    }
  },
});
