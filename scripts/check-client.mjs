// npm run check:client [-- --write]
// Writes the service's OpenAPI document (as `npm run openapi` does) and generates TypeScript types from
// it with openapi-typescript. The browser code's client (web/shared/client.ts, openapi-fetch) is typed
// by the committed web/shared/generated/api.d.ts: the check fails when that file differs from what the
// document generates now (`--write` replaces it), then compiles a few typed calls
// (scripts/client-check/client.ts) against it with tsc. Fails when a generator cannot type the
// document, when the committed types are stale, or when the calls no longer compile.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const dir = path.join(root, 'scripts', 'client-check');
const generated = path.join(dir, 'generated');
const documentFile = path.join(generated, 'openapi.json');
const typesFile = path.join(root, 'web', 'shared', 'generated', 'api.d.ts');
const write = process.argv.includes('--write');
const say = (line) => process.stdout.write(`check:client: ${line}\n`);

/** The document without its examples: they are for readers of the API documentation, and would triple the committed types. */
function withoutExamples(value) {
  if (Array.isArray(value)) return value.map(withoutExamples);
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => key !== 'example' && key !== 'examples')
      .map(([key, inner]) => [key, withoutExamples(inner)]),
  );
}

mkdirSync(generated, { recursive: true });
execFileSync(process.execPath, [path.join(root, 'scripts', 'build-if-needed.mjs')], { cwd: root, stdio: 'inherit' });
execFileSync(process.execPath, [path.join(root, 'dist', 'src', 'openapi', 'write-cli.js'), documentFile], { cwd: root, stdio: 'inherit' });

const ast = await openapiTS(withoutExamples(JSON.parse(readFileSync(documentFile, 'utf8'))), { alphabetize: true });
const types = `// Generated from the OpenAPI document by npm run check:client -- --write; do not edit.\n${astToString(ast)}`;
const committed = existsSync(typesFile) ? readFileSync(typesFile, 'utf8') : null;
if (committed !== types) {
  if (!write) {
    say(
      `${path.relative(root, typesFile)} is not what the OpenAPI document generates now: run npm run check:client -- --write and commit it`,
    );
    process.exit(1);
  }
  mkdirSync(path.dirname(typesFile), { recursive: true });
  writeFileSync(typesFile, types);
  say(`wrote ${path.relative(root, typesFile)}`);
} else {
  say(`${path.relative(root, typesFile)} is current`);
}

try {
  execFileSync(process.execPath, [path.join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', path.join(dir, 'tsconfig.json')], {
    cwd: root,
    stdio: 'inherit',
  });
} catch {
  say('the typed client calls do not compile against the document (see above)');
  process.exit(1);
}
say('typed client calls compile against the document');
