// `npm test`: type-check, build the web app, then every jest project (unit, integration,
// end-to-end) with the lint of the whole tree beside them. The jest JSON summary goes to
// reports/jest.json; .ci/run prints its totals.
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';

mkdirSync('reports', { recursive: true });
const extra = process.argv.slice(2);
/** Runs a command with its output shown; its exit status. */
const start = (cmd, args) =>
  new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: 'inherit', env: process.env });
    child.on('close', (code) => resolve(code ?? 1));
  });
// The type-check and the web app's build (which the browser tests drive, ui/dist) at once: the
// build reads the contracts' sources, not the compiled ones, and each keeps about one of the
// machine's two cores busy for a minute (docs/decisions/0107).
const built = await Promise.all([
  start('npx', ['tsc', '-b']),
  start('npm', ['run', 'build', '-w', 'ui']),
]);
const status = built.find((code) => code !== 0) ?? 0;
if (status !== 0) {
  console.error('npm test: the type-check or the web-app build failed; tests not run');
  process.exit(status);
}

/**
 * The lint runs beside the tests, not before them: it keeps one core busy for minutes, and the
 * tests, which wait on browsers and databases much of the time, leave about half the machine's
 * two cores idle. Its output is printed when it ends, in one piece. Type-aware lint of the whole
 * tree holds every workspace's program at once: past node's default heap of about 4 GB here
 * (it ran out at 6 minutes), so it gets 8 GB of the machine's 24.
 */
const lint = new Promise((resolve) => {
  const child = spawn('npx', ['eslint', '.', '--max-warnings', '0'], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --max-old-space-size=8192`.trim(),
    },
  });
  const output = [];
  child.stdout.on('data', (chunk) => output.push(chunk));
  child.stderr.on('data', (chunk) => output.push(chunk));
  child.on('close', (code) => {
    const text = Buffer.concat(output).toString().trim();
    console.log(`\nnpm test: lint ${code === 0 ? 'passed' : 'FAILED'}${text ? `\n${text}` : ''}\n`);
    resolve(code ?? 1);
  });
});

const tests = new Promise((resolve) => {
  const child = spawn(
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
    { stdio: 'inherit', env: { ...process.env, NODE_NO_WARNINGS: '1' } },
  );
  child.on('close', (code) => resolve(code ?? 1));
});

const [linted, tested] = await Promise.all([lint, tests]);
if (linted !== 0) console.error('npm test: the lint failed (its output is above)');
process.exit(tested !== 0 ? tested : linted);
