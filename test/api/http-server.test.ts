import type { AddressInfo } from 'node:net';
import type http from 'node:http';
import request from 'supertest';
import { createHttpServer } from '../../src/http/http-server';
import type { TestApp } from '../support/test-app';
import { createTestApp, ADMIN_PASSWORD } from '../support/test-app';

let t: TestApp;
let server: http.Server;
let origin: string;
const seen: Array<{ request: boolean; response: boolean }> = [];

beforeAll(async () => {
  t = await createTestApp();
  server = createHttpServer(t.app);
  // Runs before Express: what Node created, before app.handle sets any prototype.
  server.prependListener('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
    seen.push({ request: Object.getPrototypeOf(req) === t.app.request, response: Object.getPrototypeOf(res) === t.app.response });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await t.close();
});

describe('the service HTTP server (src/http/http-server.ts)', () => {
  test('when a request arrives, then Node creates the request and response with the app prototypes already, so Express changes no prototype per request', async () => {
    seen.length = 0;
    const response = await request(origin).get('/health');
    expect(response.status).toBe(200);
    expect(seen).toEqual([{ request: true, response: true }]);
  });

  test('when a browser signs in and reads, and a script reads with HTTP Basic, then the answers are those of the app: JSON, security headers, request id, language, 401 without credentials', async () => {
    const agent = request.agent(origin);
    const login = await agent.post('/login').send({ username: 'admin', password: ADMIN_PASSWORD });
    expect(login.status).toBe(200);
    expect(String(login.headers['set-cookie'])).toMatch(/gas\.sid=.*HttpOnly/);

    const viaSession = await agent.get('/permissions');
    expect(viaSession.status).toBe(200);
    expect(viaSession.body.length).toBeGreaterThan(0);
    expect(viaSession.headers['x-content-type-options']).toBe('nosniff');
    expect(viaSession.headers['referrer-policy']).toBe('same-origin');
    expect(viaSession.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);

    const viaBasic = await request(origin)
      .get('/permissions')
      .set('Authorization', t.basic('admin', ADMIN_PASSWORD))
      .set('X-Request-Id', 'script-1');
    expect(viaBasic.status).toBe(200);
    expect(viaBasic.body).toEqual(viaSession.body);
    expect(viaBasic.headers['x-request-id']).toBe('script-1');

    const anonymous = await request(origin).get('/permissions').set('Accept-Language', 'de');
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers['content-language']).toBe('de');
    expect(anonymous.headers['content-type']).toMatch(/^application\/problem\+json/);
  });

  test('when the server is created twice for one app, then both use the same classes and the app keeps working through supertest too', async () => {
    const again = createHttpServer(t.app);
    await new Promise<void>((resolve) => again.listen(0, '127.0.0.1', resolve));
    try {
      const port = (again.address() as AddressInfo).port;
      expect((await request(`http://127.0.0.1:${port}`).get('/health')).status).toBe(200);
    } finally {
      await new Promise((resolve) => again.close(resolve));
    }
    expect((await request(t.app).get('/health')).status).toBe(200);
  });
});
