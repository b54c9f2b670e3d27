import net from 'node:net';
import request from 'supertest';
import type { Page } from 'playwright-core';
import type { BrowserHarness } from './support/browser';
import { startBrowserHarness } from './support/browser';
import { ADMIN_PASSWORD } from '../support/test-app';
import { JobScheduler } from '../../src/services/jobs/job-scheduler';
import { createMailer } from '../../src/services/mail/mailer';

let b: BrowserHarness;
let basic: string;
let scheduler: JobScheduler;
let silentSmtp: net.Server;
const sockets: net.Socket[] = [];

beforeAll(async () => {
  b = await startBrowserHarness();
  basic = b.t.basic('admin', ADMIN_PASSWORD);
  b.t.deps.config.jobs.tickIntervalMs = 200;
  scheduler = new JobScheduler(b.t.deps).start();
  const created = await request(b.t.app)
    .post('/data/nodes')
    .set('Authorization', basic)
    .send({ labels: ['Person'], properties: { name: 'Page Person', amount: 5 } });
  expect(created.status).toBe(201);
}, 60000);
afterAll(async () => {
  await scheduler?.stop();
  sockets.forEach((s) => s.destroy());
  if (silentSmtp) await new Promise<void>((resolve) => silentSmtp.close(() => resolve()));
  await b?.close();
});

async function jobsPage(target = '/jobs/list'): Promise<{ page: Page; pageErrors: string[] }> {
  const { page, pageErrors } = await b.signedInPage(target);
  await page.locator('#jobs-table tbody tr').first().waitFor();
  return { page, pageErrors };
}

