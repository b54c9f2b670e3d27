import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * The import rules of .dependency-cruiser.cjs, run by the real dependency-cruiser on a small tree
 * written here: each forbidden import is caught, and the allowed ones pass. The rules guard the
 * architecture only if they can fail, which `npm run lint` passing on the repository cannot show.
 */
const root = path.resolve(__dirname, '..', '..');
const depcruise = path.join(root, 'node_modules', 'dependency-cruiser', 'bin', 'dependency-cruise.mjs');

interface Violation {
  rule: { name: string; severity: string };
  from: string;
  to: string;
}

let tree: string;

function write(files: Record<string, string>): void {
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(tree, file)), { recursive: true });
    writeFileSync(path.join(tree, file), text);
  }
}

function cruise(): Promise<Violation[]> {
  const args = [depcruise, '--config', path.join(root, '.dependency-cruiser.cjs'), '--output-type', 'json', 'src', 'web'];
  return new Promise((resolve, reject) => {
    // Exits non-zero when a rule is broken: the JSON on stdout is what is read either way.
    execFile(process.execPath, args, { cwd: tree, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      try {
        resolve((JSON.parse(stdout) as { summary: { violations: Violation[] } }).summary.violations);
      } catch (parseError) {
        reject(new Error(`dependency-cruiser answered no JSON (${error?.message ?? 'exit 0'}): ${stderr}`, { cause: parseError }));
      }
    });
  });
}

const broken = (violations: Violation[]) =>
  violations
    .filter((v) => v.rule.severity === 'error')
    .map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`)
    .sort();

beforeAll(() => {
  tree = mkdtempSync(path.join(os.tmpdir(), 'gas-import-rules-'));
  write({
    'tsconfig.json': JSON.stringify({
      compilerOptions: { module: 'node16', moduleResolution: 'node16', strict: true },
      include: ['src', 'web'],
    }),
    // A stand-in for the package: the rule is about the import, not about Express.
    'node_modules/express/package.json': JSON.stringify({ name: 'express', main: 'index.js' }),
    'node_modules/express/index.js': 'module.exports = {};\n',
  });
});

afterAll(() => rmSync(tree, { recursive: true, force: true }));

describe('import rules (.dependency-cruiser.cjs)', () => {
  it('when every layer imports only downwards, then no rule is broken', async () => {
    write({
      'src/graph/graph-store.ts': 'export interface GraphStore { ping(): void }\n',
      'src/graph/postgres/store.ts': "import type { GraphStore } from '../graph-store';\nexport const pg: GraphStore | null = null;\n",
      'src/graph/neo4j/store.ts': "import type { GraphStore } from '../graph-store';\nexport const neo: GraphStore | null = null;\n",
      'src/graph/index.ts': "export { pg } from './postgres/store';\nexport { neo } from './neo4j/store';\n",
      'src/services/thing-service.ts':
        "import type { GraphStore } from '../graph/graph-store';\nimport { pg } from '../graph';\nexport const use = (g: GraphStore) => [g, pg];\n",
      'src/routes/things.ts':
        "import express from 'express';\nimport { use } from '../services/thing-service';\nexport const r = [express, use];\n",
      'web/shared/generated/api.d.ts': 'export interface paths { x: 1 }\n',
      'web/shared/client.ts': "import type { paths } from './generated/api';\nexport type P = paths;\n",
    });
    expect(broken(await cruise())).toEqual([]);
  }, 120_000);

  it('when a layer imports upwards or sideways, then each import is reported with its rule', async () => {
    write({
      'src/graph/postgres/leak.ts': "import { neo } from '../neo4j/store';\nexport const x = neo;\n",
      'src/graph/neo4j/leak.ts': "import { pg } from '../postgres/store';\nexport const y = pg;\n",
      'src/graph/up.ts': "import { use } from '../services/thing-service';\nexport const z = use;\n",
      'src/services/web-service.ts':
        "import type { Request } from 'express';\nimport { r } from '../routes/things';\nimport { pg } from '../graph/postgres/store';\nexport type Q = Request;\nexport const w = [r, pg];\n",
      'src/routes/direct.ts': "import type { GraphStore } from '../graph/graph-store';\nexport type D = GraphStore;\n",
      'src/a.ts': "import { b } from './b';\nexport const a = () => b;\n",
      'src/b.ts': "import { a } from './a';\nexport const b = () => a;\n",
      'web/page.ts': "import { use } from '../src/services/thing-service';\nexport const p = use;\n",
    });
    expect(broken(await cruise())).toEqual(
      [
        'adapters-never-import-each-other: src/graph/neo4j/leak.ts -> src/graph/postgres/store.ts',
        'adapters-never-import-each-other: src/graph/postgres/leak.ts -> src/graph/neo4j/store.ts',
        'graph-port-below-services: src/graph/up.ts -> src/services/thing-service.ts',
        'no-circular: src/a.ts -> src/b.ts', // a cycle is reported once, from its first file
        'only-the-graph-factory-picks-an-adapter: src/services/web-service.ts -> src/graph/postgres/store.ts',
        'routes-call-services: src/routes/direct.ts -> src/graph/graph-store.ts',
        'services-below-routes: src/services/web-service.ts -> src/routes/things.ts',
        'services-never-import-express: src/services/web-service.ts -> node_modules/express/index.js',
        'web-never-imports-src: web/page.ts -> src/services/thing-service.ts',
      ].sort(),
    );
  }, 120_000);
});
