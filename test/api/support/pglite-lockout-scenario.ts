/**
 * The login lockout on the embedded store (PGlite, one connection) over real HTTP: 40 sign-ins of
 * one user at once with wrong passwords, then the right one (run by
 * test/api/login-security.test.ts through runPgliteScenario).
 */
import request from 'supertest';
import { pgliteScenario, PGLITE_ADMIN_PASSWORD } from './pglite-scenario';

pgliteScenario({ auth: { lockout: { maxFailures: 5, windowMs: 60000, durationMs: 60000 } } }, async ({ app }) => {
  const burst = await Promise.all(
    Array.from({ length: 40 }, (_, i) =>
      request(app)
        .post('/login')
        .send({ username: 'admin', password: `wrong-${i}` }),
    ),
  );
  const statuses: Record<string, number> = {};
  for (const response of burst) statuses[response.status] = (statuses[response.status] ?? 0) + 1;
  return {
    statuses,
    lockedCodes: [...new Set(burst.filter((response) => response.status === 429).map((response) => response.body.code))],
    rightWhileLocked: (await request(app).post('/login').send({ username: 'admin', password: PGLITE_ADMIN_PASSWORD })).status,
  };
});
