import request from 'supertest';
import type { TestApp, SessionClient } from '../support/test-app';
import { createTestApp, ADMIN_PASSWORD } from '../support/test-app';

const PAGES: Array<{ path: string; permission?: string }> = [
  { path: '/' },
  { path: '/search?q=Alice' },
  { path: '/profile/view' },
  { path: '/users/list', permission: 'USER_MANAGEMENT' },
  { path: '/groups/list', permission: 'USER_MANAGEMENT' },
  { path: '/acl/list', permission: 'ACL_DATA_MANAGEMENT' },
  { path: '/settings/list', permission: 'SETTINGS_MANAGEMENT' },
];
const PERMISSION_PAGES = PAGES.filter((page) => page.permission);

let t: TestApp;
let admin: SessionClient;
let plain: SessionClient;

function csrfFromForm(html: string): string {
  const match = /name="_csrf" value="([^"]+)"/.exec(html);
  if (!match) throw new Error('no _csrf field in the page');
  return match[1];
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', ADMIN_PASSWORD);
  await t.createUser('plain', { password: 'plain-password-1' });
  plain = await t.login('plain', 'plain-password-1');
});
afterAll(async () => {
  await t.close();
});

describe('pages', () => {
  test.each(PAGES)('when the admin opens $path, then 200 HTML with the layout and the CSRF meta tag', async ({ path }) => {
    const response = await admin.get(path);
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.text).toContain('<meta name="csrf-token" content="' + admin.csrfToken + '">');
    expect(response.text).toContain('aria-label="Main menu"');
    expect(response.text).toMatch(/<a class="api" href="\/api-documentation\/"[^>]*>API<\/a>/);
  });

  test.each(PAGES)('when an anonymous browser opens $path, then it is redirected to /login?next=...', async ({ path }) => {
    const response = await request(t.app).get(path).set('Accept', 'text/html');
    expect(response.status).toBe(303);
    expect(response.headers.location).toBe(`/login?next=${encodeURIComponent(path)}`);
  });

  test.each(PERMISSION_PAGES)('when a user without $permission opens $path, then 403 HTML error page', async ({ path, permission }) => {
    const response = await plain.get(path);
    expect(response.status).toBe(403);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.text).toContain(`needs the permission ${permission}`);
  });

  test('when a user without permissions opens the start page, then it lists only the areas they may use and no API entry', async () => {
    const response = await plain.get('/');
    expect(response.status).toBe(200);
    expect(response.text).toContain('href="/search"');
    expect(response.text).not.toContain('href="/users/list"');
    expect(response.text).not.toContain('href="/settings/list"');
    expect(response.text).not.toContain('href="/api-documentation/"');
    expect(response.text).toContain('0.0.0-test');
  });

  test('when the admin opens the start page, then it links every area, the search box and the version', async () => {
    const response = await admin.get('/');
    for (const href of ['/search', '/users/list', '/groups/list', '/acl/list', '/settings/list', '/profile/view', '/api-documentation/']) {
      expect(response.text).toContain(`href="${href}"`);
    }
    expect(response.text).toMatch(/<form class="search-box" method="get" action="\/search"/);
    expect(response.text).toContain('0.0.0-test');
  });

  test('when the search page is opened with q, then the pattern is in the search field, escaped', async () => {
    const response = await admin.get('/search?q=' + encodeURIComponent('<b>"x"</b>'));
    expect(response.text).toContain('value="&lt;b&gt;&#34;x&#34;&lt;/b&gt;"');
    expect(response.text).not.toContain('<b>"x"</b>');
  });

  test('when the profile is opened with mustChangePassword=1, then a notice asks for the password change', async () => {
    const response = await admin.get('/profile/view?mustChangePassword=1');
    // The page's body: the head carries the whole message catalog (#gas-i18n), this notice's text included.
    const body = (html: string) => html.slice(html.indexOf('<body>'));
    expect(body(response.text)).toMatch(/password must be changed/i);
    const normal = await admin.get('/profile/view');
    expect(body(normal.text)).not.toMatch(/password must be changed/i);
  });

  test('when a user whose password must be changed opens a page, then they are sent to the profile', async () => {
    await t.createUser('expired', { password: 'expired-password-1', permissions: ['USER_MANAGEMENT'] });
    await t.deps.db('users').where({ username: 'expired' }).update({ must_change_password: true });
    const client = await t.login('expired', 'expired-password-1');
    const response = await client.get('/users/list');
    expect(response.status).toBe(303);
    expect(response.headers.location).toBe('/profile/view?mustChangePassword=1');
  });
});

