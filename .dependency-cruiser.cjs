// The architecture as import rules (docs/architecture.md): routes -> services -> the graph port; the
// two graph adapters never see each other; services know nothing of Express; the browser code (web/)
// reads nothing of the service but generated types. `npm run lint` runs it (`depcruise src web ...`).
// An exception is a `pathNot` entry with its reason on the same line.

const EXPRESS = '^node_modules/(@types/)?(express|express-serve-static-core)/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import cycle (type-only imports count: they tie the files as much for a reader).',
      from: {},
      to: { circular: true },
    },
    {
      name: 'adapters-never-import-each-other',
      severity: 'error',
      comment: 'The PostgreSQL adapter and the Neo4j adapter share only the port (src/graph/*.ts).',
      from: { path: '^src/graph/postgres/' },
      to: { path: '^src/graph/neo4j/' },
    },
    {
      name: 'adapters-never-import-each-other',
      severity: 'error',
      comment: 'The Neo4j adapter and the PostgreSQL adapter share only the port (src/graph/*.ts).',
      from: { path: '^src/graph/neo4j/' },
      to: { path: '^src/graph/postgres/' },
    },
    {
      name: 'only-the-graph-factory-picks-an-adapter',
      severity: 'error',
      comment: 'Above the port, code sees the GraphStore interface; src/graph/index.ts builds the adapter.',
      from: { path: '^src/', pathNot: '^src/graph/' },
      to: { path: '^src/graph/(postgres|neo4j)/' },
    },
    {
      name: 'graph-port-below-services',
      severity: 'error',
      comment: 'The graph port and its adapters know nothing of services, routes, pages or HTTP.',
      from: { path: '^src/graph/' },
      to: { path: '^src/(services|routes|pages|http|auth)/|^src/(app|server)[.]ts$' },
    },
    {
      name: 'services-below-routes',
      severity: 'error',
      comment: 'Services are called by routes and pages, never the other way.',
      from: { path: '^src/services/' },
      to: { path: '^src/(routes|pages)/|^src/(app|server)[.]ts$' },
    },
    {
      name: 'services-never-import-express',
      severity: 'error',
      comment: 'Services return data or streams; routers write the response.',
      from: { path: '^src/services/' },
      to: { path: EXPRESS },
    },
    {
      name: 'routes-call-services',
      severity: 'error',
      comment: "Routers parse, call a service and answer; the graph port and the database are the services' business.",
      from: { path: '^src/routes/' },
      to: {
        path: '^src/(db|graph)/',
        pathNot: [
          '^src/graph/identifiers[.]ts$', // the identifier syntax a request schema checks: pure functions, no store
          '^src/graph/typed-values[.]ts$', // the $type names the PropertyValue schema lists: pure functions, no store
        ],
      },
    },
    {
      name: 'web-never-imports-src',
      severity: 'error',
      comment: 'The browser bundle reads the service only through generated types and its message catalogs.',
      from: { path: '^web/' },
      to: {
        path: '^src/',
        pathNot: [
          '/generated/', // types generated from the OpenAPI document
          '^src/i18n/messages/web/[^/]+[.]json$', // the browser\'s message catalogs, kept with the server\'s for translators
        ],
      },
    },
    {
      name: 'src-never-imports-web-test-or-bench',
      severity: 'error',
      comment: 'Product code stands alone: tests, benchmarks and the browser bundle sit on top of it.',
      from: { path: '^src/', pathNot: '[.]test[.]ts$' },
      to: { path: '^(web|test|bench)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Type-only imports are dependencies too: a type-only cycle is still a cycle (issue 20).
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.d.ts', '.js', '.mjs', '.cjs', '.json'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
