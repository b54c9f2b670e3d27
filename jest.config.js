// Unit tests sit beside the code (src/**/*.test.ts, web/**/*.test.ts); API and contract tests under test/.
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/src', '<rootDir>/test', '<rootDir>/web'],
  testMatch: ['**/*.test.ts'],
  transform: {
    '^.+\\.ts$': ['ts-jest', { diagnostics: false }],
    // antlr4 (runtime of the Cypher grammar, src/cypher/parser.ts) ships ES modules only: Node 20
    // loads them through require(), jest needs them transpiled to CommonJS.
    '/node_modules/antlr4/.+\\.js$': [
      'ts-jest',
      { diagnostics: false, tsconfig: { allowJs: true, module: 'commonjs', moduleResolution: 'node' } },
    ],
  },
  transformIgnorePatterns: ['/node_modules/(?!antlr4/)'],
  globalSetup: '<rootDir>/test/support/global-setup.ts',
  globalTeardown: '<rootDir>/test/support/global-teardown.ts',
  testTimeout: 60000,
  maxWorkers: 2,
};
