// Writes tests/timings.json from the durations of a whole run in reports/jest.json (`npm test`):
// the order scripts/testSequencer.cjs starts files in on a clean checkout. Run it after a full
// run on a quiet machine when files were added or got much slower; a file missing from it goes
// by its size.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const report = JSON.parse(readFileSync(path.join(root, 'reports/jest.json'), 'utf8'));
// The checkout the run was in (its files' common folder): a copy of this one may have run them.
const names = report.testResults.map((file) => file.name);
let ran = path.dirname(names[0]);
while (!names.every((name) => name.startsWith(ran + path.sep))) ran = path.dirname(ran);
const seconds = {};
for (const file of report.testResults) {
  const s = (file.endTime - file.startTime) / 1000;
  seconds[path.relative(ran, file.name).split(path.sep).join('/')] = Math.round(s * 10) / 10;
}
const sorted = Object.fromEntries(Object.entries(seconds).sort(([a], [b]) => a.localeCompare(b)));
writeFileSync(
  path.join(root, 'tests/timings.json'),
  `${JSON.stringify({ note: 'written by scripts/timings.mjs', seconds: sorted }, null, 2)}\n`,
);
console.log(`tests/timings.json: ${Object.keys(sorted).length} files`);
