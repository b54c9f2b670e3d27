import request from 'supertest';
import type { Page } from 'playwright-core';
import en from '../../src/i18n/messages/web/en.json';
import de from '../../src/i18n/messages/web/de.json';
import cs from '../../src/i18n/messages/web/cs.json';
import { ADMIN_PASSWORD } from '../support/test-app';
import type { BrowserHarness } from './support/browser';
import { startBrowserHarness } from './support/browser';

/**
 * The browser bundles (workspace, search, home, Cypher console) in German (and a Czech spot check): a user whose profile
 * locale is de opens each page, its panels and dialogs, and no visible text, document title, title,
 * placeholder, aria-label or alt reads as an English text of the web catalog whose German differs
 * (templates with their placeholders filled count too). Names of the graph's data and product names
 * are not catalog texts and are left alone.
 */
let b: BrowserHarness;
const ids: Record<string, string> = {};
const USER = 'deutsch';
const PASSWORD = 'deutsch-password-1';
const german = de as Record<string, string>;

/** Product and format names that read the same in every language. */
const PROPER_NAMES = new Set(['Graph Analytics Service', 'Neo4j', 'Cypher', 'PostgreSQL', 'API', 'CSV', 'JSON', 'PNG', 'SVG']);

/** Every English web text whose translation differs, as a pattern: placeholders match any filled-in value. */
const englishOnlyFor = (translated: Record<string, string>) =>
  Object.entries(en as Record<string, string>)
    .filter(([key, text]) => translated[key] !== text && !PROPER_NAMES.has(text))
    .map(([key, text]) => ({
      key,
      pattern: new RegExp(
        `^${text
          .trim()
          .split(/\{\w+\}/)
          .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
          .join('[\\s\\S]+?')}$`,
      ),
    }));
const englishOnly = { de: englishOnlyFor(german), cs: englishOnlyFor(cs) };

interface WorkspaceWindow {
  gasWorkspace: {
    graph: { order: number; size: number };
    state: { selection: string[] };
    expandPageSize: number;
    change(producer: (state: object) => object): void;
    stopLayout(): void;
    renderer: {
      getNodeDisplayData(id: string): { x: number; y: number };
      framedGraphToViewport(p: { x: number; y: number }): { x: number; y: number };
      getContainer(): HTMLElement;
    };
  };
}

/** What a reader of the page meets: visible text, the document title, option texts and the title/placeholder/aria-label/alt attributes. */
function pageTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const texts: string[] = [document.title];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest('script, style, noscript, template')) continue;
      const shown = parent instanceof HTMLOptionElement ? !!parent.closest('select')?.checkVisibility() : parent.checkVisibility();
      if (shown && node.textContent?.trim()) texts.push(node.textContent.trim());
    }
    // A text split over several nodes of one element (a sentence around a button) is read whole as well.
    for (const element of Array.from(
      document.body.querySelectorAll<HTMLElement>('p, li, span, label, caption, h1, h2, h3, legend, button, th'),
    )) {
      if (element.checkVisibility() && element.innerText?.trim()) texts.push(element.innerText.trim());
    }
    for (const element of Array.from(document.body.querySelectorAll('[title], [placeholder], [aria-label], [alt]'))) {
      for (const name of ['title', 'placeholder', 'aria-label', 'alt']) {
        const value = element.getAttribute(name)?.trim();
        if (value) texts.push(value);
      }
    }
    return texts;
  });
}

/** Fails with the English texts found (and their keys); returns every text seen, to check it saw the page at all. */
async function expectNoEnglish(page: Page, where: string, locale: keyof typeof englishOnly = 'de'): Promise<string[]> {
  const texts = await pageTexts(page);
  const found = new Set<string>();
  for (const text of texts) {
    for (const { key, pattern } of englishOnly[locale]) if (pattern.test(text)) found.add(`${where}: “${text}” (${key})`);
  }
  expect([...found]).toEqual([]);
  return texts;
}

async function nodePoint(page: Page, id: string): Promise<{ x: number; y: number }> {
  await page.evaluate(() => (window as unknown as WorkspaceWindow).gasWorkspace.stopLayout());
  return page.evaluate((nodeId) => {
    const renderer = (window as unknown as WorkspaceWindow).gasWorkspace.renderer;
    const point = renderer.framedGraphToViewport(renderer.getNodeDisplayData(nodeId));
    const box = renderer.getContainer().getBoundingClientRect();
    return { x: box.left + point.x, y: box.top + point.y };
  }, id);
}

