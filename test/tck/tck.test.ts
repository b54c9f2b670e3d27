import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Server } from 'node:http';
import request from 'supertest';
import type { TestApp } from '../support/test-app';
import { createTestApp, ADMIN_PASSWORD, testGraphBackend } from '../support/test-app';
import type { Json } from './support';
import { assertTckPresent, matchResult, parseJsonExact, parseTckValue, readExpectedTable, parseFeature } from './support';
import type { Http, ScenarioResult } from './runner';
import {
  TckRunner,
  READING_FOLDERS,
  WRITING_FOLDERS,
  PASSED,
  readRatchet,
  writeRatchet,
  summaryTable,
  failureReport,
  ratchetOf,
  scenarioKey,
} from './runner';

/**
 * The openCypher TCK (../shared/opencypher-tck beside the repository) through POST /data/cypher,
 * with a ratchet: test/tck/ratchet-<backend>.txt lists every scenario that passed when it was
 * last written, and this test fails when one of them no longer passes.
 *
 *   TCK_WRITE_RATCHET=1  rewrites the ratchet from this run (entries of folders not run are kept)
 *   TCK_FOLDERS=a,b      runs only these folders (under features/; default: the reading and writing-clause folders)
 *   TCK_REPORT=1         writes every scenario's outcome to $TMPDIR/tck-<backend>-results.tsv, the failures
 *                        to tck-<backend>-failures.txt and the table per feature file to tck-<backend>-features.txt
 */
const RATCHET = path.join(__dirname, `ratchet-${testGraphBackend}.txt`);
const folders = process.env.TCK_FOLDERS
  ? process.env.TCK_FOLDERS.split(',')
      .map((f) => f.trim())
      .filter(Boolean)
  : [...READING_FOLDERS, ...WRITING_FOLDERS];
const inScope = (key: string) => folders.some((f) => key.startsWith(`${f}/`));

let t: TestApp;
let server: Server;

beforeAll(async () => {
  assertTckPresent();
  // A loaded CI machine must not turn a slow answer into a 504 (the slowest TCK queries take
  // seconds on PostgreSQL), nor refuse the runner's retries of a query too complex to parse in time.
  t = await createTestApp({ graphdb: { queryTimeoutMs: 120_000 }, cypher: { maxTooComplex: 1000 } });
  server = t.app.listen(0);
});

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await t?.close();
});

test(
  'when the TCK scenarios run through POST /data/cypher, then every scenario of the ratchet still passes',
  async () => {
    const admin = t.basic('admin', ADMIN_PASSWORD);
    const http: Http = async (method, url, body) => {
      let call = (method === 'post' ? request(server).post(url) : request(server).delete(url)).set('Authorization', admin);
      if (body !== undefined) call = call.type('json').send(body);
      const answer = await call.buffer(true).parse((res, done) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => done(null, text));
      });
      return { status: answer.status, text: answer.body as string };
    };
    const runner = new TckRunner(http);
    const started = Date.now();
    const results: ScenarioResult[] = await runner.runAll(folders);
    const seconds = ((Date.now() - started) / 1000).toFixed(0);

    console.log(
      `openCypher TCK on ${testGraphBackend}, ${results.length} scenarios in ${seconds} s (folders: ${folders.join(', ')})\n${summaryTable(results, testGraphBackend)}`,
    );
    if (process.env.TCK_REPORT) {
      const file = path.join(os.tmpdir(), `tck-${testGraphBackend}-results.tsv`);
      fs.writeFileSync(
        file,
        results
          .map((r) =>
            [
              r.outcome,
              r.feature,
              r.name,
              r.neo4j ?? '',
              String(r.ms),
              (r.query ?? '').replace(/\s+/g, ' '),
              (r.detail ?? '').replace(/\s+/g, ' '),
            ].join('\t'),
          )
          .join('\n'),
      );
      fs.writeFileSync(path.join(os.tmpdir(), `tck-${testGraphBackend}-failures.txt`), failureReport(results, 5000));
      fs.writeFileSync(
        path.join(os.tmpdir(), `tck-${testGraphBackend}-features.txt`),
        summaryTable(results, testGraphBackend, (r) => r.feature, 'feature'),
      );
      console.log(`every outcome: ${file}`);
    }

    const ratchet = readRatchet(RATCHET);
    if (process.env.TCK_WRITE_RATCHET === '1') {
      const kept = ratchet.filter((k) => !inScope(k));
      const header = [
        `Scenarios of the openCypher TCK (../shared/opencypher-tck, commit 677cbafabb8c) that pass on the ${testGraphBackend} backend:`,
        'feature<TAB>scenario, as in neo4j-3.5.5-outcomes.tsv. test/tck/tck.test.ts fails when one of them no longer passes.',
        'Rewritten by `TCK_WRITE_RATCHET=1 npx jest test/tck`; entries are only added by a rewrite, never by hand.',
      ].join('\n');
      writeRatchet(RATCHET, results, header, kept);
      console.log(`ratchet rewritten: ${ratchetOf(results).length + kept.length} scenarios in ${RATCHET}`);
      return;
    }
    const byKey = new Map(results.map((r) => [scenarioKey(r), r]));
    // A query the machine was too slow for (the parse time limit, still refused after six tries, or
    // the statement time limit) says nothing about the translation: listed, not a regression.
    const tooSlow = (k: string) => /CYPHER_TOO_COMPLEX|GRAPH_TIMEOUT|^504 /.test(byKey.get(k)?.detail ?? '');
    const slow = ratchet.filter(inScope).filter((k) => !PASSED.has(byKey.get(k)?.outcome ?? 'skipped-step') && tooSlow(k));
    if (slow.length) console.warn(`TCK scenarios of the ratchet this machine was too slow for (not counted):\n${slow.join('\n')}`);
    const regressions = ratchet
      .filter(inScope)
      .filter((k) => !PASSED.has(byKey.get(k)?.outcome ?? 'skipped-step') && !tooSlow(k))
      .map((k) => {
        const r = byKey.get(k);
        return r
          ? `${k.replace('\t', ' | ')}: ${r.outcome} ${r.detail ?? ''}`.slice(0, 600)
          : `${k.replace('\t', ' | ')}: not found in the TCK`;
      });
    expect(regressions).toEqual([]);
    const fiveHundreds = results.filter((r) => r.outcome === '5xx').map((r) => `${scenarioKey(r)}: ${r.detail}`);
    if (fiveHundreds.length) console.log(`5xx answers (never an answer):\n${fiveHundreds.join('\n')}`);
  },
  45 * 60_000,
);

