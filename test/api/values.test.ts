import type { TestApp } from '../support/test-app';
import { ADMIN_PASSWORD, createTestApp, testGraphBackend } from '../support/test-app';
import { EXPECTED_REPORT, valuesScenario } from './support/values-scenario';

/**
 * Every property value type through the API on the configured graph backend (PostgreSQL, or Neo4j
 * when the tests run against it): round trip, find with date ranges, equality and IN, sort,
 * frequency, CSV export and the refusals (docs/values.md). The same scenario runs on embedded
 * PGlite in values-embedded.test.ts.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t.close();
});

describe(`property values through the API (${testGraphBackend})`, () => {
  let report: Record<string, unknown>;

  beforeAll(async () => {
    report = await valuesScenario(t.app, t.basic('admin', ADMIN_PASSWORD));
  });

  it('when a node is written with every value type, then it reads back with floats as floats and temporal values in canonical text', () => {
    expect(report.createdStatus).toBe(EXPECTED_REPORT.createdStatus);
    expect(report.created).toBe(EXPECTED_REPORT.created);
    expect(report.read).toBe(EXPECTED_REPORT.read);
    expect(report.updated).toBe(EXPECTED_REPORT.updated);
  });

  it('when nodes are found by date ranges, equality and IN, then dates compare as dates and a missing or text value never matches', () => {
    expect(report.findRange).toEqual(EXPECTED_REPORT.findRange);
    expect(report.findEqual).toEqual(EXPECTED_REPORT.findEqual);
    expect(report.findIn).toEqual(EXPECTED_REPORT.findIn);
    expect(report.findNot).toEqual(EXPECTED_REPORT.findNot);
    expect(report.badFilter).toBe(EXPECTED_REPORT.badFilter);
  });

  it('when nodes are sorted by a date, then dates come in order before text, missing values last both ways', () => {
    expect(report.sortAsc).toEqual(EXPECTED_REPORT.sortAsc);
    expect(report.sortDesc).toEqual(EXPECTED_REPORT.sortDesc);
  });

  it('when the frequency of a date property is asked, then equal dates count together', () => {
    expect(report.frequency).toBe(EXPECTED_REPORT.frequency);
  });

  it('when nodes are exported as CSV, then dates are ISO 8601 text and floats keep their decimal point', () => {
    expect(report.csv).toEqual(EXPECTED_REPORT.csv);
    expect(report.csvVal).toEqual(EXPECTED_REPORT.csvVal);
  });

  it('when a value is not a value of its type, then 400 PROPERTY_VALUE_NOT_PORTABLE', () => {
    expect(report.refused).toEqual(EXPECTED_REPORT.refused);
  });
});
