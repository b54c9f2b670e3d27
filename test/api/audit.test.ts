import request from 'supertest';
import type { TestApp } from '../support/test-app';
import { createTestApp, ADMIN_PASSWORD } from '../support/test-app';
import { eventHash } from '../../src/services/audit/audit-service';
import { runAuditVerify } from '../../src/services/audit/verify-cli';

let t: TestApp;
let auditor: string;
let viewer: string;
let viewerId: string;
let auditorId: string;

interface Seed {
  at: string;
  userId?: string | null;
  username?: string | null;
  action: string;
  targetType?: string | null;
  targetId?: string | null;
  details?: Record<string, unknown>;
}

/** Appends events with chosen timestamps, chained exactly as recordAudit chains them. */
async function seed(events: Seed[]): Promise<string[]> {
  return t.deps.db.transaction(async (trx) => {
    let prev = ((await trx('audit_events').orderBy('id', 'desc').first('hash'))?.hash as string | undefined) ?? '0'.repeat(64);
    const rows = events.map((e) => {
      const event = {
        at: new Date(e.at),
        user_id: e.userId ?? null,
        username: e.username ?? null,
        ip: '10.0.0.9',
        action: e.action,
        target_type: e.targetType ?? null,
        target_id: e.targetId ?? null,
        details: e.details ?? {},
        prev_hash: prev,
      };
      const hash = eventHash(event);
      prev = hash;
      return { ...event, details: JSON.stringify(event.details), hash };
    });
    const ids: string[] = [];
    for (let i = 0; i < rows.length; i += 500) {
      const inserted = await trx('audit_events')
        .insert(rows.slice(i, i + 500))
        .returning('id');
      ids.push(...inserted.map((r: { id: string }) => String(r.id)));
    }
    return ids;
  });
}

let seeded: string[];

beforeAll(async () => {
  t = await createTestApp();
  auditorId = await t.createUser('auditor', { password: 'auditor-password-1', permissions: ['AUDIT_LOG'] });
  viewerId = await t.createUser('viewer', { password: 'viewer-password-1' });
  auditor = t.basic('auditor', 'auditor-password-1');
  viewer = t.basic('viewer', 'viewer-password-1');
  seeded = await seed([
    { at: '2020-01-01T10:00:00Z', userId: viewerId, username: 'viewer', action: 'seed.alpha', targetType: 'node', targetId: '1' },
    { at: '2020-01-02T10:00:00Z', userId: viewerId, username: 'viewer', action: 'seed.beta', targetType: 'node', targetId: '2' },
    { at: '2020-01-03T10:00:00Z', userId: auditorId, username: 'auditor', action: 'seed.alpha', targetType: 'user', targetId: '3' },
    { at: '2020-01-04T10:00:00Z', userId: auditorId, username: 'auditor', action: 'seedling.grow', targetType: 'user', targetId: '4' },
    {
      at: '2020-01-05T10:00:00Z',
      userId: null,
      username: '=HYPERLINK("http://evil")',
      action: 'seed.gamma',
      details: { note: 'comma, "quote"\nnewline' },
    },
  ]);
  await seed(
    Array.from({ length: 2500 }, (_, i) => ({
      at: new Date(Date.UTC(2021, 0, 1) + i * 1000).toISOString(),
      username: 'bulk',
      action: `bulk.item${i % 3}`,
      targetId: String(i),
    })),
  );
});
afterAll(async () => {
  await t.close();
});

const list = (query: string, auth = auditor) => request(t.app).get(`/audit/data${query}`).set('Authorization', auth);

