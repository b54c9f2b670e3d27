import { BadRequestError } from '../../errors';
import type { AccessScope } from '../graph-store';
import { UNRESTRICTED } from '../graph-store';
import { ScopeSql } from './sql-filter';
import { and, FALSE, raw, sql, TRUE } from './sql';

const RESTRICTED: AccessScope = {
  unrestricted: false,
  labels: ['Person'],
  types: ['KNOWS'],
  nodeProperties: { Person: { deny: ['salary'] }, '*': { allow: ['name', 'salary', 'age'] } },
};

describe('ScopeSql', () => {
  it('when a filter carries values, then they are bindings and never part of the SQL text', () => {
    const s = new ScopeSql(UNRESTRICTED);
    const compiled = s.nodeFilter('n', {
      and: [
        { property: 'name', operator: '=', value: "x'); drop table graph_nodes; --" },
        { property: 'age', operator: 'IN', value: [1, 2] },
        { label: 'Person' },
      ],
    });
    expect(compiled.text).not.toContain('drop table');
    expect(compiled.text).not.toContain('Person');
    expect(compiled.text).not.toMatch(/'name'|'age'/);
    expect(compiled.values).toContain("x'); drop table graph_nodes; --");
    expect(compiled.values).toContain('Person');
    expect(compiled.values).toContain('name');
    expect(compiled.text.split('?').length - 1).toBe(compiled.values.length);
  });

  it('when a property is hidden by every rule, then its accessor is NULL', () => {
    const s = new ScopeSql(RESTRICTED);
    expect(s.nodeAccessor('n', 'city').text).toBe('null::jsonb');
  });

  it('when a property is hidden for one label only, then the accessor tests the labels with a binding', () => {
    const s = new ScopeSql(RESTRICTED);
    const acc = s.nodeAccessor('n', 'salary');
    expect(acc.text).toContain('case when not (n.labels && ?::text[])');
    expect(acc.values).toEqual([['Person'], 'salary']);
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