async function selectOnCanvas(page: Page, selection: string[]): Promise<void> {
  await page.evaluate(
    (chosen) => (window as unknown as WorkspaceWindow).gasWorkspace.change((state) => ({ ...state, selection: chosen })),
    selection,
  );
}

beforeAll(async () => {
  b = await startBrowserHarness();
  const admin = b.t.basic('admin', ADMIN_PASSWORD);
  const nodes: Array<[string, string[], Record<string, unknown>]> = [
    ['hub', ['Person'], { name: 'Hub Deutsch', born: 1990 }],
    ['anna', ['Person'], { name: 'Anna Deutsch' }],
    ['bernd', ['Person'], { name: 'Bernd Deutsch' }],
    ['firma', ['Company'], { name: 'Firma Deutsch' }],
  ];
  for (const [key, labels, properties] of nodes) {
    const response = await request(b.t.app).post('/data/nodes').set('Authorization', admin).send({ labels, properties });
    expect(response.status).toBe(201);
    ids[key] = response.body.id;
  }
  for (const [type, from, to] of [
    ['KNOWS', 'hub', 'anna'],
    ['KNOWS', 'hub', 'bernd'],
    ['WORKS_AT', 'hub', 'firma'],
  ]) {
    expect(
      (
        await request(b.t.app)
          .post('/data/relationships')
          .set('Authorization', admin)
          .send({ type, startNodeId: ids[from], endNodeId: ids[to], properties: {} })
      ).status,
    ).toBe(201);
  }
  const userId = await b.t.createUser(USER, {
    password: PASSWORD,
    permissions: [
      'READ_ALL_DATA',
      'DATA_MANAGEMENT',
      'SHARE_VISUALIZATION',
      'SHARE_VISUALIZATION_WITH_EVERYONE',
      'EXPORT_DATA',
      'CYPHER_QUERIES',
    ],
  });
  await b.t.createUser('kollege', {
    password: 'kollege-password-1',
    permissions: ['READ_ALL_DATA', 'SHARE_VISUALIZATION', 'SHARE_VISUALIZATION_WITH_EVERYONE'],
  });
  await b.t.createUser('cesky', { password: 'cesky-password-1', permissions: ['READ_ALL_DATA'] });
  expect(
    (
      await request(b.t.app)
        .put('/profile')
        .set('Authorization', b.t.basic('cesky', 'cesky-password-1'))
        .send({ name: 'Čeněk Český', email: '', locale: 'cs' })
    ).status,
  ).toBe(200);
  const profile = await request(b.t.app)
    .put('/profile')
    .set('Authorization', b.t.basic(USER, PASSWORD))
    .send({ name: 'Dora Deutsch', email: '', locale: 'de' });
  expect(profile.status).toBe(200);
  // For the start page: one visualization of the user's own, one a colleague shares.
  const own = await request(b.t.app)
    .post('/visualizations')
    .set('Authorization', b.t.basic(USER, PASSWORD))
    .send({ name: 'Eigene Startseite', content: { version: 1 } });
  expect(own.status).toBe(201);
  const kollege = b.t.basic('kollege', 'kollege-password-1');
  const shared = await request(b.t.app)
    .post('/visualizations')
    .set('Authorization', kollege)
    .send({ name: 'Geteilte Startseite', content: { version: 1 } });
  expect(shared.status).toBe(201);
  expect(
    (
      await request(b.t.app)
        .put(`/visualizations/${shared.body.id}/users`)
        .set('Authorization', kollege)
        .send({ userIds: [userId] })
    ).status,
  ).toBe(200);
}, 90000);
afterAll(async () => {
  await b?.close();
});

