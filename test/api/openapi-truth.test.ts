import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import Ajv2020 from 'ajv/dist/2020';
import type { TestApp } from '../support/test-app';
import { createTestApp, ADMIN_PASSWORD } from '../support/test-app';
import { checkResponse, checkedResponses, responseValidationEnabled } from '../support/response-validator';
import { operationIdFor } from '../../src/http/endpoint';
import { runPgliteScenario } from './support/pglite-scenario';

interface Operation {
  operationId?: string;
  security?: unknown[];
  requestBody?: { content: Record<string, { schema: unknown }> };
  responses: Record<
    string,
    {
      content?: Record<string, { schema?: unknown; example?: unknown; examples?: Record<string, { value: unknown }> }>;
      headers?: Record<string, unknown>;
    }
  >;
}
interface Document {
  info: { license?: { name: string; identifier?: string } };
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown> };
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch'];
const UNSAFE = ['put', 'post', 'delete', 'patch'];

let t: TestApp;
let admin: string;
let document: Document;
let operations: Array<{ key: string; path: string; method: string; operation: Operation }>;

beforeAll(async () => {
  t = await createTestApp();
  admin = t.basic('admin', ADMIN_PASSWORD);
  const response = await request(t.app).get('/api-documentation/openapi.json').set('Authorization', admin);
  expect(response.status).toBe(200);
  document = response.body as Document;
  operations = Object.entries(document.paths).flatMap(([p, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, operation]) => ({ key: `${method.toUpperCase()} ${p}`, path: p, method, operation })),
  );
});
afterAll(async () => {
  await t.close();
});

describe('PUT /profile/password: endedSessions is a count', () => {
  test('when a password is changed on PostgreSQL with two other sessions, then endedSessions is the number 2', async () => {
    const id = await t.createUser('changer', { password: 'changer-password-1' });
    expect(id).toBeTruthy();
    const [mine, other1, other2] = [
      await t.login('changer', 'changer-password-1'),
      await t.login('changer', 'changer-password-1'),
      await t.login('changer', 'changer-password-1'),
    ];
    const response = await mine
      .put('/profile/password')
      .send({ currentPassword: 'changer-password-1', newPassword: 'a brand new password' });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ changed: true, endedSessions: 2 });
    expect((await other1.get('/session')).body.authenticated).toBe(false);
    expect((await other2.get('/session')).body.authenticated).toBe(false);
    expect((await mine.get('/session')).body.authenticated).toBe(true);
  });

  test('when a password is changed on the embedded store (PGlite) with two other sessions, then endedSessions is the number 2', async () => {
    const report = await runPgliteScenario('pglite-password-scenario.ts', 110000);
    expect(report).toEqual({
      kind: 'embedded',
      status: 200,
      body: { changed: true, endedSessions: 2 },
      otherSession: false,
      ownSession: true,
    });
  }, 120000);
});

