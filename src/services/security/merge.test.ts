import { mergeDataSecurity, mergeEntitySecurity, mergePropertySecurity } from './merge';

const person = { label: 'Person' };
const company = { label: 'Company' };
const cz = { property: 'country', operator: '=' as const, value: 'CZ' };
const sk = { property: 'country', operator: '=' as const, value: 'SK' };
const adult = { property: 'age', operator: '>=' as const, value: 18 };

describe('mergeEntitySecurity', () => {
  test('when there are no groups, then both filters are null (no restriction from groups)', () => {
    expect(mergeEntitySecurity([])).toEqual({ nodeFilter: null, relationshipFilter: null });
  });

  test('when one group sets no node filter, then the merged node filter is null (that group sees all)', () => {
    expect(mergeEntitySecurity([{ nodeFilter: person }, {}, null]).nodeFilter).toBeNull();
    expect(mergeEntitySecurity([{ nodeFilter: person }, { nodeFilter: null }]).nodeFilter).toBeNull();
  });

  test('when every group sets a filter, then the merged filter is their OR (a single group keeps its own)', () => {
    expect(mergeEntitySecurity([{ nodeFilter: person }, { nodeFilter: company }]).nodeFilter).toEqual({ or: [person, company] });
    expect(mergeEntitySecurity([{ nodeFilter: person, relationshipFilter: { type: 'KNOWS' } }])).toEqual({
      nodeFilter: person,
      relationshipFilter: { type: 'KNOWS' },
    });
  });
});

describe('mergePropertySecurity', () => {
  test('when no group restricts anything, then the result has no rules', () => {
    expect(mergePropertySecurity([{}, null])).toEqual({ nodes: {}, relationships: {} });
  });

  test('when one group hides a property and another does not mention the label, then the property is visible', () => {
    expect(mergePropertySecurity([{ nodes: { Person: { disabled: ['ssn'] } } }, {}]).nodes).toEqual({});
  });

  test('when both groups hide a property, then it stays hidden; a property hidden by one only is visible', () => {
    const merged = mergePropertySecurity([
      { nodes: { Person: { disabled: ['ssn', 'salary'] } } },
      { nodes: { Person: { disabled: ['ssn'] } } },
    ]);
    expect(merged.nodes).toEqual({ Person: { disabled: ['ssn'] } });
  });

  test("when a group's '*' rule hides a property, then it applies to labels that group does not name", () => {
    const merged = mergePropertySecurity([
      { nodes: { '*': { disabled: ['ssn'] } } },
      { nodes: { Person: { disabled: ['ssn'] }, Company: { enabled: ['name'] } } },
    ]);
    // '*': the second group has no '*' rule, so nothing is hidden everywhere; Person and Company inherit the first group's '*'.
    expect(merged.nodes).toEqual({ Person: { disabled: ['ssn'] }, Company: { disabled: ['ssn'] } });
  });

  test('when all groups list enabled properties, then the visible ones are the union minus what each group disables', () => {
    const merged = mergePropertySecurity([
      { nodes: { Person: { enabled: ['name', 'ssn'], disabled: ['ssn'] } } },
      { nodes: { Person: { enabled: ['email'] } } },
    ]);
    expect(merged.nodes).toEqual({ Person: { enabled: ['email', 'name'] } });
  });

  test('when one group lists enabled properties and another only disables some, then only properties hidden by the latter and not listed by the former stay hidden', () => {
    const merged = mergePropertySecurity([
      { relationships: { KNOWS: { enabled: ['since'] } } },
      { relationships: { KNOWS: { disabled: ['since', 'note'] } } },
    ]);
    expect(merged.relationships).toEqual({ KNOWS: { disabled: ['note'] } });
  });

  test("when an enabled list contains '*', then it does not restrict", () => {
    expect(mergePropertySecurity([{ nodes: { Person: { enabled: ['*'] } } }]).nodes).toEqual({});
  });
});

describe('mergeDataSecurity', () => {
  test('when there are no groups, then there are no rules', () => {
    expect(mergeDataSecurity([])).toEqual({ rules: [] });
  });

  test('when only some groups restrict a label, then the label is not restricted', () => {
    expect(mergeDataSecurity([{ rules: [{ label: 'Person', filter: cz }] }, { rules: [] }])).toEqual({ rules: [] });
  });

  test("when every group restricts a label, then the rule is the OR over groups of each group's AND of rules", () => {
    const merged = mergeDataSecurity([
      {
        rules: [
          { label: 'Person', filter: cz, description: 'Czech' },
          { label: 'Person', filter: adult },
        ],
      },
      {
        rules: [
          { label: 'Person', filter: sk },
          { type: 'KNOWS', filter: { property: 'since', operator: '>', value: 2000 } },
        ],
      },
    ]);
    expect(merged).toEqual({ rules: [{ label: 'Person', filter: { or: [{ and: [cz, adult] }, sk] }, description: 'Czech' }] });
  });
});
