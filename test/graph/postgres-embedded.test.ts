import { execFile } from 'node:child_process';
import path from 'node:path';

/**
 * The PostgreSQL graph store on embedded PGlite (one connection, one statement per call):
 * migrations, writes, scope, traversal, streaming, transactions and the background fulltext
 * population must all work without a second connection. The scenario runs in its own Node
 * process (support/pglite-scenario.ts), because PGlite's dynamic wasm import needs real ESM
 * loading that jest's sandbox does not give.
 */
describe('PostgreSQL graph store on embedded PGlite', () => {
  // The scenario's JSON report: serverInfo is read field by field, the rest compared whole.
  let report: { serverInfo: { backend: string; version: string }; [key: string]: unknown };

  beforeAll(async () => {
    const root = path.resolve(__dirname, '..', '..');
    const tsx = path.join(root, 'node_modules', '.bin', 'tsx');
    const stdout = await new Promise<string>((resolve, reject) => {
      execFile(
        tsx,
        [path.join(__dirname, 'support', 'pglite-scenario.ts')],
        { cwd: root, timeout: 110000, maxBuffer: 10 * 1024 * 1024 },
        (error, out, err) => (error ? reject(new Error(`PGlite scenario failed: ${error.message}\n${err}`)) : resolve(out)),
      );
    });
    report = JSON.parse(stdout.trim().split('\n').pop() as string) as typeof report;
  }, 120000);

  it('when the embedded database is opened and migrated, then the store reports PostgreSQL', () => {
    expect(report.kind).toBe('embedded');
    expect(report.serverInfo.backend).toBe('postgres');
    expect(report.serverInfo.version).toMatch(/^\d+/);
  });

  it('when shortest and indirect paths are asked, then a hidden node is not crossed', () => {
    expect(report.shortestOpen).toEqual(['Ann-Sam-Dov']);
    expect(report.shortestRestricted).toEqual(['Ann-Ben-Cat-Dov']);
    expect(report.restrictedFirstProperties).toEqual({ name: 'Ann' });
    expect(report.indirectRestricted).toEqual(['Ann-Ben-Cat-Dov']);
  });

  it('when nodes are streamed with a page size of two, then every visible node comes once in order', () => {
    expect(report.streamed).toBe('Ann-Ben-Cat-Dov');
  });

  it('when a node is explored with a limit, then the hidden neighbour is neither returned nor counted', () => {
    expect(report.explore).toEqual({ nodes: 'Ann-Ben', remaining: 0 });
  });

  it('when a batch is imported and a node deleted in a transaction, then the single connection does not deadlock', () => {
    expect(report.imported).toEqual({ nodesCreated: 1, relationshipsCreated: 1, unresolved: [] });
    expect(report.deleted).toEqual({ nodes: 'Eve', relationships: 1 });
    expect(report.updatedMatching).toBe(1);
  });

  it('when the fulltext index is created, then it is populated in batches, goes online and text search respects the scope', () => {
    expect(['POPULATING', 'ONLINE']).toContain(report.fulltextStarted);
    expect(report.fulltext).toMatchObject({ state: 'ONLINE', progress: 100 });
    expect(report.textRestricted).toEqual([true]);
    expect(report.textHidden).toBe(0);
    expect(report.textOpen).toEqual([true]);
  });

  it('when a schema index is created, then it is online, listed and can be dropped', () => {
    expect(report.index).toEqual({ state: 'ONLINE', listed: [true], dropped: true });
  });
});
