import type { AccessScope } from '../graph-store';
import { UNRESTRICTED } from '../graph-store';
import { ScopeSql } from './sql-filter';

/** Issue 11 item 7: a condition is compiled once per form an index serves, not three times. */
describe('ScopeSql: the forms of an equality', () => {
  const count = (text: string, part: string) => text.split(part).length - 1;

  it('when a property that cannot be hidden is compared with a string, then the containment and the ->> form appear once each and no accessor comparison', () => {
    const compiled = new ScopeSql(UNRESTRICTED).nodeFilter('n', { property: 'city', operator: '=', value: 'City000' });
    expect(count(compiled.text, 'n.properties @> jsonb_build_object')).toBe(1);
    expect(count(compiled.text, "n.properties ->> 'city'::text")).toBe(1);
    expect(compiled.text).not.toContain("n.properties -> 'city'::text = ");
  });

  it('when the value is a number or a boolean, then the containment alone', () => {
    for (const value of [42, true]) {
      const compiled = new ScopeSql(UNRESTRICTED).nodeFilter('n', { property: 'age', operator: '=', value });
      expect(compiled.text).toBe("(n.properties @> jsonb_build_object('age'::text, ?::jsonb))");
    }
  });

  it('when the property may be hidden for some labels, then the accessor comparison stays', () => {
    const scope: AccessScope = { unrestricted: false, labels: '*', types: '*', nodeProperties: { Secret: { deny: ['city'] } } };
    const hidden = new ScopeSql(scope).nodeFilter('n', { property: 'city', operator: '=', value: 'City000' });
    expect(hidden.text).toMatch(/case when not/);
    expect(hidden.text).toMatch(/end\) = \?::jsonb\)$/);
  });

  it('when IN lists strings only, then the property is compared as text (string typed) with a text[] binding; with other values, as jsonb', () => {
    const strings = new ScopeSql(UNRESTRICTED).nodeFilter('n', { property: 'city', operator: 'IN', value: ['A', 'B'] });
    expect(strings.text).toBe(
      "(jsonb_typeof(n.properties -> 'city'::text) = 'string' and (n.properties ->> 'city'::text) = any(?::text[]))",
    );
    expect(strings.values).toEqual([['A', 'B']]);
    const mixed = new ScopeSql(UNRESTRICTED).nodeFilter('n', { property: 'city', operator: 'IN', value: ['1', 1] });
    expect(mixed.text).toBe("(n.properties -> 'city'::text = any(?::jsonb[]))");
    expect(mixed.values).toEqual([['"1"', '1']]);
  });
});
