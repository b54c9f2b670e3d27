/**
 * Undo and redo of every canvas change: the states themselves are kept (they share structure, so a
 * step costs the changed records only), bounded to the last `limit` steps.
 */
export interface History<S> {
  past: readonly S[];
  present: S;
  future: readonly S[];
}

export function startHistory<S>(present: S): History<S> {
  return { past: [], present, future: [] };
}

/** Applies a change; a change that returns the same state records nothing. */
export function apply<S>(history: History<S>, change: (state: S) => S, limit = 200): History<S> {
  const next = change(history.present);
  if (next === history.present) return history;
  const past = [...history.past, history.present];
  return { past: past.length > limit ? past.slice(past.length - limit) : past, present: next, future: [] };
}

export function undo<S>(history: History<S>): History<S> {
  if (!history.past.length) return history;
  return { past: history.past.slice(0, -1), present: history.past[history.past.length - 1], future: [history.present, ...history.future] };
}

export function redo<S>(history: History<S>): History<S> {
  if (!history.future.length) return history;
  return { past: [...history.past, history.present], present: history.future[0], future: history.future.slice(1) };
}

export const canUndo = <S>(history: History<S>) => history.past.length > 0;
export const canRedo = <S>(history: History<S>) => history.future.length > 0;
