// Jest runs TypeScript through @swc/jest in ESM mode (see docs/decisions/0002-tooling.md).
// Type errors are caught by `tsc -b`, which `npm test` runs first.
const swc = [
  '@swc/jest',
  {
    jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
    module: { type: 'es6' },
    sourceMaps: 'inline',
  },
];
// The web app's sources are TSX with React's automatic runtime.
const swcTsx = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic' } },
      target: 'es2022',
    },
    module: { type: 'es6' },
    sourceMaps: 'inline',
  },
];

const packages = [
  'contracts',
  'platform',
  'command-service',
  'projector',
  'query-service',
  'optimizer',
  'gateway',
  'deploy',
  'ui',
  'tests',
];

const base = {
  extensionsToTreatAsEsm: ['.ts', '.tsx'],
  transform: { '^.+\\.ts$': swc, '^.+\\.tsx$': swcTsx },
  moduleNameMapper: {
    // Workspace packages resolve to their sources, so tests need no build step.
    [`^@nordlog/(${packages.join('|')})$`]: '<rootDir>/$1/src/index.ts',
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
  testEnvironment: 'node',
  roots: packages.map((p) => `<rootDir>/${p}/src`),
  modulePathIgnorePatterns: ['<rootDir>/.*/dist/'],
  // Property tests stop and fail after a time limit instead of shrinking for ever.
  setupFilesAfterEnv: ['<rootDir>/tests/src/support/fastCheck.ts'],
};

export default {
  testTimeout: 60000,
  // One test file at a time, for now (docs/decisions/0033-parallel-tests.md). Two at a time
  // halved CI's time, but three of five runs that way met a race between files, a different one
  // each time: they share the PostgreSQL server, whose oldest open transaction holds back every
  // database's gapless reads. `npm test -- --maxWorkers=2` runs two.
  maxWorkers: 1,
  projects: [
    { ...base, displayName: 'unit', testMatch: ['**/*.unit.test.ts'] },
    {
      ...base,
      displayName: 'int',
      testMatch: ['**/*.int.test.ts', '**/*.e2e.test.ts'],
      globalSetup: '<rootDir>/tests/src/support/globalSetup.ts',
      globalTeardown: '<rootDir>/tests/src/support/globalTeardown.ts',
    },
  ],
};
