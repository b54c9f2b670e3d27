import { UNRESTRICTED, type AccessScope } from '../../graph-store';
import type { ParsedCypher } from '../../../cypher/parser';
import { CypherPlanCache, MAX_KEY_CHARS, PARSE_BUDGET_CHARS, planKey, valueKey, type PlanKey } from './plan-cache';
import type { TranslatedCypher } from './context';
import { raw } from '../sql';

const plan = (name: string): TranslatedCypher => ({ statement: raw(`select ${name}`), columns: [name], kinds: ['value'] });
const key = (query: string, extra: Partial<PlanKey> = {}): PlanKey => ({
  query,
  params: {},
  scope: UNRESTRICTED,
  maxRows: 10,
  maxDepth: 15,
  ...extra,
});

describe('CypherPlanCache', () => {
  test('when more queries are planned than it holds, then it keeps the most recently used ones only', async () => {
    const cache = new CypherPlanCache(2);
    let translations = 0;
    const translate = (name: string) => async () => {
      translations += 1;
      return plan(name);
    };
    await cache.plan(key('a'), translate('a'));
    await cache.plan(key('b'), translate('b'));
    expect(await cache.plan(key('a'), translate('x'))).toEqual(plan('a'));
    expect(translations).toBe(2);
    // c evicts b, the least recently used.
    await cache.plan(key('c'), translate('c'));
    expect(cache.counts.plans).toBe(2);
    expect(await cache.plan(key('a'), translate('x'))).toEqual(plan('a'));
    expect(await cache.plan(key('b'), translate('b2'))).toEqual(plan('b2'));
    expect(translations).toBe(4);
    for (let i = 0; i < 50; i++) await cache.plan(key(`q${i}`), translate(`q${i}`));
    expect(cache.counts.plans).toBe(2);
  });

  test('when parses are cached, then they are bounded too and a failed parse is not kept', async () => {
    const cache = new CypherPlanCache(3);
    const parsed = (text: string) => async () => ({ text, root: null }) as unknown as ParsedCypher;
    for (let i = 0; i < 10; i++) await cache.parse(`RETURN ${i}`, parsed(`RETURN ${i}`));
    expect(cache.counts.parses).toBe(3);
    await expect(cache.parse('RETURN (', async () => Promise.reject(new Error('syntax')))).rejects.toThrow('syntax');
    await expect(cache.parse('RETURN (', async () => Promise.reject(new Error('again')))).rejects.toThrow('again');
  });

  test('when the cached query texts reach the budget, then the eldest go whatever the entry count', async () => {
    const cache = new CypherPlanCache(100_000);
    const long = (i: number) => `RETURN '${String(i).padStart(MAX_KEY_CHARS - 20, 'x')}'`;
    const count = Math.ceil(PARSE_BUDGET_CHARS / long(0).length) + 5;
    for (let i = 0; i < count; i++) await cache.parse(long(i), async () => ({ text: long(i), root: null }) as unknown as ParsedCypher);
    expect(cache.counts.parseChars).toBeLessThanOrEqual(PARSE_BUDGET_CHARS);
    expect(cache.counts.parses).toBeLessThan(count);
    // The newest is kept.
    let parsedAgain = false;
    await cache.parse(long(count - 1), async () => {
      parsedAgain = true;
      return { text: '', root: null } as unknown as ParsedCypher;
    });
    expect(parsedAgain).toBe(false);
  });

  test('when the size is 0, then nothing is kept', async () => {
    const cache = new CypherPlanCache(0);
    let translations = 0;
    for (let i = 0; i < 3; i++) {
      await cache.plan(key('a'), async () => {
        translations += 1;
        return plan('a');
      });
    }
    expect(translations).toBe(3);
    expect(cache.counts).toEqual({ parses: 0, plans: 0, parseChars: 0, planChars: 0 });
  });

  test('when anything the translation reads differs, then the key differs', () => {
    const restricted: AccessScope = { unrestricted: false, labels: ['Person'], types: '*' };
    const base = planKey(key('RETURN $x', { params: { x: 1 } }));
    const others = [
      key('RETURN $x ', { params: { x: 1 } }),
      key('RETURN $x', { params: { x: 2 } }),
      key('RETURN $x', { params: { x: '1' } }),
      key('RETURN $x', { params: { x: 1n } }),
      key('RETURN $x', { params: { x: 1, y: null } }),
      key('RETURN $x', { params: { x: [1] } }),
      key('RETURN $x', { params: { x: 1 }, scope: restricted }),
      key('RETURN $x', { params: { x: 1 }, scope: { ...restricted, nodeFilter: { property: 'country', operator: '=', value: 'CZ' } } }),
      key('RETURN $x', { params: { x: 1 }, maxRows: 11 }),
      key('RETURN $x', { params: { x: 1 }, maxDepth: 3 }),
    ].map(planKey);
    expect(base).not.toBeNull();
    expect(new Set([base, ...others]).size).toBe(others.length + 1);
    expect(planKey(key('RETURN $x', { params: { x: 1 } }))).toBe(base);
  });

  test('when a value is typed differently or cannot come from JSON, then its key says so', () => {
    expect(valueKey({ a: 1, b: 2 })).not.toBe(valueKey({ b: 2, a: 1 }));
    expect(valueKey(0)).not.toBe(valueKey(-0));
    expect(valueKey(true)).not.toBe(valueKey('true'));
    expect(valueKey([null])).not.toBe(valueKey([]));
    expect(valueKey(new Date(0))).toBeNull();
    expect(valueKey({ when: new Date(0) })).toBeNull();
    expect(planKey(key('RETURN $d', { params: { d: new Date(0) } }))).toBeNull();
    expect(planKey(key(`RETURN '${'x'.repeat(MAX_KEY_CHARS)}'`))).toBeNull();
  });
});
