import type { ManagedTransaction, Record as Neo4jRecord } from 'neo4j-driver';
import neo4j from 'neo4j-driver';
import { assertIdentifier } from '../../identifiers';

/* Small helpers shared by the sections of the Neo4j adapter. */

/** Page size of finds and samples when the caller gives none. */
export const DEFAULT_FIND_LIMIT = 100;

export type Tx = ManagedTransaction;

export async function run(tx: Tx, query: string, params: Record<string, unknown> = {}): Promise<Neo4jRecord[]> {
  const result = await tx.run(query, params);
  return result.records;
}

export function toNumber(value: unknown): number {
  if (neo4j.isInt(value)) return (value as { toNumber(): number }).toNumber();
  return typeof value === 'number' ? value : Number(value ?? 0);
}

export function validatedProperties(properties: Record<string, unknown> | undefined): Record<string, unknown> {
  for (const key of Object.keys(properties ?? {})) assertIdentifier('property', key);
  return properties ?? {};
}

export function uniq<T>(values: T[]): T[] {
  return [...new Set(values)];
}

export function sortStrings(values: string[]): string[] {
  return uniq(values).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

export function dedupe<T extends { id: string }>(items: T[]): T[] {
  const seen = new Set<string>();
  return items.filter((item) => (seen.has(item.id) ? false : (seen.add(item.id), true)));
}

export function orderByIds<T extends { id: string }>(items: T[], ids: string[]): T[] {
  const byId = new Map(items.map((i) => [i.id, i]));
  const out: T[] = [];
  for (const id of uniq(ids)) {
    const item = byId.get(id);
    if (item) out.push(item);
  }
  return out;
}
