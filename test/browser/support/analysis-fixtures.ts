/**
 * The analyst's data for the workspace's style, filter and algorithm tests: Les Misérables
 * (../shared/datasets/graphml/graphology-miserables.graphml, read at run time) imported through
 * the API with every GraphML key as a property (label "Node": label, Modularity Class, size, x, y,
 * r, g, b; edges: weight, Edge Label), plus a date property `appeared` (an ISO date: the year
 * 1810 + the modularity class) so the timeline has something to play over. A restricted reader's
 * group hides Javert and Thenardier (a row rule) and the property Modularity Class.
 */
import request from 'supertest';
import { pageDiagnostics } from './browser';
import type { Page } from 'playwright-core';
import { ADMIN_PASSWORD } from '../../support/test-app';
import { sharedDataset, uploadFiles } from '../../support/graph-helpers';
import type { BrowserHarness } from './browser';

export interface Character {
  id: string;
  label: string;
  modularityClass: number;
  size: number;
  appeared: string;
}

export interface Miserables {
  characters: Character[];
  byName: Record<string, Character>;
  relationships: number;
}

export const HIDDEN_CHARACTERS = ['Javert', 'Thenardier'];
export const HIDDEN_PROPERTY = 'Modularity Class';

export async function importMiserables(b: BrowserHarness): Promise<Miserables> {
  const admin = b.t.basic('admin', ADMIN_PASSWORD);
  const upload = await uploadFiles(b.t, admin, [[sharedDataset('graphml/graphology-miserables.graphml'), 'miserables.graphml']]);
  if (upload.status !== 201) throw new Error(`upload: ${upload.status} ${JSON.stringify(upload.body)}`);
  const fileId = upload.body.files[0].fileId as string;
  const analysis = await request(b.t.app).post('/data/import/analyzeFile').set('Authorization', admin).send({ fileId });
  const keys = Object.fromEntries(Object.keys(analysis.body.graphml.mapping.keys).map((key) => [key, 'property']));
  const imported = await request(b.t.app)
    .post('/data/import/importFile')
    .set('Authorization', admin)
    .send({ fileId, mapping: { ...analysis.body.graphml.mapping, keys } });
  if (imported.status !== 200 || imported.body.report.nodesCreated !== 77)
    throw new Error(`import: ${imported.status} ${JSON.stringify(imported.body)}`);
  const found = await request(b.t.app).post('/data/nodes/find').set('Authorization', admin).send({ limit: 100 });
  const characters: Character[] = (found.body.items as Array<{ id: string; properties: Record<string, unknown> }>).map((node) => {
    const modularityClass = node.properties[HIDDEN_PROPERTY] as number;
    return {
      id: node.id,
      label: String(node.properties.label),
      modularityClass,
      size: node.properties.size as number,
      appeared: `${1810 + modularityClass}-06-01`,
    };
  });
  // A few updates at a time: the set-up stays short on a loaded machine.
  for (let i = 0; i < characters.length; i += 8) {
    await Promise.all(
      characters.slice(i, i + 8).map(async (c) => {
        const updated = await request(b.t.app)
          .put(`/data/nodes/${c.id}`)
          .set('Authorization', admin)
          .send({ properties: { appeared: c.appeared } });
        if (updated.status !== 200) throw new Error(`update: ${updated.status} ${JSON.stringify(updated.body)}`);
      }),
    );
  }
  return {
    characters,
    byName: Object.fromEntries(characters.map((c) => [c.label, c])),
    relationships: imported.body.report.relationshipsCreated,
  };
}

