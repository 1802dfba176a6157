// `npm run test:soak`: the reliability suite (tests/src/soak) with its long parameters (SOAK=1):
// 20 kills, a 30 s database outage, 1,000 sockets at 200 changes/s for 60 s. Outside CI's time
// budget; `npm test` runs the same files with the short parameters. One file at a time, so the
// runs do not compete for the machine. Extra arguments go to jest (e.g. --testPathPatterns
// tests/src/soak/sockets). The jest JSON summary goes to reports/soak.json.
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';

const run = (cmd, args, env = {}) =>
  spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;

mkdirSync('reports', { recursive: true });
// The product runs from its build in a child process (tests/dist/soak/server.js).
let status = run('npx', ['tsc', '-b']);
if (status !== 0) {
  console.error('npm run test:soak: the type-check failed; tests not run');
  process.exit(status);
}
const extra = process.argv.slice(2);
status = run(
  process.execPath,
  [
    '--experimental-vm-modules',
    'node_modules/jest/bin/jest.js',
    '--selectProjects',
    'int',
    '--runInBand',
    '--json',
    '--outputFile=reports/soak.json',
    '--forceExit',
    ...(extra.some((a) => a.startsWith('--testPathPatterns'))
      ? extra
      : ['--testPathPatterns', 'tests/src/soak', ...extra]),
  ],
  { SOAK: '1', NODE_NO_WARNINGS: '1' },
);
process.exit(status);
