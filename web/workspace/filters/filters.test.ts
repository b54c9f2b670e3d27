import type { CanvasNode } from '../state/canvas-state';
import {
  categoryCounts,
  dateKeys,
  filteredOut,
  fromSaved,
  nextFrame,
  putFilter,
  timeFormOf,
  timeOf,
  toggleCategory,
  toSaved,
} from './filters';

const node = (id: string, properties: CanvasNode['properties']) => ({ id, labels: ['Character'], properties, x: 0, y: 0 });
const nodes = [
  node('1', { group: 1, age: 10, born: '1815-10-03' }),
  node('2', { group: 2, age: 30, born: '1832-06-05' }),
  node('3', { group: 1, age: 20, seen: 1_600_000_000 }),
  node('4', {}),
];

describe('canvas filters', () => {
  test('when a category is hidden, then its nodes are filtered out and the others stay, those without the property too', () => {
    const filters = toggleCategory([{ kind: 'categories', property: 'group', hidden: [] }], 0, 2);
    expect([...filteredOut(nodes, filters)]).toEqual(['2']);
    expect([...filteredOut(nodes, toggleCategory(filters, 0, null))].sort()).toEqual(['2', '4']);
    expect(toggleCategory(filters, 0, 2)[0]).toEqual({ kind: 'categories', property: 'group', hidden: [] });
  });

  test('when a range is set, then nodes outside it or without a number are filtered out', () => {
    expect([...filteredOut(nodes, [{ kind: 'range', property: 'age', min: 15, max: 30 }])].sort()).toEqual(['1', '4']);
  });

  test('when a timeline is set, then ISO dates and epoch seconds are read as times', () => {
    expect(timeOf('1815-10-03')).toBe(Date.UTC(1815, 9, 3));
    expect(timeOf(1_600_000_000)).toBe(1_600_000_000_000);
    expect(timeOf(1_600_000_000_000)).toBe(1_600_000_000_000);
    expect(timeOf('Fantine')).toBeNull();
    expect(
      [...filteredOut(nodes, [{ kind: 'timeline', property: 'born', from: Date.UTC(1830, 0, 1), to: Date.UTC(1840, 0, 1) }])].sort(),
    ).toEqual(['1', '3', '4']);
    expect(dateKeys(nodes)).toEqual(['born', 'seen']);
  });

  test('when a timeline plays, then its window moves to the end and starts again', () => {
    const filter = { kind: 'timeline' as const, property: 'born', from: 0, to: 10 };
    expect(nextFrame(filter, { min: 0, max: 100 }, 5)).toEqual({ ...filter, from: 5, to: 15 });
    expect(nextFrame({ ...filter, from: 90, to: 100 }, { min: 0, max: 100 }, 5)).toEqual({ ...filter, from: 0, to: 10 });
  });

  test('when categories are counted, then the most frequent come first and nodes without the property count as no value', () => {
    expect(categoryCounts(nodes, 'group')).toEqual([
      { value: 1, text: '1', count: 2 },
      { value: 2, text: '2', count: 1 },
      { value: null, text: null, count: 1 },
    ]);
  });

  test('when filters are saved and read back, then they are the same filters, written in the filter language', () => {
    const filters = putFilter(
      putFilter(putFilter([], { kind: 'categories', property: 'group', hidden: [2, null] }), {
        kind: 'range',
        property: 'age',
        min: 1,
        max: 5,
      }),
      { kind: 'timeline', property: 'born', from: Date.UTC(1820, 0, 1), to: Date.UTC(1830, 0, 1) },
    );
    const saved = filters.map((f) => toSaved(f, f.property === 'born'));
    expect(saved[0].filter).toEqual({
      and: [{ not: { property: 'group', operator: 'IN', value: [2] } }, { property: 'group', operator: 'IS NOT NULL' }],
    });
    expect(saved[2].filter).toEqual({
      and: [
        { property: 'born', operator: '>=', value: '1820-01-01T00:00:00.000Z' },
        { property: 'born', operator: '<=', value: '1830-01-01T00:00:00.000Z' },
      ],
    });
    expect(saved.map(fromSaved)).toEqual(filters);
    expect(fromSaved({ target: 'nodes', filter: { not: { label: 'Person' } } })).toBeNull();
  });

  it('when a property holds typed temporal values, then the timeline reads them and saves bounds of the same type', () => {
    const date = (v: string) => ({ $type: 'Date', _value: v });
    expect(timeOf(date('1815-10-03'))).toBe(Date.UTC(1815, 9, 3));
    expect(timeOf({ $type: 'LocalDateTime', _value: '2015-07-21T12:31:14.645876123' })).toBe(Date.UTC(2015, 6, 21, 12, 31, 14, 645));
    expect(timeOf({ $type: 'ZonedDateTime', _value: '2015-07-21T12:31+01:00[Europe/London]' })).toBe(Date.UTC(2015, 6, 21, 11, 31));
    expect(timeOf({ $type: 'Duration', _value: 'P1D' })).toBeNull();
    expect(dateKeys([{ id: '1', labels: [], properties: { born: date('1815-10-03'), name: 'x' } }] as never)).toEqual(['born']);
    expect(timeFormOf([undefined, date('1815-10-03')])).toBe('Date');
    expect(timeFormOf(['1815-10-03'])).toBe('text');
    const timeline = { kind: 'timeline' as const, property: 'born', from: Date.UTC(1800, 0, 1), to: Date.UTC(1850, 11, 31) };
    const saved = toSaved(timeline, 'Date');
    expect(saved.filter).toEqual({
      and: [
        { property: 'born', operator: '>=', value: date('1800-01-01') },
        { property: 'born', operator: '<=', value: date('1850-12-31') },
      ],
    });
    expect(fromSaved(saved)).toEqual(timeline);
    expect((toSaved(timeline, 'OffsetDateTime').filter.and as Array<{ value: unknown }>)[0].value).toEqual({
      $type: 'OffsetDateTime',
      _value: '1800-01-01T00:00:00.000Z',
    });
  });
});
