// `npm start`: build, then run the product (deploy/dist/embedded/main.js) as this script's child.
// npm passes SIGINT and SIGTERM on to its script's process and waits for it; a shell running
// `build && node main.js` would die of them instead, leaving the server and its embedded
// PostgreSQL running. So the npm script `exec`s this file (the shell becomes this process), every
// stop signal goes on to the server, which shuts down in order, and this process exits with the
// server's code. `npm start -- --no-build` starts what was built last.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const signals = ['SIGINT', 'SIGTERM', 'SIGHUP'];
let child = null;
let stopping = null;

// Installed before anything runs: a signal during the build stops the build, and the start.
for (const signal of signals)
  process.on(signal, () => {
    stopping ??= signal;
    child?.kill(signal);
  });

/** Runs a command with this terminal; resolves with its exit code (128 + n when signalled). */
function run(command, args) {
  return new Promise((resolve, reject) => {
    child = spawn(command, args, { cwd: root, stdio: 'inherit' });
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      child = null;
      resolve(code ?? 128 + (signal === 'SIGINT' ? 2 : signal === 'SIGHUP' ? 1 : 15));
    });
  });
}

const build = !process.argv.includes('--no-build');
const built = build ? await run('npm', ['run', 'build']) : 0;
if (built !== 0 || stopping) process.exit(built || 1);
process.exit(await run(process.execPath, ['deploy/dist/embedded/main.js']));