describe('audit listing', () => {
  test('when filtered by a time range, then only events inside it come back, newest first', async () => {
    const response = await list('?from=2020-01-02T00:00:00Z&to=2020-01-04T00:00:00Z');
    expect(response.status).toBe(200);
    expect(response.body.total).toBe(2);
    expect(response.body.items.map((i: { id: string }) => i.id)).toEqual([seeded[2], seeded[1]]);
    expect(response.body.items[0]).toMatchObject({
      at: '2020-01-03T10:00:00.000Z',
      userId: auditorId,
      username: 'auditor',
      ip: '10.0.0.9',
      action: 'seed.alpha',
      targetType: 'user',
      targetId: '3',
      details: {},
    });
  });

  test("when filtered by user id or username, then only that user's events come back", async () => {
    const byId = await list(`?userId=${viewerId}&to=2020-12-31`);
    expect(byId.body.items.map((i: { id: string }) => i.id)).toEqual([seeded[1], seeded[0]]);
    const byName = await list('?username=AUDITOR&to=2020-12-31');
    expect(byName.body.items.map((i: { id: string }) => i.id)).toEqual([seeded[3], seeded[2]]);
  });

  test('when filtered by an exact action or a prefix with *, then the matching events come back', async () => {
    const exact = await list('?action=seed.alpha');
    expect(exact.body.items.map((i: { id: string }) => i.id)).toEqual([seeded[2], seeded[0]]);
    const prefix = await list('?action=seed.*');
    expect(prefix.body.total).toBe(4);
    expect(prefix.body.items.map((i: { action: string }) => i.action)).not.toContain('seedling.grow');
    const byTarget = await list('?targetType=node&targetId=2');
    expect(byTarget.body.items.map((i: { id: string }) => i.id)).toEqual([seeded[1]]);
  });

  test('when paging, then pages do not overlap and total counts all matches', async () => {
    const first = await list('?action=bulk.*&pageSize=1000&page=1');
    const third = await list('?action=bulk.*&pageSize=1000&page=3');
    expect(first.body).toMatchObject({ page: 1, pageSize: 1000, total: 2500 });
    expect(first.body.items).toHaveLength(1000);
    expect(third.body.items).toHaveLength(500);
    const ids = new Set([...first.body.items, ...third.body.items].map((i: { id: string }) => i.id));
    expect(ids.size).toBe(1500);
    const beyond = await list('?action=bulk.*&pageSize=1000&page=4');
    expect(beyond.body.items).toEqual([]);
    const defaults = await list('?action=bulk.*');
    expect(defaults.body).toMatchObject({ page: 1, pageSize: 100 });
    expect(defaults.body.items).toHaveLength(100);
  });

  test.each([
    '?pageSize=1001',
    '?pageSize=0',
    '?page=0',
    '?page=abc',
    '?from=yesterday',
    '?to=2020-13-45',
    '?format=xml',
    '?action=a*b',
    '?userId=abc',
  ])('when the query is %s, then 400 VALIDATION_FAILED', async (query) => {
    const response = await list(query);
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('VALIDATION_FAILED');
  });

  test('when the user lacks AUDIT_LOG, then 403; when nobody is signed in, then 401', async () => {
    const denied = await list('', viewer);
    expect(denied.status).toBe(403);
    expect(denied.body.permission).toBe('AUDIT_LOG');
    expect((await request(t.app).get('/audit/data')).status).toBe(401);
  });
});

describe('audit exports', () => {
  test('when exported as CSV, then every match is in the attachment oldest first, quoted and formula-safe', async () => {
    const response = await list('?format=csv&from=2020-01-01&to=2020-12-31');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="audit-events-.*\.csv"$/);
    const text = response.text;
    const lines = text.split('\r\n');
    expect(lines[0]).toBe('id,at,userId,username,ip,action,targetType,targetId,details');
    expect(lines[1].startsWith(`${seeded[0]},2020-01-01T10:00:00.000Z,${viewerId},viewer,10.0.0.9,seed.alpha,node,1,{}`)).toBe(true);
    expect(text).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(text).toContain('"{""note"":""comma, \\""quote\\""\\nnewline""}"');
    // 5 records + header + trailing empty string after the final CRLF
    expect(lines).toHaveLength(7);
  });

  test('when exported as JSON lines, then all 2500 matches arrive across keyset pages, unique and in id order', async () => {
    const response = await list('?format=jsonl&action=bulk.*&pageSize=10');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/x-ndjson/);
    expect(response.headers['content-disposition']).toMatch(/attachment; filename="audit-events-.*\.jsonl"/);
    const items = response.text
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { id: string; username: string; targetId: string });
    expect(items).toHaveLength(2500);
    const ids = items.map((i) => BigInt(i.id));
    for (let i = 1; i < ids.length; i++) expect(ids[i] > ids[i - 1]).toBe(true);
    expect(items[0]).toMatchObject({ username: 'bulk', targetId: '0' });
    expect(items[2499].targetId).toBe('2499');
  });

  test('when an export is downloaded, then the export itself is audited', async () => {
    const event = await t.deps.db('audit_events').where({ action: 'audit.export' }).orderBy('id', 'desc').first();
    expect(event).toMatchObject({ username: 'auditor', target_type: 'audit' });
    expect(event.details.format).toBe('jsonl');
  });
});

