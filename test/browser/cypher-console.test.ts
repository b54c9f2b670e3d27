import request from 'supertest';
import type { BrowserHarness } from './support/browser';
import { startBrowserHarness } from './support/browser';
import { ADMIN_PASSWORD, testGraphBackend } from '../support/test-app';

// Runs on Neo4j (GAS_TEST_GRAPH_BACKEND=neo4j with NEO4J_URI, `jest -i`); the PostgreSQL message is
// covered in admin-pages-edit.test.ts.
const onNeo4j = testGraphBackend === 'neo4j';
let b: BrowserHarness;
beforeAll(async () => {
  if (onNeo4j) b = await startBrowserHarness();
}, 90000);
afterAll(async () => {
  await b?.close();
});

(onNeo4j ? describe : describe.skip)('the Cypher console on Neo4j in a real browser', () => {
  test('when a query returns nodes and relationships, then they are shown as a table and as a graph that opens in the workspace, and the query joins the history', async () => {
    const basic = b.t.basic('admin', ADMIN_PASSWORD);
    const alice = await request(b.t.app)
      .post('/data/nodes')
      .set('Authorization', basic)
      .send({ labels: ['Person'], properties: { name: 'Alice Cypher' } });
    const bob = await request(b.t.app)
      .post('/data/nodes')
      .set('Authorization', basic)
      .send({ labels: ['Person'], properties: { name: 'Bob Cypher' } });
    expect(
      (
        await request(b.t.app)
          .post('/data/relationships')
          .set('Authorization', basic)
          .send({ type: 'KNOWS', startNodeId: alice.body.id, endNodeId: bob.body.id, properties: {} })
      ).status,
    ).toBe(201);

    const { page, pageErrors } = await b.newPage();
    await b.signIn(page, '/cypher');
    await expect(page.locator('#cypher-backend-notice').count()).resolves.toBe(0);
    const editor = page.locator('#cypher-editor-host .cm-content');
    await editor.waitFor();
    // Typed as a person would: the editor completes the graph's labels and highlights keywords.
    await editor.click();
    await page.keyboard.press('Control+A');
    await page.keyboard.press('Delete');
    await page.keyboard.type('MATCH (a:Pe');
    const completion = page.locator('.cm-tooltip-autocomplete');
    await completion.waitFor();
    await expect(completion.textContent()).resolves.toContain('Person');
    await expect(page.locator('#cypher-editor-host .cm-keyword', { hasText: 'MATCH' }).count()).resolves.toBeGreaterThan(0);
    await page.keyboard.press('Escape');
    await page.keyboard.press('Control+A');
    await page.keyboard.press('Delete');
    await page.keyboard.type('MATCH (a:Person)-[r:KNOWS]->(b) WHERE a.name = $name RETURN a, r, b');
    await page.keyboard.press('Escape');
    await page.getByLabel(/^Parameters/).fill('{"name": "Alice Cypher"}');
    await page.getByRole('button', { name: 'Run query' }).click();
    const rows = page.locator('#cypher-table tbody tr');
    await rows.first().waitFor();
    await expect(rows.count()).resolves.toBe(1);
    await expect(page.locator('#cypher-table thead').textContent()).resolves.toBe('arb');
    await expect(rows.first().textContent()).resolves.toContain('Alice Cypher');
    await expect(rows.first().textContent()).resolves.toContain(':KNOWS');

    await page.getByRole('tab', { name: 'Graph' }).click();
    await page.waitForFunction(
      () => (window as unknown as { gasCypherGraph?: { getGraph(): { order: number } } }).gasCypherGraph?.getGraph().order === 2,
    );
    const drawn = await page.evaluate(() => {
      const graph = (
        window as unknown as {
          gasCypherGraph: { getGraph(): { size: number; mapNodes(f: (id: string, a: { label: string }) => string): string[] } };
        }
      ).gasCypherGraph.getGraph();
      return { size: graph.size, captions: graph.mapNodes((_id, a) => a.label).sort() };
    });
    expect(drawn).toEqual({ size: 1, captions: ['Alice Cypher', 'Bob Cypher'] });
    const link = page.getByRole('link', { name: 'Open in the visualization workspace' });
    const href = (await link.getAttribute('href'))!;
    expect(new URL(href, b.baseUrl).searchParams.get('nodes')!.split(',').sort()).toEqual([alice.body.id, bob.body.id].sort());

    // Bad parameters are explained before anything runs.
    await page.getByLabel(/^Parameters/).fill('{"name": ');
    await page.getByRole('button', { name: 'Run query' }).click();
    await page.locator('#cypher-message.error', { hasText: 'The parameters are not valid JSON' }).waitFor();

    // The history is kept per user and survives a reload.
    await page.reload();
    const entry = page.locator('#cypher-history button', { hasText: 'MATCH (a:Person)-[r:KNOWS]->(b)' });
    await entry.waitFor();
    await entry.click();
    await expect(page.locator('#cypher-editor-host .cm-content').textContent()).resolves.toContain('WHERE a.name = $name');
    await expect(page.getByLabel(/^Parameters/).inputValue()).resolves.toContain('Alice Cypher');

    await Promise.all([page.waitForURL(/\/visualization\?nodes=/), page.goto(href)]);
    expect(pageErrors).toEqual([]);
  }, 120000);
});