/** The analyst (reads everything, shares, exports) and a restricted reader in a group that hides two characters and a property. */
export async function analysisUsers(b: BrowserHarness): Promise<{ groupId: string }> {
  const [group] = await b.t.deps
    .db('groups')
    .insert({
      name: 'Readers without the police',
      entity_security: JSON.stringify({ nodeFilter: { not: { property: 'label', operator: 'IN', value: HIDDEN_CHARACTERS } } }),
      property_security: JSON.stringify({ nodes: { Node: { disabled: [HIDDEN_PROPERTY] } } }),
      data_security: JSON.stringify({ rules: [] }),
    })
    .returning('id');
  await b.t.createUser('analyst', {
    password: 'analyst-password-1',
    permissions: ['READ_ALL_DATA', 'SHARE_VISUALIZATION', 'SHARE_VISUALIZATION_WITH_EVERYONE', 'EXPORT_DATA', 'CYPHER_QUERIES'],
  });
  await b.t.createUser('reader', { password: 'reader-password-1', permissions: ['EXPORT_DATA'], groupIds: [String(group.id)] });
  return { groupId: String(group.id) };
}

export interface AnalysisWindow {
  gasWorkspace: {
    graph: { order: number; size: number };
    state: { nodes: Record<string, { properties: Record<string, unknown> }>; relationships: Record<string, unknown> };
    renderer: {
      getNodeDisplayData(id: string): { color: string; size: number; hidden?: boolean; label?: string } | undefined;
      getNodeDisplayedLabels(): Set<string>;
      refresh(): void;
    };
    stopLayout(): void;
    layoutRunning: boolean;
  };
  gasAnalysis: {
    layer: { legend: unknown; metrics: Record<string, Record<string, number>>; filters: unknown[]; style: unknown };
  };
}

export const display = (page: Page, id: string) =>
  page.evaluate((nodeId) => (window as unknown as AnalysisWindow).gasWorkspace.renderer.getNodeDisplayData(nodeId), id);

export async function workspaceReady(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    Boolean((window as unknown as AnalysisWindow).gasWorkspace && (window as unknown as AnalysisWindow).gasAnalysis),
  );
}

/**
 * Waits until the canvas holds `nodes` nodes; when it does not, fails saying what the page had (its
 * counts and status line) and what the server answered, not only that a wait timed out.
 */
export async function waitForCanvas(page: Page, nodes: number): Promise<void> {
  try {
    await workspaceReady(page);
    await page.waitForFunction((n) => (window as unknown as AnalysisWindow).gasWorkspace.graph.order === n, nodes);
  } catch (error) {
    const had = await page
      .evaluate(() => {
        const workspace = (window as unknown as AnalysisWindow).gasWorkspace as AnalysisWindow['gasWorkspace'] | undefined;
        const status = document.querySelector('.status-line, [role=status]')?.textContent ?? '';
        return workspace
          ? `${workspace.graph.order} nodes, ${workspace.graph.size} relationships; status: ${status}`
          : `no workspace; status: ${status}`;
      })
      .catch((e: Error) => e.message);
    throw new Error(`the workspace did not load ${nodes} nodes (${had})\n${pageDiagnostics(page)}`, { cause: error });
  }
}

/** Opens a rail tool's panel unless it is open. */
export async function openPanel(page: Page, tool: string): Promise<void> {
  const button = page.getByRole('button', { name: tool, exact: true });
  if ((await button.getAttribute('aria-pressed')) !== 'true') await button.click();
}

export async function download(page: Page, button: string): Promise<string> {
  await openPanel(page, 'Export');
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: button, exact: true }).click()]);
  const chunks: Buffer[] = [];
  for await (const chunk of await file.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** A CSV of the table as rows of cells (RFC 4180 quoting). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\n') {
      row.push(cell.replace(/\r$/, ''));
      rows.push(row);
      row = [];
      cell = '';
    } else cell += c;
  }
  if (cell || row.length) rows.push([...row, cell]);
  return rows;
}

/** Saves the open visualization under a name through the Name and sharing panel; returns its id. */
export async function saveAs(page: Page, name: string): Promise<string> {
  await openPanel(page, 'Name and sharing');
  await page.getByRole('textbox', { name: 'Visualization name' }).fill(name);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.waitForFunction(() => /^\?id=\d+$/.test(window.location.search));
  return new URL(page.url()).searchParams.get('id')!;
}
