import { addSubgraph, EMPTY, select, toggleLabel, toggleType } from '../state/canvas-state';
import type { ReadContent } from './content';
import { fromContent, toContent } from './content';

const alice = { id: '1', labels: ['Person'], properties: { name: 'Alice' } };
const acme = { id: '3', labels: ['Company'], properties: { name: 'Acme' } };
const worksAt = { id: '11', type: 'WORKS_AT', startNodeId: '1', endNodeId: '3', properties: { since: 2020 } };

describe('visualization content', () => {
  test('when the canvas is saved and read back, then positions, filters, selection and view come back exactly', () => {
    const state = select(['3', '11'])(
      toggleType('KNOWS')(toggleLabel('Company')(addSubgraph({ nodes: [alice, acme], relationships: [worksAt] })(EMPTY))),
    );
    const view = { x: 0.42, y: 0.61, ratio: 0.5, angle: 0 };
    const saved = toContent(state, view);
    expect(saved.nodes).toEqual([
      { id: '1', x: state.nodes['1'].x, y: state.nodes['1'].y },
      { id: '3', x: state.nodes['3'].x, y: state.nodes['3'].y },
    ]);
    expect(saved.filters.map((f) => f.filter)).toEqual([{ not: { label: 'Company' } }, { not: { type: 'KNOWS' } }]);
    // The server answers each element fresh from the graph.
    const read: ReadContent = {
      ...saved,
      nodes: saved.nodes.map((n) => ({
        ...n,
        labels: n.id === '1' ? alice.labels : acme.labels,
        properties: n.id === '1' ? alice.properties : acme.properties,
      })),
      relationships: [{ ...worksAt }],
    };
    const back = fromContent(read);
    expect(back.state).toEqual(state);
    expect(back.view).toEqual(view);
  });

  test('when a relationship comes back whose end is gone, then it is left out', () => {
    const back = fromContent({
      version: 1,
      nodes: [{ id: '1', x: 0, y: 0, labels: ['Person'], properties: {} }],
      relationships: [worksAt],
      filters: [],
      selection: { nodes: [], relationships: ['11'] },
      view: { zoom: 1, pan: { x: 0.5, y: 0.5 } },
    });
    expect(back.state.relationships).toEqual({});
    expect(back.state.selection).toEqual([]);
  });
});
