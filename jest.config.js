// Suites: unit (no I/O), integration (one adapter against a real service), e2e (real apps over HTTP),
// cluster (the service on a Kafka cluster under faults, `npm run test:cluster`), bench (on demand).
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
      target: 'es2022',
      keepClassNames: true,
    },
    module: { type: 'commonjs' },
  },
];

// jose, NestJS (from 12), commander (from 15), cookie (which fastify's inject loads), content-disposition
// (which @fastify/static loads, serving the pilot web app) and
// @platformatic/kafka (with its @platformatic/* dependencies) ship only ES modules. Node loads
// them with require(esm); jest 30 does too, but only under node --experimental-vm-modules,
// which every `npx jest` would then need. So jest compiles these packages to CommonJS like our
// own sources (only these: the rest of what the tests load from node_modules is CommonJS).
const esmOnly = '(jose|@nestjs/[^/]+|commander|cookie|content-disposition|@platformatic/[^/]+)';
const swcJs = [
  '@swc/jest',
  { jsc: { parser: { syntax: 'ecmascript' }, target: 'es2022' }, module: { type: 'commonjs' } },
];

const shared = {
  rootDir: __dirname,
  testEnvironment: 'node',
  transform: { '^.+\\.ts$': swc, [`/node_modules/${esmOnly}/.+\\.js$`]: swcJs },
  transformIgnorePatterns: [`/node_modules/(?!${esmOnly}/)`],
  moduleFileExtensions: ['ts', 'js', 'json'],
  moduleNameMapper: {
    '^@pft/(contracts|logbook|totals|partners|webhooks|privacy|event-store|platform|schema|testing)$':
      '<rootDir>/libs/$1/src',
    '^@pft/(contracts|logbook|totals|partners|webhooks|privacy|event-store|platform|schema|testing)/(.*)$':
      '<rootDir>/libs/$1/src/$2',
  },
  modulePathIgnorePatterns: ['<rootDir>/dist/', '<rootDir>/dist-test/', '<rootDir>/.stack/'],
};

// Integration and end-to-end tests: what a test leaves unset names the tests' own database, topics
// and Redis keys, never those of a running `npm start`.
// Once a file is done, the Redis keys under its own prefix go (test-environment.ts).
const withRealServices = {
  ...shared,
  testEnvironment: '<rootDir>/libs/testing/src/test-environment.ts',
  setupFiles: ['<rootDir>/libs/testing/src/test-defaults.ts'],
};

module.exports = {
  // Integration and end-to-end tests wait on real services; unit tests finish in milliseconds anyway.
  testTimeout: 120000,
  projects: [
    { ...shared, displayName: 'unit', testMatch: ['<rootDir>/{apps,libs}/**/*.spec.ts'] },
    {
      ...withRealServices,
      displayName: 'integration',
      testMatch: ['<rootDir>/{apps,libs}/**/*.int-spec.ts'],
    },
    { ...withRealServices, displayName: 'e2e', testMatch: ['<rootDir>/test/**/*.e2e-spec.ts'] },
    // The cluster under faults (`npm run test:cluster`): minutes of its own, apart from `npm test`.
    { ...withRealServices, displayName: 'cluster', testMatch: ['<rootDir>/test/**/*.cluster-spec.ts'] },
    // The soak under faults (`npm run soak`), for as long as SOAK_MINUTES says; never part of `npm test`.
    // Its services are all its own (its broker, Redis and database), so it needs no test environment.
    { ...shared, displayName: 'soak', testMatch: ['<rootDir>/test/soak/*.soak-spec.ts'] },
    // Benchmarks, run on demand only (`npm run bench`); never part of `npm test`.
    { ...shared, displayName: 'bench', testMatch: ['<rootDir>/bench/**/*.bench.ts'] },
  ],
};
