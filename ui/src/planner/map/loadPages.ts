import { maxGridRows, pageSize } from '../shipmentsData';

/** How many pages of a day's rows are asked at once (a browser opens 6 connections per host). */
export const PARALLEL_PAGES = 4;

/**
 * Loads every row of a range in pages of `size`, up to `max` rows, with the answer of
 * `loadAllRows` (shipmentsData): the pages up to the first short one (or the cap), rows
 * de-duplicated by id in page order, `truncated` when there are more rows than `max`. The pages are asked
 * `parallel` at a time instead of one after another: a day of 20,000 rows is four pages, and each
 * waited for the one before it (1.4 s of the map's first render, `bench:map`).
 *
 * Each page is asked with one row more than it keeps: a page that answers no more than `size`
 * rows is the last, so a day of exactly four full pages ends with its fourth, not with a fifth,
 * empty page. Pages asked before the end was known (to keep `parallel` in flight) answer nothing
 * the result uses: the load answers once every page up to the end is in, without waiting for
 * them, and their failures are not its own.
 */
export function loadPagesInParallel<T extends { id: string }>(
  fetchPage: (offset: number, limit: number) => Promise<T[]>,
  options: { parallel?: number; size?: number; max?: number } = {},
): Promise<{ rows: T[]; truncated: boolean }> {
  const { parallel = PARALLEL_PAGES, size = pageSize, max = maxGridRows } = options;
  // The page at which one after another stops at the latest: its offset + size reaches the cap.
  const capPage = Math.max(0, Math.ceil((max - size) / size));
  const pages: T[][] = [];
  /** Whether a page answered the row after it: the range goes on past that page. */
  const more: boolean[] = [];
  const failures = new Map<number, unknown>();
  let end = capPage;
  let next = 0;
  let failed = false;
  return new Promise((resolve, reject) => {
    let answered = false;
    const arrived = (index: number) => pages[index] !== undefined;
    const allArrived = (count: number) => Array.from({ length: count }, (_, i) => i).every(arrived);
    /**
     * Answers once every page up to the end is in; or with the first failed page up to the end,
     * once every page before it is in (none of them short, so the end cannot come before it).
     */
    const settle = () => {
      if (answered) return;
      const failure = [...failures.keys()].filter((i) => i <= end).sort((a, b) => a - b)[0];
      if (failure !== undefined) {
        if (!allArrived(failure)) return;
        answered = true;
        const error = failures.get(failure);
        reject(error instanceof Error ? error : new Error(String(error)));
        return;
      }
      if (!allArrived(end + 1)) return;
      answered = true;
      const seen = new Map<string, T>();
      for (let i = 0; i <= end; i++) for (const row of pages[i]!) seen.set(row.id, row);
      const rows = [...seen.values()];
      const truncated = more[end]! || rows.length > max;
      resolve({ rows: truncated ? rows.slice(0, max) : rows, truncated });
    };
    const worker = async () => {
      while (!failed && !answered && next <= end) {
        const index = next++;
        try {
          const page = await fetchPage(index * size, size + 1);
          pages[index] = page.slice(0, size);
          more[index] = page.length > size;
          if (page.length <= size && index < end) end = index;
        } catch (error) {
          failures.set(index, error);
          // No more pages once one up to the end failed: the load fails unless the end is before it.
          if (index <= end) failed = true;
        }
        settle();
      }
    };
    for (let i = 0; i < Math.max(1, parallel); i++) void worker();
  });
}
