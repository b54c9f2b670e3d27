// ESLint for the service (src/, migrations/, test/, bench/), the browser code (web/) and the build
// scripts: typescript-eslint's type-checked rules. The import rules (layers, cycles) are
// dependency-cruiser's (.dependency-cruiser.cjs); `npm run lint` runs both.
import eslint from '@eslint/js';
import comments from '@eslint-community/eslint-plugin-eslint-comments/configs';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Files other engineers are rewriting while lint comes in (issue 20): the translate.ts, parser.ts
 * and Neo4j adapter splits, the ServiceContext move out of src/http (services, routes, pages, auth),
 * the web/ port of public/js and the workspace rebuild. Their findings are warnings until that work
 * lands; the lead's final pass fixes them (`npx eslint --fix` does the type imports) and deletes
 * this list.
 */
const PENDING = [
  'src/graph/postgres/cypher/**', // translate.ts split
  'src/cypher/**', // parser.ts split
  'src/graph/neo4j/**', // neo4j-graph-store.ts and scoped-cypher.ts split
  'src/services/**', // import split, ServiceContext move, filter validation once
  'src/routes/**', // ServiceContext move: routers write the responses
  'src/pages/**', // page routes into one place
  'src/auth/**', // ServiceContext move (credential-cache <-> http/context)
  'src/core/**', // the ServiceContext's new home
  'src/types/**', // Express request typing, with the move
  'src/http/context.ts', // the ServiceContext's old home
  'src/http/send-*.ts', // response writers taken out of the services
  'src/app.ts', // routers mounted anew
  'src/server.ts', // shutdown of imports
  'src/graph/graph-store.ts', // the port, changed by the import split and the filter validation
  'src/config/**', // the Cypher plan cache setting
  'web/**', // public/js ported to web/, workspace rebuilt
  'bench/cypher/**', // new benchmark, not yet committed
  'scripts/build.mjs', // new web entries
  'scripts/check-client.mjs', // generated client for web/
];

const typeChecked = tseslint.configs.recommendedTypeChecked;
/** The rules `configs` leave on (a later config's 'off' wins), each as a warning: what PENDING files get. */
const asWarnings = (configs, extra = []) => {
  const levels = Object.assign(
    {},
    ...configs.map((config) => config.rules ?? {}),
    Object.fromEntries(extra.map((name) => [name, 'error'])),
  );
  return Object.fromEntries(
    Object.entries(levels)
      .filter(([, level]) => (Array.isArray(level) ? level[0] : level) !== 'off' && level !== 0)
      .map(([name]) => [name, 'warn']),
  );
};
const PENDING_TS = PENDING.filter((pattern) => !pattern.endsWith('.mjs'));
const PENDING_JS = PENDING.filter((pattern) => pattern.endsWith('.mjs'));

export default tseslint.config(
  {
    ignores: ['dist/**', 'node_modules/**', 'public/**', 'coverage/**', 'data/**', 'tmp/**', '**/generated/**'],
  },
  {
    // A disable comment that no longer silences anything is an error, so exceptions do not outlive their cause.
    linterOptions: { reportUnusedDisableDirectives: 'error' },
  },
  eslint.configs.recommended,
  comments.recommended,
  {
    rules: {
      // An exception carries its reason on the same line: `// eslint-disable-next-line rule -- why`.
      '@eslint-community/eslint-comments/require-description': ['error', { ignore: [] }],
      '@eslint-community/eslint-comments/no-unused-disable': 'off', // reportUnusedDisableDirectives does it
    },
  },
  {
    files: ['**/*.ts'],
    extends: [typeChecked],
    languageOptions: {
      parserOptions: {
        // Each file is checked with the nearest tsconfig.json: web/ with web/tsconfig.json (DOM, bundler).
        projectService: true,
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      // `require(x) as typeof import(x)` is how a module is loaded only when needed (the Neo4j driver,
      // PGlite): the annotation names the type of a value, not an import to hoist.
      '@typescript-eslint/consistent-type-imports': ['error', { disallowTypeAnnotations: false }],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      // An async method without await is how a port method keeps its Promise contract (a throw becomes a
      // rejection); the rule would force wrappers that say less.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    // supertest's `res.body` and jest's matchers are `any`: the tests read answers the response
    // validator has already checked against the OpenAPI document, so the unsafe-any rules would only
    // ask for casts. Product code keeps them.
    files: ['test/**/*.ts', '**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    files: ['**/*.mjs', '**/*.cjs', '**/*.js'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: PENDING_TS,
    linterOptions: { reportUnusedDisableDirectives: 'warn' },
    rules: asWarnings(
      [eslint.configs.recommended, comments.recommended, ...typeChecked],
      ['@typescript-eslint/consistent-type-imports', '@eslint-community/eslint-comments/require-description'],
    ),
  },
  {
    files: PENDING_JS,
    linterOptions: { reportUnusedDisableDirectives: 'warn' },
    rules: asWarnings([eslint.configs.recommended, comments.recommended], ['@eslint-community/eslint-comments/require-description']),
  },
);
