import type { CanvasNode } from '../state/canvas-state';
import { categories, edgeStyleMaps, mix, nodeStyleMaps, NO_VALUE_COLOR, OTHER_COLOR, PALETTE, propertyKeys } from './data-style';
import { parseAppearance } from './saved-appearance';

const node = (id: string, properties: CanvasNode['properties']) => ({ id, labels: ['Character'], properties, x: 0, y: 0 });
const nodes = [node('1', { group: 'a', age: 10 }), node('2', { group: 'b', age: 30 }), node('3', { group: 'a', age: 20 }), node('4', {})];

describe('style by the data', () => {
  test('when coloured by categories, then the most frequent value takes the first colour and the legend counts each value and the nodes without one', () => {
    const maps = nodeStyleMaps(nodes, { nodeColor: { mode: 'categories', key: { property: 'group' } } }, {});
    expect(maps.colors.get('1')).toBe(PALETTE[0]);
    expect(maps.colors.get('3')).toBe(PALETTE[0]);
    expect(maps.colors.get('2')).toBe(PALETTE[1]);
    expect(maps.colors.get('4')).toBe(NO_VALUE_COLOR);
    expect(maps.legend).toEqual({
      kind: 'categories',
      key: { property: 'group' },
      other: 0,
      items: [
        { value: 'a', count: 2, color: PALETTE[0] },
        { value: 'b', count: 1, color: PALETTE[1] },
        { value: null, count: 1, color: NO_VALUE_COLOR },
      ],
    });
  });

  test('when there are more categories than colours, then the rest share the "other" colour and are counted together', () => {
    const many = Array.from({ length: PALETTE.length + 3 }, (_, i) => node(String(i), { v: i }));
    const { items, other } = categories(many, { property: 'v' }, {});
    expect(items).toHaveLength(PALETTE.length);
    expect(other).toBe(3);
    expect(
      nodeStyleMaps(many, { nodeColor: { mode: 'categories', key: { property: 'v' } } }, {}).colors.get(String(PALETTE.length + 2)),
    ).toBe(OTHER_COLOR);
  });

  test('when coloured by a numeric range, then the ends of the gradient go to the smallest and largest values', () => {
    const maps = nodeStyleMaps(nodes, { nodeColor: { mode: 'ranges', key: { property: 'age' }, from: '#000000', to: '#ffffff' } }, {});
    expect(maps.colors.get('1')).toBe('#000000');
    expect(maps.colors.get('2')).toBe('#ffffff');
    expect(maps.colors.get('3')).toBe(mix('#000000', '#ffffff', 0.5));
    expect(maps.colors.get('4')).toBe(NO_VALUE_COLOR);
    expect(maps.legend).toMatchObject({ kind: 'gradient', min: 10, max: 30, missing: 1 });
  });

  test('when sized by a metric, then the largest value gets the largest size and a node without a value the smallest', () => {
    const maps = nodeStyleMaps(
      nodes,
      { nodeSize: { key: { metric: 'pagerank' }, min: 2, max: 20 } },
      { pagerank: { '1': 0.1, '2': 0.5, '3': 0.3 } },
    );
    expect(maps.sizes.get('2')).toBe(20);
    expect(maps.sizes.get('1')).toBe(2);
    expect(maps.sizes.get('3')).toBeGreaterThan(2);
    expect(maps.sizes.get('4')).toBe(2);
  });

  test('when edges are styled by a property, then widths follow its range and captions show its value', () => {
    const rels = [
      { id: 'r1', type: 'T', startNodeId: '1', endNodeId: '2', properties: { weight: 1 } },
      { id: 'r2', type: 'T', startNodeId: '2', endNodeId: '3', properties: { weight: 5 } },
    ];
    const maps = edgeStyleMaps(rels, { edgeWidth: { property: 'weight', min: 1, max: 4 }, edgeCaption: { property: 'weight' } });
    expect(maps.widths.get('r1')).toBe(1);
    expect(maps.widths.get('r2')).toBe(4);
    expect(maps.captions.get('r2')).toBe('5');
  });

  test('when property keys are listed, then numeric ones are told apart', () => {
    expect(propertyKeys(nodes)).toEqual({ all: ['age', 'group'], numeric: ['age'] });
  });

  test('when a saved appearance is read, then the parts that do not fit are left out', () => {
    expect(
      parseAppearance({
        nodeColor: { mode: 'categories', key: { property: 'group' } },
        nodeSize: { key: { metric: 'nope' }, min: 1, max: 2 },
        edgeWidth: { property: 'w', min: 5, max: 1 },
      }),
    ).toEqual({ nodeColor: { mode: 'categories', key: { property: 'group' } } });
    expect(parseAppearance('junk')).toEqual({});
  });
});
