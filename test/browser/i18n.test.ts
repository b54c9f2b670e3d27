import path from 'node:path';
import { readFileSync } from 'node:fs';
import request from 'supertest';
import type { BrowserContext, Page } from 'playwright-core';
import type { BrowserHarness } from './support/browser';
import { startBrowserHarness } from './support/browser';
import { ADMIN_PASSWORD } from '../support/test-app';
import { PERMISSION_CODES } from '../../src/auth/permissions';
import { readCatalog } from '../../src/i18n/i18n';

/**
 * The "no untranslated string" check: a user whose profile locale is de opens every page; every
 * visible text and every title, placeholder, aria-label and alt (and the document title) is
 * compared with the English catalogs (pages + web). A text equal to an English value whose German
 * value differs, or an English sentence (two or more English function words), fails the test.
 */
let b: BrowserHarness;
let basic: string;
const contexts: BrowserContext[] = [];

const english = { ...readCatalog('pages', 'en'), ...readCatalog('web', 'en') };
const german = { ...readCatalog('pages', 'de'), ...readCatalog('web', 'de') };
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** English values with no German twin: exact texts, and templates as patterns (placeholders match anything). */
const untranslated: Array<{ key: string; exact?: string; pattern?: RegExp }> = Object.keys(english)
  .filter((key) => english[key] !== german[key] && /[A-Za-z]{2}/.test(english[key]))
  .map((key) => {
    const value = english[key].trim();
    if (!/\{\w+\}/.test(value)) return { key, exact: value };
    // Only templates with two real words besides their placeholders make a useful pattern ("Import {state}." matches German too).
    if ((value.replace(/\{\w+\}/g, '').match(/[A-Za-z]{3,}/g) ?? []).length < 2) return { key };
    return {
      key,
      pattern: new RegExp(
        `^${value
          .split(/\{\w+\}/)
          .map(escape)
          .join('.+?')}$`,
        's',
      ),
    };
  });
const ENGLISH_WORDS = new Set([
  'no',
  'the',
  'and',
  'your',
  'you',
  'with',
  'this',
  'that',
  'are',
  'were',
  'has',
  'have',
  'not',
  'from',
  'for',
  'of',
  'must',
  'please',
  'yet',
  'none',
  'never',
  'nothing',
  'only',
  'when',
  'which',
  'there',
  'these',
  'here',
  'been',
  'shown',
  'empty',
  'saved',
  'loading',
]);
/** Proper names, code and user data that read the same in every language. */
const ALLOWED = [
  /^Graph Analytics Service$/,
  /^(API|CSV|JSON|Neo4j|Cypher|PostgreSQL|GraphML|ZIP|PNG|SVG)$/,
  /^MATCH \(n\) RETURN n LIMIT 25$/,
  /i18n-/,
  /^[\w.*-]+$/,
];

function problemsIn(texts: string[]): string[] {
  const found: string[] = [];
  for (const raw of texts) {
    const text = raw.replace(/\s+/g, ' ').trim();
    if (!text || ALLOWED.some((allowed) => allowed.test(text))) continue;
    const hit = untranslated.find((entry) => entry.exact === text || (entry.pattern && entry.pattern.test(text)));
    if (hit) {
      found.push(`${JSON.stringify(text)} (English of ${hit.key})`);
      continue;
    }
    const words = new Set(text.toLowerCase().match(/[a-z]+/g) ?? []);
    const englishWords = [...words].filter((word) => ENGLISH_WORDS.has(word));
    if (englishWords.length >= 2) found.push(`${JSON.stringify(text)} (English words: ${englishWords.join(', ')})`);
  }
  return found;
}

/** Every visible text node, the labelling attributes of visible elements, and the document title. */
async function pageTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [document.title];
    const visible = (element: Element) => ((element as HTMLElement).checkVisibility ? (element as HTMLElement).checkVisibility() : true);
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (
        !parent ||
        ['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEXTAREA', 'PRE', 'CODE'].includes(parent.tagName) ||
        parent.closest('script, pre, code, .cm-editor, textarea')
      )
        continue;
      if (node.textContent && node.textContent.trim() && visible(parent)) out.push(node.textContent);
    }
    for (const element of Array.from(document.body.querySelectorAll('[title], [placeholder], [aria-label], [alt]'))) {
      if (!visible(element) && !element.closest('nav')) continue;
      for (const name of ['title', 'placeholder', 'aria-label', 'alt']) {
        const value = element.getAttribute(name);
        if (value) out.push(value);
      }
    }
    return out;
  });
}

async function germanContext(): Promise<{ context: BrowserContext; page: Page; pageErrors: string[] }> {
  const context = await b.browser.newContext({ baseURL: b.baseUrl, locale: 'de-DE', viewport: { width: 1280, height: 860 } });
  contexts.push(context);
  const page = await context.newPage();
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  page.on('dialog', (dialog) => void dialog.accept());
  page.setDefaultTimeout(process.env.CI ? 30000 : 15000);
  return { context, page, pageErrors };
}

