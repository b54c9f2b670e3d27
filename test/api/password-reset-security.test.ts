import { Writable } from 'node:stream';
import pino from 'pino';
import request from 'supertest';
import type { TestApp } from '../support/test-app';
import { createTestApp, ADMIN_PASSWORD } from '../support/test-app';
import type { TestSmtpServer, ReceivedMail } from '../support/smtp';
import { startSmtpServer, resetTokenFrom } from '../support/smtp';
import { startService } from '../../src/server';
import type { AppConfig } from '../../src/config';

/**
 * Issue 18 items 1, 3 and 5: reset links never point at a host the client named, open links end
 * when the password is set another way or a newer link is issued, and one password policy
 * (white space only is refused) for the administrator, the profile and the reset link.
 */

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

const admin = () => t.basic('admin', ADMIN_PASSWORD);
const mailTo = (address: string) => (mail: ReceivedMail) => mail.to.includes(address);
const linkIn = (mail: ReceivedMail) => /https?:\/\/\S+\/passwordReset\/[A-Za-z0-9_-]+/.exec(mail.text)?.[0];
const isValid = async (token: string) => (await request(t.app).get(`/passwordReset/isHashValid/${token}`)).body.valid as boolean;
const perform = (hash: string, password: string) => request(t.app).post('/passwordReset/perform').send({ hash, password });
const basicStatus = async (username: string, password: string) =>
  (await request(t.app).get('/profile').set('Authorization', t.basic(username, password))).status;
const ATTACKER_HEADERS = {
  Host: 'evil.example:8443',
  'X-Forwarded-Host': 'evil.example:8443',
  'X-Forwarded-Proto': 'https',
  'X-Forwarded-Port': '8443',
  Forwarded: 'host=evil.example:8443;proto=https',
  Origin: 'https://evil.example:8443',
  Referer: 'https://evil.example:8443/login',
};

/** A reset link of the user, through the public request (the mail read from the SMTP server). */
async function requestLink(username: string, email: string): Promise<string> {
  smtp.clear();
  expect((await request(t.app).post('/passwordReset/request').send({ username })).status).toBe(202);
  return resetTokenFrom(await smtp.waitFor(mailTo(email)));
}

