import type { AccessScope } from '../../graph/graph-store';
import { UNRESTRICTED } from '../../graph/graph-store';
import { writeRefusal, type NodeWrite } from './write-scope';

const scope: AccessScope = {
  unrestricted: false,
  labels: ['Person', 'Thing'],
  types: ['KNOWS'],
  nodeFilter: {
    and: [{ not: { label: 'Secret' } }, { or: [{ not: { label: 'Person' } }, { property: 'country', operator: '=', value: 'CZ' }] }],
  },
  nodeProperties: { Person: { deny: ['salary'] }, Secret: { deny: ['country'] } },
};

const update = (change: Partial<NodeWrite>): NodeWrite => ({
  entity: 'node',
  labels: ['Person'],
  properties: { country: 'CZ' },
  namedLabels: [],
  namedProperties: [],
  complete: false,
  ...change,
});

describe('writeRefusal', () => {
  test('when the writer is unrestricted, then nothing is refused', () => {
    expect(writeRefusal(UNRESTRICTED, update({ labels: ['Secret'], namedLabels: ['Secret'] }))).toBeNull();
  });

  test('when a write names a label outside the scope, then it is refused naming only that label', () => {
    expect(writeRefusal(scope, update({ labels: ['Person', 'Other'], namedLabels: ['Other'] }))).toMatchObject({
      code: 'GRAPH_WRITE_HIDDEN',
      details: { labels: ['Other'], reason: 'label' },
    });
  });

  test('when an update removes the last visible label, then it is refused', () => {
    expect(writeRefusal(scope, update({ labels: [], namedLabels: ['Person'] }))).toMatchObject({
      details: { labels: ['Person'], reason: 'no-visible-label' },
    });
  });

  test('when a created node fails the row rule, then it is refused naming the properties the rule reads', () => {
    const refused = writeRefusal(scope, {
      entity: 'node',
      labels: ['Person'],
      properties: { name: 'x', country: 'US' },
      namedLabels: ['Person'],
      namedProperties: ['name', 'country'],
      complete: true,
    });
    expect(refused).toMatchObject({
      code: 'GRAPH_WRITE_HIDDEN',
      details: { labels: ['Person'], properties: ['country'], reason: 'row-rule' },
    });
  });

  test('when an update leaves unseen what the row rule reads, then it is not refused (unknown is not false)', () => {
    // The node may carry the label Secret unseen (outside scope.labels); that would hide country too.
    expect(writeRefusal(scope, update({ properties: { name: 'y' }, namedProperties: ['name'] }))).toBeNull();
    // Only a definite false is refused: Person with country US whatever the unseen label is.
    const definite = writeRefusal(
      { ...scope, nodeProperties: undefined },
      update({ properties: { country: 'US' }, namedProperties: ['country'] }),
    );
    expect(definite).toMatchObject({ details: { properties: ['country'], reason: 'row-rule' } });
  });

  test('when a relationship type is outside the scope, then its creation is refused and an update of its properties is judged by the rule only', () => {
    expect(
      writeRefusal(scope, { entity: 'relationship', type: 'HIDREL', namesType: true, properties: {}, namedProperties: [], complete: true }),
    ).toMatchObject({ details: { types: ['HIDREL'], reason: 'type' } });
  });

  test('when the rule compares numbers, strings and lists, then the values compare as the adapters compare them', () => {
    const rule = (filter: AccessScope['nodeFilter']): AccessScope => ({ unrestricted: false, labels: '*', types: '*', nodeFilter: filter });
    const create = (properties: Record<string, unknown>): NodeWrite => ({
      entity: 'node',
      labels: ['A'],
      properties,
      namedLabels: ['A'],
      namedProperties: Object.keys(properties),
      complete: true,
    });
    expect(writeRefusal(rule({ property: 'n', operator: '<', value: 5 }), create({ n: 4.5 }))).toBeNull();
    expect(writeRefusal(rule({ property: 'n', operator: '<', value: 5 }), create({ n: '4' }))).not.toBeNull();
    expect(writeRefusal(rule({ property: 'n', operator: '=', value: 1 }), create({ n: 1n }))).toBeNull();
    expect(writeRefusal(rule({ property: 'n', operator: 'IN', value: [[1, 2], 3] }), create({ n: [1, 2] }))).toBeNull();
    expect(writeRefusal(rule({ property: 's', operator: '=~', value: '(?i)ab.*' }), create({ s: 'ABc' }))).toBeNull();
    expect(writeRefusal(rule({ not: { property: 's', operator: 'IS NOT NULL' } }), create({ s: 'x' }))).not.toBeNull();
    expect(writeRefusal(rule({ not: { property: 's', operator: '=', value: 'x' } }), create({}))).toBeNull();
  });
});
