import * as regex from './regex';
import { assertFilter, validFilter } from './identifiers';
import { BadRequestError } from '../errors';
import type { Filter } from './graph-store';

const chain = (n: number): Filter => ({ and: Array.from({ length: n }, (_, i) => ({ property: `p${i}`, operator: '=', value: i })) });
const nested = (levels: number): Filter => (levels === 0 ? { label: 'L' } : { not: nested(levels - 1) });

describe('filter validation runs once per filter', () => {
  afterEach(() => jest.restoreAllMocks());

  test('when a checked filter is checked again, alone or inside a larger tree, then its nodes are not walked again', () => {
    const spy = jest.spyOn(regex, 'parseRegex');
    const user = validFilter({ and: [{ property: 'name', operator: '=~', value: '(?i)a.*' }, { label: 'Person' }] });
    expect(spy).toHaveBeenCalledTimes(1);
    assertFilter(user);
    assertFilter({ and: [user, { label: 'Employee' }] });
    assertFilter({ or: [{ not: user }, user] });
    expect(spy).toHaveBeenCalledTimes(1);
  });

  test('when a checked filter is changed afterwards, then the change is refused (it is frozen)', () => {
    const user = validFilter({ and: [{ property: 'age', operator: 'IN', value: [1, 2] }] }) as { and: Array<{ value: unknown[] }> };
    expect(() => {
      user.and[0].value = ['`; DROP'];
    }).toThrow(TypeError);
    expect(() => user.and[0].value.push(3)).toThrow(TypeError);
  });

  test('when checked parts together exceed the limits, then the tree around them is still refused', () => {
    const a = validFilter(chain(600));
    const b = validFilter(chain(600));
    expect(() => assertFilter({ and: [a, b] })).toThrow(/at most 1000 conditions/);
    const deep = validFilter(nested(30));
    expect(() => assertFilter({ not: { not: { not: deep } } })).toThrow(/nested at most 32 levels/);
    expect(() => assertFilter({ not: { not: deep } })).not.toThrow();
  });

  test('when a filter is malformed, then 400 INVALID_FILTER every time it is checked (a failure is not remembered as checked)', () => {
    const bad = { and: [{ label: 'Person' }, { property: 'x', operator: 'LIKE', value: 1 }] };
    for (let i = 0; i < 2; i++) {
      try {
        validFilter(bad);
        throw new Error('accepted');
      } catch (error) {
        expect(error).toBeInstanceOf(BadRequestError);
        expect((error as BadRequestError).code).toBe('INVALID_FILTER');
      }
    }
  });
});