describe('/jobs/list in a real browser', () => {
  test('when a job is created through the form, then invalid input is explained in words next to its field and a valid job is listed with its schedule and next run', async () => {
    const { page, pageErrors } = await jobsPage();
    await expect(
      page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Jobs' }).getAttribute('aria-current'),
    ).resolves.toBe('page');
    const form = page.locator('#job-form');
    await form.locator('input[name="name"]').fill('people-export');
    await form.locator('select[name="type"]').selectOption('export');
    await expect(form.locator('fieldset[data-type="export"]').isVisible()).resolves.toBe(true);
    await expect(form.locator('fieldset[data-type="cypher"]').isVisible()).resolves.toBe(false);
    await form.getByLabel('Labels (comma separated)').fill('Person');
    await form.getByLabel('File under the export directory').fill('people.csv');
    await form.getByLabel(/^Schedule/).fill('*/5 * * * *');
    await form.getByRole('button', { name: 'Create job' }).click();
    const scheduleError = form.locator('label:has(input[name="schedule"]) .field-error');
    await scheduleError.waitFor();
    await expect(scheduleError.textContent()).resolves.toMatch(/6 fields/);

    await form.getByLabel(/^Schedule/).fill('0 0 3 * * *');
    await form.getByLabel(/^Filter/).fill('{"property": ');
    await form.getByRole('button', { name: 'Create job' }).click();
    const filterError = form.locator('label:has(textarea[name="filter"]) .field-error');
    await filterError.waitFor();
    await expect(filterError.textContent()).resolves.toMatch(/not valid JSON/);
    await expect(scheduleError.count()).resolves.toBe(0);

    await form.getByLabel(/^Filter/).fill('{"property": "name", "operator": "LIKE", "value": 1}');
    await form.getByRole('button', { name: 'Create job' }).click();
    await form.locator('label:has(textarea[name="filter"]) .field-error').waitFor();
    await expect(form.locator('#job-form-error').textContent()).resolves.toMatch(/filter/i);

    await form.getByLabel(/^Filter/).fill('');
    await form.getByLabel('Time zone').fill('Europe/Prague');
    await form.getByRole('button', { name: 'Create job' }).click();
    const row = page.locator('#jobs-table tr[data-job="people-export"]');
    await row.waitFor();
    await expect(row.textContent()).resolves.toContain('0 0 3 * * *');
    await expect(row.textContent()).resolves.toContain('Europe/Prague');
    await expect(row.locator('.next-run').textContent()).resolves.not.toBe('—');
    await expect(row.locator('.last-run').textContent()).resolves.toContain('never');
    const stored = await request(b.t.app).get('/jobs/people-export').set('Authorization', basic);
    expect(stored.body).toMatchObject({
      type: 'export',
      config: { labels: ['Person'], file: 'people.csv' },
      schedule: '0 0 3 * * *',
      timeZone: 'Europe/Prague',
    });
    expect(pageErrors).toEqual([]);
  });

  test('when a job is started, edited, disabled and enabled from the list, then the history shows the run with its log', async () => {
    const { page, pageErrors } = await jobsPage();
    const row = page.locator('#jobs-table tr[data-job="people-export"]');
    await row.getByRole('button', { name: 'Start now' }).click();
    const history = page.locator('#job-history');
    await history.waitFor();
    const succeeded = history.locator('tr[data-state="succeeded"]');
    await succeeded.waitFor();
    await expect(succeeded.textContent()).resolves.toContain('rows: 1');
    await succeeded.getByText(/^Log \(/).click();
    await expect(succeeded.locator('.run-log pre').textContent()).resolves.toMatch(/wrote 1 node\(s\) to people\.csv/);
    await row.locator('.last-run [data-state="succeeded"]').waitFor();

    await row.getByRole('button', { name: 'Disable' }).click();
    await row.getByRole('button', { name: 'Enable' }).waitFor();
    await expect(row.textContent()).resolves.toContain('disabled');
    expect((await request(b.t.app).get('/jobs/people-export').set('Authorization', basic)).body.enabled).toBe(false);
    await row.getByRole('button', { name: 'Enable' }).click();
    await row.getByRole('button', { name: 'Disable' }).waitFor();

    await row.getByRole('button', { name: 'Edit' }).click();
    const form = page.locator('#job-form');
    await page.getByRole('heading', { name: 'Edit the job people-export' }).waitFor();
    await expect(form.locator('input[name="name"]').isDisabled()).resolves.toBe(true);
    await expect(form.getByLabel('File under the export directory').inputValue()).resolves.toBe('people.csv');
    await form.getByLabel(/^Schedule/).fill('0 30 4 * * MON-FRI');
    await form.getByRole('button', { name: 'Save job' }).click();
    await page.locator('#jobs-table tr[data-job="people-export"]', { hasText: '0 30 4 * * MON-FRI' }).waitFor();
    expect((await request(b.t.app).get('/jobs/people-export').set('Authorization', basic)).body.schedule).toBe('0 30 4 * * MON-FRI');
    expect(pageErrors).toEqual([]);
  });

  test('when a running alert is cancelled from the list, then its run ends cancelled; the link of an alert mail opens the run with its matches', async () => {
    silentSmtp = net.createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silentSmtp.listen(0, '127.0.0.1', resolve));
    const quiet = b.t.deps.mailer;
    b.t.deps.mailer = createMailer(
      `smtp://127.0.0.1:${(silentSmtp.address() as net.AddressInfo).port}`,
      'gas@example.test',
      b.t.deps.logger,
    );
    try {
      const created = await request(b.t.app)
        .post('/jobs')
        .set('Authorization', basic)
        .send({ name: 'person-alert', type: 'alert', config: { labels: ['Person'], recipients: ['ops@example.com'] } });
      expect(created.status).toBe(201);
      const { page, pageErrors } = await jobsPage();
      const row = page.locator('#jobs-table tr[data-job="person-alert"]');
      await row.getByRole('button', { name: 'Start now' }).click();
      await row.locator('.last-run [data-state="running"]').waitFor();
      await row.getByRole('button', { name: 'Cancel' }).click();
      await row.locator('.last-run [data-state="cancelled"]').waitFor();
      await page.locator('#job-history tr[data-state="cancelled"]').waitFor();
      expect(pageErrors).toEqual([]);
    } finally {
      b.t.deps.mailer.close();
      b.t.deps.mailer = quiet;
    }

    // Without SMTP the mail goes to the log; the run keeps its matches for the link.
    const started = await request(b.t.app).put('/jobs/person-alert/started').set('Authorization', basic);
    expect(started.status).toBe(202);
    for (let i = 0; i < 100; i++) {
      const history = await request(b.t.app).get('/jobs/person-alert/history').set('Authorization', basic);
      if (history.body.items[0].state === 'succeeded') break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const { page, pageErrors } = await jobsPage(`/jobs/list?job=person-alert&run=${started.body.id}`);
    const run = page.locator(`#job-history tr[data-run-id="${started.body.id}"]`);
    await run.waitFor();
    await expect(run.getAttribute('class')).resolves.toContain('highlight');
    await expect(run.locator('ul.matches').textContent()).resolves.toContain('Page Person');
    await expect(run.locator('ul.matches').isVisible()).resolves.toBe(true);
    await page.screenshot({ path: `${b.screenshotDir}/jobs-list.png`, fullPage: true });
    expect(pageErrors).toEqual([]);
  });
});
