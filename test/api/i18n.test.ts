import request from 'supertest';
import type { TestApp } from '../support/test-app';
import { createTestApp } from '../support/test-app';
import type { TestSmtpServer, ReceivedMail } from '../support/smtp';
import { startSmtpServer } from '../support/smtp';

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

/** A user whose profile locale is set before the first request (so no cached sign-in holds the old one). */
async function userWithLocale(username: string, locale: string, permissions: Parameters<TestApp['createUser']>[1] = {}): Promise<string> {
  const id = await t.createUser(username, { email: `${username}@example.test`, ...permissions });
  await t.deps.db('users').where({ id }).update({ locale });
  return id;
}
const basic = (username: string) => t.basic(username, `${username}-password-1`);

describe('problem details in the request language', () => {
  beforeAll(async () => {
    await userWithLocale('dora', 'de', { permissions: ['USER_MANAGEMENT'] });
    await userWithLocale('stefan', 'sk', { permissions: ['USER_MANAGEMENT'] });
    await userWithLocale('jana', 'cs', { permissions: ['USER_MANAGEMENT'] });
  });

  test('when a de user asks for a user that does not exist, then the detail is German, the code unchanged and Content-Language is de', async () => {
    const response = await request(t.app).delete('/users/987654').set('Authorization', basic('dora')).set('Accept-Language', 'en');
    expect(response.status).toBe(404);
    expect(response.headers['content-language']).toBe('de');
    expect(response.body.code).toBe('NOT_FOUND');
    expect(response.body.detail).toBe('Benutzer 987654 nicht gefunden');
  });

  test('when an en user asks for the same, then the detail stays English', async () => {
    await userWithLocale('eric', 'en', { permissions: ['USER_MANAGEMENT'] });
    const response = await request(t.app).delete('/users/987654').set('Authorization', basic('eric')).set('Accept-Language', 'de');
    expect(response.headers['content-language']).toBe('en');
    expect(response.body.detail).toBe('User 987654 not found');
  });

  test('when a de user lacks a permission, then the detail names the permission in German', async () => {
    const response = await request(t.app).get('/audit/data').set('Authorization', basic('dora'));
    expect(response.status).toBe(403);
    expect(response.body.code).toBe('PERMISSION_DENIED');
    expect(response.body.permission).toBe('AUDIT_LOG');
    expect(response.body.detail).toBe('Diese Aktion benötigt die Berechtigung „Audit-Protokoll“ (AUDIT_LOG)');
  });

  test('when a de user deletes their own account, then the conflict is explained in German', async () => {
    const self = await t.deps.db('users').where({ username: 'dora' }).first();
    const response = await request(t.app).delete(`/users/${self.id}`).set('Authorization', basic('dora'));
    expect(response.status).toBe(409);
    expect(response.body).toMatchObject({ code: 'CANNOT_DELETE_SELF', detail: 'Sie können Ihr eigenes Konto nicht löschen' });
  });

  test('when a de user sends an invalid body, then the validation message is worded in German', async () => {
    const response = await request(t.app).post('/users').set('Authorization', basic('dora')).send({ username: 42, password: 'x' });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('VALIDATION_FAILED');
    expect(response.body.detail).toMatch(/^Ungültige Eingabe \(body\): /);
    expect(response.body.detail).not.toMatch(/expected|Invalid input/i);
  });

  test('when a cs user asks for a user that does not exist, then the detail is Czech', async () => {
    const response = await request(t.app).delete('/users/987654').set('Authorization', basic('jana'));
    expect(response.headers['content-language']).toBe('cs');
    expect(response.body.detail).toBe('Uživatel 987654 nenalezen');
  });

  test('when a stored locale is no longer offered, then Accept-Language decides', async () => {
    const response = await request(t.app)
      .delete('/users/987654')
      .set('Authorization', basic('stefan'))
      .set('Accept-Language', 'sk, cs;q=0.8, en;q=0.5');
    expect(response.headers['content-language']).toBe('cs');
    expect(response.body.detail).toBe('Uživatel 987654 nenalezen');
    const fallback = await request(t.app).delete('/users/987654').set('Authorization', basic('stefan'));
    expect(fallback.headers['content-language']).toBe('en');
  });

  test('when an anonymous German browser signs in with a wrong password, then the failure is German on the JSON API and on the form page', async () => {
    const json = await request(t.app)
      .post('/login')
      .set('Accept-Language', 'de-DE,de;q=0.9,en;q=0.5')
      .send({ username: 'dora', password: 'wrong-password' });
    expect(json.status).toBe(401);
    expect(json.headers['content-language']).toBe('de');
    expect(json.body).toMatchObject({ code: 'INVALID_CREDENTIALS', detail: 'Ungültiger Benutzername oder ungültiges Passwort' });
  });
});

