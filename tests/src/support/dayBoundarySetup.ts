import { waitForDay } from './dayBoundary.js';

/**
 * Every integration and end-to-end file starts inside one day (dayBoundary.ts; 0054). The wait is
 * at the top level, not in a `beforeAll`: jest imports this module before the test file, so the
 * file's own top level (a `const TODAY = bookingDate(0)`) is read after the day has turned. A
 * `beforeAll` ran after it and left such a constant on the old day.
 */
const wait = waitForDay(new Date());
if (wait > 0) {
  process.stderr.write(
    `waiting ${Math.ceil(wait / 1000)} s for a midnight to pass before this file (day boundary)\n`,
  );
  await new Promise((resolve) => setTimeout(resolve, wait));
}
