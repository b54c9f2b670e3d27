/**
 * Runs the PostgreSQL graph store on embedded PGlite and prints one JSON report line.
 * Run in its own Node process by test/graph/postgres-embedded.test.ts: PGlite loads its wasm
 * with a dynamic import, which jest's VM sandbox refuses without --experimental-vm-modules.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../../src/config';
import { openDatabase } from '../../../src/db/database';
import { migrateToLatest } from '../../../src/db/migrations';
import type { AccessScope } from '../../../src/graph/graph-store';
import { UNRESTRICTED } from '../../../src/graph/graph-store';
import { createPostgresGraphStore } from '../../../src/graph/postgres';
import { collect, waitFor } from './fixture';

async function main(): Promise<Record<string, unknown>> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'gas-graph-pglite-'));
  const db = await openDatabase(loadConfig({}, { dataDir: dir, database: { url: '' } }));
  const store = createPostgresGraphStore(db.knex, { queryTimeoutMs: 30000, streamPageSize: 2, fulltextBatchSize: 2 });
  const report: Record<string, unknown> = { kind: db.kind };
  try {
    await migrateToLatest(db.knex);
    await store.init();
    const scope: AccessScope = {
      unrestricted: false,
      labels: ['Person'],
      types: ['KNOWS'],
      nodeProperties: { Person: { deny: ['salary'] } },
    };
    const ids: Record<string, string> = {};
    for (const [key, labels, name] of [
      ['a', ['Person'], 'Ann'],
      ['b', ['Person'], 'Ben'],
      ['s', ['Secret'], 'Sam'],
      ['c', ['Person'], 'Cat'],
      ['d', ['Person'], 'Dov'],
    ] as const) {
      ids[key] = (await store.createNode({ labels: [...labels], properties: { name, salary: 10 } }, UNRESTRICTED)).id;
    }
    for (const [from, to] of [
      ['a', 's'],
      ['s', 'd'],
      ['a', 'b'],
      ['b', 'c'],
      ['c', 'd'],
    ]) {
      await store.createRelationship({ type: 'KNOWS', startNodeId: ids[from], endNodeId: ids[to], properties: {} }, UNRESTRICTED);
    }
    const names = (nodes: Array<{ properties: Record<string, unknown> }>) => nodes.map((n) => n.properties.name).join('-');

    report.serverInfo = await store.serverInfo();
    report.shortestOpen = (await store.shortestPaths(ids.a, ids.d, {}, UNRESTRICTED)).map((p) => names(p.nodes));
    const restricted = await store.shortestPaths(ids.a, ids.d, {}, scope);
    report.shortestRestricted = restricted.map((p) => names(p.nodes));
    report.restrictedFirstProperties = restricted[0]?.nodes[0].properties;
    report.indirectRestricted = (await store.indirectRelationships([ids.a, ids.d], { maxDepth: 3 }, scope)).map((p) => names(p.nodes));
    report.streamed = names(await collect(store.streamNodes({}, scope)));
    report.explore = await store
      .explore({ nodeId: ids.a, limit: 1 }, scope)
      .then((e) => ({ nodes: names(e.nodes), remaining: e.remaining }));

    const imported = await store.importBatch({
      nodes: [{ key: 'e', labels: ['Person'], properties: { name: 'Eve' } }],
      relationships: [{ type: 'KNOWS', start: { key: 'e' }, end: { label: 'Person', property: 'name', value: 'Ann' }, properties: {} }],
    });
    report.imported = {
      nodesCreated: imported.nodesCreated,
      relationshipsCreated: imported.relationshipsCreated,
      unresolved: imported.unresolved,
    };
    const deleted = await store.deleteNode(imported.keys.e, scope);
    report.deleted = { nodes: names(deleted?.nodes ?? []), relationships: deleted?.relationships.length };
    report.updatedMatching = await store.updateNodesMatching(
      { property: 'name', operator: 'IN', value: ['Ann', 'Sam'] },
      { properties: { flag: true } },
      scope,
    );

    report.fulltextStarted = (await store.createFulltextIndex({ labels: ['Person', 'Secret'], properties: ['name'] })).state;
    report.fulltext = await waitFor(
      () => store.fulltextStatus(),
      (s) => s.state !== 'POPULATING',
    );
    report.textRestricted = (await store.findNodes({ text: 'cat' }, scope)).items.map((n) => n.id === ids.c);
    report.textHidden = (await store.findNodes({ text: 'sam' }, scope)).total;
    report.textOpen = (await store.findNodes({ text: 'sam' }, UNRESTRICTED)).items.map((n) => n.id === ids.s);

    const index = await store.createIndex({ entity: 'node', token: 'Person', properties: ['name'] });
    report.index = {
      state: index.state,
      listed: (await store.listIndexes()).map((i) => i.name === index.name),
      dropped: await store.dropIndex(index),
    };
    return report;
  } finally {
    await store.close();
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().then(
  (report) => {
    process.stdout.write(JSON.stringify(report) + '\n');
  },
  (error) => {
    process.stderr.write(String((error as Error)?.stack ?? error) + '\n');
    process.exit(1);
  },
);
