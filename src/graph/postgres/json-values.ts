import pg from 'pg';
import { parseJsonText } from '../../exact-json';

export const JSON_OID = 114;
export const JSONB_OID = 3802;

/**
 * json / jsonb text of graph queries → JS values, keeping integers beyond 2^53 exactly (BigInt
 * within the signed 64-bit range), where the drivers' JSON.parse rounds them. Text without a run
 * of 16 digits goes straight to JSON.parse.
 */
export function parseStoredJson(text: string): unknown {
  return parseJsonText(text, 'stored');
}

const nodePgTypes = {
  getTypeParser(oid: number, format?: string): unknown {
    if ((oid === JSON_OID || oid === JSONB_OID) && format !== 'binary') return parseStoredJson;
    return (pg.types.getTypeParser as (oid: number, format?: string) => unknown)(oid, format);
  },
};

/**
 * Per-query driver options (knex `.options()`), so that only the graph adapter's queries read
 * json exactly and the rest of the service store keeps the drivers' defaults: node-pg takes
 * `types`, PGlite takes `parsers` (merged over the instance's own, e.g. int8 as text).
 */
export const EXACT_JSON_QUERY_OPTIONS: Readonly<Record<string, unknown>> = Object.freeze({
  types: nodePgTypes,
  parsers: { [JSON_OID]: parseStoredJson, [JSONB_OID]: parseStoredJson },
});
