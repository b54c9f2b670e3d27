import request from 'supertest';
import type { Express } from 'express';
import type { TestApp } from '../support/test-app';
import { createTestApp, ADMIN_PASSWORD } from '../support/test-app';
import type { SecondInstance } from '../support/second-instance';
import { createSecondInstance } from '../support/second-instance';

// Two service instances on one PostgreSQL database, each with its own credential cache (60 s, the
// default): a change made through instance A must reach instance B within a second.
let a: TestApp;
let b: SecondInstance;
let admin: string;
beforeAll(async () => {
  a = await createTestApp();
  b = await createSecondInstance(a);
  admin = a.basic('admin', ADMIN_PASSWORD);
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

const WITHIN_MS = 1000;

/**
 * Sends `probe` to B again and again for up to 1.5 s until it answers `status`; `ms` is when the
 * first request so answered was sent, after the change (its answer may take a password hash more).
 */
async function untilStatus(app: Express, probe: (app: Express) => request.Test, status: number): Promise<{ status: number; ms: number }> {
  const started = Date.now();
  let last = 0;
  let sent = started;
  while (sent - started < 1500) {
    sent = Date.now();
    last = (await probe(app)).status;
    if (last === status) return { status: last, ms: sent - started };
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return { status: last, ms: sent - started };
}

/**
 * B has verified and cached the credential: a request is answered without a verification. (The
 * fixture's own change notification may arrive during B's first verification, which then is not
 * cached: hence a few tries.)
 */
async function warm(probe: (app: Express) => request.Test, status = 200): Promise<void> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const verifications = b.deps.credentialCache.verifications;
    expect((await probe(b.app)).status).toBe(status);
    if (attempt > 0 && b.deps.credentialCache.verifications === verifications) return;
  }
  throw new Error('instance B did not cache the credential');
}

describe('credential changes across instances', () => {
  test("when instance A sets a user's password, then instance B refuses the old Basic credentials within a second", async () => {
    const id = await a.createUser('inv.password', { password: 'old-password-123' });
    const probe = (app: Express) => request(app).get('/session').set('Authorization', a.basic('inv.password', 'old-password-123'));
    await warm(probe);
    const changed = await request(a.app).put(`/users/${id}/password`).set('Authorization', admin).send({ password: 'new-password-456' });
    expect(changed.status).toBe(204);
    const refused = await untilStatus(b.app, probe, 401);
    expect(refused.status).toBe(401);
    expect(refused.ms).toBeLessThan(WITHIN_MS);
    expect((await request(b.app).get('/session').set('Authorization', a.basic('inv.password', 'new-password-456'))).status).toBe(200);
  });

  test('when the user changes their own password on instance A, then instance B refuses the old one within a second', async () => {
    await a.createUser('inv.self', { password: 'self-old-password-1' });
    const probe = (app: Express) => request(app).get('/session').set('Authorization', a.basic('inv.self', 'self-old-password-1'));
    await warm(probe);
    const changed = await request(a.app)
      .put('/profile/password')
      .set('Authorization', a.basic('inv.self', 'self-old-password-1'))
      .send({ currentPassword: 'self-old-password-1', newPassword: 'self-new-password-2' });
    expect(changed.status).toBe(200);
    const refused = await untilStatus(b.app, probe, 401);
    expect(refused).toEqual({ status: 401, ms: expect.any(Number) });
    expect(refused.ms).toBeLessThan(WITHIN_MS);
  });

  test("when instance A disables a user, then instance B refuses the user's Basic credentials within a second", async () => {
    const id = await a.createUser('inv.disabled', { password: 'disabled-password-1' });
    const probe = (app: Express) => request(app).get('/session').set('Authorization', a.basic('inv.disabled', 'disabled-password-1'));
    await warm(probe);
    expect((await request(a.app).delete(`/users/${id}/enabled`).set('Authorization', admin)).status).toBe(200);
    const refused = await untilStatus(b.app, probe, 401);
    expect(refused.status).toBe(401);
    expect(refused.ms).toBeLessThan(WITHIN_MS);
  });

  test('when instance A removes a permission from a user, then instance B refuses what needed it within a second', async () => {
    const id = await a.createUser('inv.perm', { password: 'perm-password-123', permissions: ['USER_MANAGEMENT'] });
    const probe = (app: Express) => request(app).get('/users').set('Authorization', a.basic('inv.perm', 'perm-password-123'));
    await warm(probe);
    expect((await request(a.app).put(`/users/${id}`).set('Authorization', admin).send({ permissions: [], groupIds: [] })).status).toBe(200);
    const refused = await untilStatus(b.app, probe, 403);
    expect(refused.status).toBe(403);
    expect(refused.ms).toBeLessThan(WITHIN_MS);
  });

  test("when instance A removes a permission from a group, then instance B refuses it to the group's members within a second", async () => {
    const group = await request(a.app)
      .post('/groups')
      .set('Authorization', admin)
      .send({ name: 'Invalidation managers', permissions: ['USER_MANAGEMENT'] });
    expect(group.status).toBe(201);
    await a.createUser('inv.member', { password: 'member-password-1', groupIds: [group.body.id] });
    const probe = (app: Express) => request(app).get('/users').set('Authorization', a.basic('inv.member', 'member-password-1'));
    await warm(probe);
    const changed = await request(a.app)
      .post('/groups/permissions')
      .set('Authorization', admin)
      .send({ groupId: group.body.id, permissions: [] });
    expect(changed.status).toBe(200);
    const refused = await untilStatus(b.app, probe, 403);
    expect(refused.status).toBe(403);
    expect(refused.ms).toBeLessThan(WITHIN_MS);
  });

  test('when instance A revokes an API token, then instance B refuses it within a second', async () => {
    await a.createUser('inv.token', { password: 'token-password-12' });
    const created = await request(a.app)
      .post('/profile/tokens')
      .set('Authorization', a.basic('inv.token', 'token-password-12'))
      .send({ name: 'script' });
    expect(created.status).toBe(201);
    const probe = (app: Express) => request(app).get('/session').set('Authorization', `Bearer ${created.body.token}`);
    await warm(probe);
    expect(
      (await request(a.app).delete(`/profile/tokens/${created.body.id}`).set('Authorization', a.basic('inv.token', 'token-password-12')))
        .status,
    ).toBe(204);
    const refused = await untilStatus(b.app, probe, 401);
    expect(refused.status).toBe(401);
    expect(refused.ms).toBeLessThan(WITHIN_MS);
  });

  test("when instance B's listening connection is cut, then a password change still reaches it within a second, and it listens again", async () => {
    const id = await a.createUser('inv.cut', { password: 'cut-password-1234' });
    const probe = (app: Express) => request(app).get('/session').set('Authorization', a.basic('inv.cut', 'cut-password-1234'));
    await warm(probe);
    expect(b.invalidation?.isListening).toBe(true);
    const { rows } = await a.deps.db.raw(
      "select pg_terminate_backend(pid) as done from pg_stat_activity where datname = current_database() and application_name = 'gas-credential-invalidation'",
    );
    expect(rows.length).toBeGreaterThan(0);
    expect(
      (await request(a.app).put(`/users/${id}/password`).set('Authorization', admin).send({ password: 'cut-password-5678' })).status,
    ).toBe(204);
    const refused = await untilStatus(b.app, probe, 401);
    expect(refused.status).toBe(401);
    expect(refused.ms).toBeLessThan(WITHIN_MS);
    // Back to notifications (reconnects with back-off from 250 ms).
    const deadline = Date.now() + 5000;
    while (!b.invalidation?.isListening && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(b.invalidation?.isListening).toBe(true);
    const again = (app: Express) => request(app).get('/session').set('Authorization', a.basic('inv.cut', 'cut-password-5678'));
    await warm(again);
    expect((await request(a.app).delete(`/users/${id}/enabled`).set('Authorization', admin)).status).toBe(200);
    const disabled = await untilStatus(b.app, again, 401);
    expect(disabled.status).toBe(401);
    expect(disabled.ms).toBeLessThan(WITHIN_MS);
  });
});