test("when the runner compares answers, then it tells the TCK's values apart as the TCK does", () => {
  const table = readExpectedTable([
    ['n', 'x', 'p'],
    ["(:A:B {name: 'a'})", '[1, 2.5, null]', '<(:A)-[:T {w: 1}]->(:B)<-[:S]-()>'],
  ]);
  const node = (id: string, labels: string[], properties: object) => ({ id, labels, properties });
  const rel = (id: string, type: string, s: string, e: string, properties: object) => ({
    id,
    type,
    startNodeId: s,
    endNodeId: e,
    properties,
  });
  const path = {
    nodes: [node('1', ['A'], {}), node('2', ['B'], {}), node('3', [], {})],
    relationships: [rel('7', 'T', '1', '2', { w: 1 }), rel('8', 'S', '3', '2', {})],
  };
  const answer = (x: string, p: object = path) =>
    parseJsonExact(JSON.stringify({ rows: [[node('9', ['B', 'A'], { name: 'a' }), 'X', p]] }).replace('"X"', x)) as { rows: Json[][] };
  const compare = (x: string, p?: object) =>
    matchResult(table, ['n', 'x', 'p'], answer(x, p).rows, { ordered: false, unorderedLists: false }).match;
  expect(compare('[1, 2.5, null]')).toBe('exact');
  expect(compare('[1.0, 2.5, null]')).toBe('no');
  expect(compare('[1, 2.5]')).toBe('no');
  expect(compare('[2.5, 1, null]')).toBe('no');
  expect(compare('[1, 2.5, null]', { ...path, relationships: [rel('7', 'T', '2', '1', { w: 1 }), path.relationships[1]] })).toBe('no');
  expect(
    matchResult(readExpectedTable([['f'], ['1.0']]), ['f'], [[parseJsonExact('1')]], { ordered: true, unorderedLists: false }).match,
  ).toBe('floatAsInteger');
  expect(
    matchResult(readExpectedTable([['i'], ['9223372036854775807']]), ['i'], [[parseJsonExact('9223372036854775806')]], {
      ordered: true,
      unorderedLists: false,
    }).match,
  ).toBe('no');
  expect(parseTckValue("{a: 'it\\'s', `b c`: -0.5e1}")).toEqual({
    k: 'map',
    v: new Map<string, unknown>([
      ['a', { k: 'string', v: "it's" }],
      ['b c', { k: 'float', v: -5 }],
    ]),
  });
  const outline = parseFeature(
    [
      'Feature: F',
      '  Scenario Outline: [1] Thing <x>',
      '    Given any graph',
      '    When executing query:',
      '      """',
      '      RETURN <x> AS v',
      '      """',
      '    Then the result should be empty',
      '',
      '    Examples:',
      '      | x |',
      '      | 1 |',
      "      | 'a\\|b' |",
    ].join('\n'),
    'f.feature',
  );
  expect(outline.map((s) => [s.name, s.steps[1].docString])).toEqual([
    ['[1] Thing 1 #1', 'RETURN 1 AS v'],
    ["[1] Thing 'a|b' #2", "RETURN 'a|b' AS v"],
  ]);
});
