// `npm test`: type-check, lint, build the web app, then every jest project (unit, integration, end-to-end).
// The jest JSON summary goes to reports/jest.json; .ci/run prints its totals.
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';

const run = (cmd, args, env = {}) =>
  spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;

mkdirSync('reports', { recursive: true });
const extra = process.argv.slice(2);
let status = run('npx', ['tsc', '-b']);
// Type-aware lint of the whole tree holds every workspace's program at once: past node's default
// heap of about 4 GB here (it ran out at 6 minutes), so it gets 8 GB of the machine's 24.
if (status === 0)
  status = run('npx', ['eslint', '.', '--max-warnings', '0'], {
    NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --max-old-space-size=8192`.trim(),
  });
// The browser tests drive the built web app (ui/dist).
if (status === 0) status = run('npm', ['run', 'build', '-w', 'ui']);
if (status !== 0) {
  console.error('npm test: type-check, lint or the web-app build failed; tests not run');
  process.exit(status);
}
status = run(
  process.execPath,
  [
    '--experimental-vm-modules',
    'node_modules/jest/bin/jest.js',
    '--json',
    '--outputFile=reports/jest.json',
    // The summary is written first; a handle some failed test leaked must not keep CI waiting.
    '--forceExit',
    ...extra,
  ],
  { NODE_NO_WARNINGS: '1' },
);
process.exit(status);
