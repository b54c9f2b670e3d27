import { columnsFor, formatValue, propertySchema } from './data-schema';

const schema = {
  nodes: {
    '*': { note: { title: 'Note', dataType: 'string' as const } },
    Person: {
      name: { title: 'Name', dataType: 'string' as const, role: 'title' as const },
      salary: { title: 'Salary', dataType: 'integer' as const, hidden: true },
      born: { title: 'Born', dataType: 'date' as const },
    },
  },
  relationships: {},
};

describe('DATA_SCHEMA on pages', () => {
  test('when columns are chosen, then hidden properties are left out, the title comes first and titles replace names', () => {
    expect(columnsFor(schema, ['Person'], ['born', 'salary', 'name', 'note', 'zip']).map((c) => c.title)).toEqual([
      'Name',
      'Born',
      'Note',
      'zip',
    ]);
  });

  test("when a label has no entry for a property, then '*' describes it", () => {
    expect(propertySchema(schema, 'nodes', ['Person'], 'note')?.title).toBe('Note');
    expect(propertySchema(schema, 'nodes', ['Company'], 'name')).toBeUndefined();
  });

  test('when values are formatted, then dates and numbers follow the locale', () => {
    expect(formatValue('1990-04-01', schema.nodes.Person.born, 'en-US')).toBe('Apr 1, 1990');
    expect(formatValue('1990-04-01', schema.nodes.Person.born, 'de-DE')).toBe('01.04.1990');
    expect(formatValue(1234567, schema.nodes.Person.salary, 'de-DE')).toBe('1.234.567');
    expect(formatValue(['a', 'b'], undefined)).toBe('a, b');
    expect(formatValue({ $type: 'Date', _value: '1990-04-01' }, undefined, 'de-DE')).toBe('01.04.1990');
    expect(formatValue({ $type: 'LocalDateTime', _value: '1990-04-01T12:30:05.123456' }, undefined, 'en-US')).toBe(
      'Apr 1, 1990, 12:30:05 PM',
    );
    expect(formatValue({ $type: 'Duration', _value: 'P1DT2H' }, undefined)).toBe('P1DT2H');
    expect(formatValue([{ $type: 'Point', _value: 'SRID=7203;POINT (1.0 2.0)' }], undefined)).toBe('SRID=7203;POINT (1.0 2.0)');
    expect(formatValue(null, undefined)).toBe('');
  });
});
