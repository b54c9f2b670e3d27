import request from 'supertest';
import type { TestApp } from '../support/test-app';
import { createTestApp, ADMIN_PASSWORD } from '../support/test-app';
import type { TestSmtpServer, ReceivedMail } from '../support/smtp';
import { startSmtpServer, resetTokenFrom } from '../support/smtp';
import { sha256 } from '../../src/auth/passwords';

let t: TestApp;
let smtp: TestSmtpServer;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ mail: { url: smtp.url, from: 'gas@example.test' } });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const mailTo = (address: string) => (mail: ReceivedMail) => mail.to.includes(address);
const requestReset = (username: string) => request(t.app).post('/passwordReset/request').send({ username });
const perform = (hash: string, password: string) => request(t.app).post('/passwordReset/perform').send({ hash, password });
const basicStatus = async (username: string, password: string) =>
  (await request(t.app).get('/profile').set('Authorization', t.basic(username, password))).status;

describe('password reset by e-mail', () => {
  let token: string;

  test('when an existing user asks for a reset, then 202 and a mail with a link to the reset page arrives at the SMTP server', async () => {
    await t.createUser('frank', { password: 'frank-password-1', email: 'frank@example.test' });
    const response = await requestReset('frank');
    expect(response.status).toBe(202);
    expect(response.body.message).toMatch(/If the account exists/);
    const mail = await smtp.waitFor(mailTo('frank@example.test'));
    expect(mail.from).toBe('gas@example.test');
    expect(mail.subject).toMatch(/Password reset/);
    expect(mail.text).toMatch(/http:\/\/127\.0\.0\.1:\d+\/passwordReset\/[A-Za-z0-9_-]{40,}/);
    token = resetTokenFrom(mail);
    expect(mail.html).toContain(`/passwordReset/${token}`);

    const stored = await t.deps.db('password_resets').orderBy('id', 'desc').first();
    expect(stored.token_hash).toBe(sha256(token));
    expect(JSON.stringify(stored)).not.toContain(token);
    const ttlMs = new Date(stored.expires_at).getTime() - Date.now();
    expect(ttlMs).toBeGreaterThan((t.config.passwordReset.tokenTtlHours - 0.1) * 3_600_000);
    expect(ttlMs).toBeLessThanOrEqual(t.config.passwordReset.tokenTtlHours * 3_600_000);
    expect((await request(t.app).get(`/passwordReset/isHashValid/${token}`)).body).toEqual({ valid: true });
  });

  test('when the link is opened, then the page shows a form that posts to /passwordReset/perform', async () => {
    const page = await request(t.app).get(`/passwordReset/${token}`).set('Accept', 'text/html');
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.text).toContain('action="/passwordReset/perform"');
    expect(page.text).toContain(`value="${token}"`);
  });

  test('when the new password violates the policy, then 422 PASSWORD_POLICY and the link stays usable', async () => {
    const response = await perform(token, 'short');
    expect(response.status).toBe(422);
    expect(response.body.code).toBe('PASSWORD_POLICY');
    expect((await request(t.app).get(`/passwordReset/isHashValid/${token}`)).body.valid).toBe(true);
  });

  test('when the link is used, then the password changes, sessions end, and the second use is refused', async () => {
    await t.deps.db('users').where({ username: 'frank' }).update({ must_change_password: true });
    const session = await t.login('frank', 'frank-password-1');
    expect((await session.get('/profile')).status).toBe(200);

    // As the page does: the browser's session cookie and the page's CSRF token.
    const browser = request.agent(t.app);
    const page = await browser.get(`/passwordReset/${token}`).set('Accept', 'text/html');
    const csrf = /name="csrf-token" content="([^"]+)"/.exec(page.text)?.[1];
    expect(csrf).toBeTruthy();
    const withoutToken = await browser.post('/passwordReset/perform').send({ hash: token, password: 'frank-new-password' });
    expect(withoutToken.status).toBe(403);
    const first = await browser
      .post('/passwordReset/perform')
      .set('X-CSRF-Token', csrf!)
      .send({ hash: token, password: 'frank-new-password' });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ passwordChanged: true, loginUrl: '/login' });

    expect(await basicStatus('frank', 'frank-new-password')).toBe(200);
    expect(await basicStatus('frank', 'frank-password-1')).toBe(401);
    expect((await session.get('/profile')).status).toBe(401);
    expect((await t.deps.db('users').where({ username: 'frank' }).first()).must_change_password).toBe(false);

    const second = await perform(token, 'another-password-1');
    expect(second.status).toBe(410);
    expect(second.body.code).toBe('RESET_LINK_INVALID');
    expect(await basicStatus('frank', 'frank-new-password')).toBe(200);
    expect((await request(t.app).get(`/passwordReset/isHashValid/${token}`)).body).toEqual({ valid: false });
    const page2 = await request(t.app).get(`/passwordReset/${token}`).set('Accept', 'text/html');
    expect(page2.status).toBe(410);
    expect(page2.text).toContain('id="reset-invalid"');
    expect(page2.text).not.toContain('action="/passwordReset/perform"');
  });

  test('when the link has expired, then it is refused', async () => {
    smtp.clear();
    await requestReset('frank');
    const expiring = resetTokenFrom(await smtp.waitFor(mailTo('frank@example.test')));
    await t.deps
      .db('password_resets')
      .where({ token_hash: sha256(expiring) })
      .update({ expires_at: new Date(Date.now() - 1000) });
    expect((await request(t.app).get(`/passwordReset/isHashValid/${expiring}`)).body.valid).toBe(false);
    const response = await perform(expiring, 'frank-expired-password');
    expect(response.status).toBe(410);
    expect(response.body.code).toBe('RESET_LINK_INVALID');
    expect(await basicStatus('frank', 'frank-new-password')).toBe(200);
  });

  test('when the username is unknown, then the answer is the same and no mail is sent', async () => {
    await t.createUser('grace', { email: 'grace@example.test' });
    smtp.clear();
    const known = await requestReset('grace');
    const unknown = await requestReset('nobody-has-this-name');
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    expect(unknown.headers['content-type']).toBe(known.headers['content-type']);
    await smtp.waitFor(mailTo('grace@example.test'));
    await sleep(300);
    expect(smtp.messages).toHaveLength(1);
  });

  test('when a user asks more than 3 times in an hour, then every answer is the same but only 3 mails go out', async () => {
    await t.createUser('heidi', { email: 'heidi@example.test' });
    smtp.clear();
    const responses = [];
    for (let i = 0; i < 5; i++) responses.push(await requestReset('heidi'));
    expect(responses.map((r) => r.status)).toEqual([202, 202, 202, 202, 202]);
    expect(new Set(responses.map((r) => JSON.stringify(r.body))).size).toBe(1);
    await sleep(500);
    expect(smtp.messages.filter(mailTo('heidi@example.test'))).toHaveLength(3);
    const outcomes = (await t.deps.db('audit_events').where({ action: 'password.reset.requested' }).orderBy('id', 'desc').limit(2)).map(
      (e) => e.details.outcome,
    );
    expect(outcomes).toEqual(['rate-limited', 'rate-limited']);
  });

  test('when the user is disabled or has no e-mail, then 202 and no mail', async () => {
    const id = await t.createUser('ivan', { email: 'ivan@example.test' });
    await t.deps.db('users').where({ id }).update({ enabled: false });
    await t.createUser('judy', { email: '' });
    smtp.clear();
    expect((await requestReset('ivan')).status).toBe(202);
    expect((await requestReset('judy')).status).toBe(202);
    await sleep(300);
    expect(smtp.messages).toHaveLength(0);
  });

  test.each([
    ['an unknown hash', { hash: 'A'.repeat(43), password: 'whatever-password-1' }, 410],
    ['a malformed hash', { hash: '../../etc', password: 'whatever-password-1' }, 410],
    ['no password', { hash: 'A'.repeat(43) }, 400],
    ['no hash', { password: 'whatever-password-1' }, 400],
    ['a number as password', { hash: 'A'.repeat(43), password: 12345678901 }, 400],
  ])('when perform gets %s (%j), then %i', async (_label, body, status) => {
    const response = await request(t.app).post('/passwordReset/perform').send(body);
    expect(response.status).toBe(status);
  });

  test.each([[{}], [{ username: '' }], [{ username: 42 }]])('when the request body is %j, then 400', async (body) => {
    expect((await request(t.app).post('/passwordReset/request').send(body)).status).toBe(400);
  });

  test('when the reset is audited, then requested and performed events exist and no token appears in the trail', async () => {
    const events = await t.deps.db('audit_events').whereIn('action', ['password.reset.requested', 'password.reset.performed']);
    expect(events.map((e) => e.action)).toEqual(expect.arrayContaining(['password.reset.requested', 'password.reset.performed']));
    const performed = events.find((e) => e.action === 'password.reset.performed');
    expect(performed).toMatchObject({ username: 'frank', target_type: 'user' });
    const tokens = (await t.deps.db('password_resets').pluck('token_hash')) as string[];
    const trail = JSON.stringify(await t.deps.db('audit_events'));
    for (const hash of tokens) expect(trail).not.toContain(hash);
  });

  test('when the reset request page is opened, then it renders a form', async () => {
    const page = await request(t.app).get('/passwordReset/request').set('Accept', 'text/html');
    expect(page.status).toBe(200);
    expect(page.text).toContain('id="reset-request-form"');
  });
});

