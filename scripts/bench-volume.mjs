// `npm run bench:volume`: issue 40's benchmark, its parts one after the other, each on a database
// of its own on the local PostgreSQL server: the import (tests/src/bench/importing.ts, `--rows N`),
// the shipments export (tests/src/bench/exporting.ts,
// `node tests/dist/bench/exporting.js --orders N`), the recurring orders and the address book's
// files (tests/src/bench/addressBook.ts). Arguments go to every part.
import { spawnSync } from 'node:child_process';

const parts = [
  'tests/dist/bench/importing.js',
  'tests/dist/bench/exporting.js',
  'tests/dist/bench/recurring.js',
  'tests/dist/bench/addressBook.js',
];
for (const file of parts) {
  const run = spawnSync(process.execPath, ['--expose-gc', file, ...process.argv.slice(2)], {
    stdio: 'inherit',
  });
  if (run.status !== 0) process.exit(run.status ?? 1);
}
