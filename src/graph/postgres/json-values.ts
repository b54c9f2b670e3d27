import pg from 'pg';
import { parseJsonText } from '../../exact-json';

export const JSON_OID = 114;
export const JSONB_OID = 3802;

/**
 * json / jsonb text from PostgreSQL → JS values, keeping integers beyond 2^53 exactly (BigInt),
 * where node-pg's default JSON.parse rounds them. Only an integer a double cannot hold becomes a
 * BigInt ('stored' mode), so every value written from a JS number reads back as the same number.
 * Text without a run of 16 digits goes straight to JSON.parse.
 */
export function parseStoredJson(text: string): unknown {
  return parseJsonText(text, 'stored');
}

/** Parsers for PGlite's `parsers` option (the embedded store). */
export const pgliteJsonParsers: Record<number, (text: string) => unknown> = { [JSON_OID]: parseStoredJson, [JSONB_OID]: parseStoredJson };

let installed = false;

/**
 * Installs the exact json/jsonb parser in node-pg (process-wide: node-pg reads type parsers from
 * one registry). The graph adapter shares the service's knex, so its jsonb properties go through it.
 */
export function installExactJsonParsers(): void {
  if (installed) return;
  installed = true;
  pg.types.setTypeParser(JSON_OID, parseStoredJson);
  pg.types.setTypeParser(JSONB_OID, parseStoredJson);
}