describe('login page', () => {
  test('when an anonymous browser opens /login?next=/users/list, then the form carries the CSRF token and the next path', async () => {
    const response = await request(t.app).get('/login?next=%2Fusers%2Flist');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(csrfFromForm(response.text)).toEqual(expect.any(String));
    expect(response.text).toContain('name="next" value="/users/list"');
  });

  test('when next points to another site, then it is dropped', async () => {
    for (const next of ['//evil.example/x', 'https://evil.example/', '/\\evil.example']) {
      const response = await request(t.app).get('/login?next=' + encodeURIComponent(next));
      expect(response.text).toContain('name="next" value=""');
    }
  });

  test('when a signed-in user opens /login, then they are redirected to the start page', async () => {
    const response = await admin.get('/login');
    expect(response.status).toBe(303);
    expect(response.headers.location).toBe('/');
  });

  test('when the login form is posted with the page CSRF token, then the browser is redirected to next and signed in', async () => {
    const agent = request.agent(t.app);
    const page = await agent.get('/login?next=%2Fgroups%2Flist');
    const response = await agent
      .post('/login')
      .type('form')
      .send({ _csrf: csrfFromForm(page.text), next: '/groups/list', username: 'admin', password: ADMIN_PASSWORD });
    expect(response.status).toBe(303);
    expect(response.headers.location).toBe('/groups/list');
    const groups = await agent.get('/groups/list');
    expect(groups.status).toBe(200);
    expect(groups.text).toContain('<h1>Groups</h1>');
  });

  test('when the login form is posted with a wrong password, then the form is shown again with a message and the username', async () => {
    const agent = request.agent(t.app);
    const page = await agent.get('/login');
    const response = await agent
      .post('/login')
      .type('form')
      .send({ _csrf: csrfFromForm(page.text), next: '', username: 'admin', password: 'wrong-password' });
    expect(response.status).toBe(401);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.text).toMatch(/<p class="error" role="alert">[^<]+<\/p>/);
    expect(response.text).toContain('value="admin"');
  });

  test('when the login form is posted without the CSRF token of its session, then it is refused', async () => {
    const agent = request.agent(t.app);
    await agent.get('/login');
    const response = await agent.post('/login').type('form').send({ username: 'admin', password: ADMIN_PASSWORD });
    expect(response.status).toBe(403);
  });

  test('when the sign-out form of a page is posted, then the session ends and pages redirect to login', async () => {
    const client = await t.login('admin', ADMIN_PASSWORD);
    const page = await client.get('/');
    const response = await client.agent
      .post('/logout')
      .type('form')
      .send({ _csrf: csrfFromForm(page.text) });
    expect(response.status).toBe(303);
    expect(response.headers.location).toBe('/login');
    const after = await client.agent.get('/').set('Accept', 'text/html');
    expect(after.status).toBe(303);
  });
});

describe('API documentation and errors', () => {
  test('when a user with API_DOCUMENTATION opens /api-documentation/, then Swagger UI is served', async () => {
    const response = await admin.get('/api-documentation/');
    expect(response.status).toBe(200);
    expect(response.text).toContain('swagger-ui');
    const document = await admin.get('/api-documentation/openapi.json');
    expect(document.status).toBe(200);
    expect(document.body.openapi).toMatch(/^3\./);
  });

  test('when a user without API_DOCUMENTATION opens /api-documentation/, then 403 HTML', async () => {
    const response = await plain.get('/api-documentation/');
    expect(response.status).toBe(403);
    expect(response.headers['content-type']).toMatch(/text\/html/);
  });

  test('when a browser opens an unknown page, then the HTML 404 page with the layout', async () => {
    const response = await admin.get('/no/such/page').set('Accept', 'text/html');
    expect(response.status).toBe(404);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.text).toContain('404');
    expect(response.text).toContain('aria-label="Main menu"');
    // The sign-out form of the error page still carries the session token.
    expect(csrfFromForm(response.text)).toBe(admin.csrfToken);
  });

  test('when a script calls an unknown path, then problem+json, not HTML', async () => {
    const response = await request(t.app).get('/no/such/page').set('Authorization', t.basic('admin', ADMIN_PASSWORD));
    expect(response.status).toBe(404);
    expect(response.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  test('when the static assets are requested, then the stylesheet and scripts are served locally', async () => {
    for (const asset of ['/assets/app.css', '/assets/build/layout.js', '/assets/build/users.js']) {
      const response = await request(t.app).get(asset);
      expect(response.status).toBe(200);
    }
  });
});
