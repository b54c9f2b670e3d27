import { BadRequestError } from '../../errors';
import type { AccessScope } from '../graph-store';
import { UNRESTRICTED } from '../graph-store';
import { ScopeSql } from './sql-filter';
import { and, FALSE, literal, literalArray, raw, sql, TRUE } from './sql';

const RESTRICTED: AccessScope = {
  unrestricted: false,
  labels: ['Person'],
  types: ['KNOWS'],
  nodeProperties: { Person: { deny: ['salary'] }, '*': { allow: ['name', 'salary', 'age'] } },
};

describe('ScopeSql', () => {
  it('when a filter carries values, then they are bindings and never part of the SQL text; labels and property names are quoted literals in it', () => {
    const s = new ScopeSql(UNRESTRICTED);
    const compiled = s.nodeFilter('n', {
      and: [
        { property: 'name', operator: '=', value: "x'); drop table graph_nodes; --" },
        { property: 'age', operator: 'IN', value: [1, 2] },
        { label: 'Person' },
      ],
    });
    expect(compiled.text).not.toContain('drop table');
    expect(compiled.text).toContain("array['Person'::text]");
    expect(compiled.text).toContain("'name'::text");
    expect(compiled.text).toContain("'age'::text");
    expect(compiled.values).toContain("x'); drop table graph_nodes; --");
    expect(compiled.values).not.toContain('Person');
    expect(compiled.values).not.toContain('name');
    expect(compiled.text.split('?').length - 1).toBe(compiled.values.length);
  });

  it('when a property is hidden by every rule, then its accessor is NULL', () => {
    const s = new ScopeSql(RESTRICTED);
    expect(s.nodeAccessor('n', 'city').text).toBe('null::jsonb');
  });

  it('when a property is hidden for one label only, then the accessor tests the labels, written as literals', () => {
    const s = new ScopeSql(RESTRICTED);
    const acc = s.nodeAccessor('n', 'salary');
    expect(acc.text).toBe("(case when not (n.labels && array['Person'::text]) then n.properties -> 'salary'::text end)");
    expect(acc.values).toEqual([]);
  });

  it('when a name would end a literal (a quote, a backslash, a ? placeholder), then it stays a binding', () => {
    for (const name of ["it's", 'a\\b', 'why?']) {
      const compiled = literal(name);
      expect(compiled.text).toBe('?::text');
      expect(compiled.values).toEqual([name]);
    }
    expect(literal('Person').text).toBe("'Person'::text");
    expect(literalArray(['A', "b'c"]).text).toBe("array['A'::text, ?::text]");
  });

  it('when the same scope is compiled twice (another request of the same reader), then the compiled scope is reused; an edited scope is compiled afresh', () => {
    const scope = JSON.parse(JSON.stringify(RESTRICTED)) as AccessScope;
    expect(ScopeSql.for(scope)).toBe(ScopeSql.for(JSON.parse(JSON.stringify(RESTRICTED)) as AccessScope));
    expect(ScopeSql.for(scope).nodeVisible('n')).toBe(ScopeSql.for(scope).nodeVisible('n'));
    const edited = { ...scope, labels: ['Person', 'Company'] };
    expect(ScopeSql.for(edited)).not.toBe(ScopeSql.for(scope));
    expect(ScopeSql.for(edited).nodeVisible('n').text).toContain("'Company'::text");
  });

  it('when a hidden label or type is filtered on, then the condition is constant false', () => {
    const s = new ScopeSql(RESTRICTED);
    expect(s.nodeFilter('n', { label: 'Secret' })).toBe(FALSE);
    expect(s.relationshipFilter('r', { type: 'SPIES_ON' })).toBe(FALSE);
    expect(s.nodeFilter('n', { not: { label: 'Secret' } })).toBe(TRUE);
  });

  it('when the scope is unrestricted, then rows need no condition', () => {
    const s = new ScopeSql(UNRESTRICTED);
    expect(s.nodeVisible('n')).toBe(TRUE);
    expect(s.relationshipVisible('r')).toBe(TRUE);
    expect(s.nodeProperties('n').text).toBe('n.properties');
  });

  it('when a filter or identifier is malformed, then BadRequestError is thrown before any SQL', () => {
    const s = new ScopeSql(UNRESTRICTED);
    expect(() => s.nodeFilter('n', { property: 'a`b', operator: '=', value: 1 })).toThrow(BadRequestError);
    expect(() => s.nodeFilter('n', { and: [] })).toThrow(BadRequestError);
    expect(() => s.nodeOrder('n', [{ property: "x'", direction: 'asc' }])).toThrow(BadRequestError);
    expect(() => new ScopeSql({ ...RESTRICTED, nodeFilter: { bad: true } as never })).toThrow(BadRequestError);
  });

  it('when fragments are combined, then and() folds constants', () => {
    expect(and([TRUE, TRUE])).toBe(TRUE);
    expect(and([sql`a = ${1}`, FALSE])).toBe(FALSE);
    const both = and([sql`a = ${1}`, raw('b')]);
    expect(both.text).toBe('(a = ? and b)');
    expect(both.values).toEqual([1]);
  });
});