describe('frontend messages', () => {
  test('when a signed-in user logs a message, then it is stored as frontend.<level> for that user', async () => {
    const client = await t.login('viewer', 'viewer-password-1');
    const response = await client
      .post('/audit/data/frontend')
      .send({ level: 'error', message: 'Graph view failed', context: { view: 'graph', nodes: 12 } });
    expect(response.status).toBe(204);
    const listed = await list('?action=frontend.error');
    expect(listed.body.items[0]).toMatchObject({
      userId: viewerId,
      username: 'viewer',
      action: 'frontend.error',
      details: { message: 'Graph view failed', context: { view: 'graph', nodes: 12 } },
    });
  });

  test.each([
    ['an unknown level', { level: 'debug', message: 'x' }],
    ['no message', { level: 'info' }],
    ['an empty message', { level: 'info', message: '' }],
    ['a context that is not an object', { level: 'info', message: 'x', context: 'text' }],
  ])('when the message has %s, then 400', async (_label, body) => {
    const response = await request(t.app).post('/audit/data/frontend').set('Authorization', viewer).send(body);
    expect(response.status).toBe(400);
  });

  test('when the message is larger than audit.frontendMessageMaxBytes, then 413 and nothing is stored', async () => {
    const before = await t.deps.db('audit_events').where({ action: 'frontend.warn' }).count({ n: '*' });
    const response = await request(t.app)
      .post('/audit/data/frontend')
      .set('Authorization', viewer)
      .send({ level: 'warn', message: 'x'.repeat(t.config.audit.frontendMessageMaxBytes) });
    expect(response.status).toBe(413);
    expect(response.body.code).toBe('PAYLOAD_TOO_LARGE');
    expect(await t.deps.db('audit_events').where({ action: 'frontend.warn' }).count({ n: '*' })).toEqual(before);
  });

  test('when nobody is signed in, then 401', async () => {
    expect((await request(t.app).post('/audit/data/frontend').send({ level: 'info', message: 'x' })).status).toBe(401);
  });
});

describe('tamper evidence', () => {
  test('when nothing was altered, then GET /audit/verify and the CLI report every event as intact', async () => {
    const total = Number((await t.deps.db('audit_events').count({ n: '*' }))[0].n);
    const response = await request(t.app).get('/audit/verify').set('Authorization', auditor);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ ok: true, checked: total });
    const lines: string[] = [];
    expect(await runAuditVerify(t.deps.db, (line) => lines.push(line))).toBe(0);
    expect(lines.join('\n')).toMatch(new RegExp(`^OK: ${total} audit event`));
  });

  test('when the user lacks AUDIT_LOG, then verification is 403', async () => {
    expect((await request(t.app).get('/audit/verify').set('Authorization', viewer)).status).toBe(403);
  });

  test('when one row is updated by hand, then GET /audit/verify and the CLI name exactly that event', async () => {
    const victim = seeded[2];
    await t.deps
      .db('audit_events')
      .where({ id: victim })
      .update({ details: JSON.stringify({ innocent: true }) });
    const response = await request(t.app).get('/audit/verify').set('Authorization', auditor);
    expect(response.status).toBe(200);
    expect(response.body.ok).toBe(false);
    expect(response.body.brokenAt).toEqual({ id: victim, reason: 'hash-mismatch' });
    const lines: string[] = [];
    expect(await runAuditVerify(t.deps.db, (line) => lines.push(line))).toBe(1);
    expect(lines.join('\n')).toContain(`BROKEN: audit event ${victim} `);
  });

  test('when a row is deleted, then the next event is reported with a broken link', async () => {
    await t.deps
      .db('audit_events')
      .where({ id: seeded[2] })
      .update({ details: JSON.stringify({}) });
    expect((await request(t.app).get('/audit/verify').set('Authorization', auditor)).body.ok).toBe(true);
    await t.deps.db('audit_events').where({ id: seeded[3] }).del();
    const response = await request(t.app).get('/audit/verify').set('Authorization', t.basic('admin', ADMIN_PASSWORD));
    expect(response.body).toMatchObject({ ok: false, brokenAt: { id: seeded[4], reason: 'link-mismatch' } });
  });
});
