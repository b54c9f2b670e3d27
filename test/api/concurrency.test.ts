import request from 'supertest';
import { createTestApp, TestApp, ADMIN_PASSWORD } from '../support/test-app';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = t.basic('admin', ADMIN_PASSWORD);
  // One verified credential before the bursts, so they do not all hash the password.
  expect((await request(t.app).get('/session').set('Authorization', admin)).status).toBe(200);
});
afterAll(async () => {
  await t.close();
});

type Method = 'get' | 'post' | 'put' | 'delete';
const call = (method: Method, url: string, auth = admin) => request(t.app)[method](url).set('Authorization', auth);

/** Deadlocks PostgreSQL detected in this test file's database (its statistics, flushed within a second). */
async function deadlocks(): Promise<number> {
  const { rows } = await t.deps.db.raw('select deadlocks::int as n from pg_stat_database where datname = current_database()');
  return rows[0].n;
}

describe('overlapping bulk updates', () => {
  test('when many bulk updates over overlapping node sets run at once, then every one answers 200 and none deadlocks', async () => {
    const count = 300;
    await t.deps.graph.importBatch({ nodes: Array.from({ length: count }, (_, i) => ({ labels: ['Bulk'], properties: { k: i, pad: 'x'.repeat(200) } })), relationships: [] });

    const deadlocksBefore = await deadlocks();
    const statuses: number[] = [];
    const covered = new Set<number>();
    for (let round = 0; round < 5; round++) {
      const requests = Array.from({ length: 20 }, (_, i) => {
        const from = (i * 37 + round * 11) % (count - 150);
        for (let k = from; k < from + 150; k++) covered.add(k);
        return call('put', '/data/nodes/find').send({
          filter: { and: [{ label: 'Bulk' }, { property: 'k', operator: '>=', value: from }, { property: 'k', operator: '<', value: from + 150 }] },
          set: { touched: `${round}-${i}`, pad: 'y'.repeat(200 + ((round + i) % 7) * 40) },
        });
      });
      const responses = await Promise.all(requests);
      statuses.push(...responses.map((r) => r.status));
      for (const r of responses) if (r.status !== 200) console.log(r.status, r.body);
    }
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    // Not even a deadlock that a retry hid: the server counts every one it broke.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(await deadlocks()).toBe(deadlocksBefore);
    const touched = await call('post', '/data/nodes/find').send({ filter: { property: 'touched', operator: 'IS NOT NULL' }, limit: 0 });
    expect(touched.body.total).toBe(covered.size);
  });
});
