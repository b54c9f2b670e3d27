import neo4j from 'neo4j-driver';
import {
  chooseDialect,
  createFulltextCypher,
  createIndexCypher,
  dropFulltextCypher,
  dropIndexCypher,
  encodeId,
  encodeIds,
  idExpr,
  listIndexesCypher,
  parseServerVersion,
} from './dialect';

describe('dialect choice from the dbms.components() version', () => {
  it.each([
    ['3.5.35', 'v3', 'id', false, 'db.indexes'],
    ['4.4.26', 'v4', 'id', true, 'show'],
    ['4.1.3', 'v4', 'id', true, 'db.indexes'],
    ['5.26.0', 'v5', 'elementId', true, 'show'],
    ['5.0.0', 'v5', 'elementId', true, 'show'],
    ['2025.01.0', 'v5', 'elementId', true, 'show'],
  ])('%s → %s', (version, kind, idFunction, multiDatabase, listing) => {
    const d = chooseDialect(version);
    expect(d.kind).toBe(kind);
    expect(d.idFunction).toBe(idFunction);
    expect(d.multiDatabase).toBe(multiDatabase);
    expect(d.indexListing).toBe(listing);
  });

  it('knows the 4.3 boundaries (relationship indexes, fulltext DDL)', () => {
    expect(chooseDialect('4.2.0').relationshipIndexes).toBe(false);
    expect(chooseDialect('4.2.0').fulltextDdl).toBe(false);
    expect(chooseDialect('4.4.0').relationshipIndexes).toBe(true);
    expect(chooseDialect('4.4.0').fulltextDdl).toBe(true);
    expect(chooseDialect('3.5.0').passwordChange).toBe('http');
    expect(chooseDialect('4.4.0').passwordChange).toBe('alter-current-user');
  });

  it('refuses versions before 3.5 and unreadable strings', () => {
    expect(() => chooseDialect('3.4.9')).toThrow(/not supported/);
    expect(() => parseServerVersion('banana')).toThrow();
    expect(parseServerVersion('Neo4j/4.4.12').major).toBe(4);
  });
});

describe('ids per version', () => {
  it('id() with Integer parameters on 3.5 and 4.4, elementId() with strings on 5', () => {
    const v3 = chooseDialect('3.5.1');
    const v5 = chooseDialect('5.13.0');
    expect(idExpr(v3, 'n')).toBe('id(n)');
    expect(idExpr(v5, 'n')).toBe('elementId(n)');
    const encoded = encodeId(v3, '42');
    expect(neo4j.isInt(encoded)).toBe(true);
    expect(String(encoded)).toBe('42');
    expect(encodeId(v5, '4:abc:42')).toBe('4:abc:42');
  });

  it('drops ids that cannot exist in the dialect (they match nothing)', () => {
    const v4 = chooseDialect('4.4.0');
    expect(encodeId(v4, '4:abc:1')).toBeUndefined();
    expect(encodeId(v4, '-1')).toBeUndefined();
    expect(encodeId(v4, '99999999999999999999')).toBeUndefined();
    expect(encodeIds(v4, ['1', 'x', '2']).map(String)).toEqual(['1', '2']);
  });
});

describe('index commands per version', () => {
  const node = { entity: 'node' as const, token: 'Person', properties: ['name', 'born year'] };
  const rel = { entity: 'relationship' as const, token: 'KNOWS', properties: ['since'] };

  it('3.5: CREATE INDEX ON :Label(props), DROP INDEX ON, no relationship indexes', () => {
    const d = chooseDialect('3.5.14');
    expect(createIndexCypher(d, node)).toBe('CREATE INDEX ON :`Person`(`name`, `born year`)');
    expect(dropIndexCypher(d, node, 'index_1')).toBe('DROP INDEX ON :`Person`(`name`, `born year`)');
    expect(() => createIndexCypher(d, rel)).toThrow(/4\.3/);
    expect(listIndexesCypher(d)).toBe('CALL db.indexes()');
  });

  it('4.4: named indexes with IF NOT EXISTS, relationship pattern, DROP INDEX name', () => {
    const d = chooseDialect('4.4.30');
    expect(createIndexCypher(d, node, 'gas_n_Person')).toBe(
      'CREATE INDEX `gas_n_Person` IF NOT EXISTS FOR (n:`Person`) ON (n.`name`, n.`born year`)',
    );
    expect(createIndexCypher(d, rel, 'gas_r_KNOWS')).toBe('CREATE INDEX `gas_r_KNOWS` IF NOT EXISTS FOR ()-[r:`KNOWS`]-() ON (r.`since`)');
    expect(dropIndexCypher(d, node, 'gas_n_Person')).toBe('DROP INDEX `gas_n_Person` IF EXISTS');
    expect(listIndexesCypher(d)).toBe('SHOW INDEXES');
  });

  it('refuses identifiers that could break out of the backticks', () => {
    const d = chooseDialect('5.1.0');
    expect(() => createIndexCypher(d, { entity: 'node', token: 'A`) DETACH DELETE n //', properties: ['p'] })).toThrow(/Invalid label/);
    expect(() => createIndexCypher(d, { entity: 'node', token: 'A', properties: ['p`'] })).toThrow(/Invalid property/);
  });

  it('fulltext: procedures with parameters on 3.5, DDL with quoted identifiers on 4.4 / 5', () => {
    const v3 = createFulltextCypher(chooseDialect('3.5.0'), 'gas_fulltext', ['Person', 'Movie'], ['name', 'title']);
    expect(v3.query).toBe('CALL db.index.fulltext.createNodeIndex($name, $labels, $properties)');
    expect(v3.params).toEqual({ name: 'gas_fulltext', labels: ['Person', 'Movie'], properties: ['name', 'title'] });
    expect(dropFulltextCypher(chooseDialect('3.5.0'), 'gas_fulltext')).toEqual({
      query: 'CALL db.index.fulltext.drop($name)',
      params: { name: 'gas_fulltext' },
    });
    const v5 = createFulltextCypher(chooseDialect('5.20.0'), 'gas_fulltext', ['Person', 'Movie'], ['name', 'title']);
    expect(v5.query).toBe('CREATE FULLTEXT INDEX `gas_fulltext` IF NOT EXISTS FOR (n:`Person`|`Movie`) ON EACH [n.`name`, n.`title`]');
    expect(dropFulltextCypher(chooseDialect('4.4.0'), 'gas_fulltext').query).toBe('DROP INDEX `gas_fulltext` IF EXISTS');
    expect(createFulltextCypher(chooseDialect('4.2.0'), 'gas_fulltext', ['A'], ['b']).query).toMatch(
      /^CALL db\.index\.fulltext\.createNodeIndex/,
    );
  });
});
