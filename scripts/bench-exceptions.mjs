// `npm run bench:exceptions [-- --orders N --deviated D --samples S --keep]`: issue 39's benchmark,
// its parts one after the other. The arguments are the advanced search's and deviations' part
// (tests/src/bench/exceptions.ts); the unresolved addresses' part runs with its own defaults
// (`npm run bench:unresolved -- …` takes its arguments, whose --orders means per department), and
// so does the returns' part (`node tests/dist/bench/returns.js --orders N`).
import { spawnSync } from 'node:child_process';

const parts = [
  ['tests/dist/bench/exceptions.js', process.argv.slice(2)],
  ['tests/dist/bench/unresolved.js', []],
  ['tests/dist/bench/returns.js', []],
];
for (const [file, args] of parts) {
  const run = spawnSync(process.execPath, [file, ...args], { stdio: 'inherit' });
  if (run.status !== 0) process.exit(run.status ?? 1);
}