async function signInGerman(page: Page, username: string, password: string): Promise<void> {
  await page.goto('/profile/view');
  await page.waitForURL(/\/login\?next=/);
  await page.getByLabel('Benutzername').fill(username);
  await page.getByLabel('Passwort').fill(password);
  await Promise.all([page.waitForURL((url) => !url.pathname.startsWith('/login')), page.getByRole('button', { name: 'Anmelden' }).click()]);
}

async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() => !/Wird geladen…|Loading…/.test(document.body.innerText));
}

let visualizationId = '';
beforeAll(async () => {
  b = await startBrowserHarness();
  basic = b.t.basic('admin', ADMIN_PASSWORD);
  const dieter = await b.t.createUser('dieter', { password: 'dieter-password-1', permissions: [...PERMISSION_CODES] });
  await b.t.deps.db('users').where({ id: dieter }).update({ locale: 'de', name: 'Dieter' });
  const hanna = await b.t.createUser('hanna', { password: 'hanna-password-1' });
  await b.t.deps.db('users').where({ id: hanna }).update({ locale: 'de' });
  await b.t.createUser('eva', { password: 'eva-password-1' });
  const node = await request(b.t.app)
    .post('/data/nodes')
    .set('Authorization', basic)
    .send({ labels: ['Person'], properties: { name: 'Alice Übersetzt' } });
  expect(node.status).toBe(201);
  const created = await request(b.t.app)
    .post('/visualizations')
    .set('Authorization', b.t.basic('dieter', 'dieter-password-1'))
    .send({ name: 'Netz', description: 'Beispiel' });
  expect(created.status).toBe(201);
  visualizationId = String(created.body.id);
  expect(
    (
      await request(b.t.app)
        .post('/groups')
        .set('Authorization', basic)
        .send({ name: 'Analysten', description: 'Beispielgruppe', permissions: ['EXPORT_DATA'] })
    ).status,
  ).toBe(201);
}, 90000);
afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
  await b?.close();
});

describe('every page in German for a user whose profile locale is de', () => {
  const PAGES: Array<[string, () => string]> = [
    ['the start page', () => '/'],
    ['search', () => '/search?q=Alice'],
    ['the visualization list', () => '/visualizations/list'],
    ['a visualization', () => `/visualization?id=${visualizationId}`],
    ['jobs', () => '/jobs/list'],
    ['import', () => '/import'],
    ['users', () => '/users/list'],
    ['groups', () => '/groups/list'],
    ['access control', () => '/acl/list'],
    ['settings', () => '/settings/list'],
    ['the audit trail', () => '/audit/list'],
    ['the Cypher console', () => '/cypher'],
    ['the profile', () => '/profile/view'],
  ];
  let session: { page: Page; pageErrors: string[] };
  beforeAll(async () => {
    session = await germanContext();
    await signInGerman(session.page, 'dieter', 'dieter-password-1');
  }, 60000);

  test.each(PAGES)('when %s is opened, then no English text, title, placeholder, aria-label or alt is shown', async (_name, target) => {
    const { page, pageErrors } = session;
    await page.goto(target());
    await settle(page);
    await expect(page.locator('html').getAttribute('lang')).resolves.toBe('de');
    expect(problemsIn(await pageTexts(page))).toEqual([]);
    expect(pageErrors).toEqual([]);
  });

  test('when a page needs a permission the user lacks, then the 403 page names it in German', async () => {
    const { page } = await germanContext();
    await signInGerman(page, 'hanna', 'hanna-password-1');
    const response = await page.goto('/users/list');
    expect(response?.status()).toBe(403);
    await expect(page.locator('.missing-permission').textContent()).resolves.toContain('Benutzerverwaltung');
    expect(problemsIn(await pageTexts(page))).toEqual([]);
  });
});

