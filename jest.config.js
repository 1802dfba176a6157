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
  // Two test files at a time, each jest worker on an embedded PostgreSQL cluster of its own (the
  // global setup starts them): on one shared server, one file's open transaction held back every
  // other file's gapless reads (docs/decisions/0033-parallel-tests.md). `--maxWorkers=1` runs one
  // file at a time on TEST_DATABASE_URL.
  maxWorkers: 2,
  // A worker's heap grows with every file it runs (each file's modules stay referenced by the vm
  // contexts ESM needs); after about 300 files one ran out of memory in CI. A worker past this
  // size after a file is restarted (the same JEST_WORKER_ID, so the same embedded cluster).
  workerIdleMemoryLimit: '1536MB',
  // Longest files first, from tests/timings.json on a clean checkout (scripts/testSequencer.cjs).
  testSequencer: '<rootDir>/scripts/testSequencer.cjs',
  projects: [
    { ...base, displayName: 'unit', testMatch: ['**/*.unit.test.ts'] },
    {
      ...base,
      displayName: 'int',
      testMatch: ['**/*.int.test.ts', '**/*.e2e.test.ts'],
      globalSetup: '<rootDir>/tests/src/support/globalSetup.ts',
      // A file runs inside one day of the markets' zones (docs/decisions/0054).
      setupFilesAfterEnv: [
        ...base.setupFilesAfterEnv,
        '<rootDir>/tests/src/support/dayBoundarySetup.ts',
      ],
      globalTeardown: '<rootDir>/tests/src/support/globalTeardown.ts',
    },
  ],
};
