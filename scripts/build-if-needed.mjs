// Installs the dependencies when node_modules is missing, then builds dist/ when it is missing or older
// than any TypeScript source, so `npm start` (and, with --install-only, `npm test`) work on a fresh clone.
// Each step that takes a while says so on one line, so a first start never looks like a hang.
import { existsSync, statSync, readdirSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const marker = path.join(root, 'dist', 'src', 'index.js');

function newestSource(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSource(full));
    else if (entry.name.endsWith('.ts')) newest = Math.max(newest, statSync(full).mtimeMs);
  }
  return newest;
}

const say = (line) => process.stdout.write(`${line}\n`);
const seconds = (since) => ((Date.now() - since) / 1000).toFixed(1);

function installIfMissing() {
  if (!existsSync(path.join(root, 'node_modules', '.package-lock.json'))) {
    const started = Date.now();
    say('installing the dependencies (npm ci), once on a fresh clone ...');
    execFileSync('npm', ['ci', '--no-fund', '--no-audit'], { cwd: root, stdio: 'inherit' });
    say(`dependencies installed in ${seconds(started)} s`);
  }
}

installIfMissing();
if (process.argv.includes('--install-only')) process.exit(0);

const { build, SOURCE_DIRS } = await import('./build.mjs');
const sources = SOURCE_DIRS.map((d) => path.join(root, d)).filter(existsSync);
const stale =
  !existsSync(marker) ||
  !existsSync(path.join(root, 'public', 'build', 'workspace.js')) ||
  sources.some((d) => newestSource(d) > statSync(marker).mtimeMs);
if (stale) {
  const started = Date.now();
  const count = await build();
  say(`built dist/ and public/build/ from ${count} TypeScript files in ${seconds(started)} s`);
}