describe('dialogs, editors and results in German', () => {
  let session: { page: Page; pageErrors: string[] };
  beforeAll(async () => {
    session = await germanContext();
    await signInGerman(session.page, 'dieter', 'dieter-password-1');
    const dieter = b.t.basic('dieter', 'dieter-password-1');
    expect(
      (
        await request(b.t.app)
          .post('/jobs')
          .set('Authorization', dieter)
          .send({ name: 'personen-export', type: 'export', config: { labels: ['Person'], file: 'exports/personen.csv' } })
      ).status,
    ).toBe(201);
    expect((await request(b.t.app).put('/jobs/personen-export/started').set('Authorization', dieter)).status).toBeLessThan(300);
    expect((await request(b.t.app).post('/profile/tokens').set('Authorization', dieter).send({ name: 'skript' })).status).toBe(201);
  }, 60000);

  const check = async (page: Page) => {
    expect(problemsIn(await pageTexts(page))).toEqual([]);
    expect(session.pageErrors).toEqual([]);
  };

  test('when a user is opened for editing on the users page, then the editor and the effective data access are German', async () => {
    const { page } = session;
    await page.goto('/users/list');
    await page.locator('#users-table tr[data-username="hanna"]').getByRole('button', { name: 'Bearbeiten' }).click();
    await page.locator('#user-security dl').waitFor();
    await check(page);
  });

  test('when a group is opened for editing, then the editor is German', async () => {
    const { page } = session;
    await page.goto('/groups/list');
    await page.locator('#groups-table tr[data-group-name="Analysten"]').getByRole('button', { name: 'Bearbeiten' }).click();
    await page.locator('#group-edit:not([hidden])').waitFor();
    await check(page);
  });

  test('when access control shows what a user sees, then the preview and the rule editors are German', async () => {
    const { page } = session;
    await page.goto('/acl/list');
    await settle(page);
    await page.locator('#acl-preview-user').selectOption({ label: 'hanna' });
    await page.getByRole('button', { name: 'Zeigen, was dieser Benutzer sieht' }).click();
    await page.locator('#acl-preview-result .preview-totals').waitFor();
    for (const summary of await page.locator('details.raw-json summary').all()) await summary.click();
    await check(page);
  });

  test('when a job ran, then the job list and its history are German', async () => {
    const { page } = session;
    await page.goto('/jobs/list');
    const row = page.locator('#jobs-table tr[data-job="personen-export"]');
    // The test app runs no scheduler: the started run stays queued, which is a state to show as well.
    await row.locator('.last-run .chip[data-state]').waitFor();
    await row.getByRole('button', { name: 'Verlauf' }).click();
    await page.locator('#job-history-table tbody tr[data-run-id]').first().waitFor();
    await check(page);
  });

  test('when a CSV file is uploaded, analysed and tried in a dry run, then the wizard is German', async () => {
    const { page } = session;
    await page.goto('/import');
    await page
      .locator('#import-file-input')
      .setInputFiles([
        { name: 'people.csv', mimeType: 'text/csv', buffer: readFileSync(path.join(__dirname, '..', 'fixtures', 'import', 'people.csv')) },
      ]);
    await page.getByRole('button', { name: 'Hochladen' }).click();
    await page.getByRole('button', { name: 'people.csv analysieren' }).click();
    await page.locator('#import-summary-text').waitFor();
    await check(page);
    await page.getByRole('button', { name: 'Probelauf' }).click();
    await page.locator('#import-report-counts').waitFor();
    await check(page);
  });

  test('when the audit chain is verified and an event opened, then the results are German', async () => {
    const { page } = session;
    await page.goto('/audit/list');
    await settle(page);
    await page.getByRole('button', { name: 'Kette prüfen' }).click();
    await page.locator('#audit-verify.ok, #audit-verify.error').waitFor();
    await page.locator('#audit-table tbody tr').first().getByRole('button', { name: 'Einzelheiten' }).click();
    await page.locator('#audit-details:not([hidden])').waitFor();
    await check(page);
  });

  test('when the settings forms are shown with their raw JSON, then they are German', async () => {
    const { page } = session;
    await page.goto('/settings/list');
    await settle(page);
    for (const summary of await page.locator('details.raw-json summary').all()) await summary.click();
    await check(page);
  });

  test('when the profile lists a token, then the token table is German', async () => {
    const { page } = session;
    await page.goto('/profile/view');
    await page.locator('#tokens-table tr[data-token-id]').first().waitFor();
    await check(page);
  });
});

describe('pages before sign-in follow the browser language', () => {
  test.each([
    ['the login page', '/login'],
    ['the password reset request', '/passwordReset/request'],
    ['an invalid password reset link', '/passwordReset/no-such-token-0123456789'],
  ])('when %s is opened by a German browser, then it is German', async (_name, target) => {
    const { page } = await germanContext();
    await page.goto(target);
    await expect(page.locator('html').getAttribute('lang')).resolves.toBe('de');
    expect(problemsIn(await pageTexts(page))).toEqual([]);
  });
});

describe('switching the language on the profile page', () => {
  test('when an English user chooses Deutsch and saves, then the menu and the page are German; back to English, they are English again', async () => {
    const { page } = await b.newPage();
    await b.signIn(page, '/profile/view', 'eva', 'eva-password-1');
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await expect(menu.getByRole('link', { name: 'Visualizations' }).count()).resolves.toBe(1);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Profile');

    await page.getByLabel('Language').selectOption('de');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await page.locator('#profile-status.ok').waitFor();
    await page.reload();
    const germanMenu = page.getByRole('navigation', { name: 'Hauptmenü' });
    await expect(germanMenu.getByRole('link', { name: 'Visualisierungen' }).count()).resolves.toBe(1);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Profil');
    await expect(page.locator('html').getAttribute('lang')).resolves.toBe('de');
    await expect(page.getByRole('button', { name: 'Profil speichern' }).count()).resolves.toBe(1);

    await page.getByLabel('Sprache').selectOption('en');
    await page.getByRole('button', { name: 'Profil speichern' }).click();
    await page.locator('#profile-status.ok').waitFor();
    await page.goto('/visualizations/list');
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Visualizations');
    await expect(page.locator('html').getAttribute('lang')).resolves.toBe('en');
  });
});
