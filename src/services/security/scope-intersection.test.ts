import type { AccessScope, PropertyRule } from '../../graph/graph-store';
import { UNRESTRICTED } from '../../graph/graph-store';
import { isPropertyVisible } from '../graph/property-visibility';
import { intersectAccessScopes } from './scope-intersection';

const person = { label: 'Person' };
const cz = { property: 'country', operator: '=' as const, value: 'CZ' };

describe('intersectAccessScopes', () => {
  test('when both scopes are unrestricted, then the result is unrestricted; when one is, then the result is the other', () => {
    expect(intersectAccessScopes(UNRESTRICTED, UNRESTRICTED)).toEqual(UNRESTRICTED);
    const restricted: AccessScope = {
      unrestricted: false,
      labels: ['Person'],
      types: '*',
      nodeFilter: cz,
      nodeProperties: { Person: { deny: ['ssn'] } },
    };
    expect(intersectAccessScopes(UNRESTRICTED, restricted)).toEqual(restricted);
    expect(intersectAccessScopes(restricted, UNRESTRICTED)).toEqual(restricted);
    expect(intersectAccessScopes(restricted, UNRESTRICTED)).not.toBe(restricted);
  });

  test('when both restrict labels, types and rows, then only the names both admit and the rows both rules admit remain', () => {
    const a: AccessScope = { unrestricted: false, labels: ['Person', 'Company'], types: '*', nodeFilter: person };
    const b: AccessScope = { unrestricted: false, labels: '*', types: ['KNOWS'], nodeFilter: cz, relationshipFilter: { type: 'KNOWS' } };
    expect(intersectAccessScopes(a, b)).toEqual({
      unrestricted: false,
      labels: ['Person', 'Company'],
      types: ['KNOWS'],
      nodeFilter: { and: [person, cz] },
      relationshipFilter: { type: 'KNOWS' },
    });
    expect(intersectAccessScopes(a, { ...b, labels: ['Company', 'Agent'] }).labels).toEqual(['Company']);
    // DATA_TYPES-only restriction (no group rules) on one side, nothing visible on the other.
    expect(intersectAccessScopes(a, { unrestricted: false, labels: [], types: [] })).toMatchObject({ labels: [], types: [] });
  });

  test('when property rules differ, then a property is visible on an element exactly when both scopes show it there', () => {
    const properties = ['name', 'ssn', 'salary', 'age'];
    const labelSets = [[], ['Person'], ['Company'], ['Person', 'Company']];
    const candidates: Array<Record<string, PropertyRule> | undefined> = [
      undefined,
      { Person: { deny: ['ssn'] } },
      { '*': { allow: ['name', 'salary', 'age'] }, Person: { deny: ['salary'] } },
      { Company: { allow: ['name'] }, '*': { deny: ['age'] } },
      { Person: { allow: ['name', 'ssn'], deny: ['ssn'] } },
    ];
    for (const ra of candidates) {
      for (const rb of candidates) {
        const a: AccessScope = { unrestricted: false, labels: '*', types: '*', ...(ra ? { nodeProperties: ra } : {}) };
        const b: AccessScope = {
          unrestricted: false,
          labels: '*',
          types: '*',
          ...(rb ? { relationshipProperties: rb, nodeProperties: rb } : {}),
        };
        const both = intersectAccessScopes(a, b);
        for (const tokens of labelSets) {
          for (const p of properties) {
            const expected = isPropertyVisible(ra, tokens, p) && isPropertyVisible(rb, tokens, p);
            expect([tokens, p, isPropertyVisible(both.nodeProperties, tokens, p)]).toEqual([tokens, p, expected]);
            expect(isPropertyVisible(both.relationshipProperties, tokens, p)).toBe(isPropertyVisible(rb, tokens, p));
          }
        }
      }
    }
  });
});
