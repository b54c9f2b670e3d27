// Builds dist/ for running: every TypeScript file of src, migrations and bench transpiled by esbuild
// (about a second), in the layout tsc would write. Type checking is not part of running: `npm test`
// (and `npm run typecheck`) type-checks everything with tsc.
import { readdirSync, rmSync, existsSync, mkdirSync, writeFileSync, renameSync, cpSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
export const SOURCE_DIRS = ['src', 'migrations', 'bench', 'web'];
/** Browser entries (web/), bundled with their dependencies into public/build/ (served under /assets/build/). */
const WEB_ENTRIES = {
  workspace: 'web/workspace/main.ts',
  search: 'web/search/main.ts',
  home: 'web/home/main.ts',
  cypher: 'web/cypher/main.ts',
  'workspace-statistics': 'web/workspace/statistics/worker.ts',
  layout: 'web/layout/main.ts',
  audit: 'web/audit/main.ts',
  profile: 'web/profile/main.ts',
  groups: 'web/groups/main.ts',
  visualizations: 'web/visualizations/main.ts',
  users: 'web/users/main.ts',
  jobs: 'web/jobs/main.ts',
  settings: 'web/settings/main.ts',
  acl: 'web/acl/main.ts',
  import: 'web/import/main.ts',
};

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
  const entryPoints = ['src', 'migrations', 'bench']
    .map((d) => path.join(root, d))
    .filter(existsSync)
    .flatMap((d) => sourcesIn(d));
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
  // The message catalogs beside the code that reads them (src/i18n/i18n.ts prefers the source tree when it
  // is there, so an edited catalog needs no build; an image without src/ reads this copy).
  cpSync(path.join(root, 'src', 'i18n', 'messages'), path.join(root, 'dist', 'src', 'i18n', 'messages'), { recursive: true });
  await buildWeb();
  return entryPoints.length;
}

/**
 * @sigma/node-image builds its two default programs when its module is evaluated, and each build opens
 * a WebGL context only to read MAX_TEXTURE_SIZE (hundreds of milliseconds with software WebGL before
 * the workspace's script even starts). The workspace builds its own program when a node first has an
 * icon; marked pure, the unused defaults are left out of the bundle.
 */
const pureNodeImageDefaults = {
  name: 'pure-node-image-defaults',
  setup(build) {
    build.onLoad({ filter: /sigma-node-image\.esm\.js$/ }, (args) => ({
      contents: readFileSync(args.path, 'utf8').replace(/= createNodeImageProgram\(/g, '= /* @__PURE__ */ createNodeImageProgram('),
      loader: 'js',
    }));
  },
};

/** The browser bundles: no CDN and no download at run time; the page loads /assets/build/<entry>.js. */
export async function buildWeb() {
  const { build: esbuild } = await import('esbuild');
  const outdir = path.join(root, 'public', 'build');
  mkdirSync(outdir, { recursive: true });
  // Written file by file through a rename, so a server (or a test run) reading the bundle meanwhile never sees half a file.
  const result = await esbuild({
    write: false,
    entryPoints: Object.fromEntries(Object.entries(WEB_ENTRIES).map(([name, file]) => [name, path.join(root, file)])),
    outdir,
    bundle: true,
    platform: 'browser',
    format: 'iife',
    target: 'es2020',
    minify: true,
    sourcemap: true,
    legalComments: 'linked',
    logLevel: 'warning',
    plugins: [pureNodeImageDefaults],
  });
  for (const file of result.outputFiles) {
    const temporary = `${file.path}.${process.pid}.tmp`;
    writeFileSync(temporary, file.contents);
    renameSync(temporary, file.path);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const started = Date.now();
  if (process.argv.includes('--web-only')) {
    await buildWeb();
    process.stdout.write(`built public/build/ in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
  } else {
    const count = await build();
    process.stdout.write(
      `built dist/ and public/build/ from ${count} TypeScript files in ${((Date.now() - started) / 1000).toFixed(1)} s\n`,
    );
  }
}
