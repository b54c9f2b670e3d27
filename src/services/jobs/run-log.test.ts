import { RunLog } from './run-log';

describe('RunLog', () => {
  test('when fewer lines than the bound are added, then all are kept in order', () => {
    const log = new RunLog(10);
    for (let i = 0; i < 10; i++) log.add(`line ${i}`);
    expect(log.lines().map((l) => l.message)).toEqual(Array.from({ length: 10 }, (_, i) => `line ${i}`));
  });

  test('when more lines than the bound are added, then the first half and the latest lines are kept with one line counting what was left out', () => {
    const log = new RunLog(10);
    for (let i = 0; i < 100; i++) log.add(`line ${i}`, i === 99 ? 'error' : 'info');
    const lines = log.lines();
    expect(lines).toHaveLength(10);
    expect(lines.slice(0, 5).map((l) => l.message)).toEqual(['line 0', 'line 1', 'line 2', 'line 3', 'line 4']);
    expect(lines[5]).toMatchObject({ level: 'warn', message: '91 log line(s) left out (jobs.maxLogLines)' });
    expect(lines.slice(6).map((l) => l.message)).toEqual(['line 96', 'line 97', 'line 98', 'line 99']);
    expect(lines[9].level).toBe('error');
  });
});
