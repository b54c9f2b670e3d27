import request from 'supertest';
import type { Page } from 'playwright-core';
import { ADMIN_PASSWORD } from '../support/test-app';
import type { BrowserHarness } from './support/browser';
import { startBrowserHarness } from './support/browser';
import { TEXT_SEARCH_COUNT_LIMIT } from '../../src/services/graph/find-service';

// Browser tests run on the PostgreSQL graph, which lives in the test database: the many nodes a
// bounded count needs are inserted in one statement.
let b: BrowserHarness;
beforeAll(async () => {
  b = await startBrowserHarness();
  await b.t.database.knex.raw(
    `insert into graph_nodes (labels, properties)
     select array['Word'], jsonb_build_object('name', 'plentiful word ' || g) from generate_series(1, ?) g`,
    [TEXT_SEARCH_COUNT_LIMIT + 30],
  );
  await b.t.database.knex.raw('analyze graph_nodes');
}, 120000);
afterAll(async () => {
  await b?.close();
});

const count = (page: Page) => page.locator('[role="tabpanel"]:not([hidden]) p.count');

describe('search page: a search with more matches than are counted', () => {
  test('when a search matches more than 10,000 nodes, then the page says "more than 10,000" and still pages on; in German too', async () => {
    const { page, pageErrors } = await b.newPage();
    await b.signIn(page, '/search?q=plentiful');
    await count(page).waitFor();
    await expect(count(page).textContent()).resolves.toBe('1–25 of more than 10,000 nodes');
    const next = page.locator('[role="tabpanel"]:not([hidden]) .pager button').nth(1);
    await expect(next.isEnabled()).resolves.toBe(true);
    await next.click();
    await page.locator('[role="tabpanel"]:not([hidden]) p.count', { hasText: /^26–50 / }).waitFor();

    // The same search for a German user.
    const profile = await request(b.t.app)
      .put('/profile')
      .set('Authorization', b.t.basic('admin', ADMIN_PASSWORD))
      .send({ name: 'Admin', email: '', locale: 'de' });
    expect(profile.status).toBe(200);
    await page.goto('/search?q=plentiful');
    await count(page).waitFor();
    await expect(count(page).textContent()).resolves.toBe('1–25 von mehr als 10.000 Knoten');
    expect(pageErrors).toEqual([]);
  });
});
