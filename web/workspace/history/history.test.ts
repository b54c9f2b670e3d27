import { apply, canRedo, canUndo, redo, startHistory, undo } from './history';

describe('history', () => {
  test('when changes are undone and redone, then the states come back in order and a new change drops the redo branch', () => {
    let h = startHistory(0);
    h = apply(h, (n) => n + 1);
    h = apply(h, (n) => n * 10);
    expect(h.present).toBe(10);
    h = undo(h);
    expect(h.present).toBe(1);
    expect(canRedo(h)).toBe(true);
    h = redo(h);
    expect(h.present).toBe(10);
    h = undo(undo(h));
    expect(h.present).toBe(0);
    expect(canUndo(h)).toBe(false);
    h = apply(h, (n) => n + 5);
    expect(h.present).toBe(5);
    expect(canRedo(h)).toBe(false);
  });

  test('when a change returns the same state, then nothing is recorded; when more than the limit, then the oldest go', () => {
    const h = startHistory({ a: 1 });
    expect(apply(h, (s) => s)).toBe(h);
    let bounded = startHistory(0);
    for (let i = 0; i < 10; i++) bounded = apply(bounded, (n) => n + 1, 3);
    expect(bounded.past).toEqual([7, 8, 9]);
  });
});
