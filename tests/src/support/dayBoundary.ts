/**
 * The day boundary (docs/decisions/0054-test-day-boundary.md): a test file books for "today" or
 * "tomorrow" when it starts and asserts on what the product answers for its today later. A file
 * that runs across a midnight of the zones the product keeps dates in compares two days (the
 * shipments grid's today is the new day, the demo day's orders the old one) and fails for no
 * fault of the product. So a file that would start within FILE_SPAN_MS of such a midnight waits
 * until the day has turned, and runs inside one day.
 */

/** The markets' zones (Norway, Sweden and Denmark share one) and UTC (positions' days). */
export const DAY_ZONES = ['Europe/Oslo', 'Europe/Helsinki', 'UTC'] as const;

/** What one test file takes at the most, its fixtures included (the slowest take about 3 min). */
export const FILE_SPAN_MS = 5 * 60_000;

/** How long to wait at `now` so that the next FILE_SPAN_MS hold no midnight of DAY_ZONES (0: none). */
export function waitForDay(now: Date, span = FILE_SPAN_MS): number {
  let wait = 0;
  for (const timeZone of DAY_ZONES) {
    const parts = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    }).formatToParts(now);
    const part = (type: string) => Number(parts.find((p) => p.type === type)!.value);
    const sinceMidnight =
      ((part('hour') * 60 + part('minute')) * 60 + part('second')) * 1000 + now.getMilliseconds();
    const untilMidnight = 86_400_000 - sinceMidnight;
    // A second past midnight: the day has turned in every clock that reads this one.
    if (untilMidnight < span) wait = Math.max(wait, untilMidnight + 1000);
  }
  return wait;
}