describe('reset links never come from request headers (item 1)', () => {
  test('when an anonymous reset request names evil.example in Host, X-Forwarded-Host and Origin, then the mailed link points to the listen address', async () => {
    await t.createUser('victim', { email: 'victim@example.test' });
    smtp.clear();
    const response = await request(t.app).post('/passwordReset/request').set(ATTACKER_HEADERS).send({ username: 'victim' });
    expect(response.status).toBe(202);
    const mail = await smtp.waitFor(mailTo('victim@example.test'));
    expect(mail.text).not.toContain('evil.example');
    expect(mail.html).not.toContain('evil.example');
    expect(linkIn(mail)).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/passwordReset\//);
  });

  test('when an administrator triggers the reset mail through a request naming evil.example, then the link does not point there', async () => {
    const id = await t.createUser('victim2', { email: 'victim2@example.test' });
    smtp.clear();
    const response = await request(t.app).put(`/users/${id}/reset-password`).set(ATTACKER_HEADERS).set('Authorization', admin());
    expect(response.status).toBe(202);
    const mail = await smtp.waitFor(mailTo('victim2@example.test'));
    expect(mail.text).not.toContain('evil.example');
    expect(mail.html).not.toContain('evil.example');
    expect(linkIn(mail)).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/passwordReset\//);
  });

  describe('behind a trusted proxy, with the host configured and no base URL', () => {
    let proxied: TestApp;
    beforeAll(async () => {
      proxied = await createTestApp({
        mail: { url: smtp.url, from: 'gas@example.test' },
        server: { host: 'gas.internal.test', trustProxy: true, baseUrl: '' },
      });
    });
    afterAll(() => proxied.close());

    test('when the request names evil.example in the forwarded headers, then the link uses the configured host, not the headers', async () => {
      await proxied.createUser('victim3', { email: 'victim3@example.test' });
      smtp.clear();
      expect((await request(proxied.app).post('/passwordReset/request').set(ATTACKER_HEADERS).send({ username: 'victim3' })).status).toBe(
        202,
      );
      const mail = await smtp.waitFor(mailTo('victim3@example.test'));
      expect(mail.text).not.toContain('evil.example');
      expect(linkIn(mail)).toMatch(/^http:\/\/gas\.internal\.test:\d+\/passwordReset\//);
    });
  });

  describe('the real service, started and listening', () => {
    /** Starts the service (startService) on this file's databases with a log that is collected. */
    async function start(server: Partial<AppConfig['server']>) {
      const lines: Array<{ msg: string; level: number }> = [];
      const sink = new Writable({
        write(chunk, _encoding, done) {
          for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
          done();
        },
      });
      const config: AppConfig = {
        ...t.config,
        server: { ...t.config.server, port: 0, host: '127.0.0.1', ...server },
        session: { ...t.config.session },
        jobs: { ...t.config.jobs, schedulerEnabled: false },
      };
      const service = await startService(config, pino({ level: 'info' }, sink));
      return { service, lines };
    }

    test('when no base URL is configured, then the start logs one warning and no error, and a link requested with Host: evil.example is the listen address', async () => {
      await t.createUser('victim4', { email: 'victim4@example.test' });
      const { service, lines } = await start({ baseUrl: '' });
      try {
        const warnings = lines.filter((line) => line.level === 40);
        expect(warnings).toHaveLength(1);
        expect(warnings[0].msg).toMatch(/server\.baseUrl \(BASE_URL\) is not set/);
        expect(lines.filter((line) => line.level >= 50)).toEqual([]);

        smtp.clear();
        const response = await request(service.url).post('/passwordReset/request').set(ATTACKER_HEADERS).send({ username: 'victim4' });
        expect(response.status).toBe(202);
        const mail = await smtp.waitFor(mailTo('victim4@example.test'));
        expect(linkIn(mail)).toBe(`${service.url}/passwordReset/${resetTokenFrom(mail)}`);
        expect(mail.text).not.toContain('evil.example');
      } finally {
        await service.close();
      }
    });

    test('when a base URL is configured, then the start logs no warning and the link uses it', async () => {
      await t.createUser('victim5', { email: 'victim5@example.test' });
      const { service, lines } = await start({ baseUrl: 'https://graph.example.test/gas/' });
      try {
        expect(lines.filter((line) => line.level >= 40)).toEqual([]);
        smtp.clear();
        expect((await request(service.url).post('/passwordReset/request').set(ATTACKER_HEADERS).send({ username: 'victim5' })).status).toBe(
          202,
        );
        const mail = await smtp.waitFor(mailTo('victim5@example.test'));
        expect(linkIn(mail)).toBe(`https://graph.example.test/gas/passwordReset/${resetTokenFrom(mail)}`);
      } finally {
        await service.close();
      }
    });
  });
});

describe('open reset links end (item 3)', () => {
  const endedIn = async (action: string, id: string, key: string) => {
    const event = await t.deps.db('audit_events').where({ action, target_id: id }).orderBy('id', 'desc').first();
    return event?.details?.[key];
  };

  test("when an administrator sets the user's password, then the open link is refused and the administrator's password stays", async () => {
    const id = await t.createUser('link-admin-set', { email: 'link-admin-set@example.test' });
    const token = await requestLink('link-admin-set', 'link-admin-set@example.test');
    expect(await isValid(token)).toBe(true);
    expect(
      (await request(t.app).put(`/users/${id}/password`).set('Authorization', admin()).send({ password: 'set-by-the-admin-1' })).status,
    ).toBe(204);
    expect(await isValid(token)).toBe(false);
    const used = await perform(token, 'taken-over-password-1');
    expect(used.status).toBe(410);
    expect(used.body.code).toBe('RESET_LINK_INVALID');
    expect(await basicStatus('link-admin-set', 'set-by-the-admin-1')).toBe(200);
    expect(await endedIn('user.password.set', id, 'endedResetLinks')).toBe(1);
  });

  test('when the user changes the password in the profile, then the open link is refused and the new password stays', async () => {
    const id = await t.createUser('link-profile', { password: 'link-profile-password-1', email: 'link-profile@example.test' });
    const token = await requestLink('link-profile', 'link-profile@example.test');
    const changed = await request(t.app)
      .put('/profile/password')
      .set('Authorization', t.basic('link-profile', 'link-profile-password-1'))
      .send({ currentPassword: 'link-profile-password-1', newPassword: 'link-profile-password-2' });
    expect(changed.status).toBe(200);
    expect(await isValid(token)).toBe(false);
    expect((await perform(token, 'taken-over-password-1')).status).toBe(410);
    expect(await basicStatus('link-profile', 'link-profile-password-2')).toBe(200);
    expect(await endedIn('profile.password.change', id, 'endedResetLinks')).toBe(1);
  });

  test('when a newer reset is requested, then the older link is refused and the newer one works', async () => {
    const id = await t.createUser('link-newer', { email: 'link-newer@example.test' });
    const older = await requestLink('link-newer', 'link-newer@example.test');
    const newer = await requestLink('link-newer', 'link-newer@example.test');
    expect(newer).not.toBe(older);
    expect(await isValid(older)).toBe(false);
    expect((await perform(older, 'from-the-older-link-1')).status).toBe(410);
    expect(await endedIn('password.reset.requested', id, 'endedLinks')).toBe(1);
    expect((await perform(newer, 'from-the-newer-link-1')).status).toBe(200);
    expect(await basicStatus('link-newer', 'from-the-newer-link-1')).toBe(200);
  });

  test('when an administrator sends a newer reset mail, then the link the user requested before is refused and the mailed one works', async () => {
    const id = await t.createUser('link-admin-mail', { email: 'link-admin-mail@example.test' });
    const older = await requestLink('link-admin-mail', 'link-admin-mail@example.test');
    smtp.clear();
    expect((await request(t.app).put(`/users/${id}/reset-password`).set('Authorization', admin())).status).toBe(202);
    const newer = resetTokenFrom(await smtp.waitFor(mailTo('link-admin-mail@example.test')));
    expect(await isValid(older)).toBe(false);
    expect(await isValid(newer)).toBe(true);
    expect(await endedIn('user.password.reset-mail', id, 'endedLinks')).toBe(1);
  });
});

describe('one password policy (item 5)', () => {
  const BLANKS: Array<[string, string, string]> = [
    ['spaces', ' '.repeat(20), 'a'],
    ['tabs, newlines and Unicode spaces', '\t\n\u00a0\u2003\u3000'.repeat(4), 'b'],
  ];
  const expectBlankRefused = (response: request.Response) => {
    expect(response.status).toBe(422);
    expect(response.body).toMatchObject({ code: 'PASSWORD_POLICY', rule: 'blank' });
  };

  test.each(BLANKS)(
    'when an administrator sets or creates a password of %s, then 422 PASSWORD_POLICY (blank) and nothing changes',
    async (_name, blank, key) => {
      const id = await t.createUser(`blank-admin-${key}`, { password: 'the-old-password-1' });
      expectBlankRefused(await request(t.app).put(`/users/${id}/password`).set('Authorization', admin()).send({ password: blank }));
      expect(await basicStatus(`blank-admin-${key}`, 'the-old-password-1')).toBe(200);
      expectBlankRefused(
        await request(t.app)
          .post('/users')
          .set('Authorization', admin())
          .send({ username: `blank-new-${key}`, password: blank }),
      );
      expect(
        await t.deps
          .db('users')
          .where({ username: `blank-new-${key}` })
          .first(),
      ).toBeUndefined();
    },
  );

  test.each(BLANKS)(
    'when the user changes the own password to %s, then 422 PASSWORD_POLICY (blank) and the old password stays',
    async (_name, blank, key) => {
      const username = `blank-profile-${key}`;
      await t.createUser(username, { password: 'the-old-password-1' });
      const response = await request(t.app)
        .put('/profile/password')
        .set('Authorization', t.basic(username, 'the-old-password-1'))
        .send({ currentPassword: 'the-old-password-1', newPassword: blank });
      expectBlankRefused(response);
      expect(await basicStatus(username, 'the-old-password-1')).toBe(200);
    },
  );

  test.each(BLANKS)(
    'when a reset link sets a password of %s, then 422 PASSWORD_POLICY (blank) and the link stays usable',
    async (_name, blank, key) => {
      const username = `blank-reset-${key}`;
      await t.createUser(username, { password: 'the-old-password-1', email: `${username}@example.test` });
      const token = await requestLink(username, `${username}@example.test`);
      expectBlankRefused(await perform(token, blank));
      expect(await isValid(token)).toBe(true);
      expect(await basicStatus(username, 'the-old-password-1')).toBe(200);
    },
  );

  test('when a password is short or the username (any case, surrounding spaces), then the three endpoints answer the same rule', async () => {
    const username = 'same-rules';
    const id = await t.createUser(username, { password: 'the-old-password-1', email: 'same-rules@example.test' });
    const token = await requestLink(username, 'same-rules@example.test');
    for (const [password, rule] of [
      ['short', 'min-length'],
      [' Same-Rules ', 'not-username'],
      ['SAME-RULES', 'not-username'],
    ] as const) {
      const byAdmin = await request(t.app).put(`/users/${id}/password`).set('Authorization', admin()).send({ password });
      const byUser = await request(t.app)
        .put('/profile/password')
        .set('Authorization', t.basic(username, 'the-old-password-1'))
        .send({ currentPassword: 'the-old-password-1', newPassword: password });
      const byLink = await perform(token, password);
      for (const response of [byAdmin, byUser, byLink])
        expect(response.body).toMatchObject({ status: 422, code: 'PASSWORD_POLICY', rule, minLength: t.config.auth.passwordMinLength });
    }
  });
});