/** Validates a value against a schema of the served document (JSON Schema 2020-12, as OpenAPI 3.1). */
function validatorFor(schema: unknown) {
  const ajv = new Ajv2020({ strict: false, validateSchema: false, logger: false });
  ajv.addSchema({ components: document.components }, 'doc.json');
  const rewritten = JSON.parse(JSON.stringify(schema).replace(/"#\/components\//g, '"doc.json#/components/'));
  return ajv.compile(rewritten);
}

describe('nullable references (item 24)', () => {
  test('when the document is generated, then no schema uses allOf with a null type (which no null satisfies) and nullable references are anyOf [$ref, null]', () => {
    const text = JSON.stringify(document);
    expect(text).not.toMatch(/"allOf":\[\{"\$ref":"[^"]+"\},\{[^{}]*"type":\[[^\]]*"null"/);
    const security = document.components.schemas.EntitySecurity as { properties: Record<string, unknown> };
    expect(security.properties.nodeFilter).toEqual({ anyOf: [{ $ref: '#/components/schemas/Filter' }, { type: 'null' }] });
  });

  test('when a group has no entity filters, then GET /users/{id}/entitySecurity answers null filters that its own schema accepts', async () => {
    const response = await request(t.app).get('/users/1/entitySecurity').set('Authorization', admin);
    expect(response.status).toBe(200);
    expect(response.body.nodeFilter ?? null).toBeNull();
    const schema = document.paths['/users/{id}/entitySecurity'].get.responses['200'].content!['application/json'].schema;
    const validate = validatorFor(schema);
    expect(validate(response.body)).toBe(true);
  });

  test('when POST /groups/{id}/entitySecurity is sent null filters, then the service and the documented request schema both accept them', async () => {
    const group = await request(t.app).post('/groups').set('Authorization', admin).send({ name: 'Nullable filters' });
    expect(group.status).toBe(201);
    const body = { nodeFilter: null, relationshipFilter: null };
    const saved = await request(t.app).post(`/groups/${group.body.id}/entitySecurity`).set('Authorization', admin).send(body);
    expect(saved.status).toBe(200);
    const schema = document.paths['/groups/{id}/entitySecurity'].post.requestBody!.content['application/json'].schema;
    expect(validatorFor(schema)(body)).toBe(true);
    expect(validatorFor(schema)({ nodeFilter: 'not a filter', relationshipFilter: null })).toBe(false);
  });
});

describe('statuses that really happen (item 25)', () => {
  test('when any unsafe operation is listed, then it declares 403 with a CSRF_TOKEN_INVALID example', () => {
    const lacking = operations
      .filter(({ method }) => UNSAFE.includes(method))
      .filter(({ operation }) => !operation.responses['403']?.content?.['application/problem+json']?.examples?.csrfTokenInvalid)
      .map(({ key }) => key);
    expect(lacking).toEqual([]);
  });

  test('when any operation needs authentication, then it declares 429 (locked-out account) with Retry-After; every operation declares 500 and 401', () => {
    const lacking = operations.flatMap(({ key, operation }) => {
      const missing: string[] = [];
      const isPublic = Array.isArray(operation.security) && operation.security.length === 0;
      if (
        !isPublic &&
        !(
          operation.responses['429']?.content?.['application/problem+json']?.examples?.lockedOut &&
          operation.responses['429'].headers?.['Retry-After']
        )
      )
        missing.push(`${key}: 429`);
      if (!operation.responses['500']?.content?.['application/problem+json']?.examples?.internalError) missing.push(`${key}: 500`);
      if (!operation.responses['401']) missing.push(`${key}: 401`);
      return missing;
    });
    expect(lacking).toEqual([]);
  });

  test('when a cookie session writes without its CSRF token, then the 403 it gets is declared by the operation and matches the document', async () => {
    const session = await t.login('admin', ADMIN_PASSWORD);
    const response = await session.agent.post('/groups').send({ name: 'No token' });
    expect(response.status).toBe(403);
    expect(response.body.code).toBe('CSRF_TOKEN_INVALID');
    expect(
      checkResponse('POST', '/groups', 'post /groups', false, 403, response.headers['content-type'], Buffer.from(response.text)),
    ).toBeUndefined();
  });

  test('when a locked-out account calls an authenticated operation over HTTP Basic, then the 429 it gets is declared and matches the document', async () => {
    await t.createUser('locked', { password: 'locked-password-1' });
    await t.deps
      .db('login_failures')
      .insert({ key: 'user:locked', failures: 0, first_failure_at: new Date(), locked_until: new Date(Date.now() + 600000) });
    const response = await request(t.app).get('/profile/tokens').set('Authorization', t.basic('locked', 'locked-password-1'));
    expect(response.status).toBe(429);
    expect(response.headers['retry-after']).toMatch(/^\d+$/);
    expect(
      checkResponse(
        'GET',
        '/profile/tokens',
        'get /profile/tokens',
        false,
        429,
        response.headers['content-type'],
        Buffer.from(response.text),
      ),
    ).toBeUndefined();
  });

  test('when a widget script is fetched, then it comes as text/javascript and the operation declares text/javascript', async () => {
    const dir = path.join(t.config.dataDir, 'widgets', 'clock');
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'clock.js'), 'export const tick = 1;\n');
    const response = await request(t.app).get('/widgets/clock/clock.js').set('Authorization', admin);
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/javascript/);
    expect(Object.keys(document.paths['/widgets/{widgetName}/{fileName}'].get.responses['200'].content ?? {})).toContain('text/javascript');
    expect(
      checkResponse(
        'GET',
        '/widgets/clock/clock.js',
        'get /widgets/{widgetName}/{fileName}',
        false,
        200,
        response.headers['content-type'],
        Buffer.from(response.text),
      ),
    ).toBeUndefined();
  });
});

describe('operation ids and license (item 26)', () => {
  test('when the document is read, then every operation has an operationId, unique, derived from method and path', () => {
    const ids = operations.map(({ operation }) => operation.operationId);
    expect(ids.filter((id) => !id)).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
    const notDerived = operations
      .filter(({ method, path: p, operation }) => operation.operationId !== operationIdFor(method, p))
      .map(({ key }) => key);
    expect(notDerived).toEqual([]);
  });

  test('when ids are derived, then they are the stable names clients use (pinned)', () => {
    expect(operationIdFor('get', '/users/{id}/entitySecurity')).toBe('getUsersByIdEntitySecurity');
    expect(operationIdFor('post', '/data/nodes/find/export/csv')).toBe('postDataNodesFindExportCsv');
    expect(operationIdFor('put', '/users/{id}/reset-password')).toBe('putUsersByIdResetPassword');
    expect(operationIdFor('get', '/data/stats/frequency/nodes/{labels}/{property}')).toBe('getDataStatsFrequencyNodesByLabelsByProperty');
    const byId = new Map(operations.map(({ key, operation }) => [operation.operationId, key]));
    expect(byId.get('getUsersByIdEntitySecurity')).toBe('GET /users/{id}/entitySecurity');
    expect(byId.get('postLogin')).toBe('POST /login');
  });

  test('when the document is read, then info.license is the package license (Apache-2.0)', () => {
    const pkg = JSON.parse(readFileSync(path.resolve(__dirname, '..', '..', 'package.json'), 'utf8')) as { license: string };
    expect(pkg.license).toBe('Apache-2.0');
    expect(document.info.license).toEqual({ name: 'Apache-2.0', identifier: 'Apache-2.0' });
  });
});

describe('the response validator of the API tests', () => {
  test("when the test run starts, then it is on unless GAS_TEST_VALIDATE_RESPONSES=0, and it has checked this file's responses", () => {
    if (process.env.GAS_TEST_VALIDATE_RESPONSES === '0') return;
    expect(responseValidationEnabled).toBe(true);
    expect(checkedResponses()).toBeGreaterThan(0);
  });

  test('when a response has an undeclared status, media type or a body off its schema, then the validator reports it', () => {
    const json = 'application/json; charset=utf-8';
    expect(checkResponse('GET', '/profile', 'get /profile', false, 418, json, Buffer.from('{}'))).toMatch(/status 418 is not declared/);
    expect(checkResponse('GET', '/profile', 'get /profile', false, 200, 'text/plain', Buffer.from('hi'))).toMatch(
      /media type text\/plain is not declared/,
    );
    expect(
      checkResponse(
        'PUT',
        '/profile/password',
        'put /profile/password',
        false,
        200,
        json,
        Buffer.from('{"changed":true,"endedSessions":{"rows":[],"command":"DEL"}}'),
      ),
    ).toMatch(/endedSessions/);
    expect(
      checkResponse(
        'GET',
        '/users/7/entitySecurity',
        undefined,
        false,
        200,
        json,
        Buffer.from('{"nodeFilter":null,"relationshipFilter":null}'),
      ),
    ).toBeUndefined();
  });
});
