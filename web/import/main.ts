/*
 * Import wizard: upload (POST /data/import/uploadFile), analysis (POST /data/import/analyzeFile), mapping
 * per file (mapping-form.ts), dry run and import (POST /data/import/importFile, background) with progress
 * (GET /data/import/imports/{id}), cancel, report and rejected rows (report.ts).
 */
import { ApiError, call, client } from '../shared/client';
import { h } from '../shared/dom';
import { t } from '../shared/i18n';
import { byId, errorText, numberText, one, onReady, showStatus } from '../shared/page-kit';
import { showAnalysis } from './analysis-view';
import { MappingForm } from './mapping-form';
import { showProgress, showReport, type Wizard } from './report';
import type { Analysis, Current, Mapping, UploadedFile } from './types';

function sizeText(bytes: number): string {
  if (bytes < 1024) return `${numberText(bytes)} B`;
  if (bytes < 1024 * 1024) return `${numberText(Math.round(bytes / 102.4) / 10)} KB`;
  return `${numberText(Math.round(bytes / 1024 / 102.4) / 10)} MB`;
}

onReady(() => {
  const status = byId('import-status');
  const fileInput = byId<HTMLInputElement>('import-file-input');
  const drop = byId('import-drop');
  const filesTable = byId('import-files-table');
  const progressSection = byId('import-progress');
  const progressBar = byId<HTMLProgressElement>('import-progress-bar');
  const progressText = byId('import-progress-text');
  const cancelButton = byId('import-cancel');
  const runButton = byId<HTMLButtonElement>('import-run');
  const dryRunButton = byId<HTMLButtonElement>('import-dry-run');
  const allOrNothing = byId<HTMLInputElement>('import-all-or-nothing');
  // Batched (issue 23 item 10): every batch commits; a failure deletes what the batches created (report.ts shows the undo).
  const batched: HTMLInputElement = h('input', { type: 'checkbox', id: 'import-batched' });
  allOrNothing.closest('label')?.after(h('label', { class: 'check' }, batched, ` ${t('import.batched')}`));
  let current: Current | null = null;
  let running: string | null = null;
  const mappings = new Map<string, Mapping>(); // fileId -> the last mapping the user edited
  const mappingForm = new MappingForm(() => current);

  const wizard: Wizard = {
    status,
    report: byId('import-report'),
    progressBar,
    progressText,
    imported: new Map(), // fileId -> importId of its import (the server refuses a second one: 409)
    updateButtons,
  };

  /** The Import button cannot start an import again: disabled while one runs and once the current file is imported. */
  function updateButtons(): void {
    const done = current && wizard.imported.has(current.file.fileId);
    runButton.disabled = Boolean(running) || Boolean(done);
    dryRunButton.disabled = Boolean(running);
    runButton.title = done ? t('import.alreadyImported') : '';
  }

  async function upload(files: FileList | null | undefined): Promise<void> {
    if (!files || files.length === 0) return showStatus(status, t('import.chooseFile'), 'error');
    const data = new FormData();
    for (const file of Array.from(files)) data.append('file', file, file.name);
    showStatus(status, t('import.uploading'));
    try {
      // The files as multipart form data instead of JSON.
      const result = await call(client.POST('/data/import/uploadFile', { body: {}, bodySerializer: () => data }));
      showStatus(status, t('import.uploaded', { count: result.files.length }), 'ok');
      const tbody = one(filesTable, 'tbody');
      for (const f of result.files) {
        tbody.append(
          h(
            'tr',
            { 'data-file-id': f.fileId },
            h('td', {}, f.name),
            h('td', {}, f.type),
            h('td', {}, sizeText(f.size)),
            h('td', {}, f.archive ?? ''),
            h(
              'td',
              {},
              h('button', { type: 'button', class: 'secondary', onclick: () => void analyse(f) }, t('import.analyse', { name: f.name })),
            ),
          ),
        );
      }
      filesTable.hidden = false;
    } catch (error) {
      showStatus(status, errorText(error), 'error');
    }
  }

  byId('import-upload').addEventListener('submit', (event) => {
    event.preventDefault();
    void upload(fileInput.files);
  });
  drop.addEventListener('dragover', (event) => {
    event.preventDefault();
    drop.classList.add('dragging');
  });
  drop.addEventListener('dragleave', () => drop.classList.remove('dragging'));
  drop.addEventListener('drop', (event) => {
    event.preventDefault();
    drop.classList.remove('dragging');
    void upload(event.dataTransfer?.files);
  });

  function showCurrent(mapping: Mapping): void {
    if (!current) return;
    showAnalysis(current, () => current?.table && showCurrent(current.table.mapping));
    mappingForm.show(mapping);
  }

  async function analyse(file: UploadedFile): Promise<void> {
    showStatus(status, t('import.analysing', { name: file.name }));
    try {
      // The document types the analysis loosely; types.ts describes what the service writes.
      const analysis = (await call(client.POST('/data/import/analyzeFile', { body: { fileId: file.fileId } }))) as unknown as Analysis;
      current = { file, analysis, table: analysis.tables?.[0] ?? null };
      showStatus(status, t('import.analysed', { name: file.name }), 'ok');
      const proposed = current.table ? current.table.mapping : analysis.graphml?.mapping;
      const mapping = mappings.get(file.fileId) ?? proposed;
      if (mapping) showCurrent(mapping);
      updateButtons();
    } catch (error) {
      showStatus(status, errorText(error), 'error');
    }
  }

  async function start(dryRun: boolean): Promise<void> {
    if (!current || running) return;
    const file = current.file;
    if (!dryRun && wizard.imported.has(file.fileId)) return;
    running = 'starting';
    updateButtons();
    const mapping = mappingForm.read();
    mappings.set(file.fileId, mapping);
    wizard.report.textContent = '';
    progressSection.hidden = false;
    byId('import-progress-title').textContent = dryRun ? t('page.import.dryRun') : t('page.import.progressTitle');
    progressBar.value = 0;
    progressText.textContent = t('import.starting');
    try {
      const body = {
        fileId: file.fileId,
        mapping,
        dryRun,
        background: true,
        ...(allOrNothing.checked ? { allOrNothing: true } : {}),
        ...(batched.checked ? { transaction: 'batched' as const } : {}),
      };
      // background: true answers 202 with the run's state, the same as GET /data/import/imports/{id}.
      let state = await call(client.POST('/data/import/importFile', { body }));
      const importId = state.importId;
      running = importId;
      if (!dryRun) wizard.imported.set(file.fileId, importId);
      cancelButton.hidden = false;
      while (state.state === 'running') {
        showProgress(wizard, state);
        await new Promise((resolve) => setTimeout(resolve, 300));
        state = await call(client.GET('/data/import/imports/{id}', { params: { path: { id: importId } } }));
      }
      showProgress(wizard, state);
      // A failed or cancelled import wrote nothing: the file may be imported again.
      if (!dryRun && state.state !== 'succeeded') wizard.imported.delete(file.fileId);
      showReport(wizard, state);
    } catch (error) {
      progressText.textContent = '';
      showStatus(status, errorText(error), 'error');
      const importId = error instanceof ApiError ? error.problem?.importId : undefined;
      if (!dryRun && error instanceof ApiError && error.code === 'IMPORT_ALREADY_STARTED' && typeof importId === 'string')
        wizard.imported.set(file.fileId, importId);
    } finally {
      running = null;
      cancelButton.hidden = true;
      updateButtons();
    }
  }

  dryRunButton.addEventListener('click', () => void start(true));
  runButton.addEventListener('click', () => void start(false));
  cancelButton.addEventListener('click', async () => {
    if (!running) return;
    try {
      await call(client.DELETE('/data/import/imports/{id}', { params: { path: { id: running } } }));
    } catch (error) {
      showStatus(status, errorText(error), 'error');
    }
  });
});
