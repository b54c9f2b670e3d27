// ESLint for the service (src/, migrations/, test/, bench/), the browser code (web/) and the build
// scripts: typescript-eslint's type-checked rules. The import rules (layers, cycles) are
// dependency-cruiser's (.dependency-cruiser.cjs); `npm run lint` runs both.
import eslint from '@eslint/js';
import comments from '@eslint-community/eslint-plugin-eslint-comments/configs';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const typeChecked = tseslint.configs.recommendedTypeChecked;

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
    files: ['web/**/*.ts'],
    rules: {
      // An async event listener or callback is how a page reacts: its rejection is not lost but reaches
      // the layout's unhandledrejection reporter (web/layout/main.ts), so only returned promises are checked.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { arguments: false, properties: false } }],
    },
  },
  {
    files: ['**/*.mjs', '**/*.cjs', '**/*.js'],
    languageOptions: { globals: { ...globals.node } },
  },
);
