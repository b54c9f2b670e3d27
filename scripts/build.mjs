// Builds dist/ for running: every TypeScript file of src, migrations and bench transpiled by esbuild
// (about a second), in the layout tsc would write. Type checking is not part of running: `npm test`
// (and `npm run typecheck`) type-checks everything with tsc.
import { readdirSync, rmSync, existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
export const SOURCE_DIRS = ['src', 'migrations', 'bench'];

function sourcesIn(dir, out = []) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) sourcesIn(full, out);
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') && !entry.name.endsWith('.test.ts')) out.push(full);
  }
  return out;
}

/** Transpiles into dist/ (cleaned first, so deleted sources leave nothing behind); returns the file count. */
export async function build() {
  const { build: esbuild } = await import('esbuild');
  const entryPoints = SOURCE_DIRS.map((d) => path.join(root, d)).filter(existsSync).flatMap((d) => sourcesIn(d));
  rmSync(path.join(root, 'dist'), { recursive: true, force: true });
  await esbuild({
    entryPoints,
    outdir: path.join(root, 'dist'),
    outbase: root,
    bundle: false,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    sourcemap: true,
    logLevel: 'warning',
  });
  return entryPoints.length;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const started = Date.now();
  const count = await build();
  process.stdout.write(`built dist/ from ${count} TypeScript files in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
}
