import { beforeAll } from '@jest/globals';
import { FILE_SPAN_MS, waitForDay } from './dayBoundary.js';

/** Every integration and end-to-end file starts inside one day (dayBoundary.ts; 0054). */
beforeAll(async () => {
  const wait = waitForDay(new Date());
  if (wait === 0) return;
  process.stderr.write(
    `waiting ${Math.ceil(wait / 1000)} s for a midnight to pass before this file (day boundary)\n`,
  );
  await new Promise((resolve) => setTimeout(resolve, wait));
}, FILE_SPAN_MS + 60_000);
