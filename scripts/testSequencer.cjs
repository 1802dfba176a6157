// The order jest starts test files in (jest.config.js `testSequencer`). Two workers take the next
// file as they come free, so the run ends soonest when the longest files go first. jest's own
// sequencer knows a file's last duration only from its cache, which a clean checkout (CI) lacks:
// it then goes by file size, and a short big file can start before a long small one, leaving one
// worker alone at the end. This one falls back to tests/timings.json (durations of a whole run,
// written by `node scripts/timings.mjs`), and to the file size for a file not in it.
const Sequencer = require('@jest/test-sequencer').default;
const { readFileSync } = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
let timings = {};
try {
  timings = JSON.parse(readFileSync(path.join(root, 'tests/timings.json'), 'utf8')).seconds;
} catch {
  // No timings: jest's own order.
}

class TimedSequencer extends Sequencer {
  time(test) {
    const cached = super.time(test);
    if (cached != null) return cached;
    const seconds = timings[path.relative(root, test.path).split(path.sep).join('/')];
    return seconds == null ? undefined : seconds * 1000;
  }
}

module.exports = TimedSequencer;