describe('pages for anonymous visitors negotiate Accept-Language', () => {
  test.each([
    ['de-AT,de;q=0.9,en;q=0.5', 'de', 'Anmelden', 'Passwort vergessen?'],
    ['cs;q=0.8, de;q=0.9', 'de', 'Anmelden', 'Passwort vergessen?'],
    ['cs-CZ', 'cs', 'Přihlášení', 'Zapomněli jste heslo?'],
    ['fr-FR, es;q=0.5', 'en', 'Sign in', 'Forgot your password?'],
  ])('when the login page is asked for with Accept-Language %s, then it is in %s', async (header, locale, heading, link) => {
    const response = await request(t.app).get('/login').set('Accept-Language', header);
    expect(response.status).toBe(200);
    expect(response.headers['content-language']).toBe(locale);
    expect(response.text).toContain(`<html lang="${locale}">`);
    expect(response.text).toContain(`<h1 id="login-heading">${heading}</h1>`);
    expect(response.text).toContain(`>${link}</a>`);
    const catalog = JSON.parse(/<script type="application\/json" id="gas-i18n">([^<]*)<\/script>/.exec(response.text)![1]);
    expect(catalog.locale).toBe(locale);
    expect(catalog.messages['login.heading']).toBe(heading);
  });

  test('when the password reset pages are asked for in German, then they are German', async () => {
    const page = await request(t.app).get('/passwordReset/request').set('Accept-Language', 'de');
    expect(page.text).toContain('Passwort zurücksetzen');
    expect(page.text).toContain('Link senden');
    const invalid = await request(t.app).get('/passwordReset/not-a-valid-token-at-all').set('Accept-Language', 'de');
    expect(invalid.status).toBe(410);
    expect(invalid.text).toContain('Dieser Link zum Zurücksetzen des Passworts ist ungültig');
  });
});

describe('the password reset mail is written in the recipient profile locale', () => {
  const mailTo = (address: string) => (mail: ReceivedMail) => mail.to.includes(address);

  test('when a de user asks for a reset (from an English browser), then the mail is German', async () => {
    await userWithLocale('greta', 'de');
    const response = await request(t.app).post('/passwordReset/request').set('Accept-Language', 'en').send({ username: 'greta' });
    expect(response.status).toBe(202);
    const mail = await smtp.waitFor(mailTo('greta@example.test'));
    expect(mail.subject).toBe('Passwort zurücksetzen für den Graph Analytics Service');
    expect(mail.text).toContain('Hallo greta,');
    expect(mail.text).toMatch(/Öffnen Sie diesen Link innerhalb von \d+ Stunden/);
    expect(mail.text).toMatch(/\/passwordReset\/[A-Za-z0-9_-]{40,}/);
    expect(mail.html).toContain('Der Link funktioniert einmal.');
  });

  test('when a cs user asks for a reset, then the mail is Czech', async () => {
    await userWithLocale('petr', 'cs');
    await request(t.app).post('/passwordReset/request').send({ username: 'petr' });
    const mail = await smtp.waitFor(mailTo('petr@example.test'));
    expect(mail.subject).toBe('Obnovení hesla pro Graph Analytics Service');
    expect(mail.text).toContain('Dobrý den, petr,');
  });
});

describe('the last administrator', () => {
  test('when a de administrator would remove the last GRANT_ALL_PERMISSIONS, then the conflict is German', async () => {
    const id = await userWithLocale('heidi', 'de', { permissions: ['GRANT_ALL_PERMISSIONS', 'USER_MANAGEMENT'] });
    const admin = await t.deps.db('users').where({ username: 'admin' }).first();
    expect((await request(t.app).delete(`/users/${admin.id}/enabled`).set('Authorization', basic('heidi'))).status).toBe(200);
    const refused = await request(t.app)
      .put(`/users/${id}`)
      .set('Authorization', basic('heidi'))
      .send({ permissions: ['USER_MANAGEMENT'], groupIds: [] });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: 'LAST_ADMINISTRATOR',
      detail: 'Diese Änderung würde keinen aktiven Benutzer mit GRANT_ALL_PERMISSIONS übrig lassen',
    });
  });
});
