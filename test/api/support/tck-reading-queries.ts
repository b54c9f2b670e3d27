import fs from 'node:fs';
import path from 'node:path';

/**
 * The reading queries of the openCypher TCK (../shared/opencypher-tck/features beside the
 * repository, never copied into it), for tests that run them on a graph of their own.
 *
 * Kept: the `When executing query:` block of every plain Scenario (Outlines, whose queries are
 * templates, are left out) that starts from `any graph` or `an empty graph`, has no parameters,
 * no procedure, and expects no side effects, whose query reads the graph (has a MATCH) and has no
 * clause that writes or calls (CREATE, MERGE, SET, DELETE, REMOVE, CALL, LOAD CSV, FOREACH).
 * A scenario's own set-up (`And having executed:`) is ignored: the caller runs the query on its
 * own graph, and keeps the queries that run there.
 */
export interface TckQuery {
  /** Feature path relative to features/, and the scenario's name. */
  source: string;
  query: string;
}

export const TCK_FEATURES = path.resolve(__dirname, '../../../../shared/opencypher-tck/features');

function featureFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .flatMap((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return featureFiles(full);
      return entry.name.endsWith('.feature') ? [full] : [];
    });
}

const WRITES_OR_CALLS = /\b(CREATE|MERGE|SET|DELETE|REMOVE|CALL|LOAD|FOREACH)\b/i;

/** Reads the TCK; throws when the shared folder is missing (CI always provides it). */
export function readTckReadingQueries(root = TCK_FEATURES): TckQuery[] {
  if (!fs.existsSync(root)) {
    throw new Error(
      `The openCypher TCK is missing at ${root}: these tests read ../shared/opencypher-tck beside the repository, which CI always provides`,
    );
  }
  const queries: TckQuery[] = [];
  const seen = new Set<string>();
  for (const file of featureFiles(root)) {
    const text = fs.readFileSync(file, 'utf8');
    for (const scenario of text.split(/\n(?=[ \t]*Scenario(?: Outline)?:)/)) {
      const header = /^[ \t]*Scenario( Outline)?:\s*(.*)$/m.exec(scenario);
      if (!header || header[1]) continue;
      if (!/^\s*Given (any graph|an empty graph)\s*$/m.test(scenario)) continue;
      if (/parameters are:|side effects should be|there exists a procedure/.test(scenario)) continue;
      const block = /When executing query:\s*\n[ \t]*"""[^\n]*\n([\s\S]*?)\n[ \t]*"""/.exec(scenario);
      if (!block) continue;
      const query = block[1]
        .split('\n')
        .map((line) => line.trim())
        .join('\n')
        .trim();
      if (!/\bMATCH\b/i.test(query) || WRITES_OR_CALLS.test(query) || /\$\w/.test(query)) continue;
      if (seen.has(query)) continue;
      seen.add(query);
      queries.push({ source: `${path.relative(root, file)}: ${header[2].trim()}`, query });
    }
  }
  return queries;
}
