import {
  addSubgraph,
  collapse,
  EMPTY,
  isNodeShown,
  isRelationshipShown,
  removeNodes,
  select,
  setPositions,
  toggleLabel,
  vocabulary,
} from './canvas-state';

const alice = { id: '1', labels: ['Person'], properties: { name: 'Alice' } };
const bob = { id: '2', labels: ['Person'], properties: { name: 'Bob' } };
const acme = { id: '3', labels: ['Company'], properties: { name: 'Acme' } };
const knows = { id: '10', type: 'KNOWS', startNodeId: '1', endNodeId: '2', properties: {} };
const worksAt = { id: '11', type: 'WORKS_AT', startNodeId: '2', endNodeId: '3', properties: {} };

describe('canvas state', () => {
  test('when a subgraph is added, then nodes get positions and relationships whose ends are missing are left out', () => {
    const state = addSubgraph({ nodes: [alice, bob], relationships: [knows, worksAt] })(EMPTY);
    expect(Object.keys(state.nodes).sort()).toEqual(['1', '2']);
    expect(Object.keys(state.relationships)).toEqual(['10']);
    expect(Number.isFinite(state.nodes['1'].x) && Number.isFinite(state.nodes['1'].y)).toBe(true);
    expect(EMPTY.nodes).toEqual({});
  });

  test('when a node already on the canvas comes again, then it keeps its place and takes the fresh properties', () => {
    const first = setPositions({ '1': { x: 7, y: 8 } })(addSubgraph({ nodes: [alice], relationships: [] })(EMPTY));
    const again = addSubgraph({ nodes: [{ ...alice, properties: { name: 'Alice B.' } }], relationships: [] })(first);
    expect(again.nodes['1']).toMatchObject({ x: 7, y: 8, properties: { name: 'Alice B.' } });
  });

  test('when an expansion is collapsed, then only neighbours connected to nothing else go', () => {
    const state = addSubgraph({ nodes: [alice, bob, acme], relationships: [knows, worksAt] })(EMPTY);
    const collapsed = collapse('2')(state);
    expect(Object.keys(collapsed.nodes).sort()).toEqual(['2']);
    const keepsShared = collapse('1')(state);
    expect(Object.keys(keepsShared.nodes).sort()).toEqual(['1', '2', '3']);
  });

  test('when nodes are removed, then their relationships and selection go with them', () => {
    const state = select(['1', '2', '10'])(addSubgraph({ nodes: [alice, bob], relationships: [knows] })(EMPTY));
    const removed = removeNodes(['2'])(state);
    expect(Object.keys(removed.nodes)).toEqual(['1']);
    expect(removed.relationships).toEqual({});
    expect(removed.selection).toEqual(['1']);
  });

  test('when a label is filtered away, then its nodes and their relationships are not shown, and the vocabulary counts them', () => {
    const state = toggleLabel('Company')(addSubgraph({ nodes: [alice, bob, acme], relationships: [knows, worksAt] })(EMPTY));
    expect(isNodeShown(state, state.nodes['3'])).toBe(false);
    expect(isNodeShown(state, state.nodes['1'])).toBe(true);
    expect(isRelationshipShown(state, state.relationships['11'])).toBe(false);
    expect(isRelationshipShown(state, state.relationships['10'])).toBe(true);
    expect(vocabulary(state)).toEqual({
      labels: [
        ['Company', 1],
        ['Person', 2],
      ],
      types: [
        ['KNOWS', 1],
        ['WORKS_AT', 1],
      ],
    });
    expect(toggleLabel('Company')(state).hiddenLabels).toEqual([]);
  });
});
