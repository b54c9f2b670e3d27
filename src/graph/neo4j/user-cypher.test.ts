import { UNRESTRICTED, type AccessScope } from '../graph-store';
import { chooseDialect } from './dialect';
import { prepareUserQuery } from './user-cypher';

const restrictedScope: AccessScope = { unrestricted: false, labels: ['Person'], types: '*' };
const options = (scope?: AccessScope) => ({ readOnly: false, timeoutMs: 1000, maxRows: 10, ...(scope ? { scope } : {}) });
const prepare = (query: string, scope?: AccessScope) => prepareUserQuery(chooseDialect('3.5.5'), query, {}, options(scope));

describe('prepareUserQuery', () => {
  test('when any user sends LOAD CSV (file or URL, any spelling, periodic commit), then 403 CYPHER_LOAD_CSV_REFUSED before anything reaches the server', async () => {
    for (const scope of [undefined, UNRESTRICTED, restrictedScope]) {
      for (const query of [
        "LOAD CSV FROM 'file:///etc/passwd' AS line RETURN line",
        "load csv with headers from 'http://169.254.169.254/latest/meta-data/' AS row RETURN row",
        "USING PERIODIC COMMIT 10 LOAD CSV FROM 'file:///x.csv' AS l CREATE (:X {v: l[0]})",
        "MATCH (n) WITH n LOAD /* comment */ CSV FROM 'file:///x.csv' AS l RETURN n, l",
        // 4.x syntax the 3.5 grammar cannot read is still recognised (the check is lexical).
        "CALL { LOAD CSV FROM 'file:///x.csv' AS l RETURN l } RETURN l",
      ]) {
        await expect(prepare(query, scope)).rejects.toMatchObject({
          status: 403,
          code: 'CYPHER_LOAD_CSV_REFUSED',
          message: expect.stringContaining('LOAD CSV (at 1:'),
        });
      }
    }
  });

  test('when load and csv are only names or text, then the query is not refused', async () => {
    for (const query of [
      'MATCH (load) RETURN load.csv',
      "RETURN 'LOAD CSV' AS text",
      'WITH 1 AS `load` RETURN `load` AS `csv`',
      '// LOAD CSV\nRETURN 1',
    ]) {
      await expect(prepare(query)).resolves.toMatchObject({ statement: query });
    }
  });
});
