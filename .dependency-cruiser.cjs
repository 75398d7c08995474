// The import rules of the workspace (docs/architecture.md draws what they allow). `npm test` runs
// them (`npm run lint:imports`); scripts/architecture-graph.js renders the graph from the same run.
/** Third-party libraries that do I/O or belong to a framework (and an alias of ours left unresolved). */
const FRAMEWORK_OR_IO =
  '^(@nestjs/|typeorm|pg($|/)|pg-|ioredis|kafkajs|@platformatic/|fastify|@fastify/|pino|jose|prom-client|undici|redis|@pft/)';

/** Pure code of ours: the events and each context's domain/. */
const PURE = '^libs/(contracts/|[^/]+/src/domain/)';
const DOMAIN = '^libs/[^/]+/src/domain/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      comment: 'No import cycle anywhere, type-only imports included.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'apps-are-apart',
      comment: 'An app never imports another app.',
      severity: 'error',
      from: { path: '^apps/([^/]+)/' },
      to: { path: '^apps/', pathNot: '^apps/$1/' },
    },
    {
      name: 'pilot-web-uses-pure-code-only',
      comment:
        "The pilot web app runs in the browser: of ours, only libs/contracts and the contexts' domain/ folders (no I/O).",
      severity: 'error',
      from: { path: '^apps/pilot-web/' },
      to: { path: '^libs/', pathNot: PURE },
    },
    {
      name: 'libs-never-import-apps',
      severity: 'error',
      from: { path: '^libs/' },
      to: { path: '^apps/' },
    },
    {
      name: 'production-code-never-imports-tests',
      comment: 'libs/testing, test/ and bench/ serve the tests and benchmarks only.',
      severity: 'error',
      from: { path: '^(apps|libs)/', pathNot: ['\\.(spec|int-spec|test-support)\\.ts$', '^libs/testing/'] },
      to: { path: '^(libs/testing|test|bench)/' },
    },
    {
      name: 'contracts-import-nothing-of-ours',
      comment: 'libs/contracts: events and their schemas, no framework, no I/O, no other library of ours.',
      severity: 'error',
      from: { path: '^libs/contracts/', pathNot: '\\.spec\\.ts$' },
      to: { path: ['^(apps|libs)/', FRAMEWORK_OR_IO], pathNot: '^libs/contracts/' },
    },
    {
      name: 'domain-is-pure',
      comment:
        "A context's domain/ imports only libs/contracts and the domain/ of contexts: no framework, no I/O, no adapter.",
      severity: 'error',
      from: { path: DOMAIN, pathNot: '\\.spec\\.ts$' },
      to: { path: ['^(apps|libs)/', FRAMEWORK_OR_IO], pathNot: PURE },
    },
    {
      name: 'pure-code-uses-no-node-modules',
      comment:
        "The domain/ folders and libs/contracts use none of Node's own modules: no file system, network, clock source or crypto.",
      severity: 'error',
      from: { path: PURE, pathNot: '\\.spec\\.ts$' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'platform-knows-no-domain',
      comment: 'libs/platform (config, logging, HTTP, database, Redis, Kafka) imports no library of ours.',
      severity: 'error',
      from: { path: '^libs/platform/', pathNot: '\\.(spec|int-spec|test-support)\\.ts$' },
      to: { path: '^libs/', pathNot: '^libs/platform/' },
    },
    {
      name: 'platform-holds-no-business-variables',
      comment:
        "libs/platform holds the config loader and the infrastructure's variables only: the groups of pilot tokens, master keys, partner reads and webhook URLs are their contexts' (logbook, privacy, partners and totals, webhooks).",
      severity: 'error',
      from: {},
      to: { path: '^libs/platform/src/.*(partner|pilot|webhook|master-key|jwt)[^/]*$' },
    },
    {
      name: 'event-store-is-generic',
      comment:
        'libs/event-store knows no part of the business: contracts and platform only. It seals payloads through its PayloadSealer port, which libs/privacy implements.',
      severity: 'error',
      from: { path: '^libs/event-store/', pathNot: '\\.(spec|int-spec|test-support)\\.ts$' },
      to: { path: '^libs/', pathNot: '^libs/(event-store|contracts|platform)/' },
    },
    {
      name: 'contexts-meet-through-domain',
      comment:
        "A context uses another context's pure domain/, or its entry point (index.ts); never the inside of its adapters.",
      severity: 'error',
      from: {
        path: '^libs/(logbook|totals|partners|webhooks|privacy)/',
        pathNot: '\\.(spec|int-spec|test-support)\\.ts$',
      },
      to: {
        path: '^libs/(logbook|totals|partners|webhooks|privacy)/',
        pathNot: ['^libs/$1/', PURE, '^libs/[^/]+/src/index\\.ts$'],
      },
    },
    {
      name: 'schema-layers',
      severity: 'error',
      from: { path: '^libs/schema/', pathNot: '\\.(spec|int-spec|test-support)\\.ts$' },
      to: { path: '^libs/', pathNot: '^libs/(schema|platform|totals)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(dist|dist-test|node_modules|\\.stack)/' },
    // Type-only imports count: a cycle through types is still a cycle.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
    },
    moduleSystems: ['cjs', 'es6'],
  },
};