describe('the browser bundles for a German (and a Czech) user', () => {
  test('when the workspace is used with a visualization loaded, its panels and dialogs open, then nothing reads as English', async () => {
    const { page, pageErrors } = await b.newPage();
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => dialogs.push(dialog.message()));
    await b.signIn(page, `/visualization?nodes=${ids.hub}`, USER, PASSWORD);
    await page.waitForFunction(() => (window as unknown as WorkspaceWindow).gasWorkspace?.graph.order === 1);
    await expect(page.locator('html').getAttribute('lang')).resolves.toBe('de');
    await page.locator('.workspace .status', { hasText: '1 Knoten aus der Suche hinzugefügt.' }).waitFor();
    const seen = await expectNoEnglish(page, 'workspace, opened from the search');
    // The check read the page: the German toolbar is among what it saw.
    expect(seen).toEqual(
      expect.arrayContaining([
        german['web.workspace.toolbar.undo'],
        german['web.workspace.toolbar.table'],
        german['web.workspace.search.placeholder'],
      ]),
    );

    // A super-node: one neighbour per page, the rest offered in words.
    await page.evaluate(() => ((window as unknown as WorkspaceWindow).gasWorkspace.expandPageSize = 1));
    const hub = await nodePoint(page, ids.hub);
    await page.mouse.dblclick(hub.x, hub.y);
    await page.locator('.super-node:not([hidden])').waitFor();
    await expect(page.locator('.super-node').textContent()).resolves.toContain('Dieser Knoten hat 2 weitere Nachbarn.');
    await expectNoEnglish(page, 'workspace, super-node');
    await page.locator('.super-node').getByRole('button', { name: 'Alle 2 hinzufügen' }).click();
    await page.waitForFunction(() => (window as unknown as WorkspaceWindow).gasWorkspace.graph.order === 4);

    // Details of one node (with the edit form), then two nodes and the shortest path between them.
    await selectOnCanvas(page, [ids.hub]);
    await page.locator('.details-panel form.edit-properties').waitFor();
    await expectNoEnglish(page, 'workspace, details');
    await selectOnCanvas(page, [ids.anna, ids.firma]);
    await page.getByRole('button', { name: german['web.workspace.toolbar.shortestPath'] }).click();
    await page.locator('.workspace .status', { hasText: 'kürzester Pfad der Länge 2' }).waitFor();
    await expectNoEnglish(page, 'workspace, shortest path');

    // The workspace's own search and its results.
    await page.getByRole('searchbox', { name: german['web.workspace.search.placeholder'] }).fill('Deutsch');
    await page.getByRole('button', { name: german['web.workspace.search.button'], exact: true }).click();
    await page.locator('.search-results .add').first().waitFor();
    await expectNoEnglish(page, 'workspace, search results');

    // The table view.
    await page.getByRole('button', { name: german['web.workspace.toolbar.table'], exact: true }).click();
    await page.locator('table.data-table').waitFor();
    await expect(page.locator('table.data-table caption').textContent()).resolves.toBe('4 Knoten und 3 Beziehungen auf der Zeichenfläche');
    await expectNoEnglish(page, 'workspace, table');
    await page.getByRole('button', { name: german['web.workspace.toolbar.table'], exact: true }).click();

    // A node created and deleted through the details panel (the confirmation is asked in German).
    await selectOnCanvas(page, []);
    await page.getByLabel(german['web.workspace.newNode.label'], { exact: true }).fill('Temporary');
    await page.getByRole('button', { name: german['web.workspace.newNode.create'] }).click();
    await page.locator('.workspace .status', { hasText: german['web.workspace.newNode.created'] }).waitFor();
    await page.getByRole('button', { name: german['web.workspace.details.delete'] }).click();
    await page.locator('.workspace .status', { hasText: german['web.workspace.details.deleted'] }).waitFor();
    expect(dialogs).toEqual([german['web.workspace.details.confirmDelete']]);
    await expectNoEnglish(page, 'workspace, after a delete');

    // Saved, then opened again from its address (the name is in the "Name and sharing" panel).
    await page.getByRole('button', { name: german['web.workspace.tool.file'], exact: true }).click();
    await page.getByRole('textbox', { name: german['web.workspace.name.label'] }).fill('Deutsche Ansicht');
    await page.getByRole('button', { name: german['web.workspace.toolbar.save'], exact: true }).click();
    await page.locator('.workspace .status', { hasText: '„Deutsche Ansicht“ gespeichert.' }).waitFor();
    const savedId = new URL(page.url()).searchParams.get('id') ?? '';
    expect(savedId).not.toBe('');
    await page.goto(`/visualization?id=${savedId}`);
    await page.waitForFunction(() => (window as unknown as WorkspaceWindow).gasWorkspace?.graph.order === 4);
    await page.locator('.workspace .status', { hasText: '„Deutsche Ansicht“ geöffnet.' }).waitFor();
    await expectNoEnglish(page, 'workspace, saved visualization opened');

    // The share dialog.
    await page.getByRole('button', { name: german['web.workspace.tool.file'], exact: true }).click();
    await page.getByRole('button', { name: german['web.workspace.toolbar.share'] }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('kollege').waitFor();
    await expectNoEnglish(page, 'workspace, share dialog');
    await dialog.getByRole('button', { name: german['web.workspace.share.cancel'] }).click();

    // An empty workspace: its first hint, the empty legend and the empty details panel.
    await page.goto('/visualization');
    await page.locator('.workspace .status', { hasText: german['web.workspace.open.start'] }).waitFor();
    await page.getByRole('button', { name: german['web.workspace.tool.legend'], exact: true }).click();
    await page.locator('.legend-panel', { hasText: german['web.workspace.legend.empty'] }).waitFor();
    await expectNoEnglish(page, 'empty workspace');
    expect(pageErrors).toEqual([]);
  });

  test('when the start page lists own and shared visualizations, then dates and owners are written the German way and nothing reads as English', async () => {
    const { page, pageErrors } = await b.newPage();
    await b.signIn(page, '/', USER, PASSWORD);
    const own = page.locator('#recent-visualizations li', { hasText: 'Eigene Startseite' });
    await own.waitFor();
    await expect(own.textContent()).resolves.toMatch(/\d{2}\.\d{2}\.\d{4}/);
    const shared = page.locator('#shared-visualizations li', { hasText: 'Geteilte Startseite' });
    await expect(shared.textContent()).resolves.toMatch(/von kollege · \d{2}\.\d{2}\.\d{4}/);
    await expectNoEnglish(page, 'start page');
    expect(pageErrors).toEqual([]);
  });

  test('when the search page shows results and a selection, then nothing reads as English', async () => {
    const { page, pageErrors } = await b.newPage();
    await b.signIn(page, '/search?q=Deutsch', USER, PASSWORD);
    const count = page.locator('[role="tabpanel"]:not([hidden]) p.count');
    await count.waitFor();
    await expect(count.textContent()).resolves.toBe('1–4 von 4 Knoten');
    await page.getByLabel(`Knoten ${ids.anna} auswählen`, { exact: true }).check();
    await page.getByRole('button', { name: '1 ausgewählten im Arbeitsbereich öffnen' }).waitFor();
    await expectNoEnglish(page, 'search page');
    // A search that finds nothing says so in German.
    await page.locator('#search-q').fill('Nirgendwo');
    await page.locator('#search-form').evaluate((form) => (form as HTMLFormElement).requestSubmit());
    await page.locator('[role="tabpanel"]:not([hidden]) p.muted', { hasText: 'Keine Knoten passen zu „Nirgendwo“.' }).waitFor();
    await expectNoEnglish(page, 'search page, no match');
    expect(pageErrors).toEqual([]);
  });

  test('when the Cypher console is used, then its messages, results and history are German', async () => {
    const { page, pageErrors } = await b.newPage();
    await b.signIn(page, '/cypher', USER, PASSWORD);
    await page.locator('#cypher-history li', { hasText: german['web.cypher.noHistory'] }).waitFor();
    await expectNoEnglish(page, 'Cypher console');
    await page.locator('#cypher-params').fill('[1]');
    await page.locator('#cypher-run').click();
    await page.locator('#cypher-message', { hasText: german['web.cypher.paramsNotObject'] }).waitFor();
    await expectNoEnglish(page, 'Cypher console, parameters refused');
    await page.locator('#cypher-params').fill('{}');
    await page.locator('#cypher-run').click();
    // Cypher runs on both backends (translated to SQL on PostgreSQL): the result is shown in German.
    await page.locator('#cypher-summary:not(:empty)').waitFor();
    await expect(page.locator('#cypher-summary').textContent()).resolves.toMatch(/Zeilen?\.|Zeilen? \(/);
    await page.locator('#cypher-history li button').first().waitFor();
    await expectNoEnglish(page, 'Cypher console, table');
    await page.locator('#cypher-tab-graph').click();
    await page.locator('#cypher-graph-summary:not(:empty)').waitFor();
    await expectNoEnglish(page, 'Cypher console, query run');
    expect(pageErrors).toEqual([]);
  });

  test('when a Czech user opens the workspace with three nodes, then the count takes the Czech few form and nothing reads as English', async () => {
    const { page, pageErrors } = await b.newPage();
    await b.signIn(page, `/visualization?nodes=${[ids.anna, ids.bernd, ids.firma].join(',')}`, 'cesky', 'cesky-password-1');
    await page.waitForFunction(() => (window as unknown as WorkspaceWindow).gasWorkspace?.graph.order === 3);
    await expect(page.locator('html').getAttribute('lang')).resolves.toBe('cs');
    await page.locator('.workspace .status', { hasText: 'Z hledání přidány 3 uzly.' }).waitFor();
    await expectNoEnglish(page, 'Czech workspace', 'cs');
    expect(pageErrors).toEqual([]);
  });
});
