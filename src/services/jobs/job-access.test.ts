import type { AccessScope } from '../../graph/graph-store';
import { UNRESTRICTED } from '../../graph/graph-store';
import { redactJob, REDACTED_ERROR, scopeCovers } from './job-access';
import type { JobView } from './job-views';

const czech: AccessScope = {
  unrestricted: false,
  labels: ['Person', 'Company'],
  types: ['WORKS_AT'],
  nodeFilter: { or: [{ not: { label: 'Person' } }, { property: 'country', operator: '=', value: 'CZ' }] },
  nodeProperties: { Person: { deny: ['salary'] } },
};

describe('whether one scope covers another', () => {
  test.each([
    ['unrestricted access, whatever the owner', true, UNRESTRICTED, czech],
    ['restricted access and the owner unrestricted access', false, czech, UNRESTRICTED],
    ['the same scope built again', true, czech, JSON.parse(JSON.stringify(czech)) as AccessScope],
    ['more labels and types, the same rules', true, { ...czech, labels: ['Person', 'Company', 'Agent'], types: '*' }, czech],
    ['fewer labels', false, { ...czech, labels: ['Person'] }, czech],
    ['no row rule', true, { ...czech, nodeFilter: undefined }, czech],
    ['another row rule', false, { ...czech, nodeFilter: { property: 'country', operator: '=', value: 'US' } }, czech],
    ['a row rule where the owner has none', false, czech, { ...czech, nodeFilter: undefined }],
    ['no property rule', true, { ...czech, nodeProperties: undefined }, czech],
    ['a property rule where the owner has none', false, czech, { ...czech, nodeProperties: undefined }],
    ['all labels, the owner all labels too', true, { ...czech, labels: '*' }, { ...czech, labels: '*' }],
    ['listed labels, the owner all labels', false, czech, { ...czech, labels: '*' }],
    [
      'a relationship rule where the owner has none',
      false,
      { ...czech, relationshipFilter: { property: 'x', operator: '=', value: 1 } },
      czech,
    ],
  ] as Array<[string, boolean, AccessScope, AccessScope]>)(
    'when the reader has %s, then it covers the owner: %p',
    (_, expected, reader, owner) => {
      expect(scopeCovers(reader, owner)).toBe(expected);
    },
  );
});

test('when a job is redacted, then its config and its last run result, log, counters and error are replaced and the rest is kept', () => {
  const job = {
    name: 'a',
    type: 'alert',
    description: 'd',
    config: { labels: ['Secret'] },
    schedule: '0 0 2 * * *',
    timeZone: null,
    effectiveTimeZone: 'UTC',
    enabled: true,
    nextRunAt: null,
    createdBy: null,
    runAs: { id: '1', username: 'admin' },
    createdAt: 'c',
    updatedAt: 'u',
    lastRun: {
      id: '1',
      job: 'a',
      state: 'failed',
      trigger: 'manual',
      scheduledFor: null,
      requestedBy: 'admin',
      queuedAt: 'q',
      startedAt: 's',
      finishedAt: 'f',
      durationMs: 1,
      instance: 'i',
      cancelRequested: false,
      counters: { matches: 3 },
      log: [{ at: 'x', level: 'info', message: 'Secret' }],
      error: 'label Secret',
      result: { newMatches: [] },
    },
  } as JobView;
  expect(redactJob(job)).toEqual({
    ...job,
    config: { redacted: true },
    lastRun: { ...job.lastRun, counters: {}, log: [], error: REDACTED_ERROR, result: { redacted: true } },
  });
});
