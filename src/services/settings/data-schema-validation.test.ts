import { assertDataSchema, dataSchemaViolations } from './data-schema-validation';
import type { DataSchema } from './data-schema';
import { AppError } from '../../errors';
import { SettingsService } from './settings-service';
import type { TestApp } from '../../../test/support/test-app';
import { createTestApp } from '../../../test/support/test-app';

const schema: DataSchema = {
  nodes: {
    '*': { note: { dataType: 'string', maxLength: 5 }, name: { dataType: 'string', maxLength: 100 } },
    Person: {
      name: { dataType: 'string', mandatory: true, maxLength: 10 },
      uuid: { dataType: 'string', readOnly: true },
      age: { dataType: 'integer', min: 0, max: 150 },
      status: { dataType: 'string', allowedValues: ['active', 'retired'] },
      tags: { dataType: 'list', allowedValues: ['a', 'b'], maxLength: 2 },
      born: { dataType: 'date', min: '1900-01-01', max: '2100-01-01' },
      seen: { dataType: 'datetime' },
      score: { dataType: 'float' },
      vip: { dataType: 'boolean' },
    },
    Employee: { badge: { dataType: 'integer', mandatory: true } },
  },
  relationships: { KNOWS: { since: { dataType: 'integer', min: 1900, mandatory: true, readOnly: true } } },
};

const rules = (labels: string[], properties: Record<string, unknown>, mode: 'create' | 'update' = 'create') =>
  dataSchemaViolations(schema, 'node', labels, properties, mode).map((v) => `${v.property}:${v.rule}`);

describe('DATA_SCHEMA input restrictions', () => {
  test('when a node meets every restriction, then there is no violation', () => {
    expect(
      rules(['Person'], {
        name: 'Alice',
        uuid: 'u-1',
        age: 30,
        status: 'active',
        tags: ['a'],
        born: '1990-05-06',
        seen: '2024-01-02T03:04:05Z',
        score: 1,
        vip: true,
        other: { any: 1 },
      }),
    ).toEqual([]);
  });

  test('when a mandatory property is missing, null or empty on create, then mandatory', () => {
    expect(rules(['Person'], {})).toEqual(['name:mandatory']);
    expect(rules(['Person'], { name: null })).toEqual(['name:mandatory']);
    expect(rules(['Person'], { name: '' })).toEqual(['name:mandatory']);
  });

  test('when an update leaves a mandatory property out, then that is allowed; removing it is not', () => {
    expect(rules(['Person'], { age: 3 }, 'update')).toEqual([]);
    expect(rules(['Person'], { name: null }, 'update')).toEqual(['name:mandatory']);
  });

  test('when a read-only property is written, then allowed on create and refused on update', () => {
    expect(rules(['Person'], { name: 'A', uuid: 'x' })).toEqual([]);
    expect(rules(['Person'], { uuid: 'y' }, 'update')).toEqual(['uuid:readOnly']);
  });

  test.each([
    [{ age: 'old' }, 'age:dataType'],
    [{ age: 1.5 }, 'age:dataType'],
    [{ age: -1 }, 'age:min'],
    [{ age: 151 }, 'age:max'],
    [{ status: 'gone' }, 'status:allowedValues'],
    [{ tags: ['a', 'c'] }, 'tags:allowedValues'],
    [{ tags: ['a', 'b', 'a'] }, 'tags:maxLength'],
    [{ tags: 'a' }, 'tags:dataType'],
    [{ born: '1800-01-01' }, 'born:min'],
    [{ born: '2020-13-45' }, 'born:dataType'],
    [{ born: '2020-01-01T00:00:00Z' }, 'born:dataType'],
    [{ seen: 'yesterday' }, 'seen:dataType'],
    [{ score: '1.0' }, 'score:dataType'],
    [{ vip: 'yes' }, 'vip:dataType'],
    [{ name: 'A very long name' }, 'name:maxLength'],
  ])('when a node has %j, then %s', (properties, expected) => {
    expect(rules(['Person'], { name: 'A', ...properties })).toEqual([expected]);
  });

  test('when a property is described for the label and for "*", then the label wins; otherwise "*" applies', () => {
    expect(rules(['Person'], { name: 'Abcdefghi' })).toEqual([]);
    expect(rules(['Company'], { name: 'x'.repeat(101) })).toEqual(['name:maxLength']);
    expect(rules(['Person'], { name: 'A', note: '123456' })).toEqual(['note:maxLength']);
  });

  test('when a node has several labels, then the restrictions of each apply', () => {
    expect(rules(['Person', 'Employee'], { name: 'A' })).toEqual(['badge:mandatory']);
  });

  test('when a relationship breaks its type rules, then they are reported', () => {
    expect(dataSchemaViolations(schema, 'relationship', ['KNOWS'], {}, 'create').map((v) => v.rule)).toEqual(['mandatory']);
    expect(dataSchemaViolations(schema, 'relationship', ['KNOWS'], { since: 1800 }, 'create').map((v) => v.rule)).toEqual(['min']);
    expect(dataSchemaViolations(schema, 'relationship', ['KNOWS'], { since: 2000 }, 'update').map((v) => v.rule)).toEqual(['readOnly']);
    expect(dataSchemaViolations(schema, 'relationship', ['OTHER'], { since: 'x' }, 'create')).toEqual([]);
  });

  test('when assertDataSchema fails, then 422 DATA_SCHEMA_VIOLATION names the property', () => {
    try {
      assertDataSchema(schema, 'node', ['Person'], { name: 'A', age: 'x' }, 'create');
      throw new Error('expected a violation');
    } catch (error) {
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).status).toBe(422);
      expect((error as AppError).code).toBe('DATA_SCHEMA_VIOLATION');
      expect((error as AppError).extra).toMatchObject({ property: 'age', rule: 'dataType' });
    }
  });
});

describe('SettingsService.validateNodeWrite / validateRelationshipWrite', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  test('when DATA_SCHEMA is the default, then any write passes; once stored, its restrictions apply', async () => {
    const service = new SettingsService({ deps: t.deps, db: t.deps.db, user: null, ip: '', requestId: 'test' });
    await expect(service.validateNodeWrite(['Person'], {}, 'create')).resolves.toBeUndefined();
    await t.deps.db('settings').insert({ type: 'DATA_SCHEMA', value: JSON.stringify(schema) });
    await expect(service.validateNodeWrite(['Person'], {}, 'create')).rejects.toMatchObject({
      status: 422,
      code: 'DATA_SCHEMA_VIOLATION',
      extra: { property: 'name' },
    });
    await expect(service.validateNodeWrite(['Person'], { name: 'Al' }, 'create')).resolves.toBeUndefined();
    await expect(service.validateRelationshipWrite('KNOWS', { since: 2000 }, 'update')).rejects.toMatchObject({
      code: 'DATA_SCHEMA_VIOLATION',
      extra: { property: 'since', rule: 'readOnly' },
    });
  });
});