describe('administrator-triggered reset mail', () => {
  const admin = () => t.basic('admin', ADMIN_PASSWORD);

  test('when an administrator triggers the reset for a user, then the same mail arrives and the link works', async () => {
    const id = await t.createUser('kim', { password: 'kim-password-1', email: 'kim@example.test' });
    smtp.clear();
    const response = await request(t.app).put(`/users/${id}/reset-password`).set('Authorization', admin());
    expect(response.status).toBe(202);
    expect(response.body).toEqual({ sentTo: 'kim@example.test', mailConfigured: true });
    const mail = await smtp.waitFor(mailTo('kim@example.test'));
    expect(mail.text).toMatch(/administrator/);
    const link = resetTokenFrom(mail);
    expect((await perform(link, 'kim-new-password-1')).status).toBe(200);
    expect(await basicStatus('kim', 'kim-new-password-1')).toBe(200);
    const event = await t.deps.db('audit_events').where({ action: 'user.password.reset-mail', target_id: id }).first();
    expect(event).toMatchObject({ username: 'admin' });
  });

  test('when the user is unknown, then 404; without an e-mail, then 422 NO_EMAIL; a malformed id, then 400', async () => {
    expect((await request(t.app).put('/users/999999/reset-password').set('Authorization', admin())).status).toBe(404);
    const id = await t.createUser('leo', { email: '' });
    const noEmail = await request(t.app).put(`/users/${id}/reset-password`).set('Authorization', admin());
    expect(noEmail.status).toBe(422);
    expect(noEmail.body.code).toBe('NO_EMAIL');
    expect((await request(t.app).put('/users/abc/reset-password').set('Authorization', admin())).status).toBe(400);
  });

  test('when the caller lacks USER_MANAGEMENT, then 403 and no mail', async () => {
    const id = await t.createUser('mia', { password: 'mia-password-1', email: 'mia@example.test' });
    smtp.clear();
    const response = await request(t.app).put(`/users/${id}/reset-password`).set('Authorization', t.basic('mia', 'mia-password-1'));
    expect(response.status).toBe(403);
    expect(response.body.permission).toBe('USER_MANAGEMENT');
    await sleep(200);
    expect(smtp.messages).toHaveLength(0);
  });
});
