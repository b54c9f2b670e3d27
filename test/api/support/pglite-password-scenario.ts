/**
 * PUT /profile/password over real HTTP on the embedded store (PGlite) with two other sessions
 * (run by test/api/openapi-truth.test.ts through runPgliteScenario).
 */
import request from 'supertest';
import { pgliteScenario, PGLITE_ADMIN_PASSWORD } from './pglite-scenario';

pgliteScenario({}, async ({ app }) => {
  const agents = [request.agent(app), request.agent(app), request.agent(app)];
  const tokens: string[] = [];
  for (const agent of agents) {
    const login = await agent.post('/login').send({ username: 'admin', password: PGLITE_ADMIN_PASSWORD });
    if (login.status !== 200) throw new Error(`login: ${login.status} ${login.text}`);
    tokens.push(login.body.csrfToken as string);
  }
  const changed = await agents[0]
    .put('/profile/password')
    .set('X-CSRF-Token', tokens[0])
    .send({ currentPassword: PGLITE_ADMIN_PASSWORD, newPassword: 'a brand new embedded password' });
  return {
    status: changed.status,
    body: changed.body,
    otherSession: (await agents[1].get('/session')).body.authenticated,
    ownSession: (await agents[0].get('/session')).body.authenticated,
  };
});
