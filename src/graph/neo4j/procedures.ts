import { ForbiddenError } from '../../errors';
import { dottedInvocations } from '../../cypher/parser';
import type { Dialect } from './dialect';

/**
 * Which procedures a query sent to POST /data/cypher may call.
 *
 * Every procedure a query would run is read from its EXPLAIN plan (ProcedureCall operators: this
 * finds standalone CALLs, CALL ... YIELD inside larger queries and calls inside 4.x subqueries,
 * whatever the syntax) and judged by the mode the server declares for it (`dbms.procedures()` on
 * 3.5 and 4.x, `SHOW PROCEDURES` on 5.x), cached per store and reloaded once for a name it does
 * not know:
 *  - DBMS procedures (user and password administration, configuration, ...) are never run through
 *    the service: on 3.5 they report query type `r` and are not transactional, so neither the
 *    read-only check nor the rollback of a read-only run stops them;
 *  - WRITE and SCHEMA procedures only in write-enabled runs (Data management);
 *  - READ procedures always; a procedure the server does not list, or of another mode, is refused.
 * Procedures and functions that run Cypher given as text (apoc.cypher.*, apoc.periodic.*, ...)
 * would hide their inner calls from the plan: they are refused by name, as are dbms.* functions,
 * before anything reaches the server. All refusals are 403 CYPHER_PROCEDURE_REFUSED.
 */

export type ProcedureModes = Map<string, string>;

export function procedureRefused(message: string, procedure: string): ForbiddenError {
  return new ForbiddenError(message, { procedure }, 'CYPHER_PROCEDURE_REFUSED');
}

/**
 * Names (lower-case prefixes) of routines that run Cypher passed as a string, administer the DBMS,
 * or make the database server read its files or fetch URLs (apoc.load.*, like LOAD CSV: file:///
 * answers show the server's paths, http:// fetches from inside the network).
 */
const REFUSED_PREFIXES = [
  'dbms.',
  'apoc.cypher.',
  'apoc.periodic.',
  'apoc.do.',
  'apoc.when',
  'apoc.case',
  'apoc.custom.',
  'apoc.trigger.',
  'apoc.systemdb.',
  'apoc.load.',
  'apoc.export.',
  'apoc.import.',
];

function refusedByName(name: string): boolean {
  const lower = name.toLowerCase();
  return REFUSED_PREFIXES.some((prefix) => lower === prefix.replace(/\.$/, '') || lower.startsWith(prefix));
}

/**
 * Refuses, from the text alone, invocations of dbms.* functions and of routines that run Cypher
 * text or touch the file system (their inner statements never show in the plan). Procedures in
 * general are judged on the plan (assertPlanProcedures).
 */
export function assertNoRefusedRoutines(query: string): void {
  for (const call of dottedInvocations(query)) {
    if (refusedByName(call.name)) {
      throw procedureRefused(
        `${call.name} (at ${call.line}:${call.column}) is not available through the service: it administers the database or runs statements the service cannot check`,
        call.name,
      );
    }
  }
}

/** The query that lists every procedure with its mode. */
export function listProceduresCypher(dialect: Dialect): string {
  return dialect.kind === 'v5'
    ? 'SHOW PROCEDURES YIELD name, mode RETURN name, mode'
    : 'CALL dbms.procedures() YIELD name, mode RETURN name, mode';
}

interface PlanNode {
  operatorType?: string;
  arguments?: Record<string, unknown>;
  children?: PlanNode[];
}

/** Names of the procedures in an EXPLAIN plan (operator ProcedureCall; Signature on 3.5 / 4.x, Details on 4.4 / 5.x). */
export function proceduresInPlan(plan: unknown): string[] {
  const out = new Set<string>();
  const visit = (node: PlanNode | undefined) => {
    if (!node || typeof node !== 'object') return;
    if (/procedurecall/i.test(String(node.operatorType ?? ''))) {
      const args = node.arguments ?? {};
      const found = args.Signature ?? args.signature ?? args.Details ?? args.details;
      const text = typeof found === 'string' ? found : '';
      const match = /^\s*([\p{L}\p{N}_.`]+)\s*\(/u.exec(text);
      // An operator whose procedure cannot be read is judged as unknown (refused).
      out.add(match ? match[1].replace(/`/g, '') : `<unreadable procedure call: ${text.slice(0, 200)}>`);
    }
    for (const child of node.children ?? []) visit(child);
  };
  visit(plan as PlanNode);
  return [...out];
}

/**
 * Throws 403 CYPHER_PROCEDURE_REFUSED for the first procedure of `names` that may not run.
 * `modes` resolves a name to its declared mode (undefined: the server does not list it).
 */
export async function assertPlanProcedures(
  names: string[],
  modeOf: (name: string) => Promise<string | undefined>,
  allowWrite: boolean,
): Promise<void> {
  for (const name of names) {
    if (refusedByName(name)) throw procedureRefused(`The procedure ${name} is not available through the service`, name);
    const mode = (await modeOf(name))?.toUpperCase();
    if (mode === 'READ') continue;
    if (mode === 'WRITE' || mode === 'SCHEMA') {
      if (allowWrite) continue;
      throw procedureRefused(`The procedure ${name} changes data or schema (mode ${mode}): it needs the Data management permission`, name);
    }
    if (mode === 'DBMS')
      throw procedureRefused(
        `The procedure ${name} administers the database server (mode DBMS) and is never run through the service`,
        name,
      );
    throw procedureRefused(
      `The procedure ${name} is not listed by the server with a mode the service accepts (${mode ?? 'not listed'})`,
      name,
    );
  }
}

/** Name -> mode, loaded once per store and reloaded (at most once per query) for an unknown name. */
export class ProcedureCatalogue {
  private modes: ProcedureModes | null = null;
  private loading: Promise<ProcedureModes> | null = null;

  constructor(private readonly load: () => Promise<ProcedureModes>) {}

  private async fetch(force: boolean): Promise<ProcedureModes> {
    if (this.modes && !force) return this.modes;
    if (!this.loading) {
      this.loading = this.load()
        .then((modes) => {
          this.modes = modes;
          return modes;
        })
        .finally(() => {
          this.loading = null;
        });
    }
    return this.loading;
  }

  /** A resolver for one query: reloads the list at most once when a name is missing. */
  resolver(): (name: string) => Promise<string | undefined> {
    let reloaded = false;
    return async (name: string) => {
      let modes = await this.fetch(false);
      if (!modes.has(name) && !reloaded) {
        reloaded = true;
        modes = await this.fetch(true);
      }
      return modes.get(name);
    };
  }
}
