/** The import wizard's progress and report: counts, rejected rows, and what next (open in the workspace, undo). */
import { call, client } from '../shared/client';
import { h } from '../shared/dom';
import { t } from '../shared/i18n';
import { errorText, numberText, showStatus } from '../shared/page-kit';
import type { ImportState } from './types';

/** What the report needs of the wizard. */
export interface Wizard {
  status: HTMLElement;
  report: HTMLElement;
  progressBar: HTMLProgressElement;
  progressText: HTMLElement;
  /** fileId -> importId of its import. */
  imported: Map<string, string>;
  updateButtons(): void;
}

const withRejected = (state: ImportState) => (state.report ? state.report.rowsRejected + state.report.rowsSkipped : 0);

export function showProgress(wizard: Wizard, state: ImportState): void {
  const p = state.progress;
  const total = p.rowsTotal ?? 0;
  wizard.progressBar.value = state.state === 'running' ? (total ? Math.min(99, Math.floor((p.rowsDone * 100) / total)) : 0) : 100;
  wizard.progressText.textContent =
    state.state === 'running'
      ? t(total ? 'import.progressOf' : 'import.progress', {
          done: numberText(p.rowsDone),
          total: numberText(total),
          rate: numberText(p.rowsPerSecond),
        })
      : state.report?.outcome === 'succeeded-with-rejected'
        ? t('import.finishedWithRejected', { count: withRejected(state) })
        : t(`import.state.${['succeeded', 'failed', 'cancelled'].includes(state.state) ? state.state : 'other'}`, { state: state.state });
}

function whatNext(wizard: Wizard, state: ImportState): HTMLElement {
  const next = h('div', { class: 'actions', id: 'import-next' });
  const r = state.report;
  const counts = { nodes: numberText(r?.nodesCreated ?? 0), relationships: numberText(r?.relationshipsCreated ?? 0) };
  if (state.createdNodeIds.length) {
    next.append(
      h(
        'a',
        {
          class: 'button',
          id: 'import-open-workspace',
          href: `/visualization?nodes=${state.createdNodeIds.map(encodeURIComponent).join(',')}`,
        },
        t('import.openWorkspace'),
      ),
    );
  }
  if (state.undo.possible) {
    const undoButton: HTMLButtonElement = h(
      'button',
      {
        type: 'button',
        class: 'secondary',
        id: 'import-undo',
        onclick: async () => {
          if (!window.confirm(t('import.undoConfirm', counts))) return;
          undoButton.disabled = true;
          try {
            await call(client.POST('/data/import/imports/{id}/undo', { params: { path: { id: state.importId } } }));
            next.remove();
            for (const [fileId, importId] of wizard.imported) if (importId === state.importId) wizard.imported.delete(fileId);
            wizard.updateButtons();
            showStatus(wizard.status, t('import.undone', counts), 'ok');
          } catch (error) {
            undoButton.disabled = false;
            showStatus(wizard.status, errorText(error), 'error');
          }
        },
      },
      t('import.undo'),
    );
    next.append(undoButton);
  } else if (state.undo.reason) {
    next.append(h('p', { class: 'muted' }, state.undo.reason));
  }
  return next;
}

export function showReport(wizard: Wizard, state: ImportState): void {
  wizard.report.textContent = '';
  if (state.error) showStatus(wizard.status, state.error.message, state.state === 'cancelled' ? 'ok' : 'error');
  else if (state.dryRun) showStatus(wizard.status, t('import.dryRunFinished'), 'ok');
  // Not a plain success: some rows are not in the graph.
  else if (state.report?.outcome === 'succeeded-with-rejected')
    showStatus(wizard.status, t('import.finishedWithRejected', { count: withRejected(state) }), 'error');
  else showStatus(wizard.status, t('import.finished'), 'ok');
  // A failed batched import: what its undo deleted and what stays.
  const undo = batchedUndo(state);
  if (undo) wizard.report.append(undoText(undo));
  const r = state.report;
  if (!r) return;
  const counts: Array<[string, number]> = [
    ['import.rowsRead', r.rowsRead],
    ['import.nodesCreated', r.nodesCreated],
    ['import.nodesUpdated', r.nodesUpdated],
    ['import.relationshipsCreated', r.relationshipsCreated],
    ['import.rowsSkipped', r.rowsSkipped],
    ['import.rowsRejected', r.rowsRejected],
  ];
  wizard.report.append(
    h(
      'dl',
      { class: 'report', id: 'import-report-counts' },
      counts.map(([key, count]) => [h('dt', {}, t(key)), h('dd', {}, numberText(count))]),
      h('dt', {}, t('page.jobs.duration')),
      h('dd', {}, `${numberText(r.durationMs)} ms`),
    ),
  );
  if (r.rejected.length) {
    wizard.report.append(
      h(
        'ul',
        { id: 'import-rejected' },
        r.rejected.map((x) => h('li', {}, t('import.rejectedRow', { row: numberText(x.row), reason: x.reason }))),
      ),
    );
    wizard.report.append(
      h(
        'a',
        { href: `/data/import/imports/${encodeURIComponent(state.importId)}/rejected.csv`, download: '' },
        t('import.downloadRejected'),
      ),
    );
  }
  // What next: open what was imported in the workspace, or undo the import.
  if (!state.dryRun && state.state === 'succeeded') wizard.report.append(whatNext(wizard, state));
}

/** What the undo of a failed or cancelled batched import did (error.details.undo, src/services/import/batch-record.ts). */
interface BatchedUndo {
  batchesCommitted: number;
  nodesDeleted: number;
  relationshipsDeleted: number;
  nodesUpdated: number;
  nodesLeft: number;
  relationshipsLeft: number;
  reasons: string[];
}

function batchedUndo(state: ImportState): BatchedUndo | null {
  const undo = (state.error?.details as { undo?: unknown } | undefined)?.undo;
  return undo && typeof undo === 'object' && 'nodesDeleted' in undo ? (undo as BatchedUndo) : null;
}

function undoText(undo: BatchedUndo): HTMLElement {
  const box = h(
    'div',
    { id: 'import-batched-undo' },
    h(
      'p',
      { id: 'import-batched-undone' },
      t('import.batchedUndone', {
        nodes: numberText(undo.nodesDeleted),
        relationships: numberText(undo.relationshipsDeleted),
        batches: numberText(undo.batchesCommitted),
      }),
    ),
  );
  if (undo.nodesUpdated + undo.nodesLeft + undo.relationshipsLeft > 0) {
    box.append(
      h(
        'p',
        { id: 'import-batched-not-undone', class: 'error' },
        t('import.batchedNotUndone', {
          updated: numberText(undo.nodesUpdated),
          nodesLeft: numberText(undo.nodesLeft),
          relationshipsLeft: numberText(undo.relationshipsLeft),
        }),
      ),
    );
    if (undo.reasons.length)
      box.append(
        h(
          'ul',
          {},
          undo.reasons.map((reason) => h('li', {}, reason)),
        ),
      );
  }
  return box;
}
