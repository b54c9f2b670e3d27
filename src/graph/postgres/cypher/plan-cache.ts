import type { AccessScope } from '../../graph-store';
import { toJsonText } from '../../../exact-json';
import type { ParsedCypher } from '../../../cypher/parser';
import type { TranslatedCypher } from './context';

/**
 * The parse and plan cache of Cypher on PostgreSQL (issue 22, "Overhead"): parsing a query (a
 * round trip to the parser's worker thread and ANTLR's prediction) and translating it cost several
 * times the statement itself for a small query, so a repeated query reuses both.
 *
 * - Parses, keyed by the query text alone: the tree does not depend on the reader, the parameters
 *   or the database.
 * - Plans (the translated statement with its columns), keyed by everything a translation reads:
 *   the query text, the reader's scope in its serialized form (so a scope changed by a settings,
 *   group or ACL edit is another key and never meets a plan compiled for the old one; the scope is
 *   built anew for every request), the row limit, the depth limit of unbounded walks, and the
 *   parameters' values with their types (the translation reads parameters as constants: a
 *   parameter pattern of `=~` is checked and converted, SKIP / LIMIT are checked, a null parameter
 *   compiles to other SQL than a string).
 * - Both are LRU maps bounded by `size` entries each (configuration `cypher.planCacheSize`, 0 turns
 *   the cache off) and by the text they hold: a query text or parameter set longer than
 *   MAX_KEY_CHARS is not cached, the cached parses hold at most PARSE_BUDGET_CHARS of query text (a
 *   tree takes a few hundred bytes per character), the cached plans at most PLAN_BUDGET_CHARS of
 *   key and SQL text; beyond either the least recently used entries go.
 * Only successful parses and translations are kept: a refused query is refused anew each time (its
 * refusals count for the too-complex limit as before).
 */
export class CypherPlanCache {
  private readonly parses: Lru<ParsedCypher>;
  private readonly plans: Lru<TranslatedCypher>;

  constructor(readonly size: number) {
    this.parses = new Lru(size, PARSE_BUDGET_CHARS);
    this.plans = new Lru(size, PLAN_BUDGET_CHARS);
  }

  /** The parse of `query` (parse: the parser, called on a miss). */
  async parse(query: string, parse: () => Promise<ParsedCypher>): Promise<ParsedCypher> {
    if (this.size === 0 || query.length > MAX_KEY_CHARS) return parse();
    const cached = this.parses.get(query);
    if (cached) return cached;
    const parsed = await parse();
    this.parses.set(query, parsed, query.length);
    return parsed;
  }

  /** The plan of the query for this reader and these parameters (translate: called on a miss). */
  async plan(key: PlanKey, translate: () => Promise<TranslatedCypher>): Promise<TranslatedCypher> {
    const text = this.size === 0 ? null : planKey(key);
    if (text === null) return translate();
    const cached = this.plans.get(text);
    if (cached) return cached;
    const plan = await translate();
    this.plans.set(text, plan, text.length + plan.statement.text.length);
    return plan;
  }

  /** Entries held (tests: the cache is bounded). */
  get counts(): { parses: number; plans: number; parseChars: number; planChars: number } {
    return { parses: this.parses.length, plans: this.plans.length, parseChars: this.parses.weight, planChars: this.plans.weight };
  }
}

export interface PlanKey {
  query: string;
  params: Record<string, unknown>;
  scope: AccessScope;
  maxRows: number;
  maxDepth: number;
}

/** Queries (and parameter sets) longer than this are translated every time instead of cached. */
export const MAX_KEY_CHARS = 16 * 1024;
/** Query text held by the cached parses at most (their trees: some tens of MB). */
export const PARSE_BUDGET_CHARS = 512 * 1024;
/** Key and SQL text held by the cached plans at most. */
export const PLAN_BUDGET_CHARS = 16 * 1024 * 1024;

/** planCacheSize's default: repeated queries of a service are a few hundred texts at most. */
export const DEFAULT_PLAN_CACHE_SIZE = 500;

/** The plan's key, or null when it is not to be cached (too long, or a parameter value of an unknown kind). */
export function planKey(key: PlanKey): string | null {
  if (key.query.length > MAX_KEY_CHARS) return null;
  const params = valueKey(key.params ?? {});
  if (params === null || params.length > MAX_KEY_CHARS) return null;
  // Lengths first: no concatenation of two different parts can read as another.
  const scope = toJsonText(key.scope);
  return `${key.query.length}:${key.query}|${scope.length}:${scope}|${key.maxRows}|${key.maxDepth}|${params}`;
}

/**
 * A parameter value written with its type: 1 (an integer number), 1n (a BigInt beyond 2^53),
 * strings quoted, maps with their keys in order (the translation writes them in that order).
 * Null for anything a JSON request cannot hold (never cached).
 */
export function valueKey(value: unknown): string | null {
  if (value === null || value === undefined) return 'null';
  switch (typeof value) {
    case 'boolean':
      return value ? 'true' : 'false';
    case 'number':
      return Object.is(value, -0) ? '-0' : String(value);
    case 'bigint':
      return `${value}n`;
    case 'string':
      return JSON.stringify(value);
    case 'object': {
      if (Array.isArray(value)) {
        const items = value.map(valueKey);
        return items.includes(null) ? null : `[${items.join(',')}]`;
      }
      if (Object.getPrototypeOf(value) !== Object.prototype && Object.getPrototypeOf(value) !== null) return null;
      const entries: string[] = [];
      for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
        const item = valueKey(v);
        if (item === null) return null;
        entries.push(`${JSON.stringify(k)}:${item}`);
      }
      return `{${entries.join(',')}}`;
    }
    default:
      return null;
  }
}

/**
 * A Map used as an LRU (a read moves the entry to the end, the first entry is the eldest), bounded
 * by its entry count and by the total weight of its entries.
 */
class Lru<V> {
  private readonly map = new Map<string, { value: V; weight: number }>();
  private total = 0;

  constructor(
    private readonly size: number,
    private readonly maxWeight: number,
  ) {}

  get length(): number {
    return this.map.size;
  }

  get weight(): number {
    return this.total;
  }

  get(key: string): V | undefined {
    const entry = this.map.get(key);
    if (entry === undefined) return undefined;
    this.map.delete(key);
    this.map.set(key, entry);
    return entry.value;
  }

  set(key: string, value: V, weight: number): void {
    if (this.size <= 0 || weight > this.maxWeight) return;
    this.remove(key);
    this.map.set(key, { value, weight });
    this.total += weight;
    while (this.map.size > this.size || this.total > this.maxWeight) this.remove(this.map.keys().next().value as string);
  }

  private remove(key: string): void {
    const entry = this.map.get(key);
    if (!entry) return;
    this.map.delete(key);
    this.total -= entry.weight;
  }
}
