import { execFile } from 'node:child_process';
import path from 'node:path';
import { createTestApp, TestApp, ADMIN_PASSWORD } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('PUT /profile/password: endedSessions is a count', () => {
  test('when a password is changed on PostgreSQL with two other sessions, then endedSessions is the number 2', async () => {
    const id = await t.createUser('changer', { password: 'changer-password-1' });
    expect(id).toBeTruthy();
    const [mine, other1, other2] = [await t.login('changer', 'changer-password-1'), await t.login('changer', 'changer-password-1'), await t.login('changer', 'changer-password-1')];
    const response = await mine.put('/profile/password').send({ currentPassword: 'changer-password-1', newPassword: 'a brand new password' });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ changed: true, endedSessions: 2 });
    expect((await other1.get('/session')).body.authenticated).toBe(false);
    expect((await other2.get('/session')).body.authenticated).toBe(false);
    expect((await mine.get('/session')).body.authenticated).toBe(true);
  });

  test('when a password is changed on the embedded store (PGlite) with two other sessions, then endedSessions is the number 2', async () => {
    const root = path.resolve(__dirname, '..', '..');
    const stdout = await new Promise<string>((resolve, reject) => {
      execFile(path.join(root, 'node_modules', '.bin', 'tsx'), [path.join(__dirname, 'support', 'pglite-password-scenario.ts')], { cwd: root, timeout: 110000 }, (error, out, err) =>
        error ? reject(new Error(`PGlite scenario failed: ${error.message}\n${err}`)) : resolve(out),
      );
    });
    const report = JSON.parse(stdout.trim().split('\n').pop() as string);
    expect(report).toEqual({ kind: 'embedded', status: 200, body: { changed: true, endedSessions: 2 }, otherSession: false, ownSession: true });
  }, 120000);
});

void ADMIN_PASSWORD;
