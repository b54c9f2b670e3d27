import { ForbiddenError } from '../errors';
import { keywordSequence } from './parser';

/**
 * Clauses no user may run through the service, whatever the backend and whatever the user's
 * rights (checked from the query text before anything else, like the refused procedures):
 *
 *  - LOAD CSV: the database server reads the file or URL. `file:///` reads the server's own
 *    files (and its error answers show the server's install path), `http://` makes the database
 *    host fetch any URL, from inside the network. 403 CYPHER_LOAD_CSV_REFUSED.
 */
export function assertNoLoadCsv(query: string): void {
  const at = keywordSequence(query, ['LOAD', 'CSV']);
  if (!at) return;
  throw new ForbiddenError(
    `LOAD CSV (at ${at.line}:${at.column}) is not available through the service: it makes the database server read files or fetch URLs. Import data with the import API instead`,
    { construct: 'LOAD CSV', line: at.line, column: at.column },
    'CYPHER_LOAD_CSV_REFUSED',
  );
}
